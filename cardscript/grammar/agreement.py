"""Which spellings of a word agree with the words before it, for completion: after "this"
a noun is singular and an event "is destroyed", after "2" or "all" a noun is plural,
after "would" an event is "be destroyed", and a sentence's first verb is an order
("Stun", not "Stuns"). The parser takes every spelling anywhere (``fmt`` writes the
right one), so this only keeps an editor from offering English no author means.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from cardscript.grammar.lexer import Piece
from cardscript.grammar.registry import Registry, Term

Number = Literal["one", "many", "would", "order"]

_ONE = frozenset({"this", "it", "a", "an", "another", "target", "each", "every", "that"})
_MANY = frozenset({"all", "both", "they", "you", "of", "two", "three", "four", "five", "six"})
_CONTROLS = frozenset({"control", "controls", "own", "owns"})
# where a sentence, a cost or an effect begins: an order ("Draw", "Stun target …")
_ORDER_AFTER = frozenset({"COLON", "COMMA", "ARROW", "DOT", "DOT_THEN"})


def number_before(pieces: tuple[Piece, ...], registry: Registry) -> Number | None:
    """What the piece before the cursor asks of the next word, or None (anything goes)."""
    if not pieces:
        return "order"
    last = pieces[-1]
    if last.kind in _ORDER_AFTER:
        return "order"
    if last.kind == "INT":
        return "one" if last.value == "1" else "many"
    if last.kind == "VAR":
        return "many"
    word = last.value.casefold()
    if word in _CONTROLS:  # "a character you control …": the noun before the clause
        for piece in reversed(pieces[-5:-1]):
            found = _noun_number(piece.value.casefold(), registry)
            if found is not None:
                return found
        return None
    if word == "would":
        return "would"
    if word in _ONE:
        return "one"
    if word in _MANY:
        return "many"
    return _noun_number(word, registry)


def _noun_number(word: str, registry: Registry) -> Number | None:
    """ "creature" one, "creatures" many, another word None."""
    for term in registry.terms("NOUN"):
        if term.plural and word == term.plural.casefold():
            return "many"
        if word in (form.casefold() for form in term.forms):
            return "one"
    return None


def agreeing(term: Term, token_class: str, number: Number | None) -> Iterator[str]:
    """The spellings of ``term`` that agree with ``number``, each once."""
    forms, plural, third, base, past = term.forms, term.plural, term.third, term.base, term.past
    if number is None or token_class not in ("NOUN", "COUNTER", "DAMAGE", "EVENT", "VERB"):
        spellings: tuple[str | None, ...] = (*forms, plural, third, base, past)
    elif token_class == "VERB":
        spellings = forms if number == "order" else (*forms, third)
    elif token_class == "EVENT":
        spellings = {
            "one": (*forms, third, past),
            "many": (plural or forms[0], past),
            "would": (base or forms[0],),
            "order": (*forms, plural, third, base, past),
        }[number]
    elif number == "many":
        spellings = (plural or forms[0],)
    elif number == "one":
        spellings = forms
    else:
        spellings = (*forms, plural)
    yield from dict.fromkeys(s for s in spellings if s)
