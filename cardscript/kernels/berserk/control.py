"""Taking control (spec berserk.md §8.7; §217, §210.12, §200.5а).

"Gain control of target enemy creature" takes the card into the taker's squad from its
controller's: it gets a control marker and stays on its cell (§217.1а), in the squad of
its owner's opponent until it loses the marker (§217.2). The ability that took it says
when that happens (§217.3): a duration ("until the end of the turn") is a lasting
effect of kind ``control`` the interpreter records, and the card loses its markers when
that effect ends (``end_period``); or a text removes the marker ("remove a control marker
from …"). A card that loses its last marker goes back to its owner's squad on its cell;
that is not taking control (§217.4), so it does not "enter the squad" again. A stolen
host's symbiote stays with its controller (§210.12, ``hosts.attachments`` looks at both
sides); an ability already declared or triggered keeps the controller it had (§200.5а:
declared and pending abilities carry their controller). A player whom a change of
control leaves without creatures loses (§102.3а).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.primitives import add_counters

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

MARKER = "control_marker"
SQUAD_ZONES = ("battlefield", "additional_zone")
EXPIRED = Cause(rule="taking control ended (§217.3)")


def primitives(kernel: FieldKernel, remove: Any) -> dict[str, Any]:
    """ "gain control of", and the kernel's "remove counters" (``remove``) giving a card
    back when its last control marker goes. A player left without creatures by either
    loses (§102.3а)."""

    def take(engine: Engine, cause: Cause, uid: int, player: int, **_: Any) -> bool:
        """The card joins ``player``'s squad where it stands, with a control marker;
        "enters the squad" (GLOSS «Взять в отряд»). Not a card of ``player``'s own squad,
        nor one its owner would take back (only losing the marker returns it, §217.2),
        nor a card that cannot be taken into a squad."""
        card = engine.state.cards[uid]
        if card.zone not in SQUAD_ZONES or player in (card.controller, card.owner):
            return False
        if engine.permitted("be_taken_into_squad", uid) is False:
            return False
        engine.state.move(uid, card.zone, player=player)  # its cell stays (§217.1а)
        add_counters(engine, cause, uid, MARKER, 1)
        engine.emit(Event("control_changed", subject=uid, player=player))
        engine.emit(Event("enters_squad", subject=uid, player=player))
        kernel.check_victory(engine)
        return True

    def removing(engine: Engine, cause: Cause, uid: int, counter: str, amount: int) -> bool:
        done = bool(remove(engine, cause, uid=uid, counter=counter, amount=amount))
        if done and counter == MARKER and give_back(engine, uid):
            kernel.check_victory(engine)
        return done

    return {"gain_control": take, "remove_counters": removing}


def give_back(engine: Engine, uid: int) -> bool:
    """§217.2, §217.4: without a control marker the card is its owner's again, where it
    stands; no "enters the squad". True when it went back."""
    card = engine.state.cards[uid]
    if card.counters.get(MARKER) or card.zone not in SQUAD_ZONES or card.controller == card.owner:
        return False
    engine.state.move(uid, card.zone, player=card.owner)
    engine.emit(Event("control_changed", subject=uid, player=card.owner))
    return True


def timed(engine: Engine) -> set[int]:
    """Cards held by a lasting "until the end of …" control effect."""
    return {u for e in engine.state.lasting if e["kind"] == "control" for u in e["uids"]}


@contextmanager
def _giving_back(engine: Engine) -> Iterator[None]:
    """The cards held by a control effect that ends inside lose their control markers
    after it (§217.3)."""
    held = timed(engine) if engine.state.lasting else set()
    yield
    if not held:
        return
    for uid in sorted(held - timed(engine)):
        have = engine.state.cards[uid].counters.get(MARKER, 0)
        if have:
            engine.apply("remove_counters", EXPIRED, uid=uid, counter=MARKER, amount=have)


def end_period(engine: Engine, phase: str) -> None:
    """``Engine.end_period``, giving back the cards a control effect ending with it held."""
    with _giving_back(engine):
        engine.end_period(phase)


def enter(engine: Engine, step: str | None, phase: str | None = None) -> None:
    """The battle goes on to ``step`` (None: no step) of ``phase`` (None: the same phase):
    the step left ends, then the phase left (§300.3; ``Engine.enter_step``,
    ``enter_phase``), giving back the cards a control effect ending with them held."""
    with _giving_back(engine):
        engine.enter_step(step)
        if phase is not None:
            engine.enter_phase(phase)
