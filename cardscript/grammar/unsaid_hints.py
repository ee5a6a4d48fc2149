"""Hints for effects authors write as the rules digests word them, where the card script
says the same thing with other words: a heal that "may exceed your maximum HP", a stat
that "gains +2", "minion X" put "into play engaged with the first player", a unit that
"does not stand", "you may play allies from your discard pile", "each alter-ego player",
"to a rear-guard circle". Each gives the author's phrase back as the card script says
it; "" where the words at the failure are not such a phrase."""

from __future__ import annotations

from cardscript.grammar.lexer import Piece, glued, piece_word
from cardscript.grammar.registry import Registry

_SIGNS = frozenset({"DOT", "DOT_THEN", "SEMI", "COMMA", "COLON", "ARROW"})


def unsaid_hint(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """The first hint that fits the failure at ``pieces[i]``, or ""."""
    for hint in (
        _exceeds,
        _gains_stat,
        _named_letter,
        _engaged_with,
        _does_not,
        _may_do,
        _form_player,
        _zone_article,
    ):
        found = hint(pieces, i, registry)
        if found:
            return found
    return ""


def _sentence(pieces: tuple[Piece, ...], start: int) -> int:
    """Where the words from ``start`` end: the first sign after them, or the end."""
    return next((j for j in range(start, len(pieces)) if pieces[j].kind in _SIGNS), len(pieces))


def _exceeds(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Heal 3; this may exceed your maximum HP.": the heal says it, "… beyond its
    maximum hit points" (a stat the registry marks ``heal_cap``, G57)."""
    caps = [t for t in registry.terms("STAT") if t.heal_cap]
    words = [piece_word(pieces, j) for j in range(len(pieces))]
    if not caps or "exceed" not in words or "heal" not in words or i > words.index("exceed"):
        return ""
    start = words.index("heal")
    end = _sentence(pieces, start)
    heal = glued(pieces[start:end])
    return (
        "a heal goes beyond the maximum where it says so: perhaps try "
        f'"{heal} beyond its maximum {caps[0].forms[0]}"'
    )


def _gains_stat(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Your hero gains +2 HP.": a card's stat changes with "gets"."""
    if pieces[i].kind != "SIGNED" or piece_word(pieces, i - 1) not in ("gain", "gains"):
        return ""
    end = _sentence(pieces, i)
    after = " ".join(p.value for p in pieces[i + 1 : end]).casefold() + " "
    if not any(after.startswith(f.casefold() + " ") for f in registry.spellings("STAT")):
        return ""  # ("gain -1 energy": a resource, not a stat)
    gets = "gets" if piece_word(pieces, i - 1) == "gains" else "get"
    said = " ".join(p for p in (glued(pieces[: i - 1]), gets, glued(pieces[i:end])) if p)
    return f'a card\'s stat changes with "gets": perhaps try "{said}"'


def _named_letter(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Put minion X into play": a card is named in quotes ("a minion named "X"")."""
    piece = pieces[i]
    if i == 0 or not (piece.kind == "VAR" or (piece.kind == "WORD" and piece.text[:1].isupper())):
        return ""
    noun = piece_word(pieces, i - 1)
    if not noun or (registry.term("NOUN", noun) is None and noun not in _noun_forms(registry)):
        return ""
    article = "an" if noun[:1] in "aeiou" else "a"
    return (
        f'a card is named in quotes: perhaps try "{article} {pieces[i - 1].text} named '
        f'«{piece.text}»"'
    )


def _noun_forms(registry: Registry) -> set[str]:
    return {f.casefold() for f in registry.spellings("NOUN")}


def _engaged_with(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "… into play engaged with the first player": a minion put into a player's play
    area engages that player (G70)."""
    if piece_word(pieces, i) != "engaged" or piece_word(pieces, i + 1) != "with":
        return ""
    if piece_word(pieces, i - 1) != "play" or piece_word(pieces, i - 2) != "into":
        return ""
    end = _sentence(pieces, i + 2)
    who = glued(pieces[i + 2 : end])
    if not who:
        return ""
    whose = "your" if who.casefold() == "you" else f"{who}'s"
    return (
        "a card put into a player's play area engages that player: perhaps try "
        f'"into {whose} play area"'
    )


def _does_not(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "This unit does not stand in your stand phase.": what a card cannot do is said
    with "cannot" ("This unit cannot stand.")."""
    if piece_word(pieces, i) not in ("does", "do") or piece_word(pieces, i + 1) != "not":
        return ""
    verb = piece_word(pieces, i + 2)
    if verb not in {f.casefold() for f in registry.spellings("PERMISSION")}:
        return ""
    said = " ".join(p for p in (glued(pieces[:i]), "cannot", pieces[i + 2].text) if p)
    return f'what a card may not do is said with "cannot": perhaps try "{said}"'


def _form_player(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Each alter-ego player discards 1 card.": a player with a quality is "each player
    in alter-ego form" (an ``of_player`` adjective after the player)."""
    if piece_word(pieces, i) not in ("player", "players") or i == 0:
        return ""
    before = pieces[i - 1].value.casefold()
    quality = next(
        (
            form
            for t in registry.terms("ADJ")
            if t.of_player
            for form in t.forms
            if form.casefold() in (f"in {before} form", before)
        ),
        None,
    )
    if quality is None:
        return ""
    head = glued(pieces[: i - 1])
    said = " ".join(p for p in (head, "player", quality) if p)
    return f'a player\'s quality comes after the player: perhaps try "{said}"'


def _may_do(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "You may play allies from your discard pile.": what a player or card is allowed
    to do is said with "can" ("You can play allies from your discard pile.")."""
    if piece_word(pieces, i - 1) != "may" or not _permission_at(pieces, i, registry):
        return ""
    end = _sentence(pieces, i)
    said = " ".join(p for p in (glued(pieces[: i - 1]), "can", glued(pieces[i:end])) if p)
    return f'what may be done at any time is said with "can": perhaps try "{said}"'


def _permission_at(pieces: tuple[Piece, ...], i: int, registry: Registry) -> bool:
    return piece_word(pieces, i) in {f.casefold() for f in registry.spellings("PERMISSION")}


def _zone_article(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Call a card from your soul to a rear-guard circle.": a zone is named by whose it
    is ("to your rear-guard circle"), not by an article."""
    if piece_word(pieces, i) not in ("a", "an") or i == 0:
        return ""
    if piece_word(pieces, i - 1) not in ("to", "into", "onto", "on", "in", "from"):
        return ""
    end = _sentence(pieces, i + 1)
    rest = " ".join(p.value for p in pieces[i + 1 : end]).casefold()
    zones = [f for f in registry.spellings("ZONE") if rest == f.casefold()]
    if not zones:
        return ""
    said = " ".join(p for p in (glued(pieces[:i]), "your", glued(pieces[i + 1 : end])) if p)
    return f'a zone is named by whose it is: perhaps try "{said}"'
