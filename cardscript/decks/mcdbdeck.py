"""MarvelCDB deck exports (the JSON of marvelcdb.com's public deck and decklist API).

The fields read: ``name``; ``hero_code`` (the identity; older exports call it
``investigator_code``); ``slots`` ({card code: copies}, the hero's own cards included);
``sideSlots`` (the sideboard); ``meta``, a JSON *string* such as
``{"aspect":"justice","aspect2":"aggression"}``. Everything else (``id``, ``date_*``,
``description_md``, ``user_id``, ``version``, ``tags``, ``problem``,
``ignoreDeckLimitSlots``) is ignored. Positions come from the JSON text: each slot's
diagnostics point at its code.

| code    | meaning |
|---|---|
| CS-D006 | the file is not valid JSON, or its ``meta`` is not a JSON object |
"""

from __future__ import annotations

import json
import re
from typing import Any

from cardscript.cardfiles.yamltext import LineIndex
from cardscript.decks.entries import bad_count
from cardscript.decks.model import MAIN, SIDEBOARD, Deck, DeckEntry
from cardscript.grammar.diagnostics import Diagnostic, Span, error
from cardscript.safe_read import MAX_JSON_DIGITS, json_value

GAME = "marvel-champions"
HERO_KEYS = ("hero_code", "investigator_code")


def is_marvelcdb_deck(data: object) -> bool:
    return isinstance(data, dict) and "slots" in data and any(k in data for k in HERO_KEYS)


def load_json(text: str, path: str) -> tuple[Any, Diagnostic | None]:
    try:
        return json_value(text), None
    except json.JSONDecodeError as exc:
        span = Span(exc.lineno, exc.colno, exc.lineno, exc.colno + 1, exc.pos, exc.pos + 1, path)
        return None, error("CS-D006", f"this file is not valid JSON: {exc.msg}", span)


def read_marvelcdb_deck(text: str, path: str) -> Deck:
    data, problem = load_json(text, path)
    top = Span.point(1, 1, path)
    if problem is not None:
        return Deck(path, "marvelcdb", GAME, "", None, (), text=text, diagnostics=(problem,))
    if not is_marvelcdb_deck(data):
        return Deck(
            path,
            "marvelcdb",
            GAME,
            "",
            None,
            (),
            text=text,
            diagnostics=(
                error(
                    "CS-D001",
                    'this JSON file is not a MarvelCDB deck: it needs "hero_code" and "slots"',
                    top,
                    "export the deck from MarvelCDB as JSON",
                ),
            ),
        )
    locate = _Locator(text, path)
    problems: list[Diagnostic] = []
    entries: list[DeckEntry] = []
    for key, section in (("slots", MAIN), ("sideSlots", SIDEBOARD)):
        slots = data.get(key)
        if not slots:
            continue
        if not isinstance(slots, dict):
            problems.append(
                error("CS-D001", f'"{key}" must map card codes to copies', locate.key(key))
            )
            continue
        start = locate.offset_of_key(key)
        for code, count in slots.items():
            span = locate.key(code, start)
            if isinstance(count, str) and count.isdigit() and len(count) <= MAX_JSON_DIGITS:
                count = int(count)  # (a count of 5,000 digits stays text: int() refuses it)
            if type(count) is not int or not 1 <= count <= 9999:
                if count != 0:  # MarvelCDB leaves removed cards at 0
                    problems.append(bad_count(count, span))
                continue
            entries.append(DeckEntry(str(code), count, span, section))
    fields: dict[str, Any] = {}
    spans: dict[str, Span] = {}
    hero_key = next(k for k in HERO_KEYS if k in data)
    fields["identity"] = str(data[hero_key])
    spans["identity"] = locate.value(hero_key)
    aspects, meta_problem = _aspects(data.get("meta"), locate.value("meta"))
    if meta_problem is not None:
        problems.append(meta_problem)
    if aspects:
        fields["aspects"] = aspects
        spans["aspects"] = locate.value("meta")
        for i in range(len(aspects)):
            spans[f"aspects.{i}"] = locate.value("meta")
    return Deck(
        path,
        "marvelcdb",
        GAME,
        str(data.get("name") or ""),
        None,
        tuple(entries),
        fields,
        spans,
        text,
        tuple(problems),
    )


def _aspects(meta: Any, span: Span) -> tuple[list[str], Diagnostic | None]:
    if meta in (None, ""):
        return [], None
    if isinstance(meta, str):
        try:
            meta = json_value(meta)
        except json.JSONDecodeError:
            meta = None
    if not isinstance(meta, dict):
        return [], error(
            "CS-D006", '"meta" must be a JSON object such as {"aspect":"justice"}', span
        )
    found = [str(meta[k]) for k in ("aspect", "aspect2") if meta.get(k)]
    return found, None


class _Locator:
    """Finds where a key or its value is written in JSON text (first match after ``start``)."""

    def __init__(self, text: str, path: str) -> None:
        self.text, self.path, self.lines = text, path, LineIndex(text)

    def offset_of_key(self, key: str, start: int = 0) -> int:
        match = re.compile(re.escape(json.dumps(key)) + r"\s*:").search(self.text, start)
        return match.start() if match else start

    def key(self, key: str, start: int = 0) -> Span:
        quoted = json.dumps(key)
        match = re.compile(re.escape(quoted) + r"\s*:").search(self.text, start)
        if match is None:
            return Span.point(1, 1, self.path)
        return self.lines.span(match.start(), match.start() + len(quoted), self.path)

    def value(self, key: str) -> Span:
        match = re.compile(re.escape(json.dumps(key)) + r"\s*:\s*").search(self.text)
        if match is None:
            return Span.point(1, 1, self.path)
        end = match.end()
        token = re.compile(r'"(?:[^"\\]|\\.)*"|[^,}\s]+').match(self.text, end)
        return self.lines.span(end, token.end() if token else end + 1, self.path)
