"""Redirection (перенаправление, spec berserk.md §18.9; §412) and defenders (§205.3).

"close this → redirect it to this (any time)": a playable ability that gives the ability
whose Target object is on top a new target. It may be declared only then (§412.3), never
against Precision's holder's abilities (the rule hook ``redirectable``), and only while
that ability still has its initial target: a redirected ability is not redirected again
(§412.5). A redirection is a chain of only Wounds and Payment (§412.4): it has no Target
object, so nothing redirects it, and a block does not remove it; the players may still
respond to it (its Wounds object gets its own window). A card whose redirection waits on
the stack declares no other (§412.6).

Every ability that names a target has a Target object whose window is open to a
redirection: the simple strike's (``strike.attack``), a declared playable ability's, an
attack ability's included (``abilities.declare``, its own window even inside another), and
a triggered ability's (``trigger_window``: its targets are chosen as it goes on the
stack, before its window). The new target must be legal for the ability.

Assigning a defender (20.71) is a redirection too: a sudden action of the inactive player
while a simple strike's Target object is on top (``defenders``, ``assign``), so after it
the strike is not redirected, and after a redirection no defender is assigned (§412.5).

"Attacks at adjacent creatures you control are redirected to this" is a constant
redirection (§412.7, ``constant``): no stack, applied as part of the attack when its Target
object resolves, so only if nothing redirected it in the window (§412.5); "abilities aimed
at …" is one for every ability that names a target.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from cardscript.grammar import ast
from cardscript.interpreter.apart import described
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, PendingTrigger
from cardscript.interpreter.select import candidates, selects, test
from cardscript.kernels.berserk import strike, targeting
from cardscript.kernels.berserk.kinds import may_attack
from cardscript.kernels.berserk.strike import CHAIN, DEFENDER, ON_TOP, REDIRECTED
from cardscript.once import once_per_object

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel
    from cardscript.kernels.berserk.movement import BoardKernel


class Defend(NamedTuple):
    """The sudden action "assign ``uid`` as the defender" (20.71)."""

    uid: int


def redirects(ability: CompiledAbility) -> bool:
    """Is one of the ability's effects "redirect it to …" (a redirection, §412.4)?"""
    effects = getattr(ability.node, "effects", None)
    steps = effects.steps if effects is not None else ()
    return any(isinstance(s, ast.Clause) and s.action.verb == "redirect" for s in steps)


def initial(engine: Engine, chain: dict[str, Any]) -> bool:
    """Has ``chain`` still its initial target, and may its source's abilities be
    redirected (§412.5; Precision)?"""
    return (
        not chain.get("redirection")
        and REDIRECTED not in chain
        and DEFENDER not in chain
        and bool(engine.rule("redirectable", uid=chain["source"]))
    )


def open_to(engine: Engine, chain: dict[str, Any]) -> bool:
    """May ``chain`` be redirected now: its Target object on top (§412.3), still with its
    initial target (§412.5) and its source's abilities redirectable (Precision)?"""
    return (
        chain.get("object") == "target"
        and engine.state.data.get(ON_TOP) == "target"
        and initial(engine, chain)
    )


def declarable(engine: Engine, uid: int) -> bool:
    """May ``uid`` declare a redirection now: a chain on top open to one, and no
    redirection of its own waiting on the stack (§412.6)?"""
    chains = engine.state.data.get(CHAIN, ())
    if any(c.get("redirection") and c["source"] == uid for c in chains):
        return False
    return bool(chains) and open_to(engine, chains[-1])


def defenders(kernel: BoardKernel, engine: Engine, player: int) -> list[int]:
    """The defenders ``player`` may assign now: only the inactive player (§205.3б–в),
    only while a simple strike's Target object is on top and it may still be redirected
    (§412.3, §412.5), among the eligible creatures (``strike.defenders``)."""
    data = engine.state.data
    if data.get(ON_TOP) != "target" or player == engine.state.active:
        return []
    chains = data.get(CHAIN)
    if not chains or not chains[-1].get("strike") or not open_to(engine, chains[-1]):
        return []
    chain = chains[-1]
    target = chain.get(REDIRECTED, chain["target"])
    return strike.defenders(kernel, engine, chain["source"], target)


def pinned(engine: Engine, found: list[Any]) -> int:
    """The answer a strike's ``defender:`` gave in advance (a scenario's strike action):
    the inactive player assigns that one at their first priority in its Target window.
    0 when none is pinned or it is not offered now."""
    chain = (engine.state.data.get(CHAIN) or [{}])[-1]
    want = chain.get("pinned")
    if want is None or Defend(want) not in found:
        return 0
    del chain["pinned"]
    return found.index(Defend(want)) + 1


def assign(kernel: BoardKernel, engine: Engine, defender: int) -> None:
    """The inactive player assigns ``defender`` to the simple strike on top. Being a
    redirection it is a chain of Wounds and Payment (§412.4): the players may respond
    while its Wounds object is on top; when it resolves the strike gets the defender if it
    may still (still open to a redirection, the defender still eligible), else nothing
    happens and one may be assigned again (WIKI). Its payment, the defender's closing, is
    the strike's own (§216.12а, ``strike._pay``)."""
    chains = engine.state.data[CHAIN]
    answered = chains[-1]
    chain: dict[str, Any] = {"source": defender, "blocked": False, "cancelled": False}
    chains.append(chain)
    try:
        respond(kernel, engine, chain, f"{engine.describe(defender)} defending")
    finally:
        chains.pop()
    if open_to(engine, answered) and defender in defenders(kernel, engine, 1 - engine.state.active):
        answered[DEFENDER] = defender


@contextmanager
def _on_top(engine: Engine, at: str) -> Iterator[None]:
    """Which object of a chain is on top while a window is open (§412.3, §422.3)."""
    data = engine.state.data
    before = data.get(ON_TOP)
    data[ON_TOP] = at
    try:
        yield
    finally:
        if before is None:
            data.pop(ON_TOP, None)
        else:
            data[ON_TOP] = before


def respond(kernel: FieldKernel, engine: Engine, chain: dict[str, Any], what: str) -> None:
    """The window while the redirection's Wounds object is on top: its own, though a
    window is open already (it is a chain of its own, §412.4)."""
    chain["redirection"] = True
    with _on_top(engine, "wounds"):
        kernel.respond(engine, what, nested=True)


def target_window(
    kernel: FieldKernel,
    engine: Engine,
    chain: dict[str, Any],
    target: int,
    what: str,
    nested: bool = True,
) -> int:
    """An ability's Target object's window (§216.3, §412.3), a declared one's its own
    even inside another window (``nested``): open to a redirection. The target the
    ability has after it."""
    chain.update(object="target", target=target)
    with _on_top(engine, "target"):
        kernel.respond(engine, what, nested=nested)
    constant(kernel, engine, chain)  # as it resolves (§412.7)
    return int(chain.get(REDIRECTED, target))


def trigger_window(
    kernel: FieldKernel, engine: Engine, trigger: PendingTrigger
) -> tuple[dict[int, list[Any]] | None, dict[str, Any]]:
    """The window before a triggered ability resolves, while it is a chain on the stack
    that a "block" or "cancel" may answer (§410.1, §409). One that names a target chooses
    it now, as it goes on the stack (§412.1), and its window is its Target object's, open
    to a redirection and opened inside another window too, as a declared ability's
    (§216.3, §412.3). The targets it resolves with (None when it names none) and its
    chain, "blocked" or "cancelled" when a response removed it."""
    what = f"{engine.definition(trigger.source).name}'s ability"
    source, controller = trigger.source, trigger.controller
    chain: dict[str, Any] = {"source": source, "blocked": False, "cancelled": False}
    found = targeting.first_target(trigger.ability)
    # an attack ability made by its effect ("this discharges at target …") is an attack
    # for a constant redirection (§412.7); any other is redirected within its selector
    kind = "attack" if found is not None and found[1] is not None else "trigger"
    chain.update(kind=kind, ability=trigger.ability.key, controller=controller)
    span = found[0].span if found is not None else None
    chosen = None
    first: list[Any] = []
    if span is not None and kind == "attack":  # one it may attack (``attacks.legal``)
        chosen = {span.offset: _attack_target(kernel, engine, trigger)}
        first = chosen[span.offset]
    elif span is not None:
        chosen = engine.choose_targets(trigger.ability, source, controller, trigger.event)
        first = chosen.get(span.offset) or []
    if chosen:  # named as it goes on the stack: revealed, "is targeted" (§415.2, §400.2)
        targeting.aimed(kernel, engine, source, [t for found in chosen.values() for t in found])
    chains = engine.state.data.setdefault(CHAIN, [])
    chains.append(chain)
    try:
        if chosen is None or span is None or not first or not isinstance(first[0], int):
            kernel.respond(engine, what)
        else:
            chosen[span.offset] = [target_window(kernel, engine, chain, first[0], what), *first[1:]]
    finally:
        chains.pop()
        if not chains:
            engine.state.data.pop(CHAIN, None)
    return chosen, chain


def _attack_target(kernel: FieldKernel, engine: Engine, trigger: PendingTrigger) -> list[Any]:
    """The target of an attack ability made by a trigger's effect, chosen as it goes on
    the stack among the cards it may attack, as a declared one's (§412.1; a ranged attack
    not at an adjacent card, Range X): none when there is none."""
    legal = targeting.legal_targets(kernel, engine, trigger.source, trigger.ability)
    if not legal:
        return []
    labels = described(engine, legal)
    picked = engine.choose(trigger.controller, "targets", "choose a target", legal, labels, 1, 1)
    return [legal[i] for i in picked]


@once_per_object(20_000)
def _standing(node: ast.EffectAbility) -> tuple[ast.Action, ...]:
    """The constant redirections ("attacks at … are redirected to …") of one text."""
    actions = (s.action for s in node.effects.steps if isinstance(s, ast.Clause))
    return tuple(a for a in actions if a.verb == "redirected")


def constant(kernel: FieldKernel, engine: Engine, chain: dict[str, Any]) -> None:
    """Constant redirections (§412.7): no stack, they apply as part of the ability they
    redirect, when its Target object resolves and its target is fixed (§412.2, §216.4):
    "attacks at …" an attack, the simple strike's included; "abilities aimed at …" any
    ability naming a target, an attack ability's included, not the simple strike, which
    is a property. So only one that still has its initial target: not one redirected by
    card text or given a defender in the window (§412.5: never twice), nor one of
    Precision's holder (``initial``). Of several that could, the target's controller
    picks one."""
    if not initial(engine, chain):
        return
    attack = chain.get("kind", "attack") == "attack"
    an_ability = not chain.get("property")  # the simple strike is a property (§205)
    attacked = int(chain["target"])
    found: list[int] = []
    for holder, ability, node in engine.in_play(ast.EffectAbility):
        redirections = _standing(node)
        if not redirections or not kernel.static_active(engine, holder, ability):
            continue
        ctx = engine.context(holder, ability)
        if node.condition is not None and not test(ctx, node.condition):
            continue
        for action in redirections:
            if not (an_ability if action.word == "abilities" else attack):
                continue
            if action.source is None or not selects(ctx, action.source, attacked):
                continue
            for new in candidates(ctx, action.target) if action.target is not None else ():
                if isinstance(new, int) and new not in found and _legal(kernel, engine, chain, new):
                    found.append(new)
    if not found:
        return
    picked = 0
    if len(found) > 1:
        labels = [f"redirect to {engine.describe(u)}" for u in found]
        owner = engine.state.cards[attacked].controller
        (picked,) = engine.choose(owner, "option", "which redirection applies?", found, labels)
    chain[REDIRECTED] = found[picked]


def _legal(kernel: FieldKernel, engine: Engine, answered: dict[str, Any], target: int) -> bool:
    """May the answered chain's ability have ``target`` as its new target? An attack's
    own rules (the simple strike, shots…), else the ability's selector (``targeting``)."""
    source = answered["source"]
    card = engine.state.cards[target]
    if target in (source, answered.get("target")) or card.zone not in kernel.play_zones:
        return False
    kind = answered.get("kind", "attack")
    if kind == "attack":
        return engine.definition(target).type not in ("terrain", "equipment") and may_attack(
            engine, source, target
        )
    return targeting.retarget_legal(kernel, engine, answered, target)


def primitive(kernel: BoardKernel) -> Any:
    """The verb "redirect": the chain the redirection answers gets ``target`` as its
    target in place of the initial one (§412.5). False when that is illegal now."""

    def run(engine: Engine, cause: Cause, target: Any = None, **_: Any) -> bool:
        chains = engine.state.data.get(CHAIN, ())
        if len(chains) < 2 or not isinstance(target, int) or not open_to(engine, chains[-2]):
            return False
        if not _legal(kernel, engine, chains[-2], target):
            return False
        chains[-2][REDIRECTED] = target
        return True

    return run
