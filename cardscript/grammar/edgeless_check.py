"""An effect lasting until the end of a step that ends nothing (CS-T035).

The registry marks ``edgeless`` the steps a game goes through as an order of play only
(Pocket Duel's five round steps, spec §6: the effects apply in step 4, the cards leave in
step 5, and what lasts, lasts a round or the game). The current step is known ("during the
damage step"), but no effect ends with one: "until the end of the damage step" or "this
damage step" would last for the rest of the game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry


def check_edgeless(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    phases = registry.terms("PHASE")
    marked = {t.id: t for t in phases if t.edgeless}
    if not marked:
        return
    kept = next((t for t in phases if t.remembered), None)  # the turn, or the round
    for node in line.walk():
        if not isinstance(node, ast.Duration) or node.phase.phase not in marked:
            continue
        step = marked[node.phase.phase].text
        hints = []
        if kept is not None:  # the same line lasting until the end of that period
            ref = dataclasses.replace(node.phase, phase=kept.id)
            moved = dataclasses.replace(node, phase=ref)
            fixed = Formatter(registry).line(ast.with_node(line, node, moved))
            hints.append(f'perhaps try "{fixed}"')
        yield error(
            "CS-T035",
            f"nothing lasts until the end of the {step}: in {registry.title} a step ends no "
            "effect, so this one would never end",
            node.span,
            *hints,
        )
