"""What "discard …" takes (``cardscript/interpreter/discard_from.py``): "discard 2 cards"
with no zone is the acting player's hand. The scenario VS-X3 scripts the VS System side."""

from __future__ import annotations

from cardscript.interpreter.engine import Engine
from tests.test_cost_x import Recorder, _miser


def _zones(engine: Engine, player: int, *zones: str) -> tuple[list[str], ...]:
    state = engine.state
    return tuple(
        [state.cards[u].card_id for u in state.players[player].zones.get(z, [])] for z in zones
    )


# ---- the tiny test game: "discard" without a zone ------------------------------------


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
