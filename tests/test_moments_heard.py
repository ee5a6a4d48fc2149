"""Every moment and period a registry names is one its kernel reaches in real games.

A handful of seeded whole games per game, with the bundled decks and random agents as the
benches play them, record every start and end event the engine raises and every period it
ends (``Engine.end_period``). Each phase's start and end is then heard, or the registry
says why not: ``before_play`` (no card is in play yet, CS-T036), ``edgeless`` (a step that
is no period, CS-T035) or ``unheard`` with its reason (CS-T036 again); and each period is
ended, or is the whole game (``never_ends``, its end ``unheard``: "until the end of the game"
lasts for good, a delayed step at its end never runs, CS-T036), or is ``edgeless`` (validate
refuses a duration on it); and a period marked ``never_ends`` is never ended. A moment raised before
another ("before the start of your turn") is one the registry names (``heard_before``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardscript.games import base_registry
from cardscript.grammar.registry import Term
from cardscript.interpreter.agents import RandomAgent
from cardscript.interpreter.engine import Engine

DECKS = Path(__file__).resolve().parents[1] / "decks"
EDGES = ("start", "end")


class _Heard(list[tuple[str, int | None, int | None, int]]):
    """A game's history that also keeps, for good, the name of each moment raised into it
    (the history itself is emptied as each turn ends)."""

    def __init__(self, moments: set[str]) -> None:
        super().__init__()
        self.moments = moments

    def append(self, entry: tuple[str, int | None, int | None, int]) -> None:
        if entry[0].startswith((*EDGES, "before_")):
            self.moments.add(entry[0])
        super().append(entry)


def _played(engine: Engine, decks: Any, moments: set[str], ended: set[str]) -> None:
    """One whole game, its moments and the periods it ended recorded."""
    engine.state.history = _Heard(moments)
    end_period = engine.end_period

    def recorded(phase: str, player: int | None = None) -> None:
        ended.add(phase)
        end_period(phase, player)

    engine.end_period = recorded  # type: ignore[method-assign]
    engine.kernel.setup(engine, decks)
    engine.kernel.play(engine)
    assert engine.state.result is not None


def _agents(seed: int, count: int = 2) -> list[Any]:
    return [RandomAgent(2 * seed + n) for n in range(count)]


def _pocket_duel() -> Iterator[tuple[Engine, Any]]:
    from cardscript.kernels.pocket_duel.kernel import heroes, new_engine, pocket_duel_pool

    pool = pocket_duel_pool()
    names = heroes(pool)
    for seed in range(8):
        pick = random.Random(seed)
        picked = [pick.choice(names), pick.choice(names)]
        yield new_engine(_agents(seed), seed, pool=pool), [[picked[0]], [picked[1]]]


def _two_decks(
    kernel: str, pool_of: str, folder: str, files: tuple[str, str], seeds: int
) -> Iterator[tuple[Engine, Any]]:
    """The same two bundled decks in each game, as the game's bench plays them."""
    module = importlib.import_module(f"cardscript.kernels.{kernel}.kernel")
    pool = getattr(module, pool_of)()
    decks = [module.deck_ids(pool, DECKS / folder / name) for name in files]
    for seed in range(seeds):
        yield module.new_engine(_agents(seed), seed, pool=pool), decks


def _vs_system() -> Iterator[tuple[Engine, Any]]:
    files = ("dawnwatch-starter.yaml", "vex-legion-starter.yaml")
    return _two_decks("vs_system", "vs_pool", "vs-system", files, 6)


def _vanguard() -> Iterator[tuple[Engine, Any]]:
    files = ("lanternguard-trial.yaml", "mirecoil-trial.yaml")
    return _two_decks("vanguard", "vanguard_pool", "vanguard", files, 6)


def _berserk() -> Iterator[tuple[Engine, Any]]:
    from cardscript.kernels.berserk.kernel import berserk_pool, deck_ids, new_engine

    pool = berserk_pool()
    decks = [deck_ids(pool, path) for path in sorted((DECKS / "berserk").glob("*-starter.yaml"))]
    for seed in range(3):  # (each pair of the three decks once: a game takes a second)
        pair = [decks[seed % 3], decks[(seed + 1) % 3]]
        yield new_engine(_agents(seed), seed, pool=pool), pair


def _marvel_champions() -> Iterator[tuple[Engine, Any]]:
    from cardscript.kernels.marvel_champions.kernel import deck_ids, mc_pool, new_engine

    pool = mc_pool()
    decks = [
        deck_ids(pool, DECKS / "marvel-champions" / f"{name}.yaml")
        for name in ("ember-lynx", "bulwark")
    ]
    for seed in range(6):  # solo and two-handed, as the bench
        chosen = decks if seed % 2 else [decks[(seed // 2) % 2]]
        yield new_engine(_agents(seed, len(chosen)), seed, pool=pool), chosen


GAMES: dict[str, Callable[[], Iterator[tuple[Engine, Any]]]] = {
    "pocket-duel": _pocket_duel,
    "vs-system": _vs_system,
    "vanguard": _vanguard,
    "berserk": _berserk,
    "marvel-champions": _marvel_champions,
}


@cache
def _recorded(game: str) -> tuple[frozenset[str], frozenset[str]]:
    """The moments raised and the periods ended in the game's seeded games."""
    moments: set[str] = set()
    ended: set[str] = set()
    for engine, decks in GAMES[game]():
        _played(engine, decks, moments, ended)
    return frozenset(moments), frozenset(ended)


def _phases(game: str) -> tuple[Term, ...]:
    return base_registry(game).terms("PHASE")


def _moments(game: str) -> Iterator[tuple[Term, str, bool, bool]]:
    """Each phase and edge of the game's registry, whether its games raised that moment,
    and whether the registry says they never do (``before_play``, ``edgeless``,
    ``unheard``)."""
    moments, _ = _recorded(game)
    for phase in _phases(game):
        for edge in EDGES:
            excused = phase.edgeless or edge in phase.before_play or edge in dict(phase.unheard)
            yield phase, edge, f"{edge}:{phase.id}" in moments, excused


@pytest.mark.parametrize("game", GAMES)
def test_every_moment_is_heard_or_marked(game: str) -> None:
    never = [f"{e}:{p.id}" for p, e, heard, excused in _moments(game) if not heard | excused]
    assert never == []


@pytest.mark.parametrize("game", GAMES)
def test_a_moment_marked_unheard_is_not_heard(game: str) -> None:
    """The mark says the kernel never raises it: a game raising it makes the mark wrong."""
    wrong = [f"{e}:{p.id}" for p, e, heard, _ in _moments(game) if heard and e in dict(p.unheard)]
    assert wrong == []


@pytest.mark.parametrize("game", GAMES)
def test_a_moment_before_another_is_heard_where_the_registry_says(game: str) -> None:
    """ "Before the start of your turn" (Berserk's turn preparation step, §310): the
    registry's ``heard_before`` names each such moment a kernel raises, and only those."""
    moments, _ = _recorded(game)
    heard = sorted(m for m in moments if m.startswith("before_"))
    assert heard == sorted(f"before_{e}:{p.id}" for p in _phases(game) for e in p.heard_before)


@pytest.mark.parametrize("game", GAMES)
def test_every_period_ends_or_is_marked_never_ending(game: str) -> None:
    """Both ways: a period the games never end is marked ``never_ends`` (or ``edgeless``),
    and one so marked they never end (Berserk's attack, its end unheard, they do end)."""
    _, ended = _recorded(game)
    phases = [phase for phase in _phases(game) if not phase.edgeless]
    never = [phase.id for phase in phases if phase.id not in ended]
    assert never == [phase.id for phase in phases if phase.never_ends]
