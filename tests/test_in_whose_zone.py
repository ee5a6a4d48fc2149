""" "If this is in your play area": in the zone of the player its possessor names. The
test asked the zone alone: a card in the opponent's play area, or discard pile, was "in
your" one too."""

from __future__ import annotations

from cardscript.interpreter.agents import FirstAgent
from tests.test_player_conditions import _holds
from tests.testgame.kernel import new_engine as tiny_engine
from tests.testgame.kernel import tiny_game


def test_a_cards_zone_is_its_possessors() -> None:
    engine = tiny_engine([FirstAgent(), FirstAgent()])
    state, game = engine.state, tiny_game()
    mine = state.create_card("bear", 0, "play")
    gone = state.create_card("bear", 1, "discard")  # P2's card, in P2's discard pile
    texts = (
        "if this is in your play area, draw 1 card.",
        "if this is in the opponent's play area, draw 1 card.",
        "if this is in each player's play area, draw 1 card.",
        "if this is in play area, draw 1 card.",
        "if this is not in your play area, draw 1 card.",
        "if this is in your discard pile, draw 1 card.",
        "if this is in its owner's discard pile, draw 1 card.",
    )
    seen = [
        [_holds(game, engine, t, p, source) for t in texts]
        for p, source in ((0, mine.uid), (1, mine.uid), (0, gone.uid), (1, gone.uid))
    ]
    assert seen == [
        [True, False, True, True, False, False, False],
        [False, True, True, True, True, False, False],
        [False, False, False, False, True, False, True],
        [False, False, False, False, True, True, True],
    ]
