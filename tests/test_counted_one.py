"""A count written "a" or "an" is one or more: "if this has a shield counter", "if you
have a card in your hand". Both were read as exactly one, so a second counter or card
made them false."""

from __future__ import annotations

from cardscript.interpreter.agents import FirstAgent
from tests.test_player_conditions import _holds
from tests.testgame.kernel import new_engine as tiny_engine
from tests.testgame.kernel import tiny_game


def test_a_count_of_a_is_one_or_more() -> None:
    engine = tiny_engine([FirstAgent(), FirstAgent()])
    state, game = engine.state, tiny_game()
    shielded = state.create_card("bear", 0, "play")  # P1: 2 shield counters, 2 cards in hand
    shielded.counters["shield"] = 2
    bare = state.create_card("bear", 0, "play")
    state.create_card("imp", 1, "play").counters["shield"] = 1  # P2: 1 counter, 1 card
    for player in (0, 0, 1):
        state.create_card("bear", player, "hand")
    texts = (
        "if this has a shield counter, draw 1 card.",
        "if a creature you control has a shield counter, draw 1 card.",
        "if each creature you control has a shield counter, draw 1 card.",
        "if you have a card in your hand, draw 1 card.",
        "if the opponent has a card in their hand, draw 1 card.",
        "if you have a creature in your hand, draw 1 card.",
        "if this has 1 shield counter, draw 1 card.",  # (a bare number: 1 or more)
    )
    seen = [
        [_holds(game, engine, t, p, source) for t in texts]
        for p, source in ((0, shielded.uid), (0, bare.uid), (1, shielded.uid))
    ]
    assert seen == [
        [True, True, False, True, True, True, True],
        [False, True, False, True, True, True, False],
        [True, True, True, True, True, True, True],
    ]
