"""CS-T025: "no" where it names no card to ask about; CS-T026: "there is" with no zone.

"If you control no characters" and "if no card was cancelled this round" ask a condition
of "a character" ("a card") and deny it: "no" is read only as the subject of a condition's
test. An effect, a target or a trigger with "no" acts on or waits for nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.format_phrases import PhraseFormatter
from cardscript.grammar.registry import Registry


def check_there_is(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    """CS-T026 at "there is <cards>" that says no zone: which cards there are is asked of a
    zone ("there are no minions in play")."""
    words = PhraseFormatter(registry)
    for node in line.walk():
        if isinstance(node, ast.Test) and node.kind == "there_is":
            said = words.test(node)
            yield error(
                "CS-T026",
                f'"{said}" says no zone to look in',
                node.span,
                f'perhaps try "{said} in …" with the zone the cards are in',
            )


def check_none(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    asked = {
        id(test.subject)
        for node in line.walk()
        if isinstance(node, ast.Condition)
        for test in node.tests
        if test.none
    }
    words = PhraseFormatter(registry)
    for node in line.walk():
        if not isinstance(node, ast.Cards) or id(node) in asked:
            continue
        q = node.quantifier
        if q is None or q.kind not in ast.DENYING:
            continue
        written = words.selector(node)
        some_q = replace(q, kind=ast.DENYING[q.kind])
        some = words.selector(replace(node, quantifier=some_q, plural=None))
        yield error(
            "CS-T025",
            f'"{written}" names no card to act on: "no" is said only of what a condition asks',
            node.span,
            f'perhaps try a condition ("if you control {written}, …") or a card to act on '
            f'("{some}")',
        )
