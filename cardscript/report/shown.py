"""Text the CLI prints, safe under any output encoding.

A file name whose bytes are not UTF-8 reaches Python with each such byte as a lone
surrogate (PEP 383); a strict UTF-8 or an ASCII output cannot write it, and the command
stopped with an internal error. Such a byte is shown as ``\\xff``, any other character the
output cannot hold as ``\\u2026``: the same in every locale.
"""

from __future__ import annotations

import codecs
import io
from dataclasses import replace
from typing import Any

from cardscript.grammar.diagnostics import Diagnostic
from cardscript.report.model import Report

HANDLER = "cardscript.shown"


def _escape(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte surrogateescape kept: the byte itself
        return f"\\x{code - 0xDC00:02x}"
    return char.encode("ascii", "backslashreplace").decode("ascii")


def _handler(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return "".join(_escape(c) for c in exc.object[exc.start : exc.end]), exc.end


codecs.register_error(HANDLER, _handler)


def printable(text: str) -> str:
    """A name printed within a line (a file's path, a game's name): its control
    characters, which a terminal would act on (an escape sequence, a line break, a
    carriage return), shown as ``\\x1b``, ``\\n``, ``\\r`` and the like."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or not _control(c) else _control_escape(c) for c in text)


def _control(char: str) -> bool:
    code = ord(char)
    return code < 0x20 or 0x7F <= code < 0xA0


def _control_escape(char: str) -> str:
    return char.encode("unicode_escape").decode("ascii")


def shown(text: str) -> str:
    """``text`` with what UTF-8 cannot write (a file name's stray bytes) escaped."""
    return text.encode("utf-8", HANDLER).decode("utf-8")


def shown_report(report: Report) -> Report:
    """The report with its file names and messages as ``shown`` writes them: escaped in
    the text itself, so JSON and SARIF stay valid."""
    return replace(
        report,
        diagnostics=tuple(_shown_diagnostic(d) for d in report.diagnostics),
        checked=tuple(shown(f) for f in report.checked),
        sources={shown(f): text for f, text in report.sources.items()},
    )


def _shown_diagnostic(d: Diagnostic) -> Diagnostic:
    span = d.span.with_file(shown(d.span.file)) if d.span and d.span.file else d.span
    return replace(d, span=span, message=shown(d.message), hints=tuple(map(shown, d.hints)))


def make_safe(stream: Any) -> None:
    """Have a text stream escape what its encoding cannot write instead of failing."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors=HANDLER)
