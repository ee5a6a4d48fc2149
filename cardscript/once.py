"""Answers worked out once per object: of a frozen AST node, a card definition, a
compiled ability, which never change once made."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

_T = TypeVar("_T")
_R = TypeVar("_R")


def once_per_object(limit: int) -> Callable[[Callable[[_T], _R]], Callable[[_T], _R]]:
    """What a function makes of an object, worked out once per object. Kept by id with
    the object itself, so an id used again by a new object is not taken for the old;
    forgotten all at once past ``limit`` objects (texts and pools come and go: those
    being worked on stay few)."""

    def remember(make: Callable[[_T], _R]) -> Callable[[_T], _R]:
        known: dict[int, tuple[_T, _R]] = {}

        def once(item: _T) -> _R:
            found = known.get(id(item))
            if found is not None and found[0] is item:
                return found[1]
            value = make(item)
            if len(known) > limit:
                known.clear()
            known[id(item)] = (item, value)
            return value

        once.__doc__, once.__name__ = make.__doc__, make.__name__
        return once

    return remember
