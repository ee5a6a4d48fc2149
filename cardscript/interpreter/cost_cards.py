"""Costs counted in cards: "discard 2 cards →", "discard X cards →", "exhaust 2
characters you control →", Berserk's "close 2 creatures you control →", "put a card from
your hand into your soul →". How many cards
can pay one now (``Kernel.most_payable``, so that ``cost_x`` offers an X and a fixed
count only where it can be paid), and its payment, all or nothing: the payer chooses as
many cards as it takes among those that can pay it; where there are too few, nothing is
paid and the cost fails, so the ability is not used (a cost is paid in full: vs-system.md
"Costs", MC2-T-092, Berserk §103.3, §103.6). A cost "at random" ("discard a card at
random →") is paid as well: the game picks the cards among those that can pay it, the
payer chooses none. Steps of one cost that draw on the same
cards are counted together (``cost_pools``): no card pays two of them, and where a card
would leave another step unpaid it is not offered."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardscript.grammar import ast
from cardscript.interpreter import cost_pools
from cardscript.interpreter.card_plans import _plan
from cardscript.interpreter.discard_from import discarded
from cardscript.interpreter.random_pick import at_random
from cardscript.interpreter.select import _picked, candidates

if TYPE_CHECKING:
    from cardscript.interpreter.context import Context, Target
    from cardscript.interpreter.engine import Engine

__all__ = ["counted", "fixed", "needs", "paid", "payers", "pools", "steps", "this_payable"]

# the quantifiers that take a number of cards: "a card", "another card", "2 cards", "X
# cards", "up to 2 cards" (0 to 2; not "each", "all"; not a target, chosen before)
_COUNTED = frozenset({"a", "an", "any", "another", "n_cards", "up_to", "random"})
_VERBS = ("discard", "primitive", "move")  # (a move: to a zone, "put … into your soul")


def counted(action: ast.Action) -> ast.Cards | None:
    """The selector of a cost that takes a number of cards ("discard 2 cards", "exhaust
    X characters you control", "put a card from your hand into your soul"); None for any
    other ("exhaust this", "pay 2 endurance")."""
    target = action.target
    if action.verb not in _VERBS or not isinstance(target, ast.Cards):
        return None
    if action.verb == "move" and action.destination is None:
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


def payers(ctx: Context, action: ast.Action, selector: ast.Node) -> list[int] | None:
    """The cards that can pay the cost now: those the selector covers ("this" too) that
    its change can be made to (a discard: cards not discarded yet, from the hand where no
    zone is named, ``discard_from``; a move: those it covers, "a card from your hand"; a
    change of state, as "exhaust": cards not in that state yet); None where the change is
    not known (the kernel's own primitive)."""
    engine = ctx.engine
    kernel = engine.kernel
    if action.verb == "discard":
        found = candidates(ctx, discarded(selector, kernel.hand_zone) or selector)
        return [u for u in found if isinstance(u, int) and not kernel.discarded(engine, u)]
    if action.verb == "move":
        return [u for u in candidates(ctx, selector) if isinstance(u, int)]
    change = kernel.primitive(kernel.verb(action.name or ""))
    if getattr(change, "sets", None) is None:  # (``primitives.set_state``)
        return None
    return [
        u for u in candidates(ctx, selector) if isinstance(u, int) and _changes(engine, change, u)
    ]


def this_payable(engine: Engine, uid: int, action: ast.Action) -> bool:
    """Can the cost step ``action`` be paid where it changes its own card ("rest this",
    "ready this" with "This cannot ready.")? As ``payers`` says of the card; True for
    any other step and a change not known here."""
    if action.verb != "primitive" or not (
        action.target is None or isinstance(action.target, ast.ThisCard)
    ):
        return True
    kernel = engine.kernel
    change = kernel.primitive(kernel.verb(action.name or ""))
    return getattr(change, "sets", None) is None or _changes(engine, change, uid)


def _changes(engine: Engine, change: object, uid: int) -> bool:
    """May the change of state be made to the card: not in that state yet, and no text
    forbidding it (``forbidden_by``: the permission the primitive asks as it runs)."""
    state, on = getattr(change, "sets")  # noqa: B009 (a function's attribute)
    if (state in engine.state.cards[uid].states) == on:
        return False
    forbidden_by = getattr(change, "forbidden_by", None)  # ("This cannot ready.")
    return forbidden_by is None or engine.permitted(forbidden_by, uid) is not False


def needs(ability: ast.Node) -> tuple[tuple[ast.Clause, int | str], ...]:
    """The cost steps that take a number of things ("discard 2 cards", "Soul Blast 1",
    "pay X energy"), each with that number or the X it is; remembered per ability node
    (definitions never change)."""
    found = _NEEDS.get(id(ability))
    if found is None or found[0] is not ability:
        if len(_NEEDS) > 20_000:
            _NEEDS.clear()  # pools come and go (tests): keep the memory bounded
        costs = getattr(ability, "costs", None)
        steps = costs.steps if isinstance(costs, ast.Steps) else ()
        made = tuple(
            (s, need)
            for s in steps
            if isinstance(s, ast.Clause) and (need := _need(s.action)) is not None
        )
        found = _NEEDS[id(ability)] = (ability, made)
    return found[1]


_NEEDS: dict[int, tuple[ast.Node, tuple[tuple[ast.Clause, int | str], ...]]] = {}


def _need(action: ast.Action) -> int | str | None:
    selector = counted(action)
    amount = action.amount
    if selector is not None and selector.quantifier is not None:
        count = fixed(selector)
        if count is not None:
            return count
        amount = selector.quantifier.count
    if amount is None:
        return None
    if amount.kind in ("a", "an"):  # "remove a counter from this"
        return 1
    if amount.kind not in ("int", "var"):
        return None
    return str(amount.value) if amount.kind == "var" else int(amount.value or 0)


def pools(
    ctx: Context, ability: ast.Node, after: ast.Clause | None = None
) -> list[tuple[int | str, frozenset[int]]]:
    """The cost steps (those ``after`` the step given) whose payers are cards
    (``Kernel.cost_payers``), each with its need and those of its cards that have not
    paid a step yet."""
    engine, out = ctx.engine, []
    steps = needs(ability)
    if after is not None:
        # (by identity: "discard a card, discard a card" has two equal steps)
        steps = steps[next(i for i, (s, _) in enumerate(steps) if s is after) + 1 :]
    for clause, need in steps:
        found = engine.kernel.cost_payers(engine, ctx.controller, ctx.source, clause.action)
        if found is not None:
            out.append((need, frozenset(found).difference(ctx.paid)))
    return out


def paid(
    ctx: Context, clause: ast.Clause, selector: ast.Cards, prompt: str | None = None
) -> list[int] | None:
    """The cards that pay ``clause``, where it is a cost of the running ability counted
    in cards: as many as it takes, chosen by the payer among ``payers`` (none that paid
    a step before, none that the later steps need: ``cost_pools``), asked with
    ``prompt`` (else the action's name or verb); [] where there are too few (nothing is
    paid). None where the action chooses as written: an effect, cards chosen earlier (as
    it was played), a change not known here."""
    ability = ctx.ability
    node = ability.node if ability is not None else None
    costs = getattr(node, "costs", None)
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
    found = [u for u in found if u not in ctx.paid]
    rest: list[cost_pools.Step] = []
    if node is not None and len(needs(node)) > 1:
        rest = steps(ctx, pools(ctx, node, clause))
    if not found or len(found) < least or not cost_pools.fits([(least, frozenset(found)), *rest]):
        return []
    prompt = prompt or clause.action.name or clause.action.verb  # (as the action asks)
    by_chance = q is not None and q.kind == "random"  # the game picks, not the payer
    if cost_pools.safe(frozenset(found), rest):
        if by_chance:
            chosen = at_random(ctx.engine, ctx.controller, prompt, found, most)
        else:
            pool = cast("list[Target]", found)
            picked = _picked(ctx.engine, ctx.controller, prompt, pool, (least, most))
            chosen = cast("list[int]", picked)
    else:
        # (an "up to" step whose cards a later step needs pays its least: never a later
        # step left unpaid)
        chosen = _one_by_one(ctx, prompt, found, least, rest, by_chance)
    ctx.paid = (*ctx.paid, *chosen)
    return chosen


def steps(
    ctx: Context, found: list[tuple[int | str, frozenset[int]]], unbound: int = 0
) -> list[cost_pools.Step]:
    """``pools`` as ``cost_pools`` steps: an X as bound, or ``unbound``."""
    return [(n if isinstance(n, int) else ctx.bindings.get(n, unbound), p) for n, p in found]


def _one_by_one(
    ctx: Context,
    prompt: str,
    found: list[int],
    need: int,
    rest: list[cost_pools.Step],
    by_chance: bool = False,
) -> list[int]:
    """The payer picks one card at a time, among those that leave the later steps
    payable ("discard a card, discard a creature from your hand": not the one creature);
    ``by_chance``, the game picks each at random among them."""
    taken: list[int] = []
    for left in range(need - 1, -1, -1):
        options: list[Target] = []
        for u in found:
            if u in taken:
                continue
            gone = {*taken, u}
            later = [(n, p.difference(gone)) for n, p in rest]
            if cost_pools.fits([(left, frozenset(found).difference(gone)), *later]):
                options.append(u)
        if by_chance:
            (one,) = at_random(ctx.engine, ctx.controller, prompt, options, 1)
        else:
            (one,) = _picked(ctx.engine, ctx.controller, prompt, options, (1, 1))
        taken.append(cast("int", one))
    return taken
