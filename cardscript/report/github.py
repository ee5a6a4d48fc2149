"""GitHub Actions workflow commands (``::error file=…::message``), one per diagnostic.

Escaping follows actions/toolkit ``packages/core/src/command.ts``: ``escapeData`` for
the message and ``escapeProperty`` (which also escapes ``:`` and ``,``) for values.
"""

from __future__ import annotations

from cardscript.grammar.diagnostics import Diagnostic, Severity
from cardscript.report.model import Report, ordered, with_hints

COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}


def escape_data(text: str) -> str:
    # "%" first, or the "%" of every later escape would be escaped again.
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(report: Report) -> str:
    return "".join(annotation(d) + "\n" for d in ordered(report))


def annotation(diagnostic: Diagnostic) -> str:
    """One workflow command; columns are 1-based and endColumn exclusive, as in Span."""
    properties: list[tuple[str, str]] = []
    span = diagnostic.span
    # A line number means nothing to GitHub without the file it is in.
    if span is not None and span.file is not None:
        properties += [
            ("file", span.file),
            ("line", str(span.line)),
            ("col", str(span.column)),
            ("endLine", str(span.end_line)),
            ("endColumn", str(span.end_column)),
        ]
    properties.append(("title", diagnostic.code))
    props = ",".join(f"{key}={escape_property(value)}" for key, value in properties)
    message = with_hints(diagnostic)
    return f"::{COMMAND[diagnostic.severity]} {props}::{escape_data(message)}"
