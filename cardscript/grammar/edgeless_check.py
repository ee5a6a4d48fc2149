"""A step that starts and ends nothing, named as a period (CS-T035).

The registry marks ``edgeless`` the steps a game goes through as an order of play only
(Pocket Duel's five round steps, spec §6: the effects apply in step 4, the cards leave in
step 5, and what lasts, lasts a round or the game). The current step is known ("during the
damage step"), but the kernel neither starts nor ends a step as a period: an effect "until
the end of the damage step" or "this damage step" would last for the rest of the game, a
trigger or a delayed step "at the start (end) of" one never runs, and a limit "once per
damage step" or a budget "each damage step" never starts again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry, Term


def check_edgeless(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    phases = registry.terms("PHASE")
    marked = {t.id: t for t in phases if t.edgeless}
    if not marked:
        return
    kept = registry.remembered_period()
    for node in line.walk():
        found = _named(node, marked)
        if found is None:
            continue
        step, (what, then), old, new = found
        hints = []
        if kept is not None:  # the same line with that period in its place
            fixed = Formatter(registry).line(ast.with_node(line, old, new(kept.id)))
            hints.append(f'perhaps try "{fixed}"')
        yield error(
            "CS-T035",
            f"{what.format(step=step.text)}: in {registry.title} a step neither starts nor "
            f"ends as a period, so {then}",
            node.span,
            *hints,
        )


Found = tuple[Term, tuple[str, str], ast.Node, Callable[[str], ast.Node]]


def _named(node: ast.Node, marked: dict[str, Term]) -> Found | None:
    """The marked step ``node`` names as a period, what the text says of it and what
    comes of it, and how to put another period in its place."""
    if isinstance(node, ast.Duration) and node.phase.phase in marked:
        ref = node.phase
        why = ("nothing lasts until the end of the {step}", "this would never end")
    elif isinstance(node, ast.Moment) and node.phase.phase in marked:
        ref = node.phase
        why = (f"nothing happens at the {node.edge} of the {{step}}", "this never runs")
    elif isinstance(node, ast.Clause) and node.delay is not None and node.delay.phase in marked:
        ref = node.delay  # "… at the end of the damage step"
        why = ("nothing happens at the end of the {step}", "this never runs")
    elif isinstance(node, (ast.Mod, ast.Action)) and node.period in marked:
        period = node.period
        why = ("nothing counts per {step}", "this never starts again")
        return marked[period], why, node, lambda p: dataclasses.replace(node, period=p)
    else:
        return None
    return marked[ref.phase], why, ref, lambda p: dataclasses.replace(ref, phase=p)
