"""Labels whose lines are declared in one step (the registry's ``declared_in``): the
registry checks the step, and a line under one that is never declared is CS-T033."""

from __future__ import annotations

import pytest

from cardscript.games import load_game
from cardscript.grammar.checks import check_script
from cardscript.grammar.refusals import RegistryError
from cardscript.grammar.registry import registry_from_data


def _codes(text: str) -> list[tuple[str, int, int]]:
    game = load_game("berserk")
    result = game.parse(text)
    assert result.ok, result.diagnostics
    return [
        (d.code, d.span.line, d.span.column)
        for d in check_script(result.script, game.registry)
        if d.span is not None
    ]


def test_a_label_declared_in_no_phase_stops_the_registry() -> None:
    data = {
        "game": "g",
        "phases": [{"id": "reveal_step", "forms": ["reveal step"]}],
        "labels": [{"id": "before_reveal", "forms": ["Before reveal"], "declared_in": "reveal"}],
    }
    with pytest.raises(RegistryError) as raised:
        registry_from_data(data)
    assert str(raised.value) == "label before_reveal: declared_in 'reveal' is no phase"
    data["labels"][0]["declared_in"] = "reveal_step"
    assert registry_from_data(data).term("LABEL", "before_reveal").declared_in == "reveal_step"


def test_berserk_declares_its_two_step_labels_in_their_steps() -> None:
    registry = load_game("berserk").registry
    found = {t.id: t.declared_in for t in registry.terms("LABEL") if t.declared_in}
    assert found == {
        "before_recruitment": "set_preparation_step",
        "before_reveal": "reveal_step",
    }


def test_only_a_cost_and_effects_or_effects_alone_are_declared() -> None:
    assert _codes("Before reveal: Move this to a free adjacent cell.") == []
    assert _codes("Before reveal: Pay 1 gold → this gets +1 life.") == []
    assert _codes("Before reveal: Armor 1") == [("CS-T033", 1, 16)]
    assert _codes("Before recruitment: If this would be attacked, prevent 2 of that instead.") == [
        ("CS-T033", 1, 21)
    ]
    assert _codes("Formation: Whenever this attacks, this gets +1 strike.") == []
