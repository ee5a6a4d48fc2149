"""Validate one card file on its own: YAML, envelope, schema, card script, card checks.

What needs every file at once (unique ids, references) is in crossref.py; this module
returns, besides its diagnostics, a summary of each card for those checks.

| code | meaning |
|---|---|
| CS-C001 | the file holds no cards |
| CS-C002 | the file is not a mapping with game, set and cards |
| CS-C003 | the game is missing or unknown |
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardscript import GAMES
from cardscript.cardfiles.scriptmemo import ScriptMemo
from cardscript.grammar.diagnostics import Diagnostic, Span, did_you_mean, error

ENVELOPE_KEYS = ("game", "set", "language", "cards")


@dataclass(frozen=True)
class CardSummary:
    """What other files need to know about one card."""

    game: str
    id: str
    name: str
    type: str
    span: Span
    refs: tuple[tuple[str, str, Span], ...] = ()  # (field, referenced id, where)
    fields: tuple[tuple[str, Any], ...] = ()  # printed fields other checks read


@dataclass(frozen=True)
class FileResult:
    path: str
    game: str | None
    diagnostics: tuple[Diagnostic, ...]
    cards: tuple[CardSummary, ...] = ()
    text: str = ""


def card_entries(data: Any) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """(JSON path, card mapping) for each card of a loaded file."""
    if not isinstance(data, dict):
        return []
    cards = data.get("cards")
    if isinstance(cards, list):
        return [((("cards", i)), c) for i, c in enumerate(cards) if isinstance(c, dict)]
    if "id" in data:
        return [((), data)]
    return []


def check_document(
    doc: Any, *, keywords_dir: str | None = None, memo: ScriptMemo | None = None
) -> FileResult:
    """Every problem of one loaded YamlDocument, with the cards it defines (with a memo,
    the card texts it has seen are not parsed again)."""
    from cardscript.cardfiles.cardchecks import card_diagnostics, summarise
    from cardscript.cardfiles.schema_errors import schema_diagnostics
    from cardscript.games import load_game
    from cardscript.schemas import quick_check, validator

    diagnostics: list[Diagnostic] = list(doc.diagnostics)
    if any(d.is_error for d in diagnostics) or doc.data is None:
        if doc.data is None and not diagnostics:
            diagnostics.append(
                error(
                    "CS-C001",
                    "this card file is empty",
                    Span.point(1, 1, doc.path),
                    'perhaps try "game: …", "set: …" and "cards: [...]"',
                )
            )
        return FileResult(doc.path, None, tuple(diagnostics), text=doc.text)
    data = doc.data
    if not isinstance(data, dict):
        diagnostics.append(
            error(
                "CS-C002",
                "a card file must be a mapping with game, set and cards",
                doc.span_of(()),
                'perhaps try "game: vs-system"',
            )
        )
        return FileResult(doc.path, None, tuple(diagnostics), text=doc.text)
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        where = doc.span_of(("game",)) if "game" in data else doc.span_of(())
        shown = f'"{game}"' if game is not None else "missing"
        diagnostics.append(
            error(
                "CS-C003",
                f"the game is {shown}; a card file names one of: {', '.join(GAMES)}",
                where,
                did_you_mean(str(game), GAMES)
                if isinstance(game, str)
                else 'perhaps try "game: vs-system"',
            )
        )
        return FileResult(doc.path, None, tuple(diagnostics), text=doc.text)
    entries = card_entries(data)
    if not entries and not isinstance(data.get("cards"), list):
        diagnostics.append(
            error(
                "CS-C001",
                "this card file has no cards",
                doc.span_of(()),
                'perhaps try "cards:" followed by a list of cards',
            )
        )
    if not quick_check(game)(data):
        diagnostics.extend(schema_diagnostics(validator(game).iter_errors(data), doc))
    definition = load_game(game, keywords_dir)
    cards: list[CardSummary] = []
    for path, card in entries:
        diagnostics.extend(card_diagnostics(game, path, card, doc, definition, memo))
        summary = summarise(game, path, card, doc)
        if summary is not None:
            cards.append(summary)
    diagnostics.sort(key=lambda d: d.sort_key())
    return FileResult(doc.path, game, tuple(diagnostics), tuple(cards), doc.text)


def check_file(path: str, *, keywords_dir: str | None = None) -> FileResult:
    from cardscript.cardfiles.yamlsource import load_yaml_file

    return check_document(load_yaml_file(path), keywords_dir=keywords_dir)


def fields_of(card: Mapping[str, Any], names: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    return tuple((n, card[n]) for n in names if n in card)
