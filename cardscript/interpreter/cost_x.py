"""X chosen by a cost ("pay X endurance → …", "Soul Blast X → draw X cards"): as the cost
is paid, its payer chooses X among what they can pay now, and X keeps that value for the
rest of the ability. An X with a value already — "where X is …", a keyword's value, a
number chosen on declaration — is not asked.

X is at least 1: a cost of 0 pays nothing (Berserk §103.7а: "costs of 0 counters cannot
be declared"; Soul Blast and Counter Blast X name cards to pay, vanguard.md §9.3; the VS
spec is silent). It is at most what the kernel says the player has for every cost that
X measures (``Kernel.most_payable``), what the other steps drawing on the same cards
leave it (``cost_pools``) and what those paying the same resource leave it
(``cost_resources``), and never more than ``MOST`` (a bounded choice).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.grammar.checks import cost_names
from cardscript.interpreter import cost_cards, cost_pools, cost_resources
from cardscript.interpreter.characteristics import bind_ability_where

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.select import Context

__all__ = [
    "LEAST",
    "MOST",
    "bind",
    "choose",
    "counts_cards",
    "counts_together",
    "names",
    "payable",
    "values",
]

LEAST = 1
MOST = 100


def names(ability: ast.Node) -> tuple[str, ...]:
    """The X (Y, …) the ability's costs name, in text order (remembered per ability node:
    definitions never change)."""
    found = _NAMES.get(id(ability))
    if found is None or found[0] is not ability:
        if len(_NAMES) > 20_000:
            _NAMES.clear()  # pools come and go (tests): keep the memory bounded
        found = _NAMES[id(ability)] = (ability, cost_names(ability))
    return found[1]


_NAMES: dict[int, tuple[ast.Node, tuple[str, ...]]] = {}


def _measured(ability: ast.Node, name: str) -> list[ast.Action]:
    """The cost actions whose amount is ``name`` ("pay X endurance", "Soul Blast X"), or
    how many cards they take ("close X creatures you control")."""
    costs = getattr(ability, "costs", None)
    steps = costs.steps if isinstance(costs, ast.Steps) else ()
    return [
        s.action
        for s in steps
        if isinstance(s, ast.Clause) and name in (_var(s.action.amount), _counted(s.action))
    ]


def _fixed(ability: ast.Node) -> list[tuple[ast.Action, int]]:
    """The cost actions with a number for their amount ("pay 2 energy") or for the cards
    they take ("discard 2 cards", "discard a card"), each with that number
    (``cost_cards.needs``)."""
    return [(s.action, n) for s, n in cost_cards.needs(ability) if isinstance(n, int)]


def counts_cards(ability: ast.Node) -> bool:
    """Does a cost of the ability take a number of cards ("discard 2 cards", "exhaust X
    characters you control": ``payable`` asks the kernel whether there are enough)?"""
    costs = getattr(ability, "costs", None)
    steps = costs.steps if isinstance(costs, ast.Steps) else ()
    return any(isinstance(s, ast.Clause) and cost_cards.counted(s.action) for s in steps)


def counts_together(ability: ast.Node) -> bool:
    """Has the ability two cost steps or more that take a number of things ("pay 1
    endurance, pay 1 endurance"), which ``payable`` counts together where they draw on
    the same cards or resource?"""
    return len(cost_cards.needs(ability)) > 1


def _var(amount: ast.Amount | None) -> str | None:
    return str(amount.value) if amount is not None and amount.kind == "var" else None


def _counted(action: ast.Action) -> str | None:
    """The X of "X creatures you control", the cards a cost takes."""
    target = action.target
    if isinstance(target, ast.Cards) and target.quantifier is not None:
        return _var(target.quantifier.count)
    return None


def _most(ctx: Context, ability: ast.Node, name: str) -> int:
    """The most X the player can pay now, for every cost it measures, and what the other
    steps drawing on the same cards (``cost_pools``) or paying the same resource
    (``cost_resources``) leave it."""
    engine, most = ctx.engine, MOST
    for action in _measured(ability, name):
        can = engine.kernel.most_payable(engine, ctx.controller, ctx.source, action)
        if can is not None and can < most:
            most = can
    if counts_together(ability):
        found = cost_cards.pools(ctx, ability)
        fixed = cost_cards.steps(ctx, [(n, p) for n, p in found if n != name], LEAST)
        measured = [p for n, p in found if n == name]
        if measured:
            most = min(most, cost_pools.largest(fixed, measured))
        most = cost_resources.largest(ctx, ability, name, most, LEAST)
    return most


def values(ctx: Context, ability: ast.Node, name: str) -> range:
    """What X may be as the ability's costs are paid now (empty: they cannot be)."""
    return range(LEAST, _most(ctx, ability, name) + 1)


def bind(ctx: Context, ability: ast.Node) -> Mapping[str, int] | None:
    """Bind the ability's X before its costs are paid: "where X is …" (the words speak for
    the whole ability: "pay X endurance → draw X cards, where X is …"), then those the
    payer chooses (``choose``); what ``choose`` answers."""
    bind_ability_where(ctx, ability)
    return choose(ctx, ability)


def choose(ctx: Context, ability: ast.Node) -> Mapping[str, int] | None:
    """The payer chooses each X the costs name that has no value yet, which ``ctx`` then
    binds; the values chosen ({} for none), or None where no X can be paid, or the steps
    paying the same resource cannot all be paid (nothing is paid then: the first would
    be, and a later one not)."""
    if not cost_resources.fits(ctx, ability, LEAST):
        return None
    chosen: dict[str, int] = {}
    for name in names(ability):
        if name in ctx.bindings:
            continue
        offered = values(ctx, ability, name)
        if not offered:
            return None
        card = ctx.ability.card_id if ctx.ability is not None else "this"
        labels = [f"{name} = {v}" for v in offered]
        prompt = f"choose {name} for the cost of {card}"
        (picked,) = ctx.engine.choose(ctx.controller, "option", prompt, offered, labels)
        chosen[name] = offered[picked]
        ctx.bindings = {**ctx.bindings, name: offered[picked]}  # replaced: contexts share them
    return chosen


def payable(engine: Engine, source: int | None, ability: CompiledAbility, player: int) -> bool:
    """Can the ability's costs be paid now: a fixed amount ("pay 2 energy", "discard 2
    cards") in full, an X with a value ("where X is …") that much, an X to choose at
    least ``LEAST``, as far as the kernel can tell (``Kernel.most_payable``)? (Playability
    checks ask this, so that no agent is offered an ability whose costs cannot be paid.)"""
    node = ability.node
    for action, need in _fixed(node):
        most = engine.kernel.most_payable(engine, player, source, action)
        if most is not None and most < need:
            return False
    shared = counts_together(node)
    if not shared and not names(node):
        return True
    ctx = engine.context(source, ability, player)
    bind_ability_where(ctx, node)
    if shared and not cost_pools.fits(cost_cards.steps(ctx, cost_cards.pools(ctx, node), LEAST)):
        return False  # steps drawing on the same cards: together (each X at least 1)
    if shared and not cost_resources.fits(ctx, node, LEAST):
        return False  # steps paying the same resource: together
    for name in names(node):
        most = _most(ctx, node, name)
        if most < ctx.bindings.get(name, LEAST):
            return False
    return True
