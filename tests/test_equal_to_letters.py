"""Each "equal to the number of …" is its own number: it takes the first of X, Y, Z, N its
line has not written nor given to an earlier one (``EffectRules.equal_to``), so a cost's
X ("pay X endurance → …") is never rebound and two counts never share a letter. A letter
written bound twice is refused (CS-T027, ``binding_check``). The sentences as authors
write them, in every game, are in test_authors_phrasing.SAME (the same tree as the form
with X and Y, which fmt writes)."""

from __future__ import annotations

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.checks import check_script
from cardscript.grammar.diagnostics import Diagnostic, Span
from tests.test_authors_phrasing import _line
from tests.test_cost_x import Recorder, _asked_x, _miser, _zone_sizes

VS_LINE = (
    "Pay X endurance → target character gets -X DEF until end of turn, then draw cards "
    "equal to the number of characters you control."
)


def test_the_cost_s_x_stays_the_cost_s_and_the_count_is_y_where_its_words_are() -> None:
    line = _line("vs-system", VS_LINE)
    assert isinstance(line.ability, ast.Activated)
    assert [(b.name, b.span) for b in line.ability.effects.where] == [
        ("Y", Span(1, 83, 1, 128, 82, 127))  # "equal to … you control"
    ]
    draw = line.ability.effects.steps[1]
    assert isinstance(draw, ast.Clause)
    assert draw.action.amount == ast.Amount(kind="var", value="Y")
    assert line.ability.costs.steps[0].action.amount == ast.Amount(kind="var", value="X")  # type: ignore[union-attr]


def test_the_payer_still_chooses_x_and_the_count_is_counted_apart() -> None:
    """Before, the count bound X (1 creature): 1 life paid, no X asked, 1 card drawn."""
    agent = Recorder([[2]])  # X = 3
    text = "Pay X life → draw X cards, then gain life equal to the number of creatures you control."
    engine, miser = _miser(life=5, deck=5, text=text, agent=agent)
    (ability,) = engine.definition(miser).abilities
    assert engine.resolve(ability, miser, 0)
    assert _asked_x(agent) == [
        (
            "choose X for the cost of miser",
            (1, 2, 3, 4, 5),
            ("X = 1", "X = 2", "X = 3", "X = 4", "X = 5"),
        )
    ]
    # 5 - 3 paid + 1 gained (the miser, the one creature); 3 cards drawn of 5
    assert engine.state.players[0].resources["life"] == 3
    assert _zone_sizes(engine, "hand", "deck") == (3, 2)


def _found(game: str, text: str) -> list[Diagnostic]:
    definition = load_game(game)
    parsed = definition.parse(text)
    assert parsed.diagnostics == ()
    return [d for d in check_script(parsed.script, definition.registry) if d.span]


def _problems(game: str, text: str) -> list[tuple[str, int, int, str, tuple[str, ...]]]:
    return [(d.code, d.span.line, d.span.column, d.message, d.hints) for d in _found(game, text)]


def test_a_letter_bound_twice_is_refused_at_the_second_binding() -> None:
    text = (
        "Deal X damage to target enemy, where X is the number of cards in your hand, "
        "where X is the number of characters you control."
    )
    assert _problems("marvel-champions", text) == [
        (
            "CS-T027",
            1,
            77,
            'X is bound twice: "where X is the number of characters you control" would '
            'replace "where X is the number of cards in your hand"',
            (
                'perhaps try another letter: "where Y is the number of characters you '
                'control", and Y where that number is read',
            ),
        )
    ]


def _where(span: Span) -> tuple[int, int, int]:
    return (span.line, span.column, span.end_column)


def _warnings(game: str, text: str) -> list[tuple[object, ...]]:
    return [
        (d.code, d.severity.value, _where(d.span), d.message, *d.hints) for d in _found(game, text)
    ]


def test_an_x_that_equal_to_left_unread_is_a_warning_at_its_where() -> None:
    """ "Equal to …" counted Y, so the author's X was counted for nothing, silently."""
    text = (
        "Deal damage equal to the number of cards in your hand to target enemy, "
        "where X is the number of characters you control."
    )
    assert _warnings("marvel-champions", text) == [
        (
            "CS-T028",
            "warning",
            (1, 72, 119),  # "where X is the number of characters you control"
            "X is defined but never used",
            'perhaps try "Deal X damage to target enemy, where X is the number of characters '
            'you control." ("equal to the number of cards in your hand" counts a number of '
            "its own, not X)",
        )
    ]


def test_an_x_no_count_takes_is_a_warning_with_the_plain_hint() -> None:
    text = "Draw 2 cards, where X is the number of characters you control."
    assert _warnings("vs-system", text) == [
        (
            "CS-T028",
            "warning",
            (1, 15, 62),
            "X is defined but never used",
            'perhaps try X where that number is read, or remove "where X is the number of '
            'characters you control"',
        )
    ]


def test_an_x_that_is_read_is_no_warning() -> None:
    assert _warnings("vs-system", VS_LINE) == []
    read = "Deal X damage to target enemy, where X is the number of characters you control."
    assert _warnings("marvel-champions", read) == []
