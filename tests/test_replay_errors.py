"""A game stopped by a game error: its log ends with the error, and a replay checks that
the same error comes back at the same point (the tiny test game, tests/conftest.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardscript.cli.main import app, run

DECKS = Path(__file__).parent / "testgame" / "decks"
PLUGIN = ["--plugin", "tests.testgame.kernel:register"]
LOOP = "these cards trigger each other without end: Flicker Sprite"
runner = CliRunner()


def _play_loop(tmp_path: Path) -> Path:
    """A game of Flicker Sprites (each readies and exhausts the other without end),
    stopped by LoopDetected on its first attack."""
    deck = tmp_path / "flicker.txt"
    deck.write_text("16x Flicker Sprite\n", "utf-8")
    log = tmp_path / "game.jsonl"
    decks = ["--deck", str(deck), "--deck", str(DECKS / "beasts.txt")]
    played = runner.invoke(
        app, ["play", "testgame", *decks, "--seed", "1", "--log", str(log), *PLUGIN]
    )
    assert (played.exit_code, played.stderr) == (1, f"game error: {LOOP}\n")
    return log


def _records(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()]


def _rewrite(log: Path, records: list[dict[str, Any]]) -> None:
    log.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")


def _replay(log: Path) -> tuple[int, str, str]:
    result = runner.invoke(app, ["replay", str(log), *PLUGIN])
    return result.exit_code, result.stdout, result.stderr


def test_a_game_error_is_the_log_s_last_record_and_replays_as_identical(tmp_path: Path) -> None:
    log = _play_loop(tmp_path)
    records = _records(log)
    assert records[-1] == {
        "t": "error",
        "kind": "LoopDetected",
        "message": LOOP,
        "step": 18,
        "hash": "ba54b27f40dfb303",
    }
    hashes = sum(r["t"] in ("step", "result") for r in records)
    assert _replay(log) == (
        0,
        f"replay identical: {hashes} steps, every state hash verified\n"
        f"the game stopped, as logged, with an endless loop: {LOOP}\n",
        "",
    )


def test_a_replay_that_stops_otherwise_differs(tmp_path: Path) -> None:
    log = _play_loop(tmp_path)
    records = _records(log)
    error = records[-1]
    _rewrite(log, [*records[:-1], {**error, "message": "another"}])
    assert _replay(log) == (
        1,
        "",
        "replay differs: the log ends with an endless loop: another; "
        f"the replay with an endless loop: {LOOP}\n",
    )
    _rewrite(log, [*records[:-1], {**error, "kind": "BudgetExceeded"}])
    assert _replay(log)[2] == (
        f"replay differs: the log ends with a runaway game: {LOOP}; "
        f"the replay with an endless loop: {LOOP}\n"
    )
    _rewrite(log, [*records[:-1], {**error, "step": 17, "hash": "0" * 16}])
    assert _replay(log) == (
        1,
        "",
        "replay differs: the log's game error came after 17 engine steps (state "
        "0000000000000000), the replay's after 18 (state ba54b27f40dfb303)\n",
    )


def test_a_logged_error_the_replay_does_not_meet_differs(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    both = ["--deck", str(DECKS / "beasts.txt"), "--deck", str(DECKS / "guards.txt")]
    played = runner.invoke(app, ["play", "testgame", *both, "--log", str(log), *PLUGIN])
    assert played.exit_code == 0
    stopped = {"t": "error", "kind": "RulesError", "message": "no", "step": 1, "hash": "0"}
    _rewrite(log, [*_records(log), stopped])
    assert _replay(log) == (
        1,
        "",
        "replay differs: the log ends with a rules error: no; the replay with none\n",
    )


def test_a_log_without_the_error_record_replays_as_before(tmp_path: Path) -> None:
    """Logs written before the error record: the replay's error is a difference."""
    log = _play_loop(tmp_path)
    _rewrite(log, _records(log)[:-1])
    assert _replay(log) == (
        1,
        "",
        f"replay differs: the game stopped with an endless loop: {LOOP}\n",
    )


def test_a_malformed_error_record_is_a_log_error_at_its_line(tmp_path: Path) -> None:
    log = _play_loop(tmp_path)
    records = _records(log)
    last = len(records)
    error = records[-1]
    unstepped = {k: v for k, v in error.items() if k != "step"}
    cases = [
        (unstepped, f'{last}: an "error" record needs "step"'),
        ({**error, "step": "18"}, f'{last}: "step" of an "error" record must be a whole number'),
        ({**error, "message": None}, f'{last}: "message" of an "error" record must be text'),
    ]
    for record, said in cases:
        _rewrite(log, [*records[:-1], record])
        assert _replay(log) == (1, "", f"error: {log}:{said}\n")
    _rewrite(log, [*records, {"t": "step", "n": 19, "label": "turn 2", "hash": "0"}])
    assert _replay(log) == (
        1,
        "",
        f'error: {log}:{last + 1}: nothing follows an "error" record: the game stopped there\n',
    )


FAULTY = ["--plugin", "tests.testgame.faulty:register"]
BOTH = ["--deck", str(DECKS / "beasts.txt"), "--deck", str(DECKS / "guards.txt")]


def _play_faulty(tmp_path: Path, seed: int) -> Path:
    """A game of the faulty test game (tests/testgame/faulty.py) whose engine bug stopped
    ``play`` on turn 2: its log ends with the last step before it."""
    log = tmp_path / f"faulty-{seed}.jsonl"
    played = runner.invoke(
        app, ["play", "testgame-faulty", *BOTH, "--seed", str(seed), "--log", str(log), *FAULTY]
    )
    assert isinstance(played.exception, (RecursionError, NotImplementedError))
    last = _records(log)[-1]
    assert (last["t"], last["label"]) == ("step", "turn 2")
    return log


def test_a_log_that_is_not_utf8_is_told_at_its_first_bad_byte(tmp_path: Path) -> None:
    # it was "error: 'utf-8' codec can't decode byte 0xff in position 17: invalid start byte"
    log = _play_loop(tmp_path)
    text = log.read_bytes()
    log.write_bytes(text[:17] + b"\xff" + text[18:])
    assert _replay(log) == (
        1,
        "",
        f"error: {log}:1:18: file is not valid UTF-8: invalid byte 0xff\n",
    )


@pytest.mark.parametrize(
    ("seed", "bug"),
    [
        (2, "RecursionError: maximum recursion depth exceeded"),
        (4, "NotImplementedError: the kernel has no such step"),
    ],
)
def test_an_engine_bug_in_a_replay_is_an_internal_error_as_in_play(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    seed: int,
    bug: str,
) -> None:
    """Not "replay differs" (exit 1): the replay meets the bug the game met."""
    log = _play_faulty(tmp_path, seed)
    monkeypatch.setattr(sys, "argv", ["cardscript", "replay", str(log), *FAULTY])
    with pytest.raises(SystemExit) as stopped:
        run()
    assert stopped.value.code == 3
    assert capsys.readouterr() == (
        "",
        f"internal error: {bug}\nplease report this; set CARDSCRIPT_DEBUG=1 for the traceback\n",
    )
    monkeypatch.setenv("CARDSCRIPT_DEBUG", "1")
    with pytest.raises((RecursionError, NotImplementedError), match=bug.split(": ", 1)[1]):
        run()


def _play_plain(tmp_path: Path) -> tuple[Path, list[dict[str, Any]]]:
    log = tmp_path / "game.jsonl"
    played = runner.invoke(app, ["play", "testgame", *BOTH, "--log", str(log), *PLUGIN])
    assert played.exit_code == 0
    return log, _records(log)


def test_a_replay_whose_log_runs_out_of_answers_differs(tmp_path: Path) -> None:
    """The log's answers no longer fit the game (here one is missing): a difference of
    the replay, not a bug of the engine, said in words (it was "the game failed with
    ScriptExhausted: no scripted answer left for: …")."""
    log, records = _play_plain(tmp_path)
    last = max(n for n, r in enumerate(records) if r["t"] == "decision")
    assert records[last]["prompt"] == "attack with Spark Imp?"
    _rewrite(log, records[:last] + records[last + 1 :])
    assert _replay(log) == (
        1,
        "",
        "replay differs at step 13: the log ran out of answers: it has none left for "
        'player 1\'s decision "attack with Spark Imp?"\n',
    )


def test_a_log_answer_that_is_not_an_option_is_told_at_its_line(tmp_path: Path) -> None:
    # it was "replay differs: the game failed with IllegalAnswer: illegal answer [7] to: …"
    log, records = _play_plain(tmp_path)
    first = next(n for n, r in enumerate(records) if r["t"] == "decision")
    assert (records[first]["prompt"], records[first]["player"]) == ("play a card", 0)
    cases = [
        (
            [7],
            'answer 7 at {log}:{line} to player 1\'s decision "play a card" is not one '
            "of its 5 options (0 to 4)",
        ),
        (
            [0, 1],
            'answer [0, 1] at {log}:{line} to player 1\'s decision "play a card" does '
            "not pick 1 of its 5 options, each once",
        ),
    ]
    for answer, said in cases:
        _rewrite(
            log, [*records[:first], {**records[first], "answer": answer}, *records[first + 1 :]]
        )
        shown = said.format(log=log, line=first + 1)
        assert _replay(log) == (1, "", f"replay differs at step 1: the log's {shown}\n")


def test_bad_log_content_exits_1_and_an_unreadable_log_2(tmp_path: Path) -> None:
    """The house rule: what the file says is wrong, exit 1 at its file:line; a file that
    cannot be read, or a usage error, exit 2 (bad content exited 2 as well)."""
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n  \n", "utf-8")
    assert _replay(empty) == (
        1,
        "",
        f"error: {empty}:1: the file is empty; a log starts with its game header\n",
    )
    missing = tmp_path / "none.jsonl"
    assert _replay(missing) == (
        2,
        "",
        f"error: {missing}:1:1: cannot read file: No such file or directory\n",
    )
    log, _ = _play_plain(tmp_path)
    bad = runner.invoke(app, ["replay", str(log), "--plugin", "tests.testgame.nothing:register"])
    assert (bad.exit_code, bad.stdout) == (2, "")
    assert bad.stderr.startswith("error: cannot load plugin tests.testgame.nothing:register: ")


def test_the_replay_line_counts_steps_with_the_right_noun() -> None:
    from cardscript.cli.replay_cmd import identical

    assert identical(1) == "replay identical: 1 step, every state hash verified\n"
    assert identical(4) == "replay identical: 4 steps, every state hash verified\n"
