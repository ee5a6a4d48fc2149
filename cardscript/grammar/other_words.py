"""The hint for a word of another card game ("Tap this", "deal 2 damage"): the author's
phrase as this game words it, and why, from the registry's ``other_words:``."""

from __future__ import annotations

from cardscript.grammar.lexer import Piece, glued, piece_word
from cardscript.grammar.registry import WORD_CLASSES, Registry, Term

# the pieces a phrase is made of (it ends at the first sign)
_WORDS = frozenset({"WORD", "VAR", "INT", "SIGNED", "STRING", "POSS"})
_COUNTS = frozenset({"INT", "VAR"})


def other_word_hint(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """'perhaps try "Close this": Berserk closes a card where other games tap it' for the
    word at ``pieces[i]``; "" where the game lists no such word."""
    other = registry.other_words.get(piece_word(pieces, i))
    if other is None:
        return ""
    counted = i > 0 and pieces[i - 1].kind in _COUNTS
    said = spelling_of(other.said, registry, plural=counted and pieces[i - 1].value != "1")
    if said is None:
        return ""
    written = pieces[i].text
    if written[:1].isupper():
        said = said[:1].upper() + said[1:]
    # "deal 2 damage": the verb and the count are said again with the game's noun
    start = i - 2 if counted and i > 1 and pieces[i - 2].kind == "WORD" else i
    end = next((j for j in range(i + 1, len(pieces)) if pieces[j].kind not in _WORDS), len(pieces))
    phrase = " ".join(p for p in (glued(pieces[start:i]), said, glued(pieces[i + 1 : end])) if p)
    return f'perhaps try "{phrase}": {other.reason}'


def spelling_of(said: str, registry: Registry, *, plural: bool = False) -> str | None:
    """How the game writes the term ``said`` (a word of the card script's own as it is)."""
    term = _term(said, registry)
    if term is not None:
        return term.spelling(plural=plural)
    from cardscript.grammar.parser import reserved_words  # (the parser imports this module)

    return said if said.casefold() in reserved_words() else None


def _term(term_id: str, registry: Registry) -> Term | None:
    for token_class in ("VERB", "COUNTER", "DAMAGE", "NOUN", *WORD_CLASSES):
        term = registry.term(token_class, term_id)
        if term is not None:
            return term
    return None
