"""Run the effect steps of an ability: each action becomes primitive calls on the engine.

The mapping from the language to primitives is the same for every game; which primitive
a game verb ("stun", "KO", "rest") names is the kernel's (``Kernel.verbs``). The actions
themselves are ``actions``'.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.actions import _ACTIONS, _SUBJECT_IS_TARGET
from cardscript.interpreter.causes import cause_of
from cardscript.interpreter.characteristics import bind_one, bind_where
from cardscript.interpreter.clause_labels import clause_label, may_do
from cardscript.interpreter.lasting_steps import delayed as _delayed
from cardscript.interpreter.select import (
    Context,
    RulesError,
    Seat,
    candidates,
    resolve_targets,
    test,
)
from cardscript.interpreter.step_plans import Run, steps_runner

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility

__all__ = ["cause_of", "pay_costs", "run_clause", "run_step", "run_steps"]


def run_steps(ctx: Context, steps: ast.Steps) -> None:
    steps_runner(steps)(ctx)


def pay_costs(ctx: Context, ability: CompiledAbility) -> bool:
    """Pay the ability's costs, if any, in text order and in full: none after a step that
    was not paid (its plan's ``costs_runner``, as ``Engine.resolve`` pays them). Whether
    they were all paid (``ctx.did``)."""
    costs = ability.plan.costs
    if costs is not None:
        costs(ctx)
    return ctx.did


def run_all(
    ctx: Context, steps: ast.Steps, plan: tuple[tuple[Run, bool], ...], full: bool = False
) -> None:
    """Run the steps' runners (``steps_runner``) in text order, X and the like bound;
    ``full`` (costs: ``costs_runner``): none after one that did not happen."""
    stats: tuple[ast.Binding, ...] = ()
    if steps.where:
        bind_where(ctx, steps)
        stats = tuple(b for b in steps.where if isinstance(b.selector, ast.StatValue))
    engine = ctx.engine
    for at, (run, after_then) in enumerate(plan):
        if engine.state.result is not None:
            return
        if after_then and not ctx.did and engine.kernel.then_needs_full(engine):
            return  # the text before "then" did not fully resolve (a game's rule)
        if at and stats:  # a stat is read as the step resolves: "+2 ATK, then … its ATK"
            for binding in stats:
                bind_one(ctx, binding)
        run(ctx)
        if full and not ctx.did:
            return


def run_step(ctx: Context, step: ast.Node) -> None:
    if isinstance(step, ast.Clause):
        run_clause(ctx, step)
    elif isinstance(step, ast.Conditional):
        ctx.condition_held = test(ctx, step.condition)
        if ctx.condition_held:
            run_clause(ctx, step.clause)
        else:
            ctx.did = False
    elif isinstance(step, ast.Otherwise):
        if not ctx.condition_held:
            run_clause(ctx, step.clause)
    elif isinstance(step, ast.ForEach):
        for target in resolve_targets(ctx, step.selector, "for each"):
            inner = ctx.child()
            inner.it = [target]
            run_clause(inner, step.clause)
    elif isinstance(step, ast.InPlayerOrder):
        _in_player_order(ctx, step.clause)
    elif isinstance(step, ast.Choice):
        kernel = ctx.engine.kernel
        options = [o for o in step.options if kernel.option_open(ctx.engine, ctx, o)]
        if not options:
            ctx.did = False
            return
        labels = [clause_label(ctx.engine, option) for option in options]
        (picked,) = ctx.engine.choose(ctx.controller, "option", "choose one", options, labels)
        run_clause(ctx, options[picked])
    else:
        raise RulesError(f"cannot run a {type(step).__name__}", ctx)


def _in_player_order(ctx: Context, clause: ast.Clause) -> None:
    """Each player in turn, in player order and round again, while the clause finds
    something to act on; a round in which nobody acts ends it too (MC2-T-083)."""
    engine = ctx.engine
    alone = replace(clause, subject=None)  # "each player": one at a time, here
    target = clause.action.target
    while engine.state.result is None:
        acted = False
        for player in engine.kernel.player_order(engine):
            turn = ctx.child()
            turn.controller = player
            if target is not None and not candidates(turn, target):
                continue  # none remain (for this player: "in your hand")
            run_clause(turn, alone)
            acted = acted or turn.did
        if not acted or target is None:
            return  # a text that never runs out is stopped by the engine's step budget


def run_clause(ctx: Context, clause: ast.Clause) -> None:
    engine = ctx.engine
    if clause.delay is not None:
        _delayed(ctx, clause)
        return
    if clause.optional and not may_do(engine, ctx.controller, clause):
        ctx.did = False
        return
    repeat = 1
    if clause.per_each is not None:
        repeat = len(resolve_targets(ctx, clause.per_each, "for each"))
    runner = action_of(clause)
    if runner is None:
        raise RulesError(f"no rule for {clause.action.verb!r}", ctx)
    actors = [ctx]
    if clause.subject is not None and clause.action.verb not in _SUBJECT_IS_TARGET:
        # "each player draws 1 card": the action runs once for each player named
        actors = []
        for who in resolve_targets(ctx, clause.subject, "who"):
            if isinstance(who, Seat):
                acting = ctx.child(who.index)
            else:  # a card acts on itself, for its controller ("this suffers 1 wound")
                acting = ctx.child(engine.state.cards[who].controller)
                acting.actor = who
            actors.append(acting)
    run_actors(ctx, actors, runner, repeat)


def run_actors(ctx: Context, actors: list[Context], runner: Run, repeat: int = 1) -> None:
    """Run a clause's action for each actor in turn; the context reads the last one's."""
    ctx.did = True
    for acting in actors:
        for _ in range(repeat):
            runner(acting)
        ctx.did, ctx.it, ctx.last_amount = acting.did, acting.it, acting.last_amount


def action_of(clause: ast.Clause) -> Run | None:
    """The clause's action, worked out once per clause (``_ACTIONS``); None where the
    verb has no rule."""
    found = _COMPILED.get(id(clause))
    if found is not None and found[0] is clause:
        return found[1]
    make = _ACTIONS.get(clause.action.verb)
    runner = None if make is None else make(clause)
    if len(_COMPILED) > 20_000:
        _COMPILED.clear()  # pools come and go (tests): keep the memory bounded
    _COMPILED[id(clause)] = (clause, runner)
    return runner


_COMPILED: dict[int, tuple[ast.Clause, Run | None]] = {}
