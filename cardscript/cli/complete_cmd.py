"""``cardscript complete``: what may be written at a line:column of a card file, for editors.

A card file's cursor is mapped into the card text it stands in (a ``text:`` value, whatever
its YAML style); a ``.cardscript`` keywords file is card script throughout. An editor sends
its unsaved buffer on standard input with ``--stdin``.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardscript import GAMES, safe_read
from cardscript.grammar.complete import Completion, Completions, complete

_AT = re.compile(r"\A([0-9]+):([0-9]+)\Z")


class CompleteError(Exception):
    """A usage or I/O problem: the message is for stderr, the code the exit status."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def run_complete(path: Path, at: str, *, game: str | None, stdin: bool, fmt: str) -> int:
    try:
        line, column = _position(at)
        if game is not None:
            _game_of(path, game)  # a misspelt --game is a usage error wherever the cursor is
        source = _read_stdin() if stdin else _read(path)
        lines = _Lines(source, yaml=path.suffix != ".cardscript")
        line, column = _within(lines, line, column)
        text, offset, game_id, to_file = _script_at(path, lines, line, column, game)
    except CompleteError as problem:
        sys.stderr.write(f"{problem}\n")
        return problem.code
    # a keywords file is completed with the keywords it defines, not the bundled ones
    keywords = (source, str(path)) if path.suffix == ".cardscript" else None
    found = NOTHING_HERE if text is None else complete_in(game_id, text, offset, keywords)
    sys.stdout.write(_render(found, offset, to_file, fmt))
    return 0


NOTHING_HERE = Completions(())


# a keywords file's text and path, read for the keywords it defines (``definition_of``)
Keywords = tuple[str, str]


def complete_in(game: str, text: str, offset: int, keywords: Keywords | None = None) -> Completions:
    return complete(text, offset, definition_of(game, keywords).registry)


def definition_of(game: str, keywords: Keywords | None = None) -> Any:
    """The game's definition; with ``keywords``, the keywords are those that keywords file
    defines (as it is now, saved or not) if it is the game's (its folder names the game),
    else the bundled content's."""
    from cardscript.games import keywords_game, load_game

    if keywords is None or Path(keywords[1]).parent.name != game:
        return load_game(game)
    return keywords_game(game, *keywords)


def _position(at: str) -> tuple[int, int]:
    match = _AT.match(at.strip())
    if match is None or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise CompleteError(
            f'error: --at takes LINE:COLUMN counted from 1, such as 12:7; got "{at}"'
        )
    return int(match.group(1)), int(match.group(2))


# how far past a line's end an editor's cursor may sit (virtual space, as on a blank line
# of a block being written): never this far
_VIRTUAL_COLUMNS = 256


class _Lines:
    """A file's lines as its reader counts them, so that a cursor means what the file's
    diagnostics mean: YAML ends lines at CR, LF or CRLF (a file saved with lone CRs has
    them), card script at LF."""

    def __init__(self, source: str, *, yaml: bool) -> None:
        from cardscript.cardfiles.yamltext import LineIndex

        self.source = source
        self.starts = (
            LineIndex(source).starts if yaml else [0, *(m.end() for m in _LF.finditer(source))]
        )

    def __len__(self) -> int:
        return len(self.starts)

    def text(self, line: int) -> str:
        """Line ``line`` (1-based) without its line break."""
        end = self.starts[line] if line < len(self.starts) else len(self.source)
        return self.source[self.starts[line - 1] : end].rstrip(_BREAKS)

    def offset(self, line: int, column: int) -> int:
        """The offset of a 1-based line:column, clamped to the text (an editor's cursor
        may sit past a line's end)."""
        if line > len(self.starts):
            return len(self.source)
        return self.starts[line - 1] + min(column - 1, len(self.text(line)))


_LF = re.compile("\n")
_BREAKS = "\r\n\x85\u2028\u2029"


def _within(lines: _Lines, line: int, column: int) -> tuple[int, int]:
    """The cursor in the text: a line below the last is a usage error; a column far past
    its line's end is taken as ``_VIRTUAL_COLUMNS`` past it (no text is made that long)."""
    if line > len(lines):
        raise CompleteError(
            f"error: --at {line}:{column} is below the last line of the text ({len(lines)})"
        )
    return line, min(column, len(lines.text(line)) + _VIRTUAL_COLUMNS)


def _read(path: Path) -> str:
    try:
        return safe_read.read_text(path)
    except safe_read.UnreadableFile as exc:
        raise CompleteError(f"error: cannot read {path}: {exc.reason}") from None


def _read_stdin() -> str:
    text = sys.stdin.read(safe_read.MAX_BYTES + 1)
    if len(text) > safe_read.MAX_BYTES:
        raise CompleteError(
            f"error: standard input is larger than {safe_read.shown_size(safe_read.MAX_BYTES)}"
        )
    return text


def _game_of(path: Path, named: str | None) -> str:
    if named is not None:
        if named not in GAMES:
            from cardscript.game_names import unknown_game_message

            raise CompleteError(f"error: {unknown_game_message(named)}")
        return named
    if path.parent.name in GAMES:
        return path.parent.name
    raise CompleteError(f"error: which game is {path} written for? perhaps try --game {GAMES[0]}")


def script_at_offset(
    path: Path, source: str, offset: int, game: str | None
) -> tuple[str | None, int, str, Any]:
    """``_script_at`` for a cursor given as an offset into ``source`` (a language server's
    buffer); raises CompleteError as ``complete`` would stop."""
    line, column = _line_col(source, offset)
    lines = _Lines(source, yaml=path.suffix != ".cardscript")
    return _script_at(path, lines, line, column, game)


def _script_at(
    path: Path, lines: _Lines, line: int, column: int, game: str | None
) -> tuple[str | None, int, str, Any]:
    """(card script text or None, cursor offset in it, game, text offset -> file line:col)."""
    source = lines.source
    offset = lines.offset(line, column)
    if path.suffix == ".cardscript":
        return source, offset, _game_of(path, game), lambda n: _line_col(source, n)
    from cardscript.cardfiles.yamlsource import load_yaml_text

    doc = load_yaml_text(source, str(path))
    data = doc.data
    if data is None and doc.diagnostics:
        first = doc.diagnostics[0]
        where = f"{path}:{first.span.line}:{first.span.column}" if first.span else str(path)
        raise CompleteError(f"{where}: {first.severity.value}[{first.code}]: {first.message}", 1)
    for value_path, value in _texts(data):
        found = _cursor_in(doc, value_path, value, offset, line, column)
        if found is not None:
            named = data.get("game") if isinstance(data, dict) else None
            game_id = _game_of(path, game if game is not None or named not in GAMES else named)
            return (*found[:2], game_id, found[2])
    return None, 0, "", None


def _texts(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every card text of a file (``text:`` values, at any depth: back faces too)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "text" and isinstance(value, str):
                yield (*path, key), value
            else:
                yield from _texts(value, (*path, key))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            yield from _texts(value, (*path, n))


def _cursor_in(
    doc: Any, path: tuple[Any, ...], value: str, offset: int, line: int, column: int
) -> tuple[str, int, Any] | None:
    """(text, cursor offset in it, text offset -> file line:col) if the cursor is in it."""
    from cardscript.cardfiles.yamlsource import source_offset_to_text

    located = doc.positions.get(path)
    if located is None:
        return None
    span, style = located.span, located.style
    quoted = style in ("'", '"')
    inside = (
        span.offset < offset < span.end_offset
        if quoted
        else span.offset <= offset <= span.end_offset
    )
    if inside:
        at = source_offset_to_text(doc, path, offset)
        return value, at, lambda n: _file_position(doc, path, n)
    if style == "|" and line == span.end_line and column > span.end_column:
        # after spaces that end the block's last line ("If it is |"): the node ends at
        # its last word, the text keeps the spaces (as many as the line has)
        gap = doc.line(line)[span.end_column - 1 : column - 1]
        if not gap.strip():
            end = source_offset_to_text(doc, path, span.end_offset)
            at = min(end + len(gap), len(value.rstrip("\n")))
            return value, at, lambda n: _file_position(doc, path, n)
    indent = located.block_indent
    if style not in ("|", ">") or indent is None or line <= span.end_line:
        return None
    # Below a block's last line: a new line being written, if only blanks lead up to the
    # cursor and it is indented as the block's content is.
    between = [doc.line(n) for n in range(span.end_line + 1, line)]
    here = doc.line(line)[: column - 1]
    if any(text.strip() for text in between) or here.strip() or column < indent:
        return None
    text = value.rstrip("\n") + "\n" * (line - span.end_line) + " " * (column - indent)
    return text, len(text), lambda n: (line, column - (len(text) - n))


def _line_col(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def _file_position(doc: Any, path: tuple[Any, ...], offset: int) -> tuple[int, int]:
    from cardscript.cardfiles.yamlsource import text_offset_to_span

    span = text_offset_to_span(doc, path, offset, offset)
    return span.line, span.column


def _render(found: Completions, cursor: int, to_file: Any, fmt: str) -> str:
    if fmt == "json":
        items = [_item(c, cursor, to_file) for c in found.items]
        return (
            json.dumps(
                {"completions": items, "expects": list(found.expects)}, ensure_ascii=False, indent=2
            )
            + "\n"
        )
    if not found.items and not found.expects:
        return ""
    width = max((len(c.text) for c in found.items), default=0)
    kinds = max((len(c.kind) for c in found.items), default=0)
    rows = [f"{c.text:<{width}}  {c.kind:<{kinds}}  {c.doc}".rstrip() for c in found.items]
    if found.expects:
        rows.append("also: " + ", ".join(found.expects))
    return "\n".join(rows) + "\n"


def _item(item: Completion, cursor: int, to_file: Any) -> dict[str, Any]:
    start_line, start_column = to_file(item.start)
    end_line, end_column = to_file(cursor)
    return {
        "text": item.text,
        "kind": item.kind,
        "doc": item.doc,
        "replace": {
            "start": {"line": start_line, "column": start_column},
            "end": {"line": end_line, "column": end_column},
        },
    }
