"""A standing verb given to a target is a step that runs once (CS-C038): "target" is a
choice made as a step runs, while a standing line's subject is what it names as long as
it holds. VS cards: scenario VS-UL1c; here a player chosen, and the forms that stand."""

from __future__ import annotations

import pytest

from cardscript.cardfiles.oneshot import never_run_diagnostics
from cardscript.games import load_game


def _found(
    game: str, card_type: str, text: str
) -> list[tuple[str, int, int, str, tuple[str, ...]]]:
    definition = load_game(game)
    parsed = definition.parse(text)
    assert parsed.diagnostics == ()
    return [
        (d.code, d.span.line, d.span.column, d.message, d.hints)
        for d in never_run_diagnostics(parsed.script, definition.registry, card_type)
        if d.span is not None
    ]


def test_a_target_player_given_a_standing_change_on_an_ally_is_refused() -> None:
    assert _found("marvel-champions", "ally", "Target player gets +1 hand size.") == [
        (
            "CS-C038",
            1,
            1,
            '"target player gets +1 hand size" would run once, but an ally runs no line of '
            "its text by itself: a line runs when its trigger, cost or label says, and one "
            "with none only holds while the ally is in play",
            (
                'perhaps try "Response: After this enters play, target player gets +1 hand size."',
                'or "Action: Target player gets +1 hand size."',
            ),
        )
    ]


def test_a_targeted_step_under_while_is_refused_where_it_stands() -> None:
    found = _found(
        "vs-system", "character", "While this is exhausted, target character has Flight."
    )
    assert [(code, line, column) for code, line, column, _, _ in found] == [("CS-C038", 1, 26)]


@pytest.mark.parametrize(
    "text",
    [
        "Characters you control get +1 ATK.",
        "Each character gets +1 ATK.",
        "While this is exhausted, this gets +1 ATK.",
        "Equipped character gets +1 DEF.",
        "You cannot attack.",
    ],
)
def test_the_standing_forms_are_accepted(text: str) -> None:
    assert _found("vs-system", "character", text) == []
