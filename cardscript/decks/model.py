"""What a deck file says, whatever its format: the Deck every reader returns.

Readers (yamldeck, textdeck, mcdbdeck) only record what the file says and where; they
resolve nothing. The checker (check.py) looks the cards up in the card pool.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cardscript.grammar.diagnostics import Diagnostic, Span

MAIN = "main"
SIDEBOARD = "sideboard"


@dataclass(frozen=True)
class DeckEntry:
    """One line of a deck list: ``count`` copies of the card ``ref`` (an id or a name).

    ``where`` is the line's Span, or a function giving it: YAML positions are worked out
    only for the lines a diagnostic names (most lines never need theirs).
    """

    ref: str
    count: int
    where: Span | Callable[[], Span]
    section: str = MAIN

    @cached_property
    def span(self) -> Span:
        return self.where if isinstance(self.where, Span) else self.where()


@dataclass(frozen=True)
class Deck:
    """One deck file as read.

    ``fields`` holds the game-specific parts (MC ``identity``/``aspects``, Pocket Duel
    ``team``/``teams``/``transfers``…) as plain data; ``spans`` locates them by a dotted
    path ("aspects.1", "transfers.0.card").
    """

    path: str
    kind: str  # "yaml" | "text" | "marvelcdb"; "unreadable" (I/O) or "not text" (not UTF-8)
    game: str | None
    name: str
    format: str | None
    entries: tuple[DeckEntry, ...]
    fields: Mapping[str, Any] = field(default_factory=dict)
    spans: Mapping[str, Span] = field(default_factory=dict)
    text: str = ""
    diagnostics: tuple[Diagnostic, ...] = ()

    def section(self, name: str) -> list[DeckEntry]:
        return [e for e in self.entries if e.section == name]

    def span(self, path: str) -> Span:
        """Where ``path`` is written, else its nearest written parent, else line 1."""
        key = path
        while key:
            found = self.spans.get(key)
            if found is not None:
                return found
            key = key.rpartition(".")[0]
        return self.top()

    def top(self) -> Span:
        return Span.point(1, 1, self.path)
