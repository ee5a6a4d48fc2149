""" "It" after a step is the cards the step changed, not one the kernel refused (its
primitive returned False), as after a move (f64fe73): "exhaust target creature, then
place a counter on it" with the creature already exhausted placed the counter. And "if
you do" after a step on several cards is whether any was changed, not the last one."""

from __future__ import annotations

from typing import Any

import pytest

from cardscript.interpreter import primitives
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.select import Target
from tests.testgame.kernel import TinyKernel, new_engine


class _Warded(TinyKernel):
    """The tiny game, where a card marked "warded" cannot be healed, dealt damage or
    discarded: those changes are refused (False)."""

    def primitives(self) -> dict[str, Any]:
        return {
            **super().primitives(),
            "heal": _unless_warded(primitives.heal),
            "deal_damage": _unless_warded(primitives.deal_damage),
            "discard": _unless_warded(primitives.discard),
        }


def _unless_warded(primitive: Any) -> Any:
    def run(engine: Engine, cause: Cause, **args: Any) -> Any:
        card: Target | None = args.get("target", args.get("uid"))
        if isinstance(card, int) and "warded" in engine.state.cards[card].states:
            return False
        return primitive(engine, cause, **args)

    return run


def _engine(kernel: TinyKernel) -> Engine:
    engine = new_engine([FirstAgent(), FirstAgent()], kernel=kernel)
    for player in engine.state.players:
        player.resources["life"] = 10  # (a player at 0 ends the game at the first event)
    return engine


def _after(text: str, state: str | None) -> int:
    """P1 resolves a spell of ``text`` at P2's one creature (damaged 1, in ``state``):
    that creature's shield counters after."""
    engine = _engine(_Warded())
    st = engine.state
    aimed = st.create_card("bear", 1, "play")
    aimed.counters["damage"] = 1
    if state is not None:
        aimed.states.add(state)
    engine.pool.add({"id": "probe", "name": "Probe", "type": "spell", "text": text})
    source = st.create_card("probe", 0, "stack").uid
    engine.resolve(engine.pool.cards["probe"].abilities[0], source, 0)
    return aimed.counters.get("shield", 0)


@pytest.mark.parametrize(
    ("step", "refused_by"),
    [
        ("Exhaust target creature an opponent controls", "exhausted"),
        ("Heal 1 damage from target creature an opponent controls", "warded"),
        ("Deal 1 damage to target creature an opponent controls", "warded"),
        ("Discard target creature an opponent controls", "warded"),
    ],
)
def test_it_is_not_a_card_whose_change_was_refused(step: str, refused_by: str) -> None:
    text = f"{step}, then place 1 shield counter on it."
    assert _after(text, refused_by) == 0  # refused: no "it", no counter
    assert _after(text, None) == 1  # done: "it" is the card


def test_if_you_do_after_several_cards_is_whether_any_was_changed() -> None:
    engine = _engine(TinyKernel())
    st = engine.state
    st.create_card("bear", 1, "play")  # ready: exhausted by the step
    st.create_card("imp", 1, "play").states.add("exhausted")  # the last: refused
    text = "Exhaust each creature an opponent controls, then if you do, gain 2 life."
    engine.pool.add({"id": "probe", "name": "Probe", "type": "spell", "text": text})
    source = st.create_card("probe", 0, "stack").uid
    engine.resolve(engine.pool.cards["probe"].abilities[0], source, 0)
    assert st.players[0].resources["life"] == 12
