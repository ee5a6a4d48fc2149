"""Cost steps that draw on the same cards, counted together: "discard 2 cards, discard a
card →" needs 3 cards in hand, not 2 twice, since a card that pays one step cannot pay
another. Each step is its need and its pool (the cards that can pay it now); the steps
can all be paid where every group of them has, among the cards of their pools together,
at least as many cards as they need together (Hall's condition, which suffices for
distinct cards: a step of need n is n steps of need 1 with the same pool)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

__all__ = ["Step", "fits", "largest", "safe"]

Step = tuple[int, frozenset[int]]  # (how many cards it takes, the cards that can pay it)


def _groups(count: int) -> list[tuple[int, ...]]:
    """Every non-empty group of ``count`` steps (a cost has a few: 2**count is small)."""
    return [g for size in range(1, count + 1) for g in combinations(range(count), size)]


def fits(steps: Sequence[Step]) -> bool:
    """Can every step be paid, each with cards of its pool, no card paying two steps?"""
    for group in _groups(len(steps)):
        pool = frozenset[int]().union(*(steps[i][1] for i in group))
        if len(pool) < sum(steps[i][0] for i in group):
            return False
    return True


def largest(fixed: Sequence[Step], measured: Sequence[frozenset[int]]) -> int:
    """The largest X for which the ``fixed`` steps and the ``measured`` ones (each taking
    X cards of its pool) all fit; below 0 where the fixed ones do not fit even so."""
    steps = [*fixed, *((0, pool) for pool in measured)]
    most: int | None = None
    for group in _groups(len(steps)):
        pool = frozenset[int]().union(*(steps[i][1] for i in group))
        spare = len(pool) - sum(steps[i][0] for i in group)
        times = sum(1 for i in group if i >= len(fixed))  # the X steps in the group
        if times == 0 and spare < 0:
            return -1
        if times and (most is None or spare // times < most):
            most = spare // times
    return -1 if most is None else most


def safe(pool: frozenset[int], rest: Sequence[Step]) -> bool:
    """May a step with ``pool`` take any of its cards, and the ``rest`` still fit (where
    they fit with it)? So where each later step that shares a card with it can be paid by
    every card of it ("discard 2 cards, discard a card": the same hand)."""
    return all(pool <= other for _, other in rest if pool & other)
