"""One triggered ability's way from its trigger to its resolution (§405, §409, §410), a
combined ability's too (совмещённая особенность, §413): a triggered ability with a
"[cost] → [text]" structure, declared as a triggered one (when it triggers, if its cost
can be paid, and only where its text says «может» may its controller leave it undeclared,
``may_declare``) and then a playable one, whose Payment object resolves after its effects
and stays when it is blocked (§410.1, §216.12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from cardscript.interpreter.events import PendingTrigger
from cardscript.kernels.berserk import (
    abilities,
    hidden,
    may_declare,
    payment,
    redirection,
    sources_left,
)

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.kernels.berserk.field import FieldKernel
    from cardscript.kernels.berserk.movement import BoardKernel


def resolve_trigger(kernel: FieldKernel, engine: Engine, trigger: PendingTrigger) -> None:
    """Declare ``trigger``, open its window, then resolve it unless a response removed it:
    cancelled, as if it never triggered (§409); blocked, used, its effects do not happen
    (§410) but a combined ability's Payment does."""
    source, controller, event = trigger.source, trigger.controller, trigger.event
    ability = trigger.ability
    costs = getattr(ability.node, "costs", None)
    board = cast("BoardKernel", kernel)
    if costs is not None and not abilities.payable(board, engine, source, ability):
        return  # it cannot be declared: it does not count as used
    if not may_declare.declares(engine, controller, ability):
        return  # «может»: left undeclared (§405.3), no target chosen, not used
    ability = may_declare.answered(ability)
    ability = hidden.declare_trigger(kernel, engine, source, controller, ability)
    closing = costs is not None and abilities.closes(ability)
    x: Mapping[str, int] = {}
    if costs is not None:
        found = payment.bind(engine, source, ability, controller, event)  # its X, if any
        if found is None:  # (``abilities.payable`` said it could be paid)
            return
        x = found
        if closing:  # paying it is the card's action (§219)
            engine.state.cards[source].data["acted"] = True
    aimed, chain = redirection.trigger_window(kernel, engine, trigger._replace(ability=ability))
    engine.loop_guard(trigger)
    if chain["cancelled"]:
        if closing:  # as if never declared: nothing paid (§409)
            engine.state.cards[source].data.pop("acted", None)
        return
    if chain["blocked"]:
        engine.count_use(ability, source)
    else:
        with sources_left.resolving(engine, chain):  # (its source may have left play)
            engine.resolve(ability, source, controller, event, targets=aimed, pay=False, chosen_x=x)
    payment.pay(engine, source, ability, controller, x, event)  # the Payment object
