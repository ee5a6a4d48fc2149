"""A Pocket Duel game set up from the kept starting state starts with what the first game
dealt the same decks read: the engine's facts of its cards (``Engine._know_game``), and
its ``RoundPlan`` is made from the plan shared by those games. Each is what reading afresh
gives, and steps aside where it may not hold (another version of the pool, a log)."""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.agents import RandomAgent
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine, pocket_duel_pool
from cardscript.kernels.pocket_duel.round_plan import RoundPlan

POOL = pocket_duel_pool()
DECKS = [["quill-hero"], ["nell-hero"]]
KEY = (2, ("quill-hero",), ("nell-hero",))


def _game(seed: int, log: GameLog | None = None) -> Engine:
    agents = [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)]
    engine = new_engine(agents, seed, pool=POOL, log=log)
    engine.kernel.setup(engine, DECKS)
    return engine


def _kept() -> dict[Any, Any]:
    return POOL.memo.setdefault(("pocket duel dealt", PocketDuelKernel), {})


def _slots(plan: RoundPlan) -> dict[str, Any]:
    """Every slot but the state, the facts as ``of`` answers them (filled as asked where
    not shared)."""
    found = {name: getattr(plan, name) for name in RoundPlan.__slots__}
    del found["state"]
    found["facts"] = {uid: plan.of(uid) for uid in plan.state.cards}
    return found


def _plan_read_afresh(engine: Engine) -> RoundPlan:
    """The game's plan as a game not dealt from the kept decks reads it (no sharing)."""
    kernel: Any = engine.kernel
    dealt, kernel.dealt = kernel.dealt, None
    try:
        return RoundPlan(engine, kernel)
    finally:
        kernel.dealt = dealt


def _played(engine: Engine) -> Any:
    engine.kernel.play(engine)
    return engine.state.result, engine.state.turn, engine.state.state_hash()


def test_a_kept_game_starts_with_the_facts_and_plan_read_afresh() -> None:
    _kept().clear()
    first = _game(1)
    assert KEY in _kept()
    second = _game(1)
    assert second._game[0] is second.state  # read at setup, for this game
    plan = second.kernel.round_plan(second)  # type: ignore[attr-defined]
    assert _slots(plan) == _slots(_plan_read_afresh(second))
    facts = second._game[1:]
    second._game = (None, -1, *second._game[2:])  # read again: the same
    assert second.game_keys() is not None and second._game[1:] == facts
    assert _played(second) == _played(first)


def test_the_plan_shared_with_a_log_is_the_plan_read_afresh() -> None:
    _game(2)
    logged = _game(2, log=GameLog())
    plan = logged.kernel.round_plan(logged)  # type: ignore[attr-defined]
    assert not plan.own and plan.silent == frozenset()
    assert _slots(plan) == _slots(_plan_read_afresh(logged))
    again = _game(3, log=GameLog())
    assert _slots(again.kernel.round_plan(again)) == _slots(plan)  # type: ignore[attr-defined]


def test_facts_kept_for_another_version_of_the_pool_are_read_again() -> None:
    _game(4)
    _, (version, facts) = _kept()[KEY][1]
    engine = new_engine([RandomAgent(0), RandomAgent(1)], 4, pool=POOL)
    stale = (version - 1, (frozenset({"nothing"}), *facts[1:]))
    game = engine._know_game(stale)
    assert game[2] != frozenset({"nothing"})  # (no card: read, not taken)
    taken = engine._know_game((version, facts))
    assert taken[2:] == facts


def test_a_game_of_the_kept_decks_plays_as_a_game_set_up_in_full() -> None:
    for seed in (5, 6, 7):
        _kept().clear()
        full = _played(_game(seed))
        assert _played(_game(seed)) == full


class _OwnChoice(PocketDuelKernel):
    """Chooses as the base kernel does, but by a method of its own: not ``quick``."""

    def choose_card(self, engine: Engine, player: int, speak: bool | None = None) -> int | None:
        return super().choose_card(engine, player, speak)


def test_the_shared_plan_is_quick_only_for_the_kernel_class_that_read_it() -> None:
    base = _game(8)
    plan = base.kernel.round_plan(base)  # type: ignore[attr-defined]
    assert plan.quick and plan.opponents == _plan_read_afresh(base).opponents
    own = new_engine([RandomAgent(16), RandomAgent(17)], 8, pool=POOL)
    own.kernel = _OwnChoice()
    own.kernel.setup(own, DECKS)
    again = _game(8, log=None)
    for engine, quick in ((own, False), (again, True)):
        shared = engine.kernel.round_plan(engine)  # type: ignore[attr-defined]
        assert (shared.quick, _plan_read_afresh(engine).quick) == (quick, quick)
    assert _played(own) == _played(base)
