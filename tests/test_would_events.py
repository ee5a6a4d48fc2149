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


def test_would_before_an_event_the_game_has_as_its_own_is_that_event() -> None:
    # "would leaves play" (a third person after "would"): the event "would leave play",
    # as fmt writes it back and reads it again (a property test's example)
    from cardscript.games import load_game
    from cardscript.grammar.formatter import format_script
    from cardscript.grammar.parser import parse_script

    registry = load_game("marvel-champions").registry
    parsed = parse_script("Interrupt: when this card would leaves play, draw a card.", registry)
    event = parsed.script.lines[0].ability.event  # type: ignore[union-attr]
    assert (event.event, event.would) == ("would_leave_play", False)
    written = format_script(parsed.script, registry)
    assert written == "Interrupt: When this card would leave play, draw a card.\n"
    assert parse_script(written, registry).script == parsed.script
