"""The VS System primitives of the verbs power up, reinforce and cancel (spec
vs-system.md §7.3, §7.6, §7.8, §8.2): card text doing, with no cost, what the rules let
a player do in an attack, or cancelling an attack or an effect on the chain."""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.select import Target
from cardscript.kernels.vs_system import chain, combat


def power_up(engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
    """§7.8 with no card discarded: a character attacking or defending gets +1 ATK and
    +1 DEF until the end of the attack step (A1); any other is not powered up."""
    return isinstance(target, int) and combat.power_up(engine, target, cause.source)


def reinforce(engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
    """§7.6 with no teammate exhausted: the defender is reinforced (no breakthrough)."""
    return isinstance(target, int) and combat.reinforce(engine, target, cause.source)


def cancel(engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
    """The attack the card takes part in (attacker or defender, §7.3), else the newest
    effect of the card on the chain (§8.2)."""
    if not isinstance(target, int):
        return False
    return combat.cancel(engine, target) or chain.cancel(engine, cause, target)


PRIMITIVES = {"power_up": power_up, "reinforce": reinforce, "cancel": cancel}
