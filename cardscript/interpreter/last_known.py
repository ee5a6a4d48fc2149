"""Last-known information: a trigger about a card that has just left play sees the card as
it last was there (card games' rule). The event carries where it was and what it had
(``events.left_from``); the card is put back for the question only, so its own text, the
text of other cards and the kernel's answers all see it in play, then everything is put
back as it is now."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
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
    naming a zone (the card where it is now), a card still in play or that never was
    (save one leaving a zone the kernel hears as it hears play, ``Kernel.heard_leaving``)."""
    if not isinstance(selector, ast.Cards) or not isinstance(target, int):
        return False
    facts = dict(data)
    zone = facts.get("from")
    engine = ctx.engine
    card = engine.state.cards[target]
    play = engine.kernel.play_zones
    plan = _plan(selector)
    if plan.zone is not None or card.zone in play:
        return False
    if zone not in play and zone not in engine.kernel.heard_leaving:
        return False
    by_text = engine.kernel.text_qualities
    if not any(f.kind in _FROM_TEXT for f in plan.rest) and not any(
        q.value in by_text for q in plan.qualities
    ):  # (it reads the card's own fields: put back only them, the cheaper way)
        with _as_it_was(engine, card, zone, facts):
            return _matches(ctx, plan, plan.rest, target)
    with _back_in_play(engine, card, zone, facts):
        return _matches(ctx, plan, plan.rest, target)


# the filters whose answer text in play may give: stats, keywords (a selector without them
# and without the kernel's ``text_qualities`` reads only the card's own fields)
_FROM_TEXT = frozenset({"stat", "keyword", "without_keyword"})


@contextmanager
def _as_it_was(engine: Engine, card: Card, zone: str, facts: dict[str, Any]) -> Iterator[None]:
    """``card``'s own fields as ``facts`` say they were (its zone, controller, states,
    counters and timestamp), the zones' lists as they are: all a selector that asks
    nothing text gives reads; afterwards the fields as they are now."""
    kept = (card.zone, card.controller, card.states, card.counters, card.timestamp)
    card.zone, card.controller = zone, facts.get("controller", card.controller)
    if "states" in facts:  # (``left_from``'s: a plain move's event keeps them as they are)
        card.states, card.counters = set(facts["states"]), dict(facts["counters"])
        card.timestamp = facts["since"]
    try:
        yield
    finally:
        card.zone, card.controller, card.states, card.counters, card.timestamp = kept
        kw = engine._kw
        if kw is not None:
            kw.key = ()  # keywords worked out meanwhile saw the card in play: not kept


@contextmanager
def _back_in_play(engine: Engine, card: Card, zone: str, facts: dict[str, Any]) -> Iterator[None]:
    """``_as_it_was``, and ``card`` listed in ``zone`` again, under a clock no game
    reaches (so the text in play and what it gives are worked out with the card there);
    afterwards where it is now, in the same place of its zone, the clock as it was, and
    nothing worked out meanwhile taken for the game as it is."""
    state = engine.state
    uid = card.uid
    now = state.where(uid)
    at = now.index(uid)
    clock = state.clock
    controller = facts.get("controller", card.controller)
    zones = state.shared if zone in state.shared else state.players[controller].zones
    made = zone not in zones  # (a zone the player no longer has a list for: none after)
    then = zones.setdefault(zone, [])
    del now[at]
    then.append(uid)
    state.clock = next(_CLOCKS)
    try:
        with _as_it_was(engine, card, zone, facts):
            yield
    finally:
        then.remove(uid)
        if made:
            del zones[zone]
        now.insert(at, uid)
        state.clock = clock


@contextmanager
def in_play_as_it_was(engine: Engine, uid: int, data: Sequence[Sequence[Any]]) -> Iterator[None]:
    """``uid`` put back as it last was in play, ``data`` (``events.left_from``'s) saying
    where: for a question about what the card was there (a stack object's source that left
    play while the object waited, Berserk §422.4), then everything as it is now."""
    facts = {str(key): value for key, value in data}
    with _back_in_play(engine, engine.state.cards[uid], facts["from"], facts):
        yield
