"""``cardscript replay``: re-run a logged game and verify it is the same game.

The game is rebuilt from the log's header, every decision answered from the log and every
state hash checked; a game that stopped with a game error must stop with the same error
at the same point. Exit codes: 0 identical; 1 it differs ("replay differs …"), or the
log's content is wrong (not a log, or a header that cannot be played: "error: file:line:
…"); 2 a usage or I/O error (the log cannot be read, a plugin cannot be loaded); 3 an
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
        return 2 if text.code == "CS-IO1" else 1  # (too large, not UTF-8: not a log)
    try:
        _load_plugins(plugins)
    except PlayError as exc:
        _err(f"error: {exc}")
        return exc.exit_code
    try:
        records = read_log(io.StringIO(text))
    except LogError as exc:
        _err(f"error: {log_file}:{exc.where}: {exc}")
        return 1
    lines = _record_lines(text)
    if not records:
        _err(f"error: {log_file}:1: the file is empty; a log starts with its game header")
        return 1
    header = records[0]
    where = f"{log_file}:{lines[0]}"
    logged = GameLog(records=records)
    decks = header["decks"]
    agents: list[Agent] = [ScriptedAgent(logged.answers(n)) for n in range(len(decks))]
    replay = GameLog()
    game = header["game"]
    try:
        engine = _engine(where, header, agents, replay)
    except PlayError as exc:
        _err(f"error: {exc}")
        return exc.exit_code
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
    except PlayError as exc:  # (the header's content: not a usage error of ``replay``)
        _err(f"error: {where}: {exc}")
        return 1
    except GAME_ERRORS:
        pass  # (written into ``replay``: compared with the log's below)
    except (ScriptExhausted, IllegalAnswer) as exc:  # the log's answers no longer fit
        step = len(replay.hashes()) + 1
        _err(f"replay differs at step {step}: {_misfit(exc, logged, replay, log_file, lines)}")
        return 1
    # anything else is a bug of the engine: an internal error, as ``play`` says it (exit 3)
    return _compare(logged, replay)


def _record_lines(text: str) -> list[int]:
    """The line of each record: those that are not blank (``read_log`` skips those)."""
    return [n for n, line in enumerate(text.split("\n"), 1) if line.strip()]


def _misfit(
    exc: ScriptExhausted | IllegalAnswer,
    logged: GameLog,
    replay: GameLog,
    log_file: str,
    lines: list[int],
) -> str:
    """How the log's answers fail the replay's decision, in words: none left, or the
    answer at its line that is not one of the options."""
    decision = exc.decision
    if decision is None:  # (not raised by a replay's scripted agent: said as it is)
        return str(exc)
    asked = f'player {decision.player + 1}\'s decision "{decision.prompt}"'
    if isinstance(exc, ScriptExhausted):
        return f"the log ran out of answers: it has none left for {asked}"
    # the answer failed is the player's next after those the replay has taken
    taken = sum(r["t"] == "decision" and r["player"] == decision.player for r in replay.records)
    index = [
        n
        for n, r in enumerate(logged.records)
        if r["t"] == "decision" and r["player"] == decision.player
    ][taken]
    answer, count = list(exc.answer), len(decision.options)
    shown = f"{answer[0]}" if len(answer) == 1 else f"{answer}"
    if decision.kind == "order":
        fits = f"is not an order of its {count} options"
    elif len(answer) == 1 and decision.least <= 1 <= decision.most:
        fits = f"is not one of its {count} options (0 to {count - 1})"
    else:
        least, most = decision.least, decision.most
        between = f"{least}" if least == most else f"{least} to {most}"
        fits = f"does not pick {between} of its {count} options, each once"
    return f"the log's answer {shown} at {log_file}:{lines[index]} to {asked} {fits}"


def _engine(where: str, header: dict[str, Any], agents: list[Agent], log: GameLog) -> Engine:
    """The logged game's engine. A game that cannot be played is an error at the header's
    line; an extra card file's problem names that file itself."""
    try:
        playable(header["game"])
    except PlayError as exc:
        raise PlayError(f"{where}: {exc}", content=True) from None
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
        _out(f"the game stopped, as logged, with {_named(failed)}\n")
    return 0


def _error(log: GameLog) -> dict[str, Any] | None:
    """The game error that stopped the game: the log's last record (``read_log`` lets
    nothing follow one)."""
    last = log.records[-1] if log.records else None
    return last if last is not None and last["t"] == "error" else None


# a logged game error's kind (its class, ``GameLog.error``) in words
_KINDS = {
    "RulesError": "a rules error",
    "LoopDetected": "an endless loop",
    "BudgetExceeded": "a runaway game",
}


def _named(error: dict[str, Any]) -> str:
    """A logged game error in words: "an endless loop: these cards …"."""
    kind = _KINDS.get(error["kind"], f"the game error {error['kind']}")
    return f"{kind}: {error['message']}"


def _error_difference(stopped: dict[str, Any] | None, failed: dict[str, Any] | None) -> str | None:
    """How the replay's game error (``failed``) differs from the log's (``stopped``)."""
    if failed is None:
        if stopped is None:
            return None
        return f"the log ends with {_named(stopped)}; the replay with none"
    if stopped is None:  # (a log without error records, older ones too)
        return f"the game stopped with {_named(failed)}"
    if _named(stopped) != _named(failed):
        return f"the log ends with {_named(stopped)}; the replay with {_named(failed)}"
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
