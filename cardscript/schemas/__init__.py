"""JSON Schemas (draft-07) for card files, one per game.

Each ``<game>.schema.json`` describes a whole card *file*: ``game``/``set``/``language``
plus a ``cards`` list, or a single card's properties at the top level next to
``game``/``set``. Cards are closed objects per card type: ``type`` selects a definition
(through ``allOf`` of ``if``/``then``) that lists every allowed property with
``additionalProperties: false``, so a misspelt field is an error reported at the card.

The files are package data and are read through :mod:`importlib.resources`, so they work
from an installed wheel as well as from a source checkout.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from jsonschema import Draft7Validator

from cardscript import GAMES

__all__ = ["CARD_TYPES", "GAMES", "load_schema", "scenario_validator", "schema_path", "validator"]

_SUFFIX = ".schema.json"


def _check_game(game: str) -> str:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; expected one of: {', '.join(GAMES)}")
    return game


def schema_path(game: str) -> Path:
    """The file system path of ``game``'s schema file.

    For editors and external tools (``check-jsonschema --schemafile``). Packages installed
    from a wheel are unpacked, so the path is a real file; use :func:`load_schema` to read it.
    """
    resource = resources.files(__name__).joinpath(_check_game(game) + _SUFFIX)
    return Path(str(resource))


@cache
def load_schema(game: str) -> dict[str, Any]:
    """The parsed schema of ``game`` (cached: the same dict each call, do not mutate it)."""
    resource = resources.files(__name__).joinpath(_check_game(game) + _SUFFIX)
    schema: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return schema


@cache
def validator(game: str) -> Draft7Validator:
    """A (cached) draft-07 validator for ``game``'s card files."""
    return Draft7Validator(load_schema(game))


@cache
def scenario_validator() -> Draft7Validator:
    """A (cached) validator for scenario files (``scenario.schema.json``): the envelope
    every game shares; a kernel's own actions and setup keys are left open."""
    resource = resources.files(__name__).joinpath("scenario" + _SUFFIX)
    return Draft7Validator(json.loads(resource.read_text(encoding="utf-8")))


def _card_types(game: str) -> tuple[str, ...]:
    return tuple(load_schema(game)["definitions"]["card_type"]["enum"])


CARD_TYPES: dict[str, tuple[str, ...]] = {game: _card_types(game) for game in GAMES}
"""The card types (values of a card's ``type``) of each game, in schema order."""


@cache
def quick_check(game: str) -> Callable[[Any], bool]:
    """Is this card file valid? A compiled check, about ten times faster than jsonschema;
    validate asks jsonschema for the errors only when this says no."""
    from cardscript.schemas.fastcheck import compile_schema

    compiled = compile_schema(load_schema(game))
    if compiled is None:
        checker = validator(game)
        return lambda data: checker.is_valid(data)
    return compiled
