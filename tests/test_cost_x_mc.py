"""X chosen by a cost in Marvel Champions (``cost_x`` with MC's own payment): resources
are generated while paying (MC-RES), so the most X is what the player's hand and
"Resource:" abilities can give, of the type the cost asks for; "Spend X" is the card's
Uses tokens (K1). X is bound before the costs are paid, an ability whose X cannot be
paid is not offered, and the choice is logged and replayed. Each stopped the game with
"X has no value here" before."""

from __future__ import annotations

from pathlib import Path

from cardscript.interpreter.agents import RandomAgent, ScriptedAgent
from cardscript.interpreter.cards import CardPool
from cardscript.interpreter.engine import Engine, Event
from cardscript.interpreter.log import GameLog
from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions.kernel import deck_ids, mc_pool, new_engine
from tests.test_cost_x import Recorder, _asked_x

ROOT = Path(__file__).resolve().parents[1]
POOL = mc_pool([ROOT / "tests" / "scenarios" / "marvel-champions" / "mc-scenario-cards.yaml"])
DECK = ["bulwark-hero", *["mcb-05"] * 12]


def _table(
    card: str, hand: list[str], answers: list[list[int]] | None = None, pool: CardPool = POOL
) -> tuple[Engine, Recorder, int]:
    """Solo Bulwark (alter-ego form) with ``card`` in play and exactly ``hand``; the
    agent answers ``answers`` from then on (the first legal answer after them)."""
    engine, agent = _holding(hand, answers, pool)
    return engine, agent, engine.state.create_card(card, 0, "play").uid


def _holding(
    hand: list[str], answers: list[list[int]] | None = None, pool: CardPool = POOL
) -> tuple[Engine, Recorder]:
    """Solo Bulwark (alter-ego form) with exactly ``hand`` (``_table``, nothing put)."""
    agent = Recorder()
    engine = new_engine([agent], 1, pool=pool)
    engine.kernel.setup(engine, [DECK])
    state = engine.state
    for uid in list(state.players[0].zones["hand"]):
        state.move(uid, "deck", player=0)
    for card_id in hand:
        state.create_card(card_id, 0, "hand")
    agent.seen.clear()
    agent.answers = [tuple(a) for a in answers or []]
    return engine, agent


def _names(engine: Engine, zone: str) -> list[str]:
    return [engine.definition(u).id for u in engine.state.players[0].zones.get(zone, [])]


def _offered(engine: Engine) -> list[str]:
    return [engine.definition(u).id for u, _ in turns.activatable(engine.kernel, engine, 0)]


def test_pay_x_resources_offers_what_the_hand_can_give_and_deals_x() -> None:
    # X = 2; pay with Spark Cell (energy), then Clear Thought (mental); the villain
    engine, agent, overload = _table(
        "mct-overload", ["mcb-01", "mcb-02", "mcb-03"], [[1], [0], [0]]
    )
    villain = engine.kernel.villain(engine)
    assert villain is not None
    ((uid, ability),) = turns.activatable(engine.kernel, engine, 0)
    assert uid == overload
    turns.activate(engine.kernel, engine, 0, overload, ability)
    assert _asked_x(agent) == [
        ("choose X for the cost of mct-overload", (1, 2, 3), ("X = 1", "X = 2", "X = 3"))
    ]
    assert [d.prompt for d in agent.seen][1:3] == ["pay 2 more", "pay 1 more"]
    assert engine.state.cards[villain].counters.get("damage") == 2
    assert (_names(engine, "hand"), _names(engine, "discard")) == (["mcb-03"], ["mcb-01", "mcb-02"])


def test_an_x_ability_with_nothing_to_pay_is_not_offered() -> None:
    engine, _, _ = _table("mct-overload", [])
    assert _offered(engine) == []
    engine.state.create_card("mcb-02", 0, "hand")
    assert _offered(engine) == ["mct-overload"]


def test_spend_x_offers_the_uses_tokens_and_draws_x() -> None:
    engine, agent, capacitor = _table("mct-capacitor", [], [[1]])  # X = 2
    assert _offered(engine) == []  # no tokens
    engine.state.cards[capacitor].counters["all_purpose"] = 3
    ((_, ability),) = turns.activatable(engine.kernel, engine, 0)
    turns.activate(engine.kernel, engine, 0, capacitor, ability)
    assert _asked_x(agent) == [
        ("choose X for the cost of mct-capacitor", (1, 2, 3), ("X = 1", "X = 2", "X = 3"))
    ]
    assert engine.state.cards[capacitor].counters["all_purpose"] == 1
    assert _names(engine, "hand") == ["mcb-05", "mcb-05"]


def _minion_defeated(engine: Engine) -> None:
    minion = engine.state.create_card("dock-raider", 0, "play").uid
    engine.emit(Event("is_defeated", subject=minion, player=0))
    engine.kernel.resolve_pending(engine)


def test_a_response_with_a_typed_x_counts_that_type_and_wild_alone() -> None:
    # used; X = 2 of energy: Spark Cell and Second Wind (wild) may pay, Clear Thought not
    engine, agent, _ = _table("mct-recycler", ["mcb-01", "mcb-02", "mcb-04"], [[1], [1], [0], [0]])
    _minion_defeated(engine)
    assert _asked_x(agent) == [
        ("choose X for the cost of mct-recycler", (1, 2), ("X = 1", "X = 2"))
    ]
    paid = [(d.prompt, tuple(d.labels)) for d in agent.seen if d.prompt.startswith("pay")]
    assert paid == [
        (
            "pay 2 more",
            ("discard Spark Cell [hand] for energy", "discard Second Wind [hand] for wild"),
        ),
        ("pay 1 more", ("discard Second Wind [hand] for wild",)),
    ]
    assert _names(engine, "hand") == ["mcb-02", "mcb-05", "mcb-05"]


def test_a_response_whose_x_cannot_be_paid_is_not_offered() -> None:
    engine, agent, _ = _table("mct-recycler", ["mcb-02", "mcb-03"])  # no energy, no wild
    _minion_defeated(engine)
    assert agent.seen == []
    assert _names(engine, "hand") == ["mcb-02", "mcb-03"]


def _responded(hand: list[str], answers: list[list[int]]) -> tuple[Engine, Recorder]:
    """``hand`` held when a minion is defeated, the agent answering ``answers``."""
    engine, agent = _holding(hand, answers)
    _minion_defeated(engine)
    return engine, agent


def test_an_event_whose_printed_cost_leaves_nothing_for_x_is_not_offered() -> None:
    # Test Late Windfall costs 1, then "pay X resources": Clear Thought alone pays the 1
    # or an X of 1, never both (each alone was enough, so it was offered, and paid for
    # with nothing left for X)
    engine, agent = _responded(["mct-rs-windfall", "mcb-02"], [[1]])
    assert agent.seen == []
    assert (_names(engine, "hand"), _names(engine, "discard")) == (
        ["mct-rs-windfall", "mcb-02"],
        [],
    )


def test_a_source_spent_whole_on_the_printed_cost_leaves_its_excess_to_nothing() -> None:
    # Test Double Mental's 2 resources pay the 1 and the other is lost (MC-RES-6)
    engine, agent = _responded(["mct-rs-windfall", "mct-double-mental"], [[1]])
    assert agent.seen == []
    assert _names(engine, "hand") == ["mct-rs-windfall", "mct-double-mental"]


def test_x_is_at_most_what_the_printed_cost_leaves() -> None:
    # three resources in hand, 1 for the event: X = 1 or 2; X = 2 draws 2
    hand = ["mct-rs-windfall", "mcb-02", "mcb-03", "mcb-01"]
    engine, agent = _responded(hand, [[1], [0], [1], [0], [0]])
    assert _asked_x(agent) == [
        ("choose X for the cost of mct-rs-windfall", (1, 2), ("X = 1", "X = 2"))
    ]
    assert _names(engine, "discard") == ["mcb-02", "mcb-03", "mcb-01", "mct-rs-windfall"]
    assert _names(engine, "hand") == ["mcb-05", "mcb-05"]


def test_a_typed_x_after_the_printed_cost_counts_the_sources_the_cost_leaves() -> None:
    # "pay X energy": the 1 is paid with Clear Thought (mental), Spark Cell pays X = 1;
    # with Spark Cell alone, the 1 takes it and nothing is left for X
    engine, agent = _responded(["mct-rs-spark", "mcb-01"], [[1]])
    assert agent.seen == []
    engine, agent = _responded(["mct-rs-spark", "mcb-01", "mcb-02"], [[1], [1], [0], [0]])
    assert _asked_x(agent) == [("choose X for the cost of mct-rs-spark", (1,), ("X = 1",))]
    assert _names(engine, "discard") == ["mcb-02", "mcb-01", "mct-rs-spark"]


def test_an_action_event_pays_its_printed_cost_then_its_x() -> None:
    # Test Burst (cost 1, "Action: Pay X resources → deal X damage to target enemy."):
    # never offered before; with 1 resource it cannot be paid, with 3 X is 1 or 2
    engine, agent = _holding(["mct-rs-burst", "mcb-02"])
    burst = engine.state.players[0].zones["hand"][0]
    assert not turns.can_play(engine.kernel, engine, 0, burst)
    for card in ("mcb-03", "mcb-01"):
        engine.state.create_card(card, 0, "hand")
    assert turns.can_play(engine.kernel, engine, 0, burst)
    agent.answers = [(0,), (1,), (0,), (0,)]  # Clear Thought, X = 2, Firm Grip, Spark Cell
    turns.play_card(engine.kernel, engine, 0, burst)
    assert _asked_x(agent) == [
        ("choose X for the cost of mct-rs-burst", (1, 2), ("X = 1", "X = 2"))
    ]
    villain = engine.kernel.villain(engine)
    assert villain is not None
    assert engine.state.cards[villain].counters.get("damage") == 2
    assert _names(engine, "discard") == ["mcb-02", "mcb-03", "mcb-01", "mct-rs-burst"]


def _game(seed: int, agents: list[object], log: GameLog) -> dict[str, object]:
    """Bulwark with 4 Test Overloads for its first 4 cards, solo against Grimhold."""
    deck = deck_ids(POOL, ROOT / "decks" / "marvel-champions" / "bulwark.yaml")
    deck[1:5] = ["mct-overload"] * 4
    engine = new_engine(agents, seed, pool=POOL, log=log)  # type: ignore[arg-type]
    engine.kernel.setup(engine, [deck])
    result = engine.kernel.play(engine)
    assert result is not None
    return result


def test_the_x_chosen_is_logged_and_a_replay_is_the_same_game() -> None:
    first = GameLog()
    result = _game(3, [RandomAgent(4)], first)
    chosen = [
        (r["answer"], r["labels"])
        for r in first.records
        if r["t"] == "decision" and r["prompt"] == "choose X for the cost of mct-overload"
    ]
    assert chosen == [
        ([1], ["X = 2"]),
        ([0], ["X = 1"]),
        ([1], ["X = 2"]),
        ([1], ["X = 2"]),
        ([2], ["X = 3"]),
    ]
    assert result == {"winner": None, "reason": "main scheme completed", "turn": 7}
    again = GameLog()
    assert _game(3, [ScriptedAgent(first.answers(0))], again) == result
    assert again.hashes() == first.hashes() != []
