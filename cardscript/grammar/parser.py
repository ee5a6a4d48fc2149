"""Parse card-script text into a typed AST, collecting positioned diagnostics.

Each logical line is parsed on its own by the LALR(1) parser built from cardscript.lark,
so one mistake costs one line and every error of a text is reported in one run. Words are
classified here: of the classes a word can belong to (reserved word, registry class, plain
word), the parser takes the first one its current state accepts — longest phrase first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache, partial
from importlib import resources
from typing import Any, cast

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

from cardscript.grammar import ast
from cardscript.grammar.build import AstBuilder
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.lexer import MAX_LINE_PIECES, LogicalLine, Piece, piece_word, split_lines
from cardscript.grammar.parse_errors import Option, early_end, missing_sign, unexpected, viable
from cardscript.grammar.registry import Registry, prefixes

LANGUAGE_VERSION = 1

# Surface words that mean the same reserved word ("gets" is "get", "are" is "is").
SYNONYMS: Mapping[str, str] = {
    "gets": "get",
    "has": "have",
    "are": "is",
    "loses": "lose",
    "gains": "gain",
    "draws": "draw",
    "deals": "deal",
    "discards": "discard",
    "pays": "pay",
    "heals": "heal",
    "controls": "control",
    "reveals": "reveal",
    "searches": "search",
    "shuffles": "shuffle",
    "looks": "look",
    "places": "place",
    "removes": "remove",
    "prevents": "prevent",
    "does": "do",
    "chooses": "choose",
    "becomes": "become",
    "redirects": "redirect",
    "an opponent's": "an opponent's",
}
MOVE_VERBS: Mapping[str, str] = {
    "put": "put",
    "puts": "put",
    "move": "move",
    "moves": "move",
    "return": "return",
    "returns": "return",
    "take": "take",
    "takes": "take",
}
IT_WORDS = frozenset({"it", "itself"})
# Which class a word that fits several is tried as first ("attacks": the event before the
# noun; "ready": the verb before the state). Backtracking tries the others.
_CLASS_PREFERENCE = {
    cls: n
    for n, cls in enumerate(
        (
            "KW",
            "LABEL",
            "EVENT",
            "VERB",
            "COST",
            "HOOK",
            "PERMISSION",
            "STAT",
            "RESOURCE",
            "COUNTER",
            "DAMAGE",
            "ZONE",
            "PHASE",
            "ATTR",
            "NOUN",
            "ADJ",
            "EVENT_NOT",  # (shown as "event": last, so that kind keeps the place of EVENT)
        )
    )
}
_VALUE_KINDS = frozenset(
    {
        "INT",
        "SIGNED",
        "VAR",
        "TRIPLE",
        "STRING",
        "POSS",
        "COMMA",
        "DOT",
        "DOT_THEN",
        "DOT_SEP",
        "COLON",
        "SEMI",
        "LPAR",
        "RPAR",
        "ARROW",
    }
)


class WordToken(Token):
    """A token that remembers whether its noun was written in the plural."""

    plural = False


class _FedLexer(Lexer):
    """Placeholder: tokens are fed to the interactive parser, never lexed by Lark."""

    def __init__(self, conf: object) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Token]:
        return iter(())


def grammar_text() -> str:
    return resources.files("cardscript.grammar").joinpath("cardscript.lark").read_text("utf-8")


@cache
def lark_parser(strict: bool = False) -> Lark:
    """The LALR(1) parser (built once per process; lark caches the tables on disk)."""
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer=_FedLexer,
        propagate_positions=True,
        strict=strict,
        maybe_placeholders=False,
        cache=not strict,
    )


@cache
def _builder() -> AstBuilder:
    return AstBuilder()


@cache
def reserved_words() -> Mapping[str, str]:
    """casefolded reserved phrase -> terminal name, from the grammar's literals."""
    table: dict[str, str] = {}
    for terminal in lark_parser().terminals:
        if terminal.pattern.type == "str":
            table[terminal.pattern.value.casefold()] = terminal.name
    for surface, canonical in SYNONYMS.items():
        if canonical in table:
            table[surface] = table[canonical]
    return table


@dataclass(frozen=True)
class ParseResult:
    script: ast.Script
    diagnostics: tuple[Diagnostic, ...]

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


def parse_script(text: str, registry: Registry) -> ParseResult:
    """Parse a whole card text; never raises for bad input."""
    lines, diagnostics = split_lines(text)
    source_lines = text.split("\n")
    abilities: list[ast.AbilityLine] = []
    version: int | None = None
    lexical = [d.span for d in diagnostics if d.span is not None]
    for index, line in enumerate(lines):
        if any(line.span.line <= s.line <= line.span.end_line for s in lexical):
            continue  # one problem per line: the bad character or quote says it all
        node, problems = parse_line(line, registry)
        for problem in problems:
            diagnostics.append(_with_source(problem, source_lines))
        if isinstance(node, int):
            if index != 0:
                diagnostics.append(
                    _with_source(
                        error(
                            "CS-P006",
                            "the language version must be the first line of the text",
                            line.span,
                            'perhaps try moving "cardscript 1" to the top',
                        ),
                        source_lines,
                    )
                )
            elif node != LANGUAGE_VERSION:
                diagnostics.append(
                    _with_source(
                        error(
                            "CS-P006",
                            f"unsupported language version {node}",
                            line.span,
                            f"this cardscript understands version {LANGUAGE_VERSION}",
                        ),
                        source_lines,
                    )
                )
            version = node
        elif node is not None:
            abilities.append(node)
    diagnostics.sort(key=lambda d: d.sort_key())
    return ParseResult(ast.Script(lines=tuple(abilities), version=version), tuple(diagnostics))


def parse_line(
    line: LogicalLine, registry: Registry
) -> tuple[ast.AbilityLine | int | None, list[Diagnostic]]:
    """Parse one logical line: an ability, or a version header (returned as an int)."""
    tree, problems = parse_line_tree(line, registry)
    if tree is None:
        return None, problems
    built = _builder().build(tree)
    said = (p.value.casefold() for p in line.pieces)
    if isinstance(built, ast.AbilityLine) and "would" in said:
        built = _own_would_events(built, registry)
    return built, []


def _own_would_events(line: ast.AbilityLine, registry: Registry) -> ast.AbilityLine:
    """ "When this would leaves play" is the event "would leave play" where the game has
    it as an event of its own; "if this would would leave play" (a replacement, which
    says "would" itself) is "if this would leave play": what ``fmt`` writes and reads."""

    def event_said(phrase: str, other_than: str = "") -> str | None:
        found = registry.phrases.get(phrase.casefold(), ())
        return next((t.id for cls, t, _ in found if cls == "EVENT" and t.id != other_than), None)

    def change(node: ast.Node) -> ast.Node:
        if isinstance(node, ast.Event) and node.would and node.event:
            term = registry.term("EVENT", node.event)
            own = event_said(f"would {term.infinitive()}") if term else None
            return node if own is None else replace(node, event=own, would=False)
        if isinstance(node, ast.Replacement):
            term = registry.term("EVENT", node.event)
            if term is not None and term.text.casefold().startswith("would "):
                plain = event_said(term.infinitive(), other_than=term.id)
                return node if plain is None else replace(node, event=plain)
        return node

    return cast(ast.AbilityLine, ast.rewritten(line, change))


def parse_line_tree(line: LogicalLine, registry: Registry) -> tuple[Tree | None, list[Diagnostic]]:
    """The parse tree of one logical line (its word tokens carry the class each word was
    read as and their offsets), or the problem that stops it."""
    pieces = line.pieces
    if len(pieces) > MAX_LINE_PIECES:
        return None, [
            error(
                "CS-P008",
                f"this ability is too long ({len(pieces)} words and "
                f"signs; the limit is {MAX_LINE_PIECES})",
                pieces[0].span,
                "perhaps try splitting it into several abilities",
            )
        ]
    interactive = lark_parser().parse_interactive()
    reserved = reserved_words()
    # Depth-first over word classifications: a word that fits several classes takes the
    # first the parser accepts; if the line then fails, the next class is tried. The
    # budget keeps hostile lines linear.
    budget = 8 * len(pieces) + 64
    choice_points: list[tuple[int, Any, list[Option]]] = []
    # Failures are kept as (position, thunk): only the furthest ones are ever worded, so a
    # branch that backtracking abandons costs no message and no "did you mean".
    failures: list[tuple[int, Callable[[], Diagnostic]]] = []
    i = 0
    while True:
        failure: Callable[[], Diagnostic] | None = None
        if i < len(pieces):
            actions = interactive.choices()  # a dict: membership without copying
            options = _candidates(pieces, i, registry, reserved)
            fitting = [o for o in options if o[0] in actions]
            if not fitting:
                failure = _unexpected_later(interactive, pieces, i, options, registry)
            else:
                if len(fitting) > 1:
                    fitting = _period_after_permission(interactive, fitting)
                if len(fitting) > 1:
                    choice_points.append((i, _snapshot(interactive), fitting[1:]))
                try:
                    i = _feed(interactive, pieces, i, fitting[0])
                except UnexpectedInput:
                    failure = _unexpected_later(interactive, pieces, i, options, registry, actions)
                budget -= 1
        else:
            actions = interactive.choices()
            if "$END" in actions:
                try:
                    return interactive.feed_eof(), []
                except UnexpectedInput:
                    pass  # $END was only a lookahead of a reduction that then fails
            ahead = viable(interactive, actions) - {"$END"}
            failure = partial(early_end, line, ahead, registry)
        if failure is None:
            continue
        failures.append((i, failure))
        if not choice_points or budget <= 0:
            return None, [_best_failure(failures)]
        while choice_points and budget > 0:
            i, saved, rest = choice_points.pop()
            interactive = _snapshot(saved)
            if len(rest) > 1:
                choice_points.append((i, saved, rest[1:]))
            budget -= 1
            try:
                i = _feed(interactive, pieces, i, rest[0])
                break
            except UnexpectedInput:
                continue
        else:
            return None, [_best_failure(failures)]


def _snapshot(interactive: Any) -> Any:
    """A copy of the parser to come back to. Lark's LALR tree builder extends the child
    list of a left-recursive rule in place, so the trees on the value stack get fresh
    child lists; deep copies would cost far more and drop the tokens' plural flag."""
    copy = interactive.copy(deepcopy_values=False)
    stack = copy.parser_state.value_stack
    for n, value in enumerate(stack):
        if isinstance(value, Tree):
            stack[n] = Tree(value.data, list(value.children), value.meta)
    return copy


def _best_failure(failures: list[tuple[int, Callable[[], Diagnostic]]]) -> Diagnostic:
    """The failure that got furthest; at a tie, one that can say which sign is missing."""
    furthest = max(position for position, _ in failures)
    worded = [make() for position, make in failures if position == furthest]
    for diagnostic in worded:
        if "missing before" in "".join(diagnostic.hints):
            return diagnostic
    return worded[0]


def _unexpected_later(
    interactive: Any,
    pieces: tuple[Piece, ...],
    i: int,
    options: list[Option],
    registry: Registry,
    failed_actions: Mapping[str, object] | None = None,
) -> Callable[[], Diagnostic]:
    """A thunk wording the failure at ``i``, from a snapshot of the parser there."""
    at = _snapshot(interactive)

    def word() -> Diagnostic:
        previous = pieces[i - 1] if i else None
        if failed_actions is not None:  # the token was fed and failed: the state moved on
            # (what was just tried is not expected, whatever the merged lookaheads listed)
            expected = set(failed_actions) - {o[0] for o in options}
            return unexpected(pieces, i, options, expected, registry, previous)
        accepted = viable(at, at.choices())
        return unexpected(
            pieces, i, options, accepted, registry, previous, missing_sign(at, options)
        )

    return word


def _feed(interactive: object, pieces: tuple[Piece, ...], i: int, option: Option) -> int:
    kind, value, width, plural = option
    first, last = pieces[i].span, pieces[i + width - 1].span
    token = WordToken(
        kind,
        value,
        start_pos=first.offset,
        line=first.line,
        column=first.column,
        end_line=last.end_line,
        end_column=last.end_column,
        end_pos=last.end_offset,
    )
    token.plural = plural
    interactive.feed_token(token)  # type: ignore[attr-defined]
    return i + width


def _candidates(
    pieces: tuple[Piece, ...], i: int, registry: Registry, reserved: Mapping[str, str]
) -> list[Option]:
    """(terminal, value, pieces used) in order of preference for the piece at ``i``."""
    piece = pieces[i]
    if piece.kind == "DOT" and i + 1 < len(pieces):
        return _SENTENCE_END  # a full stop with more text after it ends a sentence
    if piece.kind not in ("WORD", "VAR"):
        return _fixed_candidates(piece, registry)
    memo = registry.lookup_cache
    key = (piece.kind, _window(pieces, i, registry))
    found = memo.get(key)
    if found is None:
        found = memo[key] = _word_candidates(pieces, i, registry, reserved)
        if len(memo) > 10_000:
            memo.clear()  # hostile input must not grow memory without bound
    return found


_SENTENCE_END: list[Option] = [("DOT_SEP", ".", 1, False), ("DOT", ".", 1, False)]


def _window(pieces: tuple[Piece, ...], i: int, registry: Registry) -> tuple[str, ...]:
    """The words the readings of the word at ``i`` depend on, as ``_candidates`` keeps
    them: the words while they are the start of a phrase, and the one after ("card" after
    a noun); "this" and "and", which look at the phrase after them, the whole window. A
    sign is "". Short keys are shared by many lines (most words start no phrase)."""
    end = min(i + max(registry.longest_phrase, 3), len(pieces))
    if pieces[i].value.casefold() in _READS_PAST_ITS_PHRASE:
        return tuple(p.value if p.kind in ("WORD", "VAR") else "" for p in pieces[i:end])
    starts, reserved = registry.phrase_prefixes, _reserved_prefixes()
    words: list[str] = []
    phrase = ""
    for j in range(i, end):
        p = pieces[j]
        if p.kind not in ("WORD", "VAR"):
            words.append("")
            break
        words.append(p.value)
        phrase = f"{phrase} {p.value.casefold()}" if phrase else p.value.casefold()
        if phrase not in starts and phrase not in reserved:
            break
    return tuple(words)


_READS_PAST_ITS_PHRASE = frozenset({"this", "and"})  # (``_this_period``, ``_noun_at``)


@cache
def _reserved_prefixes() -> frozenset[str]:
    return prefixes(reserved_words())


def _fixed_candidates(piece: Piece, registry: Registry) -> list[Option]:
    if piece.kind == "LABEL":
        return [
            ("LABEL", term.id, 1, False)
            for (cls, term, _) in registry.phrases.get(piece.value.casefold(), ())
            if cls == "LABEL"
        ] or [("WORD", piece.value, 1, False)]
    if piece.kind == "DOT_THEN":
        return [("DOT_THEN", ". then", 1, False), ("DOT", ".", 1, False)]
    return [(piece.kind, piece.value, 1, False)]


def _word_candidates(
    pieces: tuple[Piece, ...], i: int, registry: Registry, reserved: Mapping[str, str]
) -> list[Option]:
    piece = pieces[i]
    options: list[Option] = []
    longest = min(max(registry.longest_phrase, 3), len(pieces) - i)
    for width in range(longest, 0, -1):
        words = pieces[i : i + width]
        if any(p.kind not in ("WORD", "VAR") for p in words):
            continue
        phrase = " ".join(p.value.casefold() for p in words)
        if phrase in reserved:
            options.append((reserved[phrase], _canonical_reserved(phrase), width, False))
        found = registry.phrases.get(phrase, ())
        for cls, term, plural in sorted(found, key=lambda f: _CLASS_PREFERENCE[f[0]]):
            many = plural and phrase == (term.plural or "").casefold()
            if (
                cls == "NOUN"
                and _card_after(pieces, i + width, many, registry, width)
                and not any(c == "ADJ" for c, _, _ in found)  # ("a superpower card": the type)
            ):
                # "a character card", "plot twist cards": the noun, as cards print it
                options.append((cls, term.id, width + 1, many))
            options.append((cls, term.id, width, many))
        if width == 1:
            options.extend(_single_word_options(piece, phrase, registry))
    if piece.value.casefold() == "this":
        options.extend(_this_period(pieces, i, registry, longest))
    if piece.value.casefold() == "and":
        if _noun_at(pieces, i + 1, registry):
            options.insert(0, ("LIST_AND", "and", 1, False))  # "character and attachment"
        options.append(("AND_STEP", "and", 1, False))  # "draw a card and discard a card"
    return options


def _this_period(
    pieces: tuple[Piece, ...], i: int, registry: Registry, longest: int
) -> list[Option]:
    """ "this turn" (a duration) as one token: read as a card ("this" …) first, since
    where a selector may follow a verb LALR(1) cannot tell the two apart at "this". Only
    phases within the window words are read in (``_candidates`` keeps answers by it)."""
    options: list[Option] = []
    for width in range(longest - 1, 0, -1):
        words = pieces[i + 1 : i + 1 + width]
        if any(p.kind != "WORD" for p in words):
            continue
        phrase = " ".join(p.value.casefold() for p in words)
        for cls, term, plural in registry.phrases.get(phrase, ()):
            if cls == "PHASE" and not plural:
                options.append(("THIS_PERIOD", term.id, width + 1, False))
    return options


def _period_after_permission(interactive: Any, fitting: list[Option]) -> list[Option]:
    """ "cannot be powered up this attack": right after a permission "this attack" is the
    period, not the object ("this" card) the permission may name with no preposition,
    which the card reading tried first would make it ("Cancel this attack." stays the
    card)."""
    period = next((o for o in fitting if o[0] == "THIS_PERIOD"), None)
    stack = interactive.parser_state.value_stack
    if period is None or not stack:
        return fitting
    last = stack[-1]
    if not (isinstance(last, Token) and last.type == "PERMISSION"):
        return fitting
    return [period, *(o for o in fitting if o is not period)]


def _card_after(
    pieces: tuple[Piece, ...], i: int, many: bool, registry: Registry, width: int
) -> bool:
    """Is ``pieces[i]`` "card" after a singular noun, "cards" after a plural one? (Only
    within the window the words are read in: ``_candidates`` keeps its answers by it.)"""
    if width >= max(registry.longest_phrase, 3) or i >= len(pieces):
        return False
    word = piece_word(pieces, i)
    return word == ("cards" if many else "card") and piece_word(pieces, i - 1) not in _CARD_WORDS


_CARD_WORDS = ("card", "cards")


def _noun_at(pieces: tuple[Piece, ...], i: int, registry: Registry) -> bool:
    """Does a noun of the registry begin at ``i`` (within the window words are read in)?"""
    longest = min(max(registry.longest_phrase, 3) - 1, len(pieces) - i)
    for width in range(longest, 0, -1):
        words = pieces[i : i + width]
        if any(p.kind != "WORD" for p in words):
            continue
        phrase = " ".join(p.value.casefold() for p in words)
        if any(cls == "NOUN" for cls, _, _ in registry.phrases.get(phrase, ())):
            return True
    return False


def _single_word_options(piece: Piece, word: str, registry: Registry) -> list[Option]:
    options: list[Option] = []
    if word.startswith("non-"):
        for cls, term, _ in registry.phrases.get(word[4:], ()):
            if cls == "ADJ":
                options.append(("ADJ", "non-" + term.id, 1, False))
    if word in MOVE_VERBS:
        options.append(("MOVE_VERB", MOVE_VERBS[word], 1, False))
    if word in IT_WORDS:
        options.append(("IT_WORD", word, 1, False))
    if word in NUMBER_WORDS:  # "draw two cards": a number (the formatter writes digits)
        options.append(("INT", str(NUMBER_WORDS[word]), 1, False))
    if piece.kind == "VAR":
        options.append(("VAR", piece.value, 1, False))
    options.append(("WORD", piece.value, 1, False))
    return options


# numbers written as words, as card text often spells the small ones
NUMBER_WORDS: Mapping[str, int] = {
    word: n
    for n, word in enumerate(
        ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    )
}


def _canonical_reserved(phrase: str) -> str:
    return SYNONYMS.get(phrase, phrase)


def _with_source(diagnostic: Diagnostic, source_lines: list[str]) -> Diagnostic:
    if diagnostic.span is None or not 0 < diagnostic.span.line <= len(source_lines):
        return diagnostic
    return diagnostic.at(diagnostic.span, source_lines[diagnostic.span.line - 1])
