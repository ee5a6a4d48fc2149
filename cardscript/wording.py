"""Small pieces of English shared by every message: counted nouns."""

from __future__ import annotations


def plural(n: int, noun: str) -> str:
    """'1 card' / '3 cards'; ``noun`` is "trigger unit|trigger units", or one word."""
    one, sep, many = noun.partition("|")
    if not sep:
        one, many = (noun.removesuffix("s"), noun) if noun.endswith("s") else (noun, noun + "s")
    return f"{n} {one if n == 1 else many}"
