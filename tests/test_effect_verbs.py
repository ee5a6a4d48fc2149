"""The verbs that name a player's game action are refused as effects (CS-T007)."""

from __future__ import annotations

from cardscript.games import load_game
from cardscript.grammar.checks import check_script


def _check(game: str, text: str) -> list[tuple[str, int, int, str, tuple[str, ...]]]:
    definition = load_game(game)
    result = definition.parse(text)
    assert result.diagnostics == ()
    return [
        (d.code, d.span.line, d.span.column, d.message, d.hints)
        for d in check_script(result.script, definition.registry)
        if d.span is not None
    ]


def test_a_player_s_game_action_is_refused_as_an_effect_where_it_is_written() -> None:
    assert _check("pocket-duel", "On hit: the opponent plays target card.") == [
        (
            "CS-T007",
            1,
            22,
            '"play" cannot be an effect in Pocket Duel: each player plays their one card '
            "of the round face down in step 1 (§6)",
            (),
        )
    ]
    assert _check("pocket-duel", "Transfer this.") == [
        (
            "CS-T007",
            1,
            1,
            '"transfer" cannot be an effect in Pocket Duel: a Legacy transfer is the '
            "defeated hero's player's choice between the games of a match (§13)",
            (),
        )
    ]
    assert _check("vs-system", "When this attacks, draw a card, then recruit a character.") == [
        (
            "CS-T007",
            1,
            38,
            '"recruit" cannot be an effect in VS System: a player recruits in their '
            "recruit step, paying the cost in resource points (§9.1)",
            ('perhaps try "put target character in your hand into your front row"',),
        )
    ]


def test_the_hint_for_recruit_is_itself_clean_card_text() -> None:
    assert (
        _check(
            "vs-system", "When this attacks, put target character in your hand into your front row."
        )
        == []
    )
