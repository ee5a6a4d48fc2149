"""Hints for sentences authors write as printed cards read, which the card script says
another way: "any number of", "if it is your turn", a trailing "while …", "lose all your
energy", "if you have a vanguard", "flying characters". Each hint is the author's line
rewritten, and offered only where the rewritten line reads (it parses and checks without
an error) and means what the engine will do with it; "" where none fits."""

from __future__ import annotations

from collections.abc import Sequence

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Span
from cardscript.grammar.lexer import Piece, glued, piece_word
from cardscript.grammar.registry import Registry

Part = Piece | str  # a piece of the author's line, or a word put in its place


def authors_phrasing(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """The first hint that fits the failure at ``pieces[i]``, or ""."""
    for hint in (
        _amount_after,
        _damage_amount,
        _any_number,
        _your_turn,
        _trailing_while,
        _all_yours,
        _resource_removed,
        _have_in_play,
        _given_by,
        _permissions_joined,
        _does_not,
    ):
        found = hint(pieces, i, registry)
        if found:
            return found
    return ""


_COUNTED = ("equal", "to", "the", "number", "of")
_DEAL = ("deal", "deals")


def _amount_after(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Gain energy 2": the amount comes before what it counts ("gain 2 energy")."""
    if pieces[i].kind not in ("INT", "VAR"):
        return ""
    verb = next((j for j in range(i - 1, -1, -1) if pieces[j].kind != "WORD"), -1) + 1
    if verb >= i - 1 or piece_word(pieces, verb) not in _COUNTING_VERBS:
        return ""
    line = _written([*pieces[: verb + 1], pieces[i], *pieces[verb + 1 : i], *pieces[i + 1 :]])
    return f'the amount comes first: perhaps try "{line}"' if _reads(line, registry) else ""


# the verbs whose amount comes before the words of what it counts ("gain 2 energy")
_COUNTING_VERBS = frozenset({"gain", "gains", "lose", "loses", "pay", "pays", "draw", "draws"})


def _damage_amount(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Deal damage to the opponent …": how much is said before "to", a number or "equal
    to the number of …" ("deal damage equal to the number of cards in your hand to …")."""
    if piece_word(pieces, i) != "to":
        return ""
    words_from = next((j for j in range(i - 1, -1, -1) if pieces[j].kind != "WORD"), -1) + 1
    deal = next((j for j in range(words_from, i) if piece_word(pieces, j) in _DEAL), None)
    if deal is None or deal + 1 == i:
        return ""
    stop = ("DOT", "DOT_THEN", "COMMA")
    end = next((j for j in range(i, len(pieces)) if pieces[j].kind in stop), len(pieces))
    words = [piece_word(pieces, j) for j in range(len(pieces))]
    count = next((j for j in range(i, end) if tuple(words[j : j + 5]) == _COUNTED), None)
    if count is not None:  # "… to target character equal to the number of …"
        line = _written([*pieces[:i], *pieces[count:end], *pieces[i:count], *pieces[end:]])
        return f'perhaps try "{line}"' if _reads(line, registry) is not None else ""
    dealt = glued(pieces[deal + 1 : i])
    rest = glued(pieces[i:end])
    said = pieces[deal].text
    return (
        f'say how much: "{said} <a number> {dealt} {rest}", or "{said} {dealt} equal to the '
        f'number of … {rest}"'
    )


def _any_number(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Exhaust any number of characters you control": up to as many as there are, the
    card script's "up to X …, where X is the number of …" (its cards, counted)."""
    if piece_word(pieces, i) != "number" or piece_word(pieces, i - 1) != "any":
        return ""
    if piece_word(pieces, i + 1) != "of" or any(p.kind == "VAR" for p in pieces):
        return ""
    if any(piece_word(pieces, j) == "where" for j in range(len(pieces))):
        return ""
    end = len(pieces) - (pieces[-1].kind == "DOT")
    # the cards end where the words after them begin: the longest that reads
    for cut in range(min(end, i + 2 + _LONGEST), i + 2, -1):
        cards = pieces[i + 2 : cut]
        line: list[Part] = [*pieces[: i - 1], "up", "to", "X", *cards, *pieces[cut:end]]
        line += [",", "where", "X", "is", "the", "number", "of", *cards, "."]
        text = _written(line)
        if _reads(text, registry) is not None:
            return f'perhaps try "{text}"'
    return ""


_LONGEST = 12  # the most words the cards are tried with (a hint tries each length)


def _your_turn(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "If it is your turn, …": no condition asks whose turn it is; a line that stands
    says "During your turn, …" (which the engine asks while it holds)."""
    if piece_word(pieces, i) != "your" or [piece_word(pieces, i - k) for k in (3, 2, 1)] != [
        "if",
        "it",
        "is",
    ]:
        return ""
    comma = next((j for j in range(i, len(pieces)) if pieces[j].kind == "COMMA"), None)
    if comma is None:
        return ""
    during = "During " + glued(pieces[i:comma])  # "During your turn"
    if _labelled_only(pieces[: i - 3]):
        line = _written([*pieces[: i - 3], during, *pieces[comma:]])
        if _stands(line, registry):
            return f'perhaps try "{line}"'
    return (
        "no condition asks whose turn it is; a line that holds while its card is in play "
        f'says "{during}, …"'
    )


def _trailing_while(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Characters you control get +1 ATK while you control 3 characters.": "while"
    opens the line ("While …, …"); after a trigger, or on steps that run once, the
    condition is asked as they run ("if …, …")."""
    if piece_word(pieces, i) != "while" or i == 0 or pieces[i - 1].kind == "COMMA":
        return ""
    ends = ("COMMA", "DOT", "DOT_THEN", "COLON", "ARROW")
    start = next((j + 1 for j in range(i - 1, -1, -1) if pieces[j].kind in ends), 0)
    end = next((j for j in range(i + 1, len(pieces)) if pieces[j].kind in ends), len(pieces))
    head, condition, tail = pieces[start:i], pieces[i + 1 : end], pieces[end:]
    if not head or not condition:
        return ""
    if _labelled_only(pieces[:start]):
        line = _written([*pieces[:start], "While", *condition, ",", _lower(head), *tail])
        if _stands(line, registry):
            return f'perhaps try "{line}"'
    word = "If" if start == 0 or pieces[start - 1].kind in ("DOT", "COLON") else "if"
    line = _written([*pieces[:start], word, *condition, ",", _lower(head), *tail])
    if _reads(line, registry) is None:
        return ""
    return f'perhaps try "{line}" (asked once, as the step runs)'


def _all_yours(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Lose all your energy": "all" of a resource is its player's ("lose all energy")."""
    if piece_word(pieces, i) != "your" or piece_word(pieces, i - 1) != "all":
        return ""
    line = _written([*pieces[:i], *pieces[i + 1 :]])
    return f'perhaps try "{line}"' if _reads(line, registry) is not None else ""


def _resource_removed(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Remove 1 energy from your opponent": a player's resource is lost ("your opponent
    loses 1 energy"); counters are what is removed from a card."""
    if (
        i < 2
        or pieces[i - 1].kind != "INT"
        or piece_word(pieces, i - 2) not in ("remove", "removes")
    ):
        return ""
    resources = _folded(registry.spellings("RESOURCE"))
    width = next((n for n in (3, 2, 1) if glued(pieces[i : i + n]).casefold() in resources), 0)
    if not width or piece_word(pieces, i + width) != "from":
        return ""
    start = i + width + 1
    end = next(
        (j for j in range(start, len(pieces)) if pieces[j].kind in ("COMMA", "DOT")), len(pieces)
    )
    if end == start:
        return ""
    who = glued(pieces[start:end])
    if pieces[i - 2].text[:1].isupper():
        who = who[:1].upper() + who[1:]
    verb = "lose" if who.casefold() == "you" else "loses"
    line = _written(
        [*pieces[: i - 2], who, verb, pieces[i - 1], *pieces[i : i + width], *pieces[end:]]
    )
    if _reads(line, registry) is None:
        return ""
    return f"a player's resource is lost, a card's counter removed: perhaps try \"{line}\""


def _have_in_play(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "If you have a vanguard, …": a player has cards in a zone ("… in your soul"); a
    card in play is one they control ("if you control a vanguard")."""
    if i == 0 or pieces[i].kind not in ("COMMA", "DOT"):
        return ""
    have = next((j for j in range(i - 1, 0, -1) if piece_word(pieces, j) in ("have", "has")), None)
    if have is None or any(p.kind in ("COMMA", "DOT", "COLON") for p in pieces[have:i]):
        return ""
    verb = "control" if piece_word(pieces, have) == "have" else "controls"
    line = _written([*pieces[:have], verb, *pieces[have + 1 :]])
    if _reads(line, registry) is None:
        return ""
    said = glued(pieces[have + 1 : i])
    return (
        f'a card in play is one a player controls: perhaps try "{line}", or say where the '
        f'cards are: "… {pieces[have].text} {said} in …"'
    )


def _given_by(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Target flying character …" where the game's keyword gives the quality: "target
    character with Flight …" (``Registry.given_by``: the printed word, its keyword)."""
    word = piece_word(pieces, i)
    keyword = registry.given_by.get(word)
    if keyword is None or keyword.casefold() not in _folded(registry.spellings("KW")):
        return ""
    if piece_word(pieces, i - 1) == "with":  # "characters with flying"
        line = _written([*pieces[:i], keyword, *pieces[i + 1 :]])
    elif i + 1 < len(pieces) and pieces[i + 1].kind == "WORD":  # "flying characters"
        noun = pieces[i + 1]
        first = i == 0 or pieces[i - 1].kind in ("COMMA", "DOT", "COLON", "ARROW")
        opening = noun.text[:1].upper() + noun.text[1:]  # "Flying characters …"
        line = _written(
            [*pieces[:i], opening if first else noun, "with", keyword, *pieces[i + 2 :]]
        )
    else:
        return ""
    if _reads(line, registry) is None:
        return ""
    return f'"{pieces[i].text}" is what {keyword} gives: perhaps try "{line}"'


_ENDS = ("COMMA", "DOT", "DOT_SEP", "DOT_THEN", "COLON", "ARROW")


def _permissions_joined(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "Target character cannot be exhausted or stunned this turn.": a permission names
    one action, so two are two sentences, the second of the same cards ("It cannot be
    stunned this turn.": the target chosen once), what follows the second said of both."""
    if piece_word(pieces, i) not in ("or", "and") or i == 0:
        return ""
    start = next((j + 1 for j in range(i - 1, -1, -1) if pieces[j].kind in _ENDS), 0)
    verb = next((j for j in range(start, i) if piece_word(pieces, j) in ("cannot", "can")), None)
    end = next((j for j in range(i + 1, len(pieces)) if pieces[j].kind in _ENDS), len(pieces))
    if verb is None or verb == start or verb + 1 == i or end == i + 1:
        return ""
    subject, first, rest = pieces[start:verb], pieces[verb + 1 : i], pieces[i + 1 : end]
    words = [p.value.casefold() for p in rest]
    shared = ["be"] if piece_word(pieces, verb + 1) == "be" and words[0] != "be" else []
    for width in range(len(words), 0, -1):
        if " ".join([*shared, *words[:width]]) not in _folded(registry.spellings("PERMISSION")):
            continue
        tail = rest[width:]
        said = pieces[verb].text
        one = _written([*pieces[:verb], said, *first, *tail, "."])
        line = _reads(one, registry)
        if line is None:
            return ""
        again = _again(subject, line)
        two = _written([again, said, *shared, *rest[:width], *tail, *pieces[end:]])
        whole = f"{one} {two}".removesuffix(" .")
        return f'one action per sentence: perhaps try "{whole}"' if _reads(whole, registry) else ""
    return ""


def _does_not(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "It does not ready this turn.": what a card does not do is forbidden to it ("It
    cannot ready this turn."); "doesn't", "do not" and "don't" alike."""
    width = _negation(pieces, i)
    if not width:
        return ""
    recovery = _not_in_recovery(pieces, i, width, registry)
    if recovery:
        return recovery
    line = _written([*pieces[:i], "cannot", *pieces[i + width :]])
    return f'perhaps try "{line}"' if _reads(line, registry) is not None else ""


_NEGATIONS = {("does", "not"), ("do", "not"), ("doesn't",), ("don't",)}


def _negation(pieces: Sequence[Piece], i: int) -> int:
    """How many pieces say "does not" at ``pieces[i]`` (1 for "doesn't"), else 0."""
    for width in (1, 2):
        said = tuple(piece_word(pieces, j).replace("’", "'") for j in range(i, i + width))
        if said in _NEGATIONS:
            return width
    return 0


# the phase that readies every card as the turn ends (VS System §6.4): the next one is
# this turn's, so "doesn't ready during your next recovery phase" is "cannot ready this turn"
_READYING_PHASE = "recovery_phase"


def _not_in_recovery(pieces: tuple[Piece, ...], i: int, width: int, registry: Registry) -> str:
    """ "It doesn't ready during your next recovery phase.": "It cannot ready this turn."
    (the turn ends with that phase, after it readies the cards)."""
    verb = i + width
    if piece_word(pieces, verb) != "ready" or piece_word(pieces, verb + 1) != "during":
        return ""
    nxt = next((j for j in range(verb + 2, verb + 6) if piece_word(pieces, j) == "next"), None)
    phase = registry.term("PHASE", _READYING_PHASE)
    if nxt is None or phase is None:
        return ""
    end = next((j for j in range(nxt, len(pieces)) if pieces[j].kind in _ENDS), len(pieces))
    if glued(pieces[nxt + 1 : end]).casefold() not in _folded(phase.forms):
        return ""
    line = _written([*pieces[:i], "cannot", "ready", "this", "turn", *pieces[end:]])
    if _reads(line, registry) is None:
        return ""
    return (
        f"the next {phase.forms[0]} is this turn's, and the turn ends with it: perhaps "
        f'try "{line}"'
    )


def _again(subject: Sequence[Piece], line: ast.AbilityLine) -> str:
    """The subject of a second sentence: "It" / "They" for cards chosen ("target …"),
    else its words again."""
    from cardscript.grammar.format_phrases import is_plural

    ability = line.ability
    steps = ability.effects.steps if isinstance(ability, ast.EffectAbility) else ()
    clause = steps[-1] if steps else None
    chosen = isinstance(clause, ast.Clause) and any(
        piece_word(subject, j) == "target" for j in range(len(subject))
    )
    if chosen and isinstance(clause, ast.Clause) and clause.subject is not None:
        return "They" if is_plural(clause.subject) else "It"
    text = glued(subject)
    return text[:1].upper() + text[1:]


def _written(parts: Sequence[Part]) -> str:
    """The parts glued as the author's words are (signs to the word before them)."""
    here = Span(1, 1, 1, 1, 0, 0)  # (a word put in: glued reads no span)
    kinds = {",": "COMMA", ".": "DOT"}
    return glued(
        [p if isinstance(p, Piece) else Piece(kinds.get(p, "WORD"), p, p, here) for p in parts]
    )


def _lower(head: Sequence[Piece]) -> str:
    """The words of a step that no longer opens its sentence: "Draw a card" → "draw a
    card" (a name or "X" kept)."""
    text = glued(head)
    first = head[0]
    if first.kind == "WORD" and not first.text.isupper():
        return text[:1].lower() + text[1:]
    return text


def _labelled_only(pieces: Sequence[Piece]) -> bool:
    """Are the pieces before a line's words at most its label ("Ongoing:", "[CONT](VC):")?"""
    return not pieces or pieces[-1].kind == "COLON"


def _folded(words: Sequence[str]) -> set[str]:
    return {w.casefold() for w in words}


def _reads(text: str, registry: Registry) -> ast.AbilityLine | None:
    """The one line ``text`` says, where it parses and checks with no error."""
    from cardscript.grammar.checks import check_script  # (checks import the parser)
    from cardscript.grammar.diagnostics import Severity
    from cardscript.grammar.parser import parse_script

    result = parse_script(text, registry)
    if result.diagnostics or len(result.script.lines) != 1:
        return None
    if any(d.severity is Severity.ERROR for d in check_script(result.script, registry)):
        return None
    return result.script.lines[0]


def _stands(text: str, registry: Registry) -> bool:
    """Does ``text`` read as a line that holds while its card is in play, every step of
    it (what "While …" and "During …" are asked of)?"""
    from cardscript.grammar.standing_step import stands

    line = _reads(text, registry)
    if line is None or not isinstance(line.ability, ast.EffectAbility):
        return False
    return all(stands(step) for step in line.ability.effects.steps)
