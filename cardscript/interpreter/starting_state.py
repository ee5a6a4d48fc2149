"""A game's state as its setup left it, kept to deal the next game set up the same way:
a setup that reads nothing but its decks (no randomness, no text that runs) leaves every
game dealt those decks in the same state, and copying it costs a fraction of dealing the
cards one by one. Every game gets objects of its own (cards, their sets and dicts, zone
lists, resources): no game shares a mutable object with another."""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter

from cardscript.interpreter.state import CardRow, GameState, Player, new_cards, new_state

# what a setup may change of a new state (and of each player), which ``StartingState``
# copies; anything else changed (a counter, a lasting effect, a card's states, a draw of
# the RNG) and the state is not kept
_DEALT = frozenset({"cards", "players", "clock", "next_uid", "phase"})
_SEATED = frozenset({"zones", "resources"})
_UNDEALT = tuple(f.name for f in fields(GameState) if f.name not in _DEALT)
_UNSEATED = tuple(f.name for f in fields(Player) if f.name not in _SEATED)
# a card's row (``CardRow``), what it holds (all empty in a kept state), what it is attached to
_ROW = attrgetter("uid", "card_id", "owner", "controller", "zone", "face_up", "timestamp")
_HELD = attrgetter("states", "counters", "data")
_ATTACHED = attrgetter("attached_to")


@dataclass(frozen=True, slots=True)
class StartingState:
    """The cards (as rows, ``new_cards``), each seat's zones and resources, the clock,
    the next uid and the phase that a setup put into a new state."""

    cards: tuple[CardRow, ...]
    # each seat's zone names, their uids (in the same order) and its resources
    seats: tuple[tuple[tuple[str, ...], tuple[tuple[int, ...], ...], dict[str, int]], ...]
    clock: int
    next_uid: int
    phase: str

    @classmethod
    def capture(cls, state: GameState, seed: int) -> StartingState | None:
        """What a setup dealt into ``state``, made by ``new_state`` with the RNG at
        ``seed``, if that is all it changed (``_DEALT``, cards without states, counters,
        data or attachments, players without data); else None."""
        blank = new_state(state.game, [p.name for p in state.players], seed)
        for name in _UNDEALT:
            if getattr(state, name) != getattr(blank, name):
                return None
        for seat, new in zip(state.players, blank.players, strict=True):
            for name in _UNSEATED:
                if getattr(seat, name) != getattr(new, name):
                    return None
        # (each card read in C: a generator's frame per card costs as much as the rest)
        cards = state.cards.values()
        attached = [*map(_ATTACHED, cards)]
        if attached.count(None) != len(attached) or any(map(any, map(_HELD, cards))):
            return None
        return cls(
            tuple(map(_ROW, cards)),
            tuple(
                (tuple(p.zones), tuple(map(tuple, p.zones.values())), dict(p.resources))
                for p in state.players
            ),
            state.clock,
            state.next_uid,
            state.phase,
        )

    def deal(self, state: GameState) -> None:
        """Put the kept state into ``state``, one that ``new_state`` made for as many
        players and nothing has changed since."""
        new_cards(state.cards, self.cards)
        # (each seat's zones made and filled in C: a loop per zone costs three times more;
        # the lengths match by construction, and a keyword to ``zip`` costs more)
        for seat, (names, uids, resources) in zip(state.players, self.seats):  # noqa: B905
            seat.resources.update(resources)
            seat.zones.update(zip(names, map(list, uids)))  # noqa: B905
        state.clock = self.clock
        state.next_uid = self.next_uid
        state.phase = self.phase
