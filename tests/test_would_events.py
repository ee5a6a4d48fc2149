"""The printed "would" of an interrupt's trigger: "When an enemy would attack you" is the
event ``attacks`` about to happen (Marvel Champions G20), and fmt keeps the wording."""

from __future__ import annotations

import pytest

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.checks import check_script
from cardscript.grammar.formatter import format_script


@pytest.mark.parametrize(
    ("text", "event", "canonical"),
    [
        (
            "Interrupt: When an enemy would attack you, deal 1 damage to it.",
            "attacks",
            "Interrupt: When an enemy would attack you, deal 1 damage to it.\n",
        ),
        (
            "Forced Interrupt: When the villain would scheme, draw a card.",
            "schemes",
            "Forced Interrupt: When the villain would scheme, draw a card.\n",
        ),
    ],
)
def test_would_is_the_event_about_to_happen(text: str, event: str, canonical: str) -> None:
    definition = load_game("marvel-champions")
    parsed = definition.parse(text)
    assert parsed.diagnostics == ()
    assert check_script(parsed.script, definition.registry) == []
    (line,) = parsed.script.lines
    assert isinstance(line.ability, ast.Triggered)
    assert (line.ability.event.event, line.ability.event.would) == (event, True)
    assert format_script(parsed.script, definition.registry) == canonical


def test_would_leave_play_stays_its_own_event() -> None:
    definition = load_game("marvel-champions")
    parsed = definition.parse("Forced Interrupt: When this would leave play, draw a card.")
    (line,) = parsed.script.lines
    assert isinstance(line.ability, ast.Triggered)
    assert (line.ability.event.event, line.ability.event.would) == ("would_leave_play", False)
