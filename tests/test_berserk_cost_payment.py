"""Paying Berserk costs (``kernels/berserk/counter_costs.py``, ``payment.py``): Meditation
pays a counter cost from the card and its kindred cards together, its payer choosing whose
each counter is (logged), and only in a Payment object; "close N creatures you control"
closes open creatures the payer chooses, and is no action of its own card. The scenarios
BK-MEDITATION-X, BK-MEDITATION-SPLIT, BK-CLOSE-OPEN-ONLY, BK-CLOSE-OTHERS-WHILE-CLOSED
script the rulebook's cases."""

from __future__ import annotations

from pathlib import Path

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.log import GameLog
from cardscript.kernels.berserk import abilities
from cardscript.kernels.berserk.geometry import parse_cell
from cardscript.kernels.berserk.kernel import berserk_pool, new_engine
from tests.test_cost_x import Recorder

ROOT = Path(__file__).resolve().parents[1]
POOL = berserk_pool([ROOT / "tests" / "scenarios" / "berserk" / "bk-scenario-cards.yaml"])


def _table(
    cards: list[tuple[str, str, dict[str, int], bool]], answers: list[list[int]]
) -> tuple[Engine, Recorder, GameLog, list[int]]:
    """P1's cards (id, cell, counters, closed), in P1's main phase; an enemy on C3"."""
    agent, log = Recorder(answers), GameLog()
    engine = new_engine([agent, FirstAgent()], 1, pool=POOL, log=log)
    state = engine.state
    state.phase, state.active, state.turn = "main_phase", 0, 1
    uids = []
    for card_id, cell, counters, closed in [*cards, ("BKT-E", 'C3"', {}, False)]:
        found = state.create_card(card_id, 1 if cell.endswith('"') else 0, "battlefield")
        found.data["cell"] = list(parse_cell(cell))
        found.counters.update(counters)
        if closed:
            found.states.add("closed")
        uids.append(found.uid)
    return engine, agent, log, uids


def _declare(engine: Engine, uid: int, index: str, target: int) -> None:
    ability = abilities.find(engine, uid, index)
    abilities.declare(engine.kernel, engine, uid, ability, target)  # type: ignore[arg-type]


def test_meditation_asks_whose_counter_each_is_and_logs_it() -> None:
    engine, agent, log, (healer, reflector, bystander, mountain, _) = _table(
        [
            ("BKT-MED3", "C2", {"counter": 1}, False),
            ("BKT-R", "C1", {"counter": 2, "wound": 4}, False),
            ("BKT-E", "B1", {"counter": 2}, False),
            ("BKT-M2", "D2", {"counter": 5}, False),
        ],
        [[2], [0]],  # the Bystander's, then the Healer's own; the third is asked too
    )
    _declare(engine, healer, "1", reflector)  # after Meditation
    asked = [(d.prompt, tuple(d.labels)) for d in agent.seen if d.prompt.startswith("pay")]
    assert asked == [
        (
            "pay with whose counter? (1 of 3)",
            (
                "Test Kindred Healer [battlefield] (1)",
                "Test Reflector [battlefield] (2)",
                "Test Bystander [battlefield] (2)",
            ),
        ),
        (
            "pay with whose counter? (2 of 3)",
            (
                "Test Kindred Healer [battlefield] (1)",
                "Test Reflector [battlefield] (2)",
                "Test Bystander [battlefield] (1)",
            ),
        ),
        (
            "pay with whose counter? (3 of 3)",
            ("Test Reflector [battlefield] (2)", "Test Bystander [battlefield] (1)"),
        ),
    ]
    cards = engine.state.cards
    assert [cards[u].counters.get("counter", 0) for u in (healer, reflector, bystander)] == [
        0,
        1,
        1,
    ]
    assert cards[mountain].counters == {"counter": 5}  # another element: never asked
    assert cards[reflector].counters["wound"] == 1
    logged = [r["labels"] for r in log.records if r["t"] == "decision" and "whose" in r["prompt"]]
    assert logged == [
        ["Test Bystander [battlefield] (2)"],
        ["Test Kindred Healer [battlefield] (1)"],
        ["Test Reflector [battlefield] (2)"],
    ]


def test_meditation_pays_only_costs_never_an_effect_removing_the_cards_counters() -> None:
    engine, agent, _, (healer, reflector, *_) = _table(
        [("BKT-MED3", "C2", {}, False), ("BKT-R", "C1", {"counter": 2}, False)], []
    )
    cause = Cause(card="BKT-MED3", source=healer)
    assert engine.apply("remove_counters", cause, uid=healer, counter="counter", amount=1) is False
    assert engine.state.cards[reflector].counters == {"counter": 2}
    assert agent.seen == []


def test_closing_other_creatures_is_no_action_of_the_card() -> None:
    """The open Pair Caller closes the Reflector and the Bystander (the payer's choice
    among the three open ones): it stays open, and may still move and act."""
    engine, agent, _, (caller, reflector, bystander, _) = _table(
        [
            ("BKT-RALLY2", "C2", {}, False),
            ("BKT-R", "C1", {"wound": 3}, False),
            ("BKT-E", "B1", {}, False),
        ],
        [[1, 2]],
    )
    _declare(engine, caller, "0", reflector)
    (closing,) = [d for d in agent.seen if d.prompt == "close"]
    assert (closing.options, closing.least, closing.most) == ((caller, reflector, bystander), 2, 2)
    cards = engine.state.cards
    assert [cards[u].states for u in (caller, reflector, bystander)] == [
        set(),
        {"closed"},
        {"closed"},
    ]
    assert cards[reflector].counters == {"wound": 1}
    assert "acted" not in cards[caller].data
    assert engine.kernel.can_move(engine, caller)  # type: ignore[attr-defined]


def test_a_cost_of_2_closes_needs_two_open_creatures_whichever_its_card_is() -> None:
    engine, _, _, (caller, reflector, bystander, _) = _table(
        [
            ("BKT-RALLY2", "C2", {}, False),
            ("BKT-R", "C1", {"wound": 3}, True),
            ("BKT-E", "B1", {}, True),
        ],
        [],
    )

    def offered() -> list[int | None]:
        """The targets the Pair Caller's ability is offered at."""
        options = abilities.options(engine.kernel, engine, 0)  # type: ignore[arg-type]
        return [t for u, _, t in options if u == caller]

    assert offered() == []  # the Pair Caller alone is open
    cards = engine.state.cards
    cards[caller].states.add("closed")
    cards[reflector].states.discard("closed")
    cards[bystander].states.discard("closed")
    assert offered() == [caller, reflector, bystander]  # closed itself, two open
