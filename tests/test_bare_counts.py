"""A bare number counting what a condition's subject has or controls is that many or more,
as card-game English writes thresholds ("if this has 2 counters": 2, 3, …), and as "you
control 2 characters" and "a counter" already were; "exactly 2" says exactly. A value
("your life is 3") is the value. Counters, resources and cards in a zone were read as
exactly the number; validate says how a bare count reads (CS-T019)."""

from __future__ import annotations

from cardscript.grammar.checks import check_script
from cardscript.grammar.diagnostics import Severity
from cardscript.interpreter.agents import FirstAgent
from tests.test_condition_readings import _table
from tests.testgame.kernel import new_engine, tiny_game


def test_a_bare_count_in_a_condition_is_that_many_or_more() -> None:
    engine = new_engine([FirstAgent(), FirstAgent()])
    state = engine.state
    source = state.create_card("bear", 0, "play")  # P1: 2 creatures, 2 and 3 counters
    source.counters["shield"] = 2
    state.create_card("bear", 0, "play").counters["shield"] = 3
    state.create_card("imp", 1, "play")  # P2: 1 creature, no counters
    for _ in range(2):
        state.create_card("bolt", 0, "hand")  # P1: 2 cards in hand, P2 none
    state.players[0].resources["life"], state.players[1].resources["life"] = 3, 5
    expected = {
        "if this has 1 shield counter": [True, True],
        "if this has 2 shield counters": [True, True],
        "if this has 3 shield counters": [False, False],
        "if this has exactly 2 shield counters": [True, True],
        "if this has exactly 1 shield counter": [False, False],
        "if this has no shield counters": [False, False],
        "if a creature you control has 1 shield counter": [True, False],
        "if a creature you control has exactly 2 shield counters": [True, False],
        "if you have 3 life": [True, True],
        "if you have exactly 3 life": [True, False],
        "if your life is 3": [True, False],  # (a value, not a count: the value)
        "if you have 1 card in your hand": [True, False],
        "if you have exactly 1 card in your hand": [False, False],
        "if the opponent has 2 cards in their hand": [False, True],
        "if you control 1 creature": [True, True],
        "if you control exactly 1 creature": [False, True],
        "if you control 2 creatures": [True, False],
    }
    assert _table(engine, list(expected), source.uid) == expected


def _checked(text: str) -> list[tuple[str, Severity, str, int, int, tuple[str, ...]]]:
    game = tiny_game()
    parsed = game.parse(text)
    assert parsed.diagnostics == ()
    return [
        (d.code, d.severity, d.message, d.span.line, d.span.column, d.hints)
        for d in check_script(parsed.script, game.registry)
        if d.span is not None
    ]


def test_validate_says_how_a_bare_count_reads() -> None:
    assert _checked("If this has 2 shield counters, draw 1 card.") == [
        (
            "CS-T019",
            Severity.WARNING,
            'a bare number counts that many or more: "this has 2 shield counters" holds '
            "with 2 or more",
            1,
            13,
            (
                'perhaps try "this has 2 or more shield counters" (the same), or "this has '
                'exactly 2 shield counters"',
            ),
        )
    ]
    assert _checked("Draw 1 card.\nIf you control 3 creatures, draw 1 card.") == [
        (
            "CS-T019",
            Severity.WARNING,
            'a bare number counts that many or more: "you control 3 creatures" holds with '
            "3 or more",
            2,
            16,
            (
                'perhaps try "you control 3 or more creatures" (the same), or "you control '
                'exactly 3 creatures"',
            ),
        )
    ]
    assert _checked("If you have 0 life, draw 1 card.") == [
        (
            "CS-T019",
            Severity.WARNING,
            '"you have 0 life" always holds: a bare number counts that many or more',
            1,
            13,
            ('perhaps try "you have no life"',),
        )
    ]
    for written in (
        "If this has 2 or more shield counters, draw 1 card.",
        "If this has exactly 2 shield counters, draw 1 card.",
        "If this has a shield counter, draw 1 card.",
        "If you control exactly 3 creatures, draw 1 card.",
        "If your life is 3, draw 1 card.",
        "If 2 creatures you control are exhausted, draw 1 card.",
    ):
        assert _checked(written) == [], written
