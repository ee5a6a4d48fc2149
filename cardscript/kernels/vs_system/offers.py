"""What a VS System player could offer when they hold priority (spec vs-system.md §8,
§9): their plot twists in hand and face down in the resource row, their face-down
locations and the payment powers of their cards whose text works, each already made
into the option the priority offers.

Every priority asks for these (several hundred times a game), and they change only when
the player's zones hold other cards or one of their cards turns over or is stunned: a
player's offers are kept and read again only then, part by part (the hand, the resource
row, the characters and equipment).
"""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.engine import Engine
from cardscript.interpreter.state import Card, GameState
from cardscript.kernels.vs_system.field import Facts, FieldKernel, Power

Offer = tuple[int, tuple[str, int]]  # (printed threshold, option)
PowerOffer = tuple[int, Power, tuple[str, Any]]  # (card, payment power, option)
Offers = tuple[list[Offer], list[PowerOffer], list[Offer]]  # plot twists, powers, flips
# (plot twists in hand, face-down plot twists, face-down locations, the payment powers
# of the cards in play whose text works)
Holdings = tuple[list[int], list[int], list[int], list[tuple[int, Power]]]

_NONE: list[int] = []  # an empty zone (never changed)


class _Cards:
    """Per game: what each card could offer, by uid (a card never changes its definition)."""

    __slots__ = ("locations", "powers", "size", "twists")

    def __init__(self, facts: dict[int, Facts]) -> None:
        self.size = len(facts)
        self.twists = {
            u: (f.threshold, ("plot_twist", u)) for u, f in facts.items() if f.type == "plot_twist"
        }
        self.locations = {
            u: (f.threshold, ("flip", u)) for u, f in facts.items() if f.type == "location"
        }
        self.powers: dict[int, list[PowerOffer]] = {
            u: [(u, p, ("activate", (u, p.ability))) for p in f.powers]
            for u, f in facts.items()
            if f.powers
        }


class _Held:
    """A player's offers in three parts, each with copies of the zones and the count of
    faces it was read from."""

    __slots__ = (
        "front",
        "gear",
        "hand",
        "held",
        "in_hand",
        "locations",
        "offers",
        "resource_faces",
        "resource_powers",
        "resource_row",
        "row_faces",
        "row_powers",
        "support",
        "twists",
    )

    def __init__(self) -> None:
        none: Any = None  # matches no zone: every part is read the first time
        self.hand = self.resource_row = self.front = self.support = self.gear = none
        self.resource_faces = self.row_faces = -1
        self.in_hand: list[Offer] = []
        self.twists: list[Offer] = []
        self.locations: list[Offer] = []
        self.resource_powers: list[PowerOffer] = []
        self.row_powers: list[PowerOffer] = []
        self.offers: Offers = ([], [], [])
        self.held: Holdings | None = None


def _active(card: Card) -> bool:
    """``FieldKernel.text_active`` (a change of it counts as a change of faces)."""
    return card.face_up and "stunned" not in card.states


def _powers(
    known: dict[int, list[PowerOffer]], cards: dict[int, Card], *zones: list[int]
) -> list[PowerOffer]:
    return [o for zone in zones for u in zone if u in known and _active(cards[u]) for o in known[u]]


class Kept:
    """The kernel's offers of every player, for one game at a time; ``now``: those of
    the players read at this clock (still the same)."""

    def __init__(self) -> None:
        self._held: dict[int, _Held] = {}
        self.now: dict[int, _Held] = {}
        self.state: GameState | None = None
        self.clock = -1
        self._cards: _Cards | None = None

    def offers(self, engine: Engine, kernel: FieldKernel, player: int) -> _Held:
        state = engine.state
        if self.state is not state:
            self._held.clear()
            self.state, self.clock, self._cards = state, -1, None
        if self.clock != state.clock:
            self.now.clear()
            self.clock = state.clock
        kept = self.now.get(player)
        if kept is not None:
            return kept
        kept = self._held.get(player)
        if kept is None:
            kept = self._held[player] = _Held()
        self.now[player] = kept
        known = self._cards
        if known is None or known.size != len(state.cards):
            known = self._cards = _Cards(kernel.facts(engine))
        faces = kernel.faces
        get = state.players[player].zones.get
        cards = state.cards
        changed = False
        hand = get("hand", _NONE)
        if kept.hand != hand:
            twists = known.twists
            kept.hand = list(hand)
            kept.in_hand = [twists[u] for u in hand if u in twists]
            changed = True
        row = get("resource_row", _NONE)
        resource_faces = faces.get((player, True), 0)
        if kept.resource_faces != resource_faces or kept.resource_row != row:
            twists, locations = known.twists, known.locations
            kept.resource_faces, kept.resource_row = resource_faces, list(row)
            kept.twists = [twists[u] for u in row if u in twists and not cards[u].face_up]
            kept.locations = [locations[u] for u in row if u in locations and not cards[u].face_up]
            kept.resource_powers = _powers(known.powers, cards, row)
            changed = True
        front, support = get("front_row", _NONE), get("support_row", _NONE)
        gear = get("equipment", _NONE)
        row_faces = faces.get((player, False), 0)
        if (
            kept.row_faces != row_faces
            or kept.front != front
            or kept.support != support
            or kept.gear != gear
        ):
            kept.row_faces, kept.front = row_faces, list(front)
            kept.support, kept.gear = list(support), list(gear)
            kept.row_powers = _powers(known.powers, cards, front, support, gear)
            changed = True
        if changed:
            # the rows and equipment, then the resources
            kept.offers = (
                kept.in_hand + kept.twists,
                kept.row_powers + kept.resource_powers,
                kept.locations,
            )
            kept.held = None
        return kept


def holdings(kept: _Held) -> Holdings:
    """The offers as the cards and powers they are."""
    if kept.held is None:
        _, powers, locations = kept.offers
        kept.held = (
            [o[1][1] for o in kept.in_hand],
            [o[1][1] for o in kept.twists],
            [o[1][1] for o in locations],
            [(uid, power) for uid, power, _ in powers],
        )
    return kept.held


_NOT_READY = ("exhausted", "stunned")


def usable(engine: Engine, powers: list[PowerOffer]) -> list[tuple[str, Any]]:
    """The options of the payment powers usable now (§9.6): an Activate cost needs the
    card ready, paying endurance needs that much, and a limited one must be within its
    limits (the cheap questions first: most powers are an Activate)."""
    state = engine.state
    cards = state.cards
    out = []
    for uid, (ability, limited, ready, pay), option in powers:
        card = cards[uid]
        if ready and not card.states.isdisjoint(_NOT_READY):
            continue
        if pay and state.players[card.controller].resources.get("endurance", 0) < pay:
            continue
        if not limited or engine.within_limits(ability, uid):
            out.append(option)
    return out
