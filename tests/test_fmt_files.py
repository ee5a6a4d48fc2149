"""``cardscript fmt`` on card files written in every way YAML allows: the text changes to
its canonical layout, the file stays valid, and nothing else in it moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardscript.cli.main import app

runner = CliRunner()
HEAD = "game: vs-system\nset: X\ncards:\n"
UGLY = "when this attacks ,  target character you control gets +1 atk until end of turn"
NEAT = "When this attacks, target character you control gets +1 ATK until end of turn."


def card(n: int, text: str) -> str:
    fields = f"name: A{n}\n    type: character\n    cost: 1\n    version: v\n    team: t"
    return f"  - id: X-{n}\n    {fields}\n    atk: 1\n    def: 1\n    text: {text}\n"


def fmt(tmp_path: Path, source: str) -> str:
    path = tmp_path / "cards.yaml"
    path.write_bytes(source.encode("utf-8"))
    done = runner.invoke(app, ["fmt", str(path)])
    assert (done.exit_code, done.stdout) == (0, f"reformatted {path}\n"), done.output
    assert done.stderr == "1 file checked: 1 reformatted, 0 left alone because of errors\n"
    again = runner.invoke(app, ["validate", "--no-cache", str(path)])
    assert (again.exit_code, again.stdout) == (0, ""), again.output
    return path.read_bytes().decode("utf-8")


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_a_file_keeps_its_line_breaks(tmp_path: Path, newline: str) -> None:
    # a CR-only file stopped fmt ("ValueError: substring not found"), and the lines
    # written into a CRLF file ended in LF alone
    source = HEAD + card(1, f"|\n      {UGLY}\n      flight\n")
    want = HEAD + card(1, f"|\n      {NEAT}\n      Flight\n")
    got = fmt(tmp_path, source.replace("\n", newline))
    assert got == want.replace("\n", newline)


def test_an_aliased_text_is_formatted_once(tmp_path: Path) -> None:
    # both cards' texts are the anchor's source: it was edited twice, which cut the line
    # break after it and joined the next card's first line to it (duplicate keys)
    source = HEAD + card(1, f"&t |\n      {UGLY}\n") + card(2, "*t")
    want = HEAD + card(1, f"&t |\n      {NEAT}\n") + card(2, "*t")
    assert fmt(tmp_path, source) == want


def test_a_text_in_a_flow_mapping_stays_a_flow_scalar(tmp_path: Path) -> None:
    # a block scalar ("|") written inside {...} is a YAML syntax error
    fields = "id: X-1, name: A, type: character, cost: 1, version: v, team: t, atk: 1, def: 1"
    source = HEAD + f'  - {{{fields}, text: "{UGLY}\\nflight"}}\n'
    want = HEAD + f'  - {{{fields}, text: "{NEAT}\\nFlight"}}\n'
    assert fmt(tmp_path, source) == want


def test_the_last_lines_trailing_blanks_go(tmp_path: Path) -> None:
    source = HEAD + card(1, f"|\n      {UGLY}\n      flight \t \n")
    assert fmt(tmp_path, source) == HEAD + card(1, f"|\n      {NEAT}\n      Flight\n")


def test_a_granted_ability_is_formatted_inside_its_quotes(tmp_path: Path) -> None:
    # the quoted ability is card script of its own: fmt kept its spacing and capitals
    head = "game: berserk\nset: X\ncards:\n- id: X-1\n  name: A\n  type: creature\n"
    head += "  cost: 1\n  elite: false\n  element: forest\n  life: 1\n  movement: 1\n"
    head += "  strike: 1-1-1\n  text: |\n    "
    ugly = 'creatures you control have "Close   this →  Place A counter on target creature'
    neat = 'Creatures you control have "close this → place a counter on target creature'
    got = fmt(tmp_path, head + ugly + ' named «I».".\n')
    assert got == head + neat + ' named «I»".\n'
    again = runner.invoke(app, ["fmt", "--check", str(tmp_path / "cards.yaml")])
    assert (again.exit_code, again.stdout) == (0, ""), again.output  # fmt twice = once


def test_a_granted_ability_that_does_not_read_is_left_as_written() -> None:
    from cardscript.games import load_game
    from cardscript.grammar.layout import format_text

    registry = load_game("berserk").registry
    # "frobnicate" is no verb, "" no ability: CS-T006 reports them, fmt keeps their text
    for kept in ('this has "Frobnicate   this".', 'this has "".'):
        assert format_text(kept, registry).text == "T" + kept[1:] + "\n"
    # a name holding a straight quote is written in «» (it came from «»): "…"…" broke
    text = 'Creatures named «a"b» get +1 strike.'
    assert format_text(text, registry).text == text + "\n"


def test_a_file_not_in_utf8_is_bad_content_told_where_and_left_as_it_was(tmp_path: Path) -> None:
    # it was CS-IO1 "cannot read …: not valid UTF-8" at 1:1, exit 2, as if unreadable
    path = tmp_path / "cards.yaml"
    source = (HEAD + card(1, "Flight") + "    flavor: caf\xe9\n").encode("latin-1")
    path.write_bytes(source)
    done = runner.invoke(app, ["fmt", str(path)])
    assert done.exit_code == 1
    assert "error[CS-Y002]: file is not valid UTF-8: invalid byte 0xe9" in done.stderr
    assert f"{path}:13:16" in done.stderr
    assert path.read_bytes() == source
