"""Options that would read the same told apart by where each card is.

Two cards of one name in one zone (two Fang Eels on rear-guard circles) read the same
in ``Engine.describe``; a player choosing between them must know which is which. Where
the game has places within a zone (``Kernel.place_of``: a cell, a circle), the labels
alike say it; labels that differ are kept as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine


def placed(engine: Engine, cards: Sequence[Any], labels: list[str]) -> list[str]:
    """``labels`` (one per option; ``cards`` the card each is about: a uid, a tuple of
    uids (an attacker and whom it strikes), else anything) where two would read the same
    followed by where its cards are ("(B2)", "(B1 → B2")")."""
    alike = [labels.count(label) > 1 for label in labels]
    if not any(alike):
        return labels
    kernel = engine.kernel
    for i, about in enumerate(cards):
        if alike[i]:
            uids = about if isinstance(about, tuple) else (about,)
            where = [kernel.place_of(engine, u) for u in uids if isinstance(u, int)]
            found = [w for w in where if w is not None]
            if found:
                labels[i] += f" ({' → '.join(found)})"
    return labels


def instance(engine: Engine, uid: int) -> str | None:
    """Whose zone the card in play is in, and which of the cards of its name there ("P1
    #2", in the order they came), for a game with no places within a zone; None out of
    play (two alike in a hand are the same choice) or where nothing tells it apart."""
    card = engine.state.cards[uid]
    if card.zone not in engine.kernel.play_zones:
        return None
    name = engine.definition(uid).name
    alike = [u for u in engine.state.where(uid) if engine.definition(u).name == name]
    said = [] if card.data.get("shared") else [engine.state.players[card.controller].name]
    if len(alike) > 1 and uid in alike:
        said.append(f"#{alike.index(uid) + 1}")
    return " ".join(said) or None


def described(engine: Engine, found: Sequence[Any]) -> list[str]:
    """Each target as ``Engine.describe`` reads it, ``placed`` where two read the same."""
    return placed(engine, found, [engine.describe(t) for t in found])
