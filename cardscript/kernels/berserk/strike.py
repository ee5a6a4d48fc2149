"""The simple strike, defenders, the fight and the strike table (spec berserk.md §13, §14).

An attack: the attacker (an open, revealed creature of the active player that has not
acted) closes and picks an adjacent enemy card (a flyer may pick any enemy card, §211.5;
terrain and equipment cannot be attacked). The inactive player may assign a defender, a
sudden action while the Target object is on top (``redirection.defenders``): an open
creature of theirs adjacent to both, not the target; it closes too and becomes the
reflector (§205.3, Directed Strike and Precision forbid it). If the reflector is an open
creature that fights and the attacker's strike can be answered, both roll, attacker first,
and the strike table (§205.6) gives the tiers; the higher roller may weaken an exchange
row (§216.7). Otherwise only the attacker rolls, clamped to 1..6: ≤3 weak, 4–5 medium,
6 strong (§205.4). Die modifiers are the ``die_roll`` stat (Blessing, Curse, experience).

The chain's objects are steps in order (§216), with a priority window for sudden actions
while each object where players may act is on top: the Target object (a block, a
redirection, the defender), the Result object (die-roll modifiers, applied when it
resolves; playable ones may be declared only then, §422.3), the Calculation object
(after Weakening; the strike's value is read when it resolves) and the Defense object (a
block, or "weaken": reducing the attack to a weak blow). Attack abilities have the same
windows (``attacks.perform``).

Scenario dice: ``state.data["rolls"]`` (a list) is used before the seeded RNG.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.kernels.berserk import control, modifiers
from cardscript.kernels.berserk.kinds import attack_value, may_attack, wounds_dealt_by

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

WEAK, MEDIUM, STRONG, MISS = 0, 1, 2, None

# d -> (attacker deals, reflector deals); d = 0 is split by the results (see table()).
TABLE: dict[int, tuple[int | None, int | None]] = {
    1: (WEAK, MISS),
    2: (MEDIUM, WEAK),
    3: (MEDIUM, MISS),
    4: (STRONG, WEAK),
    5: (STRONG, MISS),
    -1: (WEAK, MISS),
    -2: (MISS, MISS),
    -3: (MISS, WEAK),
    -4: (WEAK, MEDIUM),
    -5: (MISS, MEDIUM),
}
# §216.7: an exchange row may move one row up (toward a smaller difference)
WEAKER = {2: 1, 4: 3, -4: -3}


def table(a: int, r: int) -> tuple[int | None, int | None]:
    """§205.6 for modified, unclamped results ``a`` (attacker) and ``r`` (reflector)."""
    d = a - r
    if d == 0:
        return (WEAK, MISS) if a <= 4 and r <= 4 else (MISS, WEAK)
    return TABLE[max(-5, min(5, d))]


def tier(result: int) -> int:
    """§205.4: one die, clamped to 1..6."""
    result = max(1, min(6, result))
    return WEAK if result <= 3 else MEDIUM if result <= 5 else STRONG


TIERS = ("weak_strike", "medium_strike", "strong_strike")  # stats of one tier each


def printed_strike(engine: Engine, uid: int) -> tuple[int, int, int]:
    """The simple strike X-Y-Z as printed: taken as a property, unmodified (§205.1а)."""
    printed = str(engine.definition(uid).get("strike") or "0-0-0")
    weak, medium, strong = (int(v) for v in printed.split("-"))
    return weak, medium, strong


def strike_value(engine: Engine, striker: int, struck: int, deals: int) -> int:
    """A tier of the striker's simple strike against ``struck``, with the modifiers to the
    strike and to that tier ("+1 weak simple strike") in the order of §422.4 (groups 1–4,
    ``modifiers.ordered``); the target's own and the set-to modifiers come after
    (``kinds.attack_value``, ``modifiers.set_value``)."""
    found = modifiers.parts(engine, striker, "strike") + modifiers.parts(
        engine, striker, TIERS[deals]
    )
    printed = printed_strike(engine, striker)[deals]
    return max(0, modifiers.ordered(engine, printed, found, striker, struck))


def natural(engine: Engine, uid: int) -> int:
    """``uid`` enters the fight and rolls (the Roll object, §216.5): the die, unmodified."""
    forced = engine.state.data.get("rolls")
    die = int(forced.pop(0)) if forced else engine.state.rng.roll(6)
    engine.emit(Event("fights", subject=uid, amount=die))
    if die % 2:  # Plague (DICT «Чума»): the natural die, before modifiers
        engine.emit(Event("rolls_odd", subject=uid, amount=die))
    return die


def roll(engine: Engine, uid: int) -> tuple[int, int]:
    """The natural die and the modified result of ``uid``'s roll."""
    die = natural(engine, uid)
    return die, die + engine.stat(uid, "die_roll")


def can_strike(kernel: FieldKernel, engine: Engine, uid: int) -> bool:
    card = engine.state.cards[uid]
    return (
        card.zone in ("battlefield", "additional_zone")
        and card.face_up
        and "closed" not in card.states
        and not card.data.get("acted")
        and engine.definition(uid).type == "creature"
        and engine.definition(uid).get("subtype") != "symbiote"
        and bool(engine.definition(uid).get("strike"))
        and bool(engine.rule("fights", uid=uid))
    )


def targets(kernel: FieldKernel, engine: Engine, uid: int) -> list[int]:
    """Legal targets of ``uid``'s simple strike (§205.2, §211.5, §211.9, §212.2, §214.3)."""
    if not can_strike(kernel, engine, uid):
        return []
    me = engine.state.cards[uid].controller
    anywhere = engine.rule("strike_range", uid=uid) == "any" or kernel.is_flyer(engine, uid)
    enemy = kernel.squad(engine, 1 - me)
    if engine.rule("closing_to_strike_flyers", uid=uid):  # §211.9: only if it closed for it
        only_flyers = engine.state.cards[uid].data.get("strikes_flyers") == "ready"
    else:  # the simplified reading: when the enemy has only flyers left
        only_flyers = all(kernel.is_flyer(engine, u) for u in kernel.creatures(engine, 1 - me))
    out: list[int] = []
    for target in enemy:
        if engine.definition(target).type in ("terrain", "equipment"):
            continue
        if kernel.is_flyer(engine, target):
            # ground creatures strike flyers only after closing for it (§211.9)
            reachable = anywhere or only_flyers
        else:
            reachable = anywhere or kernel.adjacent(engine, uid, target)
        if reachable and may_attack(engine, uid, target):
            out.append(target)
    return out


def can_close_for_flyers(kernel: FieldKernel, engine: Engine, uid: int) -> bool:
    """§211.9: an open ground creature may close to strike at flyers in its controller's
    next turn when the opponent has creatures and every one of them flies."""
    theirs = kernel.creatures(engine, 1 - engine.state.cards[uid].controller)
    if not theirs or not all(kernel.is_flyer(engine, u) for u in theirs):
        return False
    return (
        bool(engine.rule("closing_to_strike_flyers", uid=uid))
        and can_strike(kernel, engine, uid)
        and not kernel.is_flyer(engine, uid)
    )


def close_for_flyers(kernel: FieldKernel, engine: Engine, uid: int) -> None:
    if not can_close_for_flyers(kernel, engine, uid):
        raise ValueError(f"{engine.definition(uid).name} cannot close to strike at flyers")
    engine.state.cards[uid].data.update(acted=True, strikes_flyers="armed")
    engine.apply("close", Cause(rule="closing to strike at flyers"), target=uid)


def defenders(kernel: FieldKernel, engine: Engine, attacker: int, target: int) -> list[int]:
    """§205.3а: open creatures of the target's side adjacent to both; against a flyer's
    strike, adjacent to the target or flyers (§211.6)."""
    if not (
        engine.rule("defenders_allowed", uid=attacker)
        and engine.rule("redirectable", uid=attacker)
        and not kernel.granted(engine, attacker, "unanswerable_strike")
    ):
        return []
    flying = kernel.is_flyer(engine, attacker)
    side = engine.state.cards[target].controller
    out: list[int] = []
    for uid in kernel.creatures(engine, side):
        card = engine.state.cards[uid]
        if uid == target or "closed" in card.states or not card.face_up:
            continue
        if not engine.rule("fights", uid=uid):
            continue
        if kernel.is_flyer(engine, uid):
            if flying:  # §211.6: flyers defend only against flyers
                out.append(uid)
        elif kernel.adjacent(engine, uid, target) and (
            flying or kernel.adjacent(engine, uid, attacker)
        ):
            out.append(uid)
    return out


def primitive(kernel: FieldKernel) -> Any:
    """ "This strikes target card" in card text (Vanguard): a simple strike with no
    defender asked for; nothing happens if the target cannot be struck."""

    def run(engine: Engine, cause: Cause, target: Any, **_: Any) -> bool:
        source = cause.source
        if source is None or not isinstance(target, int):
            return False
        if target not in targets(kernel, engine, source):
            return False
        attack(kernel, engine, source, target, None)
        return True

    return run


def attack(
    kernel: FieldKernel,
    engine: Engine,
    attacker: int,
    target: int,
    defender: int | bool | None = True,
) -> None:
    """One simple-strike attack. ``defender``: True lets the inactive player assign one in
    its Target window, None allows none, a uid is that player's answer given in advance
    (``redirection.pinned``)."""
    state = engine.state
    if target not in targets(kernel, engine, attacker):
        raise ValueError(
            f"{engine.definition(attacker).name} cannot strike {engine.definition(target).name}"
        )
    pinned = defender if isinstance(defender, int) and not isinstance(defender, bool) else None
    if pinned is not None and pinned not in defenders(kernel, engine, attacker, target):
        raise ValueError(f"{engine.definition(pinned).name} cannot defend")
    me = state.cards[attacker].controller
    if kernel.is_flyer(engine, target):
        state.cards[attacker].data.pop("strikes_flyers", None)  # once (§211.9)
    kernel.reveal_card(engine, target)  # §415.2: a hidden target is revealed at once
    cause = Cause(card=state.cards[attacker].card_id, rule="simple strike")
    state.cards[attacker].data["acted"] = True  # declared: it may not act again (§103.6)
    # the Declaration object on top: "before attack" triggers (§216.2)
    engine.emit(Event("attacks", subject=attacker, obj=target, player=me, data=BEFORE))
    kernel.resolve_pending(engine)
    if state.result is not None or state.cards[target].zone not in kernel.play_zones:
        _pay(kernel, engine, cause, attacker, None)
        return
    # the Target object on top (§216.3): sudden actions, a block, a redirection, the
    # inactive player's defender among them (``redirection.defenders``); on its
    # resolution "on attacking" triggers go on the stack (§216.4)
    chain: dict[str, Any] = {"source": attacker, "target": target, "strike": defender is not None}
    chain.update(blocked=False, cancelled=False, property=True)  # a property, no ability
    if pinned is not None:
        chain["pinned"] = pinned
    if not window(kernel, engine, chain, "target", attacker):
        _removed(kernel, engine, cause, chain, attacker, None)
        return
    from cardscript.kernels.berserk import redirection  # it builds on this module

    redirection.constant(kernel, engine, chain)  # as the Target object resolves (§412.7)
    redirected = chain.get(REDIRECTED)
    if redirected is not None:  # §412.5: the new target
        target = int(redirected)
        kernel.reveal_card(engine, target)
    reflector = int(chain.get(DEFENDER, target))
    if reflector != target:  # it closes in the attacker's Payment object (§216.12а)
        state.data["defender"] = reflector
        engine.emit(Event("defends", subject=reflector, obj=attacker))
    state.data["attacker"], state.data["reflector"] = attacker, reflector
    engine.emit(Event("attacks", subject=attacker, obj=target, player=me))
    engine.emit(Event("is_attacked", subject=reflector, obj=attacker))
    kernel.resolve_pending(engine)
    if _cut_short(kernel, engine, cause, attacker, target, reflector):
        return
    fights = (
        engine.definition(reflector).type == "creature"
        and (reflector != target or "closed" not in state.cards[reflector].states)
        and bool(engine.rule("fights", uid=reflector))
        and bool(engine.rule("fights_back", uid=attacker))
        and not kernel.granted(engine, attacker, "unanswerable_strike")
    )
    # the Roll object (§216.5), then the Result object: die-roll modifiers may be played
    # while it is on top and apply when it resolves (§216.6, §422.3)
    dice = [natural(engine, attacker)] + ([natural(engine, reflector)] if fights else [])
    kernel.resolve_pending(engine)  # what the rolls triggered: Plague, "while fighting" (§216.5)
    if _cut_short(kernel, engine, cause, attacker, target, reflector):
        return
    window(kernel, engine, None, "result", attacker)
    a = dice[0] + engine.stat(attacker, "die_roll")
    if fights:
        r = dice[1] + engine.stat(reflector, "die_roll")
        d = a - r
        if engine.rule("weakening") and d in WEAKER:  # the Calculation object (§216.7)
            higher = me if d > 0 else 1 - me
            (picked,) = engine.choose(
                higher, "option", "weaken the blow?", [False, True], ["no", "weaken"]
            )
            if picked == 1:
                d = WEAKER[d]
        deals, back = table(d, 0) if d != a - r else table(a, r)
    else:
        deals, back = tier(a), None
    # while the Calculation object is on top sudden actions may still change the strike,
    # read when it resolves (§216.8)
    window(kernel, engine, None, "calculation", attacker)
    # the Defense object (§216.9): a block, or reducing the attack to a tier
    if not window(kernel, engine, chain, "defense", attacker):
        _done(engine)
        _removed(kernel, engine, cause, chain, attacker, target, reflector)
        return
    if chain.get("reduced") is not None and deals is not None:
        deals = min(deals, int(chain["reduced"]))
    state.data["strike_result"] = {"attacker": deals, "reflector": back}
    qualities = ("attack", "melee", "simple_strike")
    blows = []
    if deals is not None:
        blows.append((cause, attacker, reflector, strike_value(engine, attacker, reflector, deals)))
    if back is not None:
        strike_back = Cause(card=state.cards[reflector].card_id, rule="strike back")
        theirs = strike_value(engine, reflector, attacker, back)
        blows.append((strike_back, reflector, attacker, theirs))
    state.data["wounding"] = []  # §216.11: both sides' wounds land together, deaths after
    for blow_cause, striker, struck, value in blows:
        value = attack_value(engine, struck, value, qualities)
        amount = modifiers.set_value(engine, striker, struck, value, "strike")
        if amount <= 0:
            continue  # an attack for 0 deals no wounds (§103.7б)
        dealt = engine.apply(
            "deal_damage",
            blow_cause,
            target=struck,
            amount=amount,
            kind="wound",
            source=striker,
            qualities=qualities,
        )
        if dealt:  # §216.11: «при ударе», «при простом / ближнем ударе» (Vampirism, Plague)
            wounds_dealt_by(engine, "simple_strike", striker, struck, int(dealt))
    dying = state.data.pop("wounding", [])
    state.data["dying"] = True  # §102.4: the loss check comes after every death
    for uid, killer in dying:
        if state.cards[uid].zone in kernel.play_zones and kernel.current_life(engine, uid) <= 0:
            kernel.destruction_effect(engine, Cause(rule="destruction effect"), uid, killer)
    state.data.pop("dying", None)
    kernel.check_victory(engine)
    _done(engine)
    kernel.resolve_pending(engine)
    _pay(kernel, engine, cause, attacker, target, reflector)


REDIRECTED = "redirected"  # chain key: the new target a redirection gave it (§412.5)
DEFENDER = "defender"  # chain key: the defender assigned to a simple strike (§205.3)
CHAIN = "declared chains"  # state.data: the chains declared and not yet paid, newest last
ON_TOP = "object on top"  # state.data: the attack's object whose window is open
OBJECTS = {
    "target": "the Target object",
    "result": "the Result object",
    "calculation": "the Calculation object",
    "defense": "the Defense object",
}


def window(
    kernel: FieldKernel, engine: Engine, chain: dict[str, Any] | None, at: str, attacker: int
) -> bool:
    """A priority window while one of an attack's objects is on top (§216); the chain is
    the one a response blocks or reduces only at its Target and Defense objects. False
    when a response removed it (a block, §410; a cancel, §409)."""
    what = f"{OBJECTS[at]} of {engine.definition(attacker).name}'s attack"
    data = engine.state.data
    data[ON_TOP] = at  # which playable abilities may be declared (§422.3)
    chains = data.setdefault(CHAIN, [])
    if chain is not None:
        chain["object"] = at
        chains.append(chain)
    try:
        kernel.respond(engine, what)
    finally:
        if chain is not None:
            chains.pop()
        if not chains:
            data.pop(CHAIN, None)
        data.pop(ON_TOP, None)
    return chain is None or not (chain["blocked"] or chain["cancelled"])


def _removed(
    kernel: FieldKernel,
    engine: Engine,
    cause: Cause,
    chain: dict[str, Any],
    attacker: int,
    target: int | None,
    reflector: int | None = None,
) -> None:
    """A blocked strike keeps its Payment object (§410.1); a cancelled one counts as never
    declared (§409): nothing is paid and the attacker may act again."""
    if chain["cancelled"]:
        engine.state.cards[attacker].data.pop("acted", None)
        kernel.resolve_pending(engine)
        return
    _pay(kernel, engine, cause, attacker, target, reflector)


def reduce_to_weak(engine: Engine, cause: Cause, **_: Any) -> bool:
    """The verb "weaken" (сведение атаки к виду, GLOSS; §216.9): the attack whose Defense
    object is on top deals at most a weak blow. False at any other moment."""
    chains = engine.state.data.get(CHAIN, ())
    if len(chains) < 2 or chains[-2].get("object") != "defense":
        return False
    chains[-2]["reduced"] = WEAK
    return True


BEFORE = (("moment", "before"),)  # an "attacks" event of the Declaration object
AFTER = (("moment", "after"),)  # … and of the Payment object


def _pay(
    kernel: FieldKernel,
    engine: Engine,
    cause: Cause,
    attacker: int,
    target: int | None,
    reflector: int | None = None,
) -> None:
    """The Payment object (§216.12): the attacker closes after its wounds were dealt, and
    a defender with it (§216.12а); then "after attack" triggers."""
    state = engine.state
    if state.result is not None:
        return
    if state.cards[attacker].zone in kernel.play_zones:
        engine.apply("close", cause, target=attacker)
    if reflector not in (None, target) and state.cards[reflector].zone in kernel.play_zones:
        engine.apply("close", Cause(rule="defender"), target=reflector)
    me = state.cards[attacker].controller
    engine.emit(Event("attacks", subject=attacker, obj=target, player=me, data=AFTER))
    kernel.resolve_pending(engine)


def _cut_short(
    kernel: FieldKernel,
    engine: Engine,
    cause: Cause,
    attacker: int,
    target: int,
    reflector: int,
) -> bool:
    """Has the game ended or the reflector left play while triggers resolved? Then the
    attack ends there; its Payment is still made."""
    state = engine.state
    if state.result is None and state.cards[reflector].zone in kernel.play_zones:
        return False
    _done(engine)
    _pay(kernel, engine, cause, attacker, target, reflector)
    return True


def moment(event: Event, timing: str) -> bool:
    """Is a trigger of this timing ("before", "after", "when"…) one of the family this
    "attacks" event opens: "before attack" at the Declaration, "on attacking" when the
    Target object resolves, "after attack" after the Payment (§216.2, §216.4, §216.12)?"""
    wanted = event.get("moment", "on")
    return wanted == (timing if timing in ("before", "after") else "on")


def _done(engine: Engine) -> None:
    control.end_period(engine, "fight")  # over once its wounds are dealt (§205.5), if any
    control.end_period(engine, "attack")  # "until the end of the attack" (Wrath)
    engine.state.data.pop("attacker", None)
    engine.state.data.pop("reflector", None)
    engine.state.data.pop("defender", None)
