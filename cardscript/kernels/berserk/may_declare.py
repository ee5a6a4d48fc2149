"""Whether a triggered ability must be declared (§405.2–405.3): once triggered, it is
declared as soon as its controller gets priority, unless its text says «может» (may),
which lets the player leave it undeclared. A combined ability is declared by the same
rule (§413), when its cost can be paid.

The card script's «может» is an ability that opens with "you may …" or "this may …"
(its cost's first step, if it has a cost): "Whenever this receives wounds, you may move
this to a free adjacent cell." The player answers it as the ability would be declared,
before its targets are chosen; declined, it is not declared (no target, no use of a
"once per turn"); declared, its "may" has been answered, and it is not asked again as it
resolves (``answered``). A "may" further in, or one whose text says what happens when the
player does not ("…, then if you do not, this cannot open", Thirst), is a choice made as
the ability resolves: the ability itself is declared.
"""

from __future__ import annotations

import dataclasses

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.clause_labels import may_do
from cardscript.interpreter.engine import Engine
from cardscript.once import once_per_object

Opening = ast.Triggered | ast.Activated | ast.EffectAbility


def _their_may(ability: CompiledAbility) -> tuple[Opening, bool, ast.Clause] | None:
    """Its text, whether its cost opens it (else its effects), and that first step, where
    it is the controller's "may": "you may …", "this may …", not another player's."""
    node = ability.line.ability
    if not isinstance(node, (ast.Triggered, ast.Activated, ast.EffectAbility)):
        return None
    costs = None if isinstance(node, ast.EffectAbility) else node.costs
    steps = costs if costs is not None and costs.steps else node.effects
    first = steps.steps[0] if steps.steps else None
    if not isinstance(first, ast.Clause) or not first.optional:
        return None
    subject = first.subject
    if subject is None or isinstance(subject, ast.ThisCard):
        return node, steps is costs, first
    if isinstance(subject, ast.Player) and subject.who == "you":
        return node, steps is costs, first
    return None


@once_per_object(256)
def optional(ability: CompiledAbility) -> bool:
    """May its controller leave it undeclared (§405.3)? Its text opens with the
    controller's "may", and says nothing of what happens when they do not."""
    if _their_may(ability) is None:
        return False
    return not any(_if_not(node) for node in ability.node.walk())


def _if_not(node: ast.Node) -> bool:
    """A step for when the player did not: "if you do not", "otherwise"."""
    return isinstance(node, ast.Otherwise) or (
        isinstance(node, ast.Test) and node.kind == "you_did_not"
    )


@once_per_object(256)
def answered(ability: CompiledAbility) -> CompiledAbility:
    """The ability declared: its «может» answered yes (unchanged where it has none)."""
    found = _their_may(ability)
    if found is None or not optional(ability):
        return ability
    node, in_costs, first = found
    yes = dataclasses.replace(first, optional=False)
    if in_costs and not isinstance(node, ast.EffectAbility) and node.costs is not None:
        text: Opening = dataclasses.replace(node, costs=_first_replaced(node.costs, yes))
    else:
        text = dataclasses.replace(node, effects=_first_replaced(node.effects, yes))
    return dataclasses.replace(ability, line=dataclasses.replace(ability.line, ability=text))


def _first_replaced(steps: ast.Steps, first: ast.Clause) -> ast.Steps:
    return dataclasses.replace(steps, steps=(first, *steps.steps[1:]))


def declares(engine: Engine, player: int, ability: CompiledAbility) -> bool:
    """Does ``player`` declare the triggered ability? Always where its text says no
    «может» (§405.2); asked where it does (§405.3), in its own words ("you may move this
    to a free adjacent cell?", as its "may" would be asked)."""
    found = _their_may(ability)
    if found is None or not optional(ability):
        return True
    return may_do(engine, player, found[2])
