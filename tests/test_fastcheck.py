"""The compiled schema check agrees with jsonschema on every fixture and on mutations."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript import GAMES
from cardscript.schemas import load_schema, quick_check, validator
from cardscript.schemas.fastcheck import compile_schema

FIXTURES = Path(__file__).parent / "fixtures" / "schemas"
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 10_001),
    st.floats(allow_nan=False),
    st.text(max_size=6),
    st.sampled_from(["-", "X", "character", "unit", "hero", "1-2-3", "justice", "draw"]),
    st.lists(st.sampled_from(["a", "energy", "mental", 3]), max_size=3),
)


def _files(game: str) -> list[tuple[str, object]]:
    return [
        (str(p), yaml.safe_load(p.read_text("utf-8")))
        for p in sorted((FIXTURES / game).rglob("*.yaml"))
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_schema_compiles_and_agrees_on_the_fixtures(game: str) -> None:
    assert compile_schema(load_schema(game)) is not None
    check = quick_check(game)
    for path, data in _files(game):
        assert check(data) == validator(game).is_valid(data), path


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_agrees_with_jsonschema_on_mutated_cards(game: str, data: st.DataObject) -> None:
    valid = yaml.safe_load((FIXTURES / game / "valid.yaml").read_text("utf-8"))
    doc = copy.deepcopy(valid)
    card = data.draw(st.sampled_from(doc["cards"]))
    for _ in range(data.draw(st.integers(1, 3))):
        keys = [*card.keys(), "extra", "cost", "type", "grade", "aspect"]
        key = data.draw(st.sampled_from(keys))
        if data.draw(st.booleans()) and key in card:
            del card[key]
        else:
            card[key] = data.draw(VALUES)
    assert quick_check(game)(doc) == validator(game).is_valid(doc)
