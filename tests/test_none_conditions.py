""" "No" as a condition's subject: "if you control no characters" is the test of "a
character" denied ("no other": "another"), the noun's number kept as written; anywhere
else "no" names no card (CS-T025). The engine's side: scenarios PD-PH4 and VS-NO1."""

from __future__ import annotations

import pytest

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.checks import check_script
from cardscript.grammar.formatter import format_script


@pytest.mark.parametrize(
    ("game", "text", "kind", "quantifier"),
    [
        ("vs-system", "If you control no characters, draw a card.", "you_control", "no"),
        (
            "vs-system",
            "If you control no other characters, draw a card.",
            "you_control",
            "no other",
        ),
        ("vs-system", "If no character you control is exhausted, draw a card.", "is_state", "no"),
        ("vs-system", "If no characters you control are exhausted, draw a card.", "is_state", "no"),
        (
            "pocket-duel",
            "Effect: If no opposing card was cancelled this round, gain 2 energy.",
            "happened_this",
            "no",
        ),
    ],
)
def test_no_is_a_condition_s_subject_marked_and_written_back_as_written(
    game: str, text: str, kind: str, quantifier: str
) -> None:
    definition = load_game(game)
    parsed = definition.parse(text)
    assert parsed.diagnostics == ()
    (condition,) = [n for n in parsed.script.lines[0].walk() if isinstance(n, ast.Condition)]
    (test,) = condition.tests
    assert (test.kind, test.none) == (kind, True)
    assert isinstance(test.subject, ast.Cards)
    assert test.subject.quantifier is not None
    assert test.subject.quantifier.kind == quantifier
    assert check_script(parsed.script, definition.registry) == []
    assert format_script(parsed.script, definition.registry).strip() == text


@pytest.mark.parametrize(
    ("text", "column", "written", "some"),
    [
        ("Stun no characters.", 6, "no characters", "a character"),
        (
            "When no other character attacks, draw a card.",
            6,
            "no other character",
            "another character",
        ),
        (
            "Target character gets +1 ATK for each no character you control.",
            39,
            "no character you control",
            "a character you control",
        ),
    ],
)
def test_no_anywhere_else_names_no_card(text: str, column: int, written: str, some: str) -> None:
    definition = load_game("vs-system")
    parsed = definition.parse(text)
    assert parsed.diagnostics == ()
    (problem,) = check_script(parsed.script, definition.registry)
    assert (problem.code, problem.span.line, problem.span.column) == ("CS-T025", 1, column)
    assert problem.message == (
        f'"{written}" names no card to act on: "no" is said only of what a condition asks'
    )
    assert problem.hints == (
        f'perhaps try a condition ("if you control {written}, …") or a card to act on ("{some}")',
    )


@pytest.mark.parametrize(
    ("game", "text", "said"),
    [
        ("marvel-champions", "Action: If there are 2 minions, draw 1 card.", "there are 2 minions"),
        ("vs-system", "While there is this character, draw a card.", "there is this character"),
    ],
)
def test_there_is_with_no_zone_is_kept_as_written_and_refused(
    game: str, text: str, said: str
) -> None:
    definition = load_game(game)
    parsed = definition.parse(text)
    assert parsed.diagnostics == ()
    assert format_script(parsed.script, definition.registry).strip().lower() == text.lower()
    (problem,) = check_script(parsed.script, definition.registry)
    assert (problem.code, problem.message) == ("CS-T026", f'"{said}" says no zone to look in')
    assert problem.hints == (f'perhaps try "{said} in …" with the zone the cards are in',)
