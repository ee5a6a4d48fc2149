"""simulate tells a game error (counted in its summary, exit 1) from a bug of the engine
(an internal error, exit 3, naming the seed and the ``play`` command that plays that
game again), in worker processes too (tests/testgame/faulty.py: seed 2 raises
RecursionError, 3 RulesError, 4 NotImplementedError)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardscript.cli.main import app, run

DECKS = Path(__file__).parent / "testgame" / "decks"
PLUGIN = "tests.testgame.faulty:register"
BOTH = ["--deck", str(DECKS / "beasts.txt"), "--deck", str(DECKS / "guards.txt")]
AGAIN = f"cardscript play testgame-faulty {shlex.join(BOTH)} --seed 2 --plugin {PLUGIN}"
runner = CliRunner()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_engine_bug_is_an_internal_error_naming_its_seed(jobs: str) -> None:
    result = runner.invoke(
        app, ["simulate", "testgame-faulty", *BOTH, "-n", "4", "-j", jobs, "--plugin", PLUGIN]
    )
    assert result.exit_code == 3
    lines = result.stdout.splitlines()
    assert lines[0] == "4 games, 1 finished, 1 errors, 2 internal errors"
    assert lines[-3:] == [
        "  seed 2: internal error: RecursionError: maximum recursion depth exceeded",
        "  seed 3: game error: no rule says what happens now",
        "  seed 4: internal error: NotImplementedError: the kernel has no such step",
    ]
    assert result.stderr == (
        "internal error in the game of seed 2: RecursionError: maximum recursion depth "
        f"exceeded\nplay that game again with: {AGAIN}\n"
        "please report this; set CARDSCRIPT_DEBUG=1 for the traceback\n"
    )


def test_the_command_named_plays_the_game_to_the_same_internal_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", shlex.split(AGAIN))
    with pytest.raises(SystemExit) as stopped:
        run()
    assert stopped.value.code == 3
    assert capsys.readouterr().err == (
        "internal error: RecursionError: maximum recursion depth exceeded\n"
        "please report this; set CARDSCRIPT_DEBUG=1 for the traceback\n"
    )


def test_game_errors_alone_exit_1_and_debugging_shows_the_bug(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    simulate = ["simulate", "testgame-faulty", *BOTH, "-j", "1", "--plugin", PLUGIN]
    game_error = runner.invoke(app, [*simulate, "-n", "1", "--seed", "3"])
    assert (game_error.exit_code, game_error.stderr) == (1, "")
    assert game_error.stdout.splitlines()[0] == "1 games, 0 finished, 1 errors"
    monkeypatch.setenv("CARDSCRIPT_DEBUG", "1")
    debugged = runner.invoke(app, [*simulate, "-n", "3"])
    assert isinstance(debugged.exception, RecursionError)  # (with its traceback)
