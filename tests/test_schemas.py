"""The per-game card-file JSON Schemas (cardscript/schemas/<game>.schema.json).

Fixtures live in tests/fixtures/schemas/<game>/: ``valid.yaml`` holds at least one card of
every card type and must validate with zero errors; every ``invalid/*.yaml`` states the
exact errors it must produce in ``# expect: <json-pointer> <validator keyword>`` header
lines, so a schema that loosens (or tightens) makes these tests fail.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft7Validator
from jsonschema.exceptions import ValidationError, best_match

from cardscript import GAMES
from cardscript.schemas import CARD_TYPES, load_schema, schema_path, validator

FIXTURES = Path(__file__).parent / "fixtures" / "schemas"
DRAFT_07 = "http://json-schema.org/draft-07/schema#"
FILE_KEYS = ("game", "set", "set_name", "language")

#: Invalid fixtures every game must have (one per kind of mistake).
REQUIRED_INVALID = {
    "misspelt_field",  # additionalProperties at the card
    "wrong_type",  # a value of the wrong JSON type
    "missing_required",  # a type-specific required field is absent
    "unknown_type",  # `type` outside the game's enum
    "out_of_range",  # minimum / maximum
}

EXPECTED_CARD_TYPES = {
    "vs-system": ("character", "equipment", "location", "plot_twist"),
    "pocket-duel": (
        "hero",
        "strength",
        "weapon",
        "intellect",
        "defense",
        "agility",
        "rest",
        "superpower",
        "automa_card",
        "automa_hero",
        "automa_legacy",
    ),
    "berserk": ("creature", "terrain", "artifact", "equipment"),
    "marvel-champions": (
        "hero",
        "alter_ego",
        "ally",
        "event",
        "support",
        "upgrade",
        "resource",
        "player_side_scheme",
        "villain",
        "main_scheme",
        "side_scheme",
        "minion",
        "treachery",
        "attachment",
        "environment",
        "obligation",
    ),
    "vanguard": ("unit",),
}

_EXPECT = re.compile(r"^#\s*expect:\s*(\S+)\s+(\S+)\s*$")


# --------------------------------------------------------------------------- helpers


def _load_yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _pointer(error: ValidationError) -> str:
    return "/" + "/".join(str(part) for part in error.absolute_path)


def _errors(game: str, instance: Any) -> list[tuple[str, str]]:
    return sorted((_pointer(e), str(e.validator)) for e in validator(game).iter_errors(instance))


def _expectations(path: Path) -> list[tuple[str, str]]:
    expected = []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _EXPECT.match(line)
        if match:
            expected.append((match.group(1), match.group(2)))
    return sorted(expected)


def _invalid_fixtures() -> list[tuple[str, Path]]:
    return [(g, p) for g in GAMES for p in sorted((FIXTURES / g / "invalid").glob("*.yaml"))]


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        ref = node["$ref"]
        assert ref.startswith("#/"), ref
        target: Any = schema
        for part in ref[2:].split("/"):
            target = target[part]
        node = target
    return node


def _card_definitions(schema: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every per-type card definition and its single-card-file twin."""
    for target in _dispatch_targets(schema, "card"):
        yield target, schema["definitions"][target]
        yield target + "_file", schema["definitions"][target + "_file"]


def _definition_for(schema: dict[str, Any], card: dict[str, Any]) -> dict[str, Any]:
    """The card definition the ``card`` envelope dispatches ``card`` to."""
    (target,) = [
        branch["then"]
        for branch in schema["definitions"]["card"]["allOf"]
        if Draft7Validator(branch["if"]).is_valid(card)
    ]
    return _resolve(schema, target)


def _dispatch_targets(schema: dict[str, Any], envelope: str) -> list[str]:
    return [
        branch["then"]["$ref"].removeprefix("#/definitions/")
        for branch in schema["definitions"][envelope]["allOf"]
    ]


# --------------------------------------------------------------------------- the schema files


@pytest.mark.parametrize("game", GAMES)
def test_schema_is_valid_draft07(game: str) -> None:
    schema = load_schema(game)
    Draft7Validator.check_schema(schema)
    assert schema["$schema"] == DRAFT_07
    assert schema["$id"] == f"https://cardscript.dev/schemas/{game}.schema.json"
    assert schema["definitions"]["game"]["const"] == game
    assert schema["required"] == ["game", "set"]


@pytest.mark.parametrize("game", GAMES)
def test_schema_file_and_loader(game: str) -> None:
    path = schema_path(game)
    assert path.name == f"{game}.schema.json"
    assert json.loads(path.read_text(encoding="utf-8")) == load_schema(game)
    assert load_schema(game) is load_schema(game)  # cached


def test_unknown_game_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown game 'magic'"):
        load_schema("magic")
    with pytest.raises(ValueError, match="unknown game"):
        schema_path("magic")


def test_card_types() -> None:
    assert CARD_TYPES == EXPECTED_CARD_TYPES
    for game in GAMES:
        assert CARD_TYPES[game] == tuple(load_schema(game)["definitions"]["card_type"]["enum"])


@pytest.mark.parametrize("game", GAMES)
def test_every_card_type_is_dispatched(game: str) -> None:
    schema = load_schema(game)
    dispatched = {
        branch["if"]["properties"]["type"]["const"]
        for branch in schema["definitions"]["card"]["allOf"]
    }
    assert dispatched == set(CARD_TYPES[game])
    for branch in schema["definitions"]["card"]["allOf"]:
        assert "type" in branch["if"]["required"]


@pytest.mark.parametrize("game", GAMES)
def test_card_definitions_are_closed_and_described(game: str) -> None:
    schema = load_schema(game)
    for name, definition in _card_definitions(schema):
        assert definition["additionalProperties"] is False, name
        assert definition["description"], name
        for prop, prop_schema in definition["properties"].items():
            if name.endswith("_file") and prop in FILE_KEYS:
                continue  # validated (and described) by the root schema
            assert _resolve(schema, prop_schema).get("description"), (name, prop)
    for prop, prop_schema in schema["properties"].items():
        assert _resolve(schema, prop_schema).get("description"), prop


@pytest.mark.parametrize("game", GAMES)
def test_single_card_definitions_mirror_card_definitions(game: str) -> None:
    """Each ``<x>_card_file`` is ``<x>_card`` plus game/set/language (kept in sync by hand)."""
    schema = load_schema(game)
    defs = schema["definitions"]
    assert [t + "_file" for t in _dispatch_targets(schema, "card")] == _dispatch_targets(
        schema, "single_card_file"
    )
    for target in _dispatch_targets(schema, "card"):
        card, single = defs[target], defs[target + "_file"]
        assert list(single["properties"]) == [*FILE_KEYS, *card["properties"]], target
        for prop, prop_schema in card["properties"].items():
            mirrored = _resolve(schema, single["properties"][prop])
            assert mirrored == _resolve(schema, prop_schema), (target, prop)
        for key in ("type", "required", "allOf", "additionalProperties"):
            assert single.get(key) == card.get(key), (target, key)
    ifs = [b["if"] for b in defs["card"]["allOf"]]
    assert ifs == [b["if"] for b in defs["single_card_file"]["allOf"]]


# --------------------------------------------------------------------------- valid fixtures


@pytest.mark.parametrize("game", GAMES)
def test_valid_fixture_has_every_card_type(game: str) -> None:
    data = _load_yaml(FIXTURES / game / "valid.yaml")
    assert data["game"] == game
    assert {card["type"] for card in data["cards"]} == set(CARD_TYPES[game])
    ids = [card["id"] for card in data["cards"]]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("game", GAMES)
def test_valid_fixture_validates(game: str) -> None:
    data = _load_yaml(FIXTURES / game / "valid.yaml")
    assert _errors(game, data) == []


@pytest.mark.parametrize("game", GAMES)
def test_valid_cards_as_single_card_files(game: str) -> None:
    data = _load_yaml(FIXTURES / game / "valid.yaml")
    for card in data["cards"]:
        single = {"game": game, "set": data["set"], "language": 1, **card}
        assert _errors(game, single) == [], card["id"]


@pytest.mark.parametrize("game", GAMES)
def test_every_card_definition_is_reached_by_a_valid_card(game: str) -> None:
    """Each dispatch target except the fallbacks for a missing discriminator is exercised."""
    schema = load_schema(game)
    data = _load_yaml(FIXTURES / game / "valid.yaml")
    reached = {_definition_for(schema, card)["title"] for card in data["cards"]}
    fallbacks = {"superpower_card", "main_scheme_card"}
    targets = set(_dispatch_targets(schema, "card")) - fallbacks
    assert {schema["definitions"][t]["title"] for t in targets} == reached


# --------------------------------------------------------------------------- invalid fixtures


@pytest.mark.parametrize("game", GAMES)
def test_invalid_fixtures_cover_every_kind_of_mistake(game: str) -> None:
    names = {p.stem for p in (FIXTURES / game / "invalid").glob("*.yaml")}
    assert names >= REQUIRED_INVALID


@pytest.mark.parametrize(
    ("game", "path"), _invalid_fixtures(), ids=lambda v: v if isinstance(v, str) else v.stem
)
def test_invalid_fixture_errors(game: str, path: Path) -> None:
    expected = _expectations(path)
    assert expected, f"{path} has no '# expect:' lines"
    assert _errors(game, _load_yaml(path)) == expected


@pytest.mark.parametrize("game", GAMES)
def test_misspelt_field_is_reported_at_the_card(game: str) -> None:
    data = _load_yaml(FIXTURES / game / "invalid" / "misspelt_field.yaml")
    error = best_match(validator(game).iter_errors(data))
    assert error is not None
    assert _pointer(error) == "/cards/0"
    assert error.validator == "additionalProperties"
    card = data["cards"][0]
    (misspelt,) = set(card) - set(_definition_for(load_schema(game), card)["properties"])
    assert f"'{misspelt}' was unexpected" in error.message


@pytest.mark.parametrize("game", GAMES)
def test_unknown_type_gives_one_clear_error(game: str) -> None:
    data = _load_yaml(FIXTURES / game / "invalid" / "unknown_type.yaml")
    (error,) = validator(game).iter_errors(data)
    assert error.validator == "enum"
    assert list(error.validator_value) == list(CARD_TYPES[game])


@pytest.mark.parametrize("game", GAMES)
def test_single_card_file_misspelt_field_is_reported_at_the_root(game: str) -> None:
    data = _load_yaml(FIXTURES / game / "valid.yaml")
    single = {"game": game, "set": data["set"], **data["cards"][0], "flavour": "typo"}
    assert _errors(game, single) == [("/", "additionalProperties")]


@pytest.mark.parametrize("game", GAMES)
def test_file_needs_game_and_set(game: str) -> None:
    data = _load_yaml(FIXTURES / game / "valid.yaml")
    del data["set"]
    assert _errors(game, data) == [("/", "required")]


# --------------------------------------------------------------------------- game specifics


def test_mc2_t_110_ally_consequential_damage_defaults_to_zero() -> None:
    ally = load_schema("marvel-champions")["definitions"]["ally_card"]
    assert ally["properties"]["atk_consequential"]["default"] == 0
    assert ally["properties"]["thw_consequential"]["default"] == 0
    assert "atk_consequential" not in ally["required"]
    card = {
        "id": "city-patrol",
        "name": "City Patrol",
        "type": "ally",
        "aspect": "justice",
        "cost": 3,
        "thw": 2,
        "atk": 1,
        "hit_points": 3,
    }
    doc = {"game": "marvel-champions", "set": "MC90", "cards": [card]}
    assert _errors("marvel-champions", doc) == []
    doc["cards"] = [{**card, "def": 2}]
    assert _errors("marvel-champions", doc) == [("/cards/0", "additionalProperties")]


def test_mc2_t_111_hero_accepts_a_dash_power() -> None:
    hero = {
        "id": "kestrel-hero",
        "name": "Kestrel",
        "type": "hero",
        "back": "kestrel-alter-ego",
        "thw": "-",
        "atk": 2,
        "def": "-",
        "hit_points": 10,
        "hand_size": 5,
    }
    doc = {"game": "marvel-champions", "set": "MC90", "cards": [hero]}
    assert _errors("marvel-champions", doc) == []


def test_berserk_elements_single_and_multi() -> None:
    base = {
        "id": "t-1",
        "name": "Тест",
        "type": "terrain",
        "cost": 1,
        "elite": False,
    }
    good: list[Any] = ["neutral", "fire", ["forest", "mountains"], ["steppe", "swamps", "darkness"]]
    for element in good:
        doc = {"game": "berserk", "set": "T", "cards": [{**base, "element": element}]}
        assert _errors("berserk", doc) == [], element
    bad: list[Any] = [["forest"], ["forest", "forest"], "Лес", 3]
    for element in bad:
        doc = {"game": "berserk", "set": "T", "cards": [{**base, "element": element}]}
        assert _errors("berserk", doc) == [("/cards/0/element", "anyOf")], element


def test_vanguard_trigger_unit_is_a_unit() -> None:
    data = _load_yaml(FIXTURES / "vanguard" / "valid.yaml")
    triggers = {card["trigger"] for card in data["cards"]}
    assert triggers == {"none", "draw", "critical", "heal", "stand"}


# --------------------------------------------------------------------------- check-jsonschema


def _jsonpath_to_pointer(path: str) -> str:
    parts = re.findall(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]", path.removeprefix("$"))
    return "/" + "/".join(name or index for name, index in parts)


@pytest.mark.skipif(
    shutil.which("check-jsonschema") is None, reason="check-jsonschema not installed"
)
@pytest.mark.parametrize("game", GAMES)
def test_check_jsonschema_cli_agrees(game: str) -> None:
    """The bench compares against check-jsonschema (ECMAScript regexes, its YAML loader)."""
    folder = FIXTURES / game
    invalid = sorted((folder / "invalid").glob("*.yaml"))
    result = subprocess.run(
        [
            "check-jsonschema",
            "--output-format",
            "json",
            "--schemafile",
            str(schema_path(game)),
            str(folder / "valid.yaml"),
            *map(str, invalid),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    found: dict[str, list[str]] = {}
    for error in report["errors"]:
        found.setdefault(Path(error["filename"]).name, []).append(
            _jsonpath_to_pointer(error["path"])
        )
    assert "valid.yaml" not in found
    for path in invalid:
        assert sorted(found.get(path.name, [])) == sorted(p for p, _ in _expectations(path)), path

    meta = subprocess.run(
        ["check-jsonschema", "--check-metaschema", str(schema_path(game))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert meta.returncode == 0, meta.stdout + meta.stderr


def test_a_card_is_named_by_its_type_with_the_right_article() -> None:
    from cardscript.cardfiles.checkfile import check_file

    fixtures = Path(__file__).parent / "fixtures" / "schemas"
    said = {
        "marvel-champions/invalid/ally_with_def.yaml": 'an ally card has no field "def"',
        "marvel-champions/invalid/obligation_without_owner.yaml": (
            'an obligation card needs the field "owner"'
        ),
        "pocket-duel/invalid/automa_card_without_number.yaml": (
            'an automa card needs the field "number"'  # (its type names the card already)
        ),
        "vanguard/invalid/misspelt_field.yaml": 'a unit card has no field "critcal"',
        "berserk/invalid/missing_required.yaml": (
            'an equipment card needs the field "equipment_classes"'
        ),
    }
    for name, message in said.items():
        found = [d.message for d in check_file(str(fixtures / name)).diagnostics]
        assert message in found, (name, found)
