"""Parse card-script text into a typed AST, collecting positioned diagnostics.

Each logical line is parsed on its own by the LALR(1) parser built from cardscript.lark,
so one mistake costs one line and every error of a text is reported in one run. Words are
classified here: of the classes a word can belong to (reserved word, registry class, plain
word), the parser takes the first one its current state accepts — longest phrase first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, partial
from importlib import resources
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

from cardscript.grammar import ast
from cardscript.grammar.build import AstBuilder
from cardscript.grammar.diagnostics import Diagnostic, Span, did_you_mean, error
from cardscript.grammar.lexer import MAX_LINE_PIECES, LogicalLine, Piece, split_lines
from cardscript.grammar.registry import CLASS_NAMES, WORD_CLASSES, Registry

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
        "COLON",
        "SEMI",
        "LPAR",
        "RPAR",
        "ARROW",
    }
)
_PUNCT_TEXT = {
    "COMMA": '","',
    "DOT": '"."',
    "DOT_THEN": '". Then"',
    "COLON": '":"',
    "SEMI": '";"',
    "LPAR": '"("',
    "RPAR": '")"',
    "ARROW": '"→"',
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


# (terminal, value, pieces used, plural) — one way to read the words at a position.
Option = tuple[str, str, int, bool]


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
                    tree = interactive.feed_eof()
                    return _builder().transform(tree), []
                except UnexpectedInput:
                    pass  # $END was only a lookahead of a reduction that then fails
            viable = _viable(interactive, actions) - {"$END"}
            failure = partial(_early_end, line, viable, registry)
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
            return _unexpected(pieces, i, options, set(failed_actions), registry, previous)
        accepted = _viable(at, at.choices())
        return _unexpected(
            pieces, i, options, accepted, registry, previous, _missing_sign(at, options)
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
    if piece.kind not in ("WORD", "VAR"):
        return _fixed_candidates(piece, registry)
    window = tuple(
        p.value if p.kind in ("WORD", "VAR") else ""
        for p in pieces[i : i + max(registry.longest_phrase, 3)]
    )
    memo = registry.lookup_cache
    key = (piece.kind, window)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _word_candidates(pieces, i, registry, reserved)
        if len(memo) > 10_000:
            memo.clear()  # hostile input must not grow memory without bound
    return found


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
            options.append(
                (cls, term.id, width, plural and phrase == (term.plural or "").casefold())
            )
        if width == 1:
            options.extend(_single_word_options(piece, phrase, registry))
    if piece.value.casefold() == "and" and _noun_at(pieces, i + 1, registry):
        options.insert(0, ("LIST_AND", "and", 1, False))  # "character and attachment"
    return options


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
    if piece.kind == "VAR":
        options.append(("VAR", piece.value, 1, False))
    options.append(("WORD", piece.value, 1, False))
    return options


def _canonical_reserved(phrase: str) -> str:
    return SYNONYMS.get(phrase, phrase)


# ---- diagnostics -----------------------------------------------------------------------


def describe_expected(accepted: Iterable[str], registry: Registry, limit: int = 6) -> str:
    """Plain words for what the parser would have accepted: 'a stat, "until" or ","'."""
    names = sorted(set(accepted), key=_expected_order)
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


@cache
def _literal_map() -> Mapping[str, str]:
    return {t.name: t.pattern.value for t in lark_parser().terminals if t.pattern.type == "str"}


def _literal_of(name: str) -> str | None:
    return _literal_map().get(name)


def _suggestion(word: str, accepted: Iterable[str], registry: Registry) -> str:
    pool: list[str] = []
    for name in accepted:
        if name in WORD_CLASSES:
            pool.extend(registry.spellings(name))
        elif (literal := _literal_of(name)) is not None:
            pool.append(literal)
    return did_you_mean(word, pool)


def _viable(interactive: object, actions: Mapping[str, object]) -> set[str]:
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


def _missing_sign(interactive: object, options: list[Option]) -> str | None:
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


def _unexpected(
    pieces: tuple[Piece, ...],
    i: int,
    options: list[Option],
    accepted: set[str],
    registry: Registry,
    previous: Piece | None,
    missing_sign: str | None = None,
) -> Diagnostic:
    piece = pieces[i]
    expected = describe_expected(accepted, registry)
    shown = piece.text or piece.value
    after = f' after "{previous.text}"' if previous is not None and previous.text else ""
    unknown = all(o[0] == "WORD" for o in options) and piece.kind in ("WORD", "LABEL")
    hint = (
        _suggestion(piece.value, accepted, registry)
        if piece.kind in ("WORD", "LABEL", "VAR")
        else ""
    )
    if hint.endswith(f'"{shown}"?'):
        hint = ""  # the word is right; its place is wrong
    if missing_sign and previous is not None:
        hint = f'perhaps a {missing_sign} is missing before "{shown}"'
    if piece.kind == "LPAR" and i == 0:
        hint = 'reminder text is written as a comment: "# …"'
    if piece.kind == "LABEL" and unknown:
        labels = registry.spellings("LABEL")
        hint = did_you_mean(piece.value, labels) or (
            "the labels are: " + ", ".join(labels) if labels else "this game has no labels"
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
    if unknown and not hint:
        phrase = _misspelt_phrase(pieces, i, accepted, registry)
        if phrase is not None:
            words, span, hint = phrase
            return error("CS-P002", f'unknown words "{words}"{after}{wanted}', span, hint)
    if unknown:
        message = f'unknown word "{shown}"{after}{wanted}'
        if not hint:
            hint = _known_elsewhere_hint(piece.value, registry)
        return error("CS-P002", message, piece.span, hint)
    return error("CS-P001", f'unexpected "{shown}"{after}{wanted}', piece.span, hint)


def _label_before_colon(pieces: tuple[Piece, ...], i: int) -> tuple[str, Span] | None:
    """The words before a ":" that opens a line ("Sudden: …"), if the failure is in them."""
    for k, piece in enumerate(pieces[:5]):
        if piece.kind == "COLON":
            if k == 0 or i > k or any(p.kind not in ("WORD", "VAR") for p in pieces[:k]):
                return None
            first, last = pieces[0].span, pieces[k - 1].span
            span = Span(
                first.line,
                first.column,
                last.end_line,
                last.end_column,
                first.offset,
                last.end_offset,
            )
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
            first, last = words[0].span, words[-1].span
            span = Span(
                first.line,
                first.column,
                last.end_line,
                last.end_column,
                first.offset,
                last.end_offset,
            )
            return text, span, hint
    return None


def _known_elsewhere_hint(word: str, registry: Registry) -> str:
    pool = [spelling for cls in WORD_CLASSES for spelling in registry.spellings(cls)]
    return did_you_mean(word, pool, cutoff=0.85)  # a word that fits nowhere here: be sure


def _early_end(line: LogicalLine, accepted: set[str], registry: Registry) -> Diagnostic:
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
        f"{describe_expected(accepted - {'$END'}, registry)}",
        span,
    )


def _with_source(diagnostic: Diagnostic, source_lines: list[str]) -> Diagnostic:
    if diagnostic.span is None or not 0 < diagnostic.span.line <= len(source_lines):
        return diagnostic
    return diagnostic.at(diagnostic.span, source_lines[diagnostic.span.line - 1])
