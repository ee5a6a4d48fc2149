"""What a scenario file says to its game's kernel, checked before it runs: the actions
(``do:``), the kinds of their keys and of setup keys the kernel declares
(``Kernel.scenario_actions``, ``scenario_action_fields``, ``scenario_setup_fields``,
``scenario_player_fields``) and the zones of the game's
registry. A misspelt action, a setup key of the wrong kind or an unknown zone is told at
its line, with the name meant; it used to stop the run with Python's words
("AttributeError: 'int' object has no attribute 'get'") or pass unnoticed (a card set up
in a zone the game does not have)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterator
from typing import Any

from jsonschema import Draft7Validator

from cardscript.cardfiles.schema_errors import schema_diagnostics
from cardscript.grammar.diagnostics import Diagnostic, did_you_mean, error
from cardscript.grammar.registry import Registry
from cardscript.interpreter.kernel import Kernel
from cardscript.schemas import scenario_validator


def kernel_problems(
    doc: Any,
    data: dict[str, Any],
    kernel: Kernel,
    registry: Registry,
    name_of: Callable[[Any, tuple[Any, ...]], str],
    cards: Collection[str] = (),
    seats: int = 8,
) -> list[Diagnostic]:
    """The problems of ``data`` (loaded from the YamlDocument ``doc``) for this kernel and
    game, in the order of the file; ``cards``: the ids the actions' decks may name;
    ``seats``: the players the game has."""
    found: list[Diagnostic] = []
    validator = _validator(type(kernel))
    if validator is not None:
        found.extend(schema_diagnostics(validator.iter_errors(data), doc, name_of))
    zones = {t.id for t in registry.terms("ZONE")} | set(kernel.inner_zones)
    for path, zone in _zones_named(data):
        if zone not in zones:
            found.append(
                error(
                    "CS-C005",
                    f'{registry.game} has no zone "{zone}"',
                    doc.key_span_of((*path, zone)),
                    did_you_mean(str(zone), zones) or "its zones: " + ", ".join(sorted(zones)),
                )
            )
    found.extend(_unknown_card(doc, p, c, cards) for p, c in _deck_cards(data) if c not in cards)
    found.extend(_seat_problems(doc, data, seats))
    return sorted(found, key=lambda d: d.sort_key())


def _seat_problems(doc: Any, data: dict[str, Any], seats: int) -> list[Diagnostic]:
    """A player the setup or an action names beyond the game's seats (an IndexError once)."""
    found = []
    setup = data.get("setup")
    players = setup.get("players") if isinstance(setup, dict) else None
    if isinstance(players, list) and len(players) > seats:
        message = f"the setup names {len(players)} players, but the game seats {seats}"
        found.append(error("CS-C008", message, doc.span_of(("setup", "players", seats))))
    actions = data.get("actions")
    for index, action in enumerate(actions if isinstance(actions, list) else []):
        for path, player in _seats_named(action if isinstance(action, dict) else {}):
            if type(player) is int and player >= seats:  # (not VS System's true/false)
                message = f'"player" is {player}, but the players are 0 to {seats - 1}'
                if path[0] == "no_other_questions":
                    message = f"no_other_questions names player {player}, but the players "
                    message += f"are 0 to {seats - 1}"
                where = doc.span_of(("actions", index, *path))
                found.append(error("CS-C008", message, where))
    return found


def _seats_named(action: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """The seats an action names: its player, its answers' players (an answer for a seat
    the game lacks would never be asked for), its ``no_other_questions``."""
    yield ("player",), action.get("player")
    answers = action.get("answers")
    for place, answer in enumerate(answers if isinstance(answers, list) else []):
        if isinstance(answer, dict):
            yield ("answers", place, "player"), answer.get("player")
    strict = action.get("no_other_questions")
    for place, seat in enumerate(strict if isinstance(strict, list) else []):
        yield ("no_other_questions", place), seat


# (a deck naming a card no file defines stopped the run with "KeyError: 'x'")
NOT_DEFINED = "which neither the bundled cards nor the scenario's card files (cards:) define"


def _unknown_card(
    doc: Any, path: tuple[Any, ...], card_id: str, cards: Collection[str]
) -> Diagnostic:
    message = f'the decks name card "{card_id}", {NOT_DEFINED}'
    return error("CS-C006", message, doc.span_of(path), did_you_mean(card_id, cards))


def _deck_cards(data: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Each card id an action's ``decks:`` names, with its path."""
    actions = data.get("actions")
    for index, action in enumerate(actions if isinstance(actions, list) else []):
        decks = action.get("decks") if isinstance(action, dict) else None
        for seat, deck in enumerate(decks if isinstance(decks, list) else []):
            for place, card_id in enumerate(deck if isinstance(deck, list) else []):
                if isinstance(card_id, str):
                    yield ("actions", index, "decks", seat, place), card_id


def _zones_named(data: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Each zone a player's setup or expectation names, with the path of its mapping."""
    setup = data.get("setup")
    players = setup.get("players") if isinstance(setup, dict) else None
    for index, spec in enumerate(players if isinstance(players, list) else []):
        zones = spec.get("zones") if isinstance(spec, dict) else None
        if isinstance(zones, dict):
            yield from ((("setup", "players", index, "zones"), str(z)) for z in zones)
    expect = data.get("expect")
    expected = expect.get("players") if isinstance(expect, dict) else None
    for name, spec in (expected if isinstance(expected, dict) else {}).items():
        zones = spec.get("zones") if isinstance(spec, dict) else None
        if isinstance(zones, dict):
            yield from ((("expect", "players", name, "zones"), str(z)) for z in zones)


def _validator(kernel: type[Kernel]) -> Draft7Validator | None:
    """The scenario schema with the kernel's own actions and setup keys, closed to others;
    None for a kernel that declares none (a plugin's: left open). Made once per kernel."""
    if kernel not in _VALIDATORS:
        _VALIDATORS[kernel] = _made(kernel)
    return _VALIDATORS[kernel]


_VALIDATORS: dict[type[Kernel], Draft7Validator | None] = {}
_SEAT = {"description": "A seat from 0.", "type": ["integer", "null"], "minimum": 0, "maximum": 7}


def _made(kernel: type[Kernel]) -> Draft7Validator | None:
    if not (kernel.scenario_actions or kernel.scenario_setup_fields or kernel.scenario_card_fields):
        return None
    schema = copy.deepcopy(scenario_validator().schema)  # (the envelope every game shares)
    parts = schema["definitions"]
    parts["setup"]["properties"].update(kernel.scenario_setup_fields)
    parts["setup"]["additionalProperties"] = False
    parts["setup_player"]["properties"].update(kernel.scenario_player_fields)
    parts["setup_player"]["additionalProperties"] = False
    parts["action"]["properties"].update(kernel.scenario_action_fields)
    if "player" not in kernel.scenario_action_fields:  # a seat, not yes or no (VS alone)
        parts["action"]["properties"]["player"] = _SEAT
    parts["setup_card"]["properties"].update(kernel.scenario_card_fields)
    if kernel.scenario_actions:
        parts["action"]["properties"]["do"] = {"enum": list(kernel.scenario_actions)}
    return Draft7Validator(schema)
