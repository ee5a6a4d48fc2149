"""YAML deck files: ``game``, ``deck`` (its name), optional ``format``, ``cards``.

``cards`` (and ``sideboard``, Berserk's ``squad``) list entries as ``3 Card Name`` /
``3x SKY-001`` strings or ``{card: …, count: …}`` mappings (by id or by name); a mapping
``{Card Name: 3}`` works too. The sections a game needs sit next to them (Marvel
Champions ``identity``/``aspects``, Pocket Duel ``team``/``teams``/``transfers``). A YAML
deck is told apart from a card file by its top-level ``deck:`` key.

| code    | meaning |
|---|---|
| CS-D001 | not a deck: no top-level ``deck:`` key, or ``cards`` missing or not a list |
| CS-D004 | the game is missing or unknown |
| CS-D008 | a top-level key a deck file does not use (warning) |
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cardscript import GAMES
from cardscript.cardfiles.yamlsource import YamlDocument, load_yaml_text
from cardscript.decks.entries import bad_count, parse_entry, quick_entry
from cardscript.decks.model import MAIN, Deck, DeckEntry
from cardscript.grammar.diagnostics import Diagnostic, Span, did_you_mean, error, warning

ENTRY_SECTIONS = {"cards": MAIN, "sideboard": "sideboard", "squad": "squad"}
FIELD_KEYS = ("identity", "hero", "aspects", "aspect", "team", "heroes", "teams", "transfers")
INFO_KEYS = ("game", "deck", "format", "description", "notes", "author")
KNOWN_KEYS = (*INFO_KEYS, *ENTRY_SECTIONS, *FIELD_KEYS)


def is_yaml_deck(data: object) -> bool:
    return isinstance(data, dict) and "deck" in data


def read_yaml_deck(text: str | bytes, path: str, *, game: str | None = None) -> Deck:
    doc = load_yaml_text(text, path)
    return deck_from_document(doc, game=game)


def deck_from_document(doc: YamlDocument, *, game: str | None = None) -> Deck:
    problems: list[Diagnostic] = list(doc.diagnostics)
    data = doc.data
    if any(d.is_error for d in problems) or not is_yaml_deck(data):
        if not any(d.is_error for d in problems):
            problems.append(
                error(
                    "CS-D001",
                    "this YAML file is not a deck: a deck file has a "
                    'top-level "deck:" key with the deck\'s name',
                    doc.span_of(()),
                    'perhaps try "deck: My Deck" next to "game:" and "cards:"',
                )
            )
        return Deck(
            doc.path, "yaml", None, "", None, (), text=doc.text, diagnostics=tuple(problems)
        )
    assert isinstance(data, dict)
    for key in data:
        if str(key) not in KNOWN_KEYS:
            problems.append(
                warning(
                    "CS-D008",
                    f'a deck file has no key "{key}"; it is ignored',
                    doc.key_span_of((key,)),
                    did_you_mean(str(key), KNOWN_KEYS),
                )
            )
    found_game = _game(doc, data, game, problems)
    entries: list[DeckEntry] = []
    for key, section in ENTRY_SECTIONS.items():
        if key in data:
            entries.extend(_entries(doc, key, section, data[key], problems))
    fields: dict[str, Any] = {}
    spans: dict[str, Span] = {}
    for key in FIELD_KEYS:
        if key in data:
            fields[key] = data[key]
            _record_spans(doc, (key,), data[key], spans)
    for key in ("format", "deck", "game"):
        if key in data:
            spans[key] = doc.span_of((key,))
    for key in ENTRY_SECTIONS:
        if key in data:
            spans[key] = doc.key_span_of((key,))
    fmt = data.get("format")
    return Deck(
        path=doc.path,
        kind="yaml",
        game=found_game,
        name=str(data.get("deck") or ""),
        format=str(fmt) if fmt is not None else None,
        entries=tuple(entries),
        fields=fields,
        spans=spans,
        text=doc.text,
        diagnostics=tuple(problems),
    )


def _game(
    doc: YamlDocument, data: dict[str, Any], default: str | None, problems: list[Diagnostic]
) -> str | None:
    game = data.get("game", default)
    if isinstance(game, str) and game in GAMES:
        return game
    where = doc.span_of(("game",)) if "game" in data else doc.span_of(())
    shown = f'"{game}"' if game is not None else "missing"
    problems.append(
        error(
            "CS-D004",
            f"the game is {shown}; a deck names one of: {', '.join(GAMES)}",
            where,
            did_you_mean(str(game), GAMES)
            if game is not None
            else 'perhaps try "game: vs-system" (or pass --game)',
        )
    )
    return None


def _entries(
    doc: YamlDocument, key: str, section: str, value: Any, problems: list[Diagnostic]
) -> list[DeckEntry]:
    out: list[DeckEntry] = []
    if value is None:
        return out
    if isinstance(value, dict):  # {Card Name: 3, ...}
        for name, count in value.items():
            span = doc.key_span_of((key, name))
            if type(count) is not int or not 1 <= count <= 9999:
                problems.append(bad_count(count, doc.span_of((key, name))))
                continue
            out.append(DeckEntry(str(name), count, span, section))
        return out
    if not isinstance(value, list):
        problems.append(
            error(
                "CS-D001",
                f'"{key}" must be a list of cards, e.g. "- 3x Card Name"',
                doc.span_of((key,)),
            )
        )
        return out
    for i, item in enumerate(value):
        found = _entry(doc, (key, i), item, section)
        if isinstance(found, Diagnostic):
            problems.append(found)
        else:
            out.append(found)
    return out


def _entry(
    doc: YamlDocument, path: tuple[str | int, ...], item: Any, section: str
) -> DeckEntry | Diagnostic:
    if isinstance(item, str):
        found = quick_entry(item)
        if found is not None:
            return DeckEntry(found[0], found[1], partial(doc.span_of, path), section)
    span = doc.span_of(path)
    if isinstance(item, str):
        parsed = parse_entry(item, span)
        if isinstance(parsed, Diagnostic):
            return parsed
        return DeckEntry(parsed[0], parsed[1], span, section)
    if isinstance(item, dict):
        ref_key = next((k for k in ("card", "id", "name") if k in item), None)
        if ref_key is None and len(item) == 1 and not {"count", "copies"} & set(item):
            ((name, count),) = item.items()
            if type(count) is int and 1 <= count <= 9999:
                return DeckEntry(str(name), count, doc.key_span_of((*path, name)), section)
            return bad_count(count, doc.span_of((*path, name)))
        if ref_key is None or not isinstance(item[ref_key], str | int):
            return error(
                "CS-D002",
                'a card entry needs the card\'s id or name in "card:"',
                span,
                'perhaps try "{card: Card Name, count: 3}"',
            )
        count = item.get("count", item.get("copies", 1))
        if type(count) is not int or not 1 <= count <= 9999:
            return bad_count(count, doc.span_of((*path, "count")))
        return DeckEntry(str(item[ref_key]), count, partial(doc.span_of, (*path, ref_key)), section)
    return error(
        "CS-D002",
        'a card entry is a string such as "3x Card Name" or a mapping {card: …, count: …}',
        span,
        'perhaps try "- 3x Card Name"',
    )


def _record_spans(
    doc: YamlDocument,
    path: tuple[str | int, ...],
    value: Any,
    spans: dict[str, Span],
    depth: int = 0,
) -> None:
    spans[".".join(str(p) for p in path)] = doc.span_of(path)
    if depth >= 3:
        return
    if isinstance(value, dict):
        for key, child in value.items():
            _record_spans(doc, (*path, key), child, spans, depth + 1)
    elif isinstance(value, list):
        for i, child in enumerate(value):
            _record_spans(doc, (*path, i), child, spans, depth + 1)
