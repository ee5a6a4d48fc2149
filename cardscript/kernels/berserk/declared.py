"""Numbers chosen on declaration: "…, where X is chosen on declaration" (Berserk's "a
creature of the chosen cost", the Jester's feint and Tarna's spell, §415.3, §415.3а).

The controller chooses X as the ability is declared, with its targets; the value then
rides with the ability as its X (like a keyword's value) through the targets chosen after
it and the resolution. The numbers offered are those the text compares X with that some
card of the game has ("with cost X": the costs of the game's cards), or 0 to 10 where X
is only an amount; with a first target already chosen, only those it meets (a hidden
one meets any, §415.3).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine

if TYPE_CHECKING:
    from collections.abc import Callable

AMOUNTS = range(11)  # X only as an amount ("deal X wounds"): 0 to 10


def names(ability: CompiledAbility) -> tuple[str, ...]:
    """The numbers the ability's controller chooses on declaration."""
    effects = getattr(ability.node, "effects", None)
    if not isinstance(effects, ast.Steps):
        return ()
    return tuple(d.name for d in effects.declared)


def values(engine: Engine, ability: CompiledAbility, name: str) -> list[int]:
    """What X may be: the values of the stats the text compares X with, on the game's
    cards, or ``AMOUNTS``."""
    stats = {
        node.name
        for node in ability.node.walk()
        if isinstance(node, ast.Filter)
        and node.kind in ("stat", "printed_stat")
        and node.comparison is not None
        and any(isinstance(a, ast.Amount) and a.value == name for a in node.comparison.walk())
    }
    if not stats:
        return list(AMOUNTS)
    kernel = engine.kernel
    return sorted(
        {kernel.printed(engine, uid, str(stat)) for uid in engine.state.cards for stat in stats}
    )


def bind(ability: CompiledAbility, name: str, value: int) -> CompiledAbility:
    """The ability with X fixed: ``engine.context`` binds it like a keyword's value."""
    return dataclasses.replace(
        ability, keyword_values=(*ability.keyword_values, (name, str(value)))
    )


def bindings(engine: Engine, ability: CompiledAbility) -> list[CompiledAbility]:
    """The ability once for each combination of its declared numbers (one for none)."""
    out = [ability]
    for name in names(ability):
        out = [bind(a, name, v) for a in out for v in values(engine, ability, name)]
    return out


def choose(
    engine: Engine,
    uid: int,
    ability: CompiledAbility,
    fits: Callable[[CompiledAbility], bool] | None = None,
    player: int | None = None,
) -> CompiledAbility:
    """The controller (``player``, by default the card's) declares each number (``fits``:
    those that keep the first target legal); the ability comes back bound to them."""
    if player is None:
        player = engine.state.cards[uid].controller
    for name in names(ability):
        found = [bind(ability, name, v) for v in values(engine, ability, name)]
        if fits is not None:
            found = [a for a in found if fits(a)] or found
        labels = [f"{name} = {dict(a.keyword_values)[name]}" for a in found]
        (picked,) = engine.choose(player, "option", f"choose {name}", found, labels)
        ability = found[picked]
    return ability
