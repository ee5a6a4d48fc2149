"""The human format: rustc-style diagnostics with the offending source line underlined."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from cardscript.grammar.diagnostics import Diagnostic, Span
from cardscript.report.color import BOLD, SEVERITY_STYLE, paint
from cardscript.report.model import Report, ordered
from cardscript.report.shown import printable

TAB_STOP = 4
MAX_SHOWN = 120  # characters of a source line shown; a longer one is cut around the span
SHOWN_BEFORE = 40  # of which before the span's start


def render_text(report: Report, *, color: bool) -> str:
    blocks = [render_diagnostic(d, report.sources, color=color) for d in ordered(report)]
    return "\n\n".join(blocks) + "\n" if blocks else ""


def render_diagnostic(diagnostic: Diagnostic, sources: Mapping[str, str], *, color: bool) -> str:
    """One diagnostic as lines of text, without a trailing newline."""
    style = SEVERITY_STYLE[diagnostic.severity]
    label = paint(f"{diagnostic.severity.value}[{diagnostic.code}]", style, color=color)
    lines = [f"{label}: {paint(diagnostic.message, BOLD, color=color)}"]
    span = diagnostic.span
    width = len(str(span.line)) if span else 1
    pad = " " * (width + 1)
    if span is not None:
        lines.append(f"{' ' * width}--> {printable(str(span))}")
        source = source_line(diagnostic, sources)
        if source is not None:
            shown, start, length = underline(source, span)
            lines.append(f"{pad}|")
            lines.append(f"{span.line:>{width}} | {shown}".rstrip())
            lines.append(f"{pad}| {' ' * start}{paint('^' * length, style, color=color)}")
    lines.extend(f"{pad}= hint: {hint}" for hint in diagnostic.hints)
    return "\n".join(lines)


def source_line(diagnostic: Diagnostic, sources: Mapping[str, str]) -> str | None:
    """The span's first line, from the file's text if we have it, else the diagnostic's."""
    span = diagnostic.span
    text = sources.get(span.file) if span and span.file is not None else None
    if span is not None and text is not None:
        # Split on "\n" only: parsers count lines that way, str.splitlines() would also
        # split on form feeds and U+2028 and shift every later line number.
        file_lines = text.split("\n")
        if 1 <= span.line <= len(file_lines):
            return file_lines[span.line - 1].removesuffix("\r")
    if diagnostic.source_line is not None:
        return diagnostic.source_line.removesuffix("\n").removesuffix("\r")
    return None


def underline(line: str, span: Span) -> tuple[str, int, int]:
    """Return the line as displayed, and the caret's display offset and length.

    Tabs, wide and zero-width characters are laid out in one pass, so the carets sit
    under the same characters however the line is drawn.
    """
    first = min(max(span.column, 1), len(line) + 1)
    last = span.end_column if span.end_line == span.line else len(line) + 1
    last = min(max(last, first), len(line) + 1)
    if len(line) > MAX_SHOWN:
        line, first, last = _cut(line, first, last)
    shown, starts = _layout(line)
    return shown, starts[first - 1], max(1, starts[last - 1] - starts[first - 1])


def _cut(line: str, first: int, last: int) -> tuple[str, int, int]:
    """A long line (a hostile file's 100,000 brackets, minified YAML) cut to
    ``MAX_SHOWN`` characters around the span's start, "…" where text is left out; the
    span's columns moved to match."""
    low = max(0, first - 1 - SHOWN_BEFORE)
    high = min(len(line), low + MAX_SHOWN)
    head = "…" if low > 0 else ""
    kept = head + line[low:high]
    shift = low - len(head)
    first, last = first - shift, min(last - shift, len(kept) + 1)
    return kept + ("…" if high < len(line) else ""), first, last


def _layout(line: str) -> tuple[str, list[int]]:
    """Display text of the line and the display column where each character starts."""
    out: list[str] = []
    starts: list[int] = []
    column = 0
    for char in line:
        starts.append(column)
        if char == "\t":
            spaces = TAB_STOP - column % TAB_STOP
            out.append(" " * spaces)
            column += spaces
            continue
        if unicodedata.category(char) == "Cc":
            char = "\ufffd"  # never let a control character from a file reach the terminal
        out.append(char)
        column += _width(char)
    starts.append(column)
    return "".join(out), starts


def _width(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
