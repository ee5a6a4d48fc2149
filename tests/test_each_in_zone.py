"""A condition whose subject is "each <noun>" and that names a zone but play: every
such card of the zone's player (any player's for a shared zone), wherever it is, is in
that zone ("if each creature is in your discard pile": all of your creatures are); none
such is no card to hold it. Before, the cards were looked for in play only, so such a
test held of no card in another zone (and "… is not in …" of every player)."""

from __future__ import annotations

from cardscript.interpreter.agents import FirstAgent
from tests.test_condition_readings import _table
from tests.testgame.kernel import new_engine


def test_each_card_of_the_zones_player_is_in_the_zone() -> None:
    engine = new_engine([FirstAgent(), FirstAgent()])
    state = engine.state
    source = state.create_card("bear", 0, "play").uid  # P1: a creature in play,
    state.create_card("imp", 0, "hand")  # one in hand, and a spell discarded
    state.create_card("bolt", 0, "discard")
    state.create_card("bear", 1, "discard").states.add("exhausted")  # P2: both creatures
    state.create_card("imp", 1, "discard")  # discarded, and a spell in hand
    state.create_card("bolt", 1, "hand")
    expected = {
        "if each creature is in your discard pile": [False, True],
        "if every creature is in your discard pile": [False, True],
        "if all creatures are in your discard pile": [False, True],
        "if each spell is in your discard pile": [True, False],
        "if each spell is in your hand": [False, True],
        "if each creature is in your hand": [False, False],
        "if each creature is in an opponent's discard pile": [True, False],
        "if each creature is not in your discard pile": [True, False],
        # the cards its words name: P1 has no exhausted creature, P2's is discarded
        "if each exhausted creature is in your discard pile": [False, True],
        # in play, as before: the creatures in play (P1's) are in P1's play area
        "if each creature is in your play area": [True, False],
    }
    assert _table(engine, list(expected), source) == expected
