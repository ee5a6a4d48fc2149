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
    for start, end, rendered in nodes:
        while pending and pending[0].own_line and pending[0].line < start:
            out.append(pending.pop(0).text)
        trailing = [c for c in pending if not c.own_line and start <= c.line <= end]
        for c in trailing:
            pending.remove(c)
        if trailing:
            first, *rest = rendered.split("\n")
            rendered = "\n".join([first + "  " + " ".join(c.text for c in trailing), *rest])
        out.append(rendered)
    out.extend(c.text for c in pending)
    return Formatted("\n".join(out) + "\n" if out else "", result.diagnostics)
