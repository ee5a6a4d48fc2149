"""Hidden cards (spec berserk.md §11.2; §415): reveals when their abilities begin to
matter, and what abilities choosing cards make of them.

A hidden card's triggered abilities hear events all the same (the kernel lists the hidden
cards as trigger sources while any are left), and triggering reveals the card (§415.2).

A hidden card is revealed at once, a base effect without the stack, when one of its
printed constant abilities begins to affect the game. Two kinds are recognised: a constant
ability with a condition ("while you control a creature named …, this gets …") whose
condition has come to hold (Elenyamen, T-14); and text saying that some kind of ability may
be used only on this card ("cards other than this cannot be targeted by …"), which always
counts as affecting the game (§415.2а, Reed Idol, T-15). An ability a hidden card is given
by another card's constant ability does not reveal it (§415.6): only the printed text is read.

An ability that must choose all cards meeting a condition ("each enemy creature with cost
4") chooses every hidden card too, as far as what is public about it allows: its side, its
place and whether it is open (§415.3а, Tarna, T-18). Chosen, each is revealed at once
(§415.2); when the ability resolves its selector is read anew, so the part for a card that
turned out not to meet the condition is skipped (§415.4).

The targets after the first are chosen on declaration too, among the cards meeting the
selector and every hidden card its public conditions allow, whose other conditions count
as met (§415.3, the Jester's feint, T-17); chosen, a hidden one is revealed, each "is
targeted" (§400.2: an ability may have several targets), and on resolution the part
aimed at a card that does not meet the condition is skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.apart import described
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.select import candidates, test
from cardscript.kernels.berserk import declared, targeting
from cardscript.kernels.berserk.public_conditions import publicly_meets

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

# what "may be used only on this" forbids everything else ("cannot be targeted by …")
ONLY_ON_IT = frozenset({"be_targeted", "be_attacked", "be_affected"})
# state.data key: may hidden cards be in the squads (their triggered abilities hear events)
HIDDEN = "hidden_in_squads"
# "each", "all": the quantifiers that choose every card meeting the condition
ALL = frozenset({"each", "all", "every", "each other", "all other"})


def only_on_it(node: ast.EffectAbility) -> bool:
    """§415.2а: "cards other than this cannot be targeted by …" and the like."""
    return any(
        isinstance(step, ast.Clause)
        and step.action.verb == "cannot"
        and step.action.name in ONLY_ON_IT
        and isinstance(step.subject, ast.Cards)
        and any(f.kind == "other_than_this" for f in step.subject.filters)
        for step in node.effects.steps
    )


def matters(engine: Engine, uid: int, ability: CompiledAbility) -> bool:
    """Does this printed constant ability of the hidden card affect the game now?"""
    node = ability.node
    if not isinstance(node, ast.EffectAbility):
        return False
    if only_on_it(node):
        return True
    return node.condition is not None and test(engine.context(uid, ability), node.condition)


def reveal_mattering(kernel: FieldKernel, engine: Engine) -> bool:
    """Reveal every hidden card of the squads one of whose constant abilities has begun to
    matter; True when one was revealed. Notes whether hidden cards are left, whose
    triggered abilities then hear events (``HIDDEN``)."""
    hidden = hidden_cards(kernel, engine)
    found = [
        uid
        for uid in hidden
        if any(
            matters(engine, uid, a)
            for a in engine.definition(uid).by_kind.get(ast.EffectAbility, ())
        )
    ]
    for uid in found:
        kernel.reveal_card(engine, uid)
    engine.state.data[HIDDEN] = len(found) < len(hidden)
    return bool(found)


_ALL_SELECTORS: dict[int, tuple[object, list[ast.Cards]]] = {}  # id(node) -> (node, found)


def _all_selectors(node: object) -> list[ast.Cards]:
    """Every "each …" / "all …" card selector written in an ability's effects (remembered
    per node: every trigger declared asks)."""
    if not isinstance(node, ast.Node):
        return []
    known = _ALL_SELECTORS.get(id(node))
    if known is None or known[0] is not node:
        found = [
            n
            for n in node.walk()
            if isinstance(n, ast.Cards) and n.quantifier is not None and n.quantifier.kind in ALL
        ]
        known = _ALL_SELECTORS[id(node)] = (node, found)
    return known[1]


def hidden_cards(kernel: FieldKernel, engine: Engine) -> list[int]:
    """The face-down cards of both squads."""
    state = engine.state
    return [
        t
        for p in range(len(state.players))
        for t in kernel.squad(engine, p)
        if not state.cards[t].face_up
    ]


def choose_all_hidden(
    kernel: FieldKernel,
    engine: Engine,
    uid: int,
    ability: CompiledAbility,
    controller: int | None = None,
) -> None:
    """§415.3а: the hidden cards an "each …" / "all …" of the declared ability chooses are
    revealed (§415.2); its effects then read the selector anew (§415.4). ``controller``:
    the player it is declared for (a trigger's, TC-6b), by default the card's."""
    selectors = _all_selectors(getattr(ability.node, "effects", None))
    if not selectors:
        return
    if controller is None:
        controller = engine.state.cards[uid].controller
    for target in hidden_cards(kernel, engine):
        if any(publicly_meets(kernel, engine, controller, uid, s, target) for s in selectors):
            kernel.reveal_card(engine, target)


def choose_more_targets(
    kernel: FieldKernel,
    engine: Engine,
    uid: int,
    ability: CompiledAbility,
    chosen: dict[int, list[object]],
) -> None:
    """§415.3: the declared ability's further "target …" selectors are chosen now, a hidden
    card counting as meeting what is not public of the condition; the hidden card chosen is
    revealed (§415.2)."""
    effects = getattr(ability.node, "effects", None)
    if not isinstance(effects, ast.Node):
        return
    ctx = engine.context(uid, ability)
    controller = ctx.controller
    lenient = bool(engine.rule("hidden_conditions_satisfied", uid=uid))
    for selector in effects.walk():
        if (
            not isinstance(selector, ast.Cards)
            or selector.quantifier is None
            or selector.quantifier.kind != "target"
            or selector.span is None
            or selector.span.offset in chosen
        ):
            continue
        found = [t for t in candidates(ctx, selector) if isinstance(t, int)]
        if lenient:
            found += [
                t
                for t in hidden_cards(kernel, engine)
                if t not in found and publicly_meets(kernel, engine, controller, uid, selector, t)
            ]
        found = [t for t in found if engine.permitted("be_targeted", t, obj=uid) is not False]
        if not found:
            continue
        labels = described(engine, found)
        (picked,) = engine.choose(controller, "targets", "choose a target", found, labels)
        chosen[selector.span.offset] = [found[picked]]
        targeting.aimed(kernel, engine, uid, [found[picked]])  # revealed, "is targeted"


def declare_trigger(
    kernel: FieldKernel, engine: Engine, uid: int, controller: int, ability: CompiledAbility
) -> CompiledAbility:
    """A triggered ability is declared (§405.2): its numbers chosen on declaration are
    chosen, and its "each …" / "all …" choose every hidden card they may (§415.3а); the
    ability comes back with its numbers bound."""
    if declared.names(ability):
        ability = declared.choose(engine, uid, ability, player=controller)
    choose_all_hidden(kernel, engine, uid, ability, controller)
    return ability
