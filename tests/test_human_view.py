"""``cardscript play`` with a human: before each decision the game since the last one and
where every player stands, never naming a card that player cannot see (``view``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardscript.cli.main import app
from cardscript.cli.play_cmd import new_game
from cardscript.grammar.refusals import RegistryError
from cardscript.grammar.registry import registry_from_data
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.view import sees

ROOT = Path(__file__).parent.parent
runner = CliRunner()


def _play(game: str, decks: list[str], agents: list[str], seed: int) -> list[str]:
    args = ["play", game, "--seed", str(seed)]
    for deck in decks:
        args += ["--deck", str(ROOT / "decks" / game / deck)]
    for agent in agents:
        args += ["--agent", agent]
    result = runner.invoke(app, args, input="1\n" * 300)
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def test_a_human_sees_the_round_before_choosing_and_not_the_opponent_s_choice() -> None:
    lines = _play("pocket-duel", ["cinder-vale.yaml", "sable-wren.yaml"], ["human", "random"], 2)
    # before the first choice: where both stand
    assert lines[:5] == [
        "the game begins (P1)",  # (with its first round)
        "the round begins (P1)",
        "P1: energy 0, health 10, table 1, hand 6, reserve 1",
        "P2: energy 0, health 10, table 1, hand 6, reserve 1",
        "",
    ]
    second = lines.index("choose a card to play face down", 6)
    seen = lines[: second + 1]
    # the round told as sentences in the game's words (the changes behind them left out);
    # the opponent's secret choice is told as a choice made, the card once revealed
    first = seen.index(
        "your choice: P1 chose Spark Leap [hand] for: choose a card to play face down"
    )
    assert seen[first + 1 : first + 17] == [
        "P2 made a choice: choose a card to play face down",
        "P1 plays Spark Leap#2",
        "P2 plays Updraft#10",
        "Spark Leap#2 is revealed",
        "Updraft#10 is revealed",
        "P2 takes 2 damage",
        "P1 takes 2 damage",
        "Spark Leap#2 hits (2)",
        "Updraft#10 hits (2)",
        "P2 made a choice: you may return up to 1 target card from your discard pile to your hand?",
        "Spark Leap#2 is discarded",
        "Updraft#10 is discarded",
        "-- end of round 1 --",
        "the round begins (P1)",
        "P1: energy 0, health 8, table 1, hand 5, reserve 1, discard pile 1",
        "P2: energy 0, health 8, table 1, hand 5, reserve 1, discard pile 1",
    ]
    assert not any(line.startswith("P2 chose") for line in seen)
    assert seen[-4:-1] == [
        "P1: energy 0, health 8, table 1, hand 5, reserve 1, discard pile 1",
        "P2: energy 0, health 8, table 1, hand 5, reserve 1, discard pile 1",
        "",
    ]
    # the game's end: the lines since the last choice, where they stand, the result
    assert lines[-4:] == [
        "",
        "P1: energy 1, health 3",
        "P2: energy 1, health 4",
        "P2 wins (no cards left, turn 7, 47 steps)",
    ]


def test_a_human_never_sees_the_names_of_cards_in_another_player_s_hand_or_deck() -> None:
    lines = _play(
        "vs-system", ["skyguard-starter.yaml", "vex-legion-starter.yaml"], ["random", "human"], 1
    )
    first_draws = lines[lines.index("P1 draws a card (4 times)") :][:7]
    assert first_draws == [
        "P1 draws a card (4 times)",
        "P2 draws Vex Trooper#45",
        "P2 draws Brute Mox#58",
        "P2 draws Vex Trooper#42",
        "P2 draws Shade#62",
        # the other player's mulligan: a choice made, new cards unnamed
        "P1 made a choice: mulligan your opening hand?",
        "P1 draws a card (4 times)",
    ]
    # without a human, the whole log names every card, in the trace of every change
    plain = _play(
        "vs-system", ["skyguard-starter.yaml", "vex-legion-starter.yaml"], ["random", "random"], 1
    )
    assert "draw by rule turn structure: player P1, count 4" in plain
    assert "drawn: subject a card, player P1" not in plain


def test_who_sees_a_card_by_its_zone_and_its_face() -> None:
    engine = new_game("vs-system", 5, [FirstAgent(), FirstAgent()], None)
    state = engine.state
    in_deck = state.create_card("SKY-001", 0, "deck")
    in_hand = state.create_card("SKY-001", 1, "hand")
    in_row = state.create_card("SKY-001", 1, "resource_row")
    hidden = state.create_card("SKY-001", 1, "resource_row", face_up=False)
    assert [
        sees(engine, card.uid, p) for card in (in_deck, in_hand, in_row, hidden) for p in (0, 1)
    ] == [
        *(False, False),  # a deck: nobody
        *(False, True),  # a hand: its owner
        *(True, True),  # face up in a public zone: everybody
        *(False, True),  # face down there: its owner
    ]


def test_a_zone_seen_by_anyone_else_is_a_registry_error() -> None:
    data = {"game": "g", "zones": [{"id": "hand", "seen_by": "opponent"}]}
    with pytest.raises(
        RegistryError, match=r"^zone hand: seen_by is owner or nobody, not 'opponent'$"
    ):
        registry_from_data(data)


def test_marvel_champions_face_down_encounter_cards_are_nobody_s() -> None:
    """An encounter card dealt face down (G41) is known to no player, though a shared
    card's seat is the first; a face-down card of a player's own is theirs elsewhere."""
    engine = new_game("marvel-champions", 5, [FirstAgent()], None)
    card_id = next(iter(engine.pool.cards))
    dealt = engine.state.create_card(card_id, 0, "play", face_up=False)
    assert sees(engine, dealt.uid, 0) is False
    dealt.face_up = True
    assert sees(engine, dealt.uid, 0) is True
