"""The engine's plain answers (a stat's clamped printed value remembered per definition; a
card turned down by a selector's adjectives its definition answers) give what the full
computation gives, and step aside while a text, a state or a lasting effect speaks."""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine, pocket_duel_pool
from cardscript.kernels.pocket_duel.rules import RULE

POOL = pocket_duel_pool()


def _game(mine: str, theirs: str) -> Engine:
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    engine.kernel.setup(engine, [[mine], [theirs]])
    return engine


def _card(engine: Engine, player: int, kind: str) -> int:
    cards = engine.state.cards
    return next(u for u in cards if cards[u].owner == player and engine.definition(u).type == kind)


def test_a_stat_is_the_printed_value_until_a_text_or_a_lasting_effect_changes_it() -> None:
    engine = _game("marrow-hero", "cinder-hero")
    defense = _card(engine, 0, "defense")
    printed = engine.definition(defense).get("attack")
    superpower = _card(engine, 0, "superpower")
    engine.apply("move", RULE, uid=defense, zone="table", player=0)
    assert engine.stat(defense, "attack") == printed
    # the kernel's own reading of a stat: "threshold" is the card's energy_threshold
    assert engine.stat(superpower, "threshold") == 2
    # "Your Defense cards get +1 attack." in play: the text speaks
    engine.apply("move", RULE, uid=superpower, zone="table", player=0)
    assert engine.stat(defense, "attack") == printed + 1
    engine.apply("move", RULE, uid=superpower, zone="reserve", player=0)
    assert engine.stat(defense, "attack") == printed
    lasting: dict[str, Any] = {"kind": "stat", "stat": "attack", "delta": -9, "uids": [defense]}
    engine.state.lasting.append(lasting)
    assert engine.stat(defense, "attack") == 0  # clamped by the kernel
    engine.state.lasting.remove(lasting)
    assert engine.stat(defense, "attack") == printed


class _FloorOfFive(PocketDuelKernel):
    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        return max(5, value)


def test_a_remembered_printed_value_is_the_kernel_classs_own() -> None:
    engine = _game("marrow-hero", "cinder-hero")
    defense = _card(engine, 0, "defense")
    printed = engine.stat(defense, "attack")
    assert printed < 5
    engine.kernel.__class__ = _FloorOfFive
    assert engine.stat(defense, "attack") == 5
