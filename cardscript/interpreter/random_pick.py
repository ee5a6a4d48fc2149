"""Cards picked at random ("discard a card at random", "2 random cards"): the game's
seeded RNG in the state picks them (``Rng.below``), nobody is asked, so a game stays the
same game for its seed and a replay checks it by the state hashes, which cover the RNG.
The log says which cards were picked, as a record of its own: not a decision, so a
replay answers no question for it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.state import Rng

_T = TypeVar("_T")


def sample(rng: Rng, n: int, k: int) -> list[int]:
    """``k`` distinct indices of ``range(n)``, in increasing order (the order the cards
    were found in), all equally likely: a partial Fisher–Yates shuffle with the fewest
    draws, min(k, n - k): where more are kept than left, the ones left are drawn. None
    where all or none are taken."""
    if k <= 0:
        return []
    if k >= n:
        return list(range(n))
    leave = n - k < k
    draws = n - k if leave else k
    indices = list(range(n))
    for i in range(draws):
        j = i + rng.below(n - i)
        indices[i], indices[j] = indices[j], indices[i]
    drawn = set(indices[:draws])
    return [i for i in range(n) if (i in drawn) != leave]


def at_random(
    engine: Engine, player: int, prompt: str, found: Sequence[_T], count: int
) -> list[_T]:
    """``count`` of ``found`` (all where there are fewer), picked by the game for
    ``player``'s text and logged as picked at random."""
    picked = [found[i] for i in sample(engine.state.rng, len(found), count)]
    if engine.log is not None and picked:
        engine.log.random(engine, player, prompt, picked)
    return picked
