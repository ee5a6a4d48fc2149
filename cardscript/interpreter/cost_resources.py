"""Cost steps that pay the same resource, counted together: "pay 1 endurance, pay 1
endurance →" needs 2 endurance, not 1 twice, and in "pay 2 energy, pay X energy →" X is
at most what the 2 leave. The steps are paid one after the other and a cost is paid in
full (vs-system.md "Costs", MC2-T-092), so they can be paid where the kernel says their
amounts fit together (``Kernel.resources_fit``: by default their sum against what the
player has; Marvel Champions generates them from the same hand). Steps paid with cards
are ``cost_pools``'."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter import cost_cards

if TYPE_CHECKING:
    from cardscript.interpreter.events import PrimitiveFn
    from cardscript.interpreter.select import Context

__all__ = ["Amounts", "fits", "groups", "keeping", "largest", "later", "telling"]

Group = list[tuple[ast.Action, int | str]]  # steps paying one resource, each its amount or X
Amounts = Sequence[tuple[ast.Action, int]]  # such steps, each X as chosen


def groups(ctx: Context, ability: ast.Node) -> list[Group]:
    """The groups of two or more cost steps of the ability that pay the same resource
    (``Kernel.cost_resource``), each step with its amount or the X it is."""
    needs = cost_cards.needs(ability)
    if len(needs) < 2:
        return []
    kernel = ctx.engine.kernel
    found: dict[str, Group] = {}
    for clause, need in needs:
        resource = kernel.cost_resource(clause.action)
        if resource is not None:
            found.setdefault(resource, []).append((clause.action, need))
    return [group for group in found.values() if len(group) > 1]


def _fit(ctx: Context, group: Group, values: Mapping[str, int], unbound: int) -> bool:
    """Can the group be paid now, each X as ``values`` says, else as bound, else
    ``unbound``?"""
    amounts = [
        (action, n if isinstance(n, int) else values.get(n, ctx.bindings.get(n, unbound)))
        for action, n in group
    ]
    engine = ctx.engine
    return engine.kernel.resources_fit(engine, ctx.controller, ctx.source, amounts)


def fits(ctx: Context, ability: ast.Node, unbound: int) -> bool:
    """Can every group of the ability's costs be paid now (an X not bound: ``unbound``)?"""
    return all(_fit(ctx, group, {}, unbound) for group in groups(ctx, ability))


def largest(ctx: Context, ability: ast.Node, name: str, most: int, least: int) -> int:
    """The largest X from ``least`` to ``most`` for which every group it is in can be
    paid (the other X at their values, else at ``least``); ``least - 1`` where none."""
    found = [g for g in groups(ctx, ability) if any(n == name for _, n in g)]
    if not found:
        return most
    low, high = least - 1, most  # (the answer is between them: more X never fits better)
    while low < high:
        middle = (low + high + 1) // 2
        if all(_fit(ctx, group, {name: middle}, least) for group in found):
            low = middle
        else:
            high = middle - 1
    return low


def later(ctx: Context, clause: ast.Clause) -> Amounts:
    """The steps of the running ability's cost after ``clause`` that pay the resource it
    pays (``Kernel.cost_resource``), each with its amount (an X as bound); () where
    ``clause`` is not such a cost step."""
    ability = ctx.ability
    found = cost_cards.needs(ability.node) if ability is not None else ()
    index = next((i for i, (step, _) in enumerate(found) if step is clause), None)
    if index is None or index == len(found) - 1:
        return ()
    cost_resource = ctx.engine.kernel.cost_resource
    resource = cost_resource(clause.action)
    return tuple(
        (step.action, n if isinstance(n, int) else ctx.bindings.get(n, 0))
        for step, n in found[index + 1 :]
        if resource is not None and cost_resource(step.action) == resource
    )


def keeping(ctx: Context, clause: ast.Clause, apply: PrimitiveFn) -> PrimitiveFn:
    """The payment ``apply`` of the "pay" step ``clause``, told the later steps that pay
    the same resource (``Engine.cost_after``, ``later``): a source spent on this step is
    then one that leaves them payable (Marvel Champions: a wild resource that a later
    typed step needs is not spent on a step that another can pay)."""
    after = later(ctx, clause)
    if not after:
        return apply

    def pay(engine: Any, *args: Any, **kwargs: Any) -> Any:
        with _told(engine, after):
            return apply(engine, *args, **kwargs)

    return pay


@contextmanager
def telling(ctx: Context, clause: ast.Clause) -> Iterator[None]:
    """While the step ``clause`` is paid, the kernel is told the later steps of its cost
    that pay the same resource (``Engine.cost_after``), as ``keeping`` tells it: Berserk
    removes a card's counters for one step only where they leave the later ones
    payable."""
    after = later(ctx, clause)
    if not after:
        yield
        return
    with _told(ctx.engine, after):
        yield


@contextmanager
def _told(engine: Any, after: Amounts) -> Iterator[None]:
    engine.cost_after = after
    try:
        yield
    finally:
        del engine.cost_after
