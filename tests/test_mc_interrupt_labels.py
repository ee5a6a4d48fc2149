"""Marvel Champions: which labels interrupt is the registry's word (``before_event``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardscript.interpreter.engine import Engine
from cardscript.interpreter.scenario import run_scenario

S060 = (
    Path(__file__).parent
    / "scenarios"
    / "marvel-champions"
    / "S060-interrupt-prevents-damage.scenario.yaml"
)


def test_the_kernel_interrupts_with_the_labels_the_registry_flags(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # S060: the Hero Interrupt in hand is offered before the damage, and prevents 1 of 4
    assert run_scenario(S060).passed
    new = Engine.new.__func__  # type: ignore[attr-defined]

    def unflagged(cls: type[Engine], game: Any, *args: Any, **kw: Any) -> Engine:
        labels = tuple(replace(t, before_event=False) for t in game.registry.terms("LABEL"))
        registry = replace(game.registry, sections={**game.registry.sections, "labels": labels})
        return new(cls, replace(game, registry=registry), *args, **kw)

    # the same game with no label flagged: nothing interrupts, the Interrupt is never
    # offered, and the answer that would have played it is left
    monkeypatch.setattr(Engine, "new", classmethod(unflagged))
    result = run_scenario(S060)
    assert result.failures == [
        "action 5 (enemy_attack): 1 answer was never asked for: player 0: [1]"
    ]


def _checked(game: str, text: str) -> list[tuple[str, int, int]]:
    from cardscript.games import load_game
    from cardscript.grammar.checks import check_script
    from cardscript.grammar.parser import parse_script

    registry = load_game(game).registry
    parsed = parse_script(text, registry)
    assert parsed.diagnostics == ()
    return [
        (d.code, d.span.line, d.span.column)
        for d in check_script(parsed.script, registry)
        if d.span is not None
    ]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # no window before these: the line would never run (CS-T031 at the event)
        ("Forced Interrupt: When a minion is defeated, draw a card.", [("CS-T031", 1, 24)]),
        ("Hero Interrupt: When an ally enters play, draw a card.", [("CS-T031", 1, 22)]),
        # a window opens before these (the registry's interrupt_window)
        ("Interrupt: When an enemy activates, draw a card.", []),
        ("Forced Interrupt: When your hero takes damage, prevent 1 of that damage.", []),
        ("Interrupt: When an enemy would attack you, draw a card.", []),
        ("Interrupt: When a minion is attacked, draw a card.", []),  # (MC-AK3)
        # after the event, any event will do
        ("Forced Response: After a minion is defeated, draw a card.", []),
    ],
)
def test_an_interrupt_needs_a_window_before_its_event(
    text: str, found: list[tuple[str, int, int]]
) -> None:
    assert _checked("marvel-champions", text) == found
