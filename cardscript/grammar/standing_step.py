"""A standing prevention written as a step (CS-T013).

"Prevent the first 2 damage dealt to you each turn." is a line of its own: it prevents
while its card is in play (``interpreter.standing_prevention`` reads the clauses of an
effect line, nothing deeper). Inside a trigger, an activated ability, a cost or an "if"
it would be a step that runs once, and a budget "each turn" has no meaning there; the
step that prevents once ("prevent 2 damage dealt to you") shields until the turn ends.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry


def is_standing(action: ast.Action) -> bool:
    """Is a "prevent" clause a standing line's ("Prevent the first 2 damage dealt to this
    each turn."), not a step's, which runs once?"""
    return action.verb == "prevent" and (action.word == "the first" or action.period is not None)


def check_standing_steps(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    """CS-T013 at each standing prevention that is not a clause of an effect line."""
    ability = line.ability
    lines_own = set()
    if isinstance(ability, ast.EffectAbility):
        lines_own = {id(s.action) for s in ability.effects.steps if isinstance(s, ast.Clause)}
    for node in line.walk():
        if isinstance(node, ast.Action) and is_standing(node) and id(node) not in lines_own:
            yield _refused(node, registry)


def _refused(action: ast.Action, registry: Registry) -> Diagnostic:
    formatter = Formatter(registry)
    # the step keeps "of that" (an Interrupt's damage); a line of its own has no "that"
    once = dataclasses.replace(action, word=_step_word(action.word), period=None)
    amount = ast.Amount("all") if action.word == "that" else action.amount
    line = dataclasses.replace(action, word=_line_word(action.word), amount=amount)
    standing = ast.EffectAbility(effects=ast.Steps(steps=(ast.Clause(action=line),)))
    return error(
        "CS-T013",
        f'"{formatter.action(action, third=False)}" is a standing prevention, which works '
        "as a line of its own while its card is in play, not as a step that runs once",
        action.span,
        f'perhaps try a step that prevents once, this turn: "{formatter.action(once, False)}"',
        f'or "{formatter.line(ast.AbilityLine(ability=standing))}" as a line of its own',
    )


def _step_word(word: str | None) -> str | None:
    return None if word == "the first" else word


def _line_word(word: str | None) -> str | None:
    return None if word in ("that", "of that") else word
