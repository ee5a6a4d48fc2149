"""The round in one pass (``quick_round``) plays the general round's game: every round's
state as it ends, the events in order, the choices, the steps counted and the end; and it
steps aside wherever the general round reads something it does not know at the start."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardscript.interpreter.agents import Decision, IllegalAnswer, RandomAgent
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.kernels.pocket_duel import quick_round
from cardscript.kernels.pocket_duel import round as round_module
from cardscript.kernels.pocket_duel.kernel import BUNDLED, PocketDuelKernel, heroes, new_engine
from cardscript.kernels.pocket_duel.kernel import pocket_duel_pool as pool_of


class _GeneralRound(PocketDuelKernel):
    """The same rules with its own ``_damage_step`` (the general one, called): a kernel
    class that changes a step the quick round writes out plays the general round."""

    def _damage_step(self, *args: Any) -> dict[int, int]:
        return super()._damage_step(*args)


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many rounds ``quick_round`` plays from now on (one entry each)."""
    played: list[int] = []
    one_round = quick_round.quick_round

    def counted(*args: Any) -> None:
        played.append(1)
        one_round(*args)

    monkeypatch.setattr(quick_round, "quick_round", counted)  # (``quick_rounds``' call)
    monkeypatch.setattr(round_module, "quick_round", counted)  # (``RoundKernel.round``'s)
    return played


def _rounds(engine: Engine) -> list[Any]:
    """Each round's state as the round ends (``end_period``: the history is emptied then)
    with the steps counted and the causes last involved."""
    seen: list[Any] = []
    end_period = engine.end_period

    def recorded(phase: str, player: int | None = None) -> None:
        if phase == "round":
            seen.append((engine.state.snapshot(), engine.steps, list(engine.recent)))
        end_period(phase, player)

    engine.end_period = recorded  # type: ignore[method-assign]
    return seen


def _played(kernel_class: type, mine: str, theirs: str, seed: int) -> tuple[Any, ...]:
    engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed)
    engine.kernel.__class__ = kernel_class
    rounds = _rounds(engine)
    engine.kernel.setup(engine, [[mine], [theirs]])  # type: ignore[attr-defined]
    quick = engine.kernel.round_plan(engine).quick  # type: ignore[attr-defined]
    engine.kernel.play(engine)  # type: ignore[attr-defined]
    state = engine.state
    return quick, rounds, state.state_hash(), state.result, engine.steps, list(engine.recent)


def test_the_quick_round_plays_the_general_rounds_game(monkeypatch: pytest.MonkeyPatch) -> None:
    played = _counted(monkeypatch)
    names = heroes(pool_of())
    rounds = 0
    for i, mine in enumerate(names):
        for j, theirs in enumerate(names):
            seed = 7 * i + j
            quick, *game = _played(PocketDuelKernel, mine, theirs, seed)
            before = len(played)
            general, *other = _played(_GeneralRound, mine, theirs, seed)
            assert (quick, general) == (True, False)
            assert len(played) == before  # (the general round played the second game)
            assert game == other, (mine, theirs, seed)
            rounds += len(game[0])
    assert len(played) > rounds * 3 // 4  # all but each game's first round (and a few)
    assert len(played) > 150


# heroes whose talent hears an event the quick round records or raises
_LISTENERS = """\
game: pocket-duel
cards:
- {id: dawn-hero, name: Dawn, type: hero, text: 'At the start of the round, gain 1 energy.'}
- {id: dusk-hero, name: Dusk, type: hero, text: 'At the end of the round, gain 1 health.'}
- {id: keen-hero, name: Keen, type: hero, text: 'Whenever a card you control hits, gain 1 health.'}
"""


@pytest.mark.parametrize(
    ("hero", "quick"), [("dawn-hero", False), ("dusk-hero", True), ("keen-hero", True)]
)
def test_a_round_whose_events_are_heard_is_the_same_game(
    tmp_path: Path, hero: str, quick: bool
) -> None:
    (tmp_path / "listeners.yaml").write_text(_LISTENERS)
    pool = BUNDLED.pool([tmp_path / "listeners.yaml"])
    heard = 0
    for seed in range(8):
        games = []
        for kernel_class in (PocketDuelKernel, _GeneralRound):
            engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=pool)
            engine.kernel.__class__ = kernel_class
            rounds = _rounds(engine)
            nell = engine.kernel.hero_set(engine, "nell-hero")[1:]  # type: ignore[attr-defined]
            engine.kernel.setup(engine, [[hero, *nell], ["cinder-hero"]])  # type: ignore[attr-defined]
            plan = engine.kernel.round_plan(engine)  # type: ignore[attr-defined]
            assert plan.quick is (quick and kernel_class is PocketDuelKernel)
            engine.kernel.play(engine)  # type: ignore[attr-defined]
            games.append((rounds, engine.state.state_hash(), engine.state.result, engine.steps))
        assert games[0] == games[1], seed
        heard += sum(
            1
            for r in games[0][0]
            for e in r[0]["history"]
            if e["event"] in _GAINS and e["player"] == 0
        )
    assert heard > 8  # the talent was heard, game after game


_GAINS = ("gains_energy", "healed")


def test_a_round_the_quick_one_cannot_know_is_the_general_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played = _counted(monkeypatch)
    # a log: the events are heard, nothing is made in place
    engine = new_engine([RandomAgent(1), RandomAgent(2)], 3, log=GameLog())
    engine.kernel.setup(engine, [["nell-hero"], ["sable-hero"]])  # type: ignore[attr-defined]
    assert not engine.kernel.round_plan(engine).quick  # type: ignore[attr-defined]
    engine.kernel.play(engine)  # type: ignore[attr-defined]
    # a lasting effect: the round asks the engine, as the Golden Rule needs
    engine = new_engine([RandomAgent(1), RandomAgent(2)], 3)
    engine.kernel.setup(engine, [["nell-hero"], ["sable-hero"]])  # type: ignore[attr-defined]
    engine.kernel.round(engine)  # type: ignore[attr-defined]
    assert played == [1]  # (the first round too, once it has started the game)
    engine.state.lasting.append({"kind": "rule", "hook": "on_hit_minimum", "value": 9})
    engine.kernel.round(engine)  # type: ignore[attr-defined]
    engine.state.lasting.clear()
    # a scenario's cards, chosen by it
    hands = [seat.zones["hand"][0] for seat in engine.state.players]
    engine.kernel.round(engine, dict(enumerate(hands)))  # type: ignore[attr-defined]
    assert engine.kernel.round_plan(engine).quick  # type: ignore[attr-defined]
    assert played == [1]
    engine.kernel.round(engine)  # type: ignore[attr-defined]
    assert played == [1, 1]  # (the test can tell)


class _Beyond(RandomAgent):
    """Answers a choice of one of n with n, after its first two rounds (both its own:
    its ``one_of`` is asked)."""

    name = "beyond"

    def one_of(self, n: int) -> int:
        self.asked = getattr(self, "asked", 0) + 1
        return n if self.asked > 2 else super().one_of(n)

    def decide(self, decision: Decision) -> tuple[int, ...]:
        return (len(decision.options),)


def test_an_answer_beyond_the_hand_is_an_illegal_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    played = _counted(monkeypatch)
    engine = new_engine([RandomAgent(1), _Beyond(2)], 5)
    engine.kernel.setup(engine, [["nell-hero"], ["sable-hero"]])  # type: ignore[attr-defined]
    with pytest.raises(IllegalAnswer, match=r"^beyond: one_of\(4\) answered 4$"):
        engine.kernel.play(engine)  # type: ignore[attr-defined]
    assert len(played) == 3  # (the third round's choice, in the quick round)


@pytest.mark.parametrize("fmt", ["standard", "conquest", "legacy"])
def test_matches_are_the_same_with_the_quick_round(
    fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A match's games (its data, retired heroes, Legacy's transfers between them) play
    the general round's games too, round for round."""
    from cardscript.kernels.pocket_duel.matches import play_match

    played = _counted(monkeypatch)
    names = heroes(pool_of())
    for seed in range(4):
        shuffled = random.Random(seed).sample(names, 6)
        teams = [shuffled[:1], shuffled[1:2]] if fmt == "standard" else [shuffled[:3], shuffled[3:]]
        ends = []
        for kernel_class in (PocketDuelKernel, _GeneralRound):
            engine = new_engine([RandomAgent(seed), RandomAgent(seed + 99)], seed)
            engine.kernel.__class__ = kernel_class
            rounds = _rounds(engine)
            result = play_match(engine, fmt, teams, 2 if fmt == "standard" else None)
            ends.append((rounds, engine.state.state_hash(), result, engine.steps))
        assert ends[0] == ends[1], (fmt, seed)
    assert len(played) > 20  # (the quick round played most of the first match's rounds)
