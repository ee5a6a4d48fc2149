"""What the engine records and raises: events, the causes of changes, triggers waiting to
resolve, and the errors that stop a runaway game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.state import Card

_new = tuple.__new__  # a named tuple made from its fields, without calling its class


class Event(NamedTuple):
    """Something that happened: ``name`` is an event id of the game's registry. A named
    tuple: immutable and cheap to make (``Engine.happened`` makes one only when a log, a
    trigger or the kernel reads it; the history keeps every event). An event about a card
    that has left a zone carries where it was in ``data`` (``left_from``)."""

    name: str
    subject: int | None = None  # the card it happened to (or that did it)
    player: int | None = None
    obj: int | None = None  # the other card involved (the attacked one…)
    amount: int | None = None
    source: int | None = None  # the card whose effect caused it
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.data).get(key, default)


def left_from(card: Card) -> tuple[tuple[str, Any], ...]:
    """The ``data`` of an event about ``card`` leaving its zone, read before it moves: the
    zone ("from"), its controller there, its states and counters (the kernel may clear
    them as it leaves) and its timestamp there ("since"). The event is recorded after the move, so a
    trigger sees the card that left play by these as it last was there (last-known
    information, ``last_known.selects_as_it_was``)."""
    return (
        ("from", card.zone),
        ("controller", card.controller),
        ("states", tuple(sorted(card.states)) if card.states else ()),
        ("counters", tuple(sorted(card.counters.items())) if card.counters else ()),
        ("since", card.timestamp),
    )


class Cause(NamedTuple):
    """Why a change happened: the card, the ability and where its text says so (a named
    tuple, as Event: one is made for every change a card's text causes)."""

    card: str | None = None
    ability: str | None = None
    at: str | None = None
    rule: str | None = None  # a kernel rule, when no card caused it
    # The card instance whose text acts ("this attacks you" needs the attacker); not logged,
    # since instance numbers say nothing to a reader.
    source: int | None = None

    @staticmethod
    def new(
        card: str | None = None,
        ability: str | None = None,
        at: str | None = None,
        rule: str | None = None,
        source: int | None = None,
    ) -> Cause:
        """``Cause(…)`` at half the cost: calling the class goes through the type's call
        machinery and the named tuple's ``__new__``; a change a card's text causes makes one."""
        return _new(Cause, (card, ability, at, rule, source))

    def as_dict(self) -> dict[str, str]:
        return {
            k: v
            for k, v in (
                ("card", self.card),
                ("ability", self.ability),
                ("at", self.at),
                ("rule", self.rule),
            )
            if v
        }


class PendingTrigger(NamedTuple):
    ability: CompiledAbility
    source: int
    controller: int
    event: Event


class BudgetExceeded(RuntimeError):
    """A game took more steps than its budget: a runaway effect, named with its cards."""


class LoopDetected(RuntimeError):
    """The same state came back within one chain of triggers: an endless loop."""


PrimitiveFn = Callable[..., Any]
