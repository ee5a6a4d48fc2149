"""Usage errors that a typo makes: said, with what to write, and exit 2."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardscript.cli.main import app

PD_DECKS = Path(__file__).resolve().parent.parent / "decks" / "pocket-duel"
runner = CliRunner()


def test_simulate_refuses_more_games_than_memory_holds() -> None:
    # -n 99999999999999999999 built a list of that many games' work: memory ran out
    decks = [
        "--deck",
        str(PD_DECKS / "cinder-vale.yaml"),
        "--deck",
        str(PD_DECKS / "ivo-brass.yaml"),
    ]
    result = runner.invoke(app, ["simulate", "pocket-duel", *decks, "-n", "99999999999999999999"])
    assert result.exit_code == 2
    assert (
        "Invalid value for '-n' / '--games': Input should be less than or equal to 1000000"
        in result.stderr
    )


def test_schema_of_an_unknown_game_names_the_games() -> None:
    result = runner.invoke(app, ["schema", "nosuch"])
    assert (result.exit_code, result.stderr) == (
        2,
        'error: unknown game "nosuch"; the games are: vs-system, pocket-duel, berserk, '
        "marvel-champions, vanguard\n",
    )
    result = runner.invoke(app, ["schema", "vs-sytem"])
    assert (result.exit_code, result.stderr) == (
        2,
        'error: unknown game "vs-sytem"; did you mean "vs-system"?\n',
    )


def test_every_command_tells_an_unknown_game_alike() -> None:
    """ "unknown game" with the name in double quotes and the same hint, from every
    command that takes a game (the commands once quoted it two ways and named the list
    of games two ways)."""
    deck = str(PD_DECKS / "cinder-vale.yaml")
    for args in (
        ["schema", "vs-sytem"],
        ["explain", "CS-P001", "--game", "vs-sytem"],
        ["play", "vs-sytem", "--deck", deck],
        ["simulate", "vs-sytem", "--deck", deck],
        ["deck", "check", deck, "--game", "vs-sytem"],
        ["complete", deck, "--at", "1:1", "--game", "vs-sytem"],
    ):
        result = runner.invoke(app, args)
        assert (result.exit_code, result.stderr.splitlines()[-1]) == (
            2,
            'error: unknown game "vs-sytem"; did you mean "vs-system"?',
        ), args
    result = runner.invoke(app, ["deck", "check", deck, "--game", "chess"])
    assert result.stderr.splitlines()[-1] == (
        'error: unknown game "chess"; the games are: vs-system, pocket-duel, berserk, '
        "marvel-champions, vanguard"
    )


def test_a_name_with_terminal_codes_is_printed_escaped(tmp_path: Path) -> None:
    """A file's path or a game's name with control characters (an escape sequence, a
    line break) is shown escaped: printed raw, it would act on the terminal or forge a
    line of the report."""
    result = runner.invoke(app, ["schema", "vs\x1b[31msys"])
    assert result.stderr.splitlines() == [
        'error: unknown game "vs\\x1b[31msys"; the games are: vs-system, pocket-duel, '
        "berserk, marvel-champions, vanguard"
    ]
    bad = tmp_path / "red\x1b[31m\nerror.yaml"
    bad.write_text("game: vs-system\ncards: [\n", "utf-8")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1
    arrows = [line for line in result.stdout.splitlines() if "-->" in line]
    assert arrows == [f" --> {tmp_path}/red\\x1b[31m\\nerror.yaml:3:1"]
    assert "\x1b" not in result.stdout
