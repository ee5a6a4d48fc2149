"""Phrasings authors bring from printed cards and other games: the registry's
``other_words:`` (a hint naming the game's word, and why) and Vanguard's printed limit
("[ACT](VC) 1/Turn:"), read as the card script's "(once per turn)"."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest
import yaml

from cardscript import GAMES
from cardscript.games import load_game
from cardscript.grammar.diagnostics import Span
from cardscript.grammar.formatter import format_script
from cardscript.grammar.other_words import spelling_of
from cardscript.grammar.refusals import RegistryError
from cardscript.grammar.registry import OtherWord, registry_from_data


def _berserk_data() -> dict[str, Any]:
    text = resources.files("cardscript.kernels.berserk").joinpath("registry.yaml")
    return yaml.safe_load(text.read_text("utf-8"))


def _hints(game: str, text: str, registry: Any = None) -> list[tuple[str, Span | None, str, tuple]]:
    definition = load_game(game)
    result = definition.parse(text) if registry is None else _parse(text, registry)
    return [(d.code, d.span, d.message, d.hints) for d in result.diagnostics]


def _parse(text: str, registry: Any) -> Any:
    from cardscript.grammar.parser import parse_script

    return parse_script(text, registry)


def test_other_words_are_read_by_word() -> None:
    registry = load_game("berserk").registry
    assert registry.other_words["tap"] == OtherWord(
        "close", "Berserk closes a card where other games tap or exhaust it (§219)"
    )
    assert registry.other_words["damage"] == OtherWord(
        "wound", "Berserk deals wounds, not damage (§15)"
    )
    assert registry.other_words["generate"].said == "gain"  # a word of the card script's own


@pytest.mark.parametrize("game", GAMES)
def test_every_game_writes_what_it_says_instead(game: str) -> None:
    registry = load_game(game).registry
    assert registry.other_words, game
    for word, other in registry.other_words.items():
        assert spelling_of(other.said, registry), (game, word)


def test_an_author_adds_a_word_without_python() -> None:
    data = _berserk_data()
    data["other_words"]["wound"]["words"].append("harm")
    data["other_words"]["curse"] = {"words": ["hex"], "reason": "Berserk curses a card"}
    registry = registry_from_data(data)
    text = "Deal 2 harm to target creature."
    assert _hints("berserk", text, registry) == [
        (
            "CS-P002",
            Span(1, 8, 1, 12, 7, 11),
            'unknown word "harm" after "2"; expected a state or quality or a kind of damage',
            (
                'perhaps try "Deal 2 wounds to target creature": Berserk deals wounds, not damage '
                "(§15)",
            ),
        )
    ]
    (found,) = _hints("berserk", "Hex target creature.", registry)
    assert found[3] == ('perhaps try "Curse target creature": Berserk curses a card',)
    # without the entry, the same words get no such hint (what the registry adds)
    (plain,) = _hints("berserk", text)
    assert plain[3] == ()


_BOTH = "other_words close: words (a list) and reason are both needed"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"bogus": {"words": ["tap2"], "reason": "r"}},
            "other_words bogus: no term of the game has this id",
        ),
        ({"close": {"words": ["tap2"]}}, _BOTH),
        ({"close": {"words": "tap2", "reason": "r"}}, _BOTH),
        ({"close": None}, _BOTH),
        (
            {"summon": {"words": ["tap"], "reason": "r"}},
            "other_words summon: 'tap' is already said otherwise",
        ),
    ],
)
def test_a_wrong_entry_stops_the_registry(change: dict[str, Any], message: str) -> None:
    data = _berserk_data()
    data["other_words"].update(change)
    with pytest.raises(RegistryError) as raised:
        registry_from_data(data)
    assert str(raised.value) == message


# ---- Vanguard's printed limit ------------------------------------------------------------

_ONCE = "[ACT](VC): Counter Blast 1 → draw a card (once per turn).\n"
# (the text as printed, as `cardscript fmt` writes it, and the columns of its limit)
PRINTED_LIMITS = [
    ("[ACT](VC) 1/Turn: Counter Blast 1 → draw a card.", _ONCE, (11, 17)),
    ("[ACT](VC)1/Turn: Counter Blast 1 → draw a card.", _ONCE, (10, 16)),
    ("[ACT](VC)[1/Turn]: Counter Blast 1 → draw a card.", _ONCE, (11, 17)),
    (
        "[ACT](RC) 2/Turn: Soul Blast 1 → this unit gets +5000 power until end of turn (RC only).",
        "[ACT](RC): Soul Blast 1 → this unit gets +5000 power until end of turn (twice per turn, "
        "RC only).\n",
        (11, 17),
    ),
    (
        "[ACT](VC) 3/Fight: Counter Blast 1 → draw a card.",
        "[ACT](VC): Counter Blast 1 → draw a card (max 3 per fight).\n",
        (11, 18),
    ),
    (
        "[ACT] [ 1 / turn ]: Counter Blast 1 → draw a card.",
        "[ACT]: Counter Blast 1 → draw a card (once per turn).\n",
        (9, 17),
    ),
]


@pytest.mark.parametrize(("printed", "canonical", "columns"), PRINTED_LIMITS)
def test_a_printed_limit_reads_as_the_card_script_limit(
    printed: str, canonical: str, columns: tuple[int, int]
) -> None:
    definition = load_game("vanguard")
    first = definition.parse(printed)
    assert first.diagnostics == ()
    assert format_script(first.script, definition.registry) == canonical
    written = definition.parse(canonical)
    assert written.script == first.script  # the same AST as the canonical form
    start, end = columns  # the limit where it is printed
    assert first.script.lines[0].mods[0].span == Span(1, start, 1, end, start - 1, end - 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a printed limit counts in a period of the game
        (
            "[ACT](VC) 1/Turnn: Counter Blast 1 → draw a card.",
            (
                "CS-P002",
                Span(1, 13, 1, 18, 12, 17),
                'unknown word "Turnn" after "/"; expected a phase or period',
                ('did you mean "turn"?',),
            ),
        ),
        # the slash is read as a limit's only before the label's colon; elsewhere, as before
        (
            "[ACT](VC) 1/Turn Counter Blast 1 → draw a card.",
            (
                "CS-P004",
                Span(1, 12, 1, 13, 11, 12),
                'unexpected character "/"',
                ("perhaps try removing it; card text uses words, numbers and , . : ; ( ) →",),
            ),
        ),
    ],
)
def test_a_printed_limit_written_wrong(text: str, expected: tuple[Any, ...]) -> None:
    assert _hints("vanguard", text) == [expected]


def test_the_printed_limit_is_not_offered_after_a_label() -> None:
    # the number of "1/Turn" may come after a label, but the colon is what an author means
    (found,) = _hints("vanguard", "[AUTO](VC) When this unit attacks, draw a card.")
    assert found[2] == 'unexpected "When" after ")"; expected ":"'
