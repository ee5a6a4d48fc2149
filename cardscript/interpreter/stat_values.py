"""A card's stat as a number: "if its ATK is 3 or more" (a condition's ``stat_cmp``) and
"deal damage equal to your hero's ATK" / "where X is its cost" (``ast.StatValue``) read it
the same way, with every change that applies to it (``Engine.stat``).

Which card: a possessor word ("its", "your", …) means the card the text is about (the last
card it named, else the event's card, else the card itself: ``select._it_card``); a
holder ("your hero", "that character") the first card its selector means now, in play
unless it names a zone. Where the card is: in play, its value now; a card that has just
left play, about which the trigger's event is, the value it last had there (last-known
information, ``last_known.in_play_as_it_was``); anywhere else (a card in hand) its value
there, as ``Engine.stat`` gives it. No card, or a card without that stat: 0."""

from __future__ import annotations

from contextlib import nullcontext
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.last_known import in_play_as_it_was
from cardscript.interpreter.select import _it_card, candidates

if TYPE_CHECKING:
    from cardscript.interpreter.context import Context


def stat_value(ctx: Context, value: ast.StatValue) -> int:
    """The number "its ATK", "your hero's ATK" says, read now (0 where no card is meant)."""
    if value.holder is None:
        card = _it_card(ctx)
    else:
        card = next((t for t in candidates(ctx, value.holder) if isinstance(t, int)), None)
    return 0 if card is None else card_stat(ctx, card, value.stat)


def card_stat(ctx: Context, uid: int, stat: str) -> int:
    """``uid``'s stat as the text reads it: by last-known information where the card has
    just left play and the context's event, about it, says where it was."""
    engine, event = ctx.engine, ctx.event
    play = engine.kernel.play_zones
    left = (
        event is not None
        and event.subject == uid
        and event.get("from") in play
        and engine.state.cards[uid].zone not in play
    )
    with in_play_as_it_was(engine, uid, event.data) if left and event else nullcontext():
        return engine.stat(uid, stat)
