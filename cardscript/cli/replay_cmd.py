"""``cardscript replay``: re-run a logged game and verify it is the same game.

The game is rebuilt from the log's header, every decision answered from the log and every
state hash checked; a game that stopped with a game error must stop with the same error
at the same point. Exit codes: 0 identical, 1 it differs, 2 usage or I/O error, 3 an
internal error (a bug of the engine, said as ``play`` says it: ``main.run``).
"""

from __future__ import annotations

import io
from typing import Any

from cardscript.cardfiles.yamlerrors import read_source
from cardscript.cli.play_cmd import (
    GAME_ERRORS,
    PlayError,
    _err,
    _load_plugins,
    _out,
    check_deck_count,
    check_variants,
    choose_format,
    new_game,
    playable,
    start_logged,
)
from cardscript.grammar.diagnostics import Diagnostic
from cardscript.interpreter.agents import Agent, IllegalAnswer, ScriptedAgent, ScriptExhausted
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog, LogError, read_log

LOG_MAX_BYTES = 512 * 1024 * 1024  # a long match's log; beyond it, not a log this wrote


def run_replay(log_file: str, plugins: list[str]) -> int:
    # (a directory or a FIFO is refused, not read: a FIFO would hang the read)
    text = read_source(log_file, LOG_MAX_BYTES)
    if isinstance(text, Diagnostic):
        where = f"{log_file}:{text.span.line}:{text.span.column}" if text.span else log_file
        _err(f"error: {where}: {text.message}")  # (as ``play`` tells a deck it cannot read)
        return 2
    try:
        _load_plugins(plugins)
        records = read_log(io.StringIO(text))
    except LogError as exc:
        _err(f"error: {log_file}:{exc.where}: {exc}")
        return 2
    except (PlayError, OSError, ValueError) as exc:
        _err(f"error: {exc}")
        return 2
    if not records:
        _err(f"error: {log_file} does not start with a game header")
        return 2
    header = records[0]
    where = f"{log_file}:{_header_line(text)}"
    logged = GameLog(records=records)
    decks = header["decks"]
    agents: list[Agent] = [ScriptedAgent(logged.answers(n)) for n in range(len(decks))]
    replay = GameLog()
    game = header["game"]
    try:
        engine = _engine(where, header, agents, replay)
    except PlayError as exc:
        _err(f"error: {exc}")
        return 2
    try:
        # what the header asks for must be playable: its line says where the log is wrong
        check_deck_count(game, engine, len(decks))
        unknown = sorted({c for deck in decks for c in deck if c not in engine.pool.cards})
        if unknown:
            raise PlayError(
                f"the log's decks name cards that are not in the {game} card pool: "
                + ", ".join(unknown)
            )
        fmt = choose_format(game, engine, header.get("format"), ())
        variants = list(header.get("variants") or ())
        check_variants(game, engine, variants)
        start_logged(engine, replay, decks, list(header.get("agents", [])), fmt, variants)
    except PlayError as exc:
        _err(f"error: {where}: {exc}")
        return 2
    except GAME_ERRORS:
        pass  # (written into ``replay``: compared with the log's below)
    except (ScriptExhausted, IllegalAnswer) as exc:  # the log's answers no longer fit
        _err(f"replay differs: the game failed with {type(exc).__name__}: {exc}")
        return 1
    # anything else is a bug of the engine: an internal error, as ``play`` says it (exit 3)
    return _compare(logged, replay)


def _header_line(text: str) -> int:
    """The header's line: the first that is not blank (``read_log`` skips those)."""
    return next(n for n, line in enumerate(text.split("\n"), 1) if line.strip())


def _engine(where: str, header: dict[str, Any], agents: list[Agent], log: GameLog) -> Engine:
    """The logged game's engine. A game that cannot be played is an error at the header's
    line; an extra card file's problem names that file itself."""
    try:
        playable(header["game"])
    except PlayError as exc:
        raise PlayError(f"{where}: {exc}") from None
    return new_game(header["game"], int(header["seed"]), agents, log, header.get("cards", []))


def _compare(logged: GameLog, replay: GameLog) -> int:
    """0 if the replay is the logged game, hash for hash and error for error; else 1 and
    where it first differs."""
    expected, actual = logged.hashes(), replay.hashes()
    for n, (a, b) in enumerate(zip(expected, actual, strict=False)):
        if a != b:
            _err(f"replay differs at step {n + 1}: the log says {a}, the replay gives {b}")
            return 1
    stopped, failed = _error(logged), _error(replay)
    problem = _error_difference(stopped, failed)
    if problem is not None:
        _err(f"replay differs: {problem}")
        return 1
    if len(expected) != len(actual):
        _err(f"replay differs: the log has {len(expected)} steps, the replay {len(actual)}")
        return 1
    _out(identical(len(actual)))
    if failed is not None:
        _out(f"the game stopped, as logged, with the game error {_named(failed)}\n")
    return 0


def _error(log: GameLog) -> dict[str, Any] | None:
    """The game error that stopped the game: the log's last record (``read_log`` lets
    nothing follow one)."""
    last = log.records[-1] if log.records else None
    return last if last is not None and last["t"] == "error" else None


def _named(error: dict[str, Any]) -> str:
    return f"{error['kind']}: {error['message']}"


def _error_difference(stopped: dict[str, Any] | None, failed: dict[str, Any] | None) -> str | None:
    """How the replay's game error (``failed``) differs from the log's (``stopped``)."""
    if failed is None:
        if stopped is None:
            return None
        return f"the log ends with the game error {_named(stopped)}; the replay with none"
    if stopped is None:  # (a log without error records, older ones too)
        return f"the game failed with {_named(failed)}"
    if _named(stopped) != _named(failed):
        return (
            f"the log ends with the game error {_named(stopped)}; the replay with {_named(failed)}"
        )
    if (stopped["step"], stopped["hash"]) != (failed["step"], failed["hash"]):
        return (
            f"the log's game error came after {stopped['step']} engine steps (state "
            f"{stopped['hash']}), the replay's after {failed['step']} (state {failed['hash']})"
        )
    return None


def identical(steps: int) -> str:
    """The line that says a replay met every state hash of its log."""
    noun = "step" if steps == 1 else "steps"
    return f"replay identical: {steps} {noun}, every state hash verified\n"
