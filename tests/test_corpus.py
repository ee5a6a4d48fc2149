"""The card-text corpus: every good text parses, formats idempotently and round-trips;
every wrong text gives exactly its listed diagnostics (code, line:col, message, hints)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cardscript import GAMES
from cardscript.games import base_registry, load_game
from cardscript.grammar import ast
from cardscript.grammar.checks import check_script
from cardscript.grammar.formatter import format_script
from cardscript.grammar.registry import WORD_CLASSES

CORPUS = Path(__file__).parent / "corpus"


def _good() -> list[tuple[str, str, str]]:
    out = []
    for game in GAMES:
        path = CORPUS / f"{game}.yaml"
        if path.is_file():
            out.extend((game, e["name"], e["text"]) for e in yaml.safe_load(path.read_text()))
    return out


def _wrong() -> list[dict]:
    out: list[dict] = []
    for path in sorted(CORPUS.glob("errors-*.yaml")):
        out.extend(yaml.safe_load(path.read_text("utf-8")))
    return out


GOOD = _good()
WRONG = _wrong()


def test_corpus_size() -> None:
    assert len(GOOD) >= 60
    assert len(WRONG) >= 40


@pytest.mark.parametrize(("game", "name", "text"), GOOD, ids=[f"{g}:{n}" for g, n, _ in GOOD])
def test_good_text_round_trips(game: str, name: str, text: str) -> None:
    definition = load_game(game)
    first = definition.parse(text)
    assert [d.message for d in first.diagnostics] == []
    assert check_script(first.script, definition.registry) == []
    formatted = format_script(first.script, definition.registry)
    second = definition.parse(formatted)
    assert second.diagnostics == ()
    assert second.script == first.script
    assert format_script(second.script, definition.registry) == formatted


@pytest.mark.parametrize("entry", WRONG, ids=[f"{e['game']}:{e['text'][:40]}" for e in WRONG])
def test_wrong_text_diagnostics(entry: dict) -> None:
    definition = load_game(entry["game"])
    result = definition.parse(entry["text"])
    found = list(result.diagnostics)
    if result.ok:
        found.extend(check_script(result.script, definition.registry))
    actual = [
        {
            "code": d.code,
            "line": d.span.line if d.span else None,
            "column": d.span.column if d.span else None,
            "message": d.message,
            "hints": list(d.hints),
        }
        for d in found
    ]
    assert actual == entry["diagnostics"]


#: Where each game's rule hooks must point: a section of its spec digest (and how many
#: hooks a game has at least).
SECTION_MARK = {
    "pocket-duel": (re.compile(r"§\d"), 1),
    "vanguard": (re.compile(r"§\d"), 1),
    "berserk": (re.compile(r"§\d|\bA\d+\b|DICT|GLOSS|INTRO"), 20),
    "marvel-champions": (re.compile(r"\bG\d\d\b|MC-[A-Z]|\bD-\d+|GAP-\d+|§\d|Appendix"), 20),
}


@pytest.mark.parametrize("game", sorted(SECTION_MARK))
def test_keywords_file_is_clean(game: str) -> None:
    definition = load_game(game)
    assert definition.keyword_diagnostics == ()
    assert definition.keyword_defs
    for keyword in definition.keyword_defs:
        script = ast.Script(lines=keyword.body)
        assert check_script(script, definition.registry, params=keyword.params) == []
        # A keyword body formats and parses back to itself.
        line = ast.AbilityLine(ability=keyword)
        text = format_script(ast.Script(lines=(line,)), definition.registry)
        again = definition.parse(text)
        assert again.diagnostics == ()
        assert again.script.lines == (line,)


@pytest.mark.parametrize("game", sorted(SECTION_MARK))
def test_every_registry_entry_is_documented(game: str) -> None:
    registry = base_registry(game)
    for token_class in WORD_CLASSES:
        for term in registry.terms(token_class):
            assert term.doc, f"{token_class} {term.id} has no doc"
    mark, least = SECTION_MARK[game]
    hooks = registry.terms("HOOK")
    assert len(hooks) >= least
    for hook in hooks:
        assert hook.kind in ("bool", "int", "word"), hook.id
        assert hook.default is not None, hook.id
        assert mark.search(hook.doc), f"hook {hook.id} names no spec section"
