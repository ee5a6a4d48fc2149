"""Completion: the words and signs that may come next at a point of a card script.

The parser itself says what may come next. The words of the ability before the cursor are
fed to it in every reading they allow (as parsing does when it backtracks), and what each
reached state accepts becomes the game's registry words, the grammar's own words and the
signs. A word the cursor is in (or a phrase it ends: "until end of t") is the prefix every
candidate must start with. Editors ask through ``cardscript complete``.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from lark.exceptions import UnexpectedInput

from cardscript.grammar.agreement import Number, agreeing, number_before
from cardscript.grammar.lexer import Comment, Piece, split_lines
from cardscript.grammar.parse_errors import viable
from cardscript.grammar.parser import (
    _CLASS_PREFERENCE,
    _SENTENCE_END,
    IT_WORDS,
    MOVE_VERBS,
    _candidates,
    _feed,
    _snapshot,
    lark_parser,
    reserved_words,
)
from cardscript.grammar.registry import KIND_NAMES, WORD_CLASSES, Registry, negated_past

# Readings are explored breadth-first with a budget: an ambiguous hostile line stays cheap.
MAX_FEEDS = 2_000

_SIGNS: Mapping[str, str] = {
    "COMMA": ",",
    "DOT": ".",
    "DOT_THEN": ". Then",
    "DOT_SEP": ".",
    "AND_STEP": "and",
    "COLON": ":",
    "SEMI": ";",
    "LPAR": "(",
    "RPAR": ")",
    "ARROW": "→",
    "POSS": "'s",
}
# What may come that no list of words can offer.
_VALUES: Mapping[str, str] = {
    "INT": "a number",
    "SIGNED": "a change such as +1",
    "VAR": "X",
    "TRIPLE": "a strike such as 1-2-3",
    "STRING": "a quoted name",
    "WORD": "a name",
}
_FIXED_WORDS: Mapping[str, tuple[str, ...]] = {
    "MOVE_VERB": tuple(dict.fromkeys(MOVE_VERBS.values())),
    "IT_WORD": tuple(sorted(IT_WORDS)),
    "LIST_AND": ("and",),
}
_PARTIAL_WORD = re.compile(r"(?<![\w'’\-])[^\W\d_][\w'’\-]*\Z")


@dataclass(frozen=True)
class Completion:
    """One candidate: ``text`` replaces the script from offset ``start`` to the cursor."""

    text: str
    kind: str  # a registry class ("keyword", "stat"…), "word" (the grammar's) or "sign"
    start: int
    doc: str = ""


@dataclass(frozen=True)
class Completions:
    items: tuple[Completion, ...]
    expects: tuple[str, ...] = ()  # what else may come here: "a number", "a quoted name"…


NOTHING = Completions(())


def complete(text: str, offset: int, registry: Registry) -> Completions:
    """What may be written at ``offset`` of ``text`` (a card text or a keywords file)."""
    offset = max(0, min(offset, len(text)))
    before = text[:offset]
    partial = _PARTIAL_WORD.search(before)
    prefix = partial.group() if partial else ""
    head = before[: offset - len(prefix)]
    comments: list[Comment] = []
    lines, problems = split_lines(head, comments)
    cursor_line = before.count("\n") + 1
    if any(c.line == cursor_line for c in comments):
        return NOTHING  # the cursor is in a comment
    pieces: tuple[Piece, ...] = ()
    if lines and _continues(head, lines[-1].span.end_offset, before):
        pieces = lines[-1].pieces
        if any(p.span is not None and p.span.line >= pieces[0].span.line for p in problems):
            return NOTHING  # an unclosed quote or a stray character: nothing reads past it
    elif problems and problems[-1].span is not None and problems[-1].span.line == cursor_line:
        return NOTHING
    states = _reachable(pieces, registry)
    items: dict[tuple[str, int], Completion] = {}
    expects: dict[str, None] = {}
    at_start = not pieces or pieces[-1].kind == "DOT"  # (a sentence's first word: a capital)
    for back in range(0, min(len(pieces), max(registry.longest_phrase, 3) - 1) + 1):
        lead_pieces = pieces[len(pieces) - back :]
        if any(p.kind not in ("WORD", "VAR") for p in lead_pieces):
            break
        lead = " ".join([*(p.value for p in lead_pieces), prefix]) if back else prefix
        start = lead_pieces[0].span.offset if back else offset - len(prefix)
        number = number_before(pieces[: len(pieces) - back], registry)
        for state in states.get(len(pieces) - back, ()):
            accepted = sorted(viable(state, state.choices()), key=_terminal_order)
            for item in _offers(accepted, registry, start, at_start and not back, number):
                if item.text.casefold().startswith(lead.casefold()) and item.text != lead:
                    items.setdefault((item.text, item.start), _cased(item, prefix))
            if not back and not prefix:
                expects.update((_VALUES[name], None) for name in accepted if name in _VALUES)
    ordered = sorted(items.values(), key=_order)
    return Completions(tuple(ordered), tuple(v for v in _VALUES.values() if v in expects))


def _continues(head: str, last_end: int, before: str) -> bool:
    """Does the cursor's line continue the last logical line? (The lexer's rule: an
    indented line right below it, with no blank or comment line between.)"""
    gap = head[last_end:]
    if "\n" not in gap:
        return True
    here = before[before.rfind("\n") + 1 :]
    return gap.count("\n") == 1 and here[:1] in (" ", "\t")


def _reachable(pieces: tuple[Piece, ...], registry: Registry) -> dict[int, list[Any]]:
    """Parser states after the first i pieces, for every i, in every reading of the words."""
    reserved = reserved_words()
    start = lark_parser().parse_interactive()
    seen: dict[int, dict[tuple[int, ...], Any]] = {0: {_key(start): start}}
    frontier = deque([(0, start)])
    feeds = 0
    while frontier and feeds < MAX_FEEDS:
        i, state = frontier.popleft()
        if i >= len(pieces):
            continue
        actions = state.choices()
        options = _candidates(pieces, i, registry, reserved)
        if pieces[i].kind == "DOT" and i + 1 == len(pieces):
            options = _SENTENCE_END  # the cursor's words may begin a sentence after it
        for option in options:
            if option[0] not in actions or feeds >= MAX_FEEDS:
                continue
            feeds += 1
            trial = _snapshot(state)
            try:
                after = _feed(trial, pieces, i, option)
            except UnexpectedInput:
                continue
            key = _key(trial)
            if key not in seen.setdefault(after, {}):
                seen[after][key] = trial
                frontier.append((after, trial))
    return {i: list(found.values()) for i, found in seen.items()}


def _terminal_order(name: str) -> tuple[int, str]:
    """Registry classes in the parser's order of preference ("ready": the verb before the
    state), so a word that fits two is always shown as the same kind."""
    return (_CLASS_PREFERENCE.get(name, len(_CLASS_PREFERENCE)), name)


def _key(state: Any) -> tuple[int, ...]:
    """Two readings in the same LALR state stack accept the same continuations."""
    return tuple(state.parser_state.state_stack)


def _offers(
    accepted: Iterable[str],
    registry: Registry,
    start: int,
    sentence_start: bool,
    number: Number | None = None,
) -> Iterable[Completion]:
    for name in accepted:
        if name == "EVENT_NOT":
            for term in registry.terms("EVENT"):
                denied = negated_past(term)
                if denied:
                    yield Completion(denied, KIND_NAMES[name], start, term.doc)
        elif name in WORD_CLASSES:
            for term in registry.terms(name):
                for spelling in agreeing(term, name, number):
                    shown = _capital(spelling) if sentence_start else spelling
                    yield Completion(shown, KIND_NAMES[name], start, term.doc)
        elif name in _SIGNS:
            yield Completion(_SIGNS[name], "sign", start)
        elif name == "THIS_PERIOD":  # "this turn": a duration, one token of the driver
            for term in registry.terms("PHASE"):
                for form in term.forms:
                    yield Completion(f"this {form}", KIND_NAMES["PHASE"], start, term.doc)
        else:
            for word in _words_of(name) or _FIXED_WORDS.get(name, ()):
                yield Completion(_capital(word) if sentence_start else word, "word", start)


@cache
def _words_of(terminal: str) -> tuple[str, ...]:
    """The grammar's words a terminal stands for, with their synonyms ("get", "gets")."""
    return tuple(phrase for phrase, name in reserved_words().items() if name == terminal)


def _cased(item: Completion, prefix: str) -> Completion:
    """A word typed with a capital ("Wh") is offered with one ("When")."""
    if prefix[:1].isupper() and item.text[:1].islower():
        return Completion(_capital(item.text), item.kind, item.start, item.doc)
    return item


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# (reversed: a kind two classes share, "event", keeps the place of the first)
_KIND_ORDER = {KIND_NAMES[name]: n for name, n in reversed(_CLASS_PREFERENCE.items())}


def _order(item: Completion) -> tuple[int, str, int]:
    rank = _KIND_ORDER.get(item.kind, len(_KIND_ORDER) + (item.kind == "sign"))
    return (rank, item.text.casefold(), item.start)
