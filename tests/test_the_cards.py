""" "The cards in your opponent's hand" and "your opponent's hand" (after "look at") are
every card there; "the card in …" is one. "The" with a plural noun picked one card."""

from __future__ import annotations

from pathlib import Path

import cardscript.interpreter.scenario as scenario
from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.interpreter.card_plans import _plan

SCENARIO = (
    Path(__file__).parent
    / "scenarios"
    / "pocket-duel"
    / "PD-LK1-look-at-your-opponents-hand.scenario.yaml"
)


def _target(text: str) -> ast.Cards:
    parsed = load_game("pocket-duel").parse(text)
    assert parsed.diagnostics == ()
    target = parsed.script.lines[0].ability.effects.steps[0].action.target  # type: ignore[union-attr]
    assert isinstance(target, ast.Cards)
    return target


def test_the_cards_in_a_zone_are_every_card_there_and_the_card_is_one() -> None:
    every = [
        _plan(_target(text)).takes_all
        for text in (
            "Effect: Look at the cards in the opponent's hand.",
            "Effect: Look at your opponent's hand.",
        )
    ]
    assert every == [True, True]
    one = _plan(_target("Effect: Look at the card in the opponent's hand."))
    assert (one.takes_all, one.picks) == (False, (1, 1))


def test_looking_at_the_opponents_hand_looks_at_its_three_cards(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    looks: list[dict] = []
    compare = scenario._compare

    def recording(engine, log, expect):  # type: ignore[no-untyped-def]
        looks.extend(r["args"] for r in log.records if r.get("change") == "look")
        return compare(engine, log, expect)

    monkeypatch.setattr(scenario, "_compare", recording)
    result = scenario.run_scenario(SCENARIO)
    assert (result.error, result.failures) == (None, [])
    assert looks == [{"player": 0, "count": 3}]
