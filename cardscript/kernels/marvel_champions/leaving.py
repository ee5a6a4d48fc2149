"""Marvel Champions: a card leaving play (MC-FORCED-2, MC-DEFEAT-2, G20, G35, G60). It
is heard twice: before it goes, while it is still in play ("When this would leave play",
where an Interrupt may cancel it or a replacement take its place), and once it is gone
("After an ally leaves play", read as it was in play)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from cardscript.interpreter.engine import Engine, Event
from cardscript.interpreter.events import left_from
from cardscript.kernels.marvel_champions import windows

if TYPE_CHECKING:
    from cardscript.kernels.marvel_champions.base import MCBase

Leaving = Literal["out", "leaves", "kept"]
Left = tuple[tuple[str, Any], ...]  # a card as it was where it left (``left_from``)


def leaving(k: MCBase, engine: Engine, uid: int) -> Leaving:
    """A card about to leave play: its interrupt window opens while it is still in
    play ("When this would leave play", MC-FORCED-2). "out" where it is not in play;
    "kept" where an Interrupt cancelled its leaving (G20) or a replacement ("If this
    would leave play, … instead", G35, after the interrupts) took its place: the card
    stays, or went where the replacement put it, and the caller moves nothing;
    "leaves" otherwise (``out_of_play`` tells its leaving once it is gone)."""
    card = engine.state.cards[uid]
    if card.zone != "play":
        return "out"
    if uid in k.settling:
        return "leaves"  # the replacement's own leaving ("return it … instead")
    k.settling.add(uid)
    try:
        for name in ("would_leave_play", "leaves_play"):  # (as written: either is heard)
            event = Event(name, subject=uid, player=card.controller)
            if not windows.interrupt(k, engine, event):
                return k.keep(uid)  # cancelled: no further interrupts (G20)
        if card.zone != "play" or k.replaced(engine, "leaves_play", uid):
            return k.keep(uid)  # an Interrupt's text moved it, or a replacement ran
    finally:
        k.settling.discard(uid)
    return "leaves"


def out_of_play(k: MCBase, engine: Engine, uid: int, put: Callable[[Left], object]) -> bool:
    """Take a card out of play by ``put`` (given the card as it was, ``left_from``),
    heard before (``leaving``) and after: "After an ally leaves play" reads it as it
    was in play. False where its leaving was kept (nothing put)."""
    heard = leaving(k, engine, uid)
    if heard == "kept":
        return False
    card = engine.state.cards[uid]
    left, player = left_from(card), card.controller
    k.left_as[uid] = left
    for other in list(engine.state.cards.values()):
        if other.attached_to == uid and other.zone == "play":
            k.to_discard(engine, other.uid)  # its attachments go with it (MC-ATTACH-2)
    card.states.clear()  # out of play, a card is only its printed self
    card.counters.clear()
    card.attached_to = None
    put(left)
    if heard == "leaves":
        engine.emit(Event("leaves_play", subject=uid, player=player, data=left))
    return True
