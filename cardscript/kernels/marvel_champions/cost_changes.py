"""Marvel Champions: can the cost steps that change cards be paid now (G46 step 4)? An
ability whose cost cannot be paid is not offered: an Action on the turn, an Interrupt or
Response in a window (both through ``resources.costs_payable``), a "Resource:" ability
while paying (``resources.resource_abilities``).

Resources and Uses tokens are counted by ``resources``, an X by ``cost_x``, a step
counted in cards ("discard a card") by ``cost_cards``; a step that changes the cards it
names can be paid where the change can be made to them: "exhaust this" not while the
card is exhausted (G13), "ready this" not while it is ready, "remove 1 threat from
this" not without that threat, "exhaust your hero" not without a ready hero (none in
alter-ego form), "remove target card in your discard pile from the game" not with none
there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter import cost_cards
from cardscript.interpreter.select import candidates, card_plan

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.context import Context
    from cardscript.interpreter.engine import Engine


def changes_payable(engine: Engine, player: int, uid: int, ability: CompiledAbility) -> bool:
    """Can each cost step of the ability that changes cards it names ("exhaust this",
    "exhaust target ally you control") be made now?"""
    costs = getattr(ability.node, "costs", None)
    ctx: Context | None = None
    for step in costs.steps if costs is not None else ():
        action = getattr(step, "action", None)
        if action is None or not isinstance(action.target, ast.ThisCard | ast.Cards):
            continue
        if cost_cards.counted(action) is not None:
            continue  # (how many cards can pay it: ``cost_x``, ``most_payable``)
        ctx = ctx or engine.context(uid, ability, player)
        if not _step_payable(ctx, action, action.target):
            return False
    return True


def _step_payable(ctx: Context, action: ast.Action, selector: ast.Node) -> bool:
    """Every card the selector names can take the change, and there is one at least;
    where the payer picks ("target ally"), as many as it picks."""
    found = [u for u in candidates(ctx, selector) if isinstance(u, int)]
    able = _able(ctx, action, selector, found)
    if isinstance(selector, ast.Cards):
        plan = card_plan(selector)
        if not plan.takes_all:
            return len(able) >= (plan.picks[0] if plan.picks is not None else 1)
    return bool(found) and len(able) == len(found)


def _able(ctx: Context, action: ast.Action, selector: ast.Node, found: list[int]) -> list[int]:
    """Those of ``found`` the cost's change can be made to: counters they have ("remove 1
    threat from this"), a state they are not in yet ("exhaust"), a discard of a card not
    discarded (``cost_cards.payers``); any other change, all."""
    if action.verb == "remove_counters":
        amount = action.amount
        need = int(amount.value or 0) if amount is not None and amount.kind == "int" else 1
        cards = ctx.engine.state.cards
        return [u for u in found if cards[u].counters.get(action.name or "", 0) >= need]
    able = cost_cards.payers(ctx, action, selector)
    return found if able is None else [u for u in found if u in able]
