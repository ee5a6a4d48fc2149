"""Vanguard's battle (spec vanguard.md §7) and its check pipeline (§7.3, §7.4, §9.2).

A battle: attack step (rest the attacker, choose a target, an optional boost), guard step
(guardians from hand and interceptors add their shield until the end of the battle), drive
step (the vanguard's drive checks), damage step (hit on ties, a rear-guard is retired, a
vanguard takes one damage check per critical) and close step (guardians to the drop zone,
"until end of battle" effects end). Every check reveals one card into the trigger zone,
resolves its trigger completely (same-clan condition) and only then moves it on, with a
state check after each step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardscript.interpreter.apart import placed
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.select import Seat

if TYPE_CHECKING:
    from cardscript.kernels.vanguard.field import FieldKernel as VanguardKernel

RULE = Cause(rule="battle")
BEHIND = {"VC": "BC", "FL": "BL", "FR": "BR"}


def check(engine: Engine, kernel: VanguardKernel, player: int, kind: str) -> int | None:
    """One drive check (``kind`` "drive") or damage check ("damage"): reveal the top card,
    resolve its trigger completely, then put it into hand or the damage zone."""
    state = engine.state
    deck = state.players[player].zone("deck")
    if not deck or state.result is not None:
        kernel.state_check(engine)
        return None
    uid = deck[-1]
    # abilities queued before the check ("when this unit hits") wait until it is done
    held = engine.take_pending()
    kernel.pending_seen(0)
    state.move(uid, "trigger_zone", player=player)
    state.cards[uid].face_up = True
    engine.emit(Event(f"{kind}_checks", player=player, obj=uid))
    engine.emit(Event("checked", subject=uid, player=player, data=(("check", kind),)))
    kernel.resolve_pending(engine)
    if state.result is None and state.cards[uid].zone == "trigger_zone":
        if kind == "drive":
            engine.apply("move", RULE, uid=uid, zone="hand", player=player)
        else:
            engine.apply("move", RULE, uid=uid, zone="damage_zone", player=player, face_up=True)
            engine.emit(Event("takes_damage", player=player, obj=uid, amount=1))
        kernel.state_check(engine)
        if state.result is None:
            kernel.resolve_pending(engine)
    engine.pending[:0] = held
    kernel.pending_seen(len(engine.pending))
    return uid


# ---- legality ------------------------------------------------------------------------


def can_attack(engine: Engine, kernel: VanguardKernel, uid: int) -> bool:
    state = engine.state
    card = state.cards[uid]
    if card.controller != state.active or "rested" in card.states:
        return False
    if kernel.circle(engine, uid) not in ("VC", "FL", "FR"):
        return False
    first_turn = state.turn <= 1 and state.data.get("first") == state.active
    if first_turn and not engine.rule("first_player_can_attack", player=state.active):
        return False
    return engine.permitted("attack", uid) is not False


def targets(engine: Engine, kernel: VanguardKernel, attacker: int) -> list[int]:
    """The units the attacker may attack: the opponent's front row, and the back row
    only with a rule that allows it (§7.1, VG-T26)."""
    opponent = 1 - engine.state.cards[attacker].controller
    back = bool(engine.rule("can_attack_back_row", uid=attacker))
    out = []
    for uid in kernel.units(engine, opponent):
        circle = kernel.circle(engine, uid)
        reachable = circle in ("VC", "FL", "FR") or back
        if reachable and engine.permitted("be_attacked", uid, attacker) is not False:
            out.append(uid)
    return out


def booster_for(engine: Engine, kernel: VanguardKernel, attacker: int) -> int | None:
    """The unit that may boost the attacker: standing, directly behind it (C12), and only
    if the rule boosters_per_attack allows one (a larger value changes nothing: one unit
    stands behind an attacker)."""
    if int(engine.rule("boosters_per_attack", uid=attacker)) < 1:
        return None
    player = engine.state.cards[attacker].controller
    behind = BEHIND.get(kernel.circle(engine, attacker) or "")
    uid = kernel.rc_at(engine, player, behind) if behind else None
    if uid is None or "rested" in engine.state.cards[uid].states:
        return None
    if not engine.rule("can_boost", uid=uid) or engine.permitted("boost", uid) is False:
        return None
    if engine.permitted("be_boosted", attacker) is False:
        return None
    return uid


def can_guard(engine: Engine, kernel: VanguardKernel, player: int, uid: int) -> bool:
    card = engine.state.cards[uid]
    if card.zone != "hand" or card.controller != player:
        return False
    if engine.definition(uid).get("shield") is None and engine.rule(
        "guardian_needs_shield", uid=uid
    ):
        return False
    vanguard = kernel.vanguard(engine, player)
    limited = vanguard is not None and engine.rule("guard_grade_limit", uid=uid)
    if (
        limited
        and vanguard is not None
        and engine.stat(uid, "grade") > engine.stat(vanguard, "grade")
    ):
        return False
    return engine.permitted("guard", uid) is not False


def can_intercept(engine: Engine, kernel: VanguardKernel, uid: int, target: int) -> bool:
    if uid == target or kernel.circle(engine, uid) not in ("FL", "FR"):
        return False
    if not engine.rule("can_intercept", uid=uid):
        return False
    return engine.permitted("intercept", uid) is not False


# ---- the battle ----------------------------------------------------------------------


def battle(
    engine: Engine,
    kernel: VanguardKernel,
    attacker: int,
    target: int,
    boost: bool | None = None,
    guards: Sequence[int] | None = None,
    intercepts: Sequence[int] | None = None,
) -> None:
    """One battle, §7.1–§7.5. ``boost``, ``guards`` and ``intercepts`` given (scenarios)
    replace the players' choices."""
    state = engine.state
    me = state.cards[attacker].controller
    opponent = 1 - me
    data: dict[str, Any] = {"attacker": attacker, "target": target, "booster": None}
    state.data["battle"] = data
    # ---- attack step
    kernel.happen(engine, "start:battle")
    kernel.go_to(engine, step="attack_step")
    engine.apply("rest", RULE, target=attacker)
    booster = booster_for(engine, kernel, attacker)
    if booster is not None:
        wanted = boost if boost is not None else engine.may(me, "boost the attack?")
        if wanted:
            data["booster"] = booster
            engine.apply("rest", RULE, target=booster)
            power = engine.stat(booster, "power")
            state.lasting.append(
                {
                    "kind": "stat",
                    "stat": "power",
                    "delta": power,
                    "uids": [attacker],
                    "until": "battle",
                    "timestamp": state.tick(),
                    "cause": {"rule": "Boost"},
                }
            )
            engine.emit(Event("boosts", subject=booster, player=me, obj=attacker))
            engine.emit(Event("boosted", subject=attacker, player=me, obj=booster))
    engine.emit(Event("attacks", subject=attacker, player=me, obj=target))
    engine.emit(Event("attacked", subject=target, player=opponent, obj=attacker))
    kernel.resolve_pending(engine)
    if state.result is not None:
        return
    # ---- guard step
    kernel.go_to(engine, step="guard_step")
    _guard_step(engine, kernel, opponent, target, guards, intercepts)
    if state.result is not None:
        return
    # ---- drive step
    kernel.go_to(engine, step="drive_step")
    if state.cards[attacker].zone == "vanguard_circle":
        count = int(engine.rule("drive_count", uid=attacker))
        for _ in range(count):
            check(engine, kernel, me, "drive")
            if state.result is not None:
                return
    # ---- damage step
    kernel.go_to(engine, step="damage_step")
    if kernel.in_circle(engine, attacker) and kernel.in_circle(engine, target):
        power, defence = engine.stat(attacker, "power"), engine.stat(target, "power")
        tie = bool(engine.rule("hit_on_equal_power", uid=attacker))
        if power > defence or (tie and power == defence):
            engine.emit(Event("hits", subject=attacker, player=me, obj=target))
            if state.cards[target].zone == "rear_guard_circle":
                engine.apply("retire", RULE, target=target)
            else:
                for _ in range(_damage(engine, attacker, target, opponent)):
                    check(engine, kernel, opponent, "damage")
                    if state.result is not None:
                        return
            kernel.resolve_pending(engine)
            if state.result is not None:
                return
    # ---- close step
    close(engine, kernel)


def _damage(engine: Engine, attacker: int, vanguard: int, player: int) -> int:
    """The damage checks a hit on the vanguard makes: its critical, less what is prevented."""
    return _left(engine, max(0, engine.stat(attacker, "critical")), vanguard, player, attacker)


def _left(engine: Engine, amount: int, vanguard: int | None, player: int, source: Any) -> int:
    """Damage less what the prevention covering the vanguard and then its player prevents
    (§7.4: the damage is dealt to the vanguard and its player checks it, so "dealt to
    this" and "dealt to you" both cover it)."""
    for target in (Seat(player),) if vanguard is None else (vanguard, Seat(player)):
        amount = engine.kernel.prevent(engine, target, amount, "damage", source, ())
    return amount


def deal_damage(
    engine: Engine, cause: Cause, target: Any, amount: int, source: int | None = None, **_: Any
) -> int:
    """Damage card text deals ("deal 1 damage to your opponent"): to a player or their
    vanguard, one damage check per point left after prevention (§7.4); a rear-guard takes
    no damage. The damage dealt: the checks made."""
    kernel: VanguardKernel = engine.kernel  # type: ignore[assignment]
    if isinstance(target, Seat):
        player, vanguard = target.index, kernel.vanguard(engine, target.index)
    elif engine.state.cards[target].zone == "vanguard_circle":
        player, vanguard = engine.state.cards[target].controller, target
    else:
        return 0
    made = 0
    for _point in range(_left(engine, max(0, amount), vanguard, player, source)):
        if check(engine, kernel, player, "damage") is None:
            break
        made += 1
        if engine.state.result is not None:
            break
    return made


def _guard_step(
    engine: Engine,
    kernel: VanguardKernel,
    player: int,
    target: int,
    guards: Sequence[int] | None,
    intercepts: Sequence[int] | None,
) -> None:
    state = engine.state
    if guards is not None or intercepts is not None:
        for uid in intercepts or ():
            if not can_intercept(engine, kernel, uid, target):
                raise ValueError(f"{engine.describe(uid)} cannot intercept")
            _to_gc(engine, kernel, uid, player, target, "intercepts")
        for uid in guards or ():
            if not can_guard(engine, kernel, player, uid):
                raise ValueError(f"{engine.describe(uid)} cannot guard")
            _to_gc(engine, kernel, uid, player, target, "guards")
        kernel.resolve_pending(engine)
        return
    for _ in range(60):
        if state.result is not None:
            return
        options: list[tuple[str, int]] = [("done", 0)]
        hand = state.players[player].zone("hand")
        options += [("guard", u) for u in hand if can_guard(engine, kernel, player, u)]
        options += [
            ("intercept", u)
            for u in kernel.units(engine, player)
            if can_intercept(engine, kernel, u, target)
        ]
        if len(options) == 1:
            return
        labels = ["no more guardians"] + [f"{k} with {engine.describe(u)}" for k, u in options[1:]]
        labels = placed(engine, [None, *(u for _, u in options[1:])], labels)
        (picked,) = engine.choose(player, "action", "guard step", options, labels)
        kind, uid = options[picked]
        if kind == "done":
            return
        _to_gc(engine, kernel, uid, player, target, kind + "s")
        kernel.resolve_pending(engine)


def _to_gc(
    engine: Engine, kernel: VanguardKernel, uid: int, player: int, target: int, event: str
) -> None:
    state = engine.state
    shield = engine.stat(uid, "shield")
    from_hand = state.cards[uid].zone == "hand"
    engine.apply("move", RULE, uid=uid, zone="guardian_circle", player=player)
    if from_hand and engine.rule("guardians_enter_rested", uid=uid):
        state.cards[uid].states.add("rested")
    state.lasting.append(
        {
            "kind": "stat",
            "stat": "power",
            "delta": shield,
            "uids": [target],
            "until": "battle",
            "timestamp": state.tick(),
            "cause": {"rule": "shield", "guardian": uid},
        }
    )
    engine.emit(Event(event, subject=uid, player=player, obj=target))


def close(engine: Engine, kernel: VanguardKernel) -> None:
    """§7.5: guardians to the drop zone, "until end of battle" effects end."""
    state = engine.state
    kernel.go_to(engine, step="close_step")
    for player in range(len(state.players)):
        for uid in list(state.players[player].zone("guardian_circle")):
            if engine.rule("guardians_leave_after_battle", uid=uid):
                engine.apply("move", RULE, uid=uid, zone="drop_zone", player=player)
    kernel.go_to(engine)  # (the close step over, then the battle)
    engine.emit(Event("end:battle", player=state.active))
    kernel.resolve_pending(engine)
    engine.end_period("battle")
    state.data.pop("battle", None)
