"""Effect text worked out once per text: which runner each step takes, so that running
an ability does not ask the node's kind and each clause's options (a delay, "you may",
"for each", a subject) again every time (``effects.run_steps``, ``Engine.resolve``).

A plan is plain Python closures over the AST nodes (card scripts stay data: nothing is
compiled from text); it is remembered per node (``ast.Steps``, ``CompiledAbility``),
which never changes. What depends on the game (its kernel, its registry) is asked as the
text runs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.clause_labels import may_do
from cardscript.interpreter.conditions import Read, condition_check, condition_read
from cardscript.interpreter.select import Context, player_seats

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.direct_steps import Direct
    from cardscript.interpreter.events import Cause

Run = Callable[[Context], None]

_STEPS: dict[int, tuple[ast.Steps, Run]] = {}


def steps_runner(steps: ast.Steps) -> Run:
    """The runner of ``steps``: its steps' runners in text order (remembered per node)."""
    found = _STEPS.get(id(steps))
    if found is not None and found[0] is steps:
        return found[1]
    run = _steps(steps)
    if len(_STEPS) > 20_000:
        _STEPS.clear()  # pools come and go (tests): keep the memory bounded
    _STEPS[id(steps)] = (steps, run)
    return run


def costs_runner(steps: ast.Steps) -> Run:
    """The runner of an ability's costs: ``steps_runner``'s, but a cost is paid in full
    (vs-system.md "Costs", MC2-T-092, Berserk §103.6), so after a step that was not paid
    (its ``did``) no later one is: "discard 2 cards, exhaust this" with one card in hand
    exhausted nothing, and its ability went on (the last step's ``did``)."""
    from cardscript.interpreter.effects import run_all

    if _single(steps) is not None:
        return steps_runner(steps)
    plan = _plan(steps)

    def pay(ctx: Context) -> None:
        run_all(ctx, steps, plan, full=True)

    return pay


def _plan(steps: ast.Steps) -> tuple[tuple[Run, bool], ...]:
    """Each step's runner, and whether the text before it ends in "then"
    (``then_needs_full``); a step and the "…, B instead" after it are one runner."""
    out: list[tuple[Run, bool]] = []
    nodes, index = steps.steps, 0
    while index < len(nodes):
        after_then = bool(index) and "then" in steps.joiners[index - 1]
        following = nodes[index + 1] if index + 1 < len(nodes) else None
        if replaces(following):
            assert isinstance(following, ast.Conditional)
            out.append((_instead(nodes[index], following), after_then))
            index += 2
            continue
        out.append((_step(nodes[index]), after_then))
        index += 1
    return tuple(out)


def replaces(step: ast.Node | None) -> bool:
    """Is ``step`` "if …, B instead", run in place of the step before it?"""
    return isinstance(step, ast.Conditional) and step.clause.instead


def _instead(before: ast.Node, step: ast.Conditional) -> Run:
    """ "A. If C, B instead.": C asked where A would run, and B runs in its place if it
    holds; A runs otherwise (and "if you do" after them reads the one that ran)."""
    check, then, otherwise = (
        condition_check(step.condition),
        clause_runner(_aimed(step.clause, before)),
        _step(before),
    )

    def instead(ctx: Context) -> None:
        ctx.condition_held = held = check(ctx)
        if held:
            then(ctx)
        else:
            otherwise(ctx)

    return instead


def _aimed(clause: ast.Clause, before: ast.Node) -> ast.Clause:
    """ "Deal 1 damage to target minion. If …, deal 2 damage instead.": a step in place of
    one with the same verb acts on what that one names, where it names nothing itself;
    and its "it" ("…, stun it instead", "…, it gets +2 ATK instead") is what that one acts
    on, which does not run to set "it". The same selector node, so a target chosen as the
    ability was played is the same one."""
    named = before.clause if isinstance(before, (ast.Conditional, ast.Otherwise)) else before
    acted = _acted_on(named) if isinstance(named, ast.Clause) else None
    if acted is None:
        return clause
    assert isinstance(named, ast.Clause)
    action, subject = clause.action, clause.subject
    if action.target is None and action.verb == named.action.verb and named.action.target:
        action = replace(action, target=named.action.target)
    elif _names_it(action.target):
        action = replace(action, target=acted)
    if _names_it(subject):
        subject = acted
    if action is clause.action and subject is clause.subject:
        return clause
    return replace(clause, action=action, subject=subject)


def _acted_on(clause: ast.Clause) -> ast.Selector | None:
    """What a clause acts on: its target, or its subject where that is the target ("target
    character gets +1 ATK")."""
    from cardscript.interpreter.actions import _SUBJECT_IS_TARGET

    if clause.action.target is not None:
        return clause.action.target
    return clause.subject if clause.action.verb in _SUBJECT_IS_TARGET else None


def _names_it(node: ast.Node | None) -> bool:
    """ "it" or "them" (not "itself": the clause's own subject)."""
    return isinstance(node, ast.It) and node.word != "itself"


def _steps(steps: ast.Steps) -> Run:
    from cardscript.interpreter.effects import run_all

    plan = _plan(steps)
    if _single(steps) is not None:
        only = plan[0][0]

        def one(ctx: Context) -> None:
            if ctx.engine.state.result is None:
                only(ctx)

        return one

    def every(ctx: Context) -> None:
        run_all(ctx, steps, plan)

    return every


def _single(steps: ast.Steps) -> ast.Node | None:
    """The one step of a text of one step, with nothing bound (no "where X is …")."""
    return steps.steps[0] if len(steps.steps) == 1 and not steps.where else None


def _step(step: ast.Node) -> Run:
    from cardscript.interpreter.effects import run_step

    if isinstance(step, ast.Clause):
        return clause_runner(step)
    if isinstance(step, ast.Conditional):
        check, then = condition_check(step.condition), clause_runner(step.clause)

        def conditional(ctx: Context) -> None:
            ctx.condition_held = held = check(ctx)
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
    """A clause's runner: its action's own where the clause is plain (no delay, no "for
    each", no acting subject: ``run_clause`` would run the action once on the context
    itself), or has a player as its subject; ``run_clause`` otherwise."""
    from cardscript.interpreter.effects import action_of, run_clause

    action = action_of(clause)
    subject = clause.subject
    if action is None or clause.delay is not None or clause.per_each is not None:
        pass
    elif _on_itself(clause):
        return _plain(clause, action)
    elif isinstance(subject, ast.Player):
        return _by_players(clause, subject, action)

    def general(ctx: Context) -> None:
        run_clause(ctx, clause)

    return general


def _on_itself(clause: ast.Clause) -> bool:
    """Does ``run_clause`` run the clause's action once, on the context itself (no delay,
    no "for each", no acting subject)?"""
    from cardscript.interpreter.effects import _SUBJECT_IS_TARGET

    if clause.delay is not None or clause.per_each is not None:
        return False
    return clause.subject is None or clause.action.verb in _SUBJECT_IS_TARGET


def _only_step(step: ast.Node) -> Run:
    """The runner of a text's one step, run just after ``ctx.did = True``
    (``Engine.resolve``): a plain clause's action itself (``_plain`` would set it again)."""
    from cardscript.interpreter.effects import action_of

    if isinstance(step, ast.Clause) and not step.optional and _on_itself(step):
        action = action_of(step)
        if action is not None:
            return action
    return _step(step)


def _plain(clause: ast.Clause, action: Run) -> Run:
    """``run_clause`` of a clause whose action runs on the context itself."""
    if not clause.optional:

        def plain(ctx: Context) -> None:
            ctx.did = True
            action(ctx)

        return plain

    def optional(ctx: Context) -> None:
        if _declined(ctx, clause):
            return
        ctx.did = True
        action(ctx)

    return optional


def _by_players(clause: ast.Clause, subject: ast.Player, action: Run) -> Run:
    """``run_clause`` of a clause whose subject names players ("you", "each player"): the
    action runs for each of them; "you" on the context itself, whose controller acts (a
    child would be a copy, and would hand back all the action changes)."""
    from cardscript.interpreter.effects import run_actors, run_clause

    optional = clause.optional
    if subject.who == "you" and subject.quality is None:

        def yours(ctx: Context) -> None:
            if ctx.chosen:  # targets chosen earlier: ``run_clause`` reads them
                run_clause(ctx, clause)
            elif not (optional and _declined(ctx, clause)):
                action(ctx)

        return yours

    def theirs(ctx: Context) -> None:
        if ctx.chosen:
            run_clause(ctx, clause)
        elif not (optional and _declined(ctx, clause)):
            actors = []
            for player in player_seats(ctx, subject):  # (a loop: a comprehension is one call more)
                actor = ctx.child(player)
                actor.player = player  # "their hand": the acting player's own
                actors.append(actor)
            run_actors(ctx, actors, action)

    return theirs


def _declined(ctx: Context, clause: ast.Clause) -> bool:
    """ "You may …": does the controller say no (then the clause did not happen)?"""
    if may_do(ctx.engine, ctx.controller, clause):
        return False
    ctx.did = False
    return True


@dataclass(frozen=True, slots=True)  # (slots: its fields' reads are specialized)
class AbilityPlan:
    """What running an ability needs of it, read once (``Engine.resolve``)."""

    ability: CompiledAbility  # kept: its id is the key it is remembered by
    costs: Run | None  # the runner of its costs, if any
    effects: Run | None
    # the runner of the effects' one step, where they are one (``Engine.resolve`` asks
    # whether the game is over, as ``effects`` would)
    only: Run | None
    triggered: bool  # a triggered ability asks before its costs are paid
    bindings: Mapping[str, int] | None  # its keyword values that are numbers (X)
    counted: bool  # has limits ("once per turn"): each use is counted
    causes: dict[int | None, Cause]  # of its changes, by the card whose text it is
    # where its text is one "if …" step (no costs) whose test reads the game and its
    # controller alone: that test, asked before any context is made (``Engine.resolve``)
    guard: Read | None
    # where its text is one plain step run without a context (no costs:
    # ``direct_steps``), that runner
    direct: Direct | None
    quick: bool  # it has a guard or a direct runner (one look for the texts that have none)

    def cause(self, source: int | None) -> Cause:
        """The cause of its changes on the card ``source`` (``cause_of``), remembered."""
        from cardscript.interpreter.causes import card_cause

        causes = self.causes
        if len(causes) > 1_000:
            causes.clear()  # (one per card instance of a game: a few)
        found = causes[source] = card_cause(self.ability, source)
        return found


_ABILITIES: dict[int, AbilityPlan] = {}


def ability_plan(ability: CompiledAbility) -> AbilityPlan:
    """The plan of an ability (remembered per ability: definitions never change)."""
    found = _ABILITIES.get(id(ability))
    if found is not None and found.ability is ability:
        return found
    from cardscript.interpreter.direct_steps import direct_step

    node = ability.node
    costs, effects = getattr(node, "costs", None), getattr(node, "effects", None)
    single = None if effects is None else _single(effects)
    bindings = MappingProxyType(dict(ability.int_values)) if ability.keyword_values else None
    guard = (
        condition_read(single.condition)
        if costs is None and isinstance(single, ast.Conditional)
        else None
    )
    direct = None if costs is not None or single is None else direct_step(single, bindings)
    found = AbilityPlan(
        ability,
        None if costs is None else costs_runner(costs),
        None if effects is None else steps_runner(effects),
        None if single is None else _only_step(single),
        isinstance(node, ast.Triggered),
        bindings,
        bool(ability.line.mods),
        {},
        guard,
        direct,
        guard is not None or direct is not None,
    )
    if len(_ABILITIES) > 20_000:
        _ABILITIES.clear()  # pools come and go (tests): keep the memory bounded
    _ABILITIES[id(ability)] = found
    return found
