"""Canonical layout of a whole card text, keeping the author's comments.

The AST has no comments, so they are carried across by position: a comment on its own line
stays before the ability that follows it, and a comment after code stays at the end of that
ability's line.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardscript.grammar.diagnostics import Diagnostic
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.lexer import Comment, split_lines
from cardscript.grammar.parser import parse_script
from cardscript.grammar.registry import Registry


@dataclass(frozen=True)
class Formatted:
    text: str | None  # None when the text has errors and was left alone
    diagnostics: tuple[Diagnostic, ...]


def format_text(text: str, registry: Registry) -> Formatted:
    """The canonical form of ``text``, or None with the reasons if it does not parse."""
    result = parse_script(text, registry)
    if not result.ok:
        return Formatted(None, result.diagnostics)
    comments: list[Comment] = []
    split_lines(text, comments)
    formatter = Formatter(registry)
    out: list[str] = []
    pending = sorted(comments, key=lambda c: c.line)
    nodes: list[tuple[int, int, str]] = []
    if result.script.version is not None:
        nodes.append((1, 1, f"cardscript {result.script.version}"))
    for line in result.script.lines:
        start = line.span.line if line.span else 0
        end = line.span.end_line if line.span else start
        nodes.append((start, end, formatter.line(line)))
    # A blank line the author left between two items (abilities or comment lines) is kept,
    # as one blank line: it groups the text.
    last_line = 0

    def emit(text: str, first: int, last: int) -> None:
        nonlocal last_line
        if out and first - last_line > 1 and _blank_between(source_lines, last_line, first):
            out.append("")
        out.append(text)
        last_line = last

    source_lines = text.split("\n")
    for start, end, rendered in nodes:
        while pending and pending[0].own_line and pending[0].line < start:
            comment = pending.pop(0)
            emit(comment.text, comment.line, comment.line)
        trailing = [c for c in pending if not c.own_line and start <= c.line <= end]
        for c in trailing:
            pending.remove(c)
        if trailing:
            first, *rest = rendered.split("\n")
            rendered = "\n".join([first + "  " + " ".join(c.text for c in trailing), *rest])
        emit(rendered, start, end)
    for comment in pending:
        emit(comment.text, comment.line, comment.line)
    return Formatted("\n".join(out) + "\n" if out else "", result.diagnostics)


def _blank_between(lines: list[str], after: int, before: int) -> bool:
    """Is there an empty line strictly between 1-based lines ``after`` and ``before``?"""
    return any(not lines[n - 1].strip() for n in range(after + 1, before) if n - 1 < len(lines))
