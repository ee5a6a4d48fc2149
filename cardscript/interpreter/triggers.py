"""Match triggered abilities to events.

A triggered ability waits for its ``Event`` node: a subject doing an event ("this
attacks", "a character you control becomes stunned"), a bare event ("revealed"), or a
moment ("the start of your turn"). The kernel emits moments as events named
``start:<phase>`` and ``end:<phase>`` with the player whose period it is, and "before
the start of <phase>" as ``before_start:<phase>`` (Berserk's turn preparation step).

An event about a card leaving play is recorded after the move: a subject selector naming
no zone ("whenever a card is discarded") sees the card as it last was in play, in the
zone it left under its controller there; one naming a zone ("a card in your discard
pile") sees it where it is now (``last_known.selects_as_it_was``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.apart import placed
from cardscript.interpreter.events import Event, PendingTrigger
from cardscript.interpreter.last_known import selects_as_it_was
from cardscript.interpreter.select import Seat, selects

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.engine import Engine


def matching_triggers(
    engine: Engine,
    event: Event,
    listening: Sequence[tuple[int, CompiledAbility, Any]] | None = None,
) -> list[PendingTrigger]:
    """The triggered abilities ``event`` sets off: of the cards in play (``listening``,
    when the caller has read ``in_play(("event", name))`` already) and of the kernel's
    ``trigger_sources``."""
    if engine._trigger_sources or listening is None:
        listening = list(_listening(engine, event))
    elif event.data and event.subject is not None:
        own = own_leaving(engine, event)
        if own:
            listening = [*listening, *own]
    found: list[PendingTrigger] = []
    cards = engine.state.cards
    for uid, ability, node in listening:
        if ability.line.mods and not engine.within_limits(ability, uid):
            continue  # (no "once per …": nothing to count, the usual case)
        controller = cards[uid].controller
        # (the index key is the event's name or moment: only the rest is asked)
        if _heard_by(engine, node, event, uid, ability, controller):
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


def _listening(engine: Engine, event: Event) -> Iterable[tuple[int, CompiledAbility, Any]]:
    # only the abilities waiting for this event's name (or moment): ``_matches`` would
    # refuse every other one
    key = ("event", event.name)
    found = engine.in_play(key)
    yield from found
    # Some triggers work where the card is, not in play ("when revealed", "when defeated").
    seen = {(uid, ability.index) for uid, ability, _ in found}
    for uid in engine.kernel.trigger_sources(engine, event):
        for ability in engine.definition(uid).play_index.get(key, ()):
            if (uid, ability.index) not in seen:
                seen.add((uid, ability.index))
                yield uid, ability, ability.node
    for uid, ability, node in own_leaving(engine, event):
        if (uid, ability.index) not in seen:
            yield uid, ability, node


def own_leaving(engine: Engine, event: Event) -> list[tuple[int, CompiledAbility, Any]]:
    """A card that has just left play hears its own leaving ("when this is discarded"):
    its triggers for the event, where the event's data says it left a play zone
    (``events.left_from``) and it is not in play now (last-known information: its text
    worked there a moment ago)."""
    uid = event.subject
    if uid is None or not event.data:
        return []
    play = engine.kernel.play_zones
    if dict(event.data).get("from") not in play or engine.state.cards[uid].zone in play:
        return []
    abilities = engine.definition(uid).play_index.get(("event", event.name), ())
    if abilities and uid in engine.lost_all():  # it had lost them as it left (§407.4)
        abilities = tuple(a for a in abilities if engine.kept_when_lost(a))
    return [(uid, ability, ability.node) for ability in abilities]


_new = tuple.__new__  # a named tuple made without calling its class (half the cost)

# a trigger's verdict on an event of its name read from the event's subject and player
# alone (``lone_verdict``): it always hears it, the subject is this card, the player is
# the controller (subject none), the player is the controller, another player
HEARS_ALL, HEARS_THIS, HEARS_YOU, HEARS_YOURS, HEARS_OTHERS = range(5)


def lone_verdict(entries: Sequence[tuple[int, CompiledAbility, Any]]) -> int | None:
    """The verdict code of a card's one trigger under an event key when ``_heard_by``
    reads only the event's subject and player for it (no context, no data); else None."""
    if len(entries) != 1 or not isinstance(entries[0][2], ast.Triggered):
        return None
    wanted = entries[0][2].event
    moment = wanted.moment
    if moment is not None:
        owner = moment.phase.owner
        if owner in ("your",):
            return HEARS_YOURS
        return HEARS_OTHERS if owner and "opponent" in owner else HEARS_ALL
    subject = wanted.subject
    if wanted.obj is not None:
        return None
    kind = type(subject)
    if kind is _THIS_CARD or kind is _THIS_POSSESSED:
        return HEARS_THIS
    if kind is _PLAYER and subject.who == "you":  # type: ignore[union-attr]  # (a Player)
        return HEARS_YOU
    return None


def queue_lone(
    engine: Engine,
    lone: tuple[int, list[tuple[int, CompiledAbility, Any]], int | None],
    controller: int,
    name: str,
    subject: Any,
    player: int | None,
    obj: int | None,
    amount: int | None,
    source: int | None,
    data: tuple[tuple[str, Any], ...],
) -> None:
    """``matching_triggers`` for the one trigger (a ``lone_verdict``) of a card in play
    waiting for ``name``: the event is made only when the trigger hears it."""
    uid, entries, verdict = lone
    ability = entries[0][1]
    if ability.line.mods and not engine.within_limits(ability, uid):
        return  # (as ``matching_triggers``: the limit asked first)
    if not verdict:
        pass  # (HEARS_ALL, the most heard: no question)
    elif verdict == HEARS_THIS:
        if subject != uid:
            return
    elif verdict == HEARS_YOU:
        if subject is None:
            if player != controller:
                return
        elif not _is_you(engine, subject, controller):
            return
    elif verdict == HEARS_YOURS:
        if player != controller:
            return
    elif verdict == HEARS_OTHERS and (player is None or player == controller):
        return
    event = _new(Event, (name, subject, player, obj, amount, source, data))
    engine.pending.append(_new(PendingTrigger, (ability, uid, controller, event)))


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
        if event.name != moment_event(node.timing, wanted.moment):
            return False
    elif wanted.event != event.name:
        return False
    return _heard_by(engine, node, event, uid, ability, controller)


def _heard_by(
    engine: Engine, node: ast.Triggered, event: Event, uid: int, ability: object, controller: int
) -> bool:
    """``_matches`` for an event of the name (or moment) the trigger waits for."""
    wanted = node.event
    moment = wanted.moment
    if moment is not None:
        owner = moment.phase.owner
        if owner in ("your",):
            return event.player == controller
        if owner and "opponent" in owner:
            return event.player is not None and event.player != controller
        return True
    subject, obj = wanted.subject, wanted.obj
    ctx = None
    kind = type(subject)  # (by type: a subclass, were there one, asks ``selects``)
    if subject is None:
        if obj is None:
            # a bare event ("When Revealed") is about this card
            return event.subject is None or event.subject == uid or bool(event.get("any"))
        if event.subject is not None and event.subject != uid and not event.get("any"):
            return False
    elif kind is _PLAYER and subject.who == "you":  # type: ignore[union-attr]  # (a Player)
        # ``selects``' answer likewise: the event's player is you (or its subject, a player)
        whom: Any = event.subject
        if whom is None:
            if event.player != controller:
                return False
        elif not _is_you(engine, whom, controller):
            return False
    elif kind is _THIS_CARD or kind is _THIS_POSSESSED:
        # ``selects``' answer without a context: this card is the event's subject (an
        # event naming no card is about a player, never this card)
        if event.subject != uid:
            return False
    else:
        ctx = engine.context(uid, ability, controller, event)  # type: ignore[arg-type]
        about = (
            event.subject
            if event.subject is not None
            else (Seat(event.player) if event.player is not None else None)
        )
        if about is None:
            return False
        # a card that has left play is seen as it last was there (last-known
        # information): the event's data says where (``events.left_from``)
        if not selects(ctx, subject, about) and not (
            event.data and selects_as_it_was(ctx, subject, about, event.data)
        ):
            return False
    if obj is not None:
        if ctx is None:
            ctx = engine.context(uid, ability, controller, event)  # type: ignore[arg-type]
        if obj.preposition == "from" and event.source is not None:
            other: Any = event.source  # "whenever you take damage from a Strength card"
        else:  # no card as the object: the event's player is ("an enemy attacks you")
            other = event.obj if event.obj is not None else _seat(event.player)
        # the object too may have left play ("After you attack an enemy", the enemy
        # gone): seen as it last was there when the event's data says where
        if other is None or not (
            selects(ctx, obj.selector, other)
            or (event.data and selects_as_it_was(ctx, obj.selector, other, event.data))
        ):
            return False
    return True


_PLAYER, _THIS_CARD, _THIS_POSSESSED = ast.Player, ast.ThisCard, ast.ThisPossessed


def _is_you(engine: Engine, subject: Any, controller: int) -> bool:
    """Is the event's subject the controller: their seat, or a card the kernel says acts
    as them (``Kernel.player_card``)?"""
    if type(subject) is Seat:
        return bool(subject.index == controller)
    return isinstance(subject, int) and engine.kernel.player_card(engine, subject) == controller


def _seat(player: int | None) -> Seat | None:
    return Seat(player) if player is not None else None


def in_chosen_order(
    engine: Engine,
    pending: Sequence[PendingTrigger],
    players: Sequence[int],
    prompt: str,
    orderer: int | None = None,
) -> list[PendingTrigger]:
    """``pending`` grouped by controller, ``players`` in turn, each ordering their own
    (asked only of one with two or more; first to resolve first): the rule of several
    games for triggers at once (Vanguard §10, Berserk §215.4). With ``orderer``, that one
    player orders them all (Marvel Champions' first player, MC-FORCED-3), the groups as
    ``by_controller`` makes them."""
    if orderer is not None:
        return _ordered(engine, orderer, by_controller(pending, players), prompt)
    out: list[PendingTrigger] = []
    for player in players:
        out += _ordered(engine, player, [t for t in pending if t.controller == player], prompt)
    return out


def one_at_a_time(
    engine: Engine,
    pending: Sequence[PendingTrigger],
    players: Sequence[int],
    prompt: str,
    labels: Callable[[Engine, Sequence[PendingTrigger]], list[str]],
) -> Iterator[PendingTrigger]:
    """``in_chosen_order`` asked a trigger at a time: each player in turn picks which of
    their own comes next (an "option" of those left, ``labels`` reading them; the last
    one without asking). Lazy: the caller acts on each before the next is picked (VS
    System's A6: it goes on the chain, its targets chosen, then the next)."""
    for player in players:
        mine = [t for t in pending if t.controller == player]
        while mine:
            picked = 0
            if len(mine) > 1:
                (picked,) = engine.choose(player, "option", prompt, mine, labels(engine, mine))
            yield mine.pop(picked)


def by_controller(
    pending: Sequence[PendingTrigger], players: Sequence[int]
) -> list[PendingTrigger]:
    """``pending`` grouped by controller in the order of ``players``, each group in the
    order it triggered; a controller not among them (one out of the game) with the
    first's."""
    rank = {player: i for i, player in enumerate(players)}
    return sorted(pending, key=lambda t: rank.get(t.controller, 0))


def _ordered(
    engine: Engine, player: int, triggers: list[PendingTrigger], prompt: str
) -> list[PendingTrigger]:
    """``triggers`` in the order ``player`` chooses (not asked of fewer than two)."""
    if len(triggers) < 2:
        return triggers
    labels = trigger_labels(engine, triggers)
    count = len(triggers)
    order = engine.choose(player, "order", prompt, triggers, labels, count, count)
    return [triggers[i] for i in order]


def trigger_labels(engine: Engine, triggers: Sequence[PendingTrigger]) -> list[str]:
    """Each trigger as a player ordering them reads it: its card and where its text is,
    told apart where two would read the same (``told_apart``)."""
    return told_apart(
        engine, triggers, [f"{engine.describe(t.source)}: {t.ability.where}" for t in triggers]
    )


def told_apart(engine: Engine, triggers: Sequence[PendingTrigger], labels: list[str]) -> list[str]:
    """``labels`` (one per trigger, a kernel's own wording) where two would read the
    same (one ability triggered twice) followed by what each heard: the event and its
    subject; where that still leaves two alike (one attacker attacking two enemies), the
    card the event is about; and where that does (two copies of a card hearing one
    event), where each card is (``apart.placed``). Labels that differ are kept as they
    are."""
    alike = [labels.count(label) > 1 for label in labels]
    for i, trigger in enumerate(triggers):
        if alike[i]:
            event = trigger.event
            about = "" if event.subject is None else f" {engine.describe(event.subject)}"
            labels[i] += f" ({event.name.replace('_', ' ')}{about})"
    alike = [labels.count(label) > 1 for label in labels]
    for i, trigger in enumerate(triggers):
        whom = trigger.event.obj
        if alike[i] and isinstance(whom, int):
            labels[i] = f"{labels[i][:-1]} → {engine.describe(whom)})"
    return placed(engine, [t.source for t in triggers], labels)
