"""What happened "this <period>" is read from the game's record of its turn (Pocket Duel:
its round), kept for the phase the registry marks ``remembered``; another period cannot be
told from it (CS-T023)."""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.registry import Registry

_ASKED = frozenset({"happened_this", "history"})  # a condition's test, a selector's filter


def check_history_periods(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    """CS-T023 at each "this <period>" of what happened, where the game keeps no record of
    that period."""
    kept = registry.remembered_period()
    for node in line.walk():
        if not isinstance(node, (ast.Test, ast.Filter)) or node.kind not in _ASKED:
            continue
        if node.phase is None or (kept is not None and node.phase == kept.id):
            continue
        named = registry.term("PHASE", node.phase)
        period = named.forms[0] if named else node.phase
        if kept is None:
            yield error(
                "CS-T023",
                f'what happened "this {period}" cannot be told: this game keeps no record '
                "of what happens",
                node.span,
            )
            continue
        yield error(
            "CS-T023",
            f'what happened "this {period}" cannot be told: the game keeps a record of its '
            f"{kept.forms[0]} only",
            node.span,
            f'perhaps try "this {kept.forms[0]}"',
        )
