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
from cardscript.interpreter.clause_labels import may_do
from cardscript.interpreter.context import Seat, fixed_amount

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.events import Cause

# run with the engine, the text's controller and the cause of its changes; False where
# it did nothing and needs a context after all (``Engine.resolve`` then makes one)
Direct = Callable[["Engine", int, "Cause"], "bool | None"]

# who acts, by a clause's subject: its controller, or the other player of two ("the
# opponent": ``select.players``)
_YOURS = (None, "you")
_THEIRS = ("the opponent", "your opponent")
_MOVES = ("move", "remove_card")  # of chosen cards (``_chosen``)


def direct_step(step: ast.Node, bindings: Mapping[str, int] | None) -> Direct | None:
    """The context-free runner of a text whose one step is ``step``, where it has one;
    ``bindings``: the ability's values of X."""
    if not isinstance(step, ast.Clause):
        return None
    if step.delay is not None or step.per_each is not None:
        return None
    subject = step.subject
    who = subject.who if isinstance(subject, ast.Player) and subject.quality is None else None
    if (subject is not None and who is None) or (who not in _YOURS and who not in _THEIRS):
        return None
    action = step.action
    if action.verb in _MOVES and isinstance(action.target, ast.Cards):
        if step.optional or subject is not None:
            return None  # (its cards may need a context after the controller said yes)
        return _chosen(action, action.target)
    amount = _known_amount(action.amount, bindings)
    change = None if amount is None else _change(action, amount)
    if change is not None and step.optional:
        change = _optional(step, change)
    if change is None or who in _YOURS:
        return change

    def theirs(engine: Engine, controller: int, cause: Cause) -> None:
        n = len(engine.state.players)
        if n > 1:  # (``select.players``: none where the controller plays alone)
            change(engine, (controller + 1) % n, cause)

    return theirs


def _known_amount(node: ast.Amount | None, bindings: Mapping[str, int] | None) -> int | None:
    """``Context.amount`` of an amount that needs no context but the ability's values of
    X; None where it needs more ("that many") or is not known (the general path says)."""
    fixed = fixed_amount(node)
    if fixed is not None or node is None or node.kind != "var" or bindings is None:
        return fixed
    return bindings.get(str(node.value))


def _optional(clause: ast.Clause, change: Direct) -> Direct:
    """ "You may …": the controller is asked first, as the general path asks (``may_do``:
    of the text's controller, whoever acts), and the change runs if they say yes (it never
    asks for a context after that: ``_change``'s)."""

    def optional(engine: Engine, controller: int, cause: Cause) -> None:
        if may_do(engine, controller, clause):
            change(engine, controller, cause)

    return optional


def _change(action: ast.Action, amount: int) -> Direct | None:
    """The action's change, run for the player acting (``engine, player, cause``), where
    it is one of these: the change its runner in ``actions`` makes for a context of that
    player, straight to the kernel's primitive where nothing else speaks (``applier``)."""
    verb, name = action.verb, action.name
    if verb in ("gain", "lose", "pay"):  # (``actions._resource``: the verb is the change)

        def resource(engine: Engine, player: int, cause: Cause) -> None:
            resource = name or engine.kernel.default_resource
            run = engine.applier(verb, cause)
            run(engine, cause, player=player, resource=resource, amount=amount)

        return resource
    if verb == "heal" and action.target is None:  # (``actions._heal``: the actor healed)

        def heal(engine: Engine, player: int, cause: Cause) -> None:
            run = engine.applier("heal", cause)
            run(engine, cause, target=Seat(player), amount=amount, kind=name)

        return heal
    if verb == "deal":  # (``actions._deal``: to the text's players, or the opponents)
        return _deal(action, amount)
    if verb == "primitive_amount":  # (``actions._primitive_amount``, no card acting)
        word, named = action.word, name or ""

        def primitive(engine: Engine, player: int, cause: Cause) -> None:
            # (``Kernel.verb`` written out once its table is read: "Block 2", every round)
            kernel = engine.kernel
            verbs = kernel._verbs
            change = kernel.verb(named) if verbs is None else verbs.get(named, named)
            run = engine.applier(change, cause)
            run(engine, cause, player=player, amount=amount, kind=word)

        return primitive
    return None


def _deal(action: ast.Action, amount: int) -> Direct | None:
    """ "Deal 1 damage to the opponent", "Deal 2 unblockable damage": the damage of
    ``actions._deal`` (``deal_to``) where its players are the words' alone
    (``fixed_players``: the acting player, their opponent, each opponent or player)."""
    from cardscript.interpreter.actions import deal_to
    from cardscript.interpreter.select import fixed_players

    target, kind = action.target, action.name
    if target is not None and not (
        isinstance(target, ast.Player)
        and target.quality is None
        and fixed_players(target.who, 0, 2) is not None
    ):
        return None  # cards, or a player someone chooses: the general path asks
    who = "each opponent" if target is None else target.who
    marks = tuple(q.value for q in action.qualities)

    def deal(engine: Engine, player: int, cause: Cause) -> None:
        seats = fixed_players(who, player, len(engine.state.players)) or ()
        deal_to(engine, cause, cause.source, [Seat(p) for p in seats], amount, kind, marks)

    return deal


def _chosen(action: ast.Action, target: ast.Cards) -> Direct | None:
    """ "Return up to 1 target card from your discard pile to your hand", "Remove target
    card in the opponent's discard pile": the cards chosen without a context
    (``select.picked_without_context``), moved as ``actions._move`` and ``_remove_card``
    move them; where the cards need the context after all, nothing is done (False)."""
    from cardscript.interpreter.actions import move_terms
    from cardscript.interpreter.card_plans import context_free
    from cardscript.interpreter.select import card_plan, picked_without_context

    plan = card_plan(target)
    if not context_free(plan):
        return None
    if action.verb == "remove_card":

        def remove(engine: Engine, controller: int, cause: Cause) -> bool:
            chosen = picked_without_context(engine, controller, plan, "remove")
            if chosen is None:
                return False
            for uid in chosen:
                engine.applier("remove_from_game", cause)(engine, cause, uid=uid)
            return True

        return remove
    destination = action.destination
    if action.verb != "move" or destination is None or destination.zone.possessor != "your":
        return None
    prompt, position, face = move_terms(action)
    zone = destination.zone.zone

    def move(engine: Engine, controller: int, cause: Cause) -> bool:
        chosen = picked_without_context(engine, controller, plan, prompt)
        if chosen is None:
            return False
        for uid in chosen:
            run = engine.applier("move", cause)
            run(
                engine,
                cause,
                uid=uid,
                zone=zone,
                player=controller,
                position=position,
                face_up=face,
            )
        return True

    return move
