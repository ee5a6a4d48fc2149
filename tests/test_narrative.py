"""The game told as sentences to a human player (``narrative``): each event in its game's
words, the engine's own by their table, the changes behind them left out, a sentence
told n times in a row said once with its count."""

from __future__ import annotations

from typing import Any

from cardscript.games import load_game
from cardscript.interpreter.narrative import narrative_lines

NAMES = {1: "Spark Leap#1", 2: "Moss Troll#2"}


def _told(game: str, *records: dict[str, Any], viewer: int | None = None) -> list[str]:
    return narrative_lines(
        records,
        load_game(game).registry,
        lambda uid: NAMES.get(uid, "a card"),
        lambda seat: f"P{seat + 1}",
        viewer,
    )


def _event(
    name: str, subject: int | None = None, player: int | None = None, amount: int | None = None
) -> dict[str, Any]:
    return {"t": "event", "name": name, "subject": subject, "player": player, "amount": amount}


def test_events_are_said_in_the_game_s_words_with_their_amounts() -> None:
    assert _told(
        "pocket-duel",
        _event("revealed", 1, 0),
        _event("takes_damage", None, 1, 2),
        _event("gains_energy", None, 0, 1),
        _event("hits", 1, 0, 2),
        _event("blocks", None, 1, 0),
    ) == [
        "Spark Leap#1 is revealed",
        "P2 takes 2 damage",
        "P1 gains 1 energy",
        "Spark Leap#1 hits (2)",
        "P2 blocks",
    ]


def test_a_strike_s_target_is_not_kept_so_its_at_is_dropped() -> None:
    assert _told("berserk", _event("simple_strikes", 2, 0), _event("is_wounded", 2, 0, 3)) == [
        "Moss Troll#2 makes a simple strike",
        "Moss Troll#2 receives 3 wounds",
    ]


def test_the_engine_s_own_events_periods_and_changes() -> None:
    change = {"t": "change", "change": "move", "args": {"uid": 1}, "cause": {"rule": "draw"}}
    assert _told(
        "vs-system",
        _event("start:turn", None, 0),
        change,
        _event("moved", 1, 0),
        _event("drawn", 7, 0),
        _event("drawn", 7, 0),
        _event("drawn", 1, 1),
        _event("end:turn", None, 0),
        {"t": "step", "label": "turn 1"},
        _event("attack_cancelled", 2, 1),
    ) == [
        "the turn begins (P1)",
        "P1 draws a card (2 times)",
        "P2 draws Spark Leap#1",
        "-- end of turn 1 --",
        "Moss Troll#2 attack cancelled",
    ]


def test_a_player_s_doing_and_the_card_it_is_done_to_are_one_sentence() -> None:
    assert _told(
        "pocket-duel",
        _event("plays", None, 0),
        _event("played", 1, 0),
        _event("plays", None, 1),
        _event("played", 1, 0),  # (another player's card: told apart)
    ) == ["P1 plays Spark Leap#1", "P2 plays", "Spark Leap#1 is played"]


def test_another_player_s_choice_is_told_without_what_was_chosen() -> None:
    decision = {"t": "decision", "player": 1, "prompt": "choose a card", "labels": ["Gear Maul"]}
    assert _told("pocket-duel", decision, viewer=0) == ["P2 made a choice: choose a card"]
    assert _told("pocket-duel", decision, viewer=1) == ["P2 chose Gear Maul for: choose a card"]
