"""A delayed step repeated "in player order … until none remain" (CS-T014).

The players take turns at the step while it finds something to act on now, but a step
"at the end of the turn" acts only then: the repetition has nothing to go by, and the
engine keeps a delayed step as a clause of the card's text, which the turn of each player
(a copy with its own actor) is not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry


def check_delayed_order(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    for node in line.walk():
        if isinstance(node, ast.InPlayerOrder) and node.clause.delay is not None:
            yield _refused(node, node.clause.delay, registry)


def _refused(step: ast.InPlayerOrder, delay: ast.PhaseRef, registry: Registry) -> Diagnostic:
    formatter = Formatter(registry)
    now = dataclasses.replace(step, clause=dataclasses.replace(step.clause, delay=None))
    then = ast.Triggered(
        timing="at",
        event=ast.Event(moment=ast.Moment(edge="end", phase=delay)),
        effects=ast.Steps(steps=(now,)),
    )
    period = formatter.phase(delay)
    return error(
        "CS-T014",
        f'"at the end of {period}" cannot be repeated in player order: "until none remain" '
        "counts what the players act on now, and a delayed step acts only then",
        step.clause.span or step.span,
        f'perhaps try the steps without "at the end of {period}", which run now',
        f"or a trigger, which repeats them at each end of {period}: "
        f'"{formatter.line(ast.AbilityLine(ability=then))}"',
    )
