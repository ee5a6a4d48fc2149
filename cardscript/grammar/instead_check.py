"""Where "instead" means nothing (CS-T024): "A. If C, B instead." runs B in place of A
where C holds, and a replacement ("If this would be KO'd, recover it instead.") ends with
it; anywhere else there is no step it takes the place of."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.registry import Registry

# the steps a "…, B instead" may take the place of (one that runs, or not, as a whole)
_REPLACEABLE = (ast.Clause, ast.Conditional, ast.Otherwise, ast.ForEach)


def check_instead(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    """CS-T024 at each "instead" with no step to replace, and at a replacement without it."""
    from cardscript.grammar.formatter import Formatter  # (it imports the checks' modules)

    words = Formatter(registry)
    ability = line.ability
    if isinstance(ability, ast.Replacement) and not ability.instead:
        marked = dataclasses.replace(ability, instead=True)
        yield _refused(
            ability.effects.steps[-1],
            "a replacement says what happens instead of the event",
            _capital(words.ability(marked)) + ".",
        )
    replacing = _interrupt_replacement(line, registry)
    for node in line.walk():
        if not isinstance(node, ast.Steps):
            continue
        for index, step in enumerate(node.steps):
            clauses = step.options if isinstance(step, ast.Choice) else (ast.last_clause(step),)
            clause = next((c for c in clauses if c.instead), None)
            if clause is None or step is replacing:
                continue
            before = node.steps[index - 1] if index else None
            if not isinstance(step, ast.Conditional):  # (a for each, an "otherwise", …)
                yield _refused(
                    step,
                    '"… instead" with no condition: the step before it would never run',
                    f"If <condition>, {words.clause(clause)}.",
                )
            elif before is None:
                yield _refused(
                    step,
                    '"… instead" takes the place of the step before it, and there is none',
                    f"<a step>. {_capital(words.step(step))}.",
                )
            elif not isinstance(before, _REPLACEABLE) or _replaces(before):
                yield _refused(
                    step,
                    '"… instead" takes the place of one step, and the one before it is '
                    + ("another instead" if _replaces(before) else "a choice of steps"),
                    _capital(words.step(_marked(step, instead=False))) + ".",
                )


def _interrupt_replacement(line: ast.AbilityLine, registry: Registry) -> ast.Step | None:
    """The last step of an Interrupt that ends "… instead" with no condition ("Forced
    Interrupt: When this would leave play, return it to your hand instead."): it takes the
    place of the event the Interrupt resolves before (Marvel Champions G35: "when
    [condition] would occur, instead [replacement]"), not of a step."""
    ability, label = line.ability, line.label
    if not isinstance(ability, ast.Triggered) or label is None:
        return None
    term = registry.term("LABEL", label.name)
    last = ability.effects.steps[-1]
    if term is None or not term.before_event or not isinstance(last, ast.Clause):
        return None
    return last if last.instead else None


def _replaces(step: ast.Node) -> bool:
    return isinstance(step, ast.Conditional) and step.clause.instead


def _marked(step: ast.Step, instead: bool = True) -> ast.Step:
    """The step with "instead" written on its clause, or taken off it (the hints)."""
    if isinstance(step, ast.Conditional):
        clause = dataclasses.replace(step.clause, instead=instead)
        return dataclasses.replace(step, clause=clause)
    if isinstance(step, ast.Clause):
        return dataclasses.replace(step, instead=instead)
    return step


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _refused(step: ast.Node, message: str, suggestion: str) -> Diagnostic:
    return error("CS-T024", message, step.span, f'perhaps try "{suggestion}"')
