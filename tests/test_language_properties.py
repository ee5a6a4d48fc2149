"""Properties of the card language, checked with hypothesis for every game with a registry.

(a) Texts generated from the grammar (``cardscript.grammar.sample``) parse without
    diagnostics; ``parse(format(ast)) == ast``; formatting is idempotent; and
    ``format_text`` (which keeps comments) agrees with ``format_script`` on comment-free text.
(b) Robustness: on random unicode, on token soup made of the game's real words and signs,
    and on mutated generated texts, ``parse_script`` and ``format_text`` never raise. Every
    diagnostic has a ``CS-<LETTERS><digits>`` code and a span inside the text, and no logical
    line gets two errors. Hostile sizes (a 400-word line, a 100,000-character text) return.

Bugs this file found are pinned by the regression tests at its end (KB1–KB8: a lone
selector raising, several errors per line, words in qualifiers changing class, override
scopes, "those", labels in keyword bodies, backtracking corrupting the AST, the number
after "for each").

Generator limits: none known; every generated text must parse (measured: 100% of 10,000
texts per game). The generator is syntactic, so lines may be nonsense ("discard you").
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscript import GAMES
from cardscript.games import load_game, package_name
from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic
from cardscript.grammar.formatter import format_script
from cardscript.grammar.layout import format_text
from cardscript.grammar.lexer import MAX_LINE_PIECES, MAX_TEXT_CHARS, split_lines
from cardscript.grammar.parser import parse_script
from cardscript.grammar.registry import Registry
from cardscript.grammar.sample import sample_line, sample_text, vocabulary


def _has_registry(game: str) -> bool:
    try:
        folder = resources.files(f"cardscript.kernels.{package_name(game)}")
    except ModuleNotFoundError:
        return False
    return folder.joinpath("registry.yaml").is_file()


GAME_PARAMS = [
    pytest.param(g, marks=pytest.mark.skipif(not _has_registry(g), reason="no registry yet"))
    for g in GAMES
]
CODE = re.compile(r"CS-[A-Z]+\d+")

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _registry(game: str) -> Registry:
    return load_game(game).registry


# ---- checks shared by the properties ---------------------------------------------------------


def parse_and_format(text: str, registry: Registry) -> tuple[Any, Any]:
    """Both entry points on any text; any raise fails the test."""
    return parse_script(text, registry), format_text(text, registry)


def check_diagnostics(text: str, diagnostics: tuple[Diagnostic, ...]) -> None:
    """Coded, positioned inside the text, and at most one error per logical line."""
    physical_lines = text.count("\n") + 1
    logical, _ = split_lines(text) if len(text) <= MAX_TEXT_CHARS else ([], [])
    errors: Counter[object] = Counter()

    def _owner(d: Diagnostic) -> object:
        """The logical line of a diagnostic (or its physical line if it is in none)."""
        line = d.span.line if d.span else 0
        for index, logical_line in enumerate(logical):
            if logical_line.span.line <= line <= logical_line.span.end_line:
                return index
        return ("physical", line)

    for d in diagnostics:
        assert CODE.fullmatch(d.code), d
        assert d.span is not None, d
        assert 1 <= d.span.line <= physical_lines, (d, physical_lines)
        assert d.span.column >= 1, d
        if d.is_error:
            errors[_owner(d)] += 1
    for owner, count in errors.items():
        assert count == 1, [d for d in diagnostics if d.is_error and _owner(d) == owner]


def check_robust(text: str, registry: Registry) -> None:
    result, laid = parse_and_format(text, registry)
    check_diagnostics(text, result.diagnostics)
    assert laid.diagnostics == result.diagnostics
    if result.ok:
        assert laid.text is not None
        check_robust_formatted(laid.text, registry)
    else:
        assert laid.text is None


def check_robust_formatted(formatted: str, registry: Registry) -> None:
    """What ``format_text`` prints must itself parse."""
    again = parse_script(formatted, registry)
    assert again.ok, (formatted, again.diagnostics)


def _number_free(selector: Any) -> Any:
    if isinstance(selector, ast.Cards) and getattr(selector, "plural", None) is not None:
        return dataclasses.replace(selector, plural=None)
    return selector


# ---- (a) generated texts -----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_PARAMS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_generated_texts_parse_and_format_round_trips(game: str, rng: random.Random) -> None:
    registry = _registry(game)
    text = sample_text(registry, rng)
    first = parse_script(text, registry)
    assert first.diagnostics == (), (text, first.diagnostics)

    formatted = format_script(first.script, registry)
    second = parse_script(formatted, registry)
    assert second.diagnostics == (), (text, formatted, second.diagnostics)
    assert second.script == first.script, (text, formatted)

    assert format_script(second.script, registry) == formatted  # idempotent
    laid = format_text(text, registry)
    assert laid.text == formatted
    assert format_text(formatted, registry).text == formatted


@pytest.mark.parametrize(
    ("text", "formatted"),
    [
        # a resource, then the stat "threshold": printed as "energy threshold" it would read
        # back as one stat (found by the property above), so the stat keeps its long form
        ("Breakthrough energy energy threshold", "Breakthrough energy energy threshold\n"),
        ("Breakthrough energy threshold", "Breakthrough threshold\n"),
    ],
)
def test_keyword_arguments_do_not_run_together(text: str, formatted: str) -> None:
    registry = _registry("pocket-duel")
    first = parse_script(text, registry)
    assert format_script(first.script, registry) == formatted
    assert parse_script(formatted, registry).script == first.script


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_generated_lines_cover_the_grammar(game: str) -> None:
    """The generator reaches every kind of ability, so the property above means something."""
    registry = _registry(game)
    rng = random.Random(5)
    kinds: Counter[str] = Counter()
    for _ in range(300):
        result = parse_script(sample_line(registry, rng, version_chance=0.1), registry)
        assert result.ok
        if result.script.version is not None:
            kinds["version"] += 1
        for line in result.script.lines:
            kinds[type(line.ability).__name__] += 1
    expected = {
        "version",
        "KeywordList",
        "KeywordDef",
        "Triggered",
        "Activated",
        "EffectAbility",
        "Replacement",
        "RuleOverride",
    }
    if not registry.terms("KW"):
        expected.discard("KeywordList")
    if not registry.terms("EVENT"):
        expected -= {"Triggered", "Replacement"}
    if not registry.terms("HOOK"):
        expected.discard("RuleOverride")
    assert expected <= set(kinds), kinds


def test_sample_is_reproducible() -> None:
    registry = _registry("vs-system")
    first = [sample_text(registry, random.Random(11)) for _ in range(3)]
    second = [sample_text(registry, random.Random(11)) for _ in range(3)]
    assert first == second


# ---- (b) robustness ----------------------------------------------------------------------------

_SIGNS = (
    *(",", ".", ":", ";", "(", ")", "→", "->", "—", "'s", "'", '"', "«", "»", "#", "[", "]"),
    *("+", "-", "X", "0", "1-2-3", "+1", "\n", "\n  ", "\n\n", ". Then", "\t", " "),
)
_ODD_CHARS = st.sampled_from("\u00a0\u200b\u2028\ufeff\x00\x0b\x0c\r→—«»“”ё'’\"#[]()+-−")


@pytest.mark.parametrize("game", GAME_PARAMS)
@FAST
@given(text=st.text(alphabet=st.characters(codec="utf-8") | _ODD_CHARS, max_size=300))
def test_random_unicode_never_raises(game: str, text: str) -> None:
    check_robust(text, _registry(game))


@pytest.mark.parametrize("game", GAME_PARAMS)
@FAST
@given(data=st.data())
def test_token_soup_never_raises(game: str, data: st.DataObject) -> None:
    registry = _registry(game)
    pool = vocabulary(registry) + _SIGNS
    words = data.draw(st.lists(st.sampled_from(pool), max_size=60), label="words")
    glue = data.draw(st.sampled_from((" ", "", "\n", " \n  ")), label="glue")
    check_robust(glue.join(words), registry)


_MUTATIONS = (
    *("insert_char", "delete_char", "swap_chars", "duplicate_chars", "truncate"),
    *("insert_token", "delete_token", "swap_tokens", "duplicate_token"),
)


def mutate(text: str, ops: list[tuple[str, int, int, int]], pool: tuple[str, ...]) -> str:
    """Apply (operation, position, position/length, pool index) edits to a text."""
    for op, a, b, c in ops:
        if op.endswith("_token"):
            tokens = text.split(" ")
            i, j = a % len(tokens), b % len(tokens)
            if op == "insert_token":
                tokens.insert(i, pool[c % len(pool)])
            elif op == "delete_token":
                del tokens[i]
            elif op == "swap_tokens":
                tokens[i], tokens[j] = tokens[j], tokens[i]
            else:
                tokens.insert(i, tokens[i])
            text = " ".join(tokens)
            continue
        i = a % (len(text) + 1)
        if op == "insert_char":
            text = text[:i] + "".join(pool[c % len(pool)])[:1] + text[i:]
        elif op == "delete_char":
            text = text[:i] + text[i + 1 :]
        elif op == "swap_chars" and text:
            j = b % len(text)
            i = min(i, len(text) - 1)
            chars = list(text)
            chars[i], chars[j] = chars[j], chars[i]
            text = "".join(chars)
        elif op == "duplicate_chars":
            text = text[:i] + text[i : i + 1 + b % 12] + text[i:]
        elif op == "truncate":
            text = text[:i]
    return text


@pytest.mark.parametrize("game", GAME_PARAMS)
@FAST
@given(
    rng=st.randoms(use_true_random=False),
    ops=st.lists(
        st.tuples(
            st.sampled_from(_MUTATIONS),
            st.integers(0, 10**6),
            st.integers(0, 10**6),
            st.integers(0, 10**6),
        ),
        min_size=1,
        max_size=5,
    ),
)
def test_mutated_texts_never_raise(
    game: str, rng: random.Random, ops: list[tuple[str, int, int, int]]
) -> None:
    registry = _registry(game)
    pool = vocabulary(registry) + _SIGNS
    check_robust(mutate(sample_text(registry, rng), ops, pool), registry)


def _hostile_line(registry: Registry, rng: random.Random, pieces: int = MAX_LINE_PIECES) -> str:
    """``pieces`` real words at random, the last a comma (so KB1 cannot fire)."""
    single = [w for w in vocabulary(registry) if re.fullmatch(r"[^\W\d_][\w-]*", w)]
    return " ".join(rng.choice(single) for _ in range(pieces - 1)) + ","


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_a_line_at_the_piece_limit_returns(game: str) -> None:
    registry = _registry(game)
    soup = _hostile_line(registry, random.Random(400))
    assert len(split_lines(soup)[0][0].pieces) == MAX_LINE_PIECES
    result = parse_script(soup, registry)  # at the limit: parsed, not refused
    assert [d.code for d in result.diagnostics if d.is_error] not in ([], ["CS-P008"])
    check_diagnostics(soup, result.diagnostics)

    valid = "Draw 1 card" + ", then draw 1 card" * ((MAX_LINE_PIECES - 3) // 5)
    assert MAX_LINE_PIECES - 5 < len(split_lines(valid)[0][0].pieces) <= MAX_LINE_PIECES
    assert parse_script(valid, registry).diagnostics == ()
    too_long = valid + ", draw 1 card" * 2
    assert [d.code for d in parse_script(too_long, registry).diagnostics] == ["CS-P008"]


def _exactly(lines: list[str], size: int) -> str:
    """Whole lines up to ``size`` characters, padded to exactly ``size`` with a comment."""
    text = ""
    for line in lines:
        if len(text) + len(line) + 3 > size:
            break
        text += line + "\n"
    return text + "#" + "x" * (size - len(text) - 1)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_a_text_at_the_character_limit_returns(game: str) -> None:
    registry = _registry(game)
    rng = random.Random(100_000)
    lines = [sample_line(registry, rng, version_chance=0.0) for _ in range(2_000)]
    big = _exactly(lines, MAX_TEXT_CHARS)
    assert len(big) == MAX_TEXT_CHARS
    laid = format_text(big, registry)  # at the limit: parsed, not refused
    assert laid.diagnostics == ()
    assert laid.text is not None
    assert laid.text.splitlines()[-1] == big.splitlines()[-1]  # the padding comment stays
    assert laid.text.count("\n") > 200

    # Short soup lines: the 400-piece worst case per line is the test above.
    soup = [_hostile_line(registry, rng, 40) for _ in range(600)]
    hostile = _exactly(soup, MAX_TEXT_CHARS)
    assert len(hostile) == MAX_TEXT_CHARS
    result = parse_script(hostile, registry)
    check_diagnostics(hostile, result.diagnostics)
    assert len([d for d in result.diagnostics if d.is_error]) >= 1
    assert [d.code for d in parse_script(big + "x", registry).diagnostics] == ["CS-P007"]


# ---- known bugs (strict xfail: a fix makes these fail until the marker is removed) --------------


def test_kb1_a_lone_selector_does_not_raise() -> None:
    registry = _registry("vs-system")
    for text in ("you", "this", "if this", "characters"):
        result = parse_script(text, registry)
        assert len([d for d in result.diagnostics if d.is_error]) == 1
        assert format_text(text, registry).text is None


def test_kb2_one_error_per_line_for_bad_characters() -> None:
    result = parse_script("Draw 1 card ≋≋.", _registry("vs-system"))
    assert [d.code for d in result.diagnostics] == ["CS-P004"]


@pytest.mark.parametrize(
    "text", ["Flight (max 1 per attacks)", "Flight (attacks only)", "Ongoing (attacks): Flight"]
)
def test_kb3_class_of_qualifier_and_limit_words_round_trips(text: str) -> None:
    registry = _registry("vs-system")
    first = parse_script(text, registry)
    assert first.ok
    second = parse_script(format_script(first.script, registry), registry)
    assert second.script == first.script


def test_kb4_an_override_has_at_most_one_scope_and_one_condition() -> None:
    registry = _registry("vs-system")
    text = "Rule copy_limit is 1 for this while this is exhausted."
    result = parse_script(text, registry)
    assert result.ok
    assert format_script(result.script, registry) == text + "\n"
    twice = parse_script("Rule copy_limit is 1 for this for each character.", registry)
    assert [d.code for d in twice.diagnostics] == ["CS-P001"]


def test_kb5_those_stays_plural() -> None:
    registry = _registry("vs-system")
    text = "Those characters get +1 ATK."
    assert format_script(parse_script(text, registry).script, registry) == text + "\n"


def test_kb6_qualified_label_keeps_its_capital_in_a_keyword_body() -> None:
    registry = _registry("vs-system")
    result = parse_script("keyword Foo: Ongoing (turn): draw 1 card", registry)
    assert result.ok
    assert "\n  Ongoing (turn): " in format_script(result.script, registry)


@pytest.mark.parametrize(
    ("game", "text", "expected"),
    [
        (
            "vs-system",
            "if characters other than this you control is stunned, draw 1 card.",
            "If characters other than this you control are stunned, draw 1 card.",
        ),
        (
            "pocket-duel",
            "cards other than this you control cancel.",
            "Cards other than this you control cancel.",
        ),
        (
            "pocket-duel",
            "if cards an opponent control with Cancel Strength is blocked, draw 1 card.",
            "If cards an opponent controls with Cancel Strength are blocked, draw 1 card.",
        ),
    ],
)
def test_kb7_backtracking_neither_duplicates_parts_nor_drops_the_plural(
    game: str, text: str, expected: str
) -> None:
    if not _has_registry(game):
        pytest.skip("no registry yet")
    registry = _registry(game)
    result = parse_script(text, registry)
    assert result.ok
    assert format_script(result.script, registry) == expected + "\n"


@pytest.mark.parametrize(
    "text", ["For each characters, draw 1 card.", "Draw 1 card for each characters."]
)
def test_kb8_plural_after_for_each_round_trips(text: str) -> None:
    registry = _registry("vs-system")
    first = parse_script(text, registry)
    assert first.ok
    second = parse_script(format_script(first.script, registry), registry)
    assert second.script == first.script
