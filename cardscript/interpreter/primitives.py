"""Primitives every game shares. A kernel adds its own and may replace any of these.

Each primitive takes the engine, the cause and keyword arguments, changes the state and
emits the events of what it did. Event names are the generic ones below unless the
kernel's registry names them otherwise (``Kernel.event_names``). A card's move is made
before its event, which carries where the card was (``events.left_from``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardscript.interpreter.events import PrimitiveFn, left_from
from cardscript.interpreter.select import Seat, Target

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Cause, Engine


def _emit(
    engine: Engine,
    name: str,
    subject: int | None = None,
    player: int | None = None,
    amount: int | None = None,
    source: int | None = None,
    data: tuple[tuple[str, Any], ...] = (),
) -> None:
    # the fields given one by one (no ``**kw``): an event for nearly every change
    engine.happened(engine.kernel.event_name(name), subject, player, None, amount, source, data)


def draw(engine: Engine, cause: Cause, player: int, count: int) -> int:
    kernel = engine.kernel
    deck = engine.state.players[player].zone(kernel.deck_zone)
    drawn = 0
    for _ in range(count):
        if not deck:
            kernel.on_empty_deck(engine, player)
            if engine.state.result is not None or not deck:
                break
        uid = deck[-1]
        engine.state.move(uid, kernel.hand_zone, player=player)
        drawn += 1
        _emit(engine, "drawn", subject=uid, player=player)
    return drawn


def move(
    engine: Engine,
    cause: Cause,
    uid: int,
    zone: str,
    player: int | None = None,
    position: int | None = None,
    face_up: bool | None = None,
) -> None:
    card = engine.state.cards[uid]
    before = card.zone
    owner = card.owner if player is None else player
    engine.state.move(uid, zone, player=owner, position=position)
    if face_up is not None:
        card.face_up = face_up
    # (``_emit`` written out: a card returned to hand by card text, every few rounds)
    name = engine.kernel.event_name("moved")
    engine.happened(name, uid, owner, None, None, None, (("from", before), ("to", zone)))


def discard(engine: Engine, cause: Cause, uid: int) -> None:
    card = engine.state.cards[uid]
    left = left_from(card)
    engine.state.move(uid, engine.kernel.discard_zone, player=card.owner)
    _emit(engine, "discarded", subject=uid, player=card.owner, data=left)


def remove_from_game(engine: Engine, cause: Cause, uid: int) -> None:
    card = engine.state.cards[uid]
    left = left_from(card)
    engine.state.move(uid, engine.kernel.removed_zone, player=card.owner)
    name = engine.kernel.event_name("removed")  # (``_emit`` written out, as ``move``)
    engine.happened(name, uid, card.owner, None, None, None, left)


def gain(engine: Engine, cause: Cause, player: int, resource: str, amount: int) -> None:
    res = engine.state.players[player].resources
    res[resource] = engine.kernel.bound(engine, player, resource, res.get(resource, 0) + amount)
    _emit(engine, "gained", player=player, amount=amount, data=(("resource", resource),))


def lose(engine: Engine, cause: Cause, player: int, resource: str, amount: int) -> None:
    res = engine.state.players[player].resources
    res[resource] = engine.kernel.bound(engine, player, resource, res.get(resource, 0) - amount)
    _emit(engine, "lost", player=player, amount=amount, data=(("resource", resource),))


def pay(engine: Engine, cause: Cause, player: int, resource: str, amount: int) -> bool:
    """A cost: it happens in full or not at all."""
    res = engine.state.players[player].resources
    if res.get(resource, 0) < amount:
        return False
    res[resource] = res.get(resource, 0) - amount
    _emit(engine, "paid", player=player, amount=amount, data=(("resource", resource),))
    return True


def add_counters(engine: Engine, cause: Cause, uid: int, counter: str, amount: int) -> None:
    counters = engine.state.cards[uid].counters
    counters[counter] = counters.get(counter, 0) + amount
    _emit(engine, "counters_placed", subject=uid, amount=amount, data=(("counter", counter),))


def remove_counters(engine: Engine, cause: Cause, uid: int, counter: str, amount: int) -> bool:
    counters = engine.state.cards[uid].counters
    have = counters.get(counter, 0)
    if have == 0:
        return False
    counters[counter] = max(0, have - amount)
    _emit(
        engine,
        "counters_removed",
        subject=uid,
        amount=min(have, amount),
        data=(("counter", counter),),
    )
    return True


def shuffle(engine: Engine, cause: Cause, zone: str, player: int) -> None:
    engine.state.rng.shuffle(engine.state.players[player].zone(zone))
    _emit(engine, "shuffled", player=player, data=(("zone", zone),))


def reveal(
    engine: Engine, cause: Cause, uids: tuple[int, ...], zone: str | None, player: int | None
) -> None:
    for uid in uids:
        _emit(engine, "revealed", subject=uid, player=engine.state.cards[uid].controller)


def look(
    engine: Engine, cause: Cause, player: int, count: int, _uids: tuple[int, ...] = ()
) -> None:
    """A player looks at cards: only they see which (``Choices.show``); the log, the
    events and the other players learn how many (the log leaves out ``_uids``)."""
    engine.show(player, _uids)
    _emit(engine, "looked_at", player=player, amount=count)


def gain_control(engine: Engine, cause: Cause, uid: int, player: int) -> None:
    card = engine.state.cards[uid]
    engine.state.move(uid, card.zone, player=player)
    _emit(engine, "control_changed", subject=uid, player=player)


def deal_damage(
    engine: Engine,
    cause: Cause,
    target: Target,
    amount: int,
    kind: str | None,
    source: int | None,
    qualities: tuple[str, ...] = (),
) -> int:
    """Damage after prevention: to a player it costs the kernel's life resource, to a card
    it becomes damage counters; kernels with other damage rules replace this."""
    kernel = engine.kernel
    amount = kernel.prevent(engine, target, amount, kind, source, qualities)
    if amount <= 0:
        return 0
    if isinstance(target, Seat):
        res = engine.state.players[target.index].resources
        res[kernel.life_resource] = res.get(kernel.life_resource, 0) - amount
        _emit(engine, "damaged", player=target.index, amount=amount, source=source)
    else:
        counters = engine.state.cards[target].counters
        counters["damage"] = counters.get("damage", 0) + amount
        _emit(engine, "damaged", subject=target, amount=amount, source=source)
    return amount


def heal(
    engine: Engine,
    cause: Cause,
    target: Target,
    amount: int,
    kind: str | None,
    beyond: bool = False,
) -> None:
    """Damage taken away: a player's life up to the kernel's bound, a card's damage
    counters down to none, or ``beyond`` that ("… beyond its maximum hit points": the
    surplus kept as negative damage, so the card has that many hit points more left)."""
    kernel = engine.kernel
    if isinstance(target, Seat):
        res = engine.state.players[target.index].resources
        res[kernel.life_resource] = kernel.bound(
            engine, target.index, kernel.life_resource, res.get(kernel.life_resource, 0) + amount
        )
        _emit(engine, "healed", player=target.index, amount=amount)
    else:
        counters = engine.state.cards[target].counters
        left = counters.get("damage", 0) - amount
        counters["damage"] = left if beyond else max(0, left)
        _emit(engine, "healed", subject=target, amount=amount)


def set_state(state: str, on: bool, event: str) -> Any:
    """A primitive that turns a card state on or off (exhaust, ready, stun, close…)."""

    def run(engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        states = engine.state.cards[target].states
        if (state in states) == on:
            return False  # the impossible is not done
        if on:
            states.add(state)
        else:
            states.discard(state)
        _emit(engine, event, subject=target)
        return True

    # the state it turns on or off: the cards a cost of it can be paid with
    # (``cost_cards.payers``)
    setattr(run, "sets", (state, on))  # noqa: B010 (a function's attribute: no type has it)
    return run


def unless_forbidden(
    permission: str,
    change: PrimitiveFn,
    sets: tuple[str, bool] | None = None,
    by: Callable[[Engine, Cause, int], Target] | None = None,
) -> PrimitiveFn:
    """``change``, refused (False) on a card whose text forbids it ("This cannot ready."),
    by effects and by the rules alike; a cost of it is paid only with cards it may change
    (``cost_cards.payers`` reads ``forbidden_by``, and ``sets``: the change's own, or the
    state a kernel's own primitive turns on or off). ``by`` names what causes it, for a
    text's "by …" ("cannot be exhausted by plot twists"); without it every such text
    speaks."""

    def run(engine: Engine, cause: Cause, target: Target, **args: Any) -> Any:
        if isinstance(target, int) and (
            engine.permitted(permission, target, by(engine, cause, target) if by else None) is False
        ):
            return False
        return change(engine, cause, target, **args)

    setattr(run, "sets", sets or getattr(change, "sets", None))  # noqa: B010 (the state it changes)
    setattr(run, "forbidden_by", permission)  # noqa: B010
    return run


def to_zone(zone: str, event: str) -> Any:
    """A primitive that puts a card into a zone of its owner (destroy, KO, defeat…)."""

    def run(engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        left = left_from(card)
        engine.state.move(target, zone, player=card.owner)
        card.states.clear()
        card.counters.clear()
        _emit(engine, event, subject=target, player=card.owner, data=left)
        return True

    return run


GENERIC: dict[str, Callable[..., Any]] = {
    "draw": draw,
    "move": move,
    "discard": discard,
    "remove_from_game": remove_from_game,
    "gain": gain,
    "lose": lose,
    "pay": pay,
    "add_counters": add_counters,
    "remove_counters": remove_counters,
    "shuffle": shuffle,
    "reveal": reveal,
    "look": look,
    "gain_control": gain_control,
    "deal_damage": deal_damage,
    "heal": heal,
}
