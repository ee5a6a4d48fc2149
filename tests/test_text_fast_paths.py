"""The shorter ways card text is run (a change straight to its primitive: ``applier``)
give exactly what the general path gives, and step aside where a log, a replacement or a
kernel's own ``primitive`` could see the difference."""

from __future__ import annotations

from typing import Any

import pytest

from cardscript.interpreter.agents import RandomAgent
from cardscript.interpreter.engine import BudgetExceeded, Engine
from cardscript.interpreter.log import GameLog
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine, pocket_duel_pool
from cardscript.kernels.pocket_duel.rules import RULE

POOL = pocket_duel_pool()


def _game(seed: int = 1, log: GameLog | None = None) -> Engine:
    engine = new_engine([RandomAgent(seed), RandomAgent(seed + 1)], seed, pool=POOL, log=log)
    engine.kernel.setup(engine, [["cinder-hero"], ["quill-hero"]])
    engine.apply("lose", RULE, player=1, resource="energy", amount=0)  # the first change
    return engine


def _seen(engine: Engine) -> tuple[Any, ...]:
    return engine.steps, list(engine.recent), engine.state.state_hash()


def test_a_change_straight_to_its_primitive_is_what_apply_does() -> None:
    direct, general = _game(), _game()
    for engine in (direct, general):
        engine.state.players[0].resources["energy"] = 0
    run = direct.applier("gain", RULE)
    assert run == direct.kernel._primitives["gain"]  # the primitive itself
    assert run(direct, RULE, player=0, resource="energy", amount=2) is True
    assert general.apply("gain", RULE, player=0, resource="energy", amount=2) is True
    assert _seen(direct) == _seen(general)


def test_the_change_goes_through_apply_where_a_log_records_it() -> None:
    log = GameLog()
    engine = _game(log=log)
    before = engine.steps
    run = engine.applier("gain", RULE)
    assert engine.steps == before  # ``apply`` counts it, once
    run(engine, RULE, player=0, resource="energy", amount=1)
    assert engine.steps == before + 1
    assert any(r["t"] == "change" and r["change"] == "gain" for r in log.records)


class _Replacing(PocketDuelKernel):
    def replaceable(self, change: str, args: dict[str, Any]) -> str | None:
        self.asked = [*getattr(self, "asked", []), change]
        return None


def test_the_change_goes_through_apply_where_a_replacement_may_speak() -> None:
    engine = _game()
    engine.kernel = kernel = _Replacing()
    engine._changes, engine._direct = None, None  # read again for this kernel
    engine.applier("gain", RULE)(engine, RULE, player=0, resource="energy", amount=1)
    engine.applier("gain", RULE)(engine, RULE, player=0, resource="energy", amount=1)
    assert kernel.asked == ["gain", "gain"]


def test_a_change_straight_to_its_primitive_counts_against_the_budget() -> None:
    engine = _game()
    engine.budget = engine.steps
    with pytest.raises(BudgetExceeded):
        engine.applier("gain", RULE)
