"""Modifiers (spec berserk.md §18.12; §422): which playable abilities give die-roll
modifiers, the verbs that bless and curse, and the order modifiers apply in.

A playable ability gives a die-roll modifier when its effects change the ``die_roll`` stat
("target creature gets -2 die roll"), bless or curse a card (Blessing is +1 to all its die
rolls, Curse −1, DICT 20.4, 20.39), or give it a keyword whose text changes its die roll
("gains Blessing", an Experience): such an ability may be played only while a Result
object is on top (§422.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine
from cardscript.kernels.berserk.kinds import poisonable

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

DIE = "die_roll"
# the verbs giving a keyword that modifies the die (DICT «Благословление», «Проклятье»)
DIE_VERBS = {"bless": "Blessing", "curse": "Curse"}


def stat_mods(node: object) -> list[ast.StatMod]:
    """Every stat modifier written anywhere in an ability's syntax tree."""
    found: list[ast.StatMod] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.StatMod):
            found.append(item)
        elif isinstance(item, tuple | list):
            stack.extend(item)
        elif hasattr(item, "__dataclass_fields__"):
            stack.extend(getattr(item, f) for f in item.__dataclass_fields__)
    return found


def _keyword_changes_die(engine: Engine, name: str) -> bool:
    """Does the keyword's definition change its card's die roll (Blessing, Curse, the
    Experiences)?"""
    key = name.casefold()
    for definition in engine.game.keyword_defs:
        if definition.name.casefold() == key:
            return any(m.stat == DIE for m in stat_mods(definition.body))
    return False


def _gives_die_keyword(engine: Engine, item: object) -> bool:
    """Is the node an action that blesses, curses or gives a die-changing keyword?"""
    if not isinstance(item, ast.Action):
        return False
    if item.verb == "primitive" and item.name in DIE_VERBS:
        return True
    return item.verb in ("gain_keyword", "have") and any(
        _keyword_changes_die(engine, k.name) for k in item.keywords
    )


_DIE_MODIFIERS: dict[int, tuple[object, bool]] = {}  # id(node) -> (node, answer)


def die_modifier(engine: Engine, ability: CompiledAbility) -> bool:
    """Do the ability's effects give die-roll modifiers (§422.3)? Remembered per node."""
    node = ability.node
    found = _DIE_MODIFIERS.get(id(node))
    if found is None or found[0] is not node:
        effects = getattr(node, "effects", None)
        gives = any(m.stat == DIE for m in stat_mods(effects))
        if not gives and isinstance(effects, ast.Node):
            gives = any(_gives_die_keyword(engine, item) for item in effects.walk())
        found = (node, gives)
        _DIE_MODIFIERS[id(node)] = found
    return found[1]


def give_keyword(kernel: FieldKernel, keyword: str, *args: str) -> Any:
    """A verb giving the card a keyword until the battle ends (no duration given,
    §407.2), shown by a marker (§200.6): "bless" Blessing, "curse" Curse, "poison"
    Poisoning 1, not to an artifact nor a creature that cannot be poisoned
    (Incorporeality, Protection from Poison; DICT «Отравление»)."""

    def run(engine: Engine, cause: Cause, target: Any, **_: Any) -> bool:
        if not isinstance(target, int) or engine.state.cards[target].zone not in kernel.play_zones:
            return False
        if keyword == "Poisoning" and not poisonable(engine, target):
            return False
        engine.state.lasting.append(
            {
                "kind": "keyword",
                "keyword": keyword.casefold(),
                "gain": True,
                "args": list(args),
                "uids": [target],
                "until": kernel.default_duration,
                "timestamp": engine.state.tick(),
                "cause": cause.as_dict(),
            }
        )
        return True

    return run


def primitives(kernel: FieldKernel) -> dict[str, Any]:
    out = {verb: give_keyword(kernel, keyword) for verb, keyword in DIE_VERBS.items()}
    out["poison"] = give_keyword(kernel, "Poisoning", "1")
    return out
