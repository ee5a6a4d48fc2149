"""Marvel Champions: paying costs with resources (MC-COST, MC-RES, G40, G48).

A player generates resources by discarding cards from hand (each gives its printed
icons) and by using "Resource:" abilities of cards they control, only while paying
(MC-RESAB-2, MC2-T-053). A wild icon counts as any type (§1.56). A cost is generic (any
type, the card's printed cost) or typed ("pay 1 mental resource", MC2-T-052). Payment
is all or nothing: nothing is spent when the cost cannot be met (S045); the excess is
wasted (MC-RES-4, MC2-T-051).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter import cost_x
from cardscript.interpreter.cost_resources import Amounts
from cardscript.kernels.marvel_champions.base import RULE
from cardscript.kernels.marvel_champions.cost_changes import changes_payable

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.engine import Engine

TYPES = ("energy", "mental", "physical", "wild")
Source = tuple[int, "CompiledAbility | None"]  # a card in hand, or a Resource ability


def icons(engine: Engine, uid: int) -> list[str]:
    found = engine.definition(uid).get("resources") or []
    return [str(i) for i in found] if isinstance(found, list) else []


def generated(ability: CompiledAbility) -> list[str]:
    """What a Resource ability generates: its "gain N <type> resource" clauses."""
    out: list[str] = []
    effects = getattr(ability.node, "effects", None)
    for step in effects.steps if effects is not None else ():
        action = getattr(step, "action", None)
        if action is not None and action.verb == "gain" and action.name in (*TYPES, "resource"):
            count = int(action.amount.value) if str(action.amount.value).isdigit() else 1
            out += ["wild" if action.name == "resource" else str(action.name)] * count
    return out


def paying_for_it(engine: Engine, ability: CompiledAbility, paying_for: int | None) -> bool:
    """Is the ability a "Resource:" one that works for this payment? "Resource (ally):"
    works only while paying for an ally (S113)."""
    label = ability.line.label
    if label is None or label.name != "resource":
        return False
    nouns = [q.split(":")[-1] for q in label.qualifier]
    if not nouns:
        return True
    return paying_for is not None and all(engine.kernel.is_a(engine, paying_for, n) for n in nouns)


def own_text(engine: Engine, uid: int, paying_for: int | None) -> list[str]:
    """What a card discarded to pay adds by its own "Resource:" text: a resource card's
    text works only while it pays (G48), for a card its label names (S113)."""
    return [
        icon
        for ability in engine.definition(uid).abilities
        if paying_for_it(engine, ability, paying_for)
        for icon in generated(ability)
    ]


def resource_abilities(engine: Engine, player: int, paying_for: int | None = None) -> list[Source]:
    """Usable "Resource:" abilities of the cards the player controls."""
    out: list[Source] = []
    for uid in engine.state.players[player].zones.get("play", ()):
        for ability in engine.definition(uid).abilities:
            if not paying_for_it(engine, ability, paying_for):
                continue
            if engine.within_limits(ability, uid) and changes_payable(engine, player, uid, ability):
                out.append((uid, ability))
    return out


def sources(engine: Engine, player: int, paying_for: int | None) -> list[Source]:
    hand = engine.state.players[player].zones.get("hand", [])
    cards: list[Source] = [(u, None) for u in hand if u != paying_for and icons(engine, u)]
    return cards + resource_abilities(engine, player, paying_for)


def gives(engine: Engine, source: Source, paying_for: int | None = None) -> list[str]:
    uid, ability = source
    if ability is None:
        return icons(engine, uid) + own_text(engine, uid, paying_for)
    return generated(ability)


def counts(pool: list[str], kind: str | None) -> int:
    """How much of a cost of ``kind`` (None: any type) the pool meets."""
    return len(pool) if kind is None else sum(1 for i in pool if i in (kind, "wild"))


def can_pay(
    engine: Engine, player: int, amount: int, kind: str | None, for_uid: int | None
) -> bool:
    return most(engine, player, kind, for_uid) >= amount


def most(engine: Engine, player: int, kind: str | None, for_uid: int | None, first: int = 0) -> int:
    """The most of a cost of ``kind`` (None: any type) the player can generate now, after
    a payment of ``first`` of any type made before it from the same sources (``after``)."""
    given = [gives(engine, s, for_uid) for s in sources(engine, player, for_uid)]
    if first:
        return after(given, kind, first)
    return counts([i for g in given for i in g], kind)


def after(given: list[list[str]], kind: str | None, first: int) -> int:
    """The most of ``kind`` the sources ``given`` (each a card or ability's resources, used
    whole) still give once ``first`` of any type is paid from them: that payment's excess is
    lost (MC-RES-6), so it takes the sources that cost the least of ``kind`` (0: it cannot
    be paid)."""
    total = sum(counts(g, kind) for g in given)
    never = total + 1
    spent = [0] + [never] * first  # the least of kind spent to pay i (first: or more)
    for gift in given:
        size, worth = len(gift), counts(gift, kind)
        for paid in range(first, -1, -1):
            reach = min(first, paid + size)
            spent[reach] = min(spent[reach], spent[paid] + worth)
    return total - spent[first] if spent[first] < never else 0


def fit(given: list[list[str]], needs: Sequence[tuple[str | None, int]]) -> bool:
    """Can the sources ``given`` (each a card's or ability's resources, spent whole on one
    payment, its excess lost: MC-RES-6) pay every need (its type, None: any; its amount),
    one payment after the other? Each state is what each need still lacks; every source
    goes to one need or none."""
    kinds = [kind for kind, _ in needs]
    done = (0,) * len(needs)
    states = {tuple(amount for _, amount in needs)}
    for gift in given:
        if done in states:
            return True
        worths = [counts(gift, kind) for kind in kinds]
        for state in list(states):
            for i, worth in enumerate(worths):
                if worth and state[i]:
                    states.add((*state[:i], max(0, state[i] - worth), *state[i + 1 :]))
    return done in states


def steps_fit(engine: Engine, player: int, uid: int | None, steps: Amounts) -> bool:
    """Can the resource costs ``steps`` of the card ``uid``'s ability (each with its
    amount) all be paid now, after the card's own printed cost if it is still to be paid
    (``unpaid``), from the same sources (``Kernel.resources_fit``)?"""
    given = [gives(engine, s, uid) for s in sources(engine, player, uid)]
    first = unpaid(engine, uid)
    needs = [(typed(action.name), amount) for action, amount in steps]
    return fit(given, [(None, first), *needs] if first else needs)


def unpaid(engine: Engine, uid: int | None) -> int:
    """The printed cost still to pay before an ability of ``uid`` is: an event in hand is
    played, its cost paid, before its Interrupt's or Response's costs (``windows.use``)."""
    if uid is None or engine.state.cards[uid].zone != "hand":
        return 0
    return engine.stat(uid, "cost")


def typed(name: str | None) -> str | None:
    """The type a cost "pay N <name>" asks for; None: any ("resource", "wild")."""
    return name if name in ("energy", "mental", "physical") else None


def most_payable(engine: Engine, player: int, uid: int | None, action: ast.Action) -> int | None:
    """The most of one cost of the card ``uid``'s ability the player can pay now
    (``Kernel.most_payable``): resources they can generate, of the type it asks for, with
    what the card's own printed cost leaves if it is still to be paid (``unpaid``); for
    "spend", the card's Uses tokens (K1). None: a cost of another kind."""
    if action.verb == "pay":
        return most(engine, player, typed(action.name), uid, unpaid(engine, uid))
    if action.verb == "named_cost" and action.name == "spend":
        return engine.state.cards[uid].counters.get("all_purpose", 0) if uid is not None else 0
    return None


def payable(engine: Engine, player: int, uid: int) -> bool:
    return can_pay(engine, player, engine.stat(uid, "cost"), None, uid)


def pay(
    engine: Engine,
    player: int,
    uid: int | None,
    cost: int,
    kind: str | None = None,
    later: Amounts = (),
) -> bool:
    """Generate resources until ``cost`` of ``kind`` is met; False (nothing spent) if it
    cannot be, or if the ``later`` steps of the same cost could not be paid after it (each
    its "pay" action and amount): then only sources that leave them payable are offered
    (``keeps``). What was paid is recorded on a card whose text asks ("if you paid with a
    physical resource"), a wild one as the type the player declares (MC2-T-080)."""
    if not can_pay(engine, player, cost, kind, uid):
        return False
    needs = [(typed(action.name), amount) for action, amount in later]
    if needs and not keeps(engine, player, uid, [(kind, cost), *needs]):
        return False
    pool: list[str] = []
    for _ in range(60):
        if counts(pool, kind) >= cost:
            break
        found = [s for s in sources(engine, player, uid) if counts(gives(engine, s, uid), kind)]
        if needs:
            left = cost - counts(pool, kind)
            found = [s for s in found if keeps(engine, player, uid, needs, s, (kind, left))]
        if not found:
            raise ValueError("not enough resources")  # can_pay said otherwise: a bug
        labels = [_label(engine, s, uid) for s in found]
        left = cost - counts(pool, kind)
        (picked,) = engine.choose(player, "targets", f"pay {left} more", found, labels)
        spent, ability = found[picked]
        if ability is None:
            pool += gives(engine, found[picked], uid)
            engine.apply("discard", RULE, uid=spent)
        else:
            pool += _use(engine, player, spent, ability)
    if uid is not None and asks_payment(engine, uid):
        engine.state.cards[uid].data["paid"] = [declared(engine, player, i, kind) for i in pool]
    return True


def keeps(
    engine: Engine,
    player: int,
    uid: int | None,
    needs: list[tuple[str | None, int]],
    spent: Source | None = None,
    now: tuple[str | None, int] = (None, 0),
) -> bool:
    """Can ``needs`` (each its type, None: any; its amount) be paid from the sources left
    once ``spent`` goes to the step paying now, which still lacks ``now`` (its type, its
    amount)? Its excess is lost (MC-RES-6): "pay 1 mental resource, pay 1 physical
    resource" with a wild and a mental source does not spend the wild on the mental."""
    kind, left = now
    if spent is not None:
        left = max(0, left - counts(gives(engine, spent, uid), kind))
    rest = [gives(engine, s, uid) for s in sources(engine, player, uid) if s != spent]
    return fit(rest, [(kind, left), *needs] if left else needs)


def asks_payment(engine: Engine, uid: int) -> bool:
    """Does the card's text ask what was paid for it ("if you paid with …")?"""
    return any(
        isinstance(node, ast.Test) and node.kind == "paid_with"
        for ability in engine.definition(uid).abilities
        for node in ability.line.walk()
    )


def declared(engine: Engine, player: int, icon: str, kind: str | None) -> str:
    """A wild resource counts as one type (§1.56): the type a typed cost needed, or the
    one the player declares for it."""
    if icon != "wild":
        return icon
    if kind is not None:
        return kind
    options = list(TYPES[:3])
    (picked,) = engine.choose(player, "option", "declare the wild resource as", options, options)
    return options[picked]


def _label(engine: Engine, source: Source, paying_for: int | None) -> str:
    uid, ability = source
    what = ", ".join(gives(engine, source, paying_for))
    if ability is None:
        return f"discard {engine.describe(uid)} for {what}"
    return f"use {engine.describe(uid)} for {what}"


def _use(engine: Engine, player: int, uid: int, ability: CompiledAbility) -> list[str]:
    """Resolve a Resource ability; what it gains goes into the payment, not the player's
    supply (resources exist only while paying)."""
    supply = engine.state.players[player].resources
    before = {t: supply.get(t, 0) for t in (*TYPES, "resource")}
    engine.resolve(ability, uid, player)
    out: list[str] = []
    for t, had in before.items():
        gained = supply.get(t, 0) - had
        if gained > 0:
            out += ["wild" if t == "resource" else t] * gained
            supply[t] = had
    return out


def costs_payable(engine: Engine, player: int, uid: int, ability: CompiledAbility) -> bool:
    """Can the costs of an ability be paid now (G46 step 4): its resources and Uses
    tokens, the cards it changes ("exhaust this": ``cost_changes``), an X the payer
    chooses of at least 1 (``cost_x``)?"""
    costs = getattr(ability.node, "costs", None)
    for step in costs.steps if costs is not None else ():
        action = getattr(step, "action", None)
        value = getattr(getattr(action, "amount", None), "value", None)
        if action is None or not str(value).isdigit():
            continue
        can = most_payable(engine, player, uid, action)
        if can is not None and can < int(str(value)):
            return False
    return changes_payable(engine, player, uid, ability) and cost_x.payable(
        engine, uid, ability, player
    )
