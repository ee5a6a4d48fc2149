"""The Payment object of an ability (spec berserk.md §216.12, §103.6, §104.4): an X its
costs name is chosen as the ability is declared (``cost_x``: 1 to what can be paid now,
a cost of 0 cannot be declared, §103.7а), and the costs are paid after the effects, with
that X ("spend X → heal X wounds …"). Steps taking the card's counters ("spend 2, remove a
counter from this") are counted together, as it is declared and as it is paid
(``cost_resource``, ``counter_costs.pay``). A "close N …" cost is a cost counted in cards
(``cost_cards``, as in every game): its payers are the open cards (a closed card cannot be
closed, §219.2), chosen as it is paid, all of them or none (§103.3, §103.6, A25)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter import cost_x
from cardscript.interpreter.effects import pay_costs
from cardscript.kernels.berserk import counter_costs

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
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
    """The Payment object: the costs, with the X chosen on declaration; the card's
    counters spent with its kindred cards' (``counter_costs.PAYING``)."""
    costs = getattr(ability.node, "costs", None)
    if costs is None or engine.state.result is not None:
        return
    ctx = engine.context(uid, ability, player, event)
    if x:
        ctx.bindings = {**ctx.bindings, **x}
    data = engine.state.data
    data[counter_costs.PAYING] = uid
    try:
        pay_costs(ctx, ability)
    finally:
        data.pop(counter_costs.PAYING, None)


def own_counters(action: ast.Action) -> str | None:
    """The kind of counter a cost step takes from its ability's card ("spend 2", "remove
    X counters from this"), or None for any other step."""
    if action.verb == "named_cost" and action.name == "spend":
        return counter_costs.COUNTER
    if action.verb == "remove_counters" and (
        action.target is None or isinstance(action.target, ast.ThisCard)
    ):
        return action.name or counter_costs.COUNTER
    return None


def cost_resource(action: ast.Action) -> str | None:
    """Steps taking counters of one kind from the card draw on the same counters, its
    kindred cards' with them (Meditation): ``cost_resources`` counts them together."""
    counter = own_counters(action)
    return None if counter is None else f"{counter} counters of this"


def most_payable(
    kernel: FieldKernel, engine: Engine, player: int, source: int | None, action: ast.Action
) -> int | None:
    """The most a cost may take now: the counters the card may pay with (``spend X``,
    "remove X counters from this"); None for any other."""
    counter = own_counters(action)
    if source is None or counter is None:
        return None
    return counter_costs.available(kernel, engine, source, counter)
