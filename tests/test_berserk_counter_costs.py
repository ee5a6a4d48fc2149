"""Steps of one Berserk cost that take the card's counters are counted together
(``payment.cost_resource``, ``cost_resources``): "spend 2, remove a counter from this"
needs 3 counters, as it is declared (§103.6: a card cannot declare what it cannot pay
for) and as its Payment object pays it (§103.3, A25: a cost is paid in full or not at
all; ``counter_costs.pay`` told the later steps, ``Engine.cost_after``). The scenarios
BK-CC1 and BK-CC2 script them."""

from __future__ import annotations

import pytest

from tests.test_cost_x import _asked_x
from tests.test_cost_x_berserk import _declare, _offered, _table


@pytest.mark.parametrize("card", ["BKT-SPEND21", "BKT-REM21"])
def test_two_counter_steps_are_not_offered_with_counters_for_each_alone(card: str) -> None:
    engine, _, uids = _table(card, 2, [])
    assert _offered(engine, uids["me"]) == []
    engine.state.cards[uids["me"]].counters["counter"] = 3
    assert _offered(engine, uids["me"]) == [uids["me"], uids["reflector"], uids["bystander"]]


@pytest.mark.parametrize("card", ["BKT-SPEND21", "BKT-REM21"])
def test_two_counter_steps_pay_every_counter_they_name(card: str) -> None:
    engine, _, uids = _table(card, 4, [])
    _declare(engine, uids["me"], uids["reflector"])
    cards = engine.state.cards
    assert cards[uids["me"]].counters == {"counter": 1}
    assert cards[uids["reflector"]].counters == {"wound": 0}


def test_x_beside_a_counter_step_is_at_most_what_that_step_leaves() -> None:
    """ "Spend X, remove a counter from this →" with 3 counters: X is 1 or 2."""
    engine, agent, uids = _table("BKT-SPENDX1", 3, [[1]])  # X = 2
    _declare(engine, uids["me"], uids["reflector"])
    assert _asked_x(agent) == [("choose X for the cost of BKT-SPENDX1", (1, 2), ("X = 1", "X = 2"))]
    cards = engine.state.cards
    assert cards[uids["me"]].counters == {"counter": 0}
    assert cards[uids["reflector"]].counters == {"wound": 1}


def test_x_beside_a_counter_step_is_not_offered_with_one_counter() -> None:
    engine, _, uids = _table("BKT-SPENDX1", 1, [])
    assert _offered(engine, uids["me"]) == []


def test_a_counter_step_pays_nothing_where_the_later_one_could_not_be_paid() -> None:
    """ "Spend 2, remove a counter from this → remove a counter from target creature."
    aimed at itself with 3 counters: its effect leaves 2, so at the Payment the two steps
    cannot both be paid, and neither is."""
    engine, _, uids = _table("BKT-SPEND21S", 3, [])
    _declare(engine, uids["me"], uids["me"])
    assert engine.state.cards[uids["me"]].counters == {"counter": 2}
    removed = [(n, s) for n, s, *_ in engine.state.history if n == "counters_removed"]
    assert removed == [("counters_removed", uids["me"])]  # the effect's, no payment


def test_a_counter_step_short_at_its_payment_takes_none() -> None:
    """ "Remove 2 counters from this → remove a counter from target creature." aimed at
    itself with 2 counters: 1 left at the Payment is not taken for the 2."""
    engine, _, uids = _table("BKT-REM2S", 2, [])
    _declare(engine, uids["me"], uids["me"])
    assert engine.state.cards[uids["me"]].counters == {"counter": 1}
