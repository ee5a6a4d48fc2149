"""What is public of a selector's condition about a hidden card (spec berserk.md §11.2,
§415.3): whose it is, where it stands, whether it is open and its role in the attack are
seen by all; everything else of a face-down card (its type, cost, abilities) counts as met
until it is revealed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.engine import Engine

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

# what anyone can see of a face-down card: whose it is, where it stands, its rotation
PUBLIC = frozenset({"enemy", "adjacent", "orthogonal", "open", "closed", "hidden", "wounded"})
# roles in the current attack: seen by all, unlike a card's type
PUBLIC_NOUNS = frozenset({"attacker", "reflector", "defender"})


def publicly_meets(
    kernel: FieldKernel,
    engine: Engine,
    controller: int,
    source: int,
    selector: ast.Cards,
    target: int,
) -> bool:
    """Does the hidden ``target`` meet what is public of the selector's condition?"""
    if selector.noun in PUBLIC_NOUNS and not kernel.is_a(engine, target, selector.noun):
        return False
    mine = engine.state.cards[target].controller == controller
    for quality in selector.qualities:
        if quality.kind == "possessor" and mine != (quality.value == "your"):
            return False
        if quality.kind == "adj" and quality.value in PUBLIC:
            has = kernel.quality_for(engine, target, quality.value, controller, source)
            if has == quality.negated:
                return False
    for f in selector.filters:
        if f.kind == "you_control" and not mine:
            return False
        if f.kind == "opponent_controls" and mine:
            return False
        if f.kind == "other_than_this" and target == source:
            return False
    return True
