"""A duration on a step that does not last (CS-T034).

"Until the end of the round" ends a change that lasts: a stat, a keyword or an ability
gained or lost, a permission, a new type, control taken. A step that happens once (energy
lost, damage dealt, cards drawn) is done as it runs and nothing undoes it: the duration
would be dropped without a word, and the card would do more than its author meant.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry

# the verbs whose change is a lasting effect, ended by its duration (the interpreter's
# ``lasting_steps`` and control taken); ``tests/test_duration_check.py`` runs each one
LASTING_VERBS = frozenset(
    {
        "get",
        "set_stat",
        "have",
        "gain_keyword",
        "lose_keyword",
        "lose_abilities",
        "grant_ability",
        "can",
        "cannot",
        "become",
        "gain_control",
    }
)


def check_durations(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    """CS-T034 at each duration of a step that happens once."""
    formatter: Formatter | None = None
    for node in line.walk():
        if (
            not isinstance(node, ast.Clause)
            or node.duration is None
            or node.action.verb in LASTING_VERBS
        ):
            continue
        formatter = formatter or Formatter(registry)
        phase = node.duration.phase
        period = ("" if phase.owner else "the ") + formatter.phase(phase)
        step = formatter.clause(dataclasses.replace(node, duration=None))
        said = formatter.clause(node).removeprefix(step).strip()  # as written ("this turn")
        yield error(
            "CS-T034",
            f'"{said}" does not end "{step}": it happens once, and only a change that '
            "lasts (a stat, a keyword or ability, a permission, a type, control) ends "
            "with a period",
            node.duration.span or node.span,
            f'perhaps try "{step}" alone, or a step at the end of {period} that undoes it',
        )
