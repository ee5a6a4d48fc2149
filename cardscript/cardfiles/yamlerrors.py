"""Diagnostics for input that cannot be loaded at all: I/O, size, encoding, syntax."""

from __future__ import annotations

import re

import yaml
from yaml.error import MarkedYAMLError

from cardscript.cardfiles.yamltext import LineIndex
from cardscript.grammar.diagnostics import Diagnostic, Span, error
from cardscript.safe_read import MAX_BYTES, UnreadableFile, read_bytes
from cardscript.safe_read import too_large as size_words

# Texts up to this size that libyaml rejects are re-read with the pure-Python parser
# (the reference, with the documented wording). It is 20-50x slower than libyaml (up
# to ~0.5 s for 32 KiB of dense YAML); in bigger files only the lines up to an error
# this early are re-read, for the wording.
REPARSE_LIMIT = 32 * 1024
# pyyaml's reader set; checked up front so both parsers report it the same way.
_NOT_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
_HINTS = (
    ("mapping values are not allowed", 'quote a value that contains ": ", e.g. text: "Cost: 2"'),
    ("'\\t'", "indent with spaces; YAML does not allow tabs for indentation"),
    ("expected <block end>", "check this line's indentation against the lines above"),
    ("could not find expected ':'", 'a key needs ": " after it; check for a missing colon'),
    ("while scanning a quoted scalar", "a quoted string is missing its closing quote"),
)


def with_line(diag: Diagnostic, lines: LineIndex) -> Diagnostic:
    return diag.at(diag.span, lines.line(diag.span.line)) if diag.span else diag


def io_error(name: str, reason: str) -> Diagnostic:
    return error("CS-IO1", f"cannot read file: {reason}", Span.point(1, 1, name))


def too_large(name: str, size: int, limit: int) -> Diagnostic:
    message = f"file is {size_words(size, limit)}"
    return error("CS-Y006", message, Span.point(1, 1, name), "split the cards into several files")


def read_source(path: str, max_bytes: int = MAX_BYTES) -> str | Diagnostic:
    """A file's text (a BOM dropped), or the one problem that stops reading it: CS-IO1
    where it cannot be read (a usage or I/O error), CS-Y006 too large, CS-Y002 at its
    first byte that is not UTF-8 (both bad content, as in a card file)."""
    try:
        raw = read_bytes(path, max_bytes)
    except UnreadableFile as exc:
        if exc.size is not None:
            return too_large(path, exc.size, max_bytes)
        return io_error(path, exc.reason)
    text = decode(raw, path)
    return text if isinstance(text, Diagnostic) else text.removeprefix("\ufeff")


def decode(raw: bytes, name: str) -> str | Diagnostic:
    """The UTF-8 text of ``raw``, or CS-Y002 at the line:col of the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8").removeprefix("\ufeff")
        line, column = LineIndex(good).position(len(good))
        span = Span(line, column, line, column + 1, len(good), len(good) + 1, name)
        hint = "save the file as UTF-8"
        if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
            hint = "the file looks like UTF-16; save it as UTF-8"
        shown = LineIndex(raw.decode("utf-8", "replace").removeprefix("\ufeff")).line(line)
        message = f"file is not valid UTF-8: invalid byte 0x{raw[exc.start]:02x}"
        return error("CS-Y002", message, span, hint).at(span, shown)


def bad_character(lines: LineIndex, name: str) -> Diagnostic | None:
    """CS-Y001 for the first character YAML does not allow anywhere (e.g. U+0007)."""
    bad = _NOT_PRINTABLE.search(lines.text)
    if bad is None:
        return None
    span = lines.span(bad.start(), bad.end(), name)
    message = f"character U+{ord(bad.group()):04X} is not allowed in YAML"
    hint = r'remove it, or write it as an escape inside double quotes, e.g. "\x07"'
    return with_line(error("CS-Y001", message, span, hint), lines)


def syntax_error(exc: yaml.YAMLError, lines: LineIndex, name: str, *, reparse: bool) -> Diagnostic:
    """CS-Y001 from a parser error, worded as pyyaml's pure-Python parser words it."""
    if reparse and isinstance(exc, MarkedYAMLError):
        exc = python_error(exc, lines) or exc
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    offset = mark.index if mark is not None else getattr(exc, "position", 0)
    problem = getattr(exc, "problem", None) or getattr(exc, "reason", None) or str(exc)
    message = str(problem)
    context, context_mark = getattr(exc, "context", None), getattr(exc, "context_mark", None)
    if context and context_mark is not None and context_mark.index != offset:
        line, column = lines.position(context_mark.index)
        message += f" ({context} at line {line}, column {column})"
    elif context:
        message += f" ({context})"
    hints = [hint for needle, hint in _HINTS if needle in message]
    diag = error("CS-Y001", message, lines.span(offset, offset + 1, name), *hints[:1])
    return with_line(diag, lines)


def python_error(exc: MarkedYAMLError, lines: LineIndex) -> MarkedYAMLError | None:
    """Re-read the text up to libyaml's error with pyyaml's parser, for its wording."""
    mark = exc.problem_mark or exc.context_mark
    if mark is None or mark.index > REPARSE_LIMIT:
        return None
    line = lines.position(mark.index)[0]
    cut = lines.line_start(line + 3)  # two lines of lookahead past the problem
    if cut > 2 * REPARSE_LIMIT:  # those lines are huge
        return None
    loader = yaml.SafeLoader(lines.text[:cut])
    try:
        while loader.check_event():
            loader.get_event()
    except MarkedYAMLError as found:
        problem = found.problem_mark
        # Near the cut a truncated token may fail for its own reasons; trust only errors
        # well before it (or anywhere when nothing was cut).
        if problem is not None and (
            cut >= len(lines.text) or lines.position(problem.index)[0] <= line + 1
        ):
            return found
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    return None


# A \u or \U escape of a UTF-16 half (an even run of backslashes before it is text).
_HALF_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*(\\(?:u|U0000)[dD][89a-fA-F][0-9a-fA-F]{2})")


def surrogate_escape(text: str, start: int, end: int) -> tuple[int, int, str, str] | None:
    """(start, end, message, hint) for the first escape of a UTF-16 half in the quoted
    scalar text[start:end]. pyyaml reads it as a lone surrogate, which no UTF-8 output
    can hold (libyaml refuses it); a JSON-style pair is told its one escape."""
    found = _HALF_ESCAPE.search(text, start, end)
    if found is None:
        return None
    written = found.group(1)
    message = f"escape {written} is half of a UTF-16 surrogate pair, not a character"
    hint = r'write the character itself, or its code point as one escape, e.g. "\U0001F600"'
    low = _HALF_ESCAPE.match(text, found.end(), end)
    high, second = int(written[-4:], 16), int(low.group(1)[-4:], 16) if low else 0
    if low and 0xD800 <= high < 0xDC00 <= second:
        point = 0x10000 + ((high - 0xD800) << 10) + (second - 0xDC00)
        hint = rf'write the character itself, or "\U{point:08X}" for the pair'
    return found.start(1), found.end(1), message, hint
