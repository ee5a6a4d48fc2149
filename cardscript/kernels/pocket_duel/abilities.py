"""Pocket Duel's reading of a card's abilities: which are cancels, blocks, "On hit"
effects, standing (static) text or plain effects; remembered per definition."""

from __future__ import annotations

from cardscript.grammar import ast
from cardscript.interpreter.cards import CardDef, CompiledAbility, is_standing
from cardscript.once import once_per_object

_STATIC_VERBS = frozenset({"get", "have", "gain_keyword", "lose_keyword", "can", "cannot"})


def _is_verb(clause: ast.Node, verb: str, name: str) -> bool:
    return (
        isinstance(clause, ast.Clause)
        and clause.action.verb == verb
        and (clause.action.name or "") == name
    )


@once_per_object(20_000)
def clauses(ability: CompiledAbility) -> tuple[ast.Clause, ...]:
    """The ability's clauses, those of its "if" and "otherwise" steps included, in text
    order; remembered per ability (asked for every cancel check)."""
    node = ability.node
    out: list[ast.Clause] = []
    for step in node.effects.steps if isinstance(node, ast.EffectAbility) else ():
        if isinstance(step, ast.Clause):
            out.append(step)
        elif isinstance(step, ast.Conditional | ast.Otherwise):
            out.append(step.clause)
    return tuple(out)


def of_kind(definition: CardDef, kind: str) -> tuple[CompiledAbility, ...]:
    """A card's abilities of one kind (``kind_of``), in text order."""
    return _by_kind(definition).get(kind, ())


@once_per_object(5_000)  # (definitions never change)
def _by_kind(definition: CardDef) -> dict[str, tuple[CompiledAbility, ...]]:
    groups: dict[str, list[CompiledAbility]] = {}
    for ability in definition.abilities:
        groups.setdefault(kind_of(ability), []).append(ability)
    return {k: tuple(v) for k, v in groups.items()}


@once_per_object(5_000)
def cancel_targets(definition: CardDef) -> tuple[tuple[CompiledAbility, ast.Node], ...]:
    """What a card's cancel clauses can cancel: (ability, target selector) in text order;
    the cancel relation as data, read once per definition (asked twice every round)."""
    return tuple(
        (ability, clause.action.target)
        for ability in of_kind(definition, "cancel")
        for clause in clauses(ability)
        if clause.action.target is not None
    )


def kind_of(ability: CompiledAbility) -> str:
    node = ability.node
    if not isinstance(node, ast.EffectAbility):
        return "other"
    found = clauses(ability)
    if found and all(_is_verb(c, "primitive", "cancel") for c in found):
        return "cancel"
    if found and all(_is_verb(c, "primitive_amount", "block") for c in found):
        return "block"
    if ability.line.label is not None and ability.line.label.name == "on_hit":
        return "on_hit"
    if node.condition is not None or node.during is not None:
        return "static"
    if found and all(
        (c.action.verb in _STATIC_VERBS and c.duration is None) or is_standing(c.action)
        for c in found
    ):
        return "static"  # (a standing prevention works while the card is on the table)
    return "effect"
