"""Standing prevention: a line of a card in play that prevents damage for as long as the
card is there, not a step that runs once ("Prevent the first 2 damage dealt to you by
Weapon cards each round.", "Prevent the first wound dealt to this each turn.").

What the line covers is read from its words: the damaged card or player ("dealt to this",
"to you", "to <cards>"; "this" when it names none), the damage kind and its adjectives,
and "by <cards>" for the card dealing it. "The first N" is a budget: each card's line
prevents N in all, counted in ``state.used`` and started again when the period of "each
<period>" ends (``Engine.end_period``); "all" prevents all of it. A kernel with rules of
its own for these lines (Berserk's Armor X) reads them itself instead."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.cards import STANDING_PREVENTION, CompiledAbility, is_standing
from cardscript.interpreter.characteristics import bind_ability_where
from cardscript.interpreter.select import Target, selects, test

if TYPE_CHECKING:
    from cardscript.interpreter.context import Context
    from cardscript.interpreter.engine import Engine


def budget_key(uid: int, ability: CompiledAbility) -> str:
    """The ``state.used`` key of one card's line (``Engine.end_period`` resets it)."""
    return f"{uid}:{budget_name(ability)}"


def budget_name(ability: CompiledAbility) -> str:
    """``budget_key`` without the card: what ``Engine.end_period`` finds the period by."""
    return f"{ability.key}:prevented"


def budget_period(ability: CompiledAbility) -> str | None:
    """The period whose end starts a line's budget again ("each round"), if any."""
    node = ability.node
    if isinstance(node, ast.EffectAbility):
        for step in node.effects.steps:
            if isinstance(step, ast.Clause) and is_standing(step.action) and step.action.period:
                return step.action.period
    return None


def prevented(
    engine: Engine,
    target: Target,
    amount: int,
    kind: str | None,
    source: int | None,
    qualities: tuple[str, ...],
) -> int:
    """The damage left of ``amount`` dealt to ``target`` after the standing lines in play
    that cover it, in the order the cards are in play."""
    if amount <= 0:
        return amount
    entries = engine.in_play(STANDING_PREVENTION)
    if not entries:
        return amount
    used = engine.state.used
    for uid, ability, node in entries:
        for ctx, action in _covering(engine, uid, ability, node, target, kind, source, qualities):
            most = ctx.amount(action.amount)
            if action.word != "the first":  # "prevent 1 damage dealt to this each turn"
                amount -= most  # (of each damage dealt; "all": 10**9)
                if amount <= 0:
                    return 0
                continue
            key = budget_key(uid, ability)
            spent = used.get(key, 0)
            stopped = min(most - spent, amount)
            if stopped > 0:
                used[key] = spent + stopped
                amount -= stopped
                if amount <= 0:
                    return 0
    return amount


def _covering(
    engine: Engine,
    uid: int,
    ability: CompiledAbility,
    node: ast.Node,
    target: Target,
    kind: str | None,
    source: int | None,
    qualities: tuple[str, ...],
) -> Iterator[tuple[Context, ast.Action]]:
    """The standing "prevent" clauses of one line in play that cover this damage, each with
    the line's context ("where X is …" counted as the damage is dealt)."""
    if not isinstance(node, ast.EffectAbility):
        return
    if not engine.kernel.static_active(engine, uid, ability):
        return
    ctx = engine.context(uid, ability)
    if node.condition is not None and not test(ctx, node.condition):
        return
    bind_ability_where(ctx, node)
    for step in node.effects.steps:
        if not isinstance(step, ast.Clause) or not is_standing(step.action):
            continue
        action = step.action
        if action.name is not None and kind is not None and action.name != kind:
            continue
        if any((q.value in qualities) == q.negated for q in action.qualities if q.kind == "adj"):
            continue
        if action.target is None or isinstance(action.target, ast.ThisCard):
            if target != uid:
                continue
        elif not selects(ctx, action.target, target):
            continue
        if action.source is not None and (
            source is None or not selects(ctx, action.source, source)
        ):
            continue
        yield ctx, action
