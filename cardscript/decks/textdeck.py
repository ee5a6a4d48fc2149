"""Plain-text deck lists, as players paste them.

One card per line: ``3x Name``, ``3 Name``, ``Name x3``. Blank lines and ``#`` / ``//``
comments are skipped (also after a card: ``3x Name  # note``). ``key: value`` lines set
the game, the deck's name and format, and the sections a game needs: ``Hero: Spider-Man``
(Marvel Champions identity), ``Aspect: Justice``, ``Team: A, B, C`` (Pocket Duel). Any
other header (``Characters:``, ``Allies (10)``, ``// Sideboard``) starts a section;
``Sideboard``/``Side deck``/``Maybe`` lines go to the sideboard, ``Squad`` to Berserk's
squad, the rest to the deck. A line before the first card with no count is the deck's
name (MarvelCDB's text export starts that way).

| code    | meaning |
|---|---|
| CS-D004 | no ``game:`` line and no ``--game`` |
"""

from __future__ import annotations

import re
from typing import Any

from cardscript import GAMES
from cardscript.cardfiles.yamltext import LineIndex
from cardscript.decks.entries import parse_entry
from cardscript.decks.model import MAIN, SIDEBOARD, Deck, DeckEntry
from cardscript.grammar.diagnostics import Diagnostic, Span, did_you_mean, error

# header word -> what it sets
_INFO = {"game": "game", "deck": "name", "name": "name", "title": "name", "format": "format"}
_FIELDS = {
    "hero": "hero",
    "identity": "identity",
    "aspect": "aspects",
    "aspects": "aspects",
    "team": "team",
    "heroes": "team",
}
_SIDE_WORDS = {"sideboard", "side deck", "side", "maybe", "maybeboard", "considering", "side board"}
_HEADER = re.compile(r"^(?P<word>[^\d:#][^:]*?)\s*(?:\((?P<n>\d+)\))?\s*:\s*(?P<value>.*)$")
_COUNTED_HEADER = re.compile(r"^(?P<word>[^\d(][^(]*?)\s*\((?P<n>\d+)\)$")
_INLINE_COMMENT = re.compile(r"\s+(#|//).*$")
_BULLET = re.compile(r"^[-*•]\s+(?=\S)")
_LIST_SPLIT = re.compile(r"\s*(?:,|;|\band\b|\+|/)\s*")


def read_text_deck(text: str, path: str, *, game: str | None = None) -> Deck:
    lines = LineIndex(text)
    problems: list[Diagnostic] = []
    info: dict[str, str] = {}
    spans: dict[str, Span] = {}
    fields: dict[str, Any] = {}
    entries: list[DeckEntry] = []
    section = MAIN
    list_field: str | None = None  # a "Team:" header with no value collects the next lines
    for number in range(1, len(lines.starts) + 1):
        raw = lines.line(number)
        stripped = raw.strip()
        if not stripped:
            continue
        indent = len(raw) - len(raw.lstrip())
        if stripped.startswith(("#", "//")):
            word = stripped.lstrip("#/ ").rstrip(": ").casefold()
            if word in _SIDE_WORDS:
                section, list_field = SIDEBOARD, None
            continue
        body = _INLINE_COMMENT.sub("", stripped)
        bullet = _BULLET.match(body)
        if bullet is not None:  # "- 3x Gull Scout", a list pasted from notes or a forum
            body, indent = body[bullet.end() :], indent + bullet.end()
        span = Span(number, indent + 1, number, indent + 1 + len(body), file=path)
        header = _HEADER.match(body)
        if header is not None and not _is_entry(body):
            word = header["word"].strip().casefold()
            value = header["value"].strip()
            if word in _INFO and value:
                info[_INFO[word]] = value
                spans[_INFO[word]] = _value_span(raw, value, number, path)
                continue
            if word in _FIELDS:
                key = _FIELDS[word]
                values = [v for v in _LIST_SPLIT.split(value) if v] if value else []
                _add_values(fields, spans, key, values, raw, number, path)
                list_field = None if value else key
                continue
            section, list_field = _section(word), None
            continue
        counted = _COUNTED_HEADER.match(body)
        if counted is not None and not _is_entry(body):
            section, list_field = _section(counted["word"].strip().casefold()), None
            continue
        if list_field is not None and not _is_entry(body):
            _add_values(fields, spans, list_field, [body], raw, number, path)
            continue
        parsed = parse_entry(body, span)
        if isinstance(parsed, Diagnostic):
            if not entries and "name" not in info and parsed.code == "CS-D002":
                info["name"] = body  # a title line before the cards
                spans["name"] = span
                continue
            problems.append(parsed)
            continue
        list_field = None
        entries.append(DeckEntry(parsed[0], parsed[1], span, section))
    found_game = info.get("game", game)
    if found_game not in GAMES:
        where = spans.get("game", Span.point(1, 1, path))
        shown = f'"{found_game}"' if found_game else "missing"
        problems.append(
            error(
                "CS-D004",
                f"the game is {shown}; a deck list names one of: {', '.join(GAMES)}",
                where,
                did_you_mean(found_game, GAMES)
                if found_game
                else 'perhaps try a first line "game: vs-system" (or --game)',
            )
        )
        found_game = None
    return Deck(
        path,
        "text",
        found_game,
        info.get("name", ""),
        info.get("format"),
        tuple(entries),
        fields,
        spans,
        text,
        tuple(problems),
    )


def _is_entry(body: str) -> bool:
    return body[:1].isdigit() or bool(re.search(r"\s[xX×]\s*\d+$", body))


def _section(word: str) -> str:
    word = re.sub(r"\s*\(\d+\)$", "", word)
    if word in _SIDE_WORDS:
        return SIDEBOARD
    if word in ("squad", "set", "отряд", "набор"):
        return "squad"
    return MAIN


def _value_span(raw: str, value: str, number: int, path: str) -> Span:
    column = raw.find(value) + 1 if value in raw else 1
    return Span(number, column, number, column + len(value), file=path)


def _add_values(
    fields: dict[str, Any],
    spans: dict[str, Span],
    key: str,
    values: list[str],
    raw: str,
    number: int,
    path: str,
) -> None:
    if key in ("hero", "identity") and len(values) == 1:
        fields[key] = values[0]
        spans[key] = _value_span(raw, values[0], number, path)
        return
    found = fields.setdefault(key, [])
    if not isinstance(found, list):
        found = fields[key] = [found]
    for value in values:
        spans[f"{key}.{len(found)}"] = _value_span(raw, value, number, path)
        found.append(value)
    spans.setdefault(key, Span(number, 1, number, len(raw) + 1, file=path))
