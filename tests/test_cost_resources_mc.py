"""Several resource costs in one Marvel Champions ability ("pay 1 mental resource, pay X
resources →"), counted together (``resources.fit``): each step is paid in turn from the
same hand and "Resource:" abilities, each source spent whole on one step and its excess
lost (MC-RES-4, MC-RES-6), so the ability is offered only where every step can be paid,
and X is at most what the other steps leave. The scenario MC-RC1 scripts it."""

from __future__ import annotations

from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions import resources, windows
from cardscript.kernels.marvel_champions.kernel import mc_pool
from tests.test_cost_x import _asked_x
from tests.test_cost_x_mc import ROOT, _minion_defeated, _names, _table

FOLDER = ROOT / "tests" / "scenarios" / "marvel-champions"
POOL = mc_pool([FOLDER / "mc-scenario-cards.yaml", FOLDER / "mc-rc-cost-cards.yaml"])


def test_sources_fit_where_each_step_gets_whole_sources_of_its_own() -> None:
    mental, wild, double = ["mental"], ["wild"], ["mental", "mental"]
    assert resources.fit([wild], [("mental", 1), ("physical", 1)]) is False
    assert resources.fit([wild, ["physical"]], [("mental", 1), ("physical", 1)]) is True
    assert resources.fit([double], [("mental", 1), (None, 1)]) is False  # spent whole
    assert resources.fit([double, ["energy"]], [("mental", 1), (None, 1)]) is True
    assert resources.fit([mental, ["energy"]], [(None, 1), ("mental", 1)]) is True
    assert resources.fit([mental], [(None, 0), ("mental", 1)]) is True


def _offered(card: str, hand: list[str]) -> list[str]:
    engine, _, _ = _table(card, hand, pool=POOL)
    return [engine.definition(u).id for u, _ in turns.activatable(engine.kernel, engine, 0)]


def test_a_typed_step_and_an_x_are_not_offered_with_one_source() -> None:
    # Clear Thought pays the mental 1 or an X of 1, never both
    assert _offered("mct-rc-focus-burst", ["mcb-02"]) == []
    assert _offered("mct-rc-focus-burst", ["mcb-02", "mcb-01"]) == ["mct-rc-focus-burst"]


def test_x_is_at_most_what_the_typed_step_leaves() -> None:
    # Test Double Mental pays the mental 1 whole (1 lost): Spark Cell and Firm Grip are
    # left for X (4 resources: X was offered 1 to 4)
    hand = ["mct-double-mental", "mcb-01", "mcb-03"]
    engine, agent, burst = _table("mct-rc-focus-burst", hand, [[1]], pool=POOL)  # X = 2
    ((_, ability),) = turns.activatable(engine.kernel, engine, 0)
    turns.activate(engine.kernel, engine, 0, burst, ability)
    assert _asked_x(agent) == [
        ("choose X for the cost of mct-rc-focus-burst", (1, 2), ("X = 1", "X = 2"))
    ]
    assert _names(engine, "discard") == ["mct-double-mental", "mcb-01", "mcb-03"]
    assert _names(engine, "hand") == ["mcb-05", "mcb-05"]


def test_two_typed_steps_are_not_offered_with_one_wild_source() -> None:
    # Second Wind's wild pays the mental 1 or the physical 1, not both
    assert _offered("mct-rc-twin-toll", ["mcb-04"]) == []
    engine, _, toll = _table("mct-rc-twin-toll", ["mcb-04", "mcb-03"], pool=POOL)
    ((_, ability),) = turns.activatable(engine.kernel, engine, 0)
    turns.activate(engine.kernel, engine, 0, toll, ability)
    assert _names(engine, "discard") == ["mcb-04", "mcb-03"]
    assert _names(engine, "hand") == ["mcb-05", "mcb-05"]


def test_a_step_is_offered_only_the_sources_that_leave_the_later_steps_payable() -> None:
    # "pay 1 mental resource, pay 1 physical resource" with Second Wind (wild) and Clear
    # Thought (mental): the mental step is offered Clear Thought alone (Second Wind spent
    # there left the physical step unpaid and was lost), the physical one Second Wind
    engine, agent, toll = _table("mct-rc-twin-toll", ["mcb-04", "mcb-02"], pool=POOL)
    wind, thought = engine.state.players[0].zones["hand"]
    ((_, ability),) = turns.activatable(engine.kernel, engine, 0)
    turns.activate(engine.kernel, engine, 0, toll, ability)
    assert [(d.prompt, tuple(d.options), tuple(d.labels)) for d in agent.seen] == [
        ("pay 1 more", ((thought, None),), ("discard Clear Thought [hand] for mental",)),
        ("pay 1 more", ((wind, None),), ("discard Second Wind [hand] for wild",)),
    ]
    assert _names(engine, "discard") == ["mcb-02", "mcb-04"]
    assert _names(engine, "hand") == ["mcb-05", "mcb-05"]


def test_a_step_with_spare_sources_offers_every_one_that_keeps_the_rest_payable() -> None:
    # with Firm Grip (physical) too, either source pays the mental step: both offered;
    # then the physical step is Firm Grip's (Clear Thought gives no physical)
    engine, agent, toll = _table("mct-rc-twin-toll", ["mcb-04", "mcb-02", "mcb-03"], pool=POOL)
    wind, thought, grip = engine.state.players[0].zones["hand"]
    ((_, ability),) = turns.activatable(engine.kernel, engine, 0)
    turns.activate(engine.kernel, engine, 0, toll, ability)
    assert [tuple(d.options) for d in agent.seen] == [
        ((wind, None), (thought, None)),
        ((grip, None),),
    ]
    assert _names(engine, "discard") == ["mcb-04", "mcb-03"]
    assert _names(engine, "hand") == ["mcb-02", "mcb-05", "mcb-05"]


def test_a_cost_stops_at_its_first_unpaid_step() -> None:
    # Test Worn Relay, exhausted: "exhaust this" is not paid, so "pay 1 resource" is not
    # asked either (Spark Cell stays in hand) and the costs are not paid (MC2-T-092)
    engine, agent, relay = _table("mct-c2-worn-relay", ["mcb-01"], pool=POOL)
    engine.state.cards[relay].states.add("exhausted")
    (ability,) = engine.definition(relay).abilities
    assert windows.pay_costs(engine, relay, ability, 0) is None
    assert agent.seen == []
    assert (_names(engine, "hand"), _names(engine, "discard")) == (["mcb-01"], [])


def test_a_response_whose_first_cost_step_cannot_be_paid_is_not_offered() -> None:
    # the exhausted Relay's Response is not offered (G13: ``cost_changes``), so nothing is
    # paid and no card drawn
    engine, agent, relay = _table("mct-c2-worn-relay", ["mcb-01"], [[1]], pool=POOL)
    engine.state.cards[relay].states.add("exhausted")
    _minion_defeated(engine)
    assert agent.seen == []
    assert (_names(engine, "hand"), _names(engine, "discard")) == (["mcb-01"], [])
