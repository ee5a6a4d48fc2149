"""The targets of a playable or triggered ability (spec berserk.md §18.9; §412.1): the
first targeted selector of its effects, named when it is declared, and which cards are
legal for it. An attack ability's are those of ``attacks.legal``; any other ability's
are the selector's candidates within the card's Range X (DICT «Дальность Х»: on the
battlefield only) that it may target. A card named as a target, by a playable ability
declared or a triggered one going on the stack, is revealed and "is targeted" (``aimed``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine, Event
from cardscript.interpreter.select import candidates, matches_cards
from cardscript.kernels.berserk import attacks, declared
from cardscript.kernels.berserk.kinds import permitted_acting, poisonable, speaks_of
from cardscript.kernels.berserk.public_conditions import publicly_meets

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel


def first_target(ability: CompiledAbility) -> tuple[ast.Cards, str | None] | None:
    """The first targeted selector of the ability's effects, and the attack verb acting
    on it (None for a non-attack)."""
    effects = getattr(ability.node, "effects", None)
    if effects is None:
        return None
    for step in effects.steps:
        clause = step.clause if isinstance(step, ast.Conditional) else step
        if not isinstance(clause, ast.Clause):
            continue
        target = clause.action.target
        if target is None:  # "target creature gains Armor 3": the subject is the target
            target = clause.subject
        quantifier = target.quantifier if isinstance(target, ast.Cards) else None
        if isinstance(target, ast.Cards) and quantifier is not None and quantifier.kind == "target":
            verb = clause.action.name if clause.action.name in attacks.ATTACKS else None
            return target, verb
    return None


def aimed(kernel: FieldKernel, engine: Engine, source: int, targets: Iterable[object]) -> None:
    """``source``'s ability names ``targets`` as it is declared or goes on the stack, a
    triggered one's too (§405.2, §412.1): each card among them is revealed at once if hidden
    (§415.2) and "is targeted" (§400.2); what that triggers resolves then, above the ability."""
    cards = [t for t in targets if isinstance(t, int) and t in engine.state.cards]
    for target in cards:
        kernel.reveal_card(engine, target)
        aimed_at = engine.state.cards[target].controller
        engine.emit(Event("is_targeted", subject=target, obj=source, player=aimed_at))
    if cards:
        kernel.resolve_pending(engine)


def first_verb(ability: CompiledAbility) -> str | None:
    """The verb of the ability's first effect ("poison" in "close this → poison …")."""
    steps = getattr(getattr(ability.node, "effects", None), "steps", ())
    first = steps[0] if steps else None
    clause = first.clause if isinstance(first, ast.Conditional) else first
    return clause.action.name if isinstance(clause, ast.Clause) else None


def legal_targets(
    kernel: FieldKernel, engine: Engine, uid: int, ability: CompiledAbility
) -> list[int]:
    found = first_target(ability)
    if found is None:
        return []
    selector, verb = found
    limit = attacks.reach(engine, uid)
    squads = [t for p in range(len(engine.state.players)) for t in kernel.squad(engine, p)]
    # a number chosen on declaration: legal for some value of it ("with cost X")
    contexts = [engine.context(uid, a) for a in declared.bindings(engine, ability)]

    controller = contexts[0].controller if contexts else engine.state.cards[uid].controller

    def meets(t: int) -> bool:
        """§415.3: for a hidden card, the conditions not public count as met (checked on
        reveal); what is public (its side, its place, whether it is open) is asked."""
        hidden = not engine.state.cards[t].face_up
        if hidden and engine.rule("hidden_conditions_satisfied", uid=uid):
            return not isinstance(selector, ast.Cards) or publicly_meets(
                kernel, engine, controller, uid, selector, t
            )
        return any(matches_cards(ctx, selector, t) for ctx in contexts)

    if verb is not None:  # "target card": the attack's own rules say which (a hot path)
        kind, kinds = attacks.ATTACKS[verb]
        rules = bool(engine.rule("ranged_excludes_adjacent", uid=uid)), limit
        asks = speaks_of(engine, "be_targeted")
        return [
            t
            for t in squads
            if attacks.legal(kernel, engine, uid, t, kind, rules)
            and meets(t)
            and not (asks and permitted_acting(engine, "be_targeted", t, uid, kinds) is False)
        ]
    out = [t for ctx in contexts for t in candidates(ctx, selector) if isinstance(t, int)]
    out = list(dict.fromkeys(out))
    out += [t for t in squads if t not in out and t != uid and meets(t)]
    if first_verb(ability) == "poison":  # an incorporeal creature is no target (DICT)
        out = [t for t in out if poisonable(engine, t)]
    here = kernel.cell(engine, uid)
    if limit is not None:
        out = [
            t
            for t in out
            if here is not None
            and (there := kernel.cell(engine, t)) is not None
            and attacks.steps_between(here, there) <= limit
        ]
    return [t for t in out if engine.permitted("be_targeted", t, obj=uid) is not False]


def retarget_legal(kernel: FieldKernel, engine: Engine, chain: dict[str, Any], target: int) -> bool:
    """May a redirection give ``chain``'s ability, a playable or triggered one that is not
    an attack, ``target`` as its target? It must be one the ability could have named: a
    playable ability's legal targets, a triggered one's selector's (§412.5)."""
    source = chain["source"]
    key = chain.get("ability")
    ability = next((a for a in engine.card_abilities(source) if a.key == key), None)
    found = first_target(ability) if ability is not None else None
    if ability is None or found is None:
        return False
    if chain.get("kind") != "trigger":
        return target in legal_targets(kernel, engine, source, ability)
    ctx = engine.context(source, ability, chain.get("controller"))
    return (
        matches_cards(ctx, found[0], target)
        and engine.permitted("be_targeted", target, obj=source) is not False
    )
