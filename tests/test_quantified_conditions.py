"""A condition on cards reads its quantifier: "if a creature you control is exhausted" is
one of them, "each …" every one, "2 creatures …" at least 2; "not" is asked of each card.
Every test was read as "each": one exhausted creature among two made "if a creature you
control is exhausted" false."""

from __future__ import annotations

from cardscript.interpreter.agents import FirstAgent
from tests.test_player_conditions import _holds
from tests.testgame.kernel import new_engine as tiny_engine
from tests.testgame.kernel import tiny_game


def test_a_condition_on_cards_reads_its_quantifier() -> None:
    engine = tiny_engine([FirstAgent(), FirstAgent()])
    state, game = engine.state, tiny_game()
    tired = state.create_card("bear", 0, "play")
    source = state.create_card("bear", 0, "play")
    state.create_card("bear", 1, "play")
    tired.states.add("exhausted")
    texts = {
        "if a creature you control is exhausted, draw 1 card.": True,
        "if each creature you control is exhausted, draw 1 card.": False,
        "if all creatures you control are exhausted, draw 1 card.": False,
        "if a creature an opponent controls is exhausted, draw 1 card.": False,
        "if a creature you control is not exhausted, draw 1 card.": True,
        "if each creature you control is not exhausted, draw 1 card.": False,
        "if 2 creatures you control are exhausted, draw 1 card.": False,
        "if another creature you control is exhausted, draw 1 card.": True,
        "if this is exhausted, draw 1 card.": False,
    }
    assert {t: _holds(game, engine, t, 0, source.uid) for t in texts} == texts
    source.states.add("exhausted")
    assert _holds(
        game, engine, "if 2 creatures you control are exhausted, draw 1 card.", 0, source.uid
    )
    assert _holds(
        game, engine, "if each creature you control is exhausted, draw 1 card.", 0, source.uid
    )
