"""Effect steps worked out once per text: which runner each step takes, so that running
an ability does not ask the node's kind and each clause's options (a delay, "you may",
"for each", a subject) again every time (``effects.run_steps``).

A plan is plain Python closures over the AST nodes (card scripts stay data: nothing is
compiled from text); it is remembered per ``ast.Steps`` node, which never changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardscript.grammar import ast
from cardscript.interpreter.select import Context, test

Run = Callable[[Context], None]
# a step's runner, and whether the text before it ends in "then" (``then_needs_full``)
Plan = tuple[tuple[Run, bool], ...]

_PLANS: dict[int, tuple[ast.Steps, Plan]] = {}


def plan_of(steps: ast.Steps) -> Plan:
    """The runners of ``steps``' steps, in text order (remembered per node)."""
    found = _PLANS.get(id(steps))
    if found is not None and found[0] is steps:
        return found[1]
    plan = tuple(
        (_step(step), bool(index) and "then" in steps.joiners[index - 1])
        for index, step in enumerate(steps.steps)
    )
    if len(_PLANS) > 20_000:
        _PLANS.clear()  # pools come and go (tests): keep the memory bounded
    _PLANS[id(steps)] = (steps, plan)
    return plan


def _step(step: ast.Node) -> Run:
    from cardscript.interpreter.effects import run_step

    if isinstance(step, ast.Clause):
        return clause_runner(step)
    if isinstance(step, ast.Conditional):
        condition, then = step.condition, clause_runner(step.clause)

        def conditional(ctx: Context) -> None:
            ctx.condition_held = held = test(ctx, condition)
            if held:
                then(ctx)
            else:
                ctx.did = False

        return conditional
    if isinstance(step, ast.Otherwise):
        otherwise = clause_runner(step.clause)

        def run_otherwise(ctx: Context) -> None:
            if not ctx.condition_held:
                otherwise(ctx)

        return run_otherwise

    def general(ctx: Context) -> None:
        run_step(ctx, step)

    return general


def clause_runner(clause: ast.Clause) -> Run:
    """A clause's runner: its action's own where the clause is plain (no delay, no "you
    may", no "for each", no acting subject: ``run_clause`` would run the action once on
    the context itself); ``run_clause`` otherwise."""
    from cardscript.interpreter.effects import _ACTIONS, _SUBJECT_IS_TARGET, run_clause

    verb = clause.action.verb
    action: Callable[[Context, ast.Clause], Any] | None = _ACTIONS.get(verb)
    if (
        action is None
        or clause.delay is not None
        or clause.optional
        or clause.per_each is not None
        or (clause.subject is not None and verb not in _SUBJECT_IS_TARGET)
    ):

        def general(ctx: Context) -> None:
            run_clause(ctx, clause)

        return general
    act = action

    def plain(ctx: Context) -> None:
        ctx.did = True
        act(ctx, clause)

    return plain
