"""What follows a card's wounds (§216.11, §402.3): the events that say it was wounded,
in each of the registry's wordings, and its death when it has no lives left; and
Vampirism's drain, which heals them and keeps the rest as additional lives."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.interpreter.engine import Cause, Engine, Event

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel


def wounded(
    kernel: FieldKernel,
    engine: Engine,
    cause: Cause,
    target: int,
    amount: int,
    kinds: tuple[str, ...],
    source: int | None,
) -> None:
    """``amount`` wounds are on ``target``: "is wounded", "wounds are dealt to …" (no
    subject, the card its object), "this deals wounds" (who dealt them) and, from an
    attack, Wrath's "received wounds from an attack"; then, with no lives left, its
    Destruction Effect, or, in an attack's Wounds object, its death after both sides'."""
    engine.emit(Event("is_wounded", subject=target, amount=amount, source=source))
    engine.emit(Event("wounds_dealt", obj=target, amount=amount, source=source))
    if source is not None:
        engine.emit(Event("deals_wounds", subject=source, obj=target, amount=amount))
    if "attack" in kinds:
        engine.emit(Event("wounded_by_attack", subject=target, amount=amount, source=source))
    card = engine.state.cards[target]
    if card.zone in kernel.play_zones and kernel.current_life(engine, target) <= 0:
        killer = None if "ranged" in kinds else source  # Carrion Feeding's "destroys"
        waiting = engine.state.data.get("wounding")
        if isinstance(waiting, list):
            waiting.append([target, killer])  # an attack's wounds: deaths after both sides
        else:
            kernel.destruction_effect(engine, cause, target, killer)


def drain(
    kernel: FieldKernel, engine: Engine, cause: Cause, amount: int, target: int | None
) -> int:
    """Vampirism: heal ``amount`` wounds of the card; what is left over becomes
    additional lives, at most its maximum (hook ``max_life``: the printed life, A12)."""
    if target is None or amount <= 0:
        return 0
    card = engine.state.cards[target]
    rest = amount - min(amount, card.counters.get("wound", 0))
    kernel._heal(engine, cause, target, amount)  # (its primitive, not a step of text)
    cap = engine.rule("max_life", uid=target)
    most = cap if isinstance(cap, int) else engine.stat(target, "life")
    extra = card.counters.get("additional_life", 0)
    gained = max(0, min(rest, most - extra))
    if gained:
        card.counters["additional_life"] = extra + gained
    return gained
