"""Cost steps that pay the same resource, counted together
(``cardscript/interpreter/cost_resources.py``): "pay 1 endurance, pay 1 endurance →"
needs 2 endurance, and an X is at most what the other steps paying that resource leave.
Such a cost that cannot be paid in full is not offered, and pays nothing. The scenarios
VS-RC1 and VS-RC2 script it."""

from __future__ import annotations

from cardscript.interpreter import cost_x
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine
from cardscript.kernels.vs_system.kernel import vs_pool
from tests.test_cost_cards import _zones
from tests.test_cost_pools import _vs
from tests.test_cost_x import SCENARIOS, Recorder, _asked_x

POOL = vs_pool(
    [SCENARIOS / "vs-system" / f for f in ("vs-scenario-cards.yaml", "vs-rc-cost-cards.yaml")]
)


def _table(
    card: str, endurance: int, answers: list[list[int]] | None = None
) -> tuple[Engine, Recorder]:
    """``card`` for P1 with ``endurance`` and an empty hand, 4 Fillers in the deck."""
    engine, agent = _vs(card, hand=0, answers=answers, pool=POOL)
    engine.state.players[0].resources["endurance"] = endurance
    return engine, agent


def _endurance(engine: Engine) -> int:
    return engine.state.players[0].resources["endurance"]


def _power(engine: Engine) -> tuple[int, CompiledAbility]:
    (uid,) = engine.state.players[0].zones["front_row"]
    (power,) = engine.definition(uid).abilities
    return uid, power


def test_two_endurance_steps_are_not_offered_with_1_endurance() -> None:
    engine, _ = _table("VST-RC1", 1)
    assert engine.kernel.activatable(engine, 0) == []
    uid, power = _power(engine)
    assert not cost_x.payable(engine, uid, power, 0)
    engine.state.players[0].resources["endurance"] = 2
    assert cost_x.payable(engine, uid, power, 0)


def test_two_endurance_steps_pay_nothing_where_they_cannot_both_be_paid() -> None:
    """Resolved without the playability check: the first step paid 1 and the second
    failed, so the endurance was lost for nothing."""
    engine, _ = _table("VST-RC1", 1)
    uid, power = _power(engine)
    assert not engine.resolve(power, uid, 0)
    assert (_endurance(engine), _zones(engine, 0, "hand")[0]) == (1, [])


def test_two_endurance_steps_are_paid_with_2_endurance() -> None:
    engine, _ = _table("VST-RC1", 3)
    ((uid, power),) = engine.kernel.activatable(engine, 0)
    engine.kernel.activate(engine, 0, uid, power)
    assert (_endurance(engine), _zones(engine, 0, "hand")[0]) == (1, ["VST-054"] * 2)


def test_x_is_at_most_what_a_fixed_endurance_step_leaves() -> None:
    engine, _ = _table("VST-RC2", 2)
    assert engine.kernel.activatable(engine, 0) == []
    engine, agent = _table("VST-RC2", 4, answers=[[1]])  # X = 2
    ((uid, power),) = engine.kernel.activatable(engine, 0)
    engine.kernel.activate(engine, 0, uid, power)
    assert _asked_x(agent) == [("choose X for the cost of VST-RC2", (1, 2), ("X = 1", "X = 2"))]
    assert (_endurance(engine), _zones(engine, 0, "hand")[0]) == (0, ["VST-054"] * 2)


def test_two_x_steps_of_endurance_take_x_twice() -> None:
    engine, agent = _table("VST-RC3", 5, answers=[[1]])  # X = 2
    ((uid, power),) = engine.kernel.activatable(engine, 0)
    engine.kernel.activate(engine, 0, uid, power)
    assert _asked_x(agent) == [("choose X for the cost of VST-RC3", (1, 2), ("X = 1", "X = 2"))]
    assert (_endurance(engine), _zones(engine, 0, "hand")[0]) == (1, ["VST-054"] * 2)
    engine, _ = _table("VST-RC3", 1)
    assert engine.kernel.activatable(engine, 0) == []
