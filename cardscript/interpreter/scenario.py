"""Scenario tests: set up a state, act with scripted choices, assert state, events and log.

A scenario file (``*.scenario.yaml``) is data; rulebook examples become scenarios. Shape:

    game: pocket-duel            # a game with a kernel (see ``register_game``)
    scenario: PD-T02 Strength against Agility
    source: pocket-duel.md §15   # where the rule comes from (optional)
    seed: 1
    cards: [extra/cards.yaml]    # card files besides the game's bundled ones (optional)
    seats: 2                     # players at the table (optional; the game may seat fewer)
    setup:
      active: 0
      turn: 1
      phase: main
      variants: [challenge]      # game variants switched on (optional)
      players:
        - name: P1
          resources: {health: 10, energy: 0}
          zones: {hand: [pd-strength-card]}
    actions:                     # kernel actions, in order; ``answers`` feed their choices
      - {do: play, player: 0, card: pd-strength-card, answers: [[0]]}   # each one asked
      - {do: play, player: 0, card: pd-strength-card, allowed: false}   # must be refused
    expect:
      players: {P1: {resources: {energy: 1}, zones: {discard: [pd-strength-card]}}}
      cards: [{card: pd-strength-card, zone: discard, states: [], counters: {}}]
      events: [cancelled, damaged]      # in this order, others may come between
      log: ["deal_damage by pd-x at 1:1"]
      result: {winner: 0}

A file with ``deck:`` instead of ``setup``/``actions`` is a deck scenario
(``cardscript.decks.scenario``), one with ``card_file:`` a card-file scenario
(``cardscript.cardfiles.scenario``). Every difference is reported as expected against
actual, followed by the trace.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardscript.cardfiles.schema_errors import schema_diagnostics
from cardscript.cardfiles.yamlsource import load_yaml_file
from cardscript.grammar.diagnostics import Diagnostic, Span, error
from cardscript.interpreter.agents import IllegalAnswer, ScriptExhausted
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.playable import CardFileError, engine_factory, register_game
from cardscript.interpreter.scenario_answers import Answers
from cardscript.interpreter.scenario_check import NOT_DEFINED, kernel_problems
from cardscript.interpreter.scenario_failure import ScenarioMismatch
from cardscript.interpreter.transcript import change_line, transcript
from cardscript.schemas import scenario_validator
from cardscript.wording import as_written, differs

__all__ = ["ScenarioResult", "register_game", "run_scenario"]


@dataclass
class ScenarioResult:
    name: str
    path: str
    failures: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    error: str | None = None  # the scenario could not run at all
    refused: ScenarioError | None = None  # the file is not a scenario (error says where)
    # where each failure is in the file (the expectation, or the action whose check
    # failed), one per failure where known; where the run stopped, with ``error``
    places: list[Span] = field(default_factory=list)
    error_place: Span | None = None

    @property
    def passed(self) -> bool:
        return not self.failures and self.error is None

    def report(self) -> str:
        lines = [f"scenario {self.name!r} ({self.path})"]
        if self.error:
            where = f"{self.error_place}: " if self.error_place is not None else ""
            lines.append(f"  {where}could not run: {self.error}")
        for index, failure in enumerate(self.failures):
            where = f"{self.places[index]}: " if index < len(self.places) else ""
            lines.append(f"  {where}{failure}")
        if self.trace:
            lines.append("  trace:")
            lines.extend(f"    {t}" for t in self.trace[-40:])
        return "\n".join(lines)


class ScenarioError(ValueError):
    """A scenario file that is not a valid scenario: the first problem's words and where
    (1-based line and column), and every problem found as ``problems``."""

    def __init__(
        self,
        message: str,
        line: int = 1,
        column: int = 1,
        problems: Sequence[Diagnostic] = (),
    ) -> None:
        super().__init__(message)
        self.line, self.column = line, column
        self.problems = tuple(problems)


def load_scenario(path: str | Path) -> dict[str, Any]:
    """A scenario file's data, or a ``ScenarioError`` at its first problem: YAML that
    does not load (hostile files included: the card files' limits apply), or an envelope
    that ``scenario.schema.json`` refuses (a misspelt ``expect`` key, a list where a
    mapping belongs…)."""
    return _loaded(path)[1]


def _loaded(path: str | Path) -> tuple[Any, dict[str, Any]]:
    """``load_scenario``, with the YamlDocument its data came from (for positions)."""
    doc = load_yaml_file(path)
    problems = [d for d in doc.diagnostics if d.is_error]
    data = doc.data
    if not problems and isinstance(data, dict) and "game" in data:
        problems = schema_diagnostics(scenario_validator().iter_errors(data), doc, _scenario_part)
        problems.sort(key=lambda d: d.sort_key())
    elif not problems:
        raise ScenarioError("a scenario is a mapping with game, setup, actions, expect")
    if not problems:
        return doc, data  # type: ignore[return-value]  # a dict, checked above
    raise _refused(problems)


def _refused(problems: Sequence[Diagnostic]) -> ScenarioError:
    """The ScenarioError of a file's problems: the first one's words and place."""
    first = problems[0]
    where = (first.span.line, first.span.column) if first.span else (1, 1)
    message = first.message
    if first.code.startswith("CS-Y"):
        message = f"not valid YAML: {message}"
    return ScenarioError(message, *where, problems)


def _scenario_part(instance: Any, path: tuple[Any, ...]) -> str:
    """What the schema found a field missing from or foreign to, in the file's words."""
    if not path:
        return "a scenario"
    if path[0] == "setup":
        if len(path) == 2:
            return f'the setup\'s "{path[1]}"'
        return {1: "the setup", 3: "a player's setup"}.get(len(path), "this entry")
    if path[0] == "expect":
        if len(path) == 1:
            return '"expect"'
        part = {"players": "the expected player", "cards": "an expected card"}.get(path[1])
        if part is not None and len(path) == 3:
            return f'{part} "{path[2]}"' if path[1] == "players" else part
        if path[1] == "diagnostics" and len(path) == 3:
            return "an expected diagnostic"
        if path[1] == "result":
            return "the expected result"
    if path[0] == "actions" and len(path) == 4 and path[2] == "answers":
        return "an answer"  # (another player's: {player, choose})
    return "this entry"


def run_scenario(path: str | Path) -> ScenarioResult:
    try:
        doc, data = _loaded(path)
    except ScenarioError as exc:  # reported as the result's error, never raised
        result = ScenarioResult(Path(path).stem, str(path), refused=exc)
        result.error = f"not a scenario: {exc.line}:{exc.column}: {exc}"
        return result
    if "deck" in data:  # a deck-building example: the deck checker's, not a kernel's
        from cardscript.decks.scenario import run_deck_scenario

        return run_deck_scenario(path)
    if "card_file" in data:  # a card-file example: what validate reads from a file
        from cardscript.cardfiles.scenario import run_card_file_scenario

        return run_card_file_scenario(path)
    name = str(data.get("scenario", Path(path).stem))
    result = ScenarioResult(name, str(path))
    factory = engine_factory(str(data["game"]))
    if factory is None:
        result.error = f"no kernel for game {data['game']!r} yet"
        return result
    script = Answers()
    log = GameLog()
    extra = [Path(path).parent / p for p in data.get("cards", [])]
    engine = None
    place: tuple[str | int, ...] = ("setup",)  # what runs: the setup, then each action
    try:
        seats = [script.agent(n) for n in range(int(data.get("seats", 2)))]
        engine = factory(int(data.get("seed", 1)), seats, log, extra)
        problems = kernel_problems(
            doc,
            data,
            engine.kernel,
            engine.game.registry,
            _scenario_part,
            engine.pool.cards,
            len(engine.state.players),
        )
        if problems:
            refused = _refused(problems)
            result.refused = refused
            result.error = f"not a scenario: {refused.line}:{refused.column}: {refused}"
            return result
        _setup(engine, data.get("setup", {}))
        for index, action in enumerate(data.get("actions", [])):
            script.load(action)
            do, place = action.get("do"), ("actions", index)
            if do is not None:
                _perform(engine, str(do), _Action(action))
            unasked = script.unasked()
            if unasked is not None:  # a stale answer, or a question the game should ask
                if "answers" in action:  # (told at the answers, not the action's start)
                    place = ("actions", index, "answers")
                raise ScenarioMismatch(unasked)
    except MissingField as exc:  # told where the action is, as the schema tells its fields
        where = doc.span_of(place)
        missing = error("CS-S002", f'the action "{do}" needs the field "{exc.args[0]}"', where)
        result.refused = _refused([missing])
        result.error = f"not a scenario: {where.line}:{where.column}: {missing.message}"
        return result
    except (SetupError, CardFileError) as exc:  # the scenario's own mistake: no trace to show
        result.error = str(exc)
        return result
    except ScenarioMismatch as exc:  # a check of an action: failed, as ``expect:`` fails
        result.failures = [f"action {int(place[1]) + 1} ({do}): {exc}"]
        result.places = [doc.span_of(place)]
        result.trace = transcript(log, engine)
        return result
    except (IllegalAnswer, ScriptExhausted) as exc:  # the scenario's answers, in words
        told = "do not fit" if isinstance(exc, IllegalAnswer) else "ran out"
        result.error = f"the answers (answers:) {told}: {exc}"
        result.error_place = doc.span_of(place)
        result.trace = transcript(log, engine)
        return result
    except Exception as exc:  # the failure, not a crash: show it with the trace
        result.error = f"{type(exc).__name__}: {exc}"
        result.error_place = doc.span_of(place)
        result.trace = transcript(log, engine)
        return result
    found = _compare(engine, log, data.get("expect", {}))
    result.failures = [message for message, _ in found]
    # (a name the game has no player of: its key; else the value that differs)
    result.places = [
        doc.key_span_of(("expect", *at))
        if at[0] == "players" and len(at) == 2
        else doc.span_of(("expect", *at))
        for _, at in found
    ]
    if result.failures:
        result.trace = transcript(log, engine)
    return result


class MissingField(KeyError):
    """A key a kernel's action needs that the scenario's action lacks."""


class _Action(dict[str, Any]):
    """An action's keys, as the kernel reads them: one it needs and the file lacks is a
    ``MissingField`` (it was "could not run: KeyError: 'zone'", with no place)."""

    def __missing__(self, key: str) -> Any:
        raise MissingField(key)


def _perform(engine: Engine, name: str, action: dict[str, Any]) -> None:
    """One kernel action; with ``allowed: false`` the kernel must refuse it (a ValueError)."""
    if action.get("allowed", True) is not False:
        engine.kernel.scenario_action(engine, name, action)
        return
    try:
        engine.kernel.scenario_action(engine, name, action)
    except ValueError:
        return
    raise ValueError(f"the action {name} should have been refused")


class SetupError(ValueError):
    """A ``setup:`` the scenario's author must mend (a card id no card file defines)."""


def _unknown_card(engine: Engine, card_id: str, player: str, zone: str) -> str:
    message = f'setup: {player}\'s {zone} names card "{card_id}", {NOT_DEFINED}'
    near = difflib.get_close_matches(card_id, list(engine.pool.cards), n=1)
    return message + (f'; perhaps try "{near[0]}"' if near else "")


def _setup(engine: Engine, setup: Mapping[str, Any]) -> None:
    state = engine.state
    state.active = int(setup.get("active", 0))
    state.turn = int(setup.get("turn", 1))
    state.phase = str(setup.get("phase", state.phase))
    if "variants" in setup:  # lines labelled with a variant work only while it is on
        state.data["variants"] = [str(v) for v in setup["variants"]]
    for index, spec in enumerate(setup.get("players", [])):
        player = state.players[index]
        player.name = str(spec.get("name", player.name))
        player.resources.update({k: int(v) for k, v in spec.get("resources", {}).items()})
        for zone, cards in spec.get("zones", {}).items():
            for entry in cards:
                card_id, extra = (entry, {}) if isinstance(entry, str) else (entry["card"], entry)
                if str(card_id) not in engine.pool.cards:
                    raise SetupError(_unknown_card(engine, str(card_id), player.name, zone))
                card = state.create_card(str(card_id), index, zone)
                card.states.update(extra.get("states", []))
                card.counters.update(extra.get("counters", {}))
                card.face_up = bool(extra.get("face_up", True))
    engine.kernel.scenario_setup(engine, setup)


_Found = list[tuple[str, tuple[str | int, ...]]]  # a failure and its place under ``expect``


def _compare(engine: Engine, log: GameLog, expect: Mapping[str, Any]) -> _Found:
    """What differs from ``expect``: each failure with the path of the expectation."""
    failures: _Found = []
    state = engine.state
    by_name = {p.name: p for p in state.players}
    for name, wanted in expect.get("players", {}).items():
        player = by_name.get(str(name))
        if player is None:
            failures.append((f"players.{name}: no such player", ("players", name)))
            continue
        for key, value in wanted.get("resources", {}).items():
            actual = player.resources.get(key)
            if actual != value:
                at = ("players", name, "resources", key)
                failures.append((differs(f"players.{name}.{key}", value, actual), at))
        for zone, cards in wanted.get("zones", {}).items():
            held = [state.cards[u].card_id for u in player.zones.get(zone, [])]
            if sorted(held) != sorted(cards):
                at = ("players", name, "zones", zone)
                failures.append((differs(f"players.{name}.zones.{zone}", cards, held), at))
    for index, wanted in enumerate(expect.get("cards", [])):
        failures.extend((m, ("cards", index, *at)) for m, at in _compare_card(engine, wanted))
    events = [r["name"] for r in log.records if r["t"] == "event"]
    missing = _not_in_order(expect.get("events", []), events)
    if missing is not None:
        message = (
            f"events: expected {as_written(expect['events'])} in this order; "
            f"{as_written(missing)} did not come (events were {as_written(events)})"
        )
        failures.append((message, ("events", expect["events"].index(missing))))
    changes = [change_line(r) for r in log.records if r["t"] == "change"]
    for index, line in enumerate(expect.get("log", [])):
        if not any(line in c for c in changes):
            failures.append((f"log: no change matching {as_written(line)}", ("log", index)))
    if "result" in expect:
        for key, value in expect["result"].items():
            actual = (state.result or {}).get(key)
            if actual != value:
                failures.append((differs(f"result.{key}", value, actual), ("result", key)))
    return failures


def _compare_card(engine: Engine, wanted: Mapping[str, Any]) -> _Found:
    matches = [c for c in engine.state.cards.values() if c.card_id == wanted["card"]]
    if not matches:
        return [(f"cards.{wanted['card']}: not in the game", ("card",))]
    copy = int(wanted.get("copy", 0))
    if copy >= len(matches):
        return [
            (f"cards.{wanted['card']}: no copy {copy} (the game has {len(matches)})", ("copy",))
        ]
    card = matches[copy]
    out: _Found = []
    if "zone" in wanted and card.zone != wanted["zone"]:
        out.append((differs(f"cards.{card.card_id}.zone", wanted["zone"], card.zone), ("zone",)))
    if "states" in wanted and sorted(card.states) != sorted(wanted["states"]):
        said = differs(
            f"cards.{card.card_id}.states", sorted(wanted["states"]), sorted(card.states)
        )
        out.append((said, ("states",)))
    if "counters" in wanted:
        counters = {k: v for k, v in card.counters.items() if v}
        if counters != wanted["counters"]:
            said = differs(f"cards.{card.card_id}.counters", wanted["counters"], counters)
            out.append((said, ("counters",)))
    for stat, value in wanted.get("stats", {}).items():
        actual = engine.stat(card.uid, stat)
        if actual != value:
            out.append((differs(f"cards.{card.card_id}.{stat}", value, actual), ("stats", stat)))
    return out


def _not_in_order(wanted: list[str], seen: list[str]) -> str | None:
    position = 0
    for name in wanted:
        try:
            position = seen.index(name, position) + 1
        except ValueError:
            return name
    return None
