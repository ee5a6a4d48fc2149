"""Small pieces of English shared by every message: counted nouns, values as written."""

from __future__ import annotations

import json
import sys


def plural(n: int, noun: str) -> str:
    """'1 card' / '3 cards'; ``noun`` is "trigger unit|trigger units", or one word."""
    one, sep, many = noun.partition("|")
    if not sep:
        one, many = (noun.removesuffix("s"), noun) if noun.endswith("s") else (noun, noun + "s")
    return f"{n} {one if n == 1 else many}"


def as_written(value: object) -> str:
    """A value read from a YAML or JSON file, quoted as those files write it ("three",
    true, null, 2.5, [1, 2]), not as Python does ('three', True, None)."""
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except ValueError:  # (an int past Python's digits limit for str)
        return f"a number of over {sys.get_int_max_str_digits():,} digits"


def differs(what: str, expected: object, got: object) -> str:
    """A scenario's expectation that failed: "players.P1.energy: expected 2, got 1"."""
    return f"{what}: expected {as_written(expected)}, got {as_written(got)}"
