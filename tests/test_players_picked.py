"""Players one of whom the words mean ("an opponent", "a player", "target player",
"target opponent"): the text's controller chooses one when the text acts on them, and
"that player" is then the one chosen; a trigger or a test that asks whether a player is
meant asks nobody (with three players "an opponent" asked a choice there)."""

from __future__ import annotations

from cardscript.grammar import ast
from cardscript.interpreter import select
from cardscript.interpreter.agents import ScriptedAgent
from cardscript.interpreter.context import Seat
from tests.testgame.kernel import new_engine


def _player(who: str) -> ast.Player:
    return ast.Player(who=who, span=None)


def test_one_of_the_players_is_asked_for_when_acted_on_and_never_when_matched() -> None:
    asked = [ScriptedAgent([]), ScriptedAgent([]), ScriptedAgent([])]  # any question fails
    engine = new_engine(asked)
    ctx = engine.context(None, None, 0)
    meant = {
        who: [t.index for t in select.candidates(ctx, _player(who)) if isinstance(t, Seat)]
        for who in ("an opponent", "target opponent", "a player", "target player")
    }
    assert meant == {
        "an opponent": [1, 2],
        "target opponent": [1, 2],
        "a player": [0, 1, 2],
        "target player": [0, 1, 2],
    }
    assert select.selects(ctx, _player("an opponent"), Seat(2))
    assert not select.selects(ctx, _player("an opponent"), Seat(0))
    assert select.selects(ctx, _player("a player"), Seat(0))
    asked[0].answers = [(2,), (1,)]
    assert select.resolve_targets(ctx, _player("a player"), "choose") == [Seat(2)]
    assert select.resolve_targets(ctx, _player("target opponent"), "choose") == [Seat(2)]
    assert asked[0].answers == []
    ctx.it = [Seat(1)]  # "Choose a player. That player …": the one chosen
    assert select.players(ctx, "that player") == [1]
