"""A bare number counting what a condition's subject has or controls is that many or more
("if this has 2 counters": 2, 3, …); an author may have meant exactly, so validate says
how it reads and how to write either (CS-T019)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, warning
from cardscript.grammar.format_phrases import PhraseFormatter
from cardscript.grammar.registry import Registry

# the tests that count what their subject has: counters, a resource, cards in a zone
_HAS = frozenset({"has_counters", "has_resource", "has_cards"})


def check_bare_counts(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    """CS-T019 at each bare number counted in a condition of the line."""
    words: PhraseFormatter | None = None
    for node in line.walk():
        if not isinstance(node, ast.Test):
            continue
        found = _bare(node)
        if found is None:
            continue
        count, counted = found
        words = words or PhraseFormatter(registry)
        yield _warning(words, node, count, counted)


def _bare(t: ast.Test) -> tuple[ast.Amount, ast.Test] | None:
    """The bare number a test counts with, and the test as a comparison would say it
    (``comparison`` set); None where it has none."""
    cmp = t.comparison
    if t.kind in _HAS and cmp is not None and cmp.op is None and cmp.value.kind in _NUMBERS:
        return cmp.value, t
    subject = t.subject
    q = subject.quantifier if isinstance(subject, ast.Cards) else None
    if t.kind == "you_control" and cmp is None and q is not None and q.kind == "n_cards":
        assert isinstance(subject, ast.Cards) and q.count is not None
        # "you control 3 creatures": as "you control 3 or more creatures" would say it
        counted = replace(subject, quantifier=None, plural=True)
        return q.count, replace(t, subject=counted, comparison=ast.Comparison(value=q.count))
    return None


_NUMBERS = frozenset({"int", "var"})


def _warning(
    words: PhraseFormatter, t: ast.Test, count: ast.Amount, counted: ast.Test
) -> Diagnostic:
    """The warning at ``count``: how the test reads, and how to write what it may mean."""
    written = words.test(t)

    def said(op: str | None = None, amount: ast.Amount | None = None) -> str:
        cmp = counted.comparison
        assert cmp is not None
        return words.test(
            replace(counted, comparison=replace(cmp, op=op, value=amount or cmp.value))
        )

    if count.kind == "int" and count.value == 0:
        hint = f'perhaps try "{said(amount=ast.Amount(kind="no"))}"' if t.kind in _HAS else ""
        message = f'"{written}" always holds: a bare number counts that many or more'
        return warning("CS-T019", message, count.span, hint)
    shown = words.amount(count)
    return warning(
        "CS-T019",
        f'a bare number counts that many or more: "{written}" holds with {shown} or more',
        count.span,
        f'perhaps try "{said("or more")}" (the same), or "{said("exactly")}"',
    )
