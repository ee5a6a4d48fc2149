""" "If you do" after a step that found nothing to act on: the step did not happen.
"Destroy target creature an opponent controls, then if you do, gain 2 life." gained the
life with no such creature: a game verb, counters placed or removed, a card removed from
the game and control gained kept the step as done whatever they found."""

from __future__ import annotations

import pytest

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from tests.testgame.kernel import new_engine

STEPS = (
    "Destroy target creature an opponent controls",
    "Exhaust target creature an opponent controls",
    "Destroy each creature an opponent controls",
    "Place 1 shield counter on target creature an opponent controls",
    "Remove 1 shield counter from target creature an opponent controls",
    "Remove target creature an opponent controls from the game",
    "Gain control of target creature an opponent controls",
    "Deal 1 damage to target creature an opponent controls",  # (right before)
)


def _gained(engine: Engine, text: str) -> list[int]:
    """The life each player gains as P1 resolves a spell of ``text``."""
    engine.pool.add({"id": "probe", "name": "Probe", "type": "spell", "text": text})
    players = engine.state.players
    before = [p.resources["life"] for p in players]
    source = engine.state.create_card("probe", 0, "stack").uid
    engine.resolve(engine.pool.cards["probe"].abilities[0], source, 0)
    return [p.resources["life"] - b for p, b in zip(players, before, strict=True)]


def _engine(opponent_has: str | None) -> Engine:
    engine = new_engine([FirstAgent(), FirstAgent()])
    state = engine.state
    for p in state.players:
        p.resources["life"] = 10
    state.create_card("bear", 0, "play")
    if opponent_has is not None:
        card = state.create_card(opponent_has, 1, "play")
        card.counters["shield"] = 1
    return engine


@pytest.mark.parametrize("step", STEPS)
def test_if_you_do_runs_only_after_a_step_that_acted(step: str) -> None:
    done = f"{step}, then if you do, gain 2 life."
    undone = f"{step}, then if you do not, gain 1 life."
    assert [_gained(_engine("bear"), t) for t in (done, undone)] == [[2, 0], [0, 0]]
    assert [_gained(_engine(None), t) for t in (done, undone)] == [[0, 0], [1, 0]]
