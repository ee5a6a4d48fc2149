"""The round's own changes made in place (the reveal's moves and events, an attack's
damage) give the engine's game, and step aside for a card of the game that waits for one
of their events: its trigger hears every one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardscript.interpreter.agents import RandomAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.pocket_duel.kernel import BUNDLED, PocketDuelKernel, new_engine
from tests.test_plain_answers import _EveryChangeThroughTheEngine, _recording_rounds

# heroes whose talent hears one of the events the round records in place
_LISTENERS = """\
game: pocket-duel
cards:
- {id: thick-hero, name: Thick, type: hero, text: 'Whenever you take damage, gain 1 energy.'}
- {id: keen-hero, name: Keen, type: hero, text: 'Whenever a card is revealed, gain 1 health.'}
"""


def _game(kernel_class: type, pool: Any, mine: str, seed: int) -> Engine:
    engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=pool)
    engine.kernel.__class__ = kernel_class
    # the listener's hero with Nell's ability cards and superpower
    nell = engine.kernel.hero_set(engine, "nell-hero")[1:]  # type: ignore[attr-defined]
    engine.kernel.setup(engine, [[mine, *nell], ["cinder-hero"]])  # type: ignore[attr-defined]
    return engine


def _played(engine: Engine) -> tuple[list[Any], Any, Any, int]:
    """The whole game: every round's history as it ends, the state hash, the result, steps."""
    rounds = _recording_rounds(engine)
    engine.kernel.play(engine)  # type: ignore[attr-defined]
    return rounds, engine.state.state_hash(), engine.state.result, engine.steps


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder: Path = tmp_path_factory.mktemp("listeners")
    (folder / "listeners.yaml").write_text(_LISTENERS)
    return BUNDLED.pool([folder / "listeners.yaml"])


@pytest.mark.parametrize(
    ("hero", "event", "heard"),
    [("thick-hero", "takes_damage", "gains_energy"), ("keen-hero", "revealed", "healed")],
)
def test_a_heard_round_event_is_heard_every_time(
    pool: Any, hero: str, event: str, heard: str
) -> None:
    heard_events = 0
    for seed in range(12):
        games = []
        for kernel_class in (PocketDuelKernel, _EveryChangeThroughTheEngine):
            engine = _game(kernel_class, pool, hero, seed)
            plan = engine.kernel.round_plan(engine)  # type: ignore[attr-defined]
            assert plan.own is (kernel_class is PocketDuelKernel)
            assert event not in plan.silent  # a trigger waits for it
            games.append(_played(engine))
        assert games[0] == games[1], seed
        for history in games[0][0]:
            heard_events += sum(1 for e in history if e[0] == heard and e[2] == 0)
    assert heard_events > 12  # the listener's talent heard its event, game after game


def test_the_round_in_place_counts_its_changes_as_the_engine_does() -> None:
    """The reveal's moves counted at once: the same steps, the same causes last involved."""
    for seed in range(6):
        seen = []
        for kernel_class in (PocketDuelKernel, _EveryChangeThroughTheEngine):
            engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed)
            engine.kernel.__class__ = kernel_class
            engine.kernel.setup(engine, [["nell-hero"], ["sable-hero"]])  # type: ignore[attr-defined]
            engine.kernel.round(engine)  # type: ignore[attr-defined]
            seen.append((engine.steps, list(engine.recent), engine.state.state_hash()))
        assert seen[0] == seen[1], seed
        assert seen[0][0] >= 4  # two moves onto the table, two off it, at least


class _EveryCardHits(PocketDuelKernel):
    """ "On hit" from 0 damage (``on_hit_minimum`` 0): every live played card hits."""

    computed_hooks = PocketDuelKernel.computed_hooks | {"on_hit_minimum"}

    def hook_default(self, engine: Engine, hook: str, default: Any) -> Any:
        return 0 if hook == "on_hit_minimum" else super().hook_default(engine, hook, default)


def test_with_no_damage_needed_every_uncancelled_played_card_hits() -> None:
    for seed in range(8):
        engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed)
        engine.kernel.__class__ = _EveryCardHits
        engine.kernel.setup(engine, [["marrow-hero"], ["ivo-hero"]])  # type: ignore[attr-defined]
        rounds, _, result, _ = _played(engine)
        assert result is not None and result["reason"] in ("health", "destroyed", "no cards left")
        for history in rounds:
            played = {e[1] for e in history if e[0] == "played"}
            cancelled = {e[1] for e in history if e[0] == "cancelled"}
            hits = [e[1] for e in history if e[0] == "hits"]
            assert sorted(hits) == sorted(played - cancelled), (seed, history)
