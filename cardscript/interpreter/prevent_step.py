"""A "prevent" step: a shield on the cards or players it protects, for the damage dealt
to them until the end of the turn (or round), read by ``Kernel.shields``. A line of its
own that prevents while its card is in play is ``standing_prevention``'s."""

from __future__ import annotations

from cardscript.grammar import ast
from cardscript.interpreter.events import Event
from cardscript.interpreter.select import (
    Context,
    RulesError,
    Seat,
    Target,
    resolve_targets,
    seats,
    uids,
)


def prevent(ctx: Context, clause: ast.Clause) -> None:
    action = clause.action
    if action.word == "the first" or action.period:
        raise RulesError("a standing prevention is written on its own line, not as a step", ctx)
    if action.target is not None:
        protected = list(resolve_targets(ctx, action.target, "protect"))
    elif ctx.it or action.word not in ("that", "of that"):
        protected = list(ctx.it)
    else:  # "prevent 1 of that damage" in an Interrupt: what is about to take it
        protected = _damaged(ctx.event)
    amount = 10**9 if action.word == "that" else ctx.amount(action.amount)
    shield = {
        "kind": "shield",
        "uids": uids(protected),
        "amount": amount,
        "damage": action.name,
        "until": ctx.engine.kernel.turn_phase,
        "source": ctx.source,
    }
    players = seats(protected)
    if players:  # "prevent the next 2 damage dealt to you" (``Kernel.shields``)
        shield["seats"] = players
    ctx.engine.state.lasting.append(shield)


def _damaged(event: Event | None) -> list[Target]:
    """The card or player an event on damage is about."""
    if event is None:
        return []
    if event.subject is not None:
        return [event.subject]
    return [Seat(event.player)] if event.player is not None else []
