"""What a word of a card script means: the vocabulary term under a cursor, for editors.

The line the cursor is in is parsed as checking parses it, and the word token there says
which class the word was read as ("attacks": the event, not the noun) and which term; a
line that does not parse falls back to the longest phrase of the registry at the cursor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from lark import Token

from cardscript.grammar.lexer import LogicalLine, Piece, split_lines
from cardscript.grammar.parser import (
    _CLASS_PREFERENCE,
    _candidates,
    parse_line_tree,
    reserved_words,
)
from cardscript.grammar.registry import KIND_NAMES, WORD_CLASSES, Registry, Term

T = TypeVar("T", LogicalLine, Piece)


@dataclass(frozen=True)
class Meaning:
    """The term ``text[start:end]`` stands for, of the class ``kind`` ("keyword", "stat"…)."""

    term: Term
    kind: str
    start: int
    end: int


def term_at(text: str, offset: int, registry: Registry) -> Meaning | None:
    """The vocabulary term of the word (or phrase) at ``offset`` of ``text``, if any."""
    lines, _ = split_lines(text)
    line = _covering(lines, offset)
    if line is None:
        return None
    tree, _ = parse_line_tree(line, registry)
    if tree is not None:
        for token in tree.scan_values(lambda v: isinstance(v, Token)):
            if token.start_pos <= offset < token.end_pos:
                return _meaning(token.type, token.value, token.start_pos, token.end_pos, registry)
        return None
    return _phrase_at(line, offset, registry)


def _covering(found: Sequence[T], offset: int) -> T | None:
    """The line or piece whose span holds the character at ``offset``."""
    return next((n for n in found if n.span.offset <= offset < n.span.end_offset), None)


def _meaning(cls: str, value: str, start: int, end: int, registry: Registry) -> Meaning | None:
    # "did not block": the event "blocks"; "this turn": the period it names
    cls = {"EVENT_NOT": "EVENT", "THIS_PERIOD": "PHASE"}.get(cls, cls)
    if cls not in WORD_CLASSES:
        return None  # a grammar word, a sign, a number, a name
    term = registry.term(cls, value.removeprefix("non-") if cls == "ADJ" else value)
    return None if term is None else Meaning(term, KIND_NAMES[cls], start, end)


def _phrase_at(line: LogicalLine, offset: int, registry: Registry) -> Meaning | None:
    """The longest registry phrase over the cursor (the class the parser tries first)."""
    pieces = line.pieces
    piece = _covering(pieces, offset)
    if piece is None:
        return None
    here = pieces.index(piece)
    reserved = reserved_words()
    found: list[tuple[int, int, Meaning]] = []
    for i in range(max(0, here - registry.longest_phrase + 1), here + 1):
        for cls, value, width, _ in _candidates(pieces, i, registry, reserved):
            if i + width <= here or cls not in WORD_CLASSES:
                continue
            start, end = pieces[i].span.offset, pieces[i + width - 1].span.end_offset
            meaning = _meaning(cls, value, start, end, registry)
            if meaning is not None:
                found.append((-width, _CLASS_PREFERENCE[cls], meaning))
    return min(found, key=lambda f: f[:2])[2] if found else None
