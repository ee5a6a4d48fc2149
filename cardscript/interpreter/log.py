"""The action log: JSON Lines, one record per decision, change, event and step, each step
closed by a hash of the whole state so a replay can prove it is the same game.

Records: {"t": "game", …header…} first; then {"t": "decision", "player", "kind",
"prompt", "answer"}, {"t": "random", "player", "prompt", "picked", "labels"} (cards the
game picked at random: no answer to replay), {"t": "change", "change", "args", "cause":
{card, ability, at}}, {"t": "event", "name", …}, {"t": "step", "n", "hash"}; last
{"t": "result", …}, or, for a game stopped by a game error, {"t": "error", "kind",
"message", "step", "hash"}: the error's type and message (no traceback), the engine's
step count and the state's hash then.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, Protocol

from cardscript.grammar.diagnostics import article
from cardscript.interpreter.select import Seat
from cardscript.safe_read import json_value

if TYPE_CHECKING:
    from cardscript.interpreter.agents import Decision
    from cardscript.interpreter.engine import Cause, Engine, Event


class TextSink(Protocol):
    """Where a log's lines go: an open file, or a ``safe_write.Output``."""

    def write(self, text: str, /) -> int: ...


@dataclass
class GameLog:
    """Collects records in memory and, if given a stream, writes them as they come."""

    stream: TextSink | None = None
    records: list[dict[str, Any]] = field(default_factory=list)
    with_events: bool = True

    def write(self, record: dict[str, Any]) -> None:
        self.records.append(record)
        if self.stream is not None:
            self.stream.write(json.dumps(record, ensure_ascii=False, default=_plain) + "\n")

    def header(self, **data: Any) -> None:
        self.write({"t": "game", **data})

    def decision(self, engine: Engine, decision: Decision, answer: tuple[int, ...]) -> None:
        self.write(
            {
                "t": "decision",
                "player": decision.player,
                "kind": decision.kind,
                "prompt": decision.prompt,
                "answer": list(answer),
                "labels": [decision.labels[i] for i in answer if i < len(decision.labels)],
            }
        )

    def random(self, engine: Engine, player: int, prompt: str, picked: list[Any]) -> None:
        """Cards the game picked at random for ``player``'s text: nobody chose them."""
        self.write(
            {
                "t": "random",
                "player": player,
                "prompt": prompt,
                "picked": picked,
                "labels": [engine.describe(t) for t in picked],
            }
        )

    def change(self, engine: Engine, change: str, cause: Cause, args: dict[str, Any]) -> None:
        shown = {k: v for k, v in args.items() if not k.startswith("_")}
        self.write({"t": "change", "change": change, "args": shown, "cause": cause.as_dict()})

    def event(self, engine: Engine, event: Event) -> None:
        if self.with_events:
            self.write(
                {
                    "t": "event",
                    "name": event.name,
                    "subject": event.subject,
                    "player": event.player,
                    "amount": event.amount,
                }
            )

    def step(self, engine: Engine, label: str) -> None:
        self.write(
            {"t": "step", "n": engine.steps, "label": label, "hash": engine.state.state_hash()}
        )

    def result(self, engine: Engine) -> None:
        self.write(
            {"t": "result", **(engine.state.result or {}), "hash": engine.state.state_hash()}
        )

    def error(self, engine: Engine, exc: Exception) -> None:
        """The game error that stopped the game: a replay checks that the same one comes
        back at the same point."""
        self.write(
            {
                "t": "error",
                "kind": type(exc).__name__,
                "message": str(exc),
                "step": engine.steps,
                "hash": engine.state.state_hash(),
            }
        )

    def answers(self, player: int) -> list[list[int]]:
        """What ``player`` answered, in order: a replay feeds these to a ScriptedAgent."""
        return [r["answer"] for r in self.records if r["t"] == "decision" and r["player"] == player]

    def hashes(self) -> list[str]:
        return [r["hash"] for r in self.records if r["t"] in ("step", "result")]


def _plain(value: Any) -> Any:
    if isinstance(value, Seat):
        return {"player": value.index}
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


class LogError(ValueError):
    """A log file that is not a game log, and the line (1-based) where it stops being one."""

    def __init__(self, message: str, line: int, column: int | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.column = column  # where in the line, when the line is not JSON

    @property
    def where(self) -> str:
        """ "6" or "6:12": the line, and the column when one is known."""
        return f"{self.line}" if self.column is None else f"{self.line}:{self.column}"


def read_log(stream: IO[str]) -> list[dict[str, Any]]:
    """The records of a log, each checked for the fields a replay reads."""
    records: list[dict[str, Any]] = []
    for number, raw in enumerate(stream, 1):
        line = raw.strip()
        if not line:
            continue
        try:
            record = json_value(line)
        except json.JSONDecodeError as exc:
            column = len(raw) - len(raw.lstrip()) + exc.colno
            raise LogError(f"not a log record ({exc.msg})", number, column) from None
        problem = _record_problem(record, first=not records)
        if problem is None and records and records[-1]["t"] == "error":
            problem = 'nothing follows an "error" record: the game stopped there'
        if problem is not None:
            raise LogError(problem, number)
        records.append(record)
    return records


# the fields a replay reads, per record type: (field, what it must be, its check)
_TEXT = ("text", lambda v: isinstance(v, str))
_WHOLE = ("a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool))
_WORDS = ("a list of words", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v))
_FIELDS: dict[str, tuple[tuple[str, str, Any], ...]] = {
    "game": (
        ("game", *_TEXT),
        ("seed", *_WHOLE),
        (
            "decks",
            "a list of decks (lists of card ids)",
            lambda v: isinstance(v, list) and all(_WORDS[1](d) for d in v),
        ),
    ),
    "decision": (
        ("player", "a seat number", _WHOLE[1]),
        (
            "answer",
            "a list of option numbers",
            lambda v: isinstance(v, list) and all(_WHOLE[1](x) for x in v),
        ),
    ),
    "step": (("hash", *_TEXT),),
    "result": (("hash", *_TEXT),),
    "error": (
        ("kind", *_TEXT),
        ("message", *_TEXT),
        ("step", *_WHOLE),
        ("hash", *_TEXT),
    ),
    "change": (),
    "event": (),
    "random": (),
}
_OPTIONAL = {
    "agents": _WORDS,
    "cards": _WORDS,
    "variants": ("a list of words", lambda v: v is None or _WORDS[1](v)),
    "format": ("text", lambda v: v is None or isinstance(v, str)),
}


def _record_problem(record: Any, first: bool) -> str | None:
    if not isinstance(record, dict):
        return "a log record is a JSON object"
    kind = record.get("t")
    if first and kind != "game":
        return "a log starts with its game header"
    if not isinstance(kind, str) or kind not in _FIELDS:  # (any JSON value: a list too)
        return f"no log record type {kind!r}; the types are: " + ", ".join(_FIELDS)
    for name, what, fits in _FIELDS[kind]:
        if name not in record:
            return f'{article(kind)} "{kind}" record needs "{name}"'
        if not fits(record[name]):
            return f'"{name}" of {article(kind)} "{kind}" record must be {what}'
    if kind == "game":
        for name, (what, fits) in _OPTIONAL.items():
            if name in record and not fits(record[name]):
                return f'"{name}" of a "game" record must be {what}'
    return None
