"""The game state: players, ordered zones, card instances, counters, turn structure, RNG.

Everything a game is lives here and nothing else: the RNG is a small generator whose whole
state is one integer in the state (no global random, no clock), so the same cards, decks,
seed and choices give the same game bit for bit, and ``state_hash`` can prove it.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

_MASK64 = (1 << 64) - 1
HISTORY_FIELDS = ("event", "subject", "player", "turn")  # what a ``history`` entry holds


@dataclass(slots=True)
class Rng:
    """SplitMix64: tiny, fast, and fully described by one integer kept in the state."""

    state: int

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): one draw, more only in the biased tail."""
        try:
            limit = _LIMITS[n]  # (every random answer and shuffle draws here: remembered)
        except KeyError:
            limit = _limit(n)
        # next64 written out, its state kept at once: a draw in the tail is drawn again
        self.state = state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        z ^= z >> 31
        if z < limit:
            return z % n
        while True:
            z = self.next64()
            if z < limit:
                return z % n

    def shuffle(self, items: list[Any]) -> None:
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll(self, sides: int = 6) -> int:
        return self.below(sides) + 1


_LIMITS: dict[int, int] = {}  # bound n -> the draws below it that ``Rng.below`` keeps


def _limit(n: int) -> int:
    """The draws ``Rng.below(n)`` keeps lie below this: a multiple of n, so each answer
    is as likely (bounds up to 4,096 remembered)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = _MASK64 - (_MASK64 % n)
    if n <= 4096:
        _LIMITS[n] = limit
    return limit


@dataclass(slots=True)
class Card:
    """One card instance in a game. ``card_id`` names its definition in the card files."""

    uid: int
    card_id: str
    owner: int
    controller: int
    zone: str  # zone id; a player's zone unless listed in GameState.shared_zones
    face_up: bool = True
    states: set[str] = field(default_factory=set)  # exhausted, stunned, closed, ...
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: int | None = None
    timestamp: int = 0  # when it entered its current zone (orders continuous effects)
    data: dict[str, Any] = field(default_factory=dict)  # kernel-specific: row, cell, ...


@dataclass(slots=True)
class Player:
    index: int
    name: str
    resources: dict[str, int] = field(default_factory=dict)  # endurance, energy, health...
    zones: dict[str, list[int]] = field(default_factory=dict)  # zone id -> card uids, in order
    data: dict[str, Any] = field(default_factory=dict)

    def zone(self, name: str) -> list[int]:
        return self.zones.setdefault(name, [])


@dataclass
class GameState:
    game: str
    players: list[Player]
    rng: Rng
    cards: dict[int, Card] = field(default_factory=dict)
    shared: dict[str, list[int]] = field(default_factory=dict)  # zones nobody owns
    counters: dict[str, int] = field(default_factory=dict)  # global counters
    turn: int = 0
    phase: str = "setup"
    step: str | None = None
    active: int = 0  # whose turn / who has initiative
    clock: int = 0  # timestamps for zone changes and lasting effects
    next_uid: int = 1
    lasting: list[dict[str, Any]] = field(default_factory=list)  # effects with a duration
    # this turn's events as (event, subject, player, turn) tuples (``HISTORY_FIELDS``): one
    # is recorded for every event, and a tuple costs a fraction of a dict
    history: list[tuple[str, int | None, int | None, int]] = field(default_factory=list)
    used: dict[str, int] = field(default_factory=dict)  # ability uses for limits
    result: dict[str, Any] | None = None  # set when the game ends
    data: dict[str, Any] = field(default_factory=dict)  # kernel-specific

    # ---- cards and zones ------------------------------------------------------------
    def zone_list(self, zone: str, player: int | None) -> list[int]:
        if player is None:
            return self.shared.setdefault(zone, [])
        return self.players[player].zone(zone)

    def create_card(
        self, card_id: str, owner: int, zone: str, *, face_up: bool = True, shared: bool = False
    ) -> Card:
        self.clock = clock = self.clock + 1
        uid = self.next_uid
        self.next_uid = uid + 1
        new_cards(self.cards, ((uid, card_id, owner, owner, zone, face_up, clock),))
        card = self.cards[uid]
        if shared:
            self.shared.setdefault(zone, []).append(uid)
            card.data["shared"] = True
        else:
            self.players[owner].zones.setdefault(zone, []).append(uid)
        return card

    def create_cards(self, owner: int, cards: Iterable[tuple[str, str]]) -> None:
        """``create_card(card_id, owner, zone)`` for each (card id, zone) in order, face
        up, in one call: a deck's cards at the start of a game (``new_cards``: a card
        costs a third less made here)."""
        clock = self.clock
        uid = self.next_uid
        rows: list[CardRow] = []
        for card_id, zone in cards:
            clock += 1
            rows.append((uid, card_id, owner, owner, zone, True, clock))
            uid += 1
        new_cards(self.cards, rows)
        zones = self.players[owner].zones
        for row in rows:
            place = zones.get(row[4])
            if place is None:
                place = zones[row[4]] = []
            place.append(row[0])
        self.clock = clock
        self.next_uid = uid

    def where(self, uid: int) -> list[int]:
        card = self.cards[uid]
        return self.zone_list(card.zone, None if card.data.get("shared") else card.controller)

    def move(
        self,
        uid: int,
        zone: str,
        player: int | None = None,
        position: int | None = None,
        shared: bool = False,
    ) -> None:
        """Move a card to ``zone`` of ``player`` (its owner by default); top is the end.
        (Not keyword-only: the rounds' moves pass ``player`` by position, a cheaper call.)"""
        card = self.cards[uid]
        if not (shared or position is not None or "shared" in card.data):
            # (the usual move, a player's card to the top of a player's zone, read where
            # it is: a card played or put away, every round)
            self.players[card.controller].zones[card.zone].remove(uid)
            card.zone = zone
            card.controller = controller = card.owner if player is None else player
            zones = self.players[controller].zones
            found = zones.get(zone)  # (not ``setdefault``: it would make a list each move)
            if found is None:
                zones[zone] = [uid]
            else:
                found.append(uid)
            card.timestamp = self.clock = self.clock + 1
            return
        if "shared" in card.data:
            self.shared[card.zone].remove(uid)
            if not shared:
                del card.data["shared"]
        else:
            self.players[card.controller].zones[card.zone].remove(uid)
        card.zone = zone
        if shared:
            card.data["shared"] = True
            target = self.shared.setdefault(zone, [])
        else:
            card.controller = controller = card.owner if player is None else player
            target = self.players[controller].zones.setdefault(zone, [])
        if position is None:
            target.append(uid)
        else:
            target.insert(position, uid)
        card.timestamp = self.clock = self.clock + 1  # (one value for both, no name)

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def in_zone(self, zone: str, player: int | None = None) -> list[Card]:
        if player is None:
            uids = [u for p in self.players for u in p.zones.get(zone, [])]
            uids.extend(self.shared.get(zone, []))
        else:
            uids = self.players[player].zones.get(zone, [])
        return [self.cards[u] for u in uids]

    # ---- identity -------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (``dataclasses.asdict``'s reading, containers
        made anew): what ``state_hash`` digests."""
        data = plain(self)
        for card in data["cards"].values():
            card["states"] = sorted(card["states"])
        data["cards"] = {str(k): v for k, v in sorted(data["cards"].items())}
        # the history entries as the dicts they were before they were tuples (same hash)
        data["history"] = [dict(zip(HISTORY_FIELDS, entry, strict=True)) for entry in self.history]
        return data

    def loop_key(self) -> int:
        """What the game is, without its running record (history, clock), as one number:
        two equal keys inside one chain of triggers mean the chain repeats forever. Built
        by hand rather than from ``snapshot``: it runs before every trigger resolves. Only
        compared within one process."""
        cards = tuple(
            (
                c.uid,
                c.card_id,
                c.owner,
                c.controller,
                c.zone,
                c.face_up,
                tuple(sorted(c.states)) if c.states else (),
                tuple(sorted(c.counters.items())) if c.counters else (),
                c.attached_to,
                repr(sorted(c.data.items())) if c.data else "",
            )
            for c in self.cards.values()
        )
        players = tuple(
            (
                tuple(sorted(p.resources.items())),
                tuple((z, tuple(u)) for z, u in sorted(p.zones.items())),
                repr(p.data),
            )
            for p in self.players
        )
        return hash(
            (
                cards,
                players,
                tuple((z, tuple(u)) for z, u in sorted(self.shared.items())),
                tuple(sorted(self.counters.items())),
                self.turn,
                self.phase,
                self.step,
                self.active,
                repr(self.lasting),
                tuple(sorted(self.used.items())),
                self.rng.state,
                repr(self.result),
                repr(self.data),
            )
        )

    def state_hash(self) -> str:
        """A digest of the whole state; equal for equal games, bit for bit."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"), default=_jsonable)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


_bare = object.__new__

# a card as ``new_cards`` makes it: (uid, card_id, owner, controller, zone, face_up,
# timestamp), its states, counters and data empty, attached to nothing
CardRow = tuple[int, str, int, int, str, bool, int]


def new_cards(made: dict[int, Card], rows: Iterable[CardRow]) -> None:
    """A card for each row, into ``made`` by uid, made without calling the class: its
    ``__init__`` is a call from C into Python, a third of the cost of making a card, and
    every card of every game is made here."""
    for row in rows:
        card: Card = _bare(Card)
        # the row's fields stored as it is unpacked (no local name for each: fewer bytecodes)
        (
            card.uid,
            card.card_id,
            card.owner,
            card.controller,
            card.zone,
            card.face_up,
            card.timestamp,
        ) = row
        card.states = set()
        card.counters = {}
        card.attached_to = None
        card.data = {}
        made[row[0]] = card


def plain(value: Any) -> Any:
    """``dataclasses.asdict`` of ``value`` (a dataclass as a dict of its fields, within
    lists, tuples and dicts too), every container made anew, without deep-copying the
    numbers and strings it holds as ``asdict`` does (most of its time: a game logged step
    by step is hashed at every step)."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is dict:
        return {plain(k): plain(v) for k, v in value.items()}
    if kind is list:
        return [plain(v) for v in value]
    if kind is tuple:
        return tuple([plain(v) for v in value])
    if kind is set:  # (of hashable members, which cannot change: a copy of the set)
        return set(value)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        if not hasattr(kind, "__dataclass_fields__"):
            return copy.deepcopy(value)  # (a set, a named tuple, …: as ``asdict`` does)
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(value))
    return {name: plain(getattr(value, name)) for name in names}


_LEAVES = frozenset({str, int, bool, float, type(None)})  # immutable: kept, not copied
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # a dataclass's fields, by class


def _jsonable(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"cannot hash a {type(value).__name__} in the game state")


def new_state(game: str, names: Sequence[str], seed: int) -> GameState:
    """A game before its setup: a seat per name, no card, the RNG at ``seed``."""
    players = []
    for index, name in enumerate(names):
        # a seat made as ``new_cards`` makes a card (one per player of every game)
        seat: Player = _bare(Player)
        seat.index = index
        seat.name = name
        seat.resources = {}
        seat.zones = {}
        seat.data = {}
        players.append(seat)
    rng: Rng = _bare(Rng)
    rng.state = seed & _MASK64
    # the state made as a seat is, every field in order (``__init__`` tests each of its
    # default factories besides the call into it from C)
    state: GameState = _bare(GameState)
    state.game = game
    state.players = players
    state.rng = rng
    state.cards = {}
    state.shared = {}
    state.counters = {}
    state.turn = 0
    state.phase = "setup"
    state.step = None
    state.active = 0
    state.clock = 0
    state.next_uid = 1
    state.lasting = []
    state.history = []
    state.used = {}
    state.result = None
    state.data = {}
    return state
