"""What a VS System player could offer when they hold priority (spec vs-system.md §8,
§9): their plot twists in hand and face down in the resource row, their face-down
locations and the payment powers of their cards whose text works, each already made
into the option the priority offers.

Every priority asks for these (several hundred times a game), and they change only when
the player's zones hold other cards or one of their cards turns over or is stunned: a
player's offers are kept and read again only then, part by part (the hand, the resource
row, the characters and equipment). Powers a card gains in play (granted by standing text,
lent for a period, copied) are read afresh at every priority, and only where the pool's
text can give a card one (``Kept.gains``): an effect that ends takes them away with no
zone changing.
"""

from __future__ import annotations

from typing import Any

from cardscript.grammar import ast
from cardscript.interpreter import cost_cards, cost_x
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.state import Card, GameState
from cardscript.kernels.vs_system import combat
from cardscript.kernels.vs_system.field import Facts, FieldKernel, Power, read_power

Offer = tuple[int, tuple[str, int]]  # (printed threshold, option)
PowerOffer = tuple[Card, Power, tuple[str, Any]]  # (card, payment power, option)
Offers = tuple[list[Offer], list[PowerOffer], list[Offer]]  # plot twists, powers, flips
# (plot twists in hand, face-down plot twists, face-down locations, the payment powers
# of the cards in play whose text works)
Holdings = tuple[list[int], list[int], list[int], list[tuple[int, Power]]]

_NONE: list[int] = []  # an empty zone (never changed)
_ZONES = ("hand", "resource_row", "front_row", "support_row", "equipment")
_IN_PLAY = ("front_row", "support_row", "equipment", "resource_row")  # the order of powers


class _Cards:
    """Per game: what each card could offer, by uid (a card never changes its definition,
    and stays the same ``Card`` for the whole game)."""

    __slots__ = ("locations", "powers", "size", "twists")

    def __init__(self, facts: dict[int, Facts], cards: dict[int, Card]) -> None:
        self.size = len(facts)
        self.twists = {
            u: (f.threshold, ("plot_twist", u)) for u, f in facts.items() if f.type == "plot_twist"
        }
        self.locations = {
            u: (f.threshold, ("flip", u)) for u, f in facts.items() if f.type == "location"
        }
        self.powers: dict[int, list[PowerOffer]] = {
            u: [(cards[u], p, ("activate", (u, p.ability))) for p in f.powers]
            for u, f in facts.items()
            if f.powers
        }


class _Held:
    """A player's offers in three parts, with copies of the zones and the counts of
    faces they were read from."""

    __slots__ = (
        "held",
        "in_hand",
        "locations",
        "offers",
        "read",
        "resource_powers",
        "row_powers",
        "twists",
        "zones",
    )

    def __init__(self) -> None:
        # (hand, resource row, front row, support row, equipment, faces in the resource
        # row, faces elsewhere): None matches nothing, so every part is read the first time
        self.read: tuple[Any, ...] = (None,) * 7
        self.zones: tuple[list[int], ...] | None = None  # the player's zones, once all exist
        self.in_hand: list[Offer] = []
        self.twists: list[Offer] = []
        self.locations: list[Offer] = []
        self.resource_powers: list[PowerOffer] = []
        self.row_powers: list[PowerOffer] = []
        self.offers: Offers = ([], [], [])
        self.held: Holdings | None = None


def _powers(known: dict[int, list[PowerOffer]], *zones: list[int]) -> list[PowerOffer]:
    """The payment powers of the cards in ``zones`` whose text works (face up, not
    stunned: ``FieldKernel.text_active``, a change of which counts as one of faces)."""
    out: list[PowerOffer] = []
    for zone in zones:
        for uid in zone:
            offered = known.get(uid)
            if offered is not None:
                card = offered[0][0]
                if card.face_up and "stunned" not in card.states:
                    out += offered
    return out


class Kept:
    """The kernel's offers of every player, for one game at a time; ``now``: those of
    the players read at this clock (still the same)."""

    def __init__(self) -> None:
        self._held: dict[int, _Held] = {}
        self.now: dict[int, _Held] = {}
        self.state: GameState | None = None
        self.clock = -1
        self._cards: _Cards | None = None
        self.gains = False  # may cards gain payment powers in play (``gained``)?
        self._gained: dict[str, Power] = {}  # powers gained in play, by ability key

    def gained(self, engine: Engine, player: int) -> list[PowerOffer]:
        """The payment powers the player's cards have gained in play (granted, lent,
        copied), after their printed ones, of the cards whose text works
        (``Engine.card_abilities`` gives them only then)."""
        state = engine.state
        cards, get = state.cards, state.players[player].zones.get
        known = self._gained
        out: list[PowerOffer] = []
        for zone in _IN_PLAY:
            for uid in get(zone, _NONE):
                found = engine.card_abilities(uid, ast.Activated)
                printed = len(engine.definition(uid).by_kind.get(ast.Activated, ()))
                for ability in found[printed:]:
                    power = known.get(ability.key)
                    if power is None:
                        power = known[ability.key] = read_power(ability)
                    out.append((cards[uid], power, ("activate", (uid, ability))))
        return out

    def offers(self, engine: Engine, kernel: FieldKernel, player: int) -> _Held:
        state = engine.state
        if self.clock != state.clock or self.state is not state:
            if self.state is not state:
                self._held.clear()
                self._gained.clear()  # (another game may be of other cards)
                self.state, self._cards = state, None
            self.now.clear()
            self.clock = state.clock
            kw = engine._keywords_move()
            self.gains = kw is not None and ast.Activated in kw.gain_keys
        else:
            kept = self.now.get(player)
            if kept is not None:
                return kept
        kept = self._held.get(player)
        if kept is None:
            kept = self._held[player] = _Held()
        self.now[player] = kept
        zones = kept.zones or self._zones(state, kept, player)
        faces = kernel.faces.get
        read = (*zones, faces(2 * player + 1, 0), faces(2 * player, 0))
        if read != kept.read:  # (one comparison: most often the same cards)
            self._read(engine, kernel, kept, read)
        return kept

    @staticmethod
    def _zones(state: GameState, kept: _Held, player: int) -> tuple[list[int], ...]:
        """The player's zones that hold offers: the lists themselves, which a game keeps
        (kept once all of them exist)."""
        get = state.players[player].zones.get
        zones = tuple(get(name, _NONE) for name in _ZONES)
        if not any(zone is _NONE for zone in zones):
            kept.zones = zones
        return zones

    def _read(
        self, engine: Engine, kernel: FieldKernel, kept: _Held, read: tuple[Any, ...]
    ) -> None:
        """Read again the parts whose zones or faces changed."""
        state = engine.state
        cards = state.cards
        known = self._cards
        if known is None or known.size != len(cards):
            known = self._cards = _Cards(kernel.facts(engine), cards)
        hand, row, front, support, gear, resource_faces, row_faces = read
        old_hand, old_row, old_front, old_support, old_gear, old_resource, old_rows = kept.read
        if old_hand != hand:
            twists = known.twists
            kept.in_hand = [twists[u] for u in hand if u in twists]
            old_hand = list(hand)  # copies: the zones change in place
        if old_row != row or old_resource != resource_faces:
            twists, locations = known.twists, known.locations
            kept.twists = [twists[u] for u in row if u in twists and not cards[u].face_up]
            kept.locations = [locations[u] for u in row if u in locations and not cards[u].face_up]
            kept.resource_powers = _powers(known.powers, row)
            old_row = list(row)
        if (
            old_front != front
            or old_support != support
            or old_gear != gear
            or old_rows != row_faces
        ):
            kept.row_powers = _powers(known.powers, front, support, gear)
            old_front, old_support, old_gear = list(front), list(support), list(gear)
        kept.read = (old_hand, old_row, old_front, old_support, old_gear, resource_faces, row_faces)
        # the rows and equipment, then the resources
        kept.offers = (
            kept.in_hand + kept.twists,
            kept.row_powers + kept.resource_powers,
            kept.locations,
        )
        kept.held = None


def holdings(kept: _Held) -> Holdings:
    """The offers as the cards and powers they are."""
    if kept.held is None:
        _, powers, locations = kept.offers
        kept.held = (
            [o[1][1] for o in kept.in_hand],
            [o[1][1] for o in kept.twists],
            [o[1][1] for o in locations],
            [(card.uid, power) for card, power, _ in powers],
        )
    return kept.held


_NOT_READY = ("exhausted", "stunned")


def usable(engine: Engine, powers: list[PowerOffer]) -> list[tuple[str, Any]]:
    """The options of the payment powers usable now (§9.6): an Activate cost needs the
    card ready, paying endurance needs that much (X at least 1, a cost counted in cards
    as many as it takes: ``cost_x``), and a limited one must be within its limits (the
    cheap questions first: most powers are an Activate)."""
    players = engine.state.players
    out = []
    for card, (ability, limited, ready, pay, x, changes), option in powers:
        if ready and (
            not card.states.isdisjoint(_NOT_READY)
            or not combat.exhaustible(engine, card.uid, card.uid)
        ):
            continue  # (Activate exhausts it: "This cannot be exhausted." keeps it unused)
        if changes and not all(cost_cards.this_payable(engine, card.uid, a) for a in changes):
            continue  # ("Ready this →" on a ready card, or one that "cannot ready")
        if pay and players[card.controller].resources.get("endurance", 0) < pay:
            continue
        if x and not cost_x.payable(engine, card.uid, ability, card.controller):
            continue
        if not limited or engine.within_limits(ability, card.uid):
            out.append(option)
    return out
