"""Marvel Champions: an "(attack)" or "(thwart)" ability of an event or of a card in
play is an attack or a thwart of its character (G05 bullet 3, G44): the enemies it
attacks (its targets, chosen as it is declared), its interrupt window, a stunned or
confused character's status card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.engine import Event
from cardscript.interpreter.select import card_plan, chosen_cards
from cardscript.kernels.marvel_champions import windows

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.context import Target
    from cardscript.interpreter.engine import Engine
    from cardscript.kernels.marvel_champions.kernel import MarvelChampionsKernel


def is_attack(ability: CompiledAbility) -> bool:
    """An ability labelled "(attack)" is an attack by the identity (G05 bullet 3)."""
    return windows.qualified(ability, "attack")


def damage_spans(ability: CompiledAbility) -> frozenset[int]:
    """Where the targets of the ability's damage steps are written: in an "(attack)"
    ability the attack is on those (G05 bullet 3), its other steps attack nothing."""
    return frozenset(node.span.offset for node in damage_selectors(ability) if node.span)


def damage_selectors(ability: CompiledAbility) -> list[ast.Node]:
    """The selectors of the ability's damage steps, in the order they are written. A
    damage step dealt to "it" or "that minion" attacks what an earlier step picked ("Stun
    target minion. Deal 1 damage to it."): that step's selector is one too."""
    found: dict[int, ast.Node] = {}
    for node in ability.line.walk():
        if not isinstance(node, ast.Steps):
            continue
        clauses = [c for c in node.steps if isinstance(c, ast.Clause)]
        for i, clause in enumerate(clauses):
            if clause.action.verb == "deal":
                found.update((n.span.offset, n) for n in _picked_at(clauses[: i + 1]) if n.span)
    return [found[offset] for offset in sorted(found)]


def _picked_at(clauses: list[ast.Clause]) -> list[ast.Node]:
    """The last clause's target: its own selector, or for "it" / "that …" the target of
    the clause before it, and so on back."""
    out: list[ast.Node] = []
    for clause in reversed(clauses):
        target = clause.action.target
        if target is None or target.span is None:
            break
        out.append(target)
        if not isinstance(target, ast.It | ast.ThatCard):
            break
    return out


def attacked(
    k: MarvelChampionsKernel,
    engine: Engine,
    player: int,
    uid: int,
    ability: CompiledAbility,
    targets: dict[int, list[Target]],
) -> list[int]:
    """Every enemy the attack is on as it is declared, in the order its text names them
    (G05 bullet 3, S013): the targets its damage steps chose (``targets``), those a
    damage step to "each enemy" lists, as many as it may attack (``select.allowed``),
    and the one a step that says no "target" chooses ("deal 1 damage to an enemy", "…
    to the villain"): chosen now, not as the step resolves, and added to ``targets``
    for it to read."""
    ctx = engine.context(uid, ability, player)
    out: list[int] = []
    for node in damage_selectors(ability):
        assert node.span is not None  # (``damage_selectors`` keeps those written)
        found = targets.get(node.span.offset)
        if found is None and isinstance(node, ast.Cards):
            plan = card_plan(node)
            found = chosen_cards(ctx, plan, "attack which enemy?")
            if not plan.takes_all:
                targets[node.span.offset] = found
        for t in found or ():
            if isinstance(t, int) and t not in out and k.is_a(engine, t, "enemy"):
                out.append(t)
    return out


def status_instead(engine: Engine, actor: int | None, status: str) -> bool:
    """A stunned character's attack or a confused one's thwart does nothing but discard
    the status card (G49, S084)."""
    counters = engine.state.cards[actor].counters if actor is not None else {}
    if counters.get(status):
        del counters[status]
        return True
    return False


def resolve_acting(
    k: MarvelChampionsKernel,
    engine: Engine,
    player: int,
    uid: int,
    ability: CompiledAbility,
    **resolving: Any,
) -> None:
    """Resolve an event's effect or an Action of a card in play: an "(attack)" one is an
    attack and a "(thwart)" one a thwart of its character (G05 bullet 3, G44, S116), a
    stunned or confused one's replaced by discarding the status card (G49)."""
    if is_attack(ability):
        actor = windows.acting(k, engine, player, uid, "attack")
        if not status_instead(engine, actor, "stunned_card"):
            attack_ability(k, engine, player, uid, ability, actor, **resolving)
    elif windows.qualified(ability, "thwart"):
        actor = windows.acting(k, engine, player, uid, "thwart")
        # a thwart without exhausting: its interrupt window first (G20), "after" last
        event = Event("thwarts", subject=actor, player=player)
        if not status_instead(engine, actor, "confused_card") and windows.interrupt(
            k, engine, event
        ):
            engine.resolve(ability, uid, player, **resolving)
            engine.emit(event)
    else:
        engine.resolve(ability, uid, player, **resolving)


def attack_ability(
    k: MarvelChampionsKernel,
    engine: Engine,
    player: int,
    uid: int,
    ability: CompiledAbility,
    me: int | None,
    **resolving: Any,
) -> None:
    """``me`` attacks without exhausting; each enemy it is on was attacked, so Retaliate
    and other "after … is attacked" abilities follow (S012)."""
    state = engine.state
    state.data["attacker"] = me
    # the enemies it attacks are chosen as it is initiated (S013 "declares any attack …
    # targeting", G46 step 5: ``targets``), so its window names them; its interrupt
    # window first: "When you attack" may cancel it or add to it (G20), one attack on
    # several enemies attacking each, conditions of one window (MC-TRIG-2)
    chosen = dict(resolving.get("targets") or {})
    on: list[int | None] = [*attacked(k, engine, player, uid, ability, chosen)]
    if chosen:
        resolving["targets"] = chosen
    about = [Event("attacks", subject=me, player=player, obj=e) for e in on or [None]]
    about += [Event("is_attacked", subject=e, player=player, obj=me) for e in on]  # (G20)
    if me is not None and not windows.interrupt(k, engine, *about):
        k.attack_over(engine)
        return
    enemies = k.enemies_of(engine, player)
    before = {e: state.cards[e].counters.get("damage", 0) for e in enemies}
    engine.resolve(ability, uid, player, **resolving)
    k.check(engine)  # a defeated enemy is gone before "after it is attacked" (D-12)
    # each enemy it was declared on was attacked, whether or not damage got through (a
    # tough card, a prevention: K8 answers the attack, G05 bullet 3) and even if it left
    # play in the window (not a cancel, G20: MC-AK1), and each other one it damaged or
    # defeated (a choice made as a step resolves)
    hit: list[int | None] = [e for e in on if e is not None]
    hit += [
        e
        for e in enemies
        if e not in hit
        and (state.cards[e].counters.get("damage", 0) != before[e] or state.cards[e].zone != "play")
    ]
    for enemy in hit:  # (one gone: heard as it last was in play)
        was = k.as_it_was(engine, enemy)
        engine.emit(Event("is_attacked", subject=enemy, player=player, obj=me, data=was))
    if me is not None:  # "after you attack an enemy": each one it attacked
        for enemy in hit or [None]:
            was = k.as_it_was(engine, enemy)
            engine.emit(Event("attacks", subject=me, player=player, obj=enemy, data=was))
    k.resolve_pending(engine)
    k.attack_over(engine)
