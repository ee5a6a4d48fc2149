"""The rule values a Pocket Duel game reads every round, remembered per game where no card
of the game overrides the hook (then only a lasting effect could change the value: with
any lasting effect in play the engine is asked every time, as it is for a hook some card
of the game overrides: the Golden Rule)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardscript.interpreter.engine import Engine
from cardscript.kernels.pocket_duel.rules import PD_X2, TYPES

# the hooks the round reads without a card's or a player's scope mattering when no card
# of the game overrides them (the registry's value, or the kernel's ``hook_default``)
ROUND_HOOKS = (
    "cancel_scheme",
    "same_type_cancels",
    *(f"{t}_cancels" for t in TYPES),
    "rest_energy_at_round_end",
    "rest_energy",
    "cancelled_returns_to_hand",
    "cancelled_effects_ignored",
    "played_to_discard",
    "reserve_resets_energy",
    "damage_before_healing",
    "on_hit_minimum",
    "block_success_minimum",
    "energy_per_cancel",
    "weapon_destroys_rest",
    "lose_at_health",
    "health_max",
    "energy_max",
    "threshold_spends_energy",
)


class GameRules:
    """One game's remembered values (``fixed``) and, when no card of the game changes how
    types cancel, the type relation as a table (``cancels``: (type, type) -> bool)."""

    __slots__ = ("cancels", "fixed", "next_uid", "state")

    def __init__(self, engine: Engine) -> None:
        state = engine.state
        self.state = state
        self.next_uid = state.next_uid
        keys = engine.game_keys()
        # the same for every game whose cards override the same hooks: one reading each
        memo = engine.pool.memo.setdefault(("pocket duel rules", type(engine.kernel)), {})
        found = memo.get(keys)
        if found is None:
            if len(memo) > 1_000:
                memo.clear()
            computed = engine.kernel.computed_hooks
            fixed = {
                hook: engine.rule(hook)
                for hook in ROUND_HOOKS
                if ("hook", hook) not in keys and hook not in computed
            }
            found = memo[keys] = (fixed, _type_relation(fixed))
        self.fixed, self.cancels = found[0], found[1]
        if "energy_max" in engine.kernel.computed_hooks and ("hook", "energy_max") not in keys:
            # worked out from the game's cards, which stay the same for ``GameRules``
            self.fixed = {**self.fixed, "energy_max": engine.rule("energy_max")}


def known_rules(
    state: Any, fixed: dict[str, Any], cancels: dict[tuple[str, str], bool] | None
) -> GameRules:
    """A game's ``GameRules`` with the values another game dealt the same decks read."""
    rules = GameRules.__new__(GameRules)
    rules.state, rules.next_uid, rules.fixed, rules.cancels = state, state.next_uid, fixed, cancels
    return rules


def rule_in(
    engine: Engine,
    rules: Mapping[str, Any],
    hook: str,
    uid: int | None = None,
    player: int | None = None,
) -> Any:
    """A rule hook's value: remembered for the game (``rules``), else the engine's."""
    value = rules.get(hook, _ASK)
    return engine.rule(hook, uid, player) if value is _ASK else value


_ASK = object()  # not remembered: ask the engine


def _type_relation(fixed: dict[str, Any]) -> dict[tuple[str, str], bool] | None:
    """Which type cancels which by the rule hooks alone (§7), or None when a card of the
    game can change a hook of it."""
    hooks = ("cancel_scheme", "same_type_cancels", *(f"{t}_cancels" for t in TYPES))
    if any(hook not in fixed for hook in hooks):
        return None
    relation: dict[tuple[str, str], bool] = {}
    for mine in TYPES:
        for theirs in TYPES:
            if mine == theirs:
                hit = bool(fixed["same_type_cancels"])
            elif fixed["cancel_scheme"] == "pd_x2":
                hit = theirs in PD_X2.get(mine, ())
            else:
                hit = str(fixed[f"{mine}_cancels"]).casefold() == theirs
            relation[mine, theirs] = hit
    return relation
