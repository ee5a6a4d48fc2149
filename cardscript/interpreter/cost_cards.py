"""Costs counted in cards: "discard 2 cards →", "discard X cards →", "exhaust 2
characters you control →", Berserk's "close 2 creatures you control →". How many cards
can pay one now (``Kernel.most_payable``, so that ``cost_x`` offers an X and a fixed
count only where it can be paid), and its payment, all or nothing: the payer chooses as
many cards as it takes among those that can pay it; where there are too few, nothing is
paid and the cost fails, so the ability is not used (a cost is paid in full: vs-system.md
"Costs", MC2-T-092, Berserk §103.3, §103.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardscript.grammar import ast
from cardscript.interpreter.card_plans import _plan
from cardscript.interpreter.discard_from import discarded
from cardscript.interpreter.select import _picked, candidates

if TYPE_CHECKING:
    from cardscript.interpreter.context import Context, Target

__all__ = ["counted", "fixed", "paid", "payers"]

# the quantifiers that take a number of cards: "a card", "another card", "2 cards", "X
# cards", "up to 2 cards" (0 to 2; not "each", "all"; not a target, chosen before)
_COUNTED = frozenset({"a", "an", "any", "another", "n_cards", "up_to"})


def counted(action: ast.Action) -> ast.Cards | None:
    """The selector of a cost that takes a number of cards ("discard 2 cards", "exhaust
    X characters you control"); None for any other ("exhaust this", "pay 2 endurance")."""
    target = action.target
    if action.verb not in ("discard", "primitive") or not isinstance(target, ast.Cards):
        return None
    q = target.quantifier
    if q is None or q.target or q.kind not in _COUNTED:
        return None
    return target


def fixed(selector: ast.Cards) -> int | None:
    """The fewest cards the selector takes where a number says it ("a card": 1, "2
    cards": 2, "up to 2 cards": 0); None for an X."""
    picks = _plan(selector).picks
    return None if picks is None else picks[0]


def payers(ctx: Context, action: ast.Action, selector: ast.Cards) -> list[int] | None:
    """The cards that can pay the cost now: those the selector covers that its change can
    be made to (a discard: cards not discarded yet, from the hand where no zone is named,
    ``discard_from``; a change of state, as "exhaust": cards not in that state yet); None
    where the change is not known (the kernel's own primitive)."""
    engine = ctx.engine
    kernel = engine.kernel
    if action.verb == "discard":
        found = candidates(ctx, discarded(selector, kernel.hand_zone) or selector)
        return [u for u in found if isinstance(u, int) and not kernel.discarded(engine, u)]
    change = kernel.primitive(kernel.verb(action.name or ""))
    sets = getattr(change, "sets", None)  # (``primitives.set_state``)
    if sets is None:
        return None
    state, on = sets
    cards = engine.state.cards
    return [
        u
        for u in candidates(ctx, selector)
        if isinstance(u, int) and (state in cards[u].states) != on
    ]


def paid(ctx: Context, clause: ast.Clause, selector: ast.Cards) -> list[int] | None:
    """The cards that pay ``clause``, where it is a cost of the running ability counted
    in cards: as many as it takes, chosen by the payer among ``payers``; [] where there
    are too few (nothing is paid). None where the action chooses as written: an effect,
    cards chosen earlier (as it was played), a change not known here."""
    ability = ctx.ability
    costs = getattr(ability.node, "costs", None) if ability is not None else None
    if not isinstance(costs, ast.Steps) or not any(step is clause for step in costs.steps):
        return None
    span = selector.span
    if span is not None and span.offset in ctx.chosen:
        return None
    found = payers(ctx, clause.action, selector)
    q = selector.quantifier
    picks = _plan(selector).picks
    if picks is None:  # an X, chosen by now
        count = ctx.amount(q.count if q is not None else None)
        picks = (0, count) if q is not None and q.kind == "up_to" else (count, count)
    least, most = picks
    if found is None or most < 1:
        return None
    if len(found) < least or not found:
        return []
    prompt = clause.action.name or clause.action.verb  # (as the action's own choice asks)
    pool = cast("list[Target]", found)
    return cast("list[int]", _picked(ctx.engine, ctx.controller, prompt, pool, (least, most)))
