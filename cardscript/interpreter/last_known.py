"""Last-known information: a trigger about a card that has just left play sees the card as
it last was there (card games' rule). The event carries where it was and what it had
(``events.left_from``); the card is put back for the question only, so its own text, the
text of other cards and the kernel's answers all see it in play, then everything is put
back as it is now."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.card_plans import _matches, _plan
from cardscript.interpreter.state import Card

if TYPE_CHECKING:
    from cardscript.interpreter.context import Context, Target
    from cardscript.interpreter.engine import Engine

# clocks no game reaches (a game's starts at 0 and only goes up): what the engine works out
# while a card is back in play is remembered under one of these, so it is never taken
# for the game as it is now
_CLOCKS = count(-1, -1)


def selects_as_it_was(
    ctx: Context, selector: ast.Node, target: Target, data: tuple[tuple[str, Any], ...]
) -> bool:
    """``selects`` by last-known information, for an event about a card that has left
    play (``data``: the event's, ``events.left_from``'s): a card selector naming no zone
    sees the card as it last was in play: in the zone it left, under its controller there,
    with its states, counters and timestamp there, and with the keywords and stats its own
    and other cards' text gave it there. False where ``selects`` alone answers: a selector
    naming a zone (the card where it is now), a card still in play or that never was."""
    if not isinstance(selector, ast.Cards) or not isinstance(target, int):
        return False
    facts = dict(data)
    zone = facts.get("from")
    engine = ctx.engine
    card = engine.state.cards[target]
    play = engine.kernel.play_zones
    plan = _plan(selector)
    if plan.zone is not None or zone not in play or card.zone in play:
        return False
    with _back_in_play(engine, card, zone, facts):
        return _matches(ctx, plan, plan.rest, target)


@contextmanager
def _back_in_play(engine: Engine, card: Card, zone: str, facts: dict[str, Any]) -> Iterator[None]:
    """``card`` listed in ``zone`` again as ``facts`` say it was, under a clock no game
    reaches; afterwards where it is now, in the same place of its zone, with the same
    fields, the clock as it was, and nothing worked out meanwhile kept."""
    state = engine.state
    uid = card.uid
    now = state.where(uid)
    at = now.index(uid)
    kept = (card.zone, card.controller, card.states, card.counters, card.timestamp)
    clock = state.clock
    controller = facts.get("controller", card.controller)
    zones = state.shared if zone in state.shared else state.players[controller].zones
    made = zone not in zones  # (a zone the player no longer has a list for: none after)
    then = zones.setdefault(zone, [])
    del now[at]
    then.append(uid)
    card.zone, card.controller = zone, controller
    if "states" in facts:  # (``left_from``'s: a plain move's event keeps them as they are)
        card.states, card.counters = set(facts["states"]), dict(facts["counters"])
        card.timestamp = facts["since"]
    state.clock = next(_CLOCKS)
    try:
        yield
    finally:
        then.remove(uid)
        if made:
            del zones[zone]
        now.insert(at, uid)
        card.zone, card.controller, card.states, card.counters, card.timestamp = kept
        state.clock = clock
        kw = engine._kw
        if kw is not None:
            kw.key = ()  # keywords worked out meanwhile saw the card in play: not kept
