"""What the card script of a card text says of itself, kept for texts seen again.

An editor's buffer is rechecked on every change, and all of its cards but the one being
typed in keep their text. A text's parse and script checks depend on the text, the game's
definition and the card's type alone, so they are kept here by those; only their mapping
into the file is done anew (a line added above moves every position below it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardscript.grammar.diagnostics import Diagnostic

Problems = tuple[Diagnostic, ...]


class ScriptMemo:
    """text, game definition, card type -> the text's problems (spans in the text)."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size  # (texts kept: the oldest go first)
        self._found: dict[tuple[str, str, str | None, str], Problems] = {}

    def problems(
        self, text: str, definition: Any, card_type: Any, compute: Callable[[], Problems]
    ) -> Problems:
        if card_type is not None and not isinstance(card_type, str):
            return compute()  # (a malformed type: never kept, it is rare)
        key = (definition.id, definition.keyword_source, card_type, text)
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = compute()
            if len(self._found) > self.size:
                del self._found[next(iter(self._found))]
        return found
