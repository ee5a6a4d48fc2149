"""Split card-script text into logical lines of raw pieces with exact positions.

Which grammar terminal a word becomes is decided later, by the parser driver, from the
game's registry and the terminals the parser accepts at that point (see ``classify``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from cardscript.grammar.diagnostics import Diagnostic, Span, error

MAX_TEXT_CHARS = 100_000  # one card's rules text; longer input is rejected, not parsed
MAX_LINE_PIECES = 400  # one ability; bounds parser work on hostile input
MAX_NUMBER_DIGITS = 4300  # Python's own str->int limit, as for numbers in YAML (CS-Y009)


@dataclass(frozen=True)
class Piece:
    """One lexical piece: ``kind`` is WORD, INT, SIGNED, VAR, TRIPLE, STRING, LABEL, POSS or
    punctuation (COMMA, DOT, DOT_THEN, COLON, SEMI, LPAR, RPAR, ARROW)."""

    kind: str
    text: str  # the source text of the piece
    value: str  # normalised value (string contents without quotes, '+1', ...)
    span: Span


@dataclass(frozen=True)
class Comment:
    """A ``#`` comment: kept so that ``cardscript fmt`` never loses an author's notes."""

    line: int
    text: str  # from "#" to the end of the line
    own_line: bool  # nothing but the comment on its line


@dataclass(frozen=True)
class LogicalLine:
    pieces: tuple[Piece, ...]
    span: Span  # from the first to the last piece


_PUNCT: Mapping[str, str] = {
    ",": "COMMA",
    ":": "COLON",
    ";": "SEMI",
    "(": "LPAR",
    ")": "RPAR",
    "→": "ARROW",
    "—": "COLON",
}

# Leading blanks are part of every match (one match per token, not two), and the most
# common tokens are tried first; a strike (X-Y-Z) must still come before a word.
_TOKEN_RE = re.compile(
    r"""
    (?P<ws>[ \t\r\f\v\u00a0]*)
  (?:
    (?P<triple>[0-9XYZ]+-[0-9XYZ]+-[0-9XYZ]+(?![\w-]))
  | (?P<word>[^\W\d_](?:[\w]|['’\-](?=\w))*)
  | (?P<comment>\#[^\n]*)
  | (?P<arrow>->|=>)
  | (?P<limit>\d+[ \t]*/[ \t]*[^\W\d_]+(?=[ \t]*:))
  | (?P<badnumber>[+\-−]?\d+(?:[.,]\d+|[^\W\d_]\w*))
  | (?P<signed>[+\-−](?:\d+|[XYZN])(?![\w]))
  | (?P<int>\d+(?![\w]))
  | (?P<string>"[^"\n]*"|«[^»\n]*»|“[^”\n]*”)
  | (?P<badstring>["«“][^\n]*)
  | (?P<label>\[[^\]\n]{1,40}\])
  | (?P<dotthen>\.[ \t]*(?:\n[ \t]+)?then(?![\w]))
  | (?P<dot>\.)
  | (?P<punct>[,:;()→—])
  | (?P<newline>\n)
  | (?P<other>[^ \t\r\f\v\u00a0\n])
  )
    """,
    re.VERBOSE | re.IGNORECASE,
)

# a limit as Vanguard cards print it before a line's colon: "1/Turn", "[1/Turn]"
_LIMIT_RE = re.compile(r"(\[?\s*)(\d+)(\s*)/(\s*)([^\W\d_]+)\s*\]?")
_POSSESSIVE_RE = re.compile(r"^(.+?)['’]s$", re.IGNORECASE)
_VAR_RE = re.compile(r"^[XYZN]$")


def _lines_index(text: str) -> list[int]:
    starts = [0]
    starts.extend(m.end() for m in re.finditer(r"\n", text))
    return starts


class _Positions:
    """Offset -> 1-based (line, column), computed once per text."""

    def __init__(self, text: str) -> None:
        self._starts = _lines_index(text)

    def at(self, offset: int) -> tuple[int, int]:
        lo, hi = 0, len(self._starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, offset - self._starts[lo] + 1

    def span(self, start: int, end: int) -> Span:
        line, col = self.at(start)
        end_line, end_col = self.at(end)
        return Span(line, col, end_line, end_col, start, end)


def split_lines(
    text: str, comments: list[Comment] | None = None
) -> tuple[list[LogicalLine], list[Diagnostic]]:
    """Tokenise a whole card text into logical lines (and collect comments if asked).

    A physical line that starts with a space or tab continues the previous line, so long
    abilities can wrap. Blank lines and ``#`` comments separate nothing and mean nothing.
    """
    diagnostics: list[Diagnostic] = []
    if len(text) > MAX_TEXT_CHARS:
        pos = _Positions(text[:1])
        return [], [
            error(
                "CS-P007",
                f"card text is too long ({len(text):,} characters; the limit is "
                f"{MAX_TEXT_CHARS:,})",
                pos.span(0, 1),
            )
        ]
    positions = _Positions(text)
    lines: list[LogicalLine] = []
    current: list[Piece] = []
    at_line_start = True
    indented = False
    newlines = 0

    bad_line = [False]  # one lexical error per logical line: the first says it all

    def report(problem: Diagnostic) -> None:
        if not bad_line[0]:
            diagnostics.append(problem)
            bad_line[0] = True

    def flush() -> None:
        bad_line[0] = False
        if current:
            span = current[0].span.through(current[-1].span)
            lines.append(LogicalLine(tuple(current), span))
            current.clear()

    line_no, line_start = 1, 0  # positions are counted as the text is scanned
    for match in _TOKEN_RE.finditer(text):
        kind = match.lastgroup or "other"
        start, end = match.span(kind)
        raw = match.group(kind)
        if (
            start > match.start()
            and at_line_start
            and match.start() > 0
            and (text[match.start() - 1] == "\n")
        ):
            indented = True
        if kind == "comment":
            if comments is not None:
                line_no, col = positions.at(start)
                own = not text[start - col + 1 : start].strip()
                comments.append(Comment(line_no, raw.rstrip(), own))
            continue
        if kind == "newline":
            at_line_start, indented = True, False
            newlines += 1
            line_no, line_start = line_no + 1, end
            continue
        if at_line_start:
            # An indented line continues the previous one, unless a blank line came between.
            if not indented or newlines >= 2:
                flush()
            at_line_start, indented = False, False
        newlines = 0
        if "\n" in raw:  # ". \n  then" spans two lines
            span = positions.span(start, end)
            line_no, line_start = span.end_line, end - span.end_column + 1
        else:
            span = Span(line_no, start - line_start + 1, line_no, end - line_start + 1, start, end)
        if kind == "word":
            current.extend(_word_pieces(raw, span))
        elif kind in ("int", "signed", "triple") and _too_long(raw):
            report(_too_long_number(raw, span))
        elif kind == "int":
            current.append(Piece("INT", raw, raw, span))
        elif kind == "signed":
            value = "-" + raw[1:] if raw[0] in "-−" else raw
            current.append(Piece("SIGNED", raw, value, span))
        elif kind == "triple":
            current.append(Piece("TRIPLE", raw, raw.upper(), span))
        elif kind == "string":
            current.append(Piece("STRING", raw, raw[1:-1], span))
        elif kind == "badnumber":
            report(
                error(
                    "CS-P009",
                    f'"{raw}" is not a whole number',
                    span,
                    "numbers in card text are whole numbers, such as 5000",
                )
            )
        elif kind == "badstring":
            report(
                error(
                    "CS-P005",
                    "this quoted name is never closed",
                    span,
                    "perhaps try adding the closing quote at the end of the name",
                )
            )
        elif kind == "limit" or (kind == "label" and _LIMIT_RE.fullmatch(raw)):
            current.extend(_limit_pieces(raw, span))
        elif kind == "label":
            current.append(Piece("LABEL", raw, raw, span))
        elif kind == "dotthen":
            current.append(Piece("DOT_THEN", raw, ". then", span))
        elif kind == "dot":
            current.append(Piece("DOT", raw, raw, span))
        elif kind == "arrow":
            current.append(Piece("ARROW", raw, "→", span))
        elif kind == "punct":
            current.append(Piece(_PUNCT[raw], raw, raw, span))
        else:
            report(_unexpected(raw, span))
    flush()
    return lines, diagnostics


def _too_long(number: str) -> bool:
    return len(number) > MAX_NUMBER_DIGITS and any(
        len(digits) > MAX_NUMBER_DIGITS for digits in re.findall(r"\d+", number)
    )


def _too_long_number(number: str, span: Span) -> Diagnostic:
    """CS-P009 for a number no one means (its digits would not even convert)."""
    digits = max(len(d) for d in re.findall(r"\d+", number))
    return error(
        "CS-P009",
        f"this number has {digits:,} digits; numbers in card text have at most "
        f"{MAX_NUMBER_DIGITS:,}",
        span,
        "perhaps try a number of a few digits, such as 5000",
    )


def _unexpected(raw: str, span: Span) -> Diagnostic:
    """CS-P004; a character that shows nothing (an em space, a line separator) is named
    by its code point, since quoting it shows a blank."""
    shown = f'"{raw}"'
    hint = "perhaps try removing it; card text uses words, numbers and , . : ; ( ) →"
    if not raw.isprintable():
        name = unicodedata.name(raw, "")
        shown = f"U+{ord(raw):04X}" + (f" {name}" if name else "")
        if unicodedata.category(raw).startswith("Z"):  # a space or a line break of its own
            hint = "perhaps try a plain space in its place"
    return error("CS-P004", f"unexpected character {shown}", span, hint)


def _limit_pieces(raw: str, span: Span) -> Iterator[Piece]:
    """ "1/Turn" as the number, the slash and the period, each at its place (the grammar
    reads them as the line's "(once per turn)")."""
    found = _LIMIT_RE.fullmatch(raw)
    assert found is not None  # (matched so by the token pattern)

    def part(group: int) -> Span:
        start, end = found.span(group)
        return Span(
            span.line,
            span.column + start,
            span.line,
            span.column + end,
            span.offset + start,
            span.offset + end,
        )

    yield Piece("INT", found.group(2), found.group(2), part(2))
    slash = found.end(3)
    yield Piece(
        "SLASH",
        "/",
        "/",
        Span(
            span.line,
            span.column + slash,
            span.line,
            span.column + slash + 1,
            span.offset + slash,
            span.offset + slash + 1,
        ),
    )
    yield from _word_pieces(found.group(5), part(5))


def _word_pieces(raw: str, span: Span) -> Iterator[Piece]:
    """A word, with a possessive "'s" split off and contractions opened up."""
    lowered = raw.casefold().replace("’", "'")
    if lowered in _CONTRACTIONS:
        first, second = _CONTRACTIONS[lowered]
        yield Piece("WORD", raw, first, span)
        if second:
            yield Piece("WORD", "", second, span)
        return
    possessive = _POSSESSIVE_RE.match(raw)
    if possessive and lowered not in _KEEP_S:
        base = possessive.group(1)
        base_span = Span(
            span.line,
            span.column,
            span.line,
            span.column + len(base),
            span.offset,
            span.offset + len(base),
        )
        poss_span = Span(
            span.line,
            span.column + len(base),
            span.end_line,
            span.end_column,
            span.offset + len(base),
            span.end_offset,
        )
        yield Piece("WORD", base, base, base_span)
        yield Piece("POSS", raw[len(base) :], "'s", poss_span)
        return
    if _VAR_RE.match(raw):
        yield Piece("VAR", raw, raw, span)
        return
    yield Piece("WORD", raw, raw, span)


_CONTRACTIONS: Mapping[str, tuple[str, str]] = {
    "can't": ("cannot", ""),
    "cannot": ("cannot", ""),
    "don't": ("do", "not"),
    "doesn't": ("do", "not"),
    "isn't": ("is", "not"),
    "aren't": ("is", "not"),
}

_KEEP_S = frozenset({"it's", "let's"})


def glued(pieces: Sequence[Piece]) -> str:
    """The pieces' text with signs glued to the word before them, as written (hints that
    give an author's words back)."""
    out, before = "", ""
    for piece in pieces:
        joined = (
            not out
            or out.endswith("(")
            or piece.kind in ("COMMA", "RPAR", "POSS", "DOT", "DOT_THEN", "COLON")
            or (piece.kind == "LPAR" and before == "LABEL")  # "[ACT](RC)"
        )
        out += ("" if joined else " ") + piece.text
        before = piece.kind
    return out


def piece_word(pieces: Sequence[Piece], i: int) -> str:
    """The word at ``pieces[i]``, folded; "" for a sign, a number or past either end."""
    return pieces[i].value.casefold() if 0 <= i < len(pieces) and pieces[i].kind == "WORD" else ""
