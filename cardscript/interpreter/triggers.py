"""Match triggered abilities to events.

A triggered ability waits for its ``Event`` node: a subject doing an event ("this
attacks", "a character you control becomes stunned"), a bare event ("revealed"), or a
moment ("the start of your turn"). The kernel emits moments as events named
``start:<phase>`` and ``end:<phase>`` with the player whose period it is, and "before
the start of <phase>" as ``before_start:<phase>`` (Berserk's turn preparation step).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.events import PendingTrigger
from cardscript.interpreter.select import Seat, selects

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.engine import Engine, Event


def matching_triggers(engine: Engine, event: Event) -> list[PendingTrigger]:
    found: list[PendingTrigger] = []
    for uid, ability in _listening(engine, event):
        node = ability.node
        assert isinstance(node, ast.Triggered)
        controller = engine.state.cards[uid].controller
        if not engine.within_limits(ability, uid):
            continue
        if _matches(engine, node, event, uid, ability, controller):
            found.append(_new(PendingTrigger, (ability, uid, controller, event)))
    return found


def ability_matches(
    engine: Engine, event: Event, uid: int, ability: CompiledAbility, controller: int
) -> bool:
    """Would this triggered ability of ``uid`` (wherever the card is: an event in hand,
    say) hear ``event`` for ``controller``?"""
    node = ability.node
    return (
        isinstance(node, ast.Triggered)
        and engine.within_limits(ability, uid)
        and _matches(engine, node, event, uid, ability, controller)
    )


def _listening(engine: Engine, event: Event) -> Iterable[tuple[int, CompiledAbility]]:
    # only the abilities waiting for this event's name (or moment): ``_matches`` would
    # refuse every other one
    key = ("event", event.name)
    seen: set[tuple[int, int]] = set()
    for uid, ability, _ in engine.in_play(key):
        seen.add((uid, ability.index))
        yield uid, ability
    # Some triggers work where the card is, not in play ("when revealed", "when defeated").
    for uid in engine.kernel.trigger_sources(engine, event):
        for ability in engine.definition(uid).play_index.get(key, ()):
            if (uid, ability.index) not in seen:
                yield uid, ability


_new = tuple.__new__  # a named tuple made without calling its class (half the cost)


def moment_event(timing: str, moment: ast.Moment) -> str:
    """The event name a moment trigger waits for."""
    edge = "end" if moment.edge == "end" else "start"
    before = "before_" if timing == "before" else ""
    return f"{before}{edge}:{moment.phase.phase}"


def _matches(
    engine: Engine, node: ast.Triggered, event: Event, uid: int, ability: object, controller: int
) -> bool:
    wanted = node.event
    if wanted.moment is not None:
        moment = wanted.moment
        if event.name != moment_event(node.timing, moment):
            return False
        owner = moment.phase.owner
        if owner in ("your",):
            return event.player == controller
        if owner and "opponent" in owner:
            return event.player is not None and event.player != controller
        return True
    if wanted.event != event.name:
        return False
    if (
        isinstance(wanted.subject, _THIS)
        and event.subject is not None
        and (event.subject != uid or uid is None)
    ):
        return False  # "this …" about another card (as ``selects`` would say, sooner)
    ctx = engine.context(uid, ability, controller, event)  # type: ignore[arg-type]
    if wanted.subject is not None:
        subject = (
            event.subject
            if event.subject is not None
            else (Seat(event.player) if event.player is not None else None)
        )
        if subject is None or not selects(ctx, wanted.subject, subject):
            return False
    elif event.subject is not None and event.subject != uid and not event.get("any"):
        return False  # a bare event ("When Revealed") is about this card
    if wanted.obj is not None:
        # no card as the object: the event's player is ("an enemy attacks you")
        obj = event.obj if event.obj is not None else _seat(event.player)
        if obj is None or not selects(ctx, wanted.obj.selector, obj):
            return False
    return True


_THIS = (ast.ThisCard, ast.ThisPossessed)


def _seat(player: int | None) -> Seat | None:
    return Seat(player) if player is not None else None
