"""A heal "beyond its maximum" of a stat that is no maximum a heal stops at (CS-T038).

A heal stops at the card's maximum (Marvel Champions G57) unless its text lets it go on:
"Heal 3 damage from your hero beyond its maximum hit points." (S118). The registry marks
the stat that is such a maximum (``heal_cap``); any other stat caps no heal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry


def check_heal_beyond(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    caps = [t for t in registry.terms("STAT") if t.heal_cap]
    for node in line.walk():
        if not isinstance(node, ast.Action) or node.verb != "heal" or node.beyond is None:
            continue
        if any(t.id == node.beyond for t in caps):
            continue
        spelled = Formatter(registry).spell("STAT", node.beyond)
        if caps:
            better = dataclasses.replace(node, beyond=caps[0].id)
        else:
            better = dataclasses.replace(node, beyond=None)
        text = Formatter(registry).action(better, third=False)
        yield error(
            "CS-T038",
            f"{spelled} is no maximum that a heal stops at in {registry.title}, so a heal "
            "cannot go beyond it",
            node.span,
            f'perhaps try "{text}"',
        )
