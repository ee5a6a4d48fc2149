"""Texts of one plain step run without a context (``Engine.resolve``): a player's
resource changed, healed or a kernel's amount change ("Gain 1 energy", "The opponent loses
1 energy", "Heal 2", "you block X damage" with X bound), where nothing but the game, the
controller and the cause is read. Each runs the action's own change (``actions``) as the
general path runs it (``step_plans``: the clause's action on a context, or on a child
context for "the opponent"); what the action would write on the context ("it", "that
many", "if you do") is read by no later step, and the context is never made."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.actions import amount_change, heal_target, resource_change
from cardscript.interpreter.context import Seat, fixed_amount

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.events import Cause

# run with the engine, the text's controller and the cause of its changes
Direct = Callable[["Engine", int, "Cause"], None]
Change = Callable[["Engine", int, "Cause", int], None]  # … and the player acting

# who acts, by a clause's subject: its controller, or the other player of two ("the
# opponent": ``select.players``)
_YOURS = (None, "you")
_THEIRS = ("the opponent", "your opponent")


def direct_step(step: ast.Node, bindings: Mapping[str, int] | None) -> Direct | None:
    """The context-free runner of a text whose one step is ``step``, where it has one;
    ``bindings``: the ability's values of X."""
    if not isinstance(step, ast.Clause) or step.optional:
        return None
    if step.delay is not None or step.per_each is not None:
        return None
    subject = step.subject
    who = subject.who if isinstance(subject, ast.Player) else None
    if (subject is not None and who is None) or (who not in _YOURS and who not in _THEIRS):
        return None
    action = step.action
    amount = _known_amount(action.amount, bindings)
    change = None if amount is None else _change(action, amount)
    if change is None:
        return None
    if who in _YOURS:

        def yours(engine: Engine, controller: int, cause: Cause) -> None:
            change(engine, controller, cause, controller)

        return yours

    def theirs(engine: Engine, controller: int, cause: Cause) -> None:
        n = len(engine.state.players)
        if n > 1:  # (``select.players``: none where the controller plays alone)
            change(engine, controller, cause, (controller + 1) % n)

    return theirs


def _known_amount(node: ast.Amount | None, bindings: Mapping[str, int] | None) -> int | None:
    """``Context.amount`` of an amount that needs no context but the ability's values of
    X; None where it needs more ("that many") or is not known (the general path says)."""
    fixed = fixed_amount(node)
    if fixed is not None or node is None or node.kind != "var" or bindings is None:
        return fixed
    return bindings.get(str(node.value))


def _change(action: ast.Action, amount: int) -> Change | None:
    """The action's change for the player acting, where it is one of these."""
    verb, name = action.verb, action.name
    if verb in ("gain", "lose", "pay"):  # (``actions._resource``: the verb is the change)

        def resource(engine: Engine, controller: int, cause: Cause, player: int) -> None:
            resource_change(engine, verb, name, player, cause, amount)

        return resource
    if verb == "heal" and action.target is None:  # (``actions._heal``: the actor healed)

        def heal(engine: Engine, controller: int, cause: Cause, player: int) -> None:
            heal_target(engine, cause, Seat(player), amount, name)

        return heal
    if verb == "primitive_amount":
        word = action.word

        def primitive(engine: Engine, controller: int, cause: Cause, player: int) -> None:
            amount_change(engine, name or "", word, player, cause, amount)

        return primitive
    return None
