"""The words of a parse failure: what the parser expected, in plain words ('a stat,
"until" or ","'), the likely misspelling, the missing sign, the unknown label, the line
that ends too early. Only failures that are reported are ever worded."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from lark import Token
from lark.exceptions import UnexpectedInput

from cardscript.grammar.diagnostics import Diagnostic, Span, did_you_mean, error
from cardscript.grammar.lexer import LogicalLine, Piece, glued, piece_word
from cardscript.grammar.other_words import other_word_hint
from cardscript.grammar.printed_phrasing import printed_phrasing
from cardscript.grammar.registry import CLASS_NAMES, WORD_CLASSES, Registry
from cardscript.grammar.unsaid_hints import unsaid_hint

# (terminal, value, pieces used, plural) — one way to read the words at a position.
Option = tuple[str, str, int, bool]

_PUNCT_TEXT = {
    "COMMA": '","',
    "DOT": '"."',
    "DOT_THEN": '". Then"',
    "DOT_SEP": '"."',
    "AND_STEP": '"and"',
    "COLON": '":"',
    "SEMI": '";"',
    "LPAR": '"("',
    "RPAR": '")"',
    "ARROW": '"→"',
    "SLASH": '"/"',
    "POSS": '"\'s"',
    "INT": "a number",
    "SIGNED": "a change such as +1",
    "VAR": "X",
    "TRIPLE": "a strike such as 1-2-3",
    "STRING": "a quoted name",
    "WORD": "a word",
    "IT_WORD": '"it"',
    "LIST_AND": '"and"',
    "MOVE_VERB": '"put", "move" or "return"',
    "$END": "the end of the line",
}


def describe_expected(accepted: Iterable[str], registry: Registry, limit: int = 6) -> str:
    """Plain words for what the parser would have accepted: 'a stat, "until" or ","'."""
    names = sorted(set(accepted), key=_expected_order)
    usual = [name for name in names if _literal_of(name) not in _SELDOM]
    names = usual or names
    parts: list[str] = []
    for name in names:
        if name in CLASS_NAMES:
            if name in WORD_CLASSES and not registry.terms(name):
                continue  # this game has no such words: don't offer them
            parts.append(CLASS_NAMES[name])
        elif name in _PUNCT_TEXT:
            parts.append(_PUNCT_TEXT[name])
        else:
            literal = _literal_of(name)
            if literal:
                parts.append(f'"{literal}"')
    parts = list(dict.fromkeys(parts))
    if len(parts) > limit:
        parts = [*parts[:limit], "…"]
        return ", ".join(parts)
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _expected_order(name: str) -> tuple[int, str]:
    if name in WORD_CLASSES:
        return (0, list(WORD_CLASSES).index(name).__str__().zfill(3))
    if name == "$END":
        return (3, name)
    if name in _PUNCT_TEXT:
        return (2, name)
    return (1, _literal_of(name) or name)


# words that may follow nearly any card selector or article, and seldom do: not offered
# where other words are (they would push out the words an author more likely meant;
# "would" after a trigger's subject is an interrupt's printed wording; "beyond" ends a
# heal that exceeds the maximum, and LALR's merged states offer it after many a number)
_SELDOM = frozenset({"at random", "random", "would", "beyond"})


@cache
def _literal_map() -> Mapping[str, str]:
    from cardscript.grammar.parser import lark_parser  # the parser words its failures here

    return {t.name: t.pattern.value for t in lark_parser().terminals if t.pattern.type == "str"}


def _literal_of(name: str) -> str | None:
    return _literal_map().get(name)


def _suggestion(
    word: str, accepted: Iterable[str], registry: Registry, *, known: bool = False
) -> str:
    """The accepted word ``word`` may be a misspelling of. A ``known`` word (one the
    game or the grammar has, in the wrong place) is taken for a typo only when it is
    very close ("then" for "than"), not merely near ("hand" is not "an")."""
    pool: list[str] = []
    for name in accepted:
        if name in WORD_CLASSES:
            pool.extend(registry.spellings(name))
        elif (literal := _literal_of(name)) is not None:
            pool.append(literal)
    return did_you_mean(word, pool, cutoff=0.75 if known else 0.6)


def viable(interactive: object, actions: Mapping[str, object]) -> set[str]:
    """The terminals that can really come next. An LALR state also lists terminals that
    only its merged lookaheads allow, which would make "expected …" promise words that
    fail one step later; each is tried on a copy of the parser (error path only)."""
    viable: set[str] = set()
    for name in actions:
        if name == "$END":
            trial = interactive.copy(deepcopy_values=False)  # type: ignore[attr-defined]
            try:
                trial.feed_eof()
            except UnexpectedInput:
                continue
            viable.add(name)
            continue
        trial = interactive.copy(deepcopy_values=False)  # type: ignore[attr-defined]
        try:
            trial.feed_token(Token(name, ""))
        except (UnexpectedInput, AssertionError):  # lark asserts on reaching its end state
            continue
        viable.add(name)
    return viable or set(actions)


def unadvertised(
    before: tuple[Piece, ...], accepted: set[str], registry: Registry | None = None
) -> set[str]:
    """What may come next, less the number of a limit as Vanguard cards print it after a
    label ("[ACT](VC) 1/Turn:"): read where written, never offered for the colon; and
    less an adjective after a player ("each player in hero form") where no player can
    have one: after "you" (CS-T039), or in a game whose registry marks none ``of_player``."""
    if "COLON" in accepted and all(p.kind != "COLON" for p in before):
        accepted = accepted - {"INT"}
    if "ADJ" in accepted and before and piece_word(before, len(before) - 1) in _PLAYER_ENDS:
        last = piece_word(before, len(before) - 1)
        if last == "you" or registry is None or not any(t.of_player for t in registry.terms("ADJ")):
            accepted = accepted - {"ADJ"}
    return accepted


# the last word of a player phrase ("you", "each opponent", "its controller"), after which
# only a player's quality would be an adjective
_PLAYER_ENDS = frozenset({"you", "opponent", "player", "controller", "owner"})


def missing_sign(interactive: object, options: list[Option]) -> str | None:
    """The sign (",", ":", "→") after which the parser would have taken this word."""
    for sign in ("COMMA", "COLON", "ARROW"):
        trial = interactive.copy(deepcopy_values=False)  # type: ignore[attr-defined]
        try:
            trial.feed_token(Token(sign, ""))
        except UnexpectedInput:
            continue
        accepted = set(trial.choices())
        if any(option[0] in accepted for option in options):
            return _PUNCT_TEXT[sign]
    return None


def unexpected(
    pieces: tuple[Piece, ...],
    i: int,
    options: list[Option],
    accepted: set[str],
    registry: Registry,
    previous: Piece | None,
    missing_sign: str | None = None,
) -> Diagnostic:
    piece = pieces[i]
    accepted = unadvertised(pieces[:i], accepted, registry)
    expected = describe_expected(accepted, registry)
    shown = piece.text or piece.value
    after = f' after "{previous.text}"' if previous is not None and previous.text else ""
    unknown = all(o[0] == "WORD" for o in options) and piece.kind in ("WORD", "LABEL")
    hint = (
        _suggestion(piece.value, accepted, registry, known=not unknown)
        if piece.kind in ("WORD", "LABEL", "VAR")
        else ""
    )
    if hint.endswith(f'"{shown}"?'):
        hint = ""  # the word is right; its place is wrong
    if missing_sign and previous is not None:
        hint = f'perhaps a {missing_sign} is missing before "{shown}"'
    zone = next((o for o in options if o[0] == "ZONE"), None)
    if zone and "NOUN" in accepted:  # "look at the opponent's hand", "remove hand"
        owner = _possessor_text(pieces, i - 1) if previous and previous.kind == "POSS" else "your"
        words = " ".join(p.text for p in pieces[i : i + zone[2]])  # (a zone of two words)
        hint = f'a zone holds cards: perhaps try "the cards in {owner} {words}"'
    given = _given(pieces, i)
    if given:  # "give your hero +1 ATK": the card script says what the card gets
        hint = f'perhaps try "{given}"'
    begun = _event_begun(pieces, i, accepted, registry)
    if begun:  # "this enters play" where the game says "enters the squad"
        hint = begun
    passive = _passive_event(pieces, i, registry)
    if passive:  # "when this gets cancelled": the game's event is "is cancelled"
        hint = f'perhaps try "{passive}"'
    if accepted == {"THIS"} and previous is not None and previous.kind == "WORD":
        # "if that enemy is defeated," read as what happened: its period is missing
        kept = registry.remembered_period()
        if kept is not None:
            hint = (
                "what happened is asked of the period the game remembers: perhaps try "
                f'"… was {previous.text} this {kept.forms[0]}"'
            )
    hint = _instead_hint(pieces, i) or printed_phrasing(pieces, i, registry) or hint
    if piece.kind == "COLON" and "ARROW" in accepted:  # "Counter Blast 1: …", as printed
        hint = f'a cost is written before "→": perhaps try "{_with_arrow(pieces, i)}"'
    elif (
        previous is not None
        and previous.kind == "DOT"
        and (accepted == {"$END"} or _labelled(pieces, i, registry))
    ):
        # "Armor 2. When this enters the squad, …": a second ability on the keyword's line;
        # "Draw a card. Ongoing: …": a second ability, its label after the full stop
        hint = (
            f'each ability is a line of its own: perhaps try "{glued(pieces[i:])}" on the next line'
        )
    if piece.kind == "LPAR" and i == 0:
        hint = 'reminder text is written as a comment: "# …"'
    elif piece.kind == "LPAR" and previous is not None and previous.kind == "DOT":
        limit = _words_through(pieces, i, "RPAR")
        hint = f'a limit comes before the full stop: perhaps try "… {limit}."'
    if piece.kind == "LABEL" and unknown:
        labels = registry.spellings("LABEL")
        hint = (
            printed_phrasing(pieces, i, registry)
            or did_you_mean(piece.value, labels)
            or ("the labels are: " + ", ".join(labels) if labels else "this game has no labels")
        )
        return error("CS-P002", f'unknown label "{shown}"', piece.span, hint)
    wanted = f"; expected {expected}" if expected else ""
    label = _label_before_colon(pieces, i)
    if label is not None and (unknown or piece.kind == "COLON"):
        text, span = label
        labels = registry.spellings("LABEL")
        hint = did_you_mean(text, labels) or (
            "the labels are: " + ", ".join(labels) if labels else "this game has no labels"
        )
        return error("CS-P002", f'unknown label "{text}"', span, hint)
    if unknown:  # a word of another card game: how this one says it, before any typo
        hint = other_word_hint(pieces, i, registry) or hint
    if "perhaps try" not in hint:  # what the digests say, in our words (after the others)
        hint = unsaid_hint(pieces, i, registry) or hint
    if unknown and not hint:
        phrase = _misspelt_phrase(pieces, i, accepted, registry)
        if phrase is not None:
            words, span, hint = phrase
            return error("CS-P002", f'unknown words "{words}"{after}{wanted}', span, hint)
    if unknown:
        message = f'unknown word "{shown}"{after}{wanted}'
        if not hint:
            hint = _known_elsewhere_hint(piece.value, registry) or _stats_hint(accepted, registry)
        return error("CS-P002", message, piece.span, hint)
    hint = hint or _stats_hint(accepted, registry)  # "its attack" where "attack" is a noun
    return error("CS-P001", f'unexpected "{shown}"{after}{wanted}', piece.span, hint)


def _labelled(pieces: tuple[Piece, ...], i: int, registry: Registry) -> bool:
    """Do the words at ``pieces[i]`` open a line with one of the game's labels ("Ongoing:",
    "[ACT](RC):")?"""
    if pieces[i].kind == "LABEL":
        return True
    colon = next((j for j in range(i, min(i + 5, len(pieces))) if pieces[j].kind == "COLON"), None)
    if colon is None or colon == i:
        return False
    said = " ".join(p.value for p in pieces[i:colon]).casefold()
    return said in {label.casefold() for label in registry.spellings("LABEL")}


def _with_arrow(pieces: tuple[Piece, ...], i: int) -> str:
    """The text with the colon at ``i`` written as the cost's arrow."""
    rest = glued(pieces[i + 1 :])
    return f"{glued(pieces[:i])} → {rest[:1].lower()}{rest[1:]}"


def _event_begun(pieces: tuple[Piece, ...], i: int, accepted: set[str], registry: Registry) -> str:
    """ "did you mean …?" with the game's events whose words begin as the text's do from
    ``i`` ("enters" of "enters the squad", "is placed" of "is placed on RC"), the most words
    that begin some; "" where none do, or too many."""
    if "EVENT" not in accepted:
        return ""
    forms = registry.spellings("EVENT")
    found: list[str] = []
    words: list[str] = []  # the text's words that begin the forms ``found``
    for piece in pieces[i : i + 3]:
        if piece.kind not in ("WORD", "VAR"):
            break
        tried = " ".join([*words, piece.value.casefold()])
        begun = [f for f in forms if f.casefold().startswith(tried + " ")]
        if not begun:
            break
        found, words = begun, tried.split()
    if not found:
        return ""
    # the forms whose other words the text goes on to write ("placed on (VC)": VC)
    later = {p.value.casefold() for p in pieces[i:]}
    scores = {f: sum(w in later for w in f.casefold().split()[len(words) :]) for f in found}
    best = max(scores.values())
    if best:
        found = [f for f in found if scores[f] == best]
    elif words == ["would"]:
        return ""  # "would" alone is no event begun: "would attack" is no "would leave play"
    if len(set(found)) > 3:
        return ""
    shortest = sorted(set(found), key=lambda f: (len(f), f))
    return "did you mean " + " or ".join(f'"{f}"' for f in shortest) + "?"


def _given(pieces: tuple[Piece, ...], i: int) -> str:
    """ "give your hero +1 ATK until …" said as the card script says it ("your hero gets
    +1 ATK until …"), or "" where the words are not "give <cards> <+N> …"."""
    if piece_word(pieces, i) not in ("give", "gives"):
        return ""
    signed = next((j for j in range(i + 1, len(pieces)) if pieces[j].kind == "SIGNED"), None)
    if signed is None or signed == i + 1:
        return ""
    rest = [p for p in pieces[signed:] if p.kind != "DOT"]
    who = glued(pieces[i + 1 : signed])
    plural = who.endswith("s") and not who.endswith("'s")
    return f"{who} {'get' if plural else 'gets'} {glued(rest)}"


def _instead_hint(pieces: tuple[Piece, ...], i: int) -> str:
    """ "Gain 1 energy. Instead, gain 2 energy.": "instead" ends the step it puts in place of
    the one before it, which says its condition; with no step before it, "otherwise" says
    which step runs when the condition does not hold. "" where the word is not "instead"."""
    if piece_word(pieces, i) != "instead":
        return ""
    start = next((j + 1 for j in range(i - 1, -1, -1) if pieces[j].kind in _SENTENCE_ENDS), 0)
    head = pieces[start:i]
    if head and head[-1].kind == "COMMA":
        head = head[:-1]
    after = i + 1 + (i + 1 < len(pieces) and pieces[i + 1].kind == "COMMA")
    end = next((j for j in range(after, len(pieces)) if pieces[j].kind in _SENTENCE_ENDS), None)
    cut = next((j for j in range(after, end or len(pieces)) if pieces[j].kind == "COMMA"), end)
    step = glued(pieces[after:cut]) or "<this step>"
    step += " instead" + glued(pieces[cut:end])  # (before the steps that follow it)
    if not head:
        if start == 0 or pieces[start - 1].kind != "DOT":  # no step before it to replace
            return (
                'a step that replaces another when a condition holds is written with "otherwise":'
                f' perhaps try "If <condition>, {glued(pieces[after:end])}. Otherwise, '
                '<the other step>."'
            )
        return f'perhaps try "If <condition>, {step}."'
    if piece_word(head, 0) == "if":  # its condition (or the replaced event) is written
        alone = start == 0 or pieces[start - 1].kind != "DOT"
        first = alone and not any(piece_word(head, j) == "would" for j in range(len(head)))
        return f'perhaps try "{"<the other step>. " if first else ""}{glued(head)}, {step}."'
    return f'perhaps try "{glued(head)}. If <condition>, {step}."'


_SENTENCE_ENDS = frozenset({"DOT", "DOT_THEN", "COLON", "ARROW"})


def _passive_event(pieces: tuple[Piece, ...], i: int, registry: Registry) -> str:
    """ "is <word>" where the game has that event and the text wrote "gets <word>" or
    "becomes <word>" ("gets cancelled"), else ""."""
    if piece_word(pieces, i) not in ("gets", "becomes", "get", "become") or i + 1 >= len(pieces):
        return ""
    for verb in ("is", "are"):
        phrase = f"{verb} {piece_word(pieces, i + 1)}"
        if any(cls == "EVENT" for cls, _, _ in registry.phrases.get(phrase, ())):
            return phrase
    return ""


def _words_through(pieces: tuple[Piece, ...], i: int, kind: str) -> str:
    """The text from ``pieces[i]`` up to the first piece of ``kind`` (or the line's end),
    glued as written: "(once per round)"."""
    end = next((j for j in range(i, len(pieces)) if pieces[j].kind == kind), len(pieces) - 1)
    return glued(pieces[i : end + 1])


def _possessor_text(pieces: tuple[Piece, ...], poss: int) -> str:
    """The possessor ending at the piece ``poss`` (its "'s"), as written: "the opponent's",
    "its owner's" (back to the start of the phrase: a word that is not a player's)."""
    start = poss
    while start > 0 and pieces[start - 1].kind == "WORD" and poss - start < 3:
        start -= 1
        if pieces[start].value.casefold() in _PHRASE_OPENERS:
            break
    return " ".join(p.text for p in pieces[start:poss]) + pieces[poss].text


_PHRASE_OPENERS = frozenset({"the", "an", "a", "your", "its", "each", "their"})


def _label_before_colon(pieces: tuple[Piece, ...], i: int) -> tuple[str, Span] | None:
    """The words before a ":" that opens a line ("Sudden: …"), if the failure is in them."""
    for k, piece in enumerate(pieces[:5]):
        if piece.kind == "COLON":
            if k == 0 or i > k or any(p.kind not in ("WORD", "VAR") for p in pieces[:k]):
                return None
            span = pieces[0].span.through(pieces[k - 1].span)
            return " ".join(p.text for p in pieces[:k]), span
    return None


def _misspelt_phrase(
    pieces: tuple[Piece, ...], i: int, accepted: set[str], registry: Registry
) -> tuple[str, Span, str] | None:
    """A misspelt name of several words ("Type efect", "Twin Drvie"): the first word alone
    looks unknown, the whole phrase is close to a known one."""
    pool = [
        s for name in accepted if name in WORD_CLASSES for s in registry.spellings(name) if " " in s
    ]
    for width in (3, 2):
        words = pieces[i : i + width]
        if len(words) < width or any(p.kind != "WORD" for p in words):
            continue
        text = " ".join(p.text for p in words)
        hint = did_you_mean(text, pool, cutoff=0.75)
        if hint:
            span = words[0].span.through(words[-1].span)
            return text, span, hint
    return None


def _known_elsewhere_hint(word: str, registry: Registry) -> str:
    pool = [spelling for cls in WORD_CLASSES for spelling in registry.spellings(cls)]
    return did_you_mean(word, pool, cutoff=0.85)  # a word that fits nowhere here: be sure


def _stats_hint(accepted: set[str], registry: Registry) -> str:
    """Where only a stat may come ("equal to its …", "gets +1 …"), this game's stats: a
    word of no game nor near one of them."""
    if {name for name in accepted if name in WORD_CLASSES} != {"STAT"}:
        return ""
    stats = ", ".join(t.forms[0] for t in registry.terms("STAT"))
    return f"perhaps try a stat of this game: {stats}" if stats else ""


def early_end(line: LogicalLine, accepted: set[str], registry: Registry) -> Diagnostic:
    last = line.pieces[-1]
    span = Span(
        last.span.end_line,
        last.span.end_column,
        last.span.end_line,
        last.span.end_column + 1,
        last.span.end_offset,
        last.span.end_offset + 1,
    )
    return error(
        "CS-P003",
        f'this ability ends too early after "{last.text}"; expected '
        f"{describe_expected(unadvertised(line.pieces, accepted - {'$END'}, registry), registry)}",
        span,
    )
