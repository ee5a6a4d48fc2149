"""Why the changes of card text happen (``Cause``): one cause per context, shared by the
steps of one ability on one card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.interpreter.events import Cause

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.select import Context


def cause_of(ctx: Context) -> Cause:
    """Why the context's changes happen; made once per context (a child shares it: the
    same ability and card)."""
    cause = ctx.cause
    if cause is None:
        ability = ctx.ability
        cause = Cause.new(rule="card text") if ability is None else card_cause(ability, ctx.source)
        ctx.cause = cause
    return cause


def card_cause(ability: CompiledAbility, source: int | None) -> Cause:
    """The cause of the changes of an ability's text, on the card ``source``."""
    return Cause.new(card=ability.card_id, ability=ability.key, at=ability.where, source=source)
