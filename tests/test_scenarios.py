"""The scenario runner: how a failing scenario reports expected against actual."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardscript.cli.main import app
from cardscript.interpreter.scenario import run_scenario

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"


def test_failures_say_expected_and_actual() -> None:
    result = run_scenario(FIXTURES / "wrong-expectations.yaml")
    assert not result.passed
    assert result.failures == [
        "players.Bob.life: expected 8, got 9",
        "players.Anna.zones.hand: expected ['imp'], got []",
        "players.Carol: no such player",
        "cards.imp.zone: expected discard, got play",
        "cards.imp.power: expected 5, got 1",
        "events: expected ['damaged', 'enters_play'] in this order; 'enters_play' did not "
        "come (events were ['moved', 'enters_play', 'damaged'])",
        "log: no change matching 'destroy by imp'",
    ]
    assert "deal_damage by imp at 1:1" in result.report()  # the trace follows


def test_an_unknown_action_is_reported_not_raised() -> None:
    result = run_scenario(FIXTURES / "bad-action.yaml")
    assert result.error == "ValueError: the testgame kernel has no scenario action 'fly'"


def test_cli_runs_scenarios_with_exit_codes() -> None:
    runner = CliRunner()
    ok = runner.invoke(
        app, ["test", "tests/scenarios/testgame", "--plugin", "tests.testgame.kernel:register"]
    )
    assert ok.exit_code == 0 and ok.stdout.endswith("3 passed, 0 failed\n")
    bad = runner.invoke(
        app,
        [
            "test",
            str(FIXTURES / "wrong-expectations.yaml"),
            "--plugin",
            "tests.testgame.kernel:register",
            "-f",
            "json",
        ],
    )
    assert bad.exit_code == 1
    assert '"code": "CS-S001"' in bad.stdout
    missing = runner.invoke(app, ["test", "no/such/dir"])
    assert missing.exit_code == 2
