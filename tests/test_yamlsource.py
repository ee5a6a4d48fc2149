"""The position-keeping YAML loader: node positions, offsets inside string values,
every diagnostic code (exact message and line:col), hostile input, and both parsers."""

from __future__ import annotations

import dataclasses
import os
import random
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscript.cardfiles import yamlsource
from cardscript.cardfiles.yamlsource import (
    YamlDocument,
    load_yaml_file,
    load_yaml_text,
    text_offset_to_span,
)
from cardscript.cardfiles.yamltext import LineIndex, scalar_map
from cardscript.grammar.diagnostics import Severity, Span

PARSERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])
BREAKS = ("\n", "\r\n", "\r", "\x85", "\u2028", "\u2029")


@pytest.fixture(params=PARSERS, ids=lambda p: p.__name__)
def parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run the test once with the pure-Python parser and once with libyaml."""
    monkeypatch.setattr(yamlsource, "_PARSER", request.param)
    return request.param


def load(text: str | bytes, **limits: int) -> YamlDocument:
    return load_yaml_text(text, "cards.yaml", **limits)


def load_with_each_parser(text: str | bytes, path: str = "cards.yaml") -> list[YamlDocument]:
    """One document per parser (for use inside hypothesis tests, which cannot take fixtures)."""
    saved, docs = yamlsource._PARSER, []
    try:
        for parser in PARSERS:
            yamlsource._PARSER = parser
            docs.append(load_yaml_text(text, path))
    finally:
        yamlsource._PARSER = saved
    return docs


def at(span: Span | None) -> tuple[int, int, int, int]:
    assert span is not None
    return (span.line, span.column, span.end_line, span.end_column)


def only(doc: YamlDocument) -> tuple[str, str, str, tuple[int, int, int, int]]:
    """(code, severity, message, span) of the one diagnostic of ``doc``."""
    assert len(doc.diagnostics) == 1, doc.diagnostics
    d = doc.diagnostics[0]
    assert d.span is not None and d.span.file == "cards.yaml"
    return d.code, d.severity.value, d.message, at(d.span)


def value_at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


CARDS = """\
game: vs-system
cards:
  - id: SKY-001
    name: "Skyguard Ace"
    cost: 3
    tags: [flight, hero]
    text: |
      Flight.
      When this enters, draw a card.
  - id: SKY-002
    stats: {atk: 2, def: 5}
"""


# -- positions ------------------------------------------------------------------------------


def test_positions_of_nested_keys_values_and_items(parser: Any) -> None:
    doc = load(CARDS)
    assert doc.diagnostics == ()
    assert doc.data["cards"][0]["text"] == "Flight.\nWhen this enters, draw a card.\n"
    pos = doc.positions
    assert at(pos[("game",)].span) == (1, 7, 1, 16)
    assert at(pos[("game",)].key_span) == (1, 1, 1, 5)
    assert at(pos[("cards",)].span) == (3, 3, 11, 28)
    assert at(pos[("cards", 0)].span) == (3, 5, 9, 37)
    assert pos[("cards", 0)].key_span is None
    assert at(pos[("cards", 0, "id")].span) == (3, 9, 3, 16)
    assert at(pos[("cards", 0, "id")].key_span) == (3, 5, 3, 7)
    name = pos[("cards", 0, "name")]
    assert (at(name.span), name.style) == ((4, 11, 4, 25), '"')
    assert at(pos[("cards", 0, "tags")].span) == (6, 11, 6, 25)
    assert at(pos[("cards", 0, "tags", 0)].span) == (6, 12, 6, 18)
    assert at(pos[("cards", 0, "tags", 1)].span) == (6, 20, 6, 24)
    text = pos[("cards", 0, "text")]
    assert (text.style, text.block_indent, text.content_line) == ("|", 7, 8)
    assert at(text.span) == (7, 11, 9, 37)
    assert at(pos[("cards", 1, "stats")].span) == (11, 12, 11, 28)
    assert at(pos[("cards", 1, "stats", "def")].span) == (11, 26, 11, 27)
    assert at(pos[("cards", 1, "stats", "def")].key_span) == (11, 21, 11, 24)
    assert at(pos[()].span) == (1, 1, 11, 28)
    # Offsets agree with line:col.
    span = pos[("cards", 1, "id")].span
    assert doc.text[span.offset : span.end_offset] == "SKY-002"


def test_positions_cover_every_path_of_the_data() -> None:
    doc = load(CARDS)
    paths: list[tuple[Any, ...]] = []

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        paths.append(path)
        if isinstance(node, dict | list):
            for key, child in node.items() if isinstance(node, dict) else enumerate(node):
                walk(child, (*path, key))

    walk(doc.data, ())
    assert list(doc.positions) == paths
    assert len(doc.positions) == len(paths) == 16
    assert ("cards", 9) not in doc.positions and ("nope",) not in doc.positions


def test_span_of_falls_back_to_the_nearest_ancestor() -> None:
    doc = load(CARDS)
    assert doc.span_of(("cards", 0, "missing", 3)) == doc.positions[("cards", 0)].span
    assert doc.span_of(["cards", 0, "cost"]) == doc.positions[("cards", 0, "cost")].span
    assert doc.key_span_of(("cards", 0, "cost")) == doc.positions[("cards", 0, "cost")].key_span
    assert doc.key_span_of(("cards", 0)) == doc.positions[("cards", 0)].span
    assert doc.span_of(("cards", 7)) == doc.positions[("cards",)].span
    empty = load("")
    assert empty.span_of(("anything",)) == Span.point(1, 1, "cards.yaml")


def test_line_index_scans_only_as_far_as_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LineIndex, "_STEP", 3)  # tiny steps: every boundary case shows up
    rng = random.Random(5)
    for _ in range(2000):
        text = "".join(rng.choice(["a", "\n", "\r\n", "\r", "\x85", "\u2028"]) for _ in range(20))
        whole = LineIndex(text)
        whole.starts  # noqa: B018 - scan everything first
        lines = LineIndex(text)
        for _ in range(5):
            offset, n = rng.randint(0, len(text)), rng.randint(0, 12)
            assert lines.position(offset) == whole.position(offset)
            assert lines.line(n) == whole.line(n) and lines.line_start(n) == whole.line_start(n)
        assert lines.starts == whole.starts
    assert LineIndex("a\r\nb\rc\x85d\u2028e").starts == [0, 3, 5, 7, 9]


def test_line_returns_source_lines() -> None:
    doc = load(CARDS)
    assert doc.line(1) == "game: vs-system"
    assert doc.line(9) == "      When this enters, draw a card."
    assert doc.line(0) == doc.line(13) == doc.line(-1) == ""
    crlf = load("a: 1\r\nb: 2\r\n")
    assert (crlf.line(1), crlf.line(2)) == ("a: 1", "b: 2")
    assert at(crlf.positions[("b",)].span) == (2, 4, 2, 5)


def test_positions_under_aliases_and_merge_keys(parser: Any) -> None:
    doc = load("base: &b\n  cost: 1\n  kind: hero\ncard: *b\nchild:\n  <<: *b\n  kind: villain\n")
    assert doc.diagnostics == ()
    assert doc.data == {
        "base": {"cost": 1, "kind": "hero"},
        "card": {"cost": 1, "kind": "hero"},
        "child": {"kind": "villain", "cost": 1},
    }
    pos = doc.positions
    # The aliased node is located where its anchor defines it, under the alias's key.
    assert at(pos[("card",)].span) == at(pos[("base",)].span) == (2, 3, 3, 13)
    assert at(pos[("card",)].key_span) == (4, 1, 4, 5)
    assert pos[("card", "cost")] == pos[("base", "cost")]
    assert at(pos[("child", "cost")].span) == (2, 9, 2, 10)
    assert at(pos[("child", "kind")].span) == (7, 9, 7, 16)
    assert ("child", "<<") not in pos


def test_an_empty_value_sits_just_after_its_colon(parser: Any) -> None:
    doc = load("a:\nb: [x, {c: }]\n")
    assert doc.data == {"a": None, "b": ["x", {"c": None}]}
    assert at(doc.positions[("a",)].span) == (1, 3, 1, 3)
    assert at(doc.positions[("b", 1, "c")].span) == (2, 11, 2, 11)


# -- offsets inside string values ------------------------------------------------------------


def test_third_char_of_second_line_of_a_literal_block(parser: Any) -> None:
    doc = load(CARDS)
    path = ("cards", 0, "text")
    value = doc.data["cards"][0]["text"]
    second_line = value.index("\n") + 1
    span = text_offset_to_span(doc, path, second_line + 2, second_line + 3)
    assert at(span) == (9, 9, 9, 10)
    assert span.file == "cards.yaml"
    assert doc.line(9)[span.column - 1] == value[second_line + 2] == "e"
    whole = text_offset_to_span(doc, path, 0, len("Flight."))
    assert at(whole) == (8, 7, 8, 14)
    across = text_offset_to_span(doc, path, 3, second_line + 4)
    assert at(across) == (8, 10, 9, 11)


BLOCKS = {
    "clip": ("text: |\n  one\n   two\n\n  three\n", "one\n two\n\nthree\n", 3),
    "strip": ("text: |-\n    one\n    two\n\n", "one\ntwo", 5),
    "keep": ("text: |+\n  one\n\n\nnext: 1\n", "one\n\n\n", 3),
    "explicit indent": ("text: |2\n     one\n    two\n", "   one\n  two\n", 3),
    "indent then chomp": ("text: |1-\n  one\n two\n", " one\ntwo", 2),
    "spaces-only first line": ("text: |2+\n   \n    b\n\n", " \n  b\n\n", 3),
    "leading blank lines": ("text: |\n\n  \n  one\n", "\n\none\n", 3),
    "in a list": ("cards:\n- text: |\n    a: b\n    c\n", "a: b\nc\n", 5),
    "crlf": ("text: |\r\n  one\r\n  two\r\n", "one\ntwo\n", 3),
    "tab in content": ("text: |\n  \tone\n", "\tone\n", 3),
    "comment on header": ("text: | # rules\n  one\n", "one\n", 3),
    "tagged": ("text: !!str &t |\n  one\n", "one\n", 3),
}


@pytest.mark.parametrize("name", list(BLOCKS))
def test_literal_blocks_map_every_character_exactly(parser: Any, name: str) -> None:
    source, expected, indent = BLOCKS[name]
    doc = load(source)
    path = ("cards", 0, "text") if name == "in a list" else ("text",)
    assert value_at(doc.data, path) == expected
    located = doc.positions[path]
    assert (located.style, located.block_indent) == ("|", indent)
    assert located.content_line == located.span.line + 1
    for i, ch in enumerate(expected):
        span = text_offset_to_span(doc, path, i, i + 1)
        source_text = doc.text[span.offset : span.end_offset]
        if ch == "\n":
            assert source_text in BREAKS
        else:
            assert source_text == ch
            assert doc.line(span.line)[span.column - 1] == ch
            assert span.column >= indent


def test_a_block_of_only_blank_lines_maps_its_line_breaks(parser: Any) -> None:
    doc = load("a: |+\n\n  \n\nb: 1\n")
    assert doc.data == {"a": "\n\n\n", "b": 1}
    located = doc.positions[("a",)]
    assert (located.block_indent, located.content_line) == (None, 2)
    assert at(text_offset_to_span(doc, ("a",), 1, 2)) == (3, 3, 4, 1)


def test_literal_block_exact_line_and_column_with_explicit_indent() -> None:
    doc = load("cards:\n  - text: |2-\n        Flight.\n      Draw.\n")
    assert doc.data == {"cards": [{"text": "  Flight.\nDraw."}]}
    located = doc.positions[("cards", 0, "text")]
    assert (located.block_indent, located.content_line) == (7, 3)
    assert at(text_offset_to_span(doc, ("cards", 0, "text"), 2, 3)) == (3, 9, 3, 10)
    assert at(text_offset_to_span(doc, ("cards", 0, "text"), 10, 15)) == (4, 7, 4, 12)


def test_plain_single_line_scalar_maps_exactly(parser: Any) -> None:
    doc = load("name:   Skyguard Ace  # a comment\n")
    assert at(text_offset_to_span(doc, ("name",), 9, 12)) == (1, 18, 1, 21)
    assert at(text_offset_to_span(doc, ("name",), 0, 0)) == (1, 9, 1, 9)


def test_plain_multi_line_scalar_maps_each_line(parser: Any) -> None:
    doc = load("text: first line\n  continues here\n\n  and a paragraph\n")
    assert doc.data["text"] == "first line continues here\nand a paragraph"
    assert at(text_offset_to_span(doc, ("text",), 11, 20)) == (2, 3, 2, 12)
    assert at(text_offset_to_span(doc, ("text",), 10, 11)) == (1, 17, 2, 1)  # the fold
    assert at(text_offset_to_span(doc, ("text",), 26, 29)) == (4, 3, 4, 6)


def test_single_quoted_scalar_maps_through_doubled_quotes_and_folds(parser: Any) -> None:
    doc = load("text: 'it''s\n  here'\n")
    assert doc.data["text"] == "it's here"
    assert at(text_offset_to_span(doc, ("text",), 2, 3)) == (1, 10, 1, 12)  # the ''
    assert at(text_offset_to_span(doc, ("text",), 3, 4)) == (1, 12, 1, 13)
    assert at(text_offset_to_span(doc, ("text",), 5, 9)) == (2, 3, 2, 7)


def test_double_quoted_scalar_maps_escapes_and_lines(parser: Any) -> None:
    source = 'text: "Deal\\t3 \\x41\\u00e9\\\n     damage.\\nDraw"\n'
    doc = load(source)
    assert doc.data["text"] == "Deal\t3 Aédamage.\nDraw"
    assert at(text_offset_to_span(doc, ("text",), 0, 4)) == (1, 8, 1, 12)
    assert at(text_offset_to_span(doc, ("text",), 4, 5)) == (1, 12, 1, 14)  # \t
    assert at(text_offset_to_span(doc, ("text",), 7, 8)) == (1, 16, 1, 20)  # \x41
    assert at(text_offset_to_span(doc, ("text",), 8, 9)) == (1, 20, 1, 26)  # \u00e9
    assert at(text_offset_to_span(doc, ("text",), 9, 15)) == (2, 6, 2, 12)  # "damage"
    assert at(text_offset_to_span(doc, ("text",), 17, 21)) == (2, 15, 2, 19)  # "Draw"


def test_folded_block_maps_each_line(parser: Any) -> None:
    doc = load("text: >\n  one\n  two\n\n  three\n    more\n")
    assert doc.data["text"] == "one two\nthree\n  more\n"
    assert doc.positions[("text",)].block_indent == 3
    assert at(text_offset_to_span(doc, ("text",), 4, 7)) == (3, 3, 3, 6)
    assert at(text_offset_to_span(doc, ("text",), 3, 4)) == (2, 6, 3, 1)  # the folded break
    assert at(text_offset_to_span(doc, ("text",), 8, 13)) == (5, 3, 5, 8)
    assert at(text_offset_to_span(doc, ("text",), 14, 20)) == (6, 3, 6, 9)


def test_offsets_fall_back_to_the_scalar_or_ancestor() -> None:
    doc = load(CARDS)
    # If re-reading the source cannot reproduce the value, the whole scalar is given.
    changed = dataclasses.replace(doc, data={"cards": [{"text": "something else"}]})
    path = ("cards", 0, "text")
    assert text_offset_to_span(changed, path, 2, 3) == doc.positions[path].span
    # Not a string, or not there: the node, or its nearest ancestor.
    assert text_offset_to_span(doc, ("cards", 0, "cost"), 0, 1) == doc.span_of(("cards", 0, "cost"))
    assert text_offset_to_span(doc, ("cards", 0, "nope"), 0, 1) == doc.span_of(("cards", 0))
    # Offsets are clamped to the value.
    assert at(text_offset_to_span(doc, ("game",), 5, 99)) == (1, 12, 1, 16)


# -- diagnostics ----------------------------------------------------------------------------


def test_syntax_error_is_positioned_and_worded_by_pyyaml(parser: Any) -> None:
    doc = load("name: Fireball\ntext: Deal: 3 damage\n")
    assert doc.data is None
    assert only(doc) == ("CS-Y001", "error", "mapping values are not allowed here", (2, 11, 2, 12))
    d = doc.diagnostics[0]
    assert d.source_line == "text: Deal: 3 damage"
    assert d.hints == ('quote a value that contains ": ", e.g. text: "Cost: 2"',)


def test_syntax_error_adds_its_context(parser: Any) -> None:
    doc = load("card:\n  - id: a\n cost: 1\n")
    assert only(doc) == (
        "CS-Y001",
        "error",
        "expected <block end>, but found '<block mapping start>' "
        "(while parsing a block mapping at line 1, column 1)",
        (3, 2, 3, 3),
    )
    doc = load("name: 'Skyguard\ncost: 1\n")
    assert only(doc)[2:] == (
        "found unexpected end of stream (while scanning a quoted scalar at line 1, column 7)",
        (3, 1, 3, 1),
    )


def test_syntax_error_early_in_a_big_file_has_pyyaml_wording(parser: Any) -> None:
    doc = load("a: 1\nb: c: d\n" + "# filler\n" * 5_000)  # 45 KB: only the start is re-read
    assert only(doc) == ("CS-Y001", "error", "mapping values are not allowed here", (2, 5, 2, 6))


@pytest.mark.skipif(not hasattr(yaml, "CSafeLoader"), reason="needs libyaml")
def test_syntax_error_far_into_a_big_file_keeps_libyaml_wording(parser: Any) -> None:
    padding = "# filler\n" * 40_000  # past the pure-Python re-read limit
    doc = load(padding + "a: b: c\n")
    code, _, message, where = only(doc)
    assert (code, where) == ("CS-Y001", (40_001, 5, 40_001, 6))
    assert message.startswith("mapping values are not allowed")


def test_disallowed_character(parser: Any) -> None:
    doc = load("name: Sky\x07guard\n")
    assert only(doc) == (
        "CS-Y001",
        "error",
        "character U+0007 is not allowed in YAML",
        (1, 10, 1, 11),
    )
    assert load("a: '\ud800'").diagnostics[0].message == "character U+D800 is not allowed in YAML"


def test_an_escaped_utf16_half_is_refused_where_it_is_written(parser: Any) -> None:
    # pyyaml read "\\ud800" as a lone surrogate, which validate's cache, its output and a
    # game log could not write as UTF-8 (an internal error); libyaml refuses it
    doc = load('name: "Sky\\ud800guard"\n')
    assert only(doc) == (
        "CS-Y001",
        "error",
        "escape \\ud800 is half of a UTF-16 surrogate pair, not a character",
        (1, 11, 1, 17),
    )
    assert doc.diagnostics[0].hints == (
        'write the character itself, or its code point as one escape, e.g. "\\U0001F600"',
    )
    assert doc.data == {"name": "Sky\ufffdguard"}
    pair = load('- "a \\\\ud800 b"\n- "c \\ud83d\\uDE00"\n')  # an escaped backslash is text
    assert only(pair)[2:] == (
        "escape \\ud83d is half of a UTF-16 surrogate pair, not a character",
        (2, 6, 2, 12),
    )
    assert pair.diagnostics[0].hints == (
        r'write the character itself, or "\U0001F600" for the pair',
    )
    assert at(load('a: "\\U0000DFFF \\u00e9"').diagnostics[0].span) == (1, 5, 1, 15)


def test_invalid_utf8_points_at_the_first_bad_byte() -> None:
    doc = load(b"name: ok\ntext: caf\xc3\xa9 \xff bar\n")
    assert doc.data is None and doc.text == ""
    assert only(doc) == (
        "CS-Y002",
        "error",
        "file is not valid UTF-8: invalid byte 0xff",
        (2, 12, 2, 13),
    )
    assert doc.diagnostics[0].source_line == "text: café \ufffd bar"
    utf16 = load("a: 1\n".encode("utf-16"))
    assert only(utf16)[2:] == ("file is not valid UTF-8: invalid byte 0xff", (1, 1, 1, 2))
    assert utf16.diagnostics[0].hints == ("the file looks like UTF-16; save it as UTF-8",)


def test_utf8_bom_is_accepted(parser: Any) -> None:
    doc = load(b"\xef\xbb\xbfname: Sky\n")
    assert doc.diagnostics == ()
    assert doc.data == {"name": "Sky"}
    assert doc.text == "name: Sky\n"
    assert at(doc.positions[("name",)].span) == (1, 7, 1, 10)
    assert load("\ufeffname: Sky\n").data == {"name": "Sky"}


def test_duplicate_key_is_reported_at_the_second_key(parser: Any) -> None:
    doc = load("name: a\ncost: 1\n\nname: b\n")
    assert only(doc) == (
        "CS-Y003",
        "error",
        'duplicate key "name" (first defined at line 1)',
        (4, 1, 4, 5),
    )
    assert doc.data == {"name": "b", "cost": 1}
    thrice = load("a: 1\na: 2\na: 3\n")
    assert [d.message for d in thrice.diagnostics] == [
        'duplicate key "a" (first defined at line 1)'
    ] * 2
    nested = load("card:\n  stats: {atk: 1, atk: 2}\n")
    assert only(nested)[2:] == ('duplicate key "atk" (first defined at line 2)', (2, 19, 2, 22))


def test_a_flood_of_one_problem_is_capped(parser: Any) -> None:
    doc = load("name: x\n" * 151)
    assert [d.code for d in doc.diagnostics] == ["CS-Y003"] * 101
    last = doc.diagnostics[-1]
    assert last.message == "50 more problems like this are not shown"
    assert at(last.span) == (101, 1, 101, 5)  # where the last one shown is
    assert doc.data == {"name": "x"}


BOMB = "a0: &a0 [lol]\n" + "".join(
    f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 10)
)


def test_alias_bomb_is_stopped(parser: Any) -> None:
    doc = load(BOMB)
    assert doc.data is None
    code, severity, message, where = only(doc)
    assert (code, severity) == ("CS-Y004", "error")
    assert message == "YAML aliases expand to more than 500,000 nodes"
    assert where[0] == 7  # a6 is the first level past 500,000
    small = load(BOMB, max_nodes=1000)
    # 2 + 21 + 211 nodes for a0..a2, then a3's fourth *a2 passes 1,000.
    assert only(small)[2:] == ("YAML aliases expand to more than 1,000 nodes", (4, 25, 4, 26))


def test_mapping_bomb_is_stopped(parser: Any) -> None:
    lines = ["a0: &a0 {x: lol}"] + [
        f"a{i}: &a{i} {{{', '.join(f'k{j}: *a{i - 1}' for j in range(10))}}}" for i in range(1, 10)
    ]
    assert only(load("\n".join(lines)))[0] == "CS-Y004"


def test_node_limit_without_aliases(parser: Any) -> None:
    assert only(load("[1, 2, 3, 4]", max_nodes=4)) == (
        "CS-Y004",
        "error",
        "file has more than 4 YAML nodes",
        (1, 11, 1, 12),
    )
    assert load("[1, 2, 3]", max_nodes=4).data == [1, 2, 3]


def test_legitimate_aliases_pass(parser: Any) -> None:
    text = "base: &b {cost: 1, tags: [a, b]}\ncards:\n" + "".join(
        f"  - {{id: c{i}, <<: *b}}\n" for i in range(200)
    )
    doc = load(text)
    assert doc.diagnostics == ()
    assert doc.data["cards"][199] == {"id": "c199", "cost": 1, "tags": ["a", "b"]}


def test_deep_nesting_is_reported_without_recursion_error(parser: Any) -> None:
    doc = load("[" * 100_000 + "]" * 100_000)
    assert only(doc) == (
        "CS-Y005",
        "error",
        "YAML nesting is deeper than 100 levels",
        (1, 101, 1, 102),
    )
    assert only(load("{a: " * 50_000))[0] == "CS-Y005"
    block = "".join("  " * i + "-\n" for i in range(5))
    assert only(load(block, max_depth=3))[2:] == (
        "YAML nesting is deeper than 3 levels",
        (4, 7, 4, 8),
    )
    assert load("[[[1]]]", max_depth=3).data == [[[1]]]


def _libyaml_limits_nesting() -> bool:
    try:
        yaml.load("[" * 5_000, Loader=yaml.CSafeLoader)
    except yaml.YAMLError as exc:
        return "nesting depth" in str(exc)
    return False


@pytest.mark.skipif(
    not hasattr(yaml, "CSafeLoader") or not _libyaml_limits_nesting(),
    reason="needs a libyaml with a nesting limit of its own (0.2.6 and later)",
)
def test_libyaml_stopping_on_its_own_nesting_limit_is_still_cs_y005(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(yamlsource, "_PARSER", yaml.CSafeLoader)
    # libyaml scans ahead and stops at its limit before the 101st level is an event
    assert only(load("a: 1\nb: " + "[" * 3_000)) == (
        "CS-Y005",
        "error",
        "YAML nesting is deeper than 100 levels",
        (2, 103, 2, 104),
    )
    # above libyaml's own limit, libyaml's limit is the one reached
    assert only(load("a: 1\nb: " + "[" * 3_000, max_depth=5_000)) == (
        "CS-Y005",
        "error",
        "YAML nesting is deeper than the YAML parser (libyaml) allows",
        (2, 1003, 2, 1004),
    )


def test_nesting_through_aliases_counts_too(parser: Any) -> None:
    text = "a: &a [[[1]]]\nb: &b [*a]\nc: [*b]\n"
    # c's list holds b's list holding a's three: 6 levels under the root mapping's 1.
    assert only(load(text, max_depth=5)) == (
        "CS-Y005",
        "error",
        "YAML nesting is deeper than 5 levels once aliases are expanded",
        (3, 5, 3, 6),
    )
    assert load(text, max_depth=6).diagnostics == ()


def test_too_large_text_and_bytes() -> None:
    assert only(load(b"a: 12345\n", max_bytes=8)) == (
        "CS-Y006",
        "error",
        "file is larger than 8 bytes (9 bytes)",
        (1, 1, 1, 2),
    )
    assert only(load("é" * 600, max_bytes=1024))[2] == "file is larger than 1 KiB (1,200 bytes)"
    assert load("é" * 500, max_bytes=1024).diagnostics == ()


def test_too_large_file_is_not_read(tmp_path: Any) -> None:
    big = tmp_path / "big.yaml"
    with open(big, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: no 50 MiB written to disk
    doc = load_yaml_file(big)
    assert doc.data is None and doc.text == ""
    d = doc.diagnostics[0]
    assert (d.code, d.message) == ("CS-Y006", "file is larger than 20 MiB (52,428,800 bytes)")
    assert (at(d.span), d.span.file) == ((1, 1, 1, 2), str(big))


def test_non_string_keys_are_stringified_with_a_warning(parser: Any) -> None:
    doc = load("1: one\nyes: two\n~: three\n'4': four\n")
    assert doc.data == {"1": "one", "yes": "two", "~": "three", "4": "four"}
    found = [(d.code, d.severity, d.message, at(d.span)) for d in doc.diagnostics]
    assert found == [
        (
            "CS-Y007",
            Severity.WARNING,
            'mapping key 1 is an integer in YAML; it is used as the string "1"',
            (1, 1, 1, 2),
        ),
        (
            "CS-Y007",
            Severity.WARNING,
            'mapping key yes is a boolean in YAML; it is used as the string "yes"',
            (2, 1, 2, 4),
        ),
        (
            "CS-Y007",
            Severity.WARNING,
            'mapping key ~ is null in YAML; it is used as the string "~"',
            (3, 1, 3, 2),
        ),
    ]
    assert doc.diagnostics[0].hints == ('quote it to keep it a string: "1"',)
    assert at(doc.positions[("yes",)].key_span) == (2, 1, 2, 4)


def test_more_than_one_document(parser: Any) -> None:
    doc = load("name: a\n---\nname: b\n")
    assert only(doc) == (
        "CS-Y008",
        "error",
        "a card file holds one YAML document, but a second one starts here",
        (2, 1, 2, 4),
    )
    assert doc.data == {"name": "a"}
    assert load("name: a\n...\n").diagnostics == ()


def test_tags(parser: Any) -> None:
    doc = load(
        "a: !card x\nb: !!binary aGk=\nc: !!set {x}\nd: !!int zz\ne: !!str 12\n"
        "f: !!float '1.5'\ng: 2024-05-01\nh: &anchor !!python/tuple [1]\n"
    )
    found = [(d.code, d.message, at(d.span)) for d in doc.diagnostics]
    assert found == [
        ("CS-Y009", "tag !card is not supported", (1, 4, 1, 9)),
        ("CS-Y009", "tag !!binary is not supported", (2, 4, 2, 12)),
        ("CS-Y009", "tag !!set is not supported on a mapping", (3, 4, 3, 9)),
        ("CS-Y009", '"zz" is not a valid !!int', (4, 4, 4, 9)),
        ("CS-Y009", "tag !!python/tuple is not supported on a list", (8, 12, 8, 26)),
    ]
    assert doc.data == {
        "a": "x",
        "b": "aGk=",
        "c": {"x": None},
        "d": "zz",
        "e": "12",
        "f": 1.5,
        "g": "2024-05-01",
        "h": [1],
    }
    huge = load("n: " + "7" * 5000 + "\n")
    assert only(huge)[2:] == ("number has more than 4,300 digits", (1, 4, 1, 5004))


def test_alias_problems(parser: Any) -> None:
    assert only(load("a: *nope\n")) == (
        "CS-Y010",
        "error",
        "alias *nope is not defined",
        (1, 4, 1, 9),
    )
    recursive = load("a: &x [1, *x]\n")
    assert only(recursive)[2:] == ("alias *x refers to a node that contains it", (1, 11, 1, 13))
    assert recursive.data == {"a": [1, None]}
    bad_merge = load("a: &a 1\nb:\n  <<: *a\n  c: 2\n")
    assert only(bad_merge)[2:] == (
        "a merge key (<<) needs a mapping or a list of mappings",
        (3, 3, 3, 5),
    )
    assert bad_merge.data == {"a": 1, "b": {"c": 2}}


def test_complex_keys_are_dropped_with_an_error(parser: Any) -> None:
    doc = load("? [a, b]\n: c\nd: e\n? {x: 1}\n: [f]\n")
    assert [(d.code, at(d.span)) for d in doc.diagnostics] == [
        ("CS-Y011", (1, 3, 1, 4)),
        ("CS-Y011", (4, 3, 4, 4)),
    ]
    assert (
        doc.diagnostics[0].message == "a mapping key must be a single value, not a list or mapping"
    )
    assert doc.data == {"d": "e"}


@pytest.mark.parametrize("text", ["", b"", "# only a comment\n", "\n\n", "\ufeff"])
def test_empty_file_has_no_data_and_no_diagnostics(text: str | bytes) -> None:
    doc = load(text)
    assert (doc.data, doc.diagnostics, len(doc.positions)) == (None, (), 0)


def test_null_document_has_a_root_position() -> None:
    doc = load("~\n")
    assert doc.data is None and doc.diagnostics == ()
    assert at(doc.positions[()].span) == (1, 1, 1, 2)


# -- files ----------------------------------------------------------------------------------


def test_load_file(tmp_path: Any) -> None:
    path = tmp_path / "cards.yaml"
    path.write_bytes(CARDS.encode())
    doc = load_yaml_file(path)
    assert doc.path == str(path) and doc.diagnostics == ()
    assert doc.data == load(CARDS).data
    assert doc.positions[("game",)].span.file == str(path)


def test_io_errors(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = load_yaml_file(tmp_path / "missing.yaml")
    d = missing.diagnostics[0]
    assert (d.code, d.message) == ("CS-IO1", "cannot read file: No such file or directory")
    assert d.span == Span.point(1, 1, str(tmp_path / "missing.yaml"))
    assert d.span.file == str(tmp_path / "missing.yaml")
    folder = load_yaml_file(tmp_path)
    assert [(d.code, d.message) for d in folder.diagnostics] == [
        ("CS-IO1", "cannot read file: Is a directory")
    ]

    def denied(*args: Any, **kwargs: Any) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", denied)
    locked = load_yaml_file(tmp_path / "locked.yaml")
    assert [(d.code, d.message) for d in locked.diagnostics] == [
        ("CS-IO1", "cannot read file: Permission denied")
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_blocking(tmp_path: Any) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    doc = load_yaml_file(fifo)
    assert [(d.code, d.message) for d in doc.diagnostics] == [
        ("CS-IO1", "cannot read file: not a regular file")
    ]


# -- hostile and random input ---------------------------------------------------------------

SEED_YAML = CARDS.encode() + (
    b"base: &b {x: 1}\nother: *b\nq: \"a\\tb\\\n  c\"\nf: >-\n  x\n  y\n'k': 'v'\n"
)
NOISE = b": - [ ] { } &a *a ! !! | > ' \" # ? --- ... \\ \xff \xc3 \x00 << % @ ` |2- 0x 1:2".split()
NOISE += [b" ", b"\n", b"\t", b"\r", b"\xef\xbb\xbf"]


def check_never_raises(data: bytes) -> None:
    for doc in load_with_each_parser(data, "fuzz.yaml"):
        assert isinstance(doc, YamlDocument)
        for d in doc.diagnostics:
            assert d.span is not None and d.span.file == "fuzz.yaml"
            assert "internal error" not in d.message
        if doc.data is None:
            continue
        for path in doc.positions:
            located = doc.positions[path]
            assert located.span.file == "fuzz.yaml"
            value = value_at(doc.data, path)
            if isinstance(value, str):
                for i in range(0, len(value) + 1, max(1, len(value) // 7)):
                    span = text_offset_to_span(doc, path, i, i + 1)
                    assert span.file == "fuzz.yaml"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_random_bytes_never_raise(data: bytes) -> None:
    check_never_raises(data)


EDIT = st.tuples(st.integers(0, len(SEED_YAML)), st.integers(0, 3), st.sampled_from(NOISE))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(EDIT, max_size=8))
def test_mutated_yaml_never_raises(edits: list[tuple[int, int, bytes]]) -> None:
    data = SEED_YAML
    for where, cut, piece in edits:
        where = min(where, len(data))
        data = data[:where] + piece + data[where + cut :]
    check_never_raises(data)


# -- both parsers agree; offsets are exact for whatever pyyaml's emitter writes --------------

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
DATA = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    DATA,
    st.sampled_from([None, True, False]),
    st.sampled_from([None, "'", '"', "|", ">"]),
    st.sampled_from([10, 40, 80]),
    st.booleans(),
)
def test_emitted_yaml_round_trips_with_exact_offsets(
    data: Any, flow: bool | None, style: str | None, width: int, unicode: bool
) -> None:
    options = {"default_flow_style": flow, "default_style": style, "width": width}
    text = yaml.safe_dump({"value": data}, allow_unicode=unicode, **options)
    docs = load_with_each_parser(text)
    doc = docs[0]
    assert doc.diagnostics == ()
    assert doc.data == yaml.load(text, Loader=yaml.SafeLoader)  # what pyyaml itself reads
    for other in docs[1:]:  # libyaml gives the same data and the same positions
        assert other.data == doc.data
        assert dict(other.positions) == dict(doc.positions)
    for path in doc.positions:
        value = value_at(doc.data, path)
        if not isinstance(value, str):
            continue
        located = doc.positions[path]
        indent = located.block_indent - 1 if located.block_indent is not None else None
        span = located.span
        mapped = scalar_map(doc.text, span.offset, span.end_offset, located.style, indent, value)
        assert mapped is not None, (path, located, text)
        for i, ch in enumerate(value):
            where = text_offset_to_span(doc, path, i, i + 1)
            source = doc.text[where.offset : where.end_offset]
            assert source == ch or len(source) > 1 or (ch in " \n\u2028\u2029" and source in BREAKS)


def test_random_documents_agree_between_parsers() -> None:
    """Hand-written shapes the emitter never produces: comments, anchors, odd spacing."""
    rng = random.Random(7)
    pieces = "a: 1;b:   x y  # c;c: [1,  {d: }, ];- e;f: |\n  g\n;h: >-\n  i\n  j;k: &k {l: m}"
    pieces += ";n: *k;o: 'p''q';r: \"s\\u00e9\";? t\n: u;v:\n  - w;w: \"x\\\n  y\""
    for _ in range(200):
        text = "\n".join(rng.sample(pieces.split(";"), rng.randint(1, 6))) + "\n"
        first, *others = load_with_each_parser(text)
        for other in others:
            assert other.data == first.data, text
            assert [(d.code, d.span) for d in other.diagnostics] == [
                (d.code, d.span) for d in first.diagnostics
            ], text
            assert dict(other.positions) == dict(first.positions), text
