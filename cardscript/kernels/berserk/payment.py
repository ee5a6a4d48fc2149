"""The Payment object of an ability (spec berserk.md §216.12, §103.6, §104.4): an X its
costs name is chosen as the ability is declared (``cost_x``: 1 to what can be paid now,
a cost of 0 cannot be declared, §103.7а), and the costs are paid after the effects, with
that X ("spend X → heal X wounds …"). A "close N …" cost closes open cards only: a
closed card cannot be closed (§219.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter import cost_x
from cardscript.interpreter.effects import run_steps
from cardscript.interpreter.select import candidates, card_plan
from cardscript.kernels.berserk import counter_costs

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.context import Context
    from cardscript.interpreter.engine import Engine, Event
    from cardscript.kernels.berserk.field import FieldKernel


def bind(
    engine: Engine, uid: int, ability: CompiledAbility, player: int, event: Event | None = None
) -> Mapping[str, int] | None:
    """The X of its costs as it is declared, the payer choosing those with no value
    ({} for none); None where no X can be paid."""
    node = ability.node
    names = cost_x.names(node)
    if not names:
        return {}
    ctx = engine.context(uid, ability, player, event)
    if cost_x.bind(ctx, node) is None:
        return None
    return {name: ctx.bindings[name] for name in names if name in ctx.bindings}


def pay(
    engine: Engine,
    uid: int,
    ability: CompiledAbility,
    player: int,
    x: Mapping[str, int],
    event: Event | None = None,
) -> None:
    """The Payment object: the costs, with the X chosen on declaration; the cards a
    "close N …" cost closes chosen first (``_choose_open``); the card's counters spent
    with its kindred cards' (``counter_costs.PAYING``)."""
    costs = getattr(ability.node, "costs", None)
    if costs is None or engine.state.result is not None:
        return
    ctx = engine.context(uid, ability, player, event)
    if x:
        ctx.bindings = {**ctx.bindings, **x}
    _choose_open(ctx, costs)
    data = engine.state.data
    data[counter_costs.PAYING] = uid
    try:
        run_steps(ctx, costs)
    finally:
        data.pop(counter_costs.PAYING, None)


def closes_others(action: ast.Action) -> ast.Cards | None:
    """The cards a "close N …" cost chooses ("close X creatures you control"), not "close
    this"; None for any other cost."""
    target = action.target
    if action.verb == "primitive" and action.name == "close" and isinstance(target, ast.Cards):
        return target
    return None


def open_cards(kernel: FieldKernel, ctx: Context, selector: ast.Cards) -> list[int]:
    """The selector's open cards: those a cost may close."""
    engine = ctx.engine
    return [
        t for t in candidates(ctx, selector) if isinstance(t, int) and not kernel.closed(engine, t)
    ]


def enough_open(kernel: FieldKernel, engine: Engine, uid: int, action: ast.Action) -> bool:
    """Are there as many open cards as a "close N …" cost with a number needs (§103.6)?
    (An X is ``cost_x``'s: 1 at least, ``most_payable``.)"""
    selector = closes_others(action)
    picks = card_plan(selector).picks if selector is not None else None
    if selector is None or picks is None:
        return True
    return len(open_cards(kernel, engine.context(uid), selector)) >= picks[0]


def _choose_open(ctx: Context, costs: ast.Steps) -> None:
    """The payer chooses the cards each "close N …" cost closes among the open ones, as
    many as it says; the cost's step then closes those (targets chosen earlier)."""
    engine = ctx.engine
    kernel: FieldKernel = engine.kernel  # type: ignore[assignment]
    for step in costs.steps:
        selector = closes_others(step.action) if isinstance(step, ast.Clause) else None
        if selector is None or selector.span is None or selector.quantifier is None:
            continue
        plan = card_plan(selector)
        if plan.takes_all:  # "close all …": no choice
            continue
        if plan.picks is not None:
            least, most = plan.picks
        else:  # "close X …": X chosen on declaration
            count = ctx.amount(selector.quantifier.count)
            least, most = (0, count) if selector.quantifier.kind == "up_to" else (count, count)
        found = open_cards(kernel, ctx, selector)
        most = min(most, len(found))
        labels = [engine.describe(t) for t in found]
        picked = engine.choose(
            ctx.controller, "targets", "close", found, labels, min(least, most), most
        )
        ctx.chosen = {**ctx.chosen, selector.span.offset: [found[i] for i in picked]}


def most_payable(
    kernel: FieldKernel, engine: Engine, player: int, source: int | None, action: ast.Action
) -> int | None:
    """The most a cost may take now: the counters the card may pay with (``spend X``,
    "remove X counters from this"), the open cards a "close X …" may close."""
    if source is None:
        return None
    if action.verb == "named_cost" and action.name == "spend":
        return counter_costs.available(kernel, engine, source)
    if action.verb == "remove_counters" and (
        action.target is None or isinstance(action.target, ast.ThisCard)
    ):
        return counter_costs.available(kernel, engine, source, action.name or "counter")
    selector = closes_others(action)
    if selector is not None:
        return len(open_cards(kernel, engine.context(source, None, player), selector))
    return None
