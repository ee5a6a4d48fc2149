"""What one player sees of a game as it goes: ``cardscript play`` shows a human, before
each of their decisions, what happened since their last one and where every player
stands, and never names a card that player cannot see.

Who sees a card: its zone's ``seen_by`` in the game's registry ("owner": a hand;
"nobody": a deck; unset: everybody), and a face-down card elsewhere (a card played face
down, a hidden creature) is its owner's alone, or nobody's where the kernel says so
(``Kernel.owner_knows_face_down``: Marvel Champions' encounter cards). A card is judged
where it is when the lines are shown: a card drawn and played since is named, one still
in a hand is not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.interpreter.narrative import narrative_lines
from cardscript.interpreter.transcript import namers

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.log import GameLog

UNSEEN = "a card"  # how a card the viewer cannot see is named


def sees(engine: Engine, uid: int, viewer: int) -> bool:
    """Whether player ``viewer`` may see which card ``uid`` is."""
    card = engine.state.cards.get(uid)
    if card is None:
        return True  # (a card gone from the game: its name was public when it went)
    zone = engine.game.registry.term("ZONE", card.zone)
    seen_by = zone.seen_by if zone is not None else None
    if seen_by == "nobody":
        return False
    if seen_by == "owner":
        return card.owner == viewer
    if not card.face_up:
        return engine.kernel.owner_knows_face_down and card.owner == viewer
    return True


class Watcher:
    """The lines of a game's log each player has not been shown yet, as that player
    sees them."""

    def __init__(self, log: GameLog, engine: Engine) -> None:
        self.log, self.engine = log, engine
        self.shown: dict[int, int] = {}  # per player: how many records they have seen

    def news(self, viewer: int) -> list[str]:
        """What happened since ``viewer`` last looked, then where every player stands."""
        records = self.log.records
        start = self.shown.get(viewer, 0)
        self.shown[viewer] = len(records)
        card, player = namers(self.engine)

        def name(uid: int) -> str:
            return card(uid) if sees(self.engine, uid, viewer) else UNSEEN

        fresh = [r for r in records[start:] if r["t"] != "game"]
        told = narrative_lines(fresh, self.engine.game.registry, name, player, viewer)
        return [*told, *self.standing()]

    def standing(self) -> list[str]:
        """Each player's resources and how many cards each of their zones holds."""
        out = []
        for seat in self.engine.state.players:
            held = [f"{name} {value}" for name, value in sorted(seat.resources.items())]
            held += [f"{zone.replace('_', ' ')} {len(cards)}" for zone, cards in seat.zones.items()]
            out.append(f"{seat.name}: {', '.join(held) or 'nothing'}")
        return out
