"""``cardscript fmt``: rewrite card scripts in files, touching nothing else.

In a YAML card file only the text of each card's ``text`` field changes: everything else
(comments, key order, quoting) is kept byte for byte. A text that does not parse is left
as it is and reported.
"""

from __future__ import annotations

import codecs
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardscript import GAMES
from cardscript.cardfiles.yamlerrors import read_source
from cardscript.grammar.diagnostics import Diagnostic, Span, error
from cardscript.safe_write import UnwritableFile, replace_file


@dataclass(frozen=True)
class Outcome:
    changed: bool
    diagnostics: tuple[Diagnostic, ...] = ()


def format_path(path: Path, *, write: bool) -> Outcome:
    original = read_source(str(path))
    if isinstance(original, Diagnostic):
        return Outcome(False, (original,))
    new, problems = format_source(path, original)
    if problems:
        return Outcome(False, tuple(problems))
    if new is None or new == original:
        return Outcome(False)
    if write:
        try:  # (never a half-written card file, even if interrupted)
            replace_file(path, "\ufeff" + new if _has_bom(path) else new)
        except UnwritableFile as exc:
            where = Span.point(1, 1, str(path))
            return Outcome(False, (error("CS-IO2", f"cannot write file: {exc.reason}", where),))
    return Outcome(True)


def format_source(path: Path, text: str) -> tuple[str | None, list[Diagnostic]]:
    """The file's text as ``fmt`` writes it (None: nothing to format), or the problems
    that make ``fmt`` leave it alone; ``text`` need not be what the file holds on disk."""
    if path.suffix == ".cardscript":
        return _format_keywords_file(path, text)
    return _format_card_file(path, text)


def _has_bom(path: Path) -> bool:
    """Whether the file starts with a UTF-8 byte order mark (read_source drops it; the
    file keeps it)."""
    try:
        with open(path, "rb") as handle:  # (a regular file: read_source has read it)
            return handle.read(3) == codecs.BOM_UTF8
    except OSError:
        return False


def _format_keywords_file(path: Path, text: str) -> tuple[str | None, list[Diagnostic]]:
    from cardscript.games import base_registry, game_from_keywords
    from cardscript.grammar.layout import format_text

    game = path.parent.name
    if game not in GAMES:
        return None, [
            error(
                "CS-G001",
                f"cannot tell the game of {path.name}: its folder is not named after a game",
                Span.point(1, 1, str(path)),
                "perhaps try putting it in cards/<game>/",
            )
        ]
    registry = game_from_keywords(base_registry(game), text, str(path)).registry
    result = format_text(text, registry)
    if result.text is None:
        return None, [d.with_file(str(path)) for d in result.diagnostics]
    return result.text, []


def _format_card_file(path: Path, text: str) -> tuple[str | None, list[Diagnostic]]:
    from cardscript.cardfiles.checkfile import card_entries
    from cardscript.cardfiles.yamlsource import load_yaml_text, text_offset_to_span
    from cardscript.games import load_game
    from cardscript.grammar.layout import format_text

    doc = load_yaml_text(text, str(path))
    errors = [d for d in doc.diagnostics if d.is_error]
    if errors:
        return None, errors
    data = doc.data
    if not isinstance(data, dict) or data.get("game") not in GAMES:
        return None, []  # not a card file: nothing to format
    registry = load_game(str(data["game"])).registry
    edits: list[tuple[int, int, str]] = []
    problems: list[Diagnostic] = []
    for card_path, card in card_entries(data):
        value = card.get("text")
        if not isinstance(value, str) or not value.strip():
            continue
        result = format_text(value, registry)
        if result.text is None:
            for d in result.diagnostics:
                if d.span is not None:
                    span = text_offset_to_span(
                        doc,
                        (*card_path, "text"),
                        d.span.offset,
                        max(d.span.end_offset, d.span.offset + 1),
                    )
                    d = d.at(span, doc.line(span.line))
                problems.append(d.with_file(str(path)))
            continue
        if result.text.rstrip("\n") == value.rstrip("\n"):
            continue
        edit = _replacement(doc, (*card_path, "text"), result.text, _line_break(text))
        # an alias (or a merge key) shares its anchor's text: that source is edited once
        if edit is not None and all(edit[0] != done[0] for done in edits):
            edits.append(edit)
    if problems:
        return None, problems
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text, []


def _line_break(text: str) -> str:
    """The file's own line break, for the lines fmt writes (a CRLF file stays CRLF)."""
    first = next((i for i, c in enumerate(text) if c in "\r\n"), -1)
    if first < 0 or text[first] == "\n":
        return "\n"
    return "\r\n" if text.startswith("\r\n", first) else "\r"


def _replacement(
    doc: Any, path: tuple[Any, ...], formatted: str, newline: str
) -> tuple[int, int, str] | None:
    """(start, end, new source) that puts ``formatted`` in place of the scalar at path."""
    located = doc.positions.get(path)
    if located is None:
        return None
    lines = formatted.rstrip("\n").split("\n")
    if located.style == "|" and located.block_indent is not None and located.content_line:
        pad = " " * (located.block_indent - 1)
        start = doc.line_start(located.content_line)
        end = located.span.end_offset
        while doc.text[end : end + 1] in (" ", "\t"):  # the last line's trailing blanks
            end += 1
        body = newline.join(pad + line if line else "" for line in lines)
        return start, end, body
    card = doc.positions.get(path[:-1])
    if card is not None and doc.text.startswith("{", card.span.offset):
        # a flow mapping cannot hold a block scalar: one double-quoted line (JSON's
        # escapes are YAML's; the breaks YAML 1.1 adds are escaped too)
        quoted = json.dumps("\n".join(lines), ensure_ascii=False)
        for mark in "\x85\u2028\u2029":
            quoted = quoted.replace(mark, f"\\u{ord(mark):04x}")
        return located.span.offset, located.span.end_offset, quoted
    key = located.key_span
    indent = (key.column - 1 if key is not None else 0) + 2
    pad = " " * indent
    body = "|" + newline + newline.join(pad + line if line else "" for line in lines)
    return located.span.offset, located.span.end_offset, body
