"""Phrasings authors bring from printed cards and other games: the registry's
``other_words:`` (a hint naming the game's word, and why)."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest
import yaml

from cardscript import GAMES
from cardscript.games import load_game
from cardscript.grammar.diagnostics import Span
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
