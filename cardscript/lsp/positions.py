"""Positions in an open buffer: LSP's, YAML's and plain offsets.

LSP counts 0-based lines split at CR LF, CR or LF, and columns in UTF-16 code units (an
emoji outside the BMP is two). cardscript's spans count 1-based lines split at every break
YAML knows (NEL, LS and PS too) and columns in characters; both go through an offset.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Any

from cardscript.cardfiles.yamltext import LineIndex
from cardscript.grammar.diagnostics import Span

_BREAK = re.compile("\r\n|\r|\n")


def utf16_units(text: str) -> int:
    # (counted by the codec: a loop over the characters took seconds on a 5 MB line; a
    # lone surrogate, which JSON may carry, is one unit)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


class Positions:
    """One buffer's text, to convert its positions."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, *(m.end() for m in _BREAK.finditer(text))]
        self._yaml = LineIndex(text)

    def _line_end(self, row: int) -> int:
        """The offset of the break that ends 0-based line ``row`` (or of the text's end)."""
        if row + 1 >= len(self.starts):
            return len(self.text)
        end = self.starts[row + 1]
        return end - 2 if self.text.startswith("\r\n", end - 2) else end - 1

    def offset(self, line: int, character: int) -> int:
        """The offset of an LSP position; past a line's end is its end (as LSP says),
        below the last line the text's end."""
        if line >= len(self.starts):
            return len(self.text)
        at = self.starts[max(0, line)]
        text = self.text[at : self._line_end(max(0, line))]
        # the most characters whose units fit: at most ``character`` of them, at least
        # half as many (a character is one or two units); searched, not walked
        low, high = min(len(text), max(0, character) // 2), min(len(text), max(0, character))
        while low < high:
            middle = (low + high + 1) // 2
            if utf16_units(text[:middle]) <= character:
                low = middle
            else:
                high = middle - 1
        return at + low

    def position(self, offset: int) -> dict[str, int]:
        """The LSP position of an offset."""
        offset = max(0, min(offset, len(self.text)))
        row = bisect_right(self.starts, offset) - 1
        start = self.starts[row]
        return {"line": row, "character": utf16_units(self.text[start:offset])}

    def yaml_offset(self, line: int, column: int) -> int:
        """The offset of a 1-based line:column as cardscript counts them (clamped to the
        line: a span may end one past it)."""
        start = self._yaml.line_start(line)
        return min(start + max(column, 1) - 1, start + len(self._yaml.line(line)))

    def from_yaml(self, line: int, column: int) -> dict[str, int]:
        return self.position(self.yaml_offset(line, column))

    def range_of(self, span: Span | None) -> dict[str, Any]:
        """The LSP range of a span (the file's first character if it has none)."""
        if span is None:
            return {"start": self.position(0), "end": self.position(0)}
        return {
            "start": self.from_yaml(span.line, span.column),
            "end": self.from_yaml(span.end_line, span.end_column),
        }

    def whole(self) -> dict[str, Any]:
        """The range of the whole text."""
        return {"start": self.position(0), "end": self.position(len(self.text))}
