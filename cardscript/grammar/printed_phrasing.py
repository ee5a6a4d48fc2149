"""Hints for the phrasing of printed cards the card script words otherwise: an author
copying a card's layout writes what the game's cards print, and the parse failure is
where the card script's own words would go. Each hint gives the author's text back as
the card script says it; "" where the words are not such a phrasing."""

from __future__ import annotations

from cardscript.grammar.authors_phrasing import _reads, _written, authors_phrasing
from cardscript.grammar.lexer import Piece, glued, piece_word
from cardscript.grammar.registry import Registry


def printed_phrasing(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """The first hint that fits the failure at ``pieces[i]``, or ""."""
    for hint in (
        _bracketed_cost,
        _attack_of,
        _some_of_yours,
        _spent_resource,
        _spent_counter,
        _takes_damage,
        _gets_counter,
        _choices_joined,
        _drawn_from,
        _put_back,
    ):
        found = hint(pieces, i, registry)
        if found:
            return found
    return authors_phrasing(pieces, i, registry)


def _bracketed_cost(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "[ACT](RC): [Counter Blast 1] Draw a card.": a cost in brackets, as Vanguard cards
    print it, is written before "→"."""
    piece = pieces[i]
    if piece.kind != "LABEL" or i == 0:
        return ""
    inner = piece.value.strip("[]").strip()
    costs = {c.casefold() for c in registry.spellings("COST")}
    if not any(inner.casefold() == c or inner.casefold().startswith(c + " ") for c in costs):
        return ""
    head = glued(pieces[:i])
    rest = glued(pieces[i + 1 :])
    effect = rest[:1].lower() + rest[1:]
    return f'a cost is written before "→": perhaps try "{head} {inner} → {effect}"'


def _attack_of(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "When this unit's attack hits": what an attack does, its attacker does ("When this
    unit hits")."""
    if piece_word(pieces, i) != "attack" or i == 0 or pieces[i - 1].kind != "POSS":
        return ""
    if i + 1 >= len(pieces):
        return ""
    events = {e.casefold().split()[0] for e in registry.spellings("EVENT")}
    if piece_word(pieces, i + 1) not in events:
        return ""
    said = f"{glued(pieces[: i - 1])} {glued(pieces[i + 1 :])}"
    return f'what an attack does, its attacker does: perhaps try "{said}"'


_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
# whose cards "of …" names (longest first), and how the card script says whose they are
_OWNERS = (
    (("your", "opponent", "'s"), "an opponent controls"),
    (("an", "opponent", "'s"), "an opponent controls"),
    (("opponent", "'s"), "an opponent controls"),
    (("your",), "you control"),
)


def _some_of_yours(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "retire one of your opponent's rear-guards": so many cards of whose, written as
    "retire 1 rear-guard an opponent controls"."""
    if piece_word(pieces, i) != "of" or i == 0:
        return ""
    before = pieces[i - 1]
    word = piece_word(pieces, i - 1)
    count = int(before.value) if before.kind == "INT" else _COUNT_WORDS.get(word)
    if count is None:
        return ""
    said = [p.value.casefold() for p in pieces[i + 1 : i + 5]]
    for words, owner in _OWNERS:
        if tuple(said[: len(words)]) != words or len(said) <= len(words):
            continue
        plural = said[len(words)]
        noun = next(
            (t for t in registry.terms("NOUN") if (t.plural or "").casefold() == plural), None
        )
        if noun is None:
            return ""
        named = noun.spelling(plural=count != 1)
        rest = glued(pieces[i + 2 + len(words) :])
        tail = rest if rest[:1] in ("", ".", ",") else f" {rest}"
        return f'perhaps try "{glued(pieces[: i - 1])} {count} {named} {owner}{tail}"'
    return ""


def _spent_resource(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Spend 1 energy resource → …" (Marvel Champions' printed costs): a player's
    resources are paid ("pay 1 energy resource"); "spend" is for a card's own tokens."""
    if i < 2 or pieces[i - 1].kind != "INT" or piece_word(pieces, i - 2) != "spend":
        return ""
    resources = {r.casefold() for r in registry.spellings("RESOURCE")}
    if not any(glued(pieces[i : i + n]).casefold() in resources for n in (1, 2, 3)):
        return ""
    verb = "Pay" if pieces[i - 2].text[:1].isupper() else "pay"
    said = f"{glued(pieces[: i - 2])} {verb} {glued(pieces[i - 1 :])}".strip()
    return f'a player\'s resources are paid: perhaps try "{said}"'


def _drawn_from(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Draw a card from your discard pile": a card is drawn from the deck; one taken from
    another zone is returned ("return a card from your discard pile to your hand")."""
    if piece_word(pieces, i) != "from":
        return ""
    start = next(
        (j for j in range(i - 1, -1, -1) if piece_word(pieces, j) in ("draw", "draws")), None
    )
    if start is None or any(p.kind in ("COMMA", "DOT", "COLON") for p in pieces[start:i]):
        return ""
    end = next((j for j in range(i, len(pieces)) if pieces[j].kind == "DOT"), len(pieces))
    what = glued(pieces[start + 1 : end])
    return f'a card is drawn from the deck: perhaps try "return {what} to your hand"'


def _put_back(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Look at the top 3 cards of your deck, then put them back in any order.": no step
    lets a player order cards, and the cards looked at stay where they are, so the look
    alone is what the card script can say."""
    back = piece_word(pieces, i) == "back" and piece_word(pieces, i - 2) in _PUTS
    order = [piece_word(pieces, j) for j in range(i, i + 3)] == ["in", "any", "order"]
    if not (back or order):
        return ""
    put = next((j for j in range(i - 1, -1, -1) if piece_word(pieces, j) in _PUTS), None)
    if put is None:
        return ""
    end = put  # the steps before the put, without the words that join it to them
    while end > 0 and (pieces[end - 1].kind in _JOINS or piece_word(pieces, end - 1) in _THEN):
        end -= 1
    words = [piece_word(pieces, j) for j in range(put, len(pieces))]
    ordered = any(words[k : k + 3] == ["in", "any", "order"] for k in range(len(words)))
    looked = any(piece_word(pieces, j) == "look" for j in range(end))
    line = f"{glued(pieces[:end])}."
    one = piece_word(pieces, put + 1) == "it"
    said = (
        "the card looked at stays where it is" if one else "the cards looked at stay where they are"
    )
    if ordered:
        said = "no step lets a player order cards" + (f", and {said}" if looked else "")
    if not looked or _reads(line, registry) is None:
        return said if ordered else ""
    return f'{said}: perhaps try "{line}"'


_PUTS = frozenset({"put", "return"})
_JOINS = frozenset({"COMMA", "DOT", "DOT_THEN", "DOT_SEP", "AND_STEP"})
_THEN = frozenset({"then", "and"})


def _spent_counter(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Spend 1 counter: deal 1 wound …", "spend 1 charge token → …": a named cost takes
    the card's own counters (Berserk's, Marvel Champions' Uses) and names none."""
    if i < 2 or pieces[i - 1].kind not in ("INT", "VAR") or pieces[i].kind != "WORD":
        return ""
    if piece_word(pieces, i - 2) not in {c.casefold() for c in registry.spellings("COST")}:
        return ""
    end = next((j for j in range(i, len(pieces)) if pieces[j].kind != "WORD"), len(pieces))
    rest: list[Piece | str] = [*pieces[end:]]
    if rest and isinstance(rest[0], Piece) and rest[0].kind == "COLON":
        rest[0] = "→"  # (as the card prints its cost: before the colon)
    line = _written([*pieces[:i], *rest])
    if _reads(line, registry) is None:
        return ""
    said = pieces[i - 2].text.casefold()
    return f'"{said}" pays with this card\'s own counters and names none: perhaps try "{line}"'


_SIGNS = frozenset({"COMMA", "DOT", "DOT_THEN", "DOT_SEP", "COLON", "ARROW"})


def _takes_damage(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "When Revealed: each player takes 1 damage." (as Marvel Champions cards print it):
    the card script deals the damage ("deal 1 damage to each player")."""
    take = i - 3
    if take < 1 or piece_word(pieces, take) not in ("take", "takes"):
        return ""
    if pieces[take + 1].kind not in ("INT", "VAR"):
        return ""
    if piece_word(pieces, take + 2) not in {d.casefold() for d in registry.spellings("DAMAGE")}:
        return ""
    found = _subject(pieces, take)
    if found is None:
        return ""
    start, subject, opens = found
    deal = "Deal" if opens else "deal"
    amount, damage = pieces[take + 1], pieces[take + 2]
    line = _written([*pieces[:start], deal, amount, damage, "to", subject, *pieces[i:]])
    if _reads(line, registry) is None:
        return ""
    return f'the card script deals damage: perhaps try "{line}"'


def _choices_joined(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Choose one: deal 2 damage to a minion, or remove 2 threat from a scheme.": the
    choices are joined by "or" alone."""
    if pieces[i].kind != "COMMA" or piece_word(pieces, i + 1) != "or":
        return ""
    line = _written([*pieces[:i], *pieces[i + 1 :]])
    if _reads(line, registry) is None:
        return ""
    return f'the choices are joined by "or" alone: perhaps try "{line}"'


def _gets_counter(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "When a creature dies, this gets a counter." (Berserk prints it so): a counter is
    placed on a card ("place a counter on this")."""
    if i < 2 or piece_word(pieces, i - 1) not in ("gets", "get"):
        return ""
    if pieces[i].kind not in ("INT", "VAR") and piece_word(pieces, i) not in ("a", "an"):
        return ""
    counters = {c.casefold() for c in registry.spellings("COUNTER")}
    end = next((j for j in range(i + 1, len(pieces)) if pieces[j].kind in _SIGNS), len(pieces))
    if glued(pieces[i + 1 : end]).casefold() not in counters:
        return ""
    found = _subject(pieces, i - 1)
    if found is None:
        return ""
    start, subject, opens = found
    place = "Place" if opens else "place"
    line = _written([*pieces[:start], place, *pieces[i:end], "on", subject, *pieces[end:]])
    if _reads(line, registry) is None:
        return ""
    return f'a counter is placed on a card: perhaps try "{line}"'


def _subject(pieces: tuple[Piece, ...], verb: int) -> tuple[int, str, bool] | None:
    """The subject of the step whose verb is at ``verb``: where the step starts, its words
    as they read after another verb ("Each player" → "each player"; "KO" stays), and
    whether the step opens a sentence; None where no subject is written."""
    start = next((j + 1 for j in range(verb - 1, -1, -1) if pieces[j].kind in _SIGNS), 0)
    if start == verb:
        return None
    subject = glued(pieces[start:verb])
    if not pieces[start].text.isupper():
        subject = subject[:1].lower() + subject[1:]
    return start, subject, start == 0 or pieces[start - 1].kind in ("DOT", "DOT_SEP")
