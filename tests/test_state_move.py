"""``GameState.move``: the card leaves its place (a player's zone or a shared one), takes
its new zone, controller and place, and the clock ticks once to its timestamp."""

from __future__ import annotations

from cardscript.interpreter.state import new_state


def test_move_between_players_and_shared_zones_keeps_every_fact() -> None:
    state = new_state("test", ["a", "b"], 1)
    one = state.create_card("x", 0, "hand").uid
    two = state.create_card("y", 0, "hand").uid
    clock = state.clock
    state.move(one, "table", player=1)
    card = state.cards[one]
    assert (card.zone, card.controller, card.timestamp, state.clock) == (
        "table",
        1,
        clock + 1,
        clock + 1,
    )
    assert state.players[0].zones["hand"] == [two] and state.players[1].zones["table"] == [one]
    state.move(two, "table", player=1, position=0)  # the bottom
    assert state.players[1].zones["table"] == [two, one]
    state.move(one, "pile", shared=True)
    assert card.data == {"shared": True} and state.shared["pile"] == [one]
    assert card.controller == 1 and state.players[1].zones["table"] == [two]
    state.move(one, "pile", shared=True, position=0)  # shared to shared: still shared
    assert card.data == {"shared": True} and state.shared["pile"] == [one]
    state.move(one, "discard")  # to its owner's zone: no longer shared
    assert card.data == {} and state.shared["pile"] == []
    assert (card.zone, card.controller) == ("discard", 0)
    assert state.players[0].zones["discard"] == [one]
    assert card.timestamp == state.clock == clock + 5
