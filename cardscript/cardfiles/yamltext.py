"""Source geometry for YAML text: offsets to line:col, and string values back to source.

``LineIndex`` turns 0-based character offsets into ``Span``s using YAML's own line
breaks. ``scalar_map`` re-reads one scalar's source the way the YAML scanner does
(folding, escapes, block indentation) and records where each value character came
from; the result is checked against the loaded value, so a mapping is either exact
or absent (callers then fall back to the whole scalar).
"""

from __future__ import annotations

import re
from bisect import bisect_right

from cardscript.grammar.diagnostics import Span

# The line breaks both pyyaml's reader and libyaml count (YAML 1.1 adds NEL, LS, PS).
BREAK_CHARS = "\r\n\x85\u2028\u2029"
_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
_ANY_BREAK = re.compile("[\r\n\x85\u2028\u2029]")
_HEADER_END = re.compile(r"[^\r\n\x85\u2028\u2029]*(\r\n|[\r\n\x85\u2028\u2029])?")
_PROPERTY = re.compile(r"[!&]\S*")
_GAP = re.compile(r"(?:[ \t\r\n\x85\u2028\u2029]+|#[^\r\n\x85\u2028\u2029]*)*")
# Tokens of a flow scalar: whitespace runs, text, doubled quotes and (double-quoted) escapes.
_WS = r"[ \t\r\n\x85\u2028\u2029]+"
_TOKEN = re.compile(rf"{_WS}|''|[^' \t\r\n\x85\u2028\u2029]+|'")
_DQ_TOKEN = re.compile(
    r"\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|\r\n|.)"
    rf"|{_WS}|[^\\ \t\r\n\x85\u2028\u2029]+",
    re.S,
)
_FIRST_CONTENT = re.compile(
    r"(?: *(?:\r\n|[\r\n\x85\u2028\u2029]))*( *)(?=[^ \r\n\x85\u2028\u2029])"
)
_ESCAPES = {
    "0": "\0", "a": "\x07", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
    "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\",
    "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029",
}  # fmt: skip

# One mapped stretch: value[vstart:vstart+vlen] came from text[sstart:sstart+slen].
# Equal lengths mean character-for-character; otherwise the whole stretch maps as one.
Segment = tuple[int, int, int, int]


class LineIndex:
    """Line starts of one text, found as far as lookups need them (an early problem in a
    20 MB file must not pay for scanning all of it)."""

    __slots__ = ("_found", "_scanned", "text")
    _STEP = 1 << 16

    def __init__(self, text: str) -> None:
        self.text = text
        self._found = [0]  # starts of the lines in text[:_scanned]
        self._scanned = 0

    def _scan(self, offset: int = -1, line: int = 0) -> list[int]:
        """Scan until ``offset`` is covered and ``line`` has a known end (or text ends)."""
        text, found = self.text, self._found
        while self._scanned < len(text) and (offset >= self._scanned or len(found) <= line):
            end = min(len(text), max(offset + 1, self._scanned + self._STEP))
            if text[end - 1 : end + 1] == "\r\n":  # keep the pair together
                end += 1
            found.extend(m.end() for m in _BREAK.finditer(text, self._scanned, end))
            self._scanned = end
        return found

    @property
    def starts(self) -> list[int]:
        """Every line's starting offset."""
        return self._scan(len(self.text))

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a 0-based offset, clamped to the text."""
        if not 0 <= offset <= len(self.text):
            offset = 0 if offset < 0 else len(self.text)
        starts = self._found if offset < self._scanned else self._scan(offset)
        row = bisect_right(starts, offset) - 1
        return row + 1, offset - starts[row] + 1

    def span(self, start: int, end: int, file: str | None) -> Span:
        line, column = self.position(start)
        end_line, end_column = self.position(end) if end > start else (line, column)
        return Span(line, column, end_line, end_column, start, max(start, end), file)

    def line_start(self, line: int) -> int:
        starts = self._scan(line=line)
        return starts[line - 1] if 1 <= line <= len(starts) else len(self.text)

    def line(self, n: int) -> str:
        starts = self._scan(line=n)
        if not 1 <= n <= len(starts):
            return ""
        end = starts[n] if n < len(starts) else len(self.text)
        return self.text[starts[n - 1] : end].rstrip(BREAK_CHARS)


def skip_properties(text: str, offset: int, limit: int) -> int:
    """Offset of a node's content after its ``&anchor``/``!tag`` (and gaps between)."""
    while offset < limit and text[offset] in "!&":
        offset = _PROPERTY.match(text, offset).end()  # type: ignore[union-attr]
        offset = _GAP.match(text, offset).end()  # type: ignore[union-attr]
    return offset


def tag_range(text: str, offset: int) -> tuple[int, int] | None:
    """Where the ``!tag`` among the properties starting at ``offset`` sits, if any."""
    while text[offset : offset + 1] in ("!", "&"):
        end = _PROPERTY.match(text, offset).end()  # type: ignore[union-attr]
        if text[offset] == "!":
            return offset, end
        offset = _GAP.match(text, end).end()  # type: ignore[union-attr]
    return None


def _break_at(text: str, pos: int) -> tuple[str, int]:
    """The normalised line break at ``pos`` and its source length ('' at end of text)."""
    if text.startswith("\r\n", pos):
        return "\n", 2
    ch = text[pos : pos + 1]
    if ch in ("\r", "\n", "\x85"):
        return "\n", 1
    return (ch, 1) if ch in ("\u2028", "\u2029") else ("", 0)


class _Out:
    """Collects value pieces with their source positions."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.segments: list[Segment] = []
        self.size = 0

    def add(self, value: str, sstart: int, slen: int) -> None:
        if value:
            self.parts.append(value)
            self.segments.append((self.size, len(value), sstart, slen))
            self.size += len(value)

    def value(self) -> str:
        return "".join(self.parts)


def block_header(text: str, offset: int) -> tuple[bool, bool | None, int] | None:
    """Parse a ``|``/``>`` header at ``offset``: (folded, chomping, content start)."""
    if text[offset : offset + 1] not in ("|", ">"):
        return None
    indicators = text[offset + 1 : offset + 3]
    chomp = True if "+" in indicators else False if "-" in indicators else None
    end = _HEADER_END.match(text, offset).end()  # type: ignore[union-attr]
    return text[offset] == ">", chomp, end


def _block(text: str, start: int, indent: int, folded: bool, chomp: bool | None) -> _Out:
    """Mirror of pyyaml's ``scan_block_scalar`` body, recording sources."""
    out, n = _Out(), len(text)

    def breaks(pos: int) -> tuple[list[tuple[str, int, int]], int, int]:
        found, line_start = [], pos
        while pos < n and pos - line_start < indent and text[pos] == " ":
            pos += 1
        while pos < n and text[pos] in BREAK_CHARS:
            brk, size = _break_at(text, pos)
            found.append((brk, pos, size))
            pos += size
            line_start = pos
            while pos < n and pos - line_start < indent and text[pos] == " ":
                pos += 1
        return found, pos, pos - line_start

    found, pos, column = breaks(start)
    line_break: tuple[str, int, int] = ("", n, 0)
    while column == indent and pos < n:
        for brk in found:
            out.add(*brk)
        leading_non_space = text[pos] not in " \t"
        found_break = _ANY_BREAK.search(text, pos)
        end = found_break.start() if found_break else n
        out.add(text[pos:end], pos, end - pos)
        kind, size = _break_at(text, end)
        line_break = (kind, end, size)
        found, pos, column = breaks(end + size)
        if not (column == indent and pos < n):
            break
        if folded and kind == "\n" and leading_non_space and text[pos] not in " \t":
            if not found:
                out.add(" ", end, size)
        else:
            out.add(*line_break)
    if chomp is not False:
        out.add(*line_break)
    if chomp is True:
        for brk in found:
            out.add(*brk)
    return out


def block_indent(text: str, content: int, value: str, folded: bool, chomp: bool | None) -> int:
    """Indentation (in spaces) of a block scalar's content, or -1 if it has none."""
    found = _FIRST_CONTENT.match(text, content)
    if found is None:
        return -1
    spaces = len(found.group(1))
    skipped = len(_BREAK.findall(text, content, found.start(1)))
    # Value line k is source line k less the indentation (exact for literal blocks, and
    # for folded ones up to their first content line).
    parts = value.split("\n", skipped + 1)
    line = parts[skipped] if len(parts) > skipped else ""
    guess = spaces - (len(line) - len(line.lstrip(" ")))
    for indent in dict.fromkeys((guess, spaces)):
        if indent >= 1 and _block(text, content, indent, folded, chomp).value() == value:
            return indent
    return -1


def _flow(text: str, start: int, end: int, style: str | None) -> _Out:
    """Mirror of pyyaml's plain/quoted scalar folding and escapes, recording sources."""
    out = _Out()
    after_escaped_break = False
    tokens = _DQ_TOKEN if style == '"' else _TOKEN
    for token in tokens.finditer(text, start, end):
        piece, pos = token.group(), token.start()
        if piece[0] in " \t\r\n\x85\u2028\u2029":
            breaks = list(_BREAK.finditer(piece))
            if not breaks and not after_escaped_break:
                out.add(piece, pos, len(piece))
                continue
            rest = breaks
            if breaks and not after_escaped_break:  # a plain break folds to a space
                first, rest = breaks[0], breaks[1:]
                brk = _break_at(piece, first.start())[0]
                if brk != "\n" or not rest:
                    out.add(brk if brk != "\n" else " ", pos + first.start(), len(first.group()))
            for m in rest:
                out.add(_break_at(piece, m.start())[0], pos + m.start(), len(m.group()))
            after_escaped_break = False
            continue
        after_escaped_break = False
        if style == "'" and piece == "''":
            out.add("'", pos, 2)
        elif style == '"' and piece[0] == "\\":
            code = piece[1]
            if code in "xuU" and len(piece) > 2:
                out.add(chr(int(piece[2:], 16)), pos, len(piece))
            elif code in "\r\n\x85\u2028\u2029":
                after_escaped_break = True
            else:
                out.add(_ESCAPES.get(code, "\\" + code), pos, len(piece))
        else:
            out.add(piece, pos, len(piece))
    return out


class ScalarMap:
    """Value offsets of one string scalar -> source offsets."""

    def __init__(self, segments: list[Segment], size: int, anchor: int) -> None:
        self.segments = segments
        self.starts = [s[0] for s in segments]
        self.size = size
        self.anchor = anchor  # source offset for an empty value

    def _source(self, i: int, tail: bool) -> int:
        k = bisect_right(self.starts, i) - 1
        if k < 0:
            return self.anchor
        vstart, vlen, sstart, slen = self.segments[k]
        if i >= vstart + vlen:  # past the last piece
            return sstart + slen
        if vlen == slen:
            return sstart + (i - vstart) + (1 if tail else 0)
        return sstart + slen if tail else sstart

    def value_offset(self, source: int) -> int:
        """The value offset a cursor at source offset ``source`` stands at: inside a piece,
        its place there; between pieces (a block's indentation), the next piece's start."""
        k = bisect_right([s[2] for s in self.segments], source) - 1
        if k < 0:
            return 0
        vstart, vlen, sstart, slen = self.segments[k]
        if source >= sstart + slen:
            return vstart + vlen
        return vstart + (source - sstart if vlen == slen else 0)

    def source_range(self, start: int, end: int) -> tuple[int, int]:
        start = max(0, min(start, self.size))
        end = max(start, min(end, self.size))
        first = self._source(start, False)
        return first, (self._source(end - 1, True) if end > start else first)


def scalar_map(
    text: str, start: int, end: int, style: str | None, indent: int | None, value: str
) -> ScalarMap | None:
    """Map ``value`` (loaded from ``text[start:end]``) back to source, or None if unsure."""
    if style in ("|", ">"):
        header = block_header(text, start)
        if header is None:
            return None
        folded, chomp, content = header
        if indent is not None:
            out = _block(text, content, indent, folded, chomp)
        else:  # no content line: the value is the kept blank lines' breaks, in order
            out = _Out()
            for brk in _BREAK.finditer(text, content):
                if out.size == len(value):
                    break
                out.add(_break_at(text, brk.start())[0], brk.start(), len(brk.group()))
        anchor = content
    elif style is None and text[start:end] == value:  # the common single-line case
        return ScalarMap([(0, len(value), start, len(value))], len(value), start)
    else:
        quoted = style in ("'", '"')
        out = _flow(text, start + quoted, end - quoted, style)
        anchor = start + quoted
    if out.value() != value:
        return None
    return ScalarMap(out.segments, out.size, anchor)
