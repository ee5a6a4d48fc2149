"""Costs counted in cards (``cardscript/interpreter/cost_cards.py``) and what "discard …"
takes (``cardscript/interpreter/discard_from.py``): "discard 2 cards" with no zone is the
acting player's hand; such a cost is offered only where it can be paid in full, an X it
counts only up to what can be paid, and it is paid in full or not at all. The scenarios
VS-X3 to VS-X6 script the VS System side."""

from __future__ import annotations

from cardscript.interpreter import cost_x
from cardscript.interpreter.engine import Engine
from cardscript.kernels.vs_system.chain import add_power
from cardscript.kernels.vs_system.kernel import new_engine as vs_engine
from tests.test_cost_x import VS_POOL, Recorder, _asked_x, _miser


def _zones(engine: Engine, player: int, *zones: str) -> tuple[list[str], ...]:
    state = engine.state
    return tuple(
        [state.cards[u].card_id for u in state.players[player].zones.get(z, [])] for z in zones
    )


# ---- the tiny test game: "discard" without a zone, and no partial payment -------------


def _tiny(text: str, hand: int, agent: Recorder) -> tuple[Engine, int]:
    """``text`` on a creature of P1 in play, ``hand`` bears in P1's hand and 3 in the
    deck, a bear of P2 in play."""
    engine, miser = _miser(life=5, deck=3, text=text, agent=agent)
    for _ in range(hand):
        engine.state.create_card("bear", 0, "hand")
    engine.state.create_card("bear", 1, "play")
    return engine, miser


def test_a_discard_cost_without_a_zone_takes_the_payers_hand() -> None:
    agent = Recorder([[0, 2]])
    engine, miser = _tiny("Discard 2 cards → draw 2 cards.", hand=3, agent=agent)
    hand = list(engine.state.players[0].zones["hand"])
    (ability,) = engine.definition(miser).abilities
    assert engine.resolve(ability, miser, 0)
    assert [d.options for d in agent.seen if d.prompt == "discard"] == [tuple(hand)]
    assert engine.state.players[0].zones["discard"] == [hand[0], hand[2]]
    assert _zones(engine, 0, "hand", "play", "deck") == (["bear"] * 3, ["miser"], ["bear"])
    assert _zones(engine, 1, "play", "discard") == (["bear"], [])


def test_a_discard_effect_without_a_zone_takes_the_hand_and_nothing_in_play() -> None:
    agent = Recorder()
    engine, miser = _tiny("When this attacks, discard a card.", hand=0, agent=agent)
    (ability,) = engine.definition(miser).abilities
    assert engine.resolve(ability, miser, 0)
    assert agent.seen == []  # nothing to choose: the hand is empty
    assert _zones(engine, 0, "play", "discard") == (["miser"], [])
    assert _zones(engine, 1, "play", "discard") == (["bear"], [])


def test_a_discard_cost_that_cannot_be_paid_in_full_pays_nothing() -> None:
    """Resolved without the playability check (``cost_x.payable`` refuses it): the cost
    step fails with nothing discarded, and the ability does not resolve."""
    agent = Recorder()
    engine, miser = _tiny("Discard 2 cards → draw 2 cards.", hand=1, agent=agent)
    (ability,) = engine.definition(miser).abilities
    assert not cost_x.payable(engine, miser, ability, 0)
    assert not engine.resolve(ability, miser, 0)
    assert agent.seen == []
    assert _zones(engine, 0, "hand", "discard", "deck") == (["bear"], [], ["bear"] * 3)


def test_a_cost_stops_at_its_first_step_not_paid() -> None:
    """A cost is paid in full: the discard fails (1 card of 2), so "exhaust this" is not
    paid, and the ability stops (it went on: the last step's ``did`` was read alone)."""
    engine, miser = _tiny("Discard 2 cards, exhaust this → draw 3 cards.", hand=1, agent=Recorder())
    (ability,) = engine.definition(miser).abilities
    assert not engine.resolve(ability, miser, 0)
    assert engine.state.cards[miser].states == set()
    assert _zones(engine, 0, "hand", "discard", "deck") == (["bear"], [], ["bear"] * 3)


def test_an_exhaust_cost_pays_with_ready_cards_only_and_in_full() -> None:
    text = "Exhaust 2 creatures you control → draw 2 cards."
    agent = Recorder()
    engine, miser = _tiny(text, hand=0, agent=agent)
    tired = engine.state.create_card("bear", 0, "play")
    tired.states.add("exhausted")
    (ability,) = engine.definition(miser).abilities
    (action,) = (s.action for s in ability.node.costs.steps)  # type: ignore[attr-defined]
    assert engine.kernel.most_payable(engine, 0, miser, action) == 1
    assert not cost_x.payable(engine, miser, ability, 0)
    assert not engine.resolve(ability, miser, 0)
    assert (engine.state.cards[miser].states, _zones(engine, 0, "hand")) == (set(), ([],))
    fresh = engine.state.create_card("bear", 0, "play").uid
    assert engine.kernel.most_payable(engine, 0, miser, action) == 2
    assert engine.resolve(ability, miser, 0)
    assert [d.options for d in agent.seen if d.prompt == "exhaust"] == [(miser, fresh)]
    assert all("exhausted" in engine.state.cards[u].states for u in (miser, fresh))
    assert _zones(engine, 0, "hand") == (["bear", "bear"],)


def test_an_exhaust_up_to_cost_offers_ready_cards_only_zero_to_its_number() -> None:
    text = "Exhaust up to X creatures you control → draw X cards."
    agent = Recorder([[1], [1]])  # X = 2 (of 1, 2); then the fresh bear alone
    engine, miser = _tiny(text, hand=0, agent=agent)
    tired = engine.state.create_card("bear", 0, "play")
    tired.states.add("exhausted")
    fresh = engine.state.create_card("bear", 0, "play").uid
    (ability,) = engine.definition(miser).abilities
    (action,) = (s.action for s in ability.node.costs.steps)  # type: ignore[attr-defined]
    assert engine.kernel.most_payable(engine, 0, miser, action) == 2  # not the tired one
    assert engine.resolve(ability, miser, 0)
    asked = [(d.prompt, d.options, d.least, d.most) for d in agent.seen]
    assert asked[1:] == [("exhaust", (miser, fresh), 0, 2)]
    assert [engine.state.cards[u].states for u in (miser, fresh)] == [set(), {"exhausted"}]
    assert _zones(engine, 0, "hand") == (["bear", "bear"],)


# ---- VS System: the powers offered, X, and the chain -----------------------------------


def _vs(card: str, hand: list[str], ready: int = 0, exhausted: int = 0) -> tuple[Engine, Recorder]:
    """``card`` for P1 in the front row with ``hand``, and ``ready`` / ``exhausted``
    Watchful Sentinels beside it; 4 Fillers in P1's deck; P2's Sentinel in play."""
    agent = Recorder()
    engine = vs_engine([agent, Recorder()], 1, pool=VS_POOL)
    state = engine.state
    state.phase, state.active = "combat_phase", 0
    state.players[0].resources["endurance"] = 5
    state.create_card(card, 0, "front_row").data["col"] = 0
    for n in range(ready + exhausted):
        sentinel = state.create_card("VST-084", 0, "front_row")
        sentinel.data["col"] = n + 1
        if n >= ready:
            sentinel.states.add("exhausted")
    for card_id in hand:
        state.create_card(card_id, 0, "hand")
    for _ in range(4):
        state.create_card("VST-054", 0, "deck")
    state.create_card("VST-084", 1, "front_row").data["col"] = 0
    return engine, agent


def test_discard_x_cards_offers_x_up_to_the_cards_in_hand() -> None:
    engine, agent = _vs("VST-104", ["VST-084", "VST-085", "VST-084"])
    agent.answers = [(2,), (0, 1, 2)]  # X = 3: the whole hand
    ((uid, power),) = engine.kernel.activatable(engine, 0)
    engine.kernel.activate(engine, 0, uid, power)
    assert _asked_x(agent) == [
        ("choose X for the cost of VST-104", (1, 2, 3), ("X = 1", "X = 2", "X = 3"))
    ]
    assert _zones(engine, 0, "hand", "ko_pile") == (
        ["VST-054"] * 3,
        ["VST-084", "VST-085", "VST-084"],
    )
    engine, _ = _vs("VST-104", [])
    assert engine.kernel.activatable(engine, 0) == []  # no card in hand: no X of 1


def test_a_fixed_discard_is_offered_only_with_enough_cards_in_hand() -> None:
    engine, _ = _vs("VST-103", ["VST-085"])
    assert engine.kernel.activatable(engine, 0) == []
    engine.state.create_card("VST-084", 0, "hand")
    assert [engine.state.cards[u].card_id for u, _ in engine.kernel.activatable(engine, 0)] == [
        "VST-103"
    ]


def test_exhaust_2_characters_is_offered_with_2_ready_ones_and_exhausts_those() -> None:
    engine, _ = _vs("VST-105", [], ready=0, exhausted=2)  # the Drillmaster alone is ready
    assert engine.kernel.activatable(engine, 0) == []
    engine, agent = _vs("VST-105", [], ready=1, exhausted=1)
    front = list(engine.state.players[0].zones["front_row"])
    ((uid, power),) = engine.kernel.activatable(engine, 0)
    engine.kernel.activate(engine, 0, uid, power)
    assert [d.options for d in agent.seen if d.prompt == "exhaust"] == [tuple(front[:2])]
    assert [sorted(engine.state.cards[u].states) for u in front] == [["exhausted"]] * 3
    assert _zones(engine, 0, "hand") == (["VST-054", "VST-054"],)


def test_a_power_whose_cost_cannot_be_paid_in_full_goes_on_no_chain() -> None:
    """``add_power`` without the offer's check: the cost pays nothing and fails."""
    engine, agent = _vs("VST-105", [], ready=0, exhausted=1)
    drillmaster = engine.state.players[0].zones["front_row"][0]
    (power,) = engine.definition(drillmaster).abilities
    assert not add_power(engine, engine.kernel, 0, drillmaster, power)  # type: ignore[arg-type]
    assert engine.state.cards[drillmaster].states == set()
    assert agent.seen == []
    engine, agent = _vs("VST-103", ["VST-085"])
    forager = engine.state.players[0].zones["front_row"][0]
    (power,) = engine.definition(forager).abilities
    assert not add_power(engine, engine.kernel, 0, forager, power)  # type: ignore[arg-type]
    assert _zones(engine, 0, "hand", "ko_pile") == (["VST-085"], [])
