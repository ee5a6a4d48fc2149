"""Stack objects whose source has left play (spec berserk.md §18.12; §422.4, §216): once
declared an ability resolves wherever its source is by then (a triggered one "regardless
of the zone its source is in"), and the values it has are modified as its source last was
in play (last-known information): a creature killed in answer to its own "deal 2 wounds"
still counts in its squad for "creatures you control get +1 ability damage".

A chain waiting on the stack (``strike.CHAIN``) keeps where its source was when it left
(``events.left_from``'s data, the event about its leaving); while a triggered ability
resolves, its chain already taken off, the same is kept under ``RESOLVING``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cardscript.interpreter.engine import Engine, Event
from cardscript.kernels.berserk.strike import CHAIN

LEFT = "source left"  # a chain's: its source's last-known data, once the source left play
RESOLVING = "sources left"  # state.data: [source, that data] of each resolving, newest last


def note(engine: Engine, event: Event) -> None:
    """After an event: a card that has just left play is the source of a waiting chain,
    which keeps where the card was (the first leaving: later moves are out of play)."""
    chains = engine.state.data.get(CHAIN)
    if not chains or not event.data or event.subject is None:
        return
    play = engine.kernel.play_zones
    data = dict(event.data)
    if data.get("from") not in play or engine.state.cards[event.subject].zone in play:
        return
    for chain in chains:
        if chain["source"] == event.subject and LEFT not in chain:
            chain[LEFT] = [[key, value] for key, value in event.data]


@contextmanager
def resolving(engine: Engine, chain: dict[str, Any]) -> Iterator[None]:
    """While a chain taken off the stack resolves, its source's last-known data (if it
    left play) stays readable (``last_known``); nothing is kept when it did not."""
    left = chain.get(LEFT)
    if left is None:
        yield
        return
    resolving = engine.state.data.setdefault(RESOLVING, [])
    resolving.append([chain["source"], left])
    try:
        yield
    finally:
        resolving.pop()
        if not resolving:
            del engine.state.data[RESOLVING]


def last_known(engine: Engine, source: int) -> list[Any] | None:
    """Where ``source`` last was in play, if it has left play since the ability now
    resolving went on the stack; None while it is in play or when nothing says."""
    if engine.state.cards[source].zone in engine.kernel.play_zones:
        return None
    for chain in reversed(engine.state.data.get(CHAIN, ())):
        if chain["source"] == source and LEFT in chain:
            return list(chain[LEFT])
    for uid, left in reversed(engine.state.data.get(RESOLVING, ())):
        if uid == source:
            return list(left)
    return None
