"""A game refuses text by one entry of its registry's ``refuse:``, checked in one place
(grammar/refusal_check.py); a wrong entry stops the registry from loading."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from cardscript.grammar.checks import check_script
from cardscript.grammar.parser import parse_script
from cardscript.grammar.refusals import RegistryError
from cardscript.grammar.registry import Registry, registry_from_data

TESTGAME = Path(__file__).parent / "testgame" / "registry.yaml"


def _data(*refuse: dict[str, Any]) -> dict[str, Any]:
    """The tiny test game's registry, with a label and the entries given."""
    data = dict(yaml.safe_load(TESTGAME.read_text("utf-8")))
    data["labels"] = [{"id": "rite", "forms": ["Rite"]}]
    return {**data, "refuse": list(refuse)} if refuse else data


def _problems(registry: Registry, text: str) -> list[tuple[str, int, int, str, tuple[str, ...]]]:
    result = parse_script(text, registry)
    assert result.diagnostics == ()
    return [
        (d.code, d.span.line, d.span.column, d.message, d.hints)
        for d in check_script(result.script, registry)
        if d.span is not None
    ]


def test_a_refusal_added_to_a_registry_refuses_its_text_at_the_action() -> None:
    text = "When this enters play, draw 1 card."
    assert _problems(registry_from_data(_data()), text) == []
    entry = {
        "what": "core action",
        "verb": "draw",
        "reason": "the deck is dealt out at the start",
        "instead": "return target card from your discard pile to your hand",
    }
    assert _problems(registry_from_data(_data(entry)), text) == [
        (
            "CS-T009",
            1,
            24,
            '"draw" means nothing in Test Game: the deck is dealt out at the start',
            ('perhaps try "return target card from your discard pile to your hand"',),
        )
    ]


def test_each_kind_of_refusal_has_its_code_sentence_and_place() -> None:
    registry = registry_from_data(
        _data(
            {"what": "activated ability", "reason": "nothing is ever activated"},
            {"what": "game verb", "verb": "ready", "reason": "cards ready in the ready step"},
            {"what": "core action", "verb": "deal", "aim": "creature", "reason": "no damage"},
            {
                "what": "into zone",
                "zone": "hand",
                "kinds": ["exhausted", "spell"],
                "reason": "the hand holds what was drawn",
                "instead": "put target creature into your hand",
            },
        )
    )
    assert _problems(registry, "Exhaust this → ready target creature.") == [
        ("CS-T008", 1, 1, "an activated ability is never used in Test Game: nothing is "
         "ever activated", ()),
        ("CS-T007", 1, 16, '"ready" cannot be an effect in Test Game: cards ready in the '
         "ready step", ()),
    ]  # fmt: skip
    assert _problems(registry, "When this attacks, deal 2 damage to target creature.") == [
        ("CS-T009", 1, 20, '"deal" to a creature means nothing in Test Game: no damage', ())
    ]
    assert _problems(registry, "When this attacks, put target exhausted card into your hand.") == [
        (
            "CS-T010",
            1,
            31,
            "an exhausted card never goes into the hand in Test Game: the hand holds what "
            "was drawn",
            ('perhaps try "put target creature into your hand"',),
        )
    ]


def test_a_refusal_right_under_one_label_is_refused_outside_it() -> None:
    entry = {"what": "core action", "verb": "gain", "reason": "life is fixed", "except_in": "rite"}
    registry = registry_from_data(_data(entry))
    assert _problems(registry, "Rite: when this attacks, gain 1 life.") == []
    assert _problems(registry, "When this attacks, gain 1 life.") == [
        (
            "CS-T009",
            1,
            20,
            '"gain" outside a "Rite:" ability means nothing in Test Game: life is fixed',
            (),
        )
    ]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"what": "verb", "verb": "draw", "reason": "r"},
            "testgame registry, refuse entry 1: what is one of activated ability, game verb, "
            "core action, into zone",
        ),
        (
            {"what": "core action", "verb": "draw"},
            "testgame registry, refuse entry 1 (core action): reason wrong or missing",
        ),
        (
            {"what": "game verb", "verb": "ready", "zone": "hand", "reason": "r"},
            "testgame registry, refuse entry 1 (game verb): zone wrong or missing",
        ),
        (
            {"what": "game verb", "verb": "draw", "reason": "r"},
            "testgame registry, refuse entry 1 (game verb): verb 'draw' is not declared",
        ),
        (
            {"what": "core action", "verb": "discard", "aim": "player", "reason": "r"},
            "testgame registry, refuse entry 1 (core action): aim 'player' is not an aim of "
            "discard",
        ),
        (
            {"what": "core action", "verb": "darw", "reason": "r"},
            "testgame registry, refuse entry 1 (core action): verb 'darw' is not a core action",
        ),
        (
            {"what": "into zone", "zone": "hand", "kinds": ["spel"], "reason": "r"},
            "testgame registry, refuse entry 1 (into zone): kinds 'spel' is not declared",
        ),
        (
            {"what": "core action", "verb": "gain", "except_in": "action", "reason": "r"},
            "testgame registry, refuse entry 1 (core action): except_in 'action' is not declared",
        ),
    ],
)
def test_an_entry_that_could_never_match_stops_the_registry(
    entry: dict[str, Any], message: str
) -> None:
    with pytest.raises(RegistryError) as raised:
        registry_from_data(_data(entry))
    assert str(raised.value) == message


def test_a_text_refused_twice_stops_the_registry() -> None:
    first = {"what": "into zone", "zone": "hand", "kinds": ["spell", "creature"], "reason": "r"}
    second = {"what": "into zone", "zone": "hand", "kinds": ["creature"], "reason": "s"}
    with pytest.raises(RegistryError) as raised:
        registry_from_data(_data(first, second))
    assert str(raised.value) == "testgame registry, refuse entry 2: refused twice"


def test_the_keys_refuse_replaced_stop_the_registry() -> None:
    data = _data()
    with pytest.raises(RegistryError) as raised:
        registry_from_data({**data, "not_actions": {"draw": {"reason": "r"}}})
    assert str(raised.value) == "the registry: not_actions is now said by an entry of refuse:"
    verbs = [{"id": "ready", "forms": ["ready"], "not_effect": "r", "instead": "i"}]
    with pytest.raises(RegistryError) as raised:
        registry_from_data({**data, "verbs": verbs})
    assert (
        str(raised.value) == "verbs ready: not_effect, instead is now said by an entry of refuse:"
    )


def test_a_zone_whose_card_is_names_no_noun_stops_the_registry() -> None:
    data = _data()
    zones = [{"id": "play", "forms": ["play area"], "card_is": "creatur"}]
    with pytest.raises(RegistryError) as raised:
        registry_from_data({**data, "zones": zones})
    assert str(raised.value) == "zone play: card_is 'creatur' is not declared"
    zones[0]["card_is"] = "creature"
    assert registry_from_data({**data, "zones": zones}).term("ZONE", "play").card_is == "creature"


def test_a_way_to_run_without_its_steps_stops_the_registry() -> None:
    data = _data()
    nouns = [{"id": "creature", "forms": ["creature"], "runs_by": ["When this enters play"]}]
    with pytest.raises(RegistryError) as raised:
        registry_from_data({**data, "nouns": nouns})
    assert str(raised.value) == "noun creature: each of runs_by holds one … for the steps"
    nouns[0]["runs_by"] = ["When this enters play, …"]
    found = registry_from_data({**data, "nouns": nouns}).term("NOUN", "creature")
    assert found is not None and found.runs_by == ("When this enters play, …",)


def test_a_spared_kind_of_card_must_be_declared() -> None:
    entry = {"what": "core action", "verb": "deal", "aim": "card", "reason": "r"}
    with pytest.raises(RegistryError) as raised:
        registry_from_data(_data({**entry, "spares": ["creatur"]}))
    assert str(raised.value) == (
        "testgame registry, refuse entry 1 (core action): spares 'creatur' is not declared"
    )
    spared = registry_from_data(_data({**entry, "spares": ["creature"]}))
    assert spared.refusals[0].spares == ("creature",)
