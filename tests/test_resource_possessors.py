"""A player's resource named by a possessor ("if each player's life is 5 or more", "if
its controller's life is 7") is that player's: every one of "each player's", any one of
"an opponent's", the card's controller or owner, the event's player for "that
player's". Every possessor but "your" was read as the other player of two."""

from __future__ import annotations

from cardscript.interpreter import select
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.conditions import condition_check
from cardscript.interpreter.engine import Event
from tests.test_player_conditions import _holds
from tests.testgame.kernel import new_engine as tiny_engine
from tests.testgame.kernel import tiny_game


def test_a_resource_is_the_possessors() -> None:
    engine = tiny_engine([FirstAgent(), FirstAgent()])
    state, game = engine.state, tiny_game()
    mine = state.create_card("bear", 0, "play")  # P1's card, life 7; P2 has 3
    state.players[0].resources["life"] = 7
    state.players[1].resources["life"] = 3
    texts = (
        "if your life is 7, draw 1 card.",
        "if the opponent's life is 7, draw 1 card.",
        "if an opponent's life is 3, draw 1 card.",
        "if each player's life is 3 or more, draw 1 card.",
        "if each player's life is 5 or more, draw 1 card.",
        "if its controller's life is 7, draw 1 card.",
        "if its owner's life is 7, draw 1 card.",
    )
    seen = [[_holds(game, engine, t, p, mine.uid) for t in texts] for p in (0, 1)]
    assert seen == [
        [True, False, True, True, False, True, True],
        [False, True, False, True, False, True, True],
    ]


def test_that_players_resource_is_the_events_player() -> None:
    engine = tiny_engine([FirstAgent(), FirstAgent()])
    game = tiny_game()
    engine.state.players[0].resources["life"] = 7
    engine.state.players[1].resources["life"] = 3
    parsed = game.parse("if that player's life is 7, draw 1 card.")
    condition = parsed.script.lines[0].ability.effects.steps[0].condition  # type: ignore[union-attr]
    seen = []
    for player in (0, 1):  # the turn of P1, then of P2; read by P1
        ctx = engine.context(None, None, 0, Event("start:turn", player=player))
        seen.append((select.test(ctx, condition), condition_check(condition)(ctx)))
    assert seen == [(True, True), (False, False)]
