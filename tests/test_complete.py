"""Completion: what the parser accepts at a cursor, as words of the game, and the CLI that
maps an editor's line:column in a card file into the card text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardscript.cardfiles.yamlsource import (
    load_yaml_text,
    source_offset_to_text,
    text_offset_to_span,
)
from cardscript.cli.main import app
from cardscript.games import load_game
from cardscript.grammar.complete import complete

runner = CliRunner()


def offers(game: str, text: str, offset: int | None = None) -> list[tuple[str, str, int]]:
    found = complete(text, len(text) if offset is None else offset, load_game(game).registry)
    return [(c.text, c.kind, c.start) for c in found.items]


def test_a_partial_word_is_completed_from_the_registry_and_keeps_its_capital() -> None:
    assert offers("vs-system", "Fl") == [
        ("Flight", "keyword", 0),
        ("Flip", "verb", 0),
    ]


def test_after_a_change_only_the_stats_can_follow() -> None:
    text = "When this attacks, target character you control gets +1 "
    assert offers("vs-system", text) == [
        ("ATK", "stat", 56),
        ("cost", "stat", 56),
        ("DEF", "stat", 56),
        ("threshold", "stat", 56),
    ]


def test_the_grammar_words_and_the_phases_of_a_duration() -> None:
    text = "When this attacks, target character you control gets +1 ATK until end of t"
    assert offers("vs-system", text) == [
        ("turn", "phase", 73),
        ("that", "word", 73),
        ("the", "word", 73),
        ("this", "word", 73),
    ]


def test_a_phrase_of_several_words_replaces_from_its_first_word() -> None:
    text = "keyword Foo:\n  when this is c"
    assert offers("pocket-duel", text) == [
        ("is canceled", "event", 25),
        ("is cancelled", "event", 25),
    ]


def test_the_spellings_offered_agree_with_the_words_before() -> None:
    """The parser takes every spelling ("When this be destroyed" too, which ``fmt``
    rewrites); an editor offers the ones English agrees with."""
    after_this = [text for text, kind, _ in offers("berserk", "When this ") if kind == "event"]
    assert "is destroyed" in after_this and "attacks" in after_this
    assert "was destroyed" in after_this  # ("if this was destroyed this turn")
    assert not {"are destroyed", "be destroyed", "attack"} & set(after_this)
    assert offers("berserk", "Deal 2 w") == [("wounds", "damage", 7), ("wounded", "state", 7)]
    assert offers("berserk", "Deal 1 w") == [("wound", "damage", 7), ("wounded", "state", 7)]
    would = offers("vs-system", "If this would be s")
    assert would == [("be stunned", "event", 14)]
    many = [
        t
        for t, kind, _ in offers("vs-system", "Whenever characters you control ")
        if kind == "event"
    ]
    assert "attack" in many and "attacks" not in many
    # a sentence's first verb is an order
    assert offers("vs-system", "Draw a card. St") == [
        ("Stun", "verb", 13),
        ("Stunned", "state", 13),
    ]
    assert offers("vs-system", "Draw a card. ")[:2] == [
        ("Activate", "verb", 13),
        ("Cancel", "verb", 13),
    ]


def test_a_new_line_starts_a_new_ability_and_an_indented_one_continues() -> None:
    new_line = offers("vs-system", "Flight\nR")
    continued = offers("vs-system", "Flight\n  , R")
    assert ("Range", "keyword", 7) in new_line and ("Ready", "verb", 7) in new_line
    assert continued == [("Range", "keyword", 11)]


def test_values_that_no_word_list_can_offer_are_named() -> None:
    found = complete("Armor ", 6, load_game("berserk").registry)
    assert found.expects == ("a number", "X", "a strike such as 1-2-3", "a quoted name", "a name")
    assert complete("", 0, load_game("vs-system").registry).expects == (
        "a number",
        "X",
        "a quoted name",
    )


@pytest.mark.parametrize(
    "text",
    ["Flight # a comment that mentions R", 'When a card named "Ra', "Flight @ R"],
)
def test_nothing_is_offered_in_a_comment_a_quoted_name_or_after_a_stray_character(
    text: str,
) -> None:
    found = complete(text, len(text), load_game("vs-system").registry)
    assert found.items == () and found.expects == ()


def test_the_text_after_the_cursor_does_not_matter() -> None:
    text = "Flight\nRange"
    assert offers("vs-system", text, 8) == offers("vs-system", "Flight\nR")


def test_a_hostile_line_is_cheap() -> None:
    text = "When this attacks, " + "target character and " * 200
    found = complete(text, len(text), load_game("marvel-champions").registry)
    assert isinstance(found.items, tuple)


CARD_FILE = """\
game: vs-system
set: TST
cards:
  - id: TST-001
    name: Test
    type: character
    text: |
      Flight
      When this attacks, target character you control gets +1 ATK
        until end of t

  - id: TST-002
    name: Quoted
    type: character
    text: "Ra"
"""


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    path = tmp_path / "set.yaml"
    path.write_text(CARD_FILE, encoding="utf-8")
    return path


def test_a_cursor_in_a_block_text_is_completed_with_file_positions(card_file: Path) -> None:
    result = runner.invoke(app, ["complete", str(card_file), "--at", "10:23", "-f", "json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert [c["text"] for c in found["completions"]] == ["turn", "that", "the", "this"]
    assert found["completions"][0] == {
        "text": "turn",
        "kind": "phase",
        "doc": "",
        "replace": {"start": {"line": 10, "column": 22}, "end": {"line": 10, "column": 23}},
    }


def test_text_output_lines_up_word_kind_and_doc(card_file: Path) -> None:
    result = runner.invoke(app, ["complete", str(card_file), "--at", "9:63"])
    assert result.output == (
        "ATK        stat  Attack value.\n"
        "cost       stat  Recruit cost; also the endurance lost when the character is stunned.\n"
        "DEF        stat  Defence value.\n"
        "threshold  stat  Threshold cost of a location or plot twist.\n"
    )


def test_a_quoted_text_and_a_new_line_below_a_block(card_file: Path) -> None:
    quoted = runner.invoke(app, ["complete", str(card_file), "--at", "15:13", "-f", "json"])
    assert [c["text"] for c in json.loads(quoted.output)["completions"]] == [
        "Range",
        "Ready",
        "Recover",
        "Recruit",
        "Reinforce",
        "Resource",
        "Resources",
        "Reinforced",
        "Redirect",
        "Redirects",
        "Remove",
        "Removes",
        "Return",
        "Reveal",
        "Reveals",
        "Rule",
    ]
    below = runner.invoke(app, ["complete", str(card_file), "--at", "11:7", "-f", "json"])
    first = json.loads(below.output)["completions"][0]
    assert first["text"] == "Army"
    assert first["replace"]["start"] == {"line": 11, "column": 7}


def test_outside_any_card_text_there_is_nothing_to_offer(card_file: Path) -> None:
    result = runner.invoke(app, ["complete", str(card_file), "--at", "5:11"])
    assert (result.exit_code, result.output) == (0, "")


def test_an_unsaved_buffer_comes_on_standard_input(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "complete",
            str(tmp_path / "keywords.cardscript"),
            "--at",
            "2:11",
            "--stdin",
            "-g",
            "pocket-duel",
        ],
        input="keyword Foo:\n  deal 2 d",
    )
    assert [row.split()[:2] for row in result.output.splitlines()] == [
        ["damage", "damage"],
        ["Defence", "state"],
        ["Defense", "state"],
    ]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["--at", "ten"],
            2,
            'error: --at takes LINE:COLUMN counted from 1, such as 12:7; got "ten"',
        ),
        (
            ["--at", "0:4"],
            2,
            'error: --at takes LINE:COLUMN counted from 1, such as 12:7; got "0:4"',
        ),
        (
            ["--at", "1:1", "-g", "vs-sytem"],
            2,
            'error: unknown game "vs-sytem"; did you mean "vs-system"?',
        ),
        (["--at", "1:1", "-f", "xml"], 2, "error: unknown format 'xml'; choose one of text, json"),
    ],
)
def test_usage_errors_say_what_to_write(
    card_file: Path, args: list[str], code: int, message: str
) -> None:
    result = runner.invoke(app, ["complete", str(card_file), *args])
    assert result.exit_code == code
    assert result.stderr.strip() == message


def test_a_missing_file_a_keywords_file_without_a_game_and_broken_yaml(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["complete", str(tmp_path / "none.yaml"), "--at", "1:1"])
    assert missing.exit_code == 2
    assert (
        missing.stderr
        == f"error: cannot read {tmp_path / 'none.yaml'}: No such file or directory\n"
    )
    script = tmp_path / "mine.cardscript"
    script.write_text("keyword Foo:\n", encoding="utf-8")
    no_game = runner.invoke(app, ["complete", str(script), "--at", "1:1"])
    assert (no_game.exit_code, no_game.stderr) == (
        2,
        f"error: which game is {script} written for? perhaps try --game vs-system\n",
    )
    broken = runner.invoke(app, ["complete", "x.yaml", "--stdin", "--at", "1:3"], input="game: [\n")
    assert (broken.exit_code, broken.stderr) == (
        1,
        "x.yaml:2:1: error[CS-Y001]: expected the node content, but found '<stream end>' "
        "(while parsing a flow node)\n",
    )


@pytest.mark.parametrize(
    "source",
    [
        "text: |\n  Flight\n  When this attacks,\n    draw 1 card.\n",
        "text: >\n  Flight\n\n  Range and more\n",
        'text: "Flight\\n\\u00e9 Range"\n',
        "text: 'it''s here'\n",
        "text: plain words\n  folded on\n",
    ],
)
def test_a_cursor_maps_back_to_the_value_offset_it_came_from(source: str) -> None:
    doc = load_yaml_text(source, "f.yaml")
    value = doc.data["text"]
    for i in range(len(value) + 1):
        span = text_offset_to_span(doc, ("text",), i, i)
        back = source_offset_to_text(doc, ("text",), span.offset)
        # an escape ("\\n", "\\u00e9") or a folded break is one source piece: its start
        assert back == i or value[back] in "\n\xe9 ", (i, back)


def test_a_cursor_past_the_text_is_refused_or_bounded(card_file: Path) -> None:
    below = runner.invoke(app, ["complete", str(card_file), "--at", "999999999999999999999:1"])
    assert below.exit_code == 2
    assert below.stderr == (
        "error: --at 999999999999999999999:1 is below the last line of the text (16)\n"
    )
    # far into the virtual space of a blank line below a block: as a cursor some way past
    # the block's indent is (nothing to offer), and no line that long is made
    for far in ("11:20", "11:99999999999999"):
        result = runner.invoke(app, ["complete", str(card_file), "--at", far, "-f", "json"])
        assert (result.exit_code, json.loads(result.output)["completions"]) == (0, [])


def test_a_cursor_after_the_spaces_that_end_a_blocks_last_line(tmp_path: Path) -> None:
    """ "If it is |": the YAML node ends at "is", the text keeps the space the author
    just typed, and what may follow it is offered (it was nothing)."""
    path = tmp_path / "set.yaml"
    path.write_text(
        "game: pocket-duel\nset: TST\ncards:\n  - id: t-x\n    name: X\n    type: rest\n"
        "    text: |\n      Effect: If it is \n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["complete", str(path), "--at", "8:24", "-f", "json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)["completions"]
    words = [c["text"] for c in found if c["kind"] == "word"]
    assert words == ["a", "an", "face", "in", "not"]
    assert found[0]["replace"] == {
        "start": {"line": 8, "column": 21},
        "end": {"line": 8, "column": 24},
    }  # "is blocked": from "is" to the cursor
    past = runner.invoke(app, ["complete", str(path), "--at", "8:40", "-f", "json"])
    assert json.loads(past.output)["completions"] == found  # a cursor past the line's end


@pytest.mark.parametrize("newline", ["\r", "\r\n"])
def test_a_file_with_cr_line_ends_has_the_lines_validate_counts(
    tmp_path: Path, newline: str
) -> None:
    # YAML (and so every diagnostic) ends a line at a lone CR too: a file saved with them
    # was one line for complete ("--at 10:23 is below the last line of the text (1)")
    path = tmp_path / "set.yaml"
    path.write_bytes(CARD_FILE.replace("\n", newline).encode("utf-8"))
    result = runner.invoke(app, ["complete", str(path), "--at", "10:23", "-f", "json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert [c["text"] for c in found["completions"]] == ["turn", "that", "the", "this"]
    assert found["completions"][0]["replace"] == {
        "start": {"line": 10, "column": 22},
        "end": {"line": 10, "column": 23},
    }
    below = runner.invoke(app, ["complete", str(path), "--at", "17:1"])
    assert (below.exit_code, below.stderr) == (
        2,
        "error: --at 17:1 is below the last line of the text (16)\n",
    )


def test_a_cursor_is_written_in_ascii_digits(card_file: Path) -> None:
    result = runner.invoke(app, ["complete", str(card_file), "--at", "١٠:٢٣"])
    assert (result.exit_code, result.stderr) == (
        2,
        'error: --at takes LINE:COLUMN counted from 1, such as 12:7; got "١٠:٢٣"\n',
    )
