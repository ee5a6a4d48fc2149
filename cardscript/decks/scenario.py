"""Deck scenarios: a rulebook example about deck building, checked by ``cardscript deck check``.

A scenario file with a ``deck:`` key instead of ``setup``/``actions`` holds a deck list (the
plain-text format, a literal block) and the exact problems the checker must find in it:

    game: vanguard
    scenario: VG-T01c Deck legality — 17 triggers
    source: vanguard.md §12 VG-T01
    format: standard             # optional: the deck's format
    cards: [vg-deck-cards.yaml]  # card files besides the bundled ones (optional)
    bundled_cards: true          # false: the scenario's cards alone
    deck: |
      4 Lantern Squire
      …
    expect:
      legal: false
      diagnostics:               # exactly these, in this order; each names what it checks
        - {code: VG-TRIGGER-COUNT, line: 7, column: 3, message: "This deck has …"}

Positions are the scenario file's own (the deck block is mapped back into the file), so a
failure points at the deck line in the scenario.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardscript.cardfiles.yamlsource import YamlDocument, load_yaml_text
from cardscript.decks.check import check_deck
from cardscript.decks.pool import load_pool
from cardscript.decks.textdeck import read_text_deck
from cardscript.grammar.diagnostics import Diagnostic, Severity
from cardscript.interpreter.scenario import ScenarioResult

_FIELDS = ("code", "line", "column", "message", "hints", "severity")


def run_deck_scenario(path: str | Path, text: str) -> ScenarioResult:
    doc = load_yaml_text(text, str(path))
    data = doc.data if isinstance(doc.data, Mapping) else {}
    result = ScenarioResult(str(data.get("scenario", Path(path).stem)), str(path))
    deck_text = data.get("deck")
    block = doc.positions.get(("deck",))
    if doc.diagnostics or not isinstance(deck_text, str) or block is None or block.style != "|":
        result.error = "a deck scenario's 'deck:' is the deck list as a literal block (deck: |)"
        return result
    extra = [Path(path).parent / p for p in data.get("cards", [])]
    pool = load_pool(extra, bundled=bool(data.get("bundled_cards", True)))
    if pool.problems:
        result.error = "; ".join(d.message for d in pool.problems)
        return result
    deck = read_text_deck(deck_text, str(path), game=str(data["game"]))
    fmt = data.get("format")
    found = [_in_file(d, doc) for d in check_deck(deck, pool, fmt=str(fmt) if fmt else None)]
    result.failures = _compare(found, data.get("expect", {}))
    if result.failures:
        result.trace = [_shown(d) for d in found]
    return result


def _in_file(diagnostic: Diagnostic, doc: YamlDocument) -> Diagnostic:
    """The deck reader counts lines from the block's first; the file counts from its own."""
    span, block = diagnostic.span, doc.positions.get(("deck",))
    if span is None or block is None or block.content_line is None:
        return diagnostic
    moved = span.shifted(block.content_line - 1, (block.block_indent or 1) - 1)
    return diagnostic.at(moved.with_file(doc.path))


def _compare(found: Sequence[Diagnostic], expect: Mapping[str, Any]) -> list[str]:
    failures: list[str] = []
    if "legal" in expect:
        legal = not any(d.is_error for d in found)
        if legal != bool(expect["legal"]):
            failures.append(f"legal: expected {expect['legal']}, got {legal}")
    if "diagnostics" not in expect:
        return failures
    wanted: list[Mapping[str, Any]] = list(expect["diagnostics"] or [])
    if len(wanted) != len(found):
        failures.append(f"diagnostics: expected {len(wanted)}, got {len(found)}")
    for index, (want, got) in enumerate(zip(wanted, found, strict=False)):
        actual = _fields(got)
        for key in _FIELDS:
            if key in want and _normal(want[key]) != actual[key]:
                failures.append(
                    f"diagnostics[{index}].{key}: expected {want[key]!r}, got {actual[key]!r}"
                )
    return failures


def _fields(diagnostic: Diagnostic) -> dict[str, Any]:
    span = diagnostic.span
    return {
        "code": diagnostic.code,
        "line": span.line if span else None,
        "column": span.column if span else None,
        "message": diagnostic.message,
        "hints": list(diagnostic.hints),
        "severity": diagnostic.severity.value,
    }


def _normal(value: Any) -> Any:
    if isinstance(value, Severity):
        return value.value
    return list(value) if isinstance(value, tuple) else value


def _shown(diagnostic: Diagnostic) -> str:
    where = f"{diagnostic.span.line}:{diagnostic.span.column} " if diagnostic.span else ""
    hints = "".join(f" (hint: {h})" for h in diagnostic.hints)
    return f"{where}{diagnostic.code} {diagnostic.message}{hints}"
