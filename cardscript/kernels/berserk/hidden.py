"""Hidden cards whose constant abilities begin to matter (spec berserk.md §11.2; §415.2,
§415.2а).

A hidden card is revealed at once, a base effect without the stack, when one of its
printed constant abilities begins to affect the game. Two kinds are recognised: a constant
ability with a condition ("while you control a creature named …, this gets …") whose
condition has come to hold (Elenyamen, T-14); and text saying that some kind of ability may
be used only on this card ("cards other than this cannot be targeted by …"), which always
counts as affecting the game (§415.2а, Reed Idol, T-15). An ability a hidden card is given
by another card's constant ability does not reveal it (§415.6): only the printed text is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.select import test

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

# what "may be used only on this" forbids everything else ("cannot be targeted by …")
ONLY_ON_IT = frozenset({"be_targeted", "be_attacked", "be_affected"})


def only_on_it(node: ast.EffectAbility) -> bool:
    """§415.2а: "cards other than this cannot be targeted by …" and the like."""
    return any(
        isinstance(step, ast.Clause)
        and step.action.verb == "cannot"
        and step.action.name in ONLY_ON_IT
        and isinstance(step.subject, ast.Cards)
        and any(f.kind == "other_than_this" for f in step.subject.filters)
        for step in node.effects.steps
    )


def matters(engine: Engine, uid: int, ability: CompiledAbility) -> bool:
    """Does this printed constant ability of the hidden card affect the game now?"""
    node = ability.node
    if not isinstance(node, ast.EffectAbility):
        return False
    if only_on_it(node):
        return True
    return node.condition is not None and test(engine.context(uid, ability), node.condition)


def reveal_mattering(kernel: FieldKernel, engine: Engine) -> bool:
    """Reveal every hidden card of the squads one of whose constant abilities has begun to
    matter; True when one was revealed."""
    state = engine.state
    found = [
        uid
        for player in range(len(state.players))
        for uid in kernel.squad(engine, player)
        if not state.cards[uid].face_up
        and any(
            matters(engine, uid, a)
            for a in engine.definition(uid).by_kind.get(ast.EffectAbility, ())
        )
    ]
    for uid in found:
        kernel.reveal_card(engine, uid)
    return bool(found)
