"""The parser remembers each word's readings by the words they depend on (``_window``):
short keys, shared by many lines. A key too short would hand one line the readings of
another; these tests read every word of many lines both ways and compare."""

from __future__ import annotations

import random

import pytest
import yaml

from cardscript.content import bundled_cards_dir
from cardscript.games import load_game
from cardscript.grammar.lexer import Piece, split_lines
from cardscript.grammar.parser import _candidates, _window, _word_candidates, reserved_words
from cardscript.grammar.sample import sample_text

GAMES = ["vs-system", "pocket-duel", "berserk", "marvel-champions", "vanguard"]


def _bundled_texts(game: str) -> list[str]:
    return [
        card["text"]
        for path in sorted((bundled_cards_dir() / game).glob("*.yaml"))
        for card in (yaml.safe_load(path.read_text()) or {}).get("cards", [])
        if card.get("text")
    ]


def _lines(game: str) -> list[tuple[Piece, ...]]:
    registry = load_game(game).registry
    rng = random.Random(7)
    texts = [sample_text(registry, rng) for _ in range(150)] + _bundled_texts(game)
    return [line.pieces for text in texts for line in split_lines(text)[0]]


@pytest.mark.parametrize("game", GAMES)
def test_remembered_readings_are_each_words_own(game: str) -> None:
    registry = load_game(game).registry
    reserved = reserved_words()
    lines = _lines(game)
    words = [(p, i) for p in lines for i in range(len(p)) if p[i].kind in ("WORD", "VAR")]
    registry.lookup_cache.clear()
    for pieces, i in words:  # every key remembered once, from whichever line came first
        _candidates(pieces, i, registry, reserved)
    wrong = [
        (" ".join(p.value for p in pieces), i)
        for pieces, i in words
        if _candidates(pieces, i, registry, reserved)
        != _word_candidates(pieces, i, registry, reserved)
    ]
    assert wrong == []
    assert len(words) > 3_000  # (the lines were read: not a test of nothing)


def test_a_words_key_ends_where_its_phrases_do() -> None:
    registry = load_game("vs-system").registry

    def windows(text: str) -> list[tuple[str, ...]]:
        (line,), _ = split_lines(text)
        return [_window(line.pieces, i, registry) for i in range(len(line.pieces) - 1)]

    # "draw a" starts no phrase; a sign is ""
    assert windows("Draw a card, then discard a card.") == [
        ("Draw", "a"), ("a", "card"), ("card", ""), ("",), ("then", "discard"),
        ("discard", "a"), ("a", "card"), ("card", ""),
    ]  # fmt: skip
    # a noun keeps the word after it ("a character card": the noun as cards print it)
    assert windows("Discard a character card.")[2] == ("character", "card")
    # "put" starts no phrase of this game: a reading of its own (MOVE_VERB), alone
    assert windows("Put target character into play.")[0] == ("Put",)
    # "this" reads the phrase after it ("this turn": a duration): the whole window
    assert windows("Discard this turn.")[1] == ("this", "turn", "")
