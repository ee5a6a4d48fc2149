"""A card's state said toward a player that the game holds toward none (CS-T030).

"A minion engaged with you" asks which player the minion is engaged with (Marvel
Champions G70): the registry marks such adjectives ``toward_player`` and the kernel says
the player (``Kernel.held_toward``). "Exhausted with you" names a state held toward
nobody, which no card would ever match.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.registry import Registry


def check_toward(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    held = [t.text for t in registry.terms("ADJ") if t.toward_player]
    for node in line.walk():
        if not isinstance(node, ast.Filter) or node.kind != "adj_with":
            continue
        term = registry.term("ADJ", node.name or "")
        if term is None or term.toward_player:
            continue
        said = f"{term.text} with {node.value}"
        words = " or ".join(f'"{h}"' for h in held)
        yield error(
            "CS-T030",
            f'"{said}": {registry.title} holds "{term.text}" toward no player, so no card '
            "would match",
            node.span,
            f"only {words} is said toward a player" if held else "",
        )
