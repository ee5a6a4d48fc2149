"""A line under a label declared in one step that is never declared (CS-T033).

A label the registry marks ``declared_in`` (Berserk's "Before reveal:", the reveal step)
makes its line one the players declare in that step, and only then: "cost → effect" or
effects alone. A trigger, a replacement, a rule or keywords under it are never declared,
so the line would never run.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry

DECLARED = (ast.Activated, ast.EffectAbility)  # what a player declares: a cost or none


def check_step_label(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    label = registry.term("LABEL", line.label.name) if line.label is not None else None
    if label is None or label.declared_in is None or isinstance(line.ability, DECLARED):
        return
    phase = registry.term("PHASE", label.declared_in)
    step = phase.text if phase is not None else label.declared_in
    hints = []
    effects = getattr(line.ability, "effects", None)
    if isinstance(line.ability, ast.Triggered) and isinstance(effects, ast.Steps):
        declared = ast.AbilityLine(ability=ast.EffectAbility(effects=effects), label=line.label)
        hints.append(f'perhaps try "{Formatter(registry).line(declared)}"')
        hints.append("or the trigger without the label, which is heard at any time")
    yield error(
        "CS-T033",
        f'a "{label.text}:" line is declared in the {step} only, as "cost → effect" or '
        "an effect, so this one is never declared and never runs",
        line.ability.span or line.span,
        *hints,
    )
