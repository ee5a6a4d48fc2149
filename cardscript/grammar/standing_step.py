"""A standing prevention written as a step (CS-T013).

"Prevent the first 2 damage dealt to you each turn." is a line of its own: it prevents
while its card is in play (``interpreter.standing_prevention`` reads the clauses of an
effect line, nothing deeper). Inside a trigger, an activated ability, a cost or an "if"
it would be a step that runs once, and a budget "each turn" has no meaning there; the
step that prevents once ("prevent 2 damage dealt to you") shields until the turn ends.
Joined to other steps on its line it is refused too: a line stands or runs, not both (a
Pocket Duel card ran the whole line as steps and the game stopped at the prevention; a
VS character's line stood, and its other steps never ran).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry

# the verbs of a line that holds while its card is in play (the engine reads them as its
# stats, keywords, permissions, type and redirections are asked), rather than runs
STANDING_VERBS = frozenset(
    {"get", "have", "set_stat", "grant_ability", "gain_keyword", "lose_keyword"}
    | {"can", "cannot", "become", "redirected"}
)


def stands(step: ast.Step) -> bool:
    """Does a step of an effect line hold while its card is in play, rather than run
    once: a standing verb with no duration or delay, or a standing prevention, whose
    subject is no target?"""
    if not isinstance(step, ast.Clause) or step.duration is not None or step.delay is not None:
        return False
    if not (step.action.verb in STANDING_VERBS or is_standing(step.action)):
        return False
    # a target is chosen once, as a step runs; a standing line's subject is what it
    # names for as long as it holds ("characters you control"), which no choice can be
    return not _chosen(step.subject)


def _chosen(selector: ast.Selector | None) -> bool:
    if isinstance(selector, ast.Player):
        return selector.who.startswith("target ")  # ("target opponent", "target player")
    q = selector.quantifier if isinstance(selector, ast.Cards) else None
    return q is not None and q.chooses


def is_standing(action: ast.Action) -> bool:
    """Is a "prevent" clause a standing line's ("Prevent the first 2 damage dealt to this
    each turn."), not a step's, which runs once?"""
    return action.verb == "prevent" and (action.word == "the first" or action.period is not None)


def check_standing_steps(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    """CS-T013 at each standing prevention that is not a clause of an effect line, and at
    the first one of an effect line that has other steps."""
    ability = line.ability
    lines_own = set()
    if isinstance(ability, ast.EffectAbility):
        lines_own = {id(s.action) for s in ability.effects.steps if isinstance(s, ast.Clause)}
        joined = _joined(ability.effects)
        if joined is not None:
            yield _refused_joined(line, joined, registry)
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


def _standing_clause(step: ast.Step) -> bool:
    return isinstance(step, ast.Clause) and is_standing(step.action)


def _joined(effects: ast.Steps) -> ast.Action | None:
    """The first standing prevention of a line that has other steps too, if any."""
    standing = [s for s in effects.steps if _standing_clause(s)]
    if not standing or len(standing) == len(effects.steps):
        return None
    first = standing[0]
    assert isinstance(first, ast.Clause)
    return first.action


def _refused_joined(line: ast.AbilityLine, action: ast.Action, registry: Registry) -> Diagnostic:
    ability = line.ability
    assert isinstance(ability, ast.EffectAbility)
    standing, rest = _part(ability.effects, True), _part(ability.effects, False)
    formatter = Formatter(registry)

    def alone(steps: ast.Steps) -> str:
        one = dataclasses.replace(ability, effects=steps)
        return formatter.line(dataclasses.replace(line, ability=one, mods=()))

    return error(
        "CS-T013",
        f'"{formatter.action(action, third=False)}" is a standing prevention, which works '
        "as a line of its own while its card is in play, not joined to other steps",
        action.span,
        f'perhaps try two lines: "{alone(standing)}"',
        f'and "{alone(rest)}"',
    )


def _part(effects: ast.Steps, standing: bool) -> ast.Steps:
    """The standing preventions of a line's steps, or its other steps, as steps of their own."""
    kept: list[ast.Step] = []
    joiners: list[str] = []
    for number, step in enumerate(effects.steps):
        if _standing_clause(step) != standing:
            continue
        if kept:  # (the joiner before the step)
            joiners.append(effects.joiners[number - 1])
        kept.append(step)
    return dataclasses.replace(effects, steps=tuple(kept), joiners=tuple(joiners))


def _step_word(word: str | None) -> str | None:
    return None if word == "the first" else word


def _line_word(word: str | None) -> str | None:
    return None if word in ("that", "of that") else word
