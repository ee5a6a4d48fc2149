"""Numbers no one means, and JSON nested past Python's stack, in every file a command
reads: a positioned error and exit 1 (a replay log too), never "internal error:
ValueError: Exceeds the limit (4300 digits)" nor a RecursionError."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardscript.cli.main import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
DIGITS = "1" * 5000
CARD = (
    "game: pocket-duel\nset: X\ncards:\n- id: x-1\n  name: Foo\n  type: strength\n"
    "  hero: cinder-hero\n  index: 2/8\n  attack: 3\n  text: |\n    {text}\n"
)


def test_a_number_of_5000_digits_in_card_text_is_cs_p009_where_it_is(tmp_path: Path) -> None:
    card_file = tmp_path / "cards.yaml"
    card_file.write_text(CARD.format(text=f"Effect: deal {DIGITS} damage."), "utf-8")
    said = (
        "error[CS-P009]: this number has 5,000 digits; numbers in card text have at most 4,300\n"
        f"  --> {card_file}:11:18\n"
    )
    hint = "= hint: perhaps try a number of a few digits, such as 5000\n"
    checked = runner.invoke(app, ["validate", "--no-cache", str(card_file)])
    assert checked.exit_code == 1
    assert checked.stdout.startswith(said) and hint in checked.stdout
    formatted = runner.invoke(app, ["fmt", str(card_file)])
    assert formatted.exit_code == 1 and formatted.stderr.startswith(said)
    explained = runner.invoke(app, ["explain", "--cards", str(card_file), "Foo"])
    assert explained.exit_code == 1
    assert "error[CS-P009]: this number has 5,000 digits" in explained.stdout
    for signed in (f"+{DIGITS}", f"{DIGITS}-1-1"):  # a modifier and a strike alike
        card_file.write_text(CARD.format(text=f"Effect: gain {signed} health."), "utf-8")
        result = runner.invoke(app, ["validate", "--no-cache", str(card_file)])
        assert result.exit_code == 1
        assert result.stdout.startswith("error[CS-P009]: this number has 5,000 digits;")


def test_a_deck_count_of_5000_digits_is_cs_d003_shortened(tmp_path: Path) -> None:
    deck = tmp_path / "vs-system" / "deck.txt"
    deck.parent.mkdir()
    deck.write_text(f"game: vs-system\n{DIGITS}x Stormcrow\n", "utf-8")
    result = runner.invoke(app, ["deck", "check", str(deck)])
    assert result.exit_code == 1, result.output
    assert (
        "error[CS-D003]: the number of copies must be a whole number from 1 to 9999, not "
        "111111111111111111111111…111111111111 (5,000 characters)\n"
        f" --> {deck}:2:1\n"
    ) in result.stdout
    mcdb = tmp_path / "deck.json"
    mcdb.write_text(f'{{"hero_code": "1", "slots": {{"2": "{DIGITS}"}}}}', "utf-8")
    result = runner.invoke(app, ["deck", "check", str(mcdb)])
    assert result.exit_code == 1, result.output
    assert (
        "error[CS-D003]: the number of copies must be a whole number from 1 to 9999, not "
        '"11111111111111111111111…11111111111" (5,000 characters)\n'
        f" --> {mcdb}:1:30\n"
    ) in result.stdout


def test_json_nested_or_numbered_past_python_s_limits_is_told_where(tmp_path: Path) -> None:
    deep, long = "[" * 100_000 + "]" * 100_000, f"[{DIGITS}]"
    pack = tmp_path / "pack.json"
    for text, said in (
        (deep, "JSON nesting is deeper than 100 levels\n --> {f}:1:101\n"),
        (long, "number has more than 4,300 digits\n --> {f}:1:2\n"),
    ):
        pack.write_text(text, "utf-8")
        result = runner.invoke(app, ["import", "marvelcdb", str(pack), "--out", str(tmp_path)])
        assert result.exit_code == 1, result.output
        expected = "error[CS-M001]: this file is not valid JSON: " + said.format(f=pack)
        assert result.stderr.startswith(expected)
    deck = tmp_path / "deck.json"
    deck.write_text('{"hero_code": "1", "slots": ' + deep + "}", "utf-8")
    result = runner.invoke(app, ["deck", "check", str(deck)])
    assert result.exit_code == 1
    assert (
        "error[CS-D006]: this file is not valid JSON: JSON nesting is deeper than 100 levels\n"
        f" --> {deck}:1:128\n"
    ) in result.stdout


def test_a_replay_log_line_nested_or_numbered_past_the_limits_is_told_at_line_and_column(
    tmp_path: Path,
) -> None:
    header = '{"t": "game", "game": "pocket-duel", "seed": 1, "decks": [["a"], ["b"]]}'
    log = tmp_path / "game.jsonl"
    for line, said in (
        ("[" * 100_000 + "]" * 100_000, "2:101: not a log record (JSON nesting is deeper"),
        (
            "  " + '{"a":' * 5000 + "1" + "}" * 5000,
            "2:503: not a log record (JSON nesting is deeper",
        ),
        (f'{{"t": "step", "n": {DIGITS}}}', "2:20: not a log record (number has more than 4,300"),
        ("this is not json", "2:1: not a log record (Expecting value)"),
    ):
        log.write_text(f"{header}\n{line}\n", "utf-8")
        result = runner.invoke(app, ["replay", str(log)])
        assert result.exit_code == 1
        assert result.stderr.startswith(f"error: {log}:{said}")
