"""VS System combat (spec vs-system.md §7): who may attack whom, reinforcement geometry,
power-up, and the resolution of one attack (single or team) from a snapshot.

An attack: the declaration waits for responses (an attack made illegal then is
cancelled), then the attackers are exhausted ("attacks", "team_attacks" and "defends"
events, their triggers go on the chain), the defender's controller may reinforce (§7.6),
both sides may power up in the combat window (§7.8: on the chain, A16), the
participation check runs (§7.3 step 6), then both comparisons are
taken from one snapshot and the stuns applied together (§7.4, A4). Negative ATK and DEF
count as 0 (the kernel clamps them, §7.9). Card text may also power up a fighter,
reinforce the defender or cancel the attack (``verbs.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardscript.interpreter.apart import described, placed
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.select import Seat, Target
from cardscript.kernels.vs_system import chain

if TYPE_CHECKING:
    from cardscript.kernels.vs_system.kernel import VSSystemKernel

RULE = Cause(rule="combat")
ROWS = ("front_row", "support_row")


def characters(engine: Engine, player: int) -> list[int]:
    players = engine.state.players[player].zones
    return [*players.get("front_row", ()), *players.get("support_row", ())]


def stunned(engine: Engine, uid: int) -> bool:
    return "stunned" in engine.state.cards[uid].states


def refused(engine: Engine, permission: str, uid: int, by: Sequence[Target]) -> bool:
    """Does card text forbid the change to the card (be_stunned, be_ko), caused by any of
    ``by``: the cards whose text or fight causes it ("This cannot be stunned by plot
    twists."), or its controller where a rule with no card causes it (a player is no
    card: only text naming no cause speaks)? Asked only where some text could speak."""
    if not engine.permissions_speak():
        return False
    return any(engine.permitted(permission, uid, b) is False for b in by)


def refused_one(engine: Engine, permission: str, uid: int, by: Target | None = None) -> bool:
    """``refused`` with one cause: ``by``, else the card's controller (a rule's)."""
    return refused(engine, permission, uid, (by if by is not None else _seat(engine, uid),))


def exhaustible(engine: Engine, uid: int, by: Target | None = None) -> bool:
    """May the card be exhausted by ``by`` (the card paying with it, else a rule's, to
    attack or to reinforce, §5.3)? "This cannot be exhausted." keeps it from what
    exhausting it pays for."""
    return not refused_one(engine, "be_exhausted", uid, by)


def _seat(engine: Engine, uid: int) -> Seat:
    return Seat(engine.state.cards[uid].controller)


def cause_of(engine: Engine, cause: Cause, uid: int) -> Target:
    """The card causing a change to ``uid`` (its text's), or its controller for a rule."""
    if cause.source is not None:
        return cause.source
    return _seat(engine, uid)


def at(engine: Engine, player: int, row: str, col: int) -> int | None:
    for uid in engine.state.players[player].zones.get(row, ()):
        if engine.state.cards[uid].data.get("col") == col:
            return uid
    return None


def protected(engine: Engine, uid: int) -> bool:
    """§7.2: a support-row character that is not stunned, with a non-stunned character
    directly in front of it."""
    card = engine.state.cards[uid]
    if card.zone != "support_row" or stunned(engine, uid):
        return False
    front = at(engine, card.controller, "front_row", int(card.data.get("col", 0)))
    return front is not None and not stunned(engine, front)


def can_attack(engine: Engine, uid: int) -> bool:
    """§7.1: a ready character in the front row, or in the support row with Range. Card
    text forbidding its attacks is asked of each one (``may_attack``)."""
    card = engine.state.cards[uid]
    if card.zone not in ROWS or {"exhausted", "stunned"} & card.states:
        return False
    if not exhaustible(engine, uid):  # attacking exhausts it (§7.3 step 3)
        return False
    return card.zone != "support_row" or bool(engine.rule("can_attack_from_support", uid=uid))


def may_attack(engine: Engine, attacker: int, defender: Target) -> bool:
    """No card text forbids this attack: "This cannot attack." or, of the character or
    player attacked, "This cannot attack characters with cost 5 or more."."""
    return engine.permitted("attack", attacker, defender) is not False


def can_attack_target(engine: Engine, attacker: int, defender: int) -> bool:
    card = engine.state.cards[defender]
    if card.zone not in ROWS or card.controller == engine.state.cards[attacker].controller:
        return False
    # ("cannot be attacked by characters with cost 3 or more": the attacker is named)
    if stunned(engine, defender) or engine.permitted("be_attacked", defender, attacker) is False:
        return False
    if not may_attack(engine, attacker, defender):
        return False
    return not protected(engine, defender) or bool(
        engine.rule("can_attack_protected", uid=attacker)
    )


def defenders(engine: Engine, attacker: int) -> list[int]:
    opponent = 1 - engine.state.cards[attacker].controller
    return [u for u in characters(engine, opponent) if can_attack_target(engine, attacker, u)]


def can_attack_player(engine: Engine, attacker: int) -> bool:
    """§7.2: only if the opponent controls no unstunned character."""
    opponent = 1 - engine.state.cards[attacker].controller
    if not all(stunned(engine, u) for u in characters(engine, opponent)):
        return False
    return may_attack(engine, attacker, Seat(opponent))


def options(engine: Engine, player: int) -> list[tuple[tuple[int, ...], int | None]]:
    """Every attack the player may declare now: (attackers, defender or None for the
    opposing player). Team attacks: all the eligible members of one team together.
    The same answers as ``can_attack_target`` pair by pair, each question asked once
    (every priority of an attack step asks for these)."""
    cards = engine.state.cards
    # ``permitted`` is None for every card when no text speaks: then it is not asked
    speak = engine.permissions_speak()
    attackers = []
    for uid in characters(engine, player):  # ``can_attack``
        card = cards[uid]
        if "exhausted" in card.states or "stunned" in card.states:
            continue
        if card.zone == "support_row" and not engine.rule("can_attack_from_support", uid=uid):
            continue
        if speak and not exhaustible(engine, uid):  # attacking exhausts it (§7.3 step 3)
            continue
        attackers.append(uid)
    if not attackers:
        return []
    opposing = characters(engine, 1 - player)
    open_ = [d for d in opposing if "stunned" not in cards[d].states]
    guarded = {d for d in open_ if protected(engine, d)}
    direct = all("stunned" in cards[d].states for d in opposing)
    teams = {
        a: str(team)
        for a in attackers
        if (team := engine.definition(a).get("team"))
        and (not speak or engine.permitted("team_attack", a) is not False)
    }
    if len(set(teams.values())) == len(teams):
        teams = {}  # no team has two members to attack together
    legal: dict[int, set[int]] = {}
    out: list[tuple[tuple[int, ...], int | None]] = []
    for a in attackers:
        # Flight matters only when some defender is protected
        flies = not guarded or bool(engine.rule("can_attack_protected", uid=a))
        mine = open_ if flies else [d for d in open_ if d not in guarded]
        if speak:  # "cannot be attacked (by …)", "cannot attack …", for each attacker and
            # defender (``can_attack_target``)
            mine = [
                d
                for d in mine
                if engine.permitted("be_attacked", d, a) is not False and may_attack(engine, a, d)
            ]
        if a in teams:
            legal[a] = set(mine)
        out += [((a,), d) for d in mine]
        if direct and (not speak or may_attack(engine, a, Seat(1 - player))):
            out.append(((a,), None))
    if not teams:
        return out
    for d in opposing:
        by_team: dict[str, list[int]] = {}
        for a in attackers:
            if a in teams and d in legal[a]:
                by_team.setdefault(teams[a], []).append(a)
        out += [(tuple(group), d) for _, group in sorted(by_team.items()) if len(group) > 1]
    return out


def still_legal(engine: Engine, attackers: Sequence[int], defender: int | None) -> bool:
    """§7.3 step 2: an attack made illegal before it begins is cancelled."""
    if not all(can_attack(engine, a) for a in attackers):
        return False
    if defender is None:
        return all(can_attack_player(engine, a) for a in attackers)
    return all(can_attack_target(engine, a, defender) for a in attackers)


def reinforcers(engine: Engine, defender: int) -> list[int]:
    """§7.6 and VS-T06: a ready support-row teammate directly behind a front-row
    defender, or beside a support-row defender."""
    card = engine.state.cards[defender]
    team = engine.definition(defender).get("team")
    if not team:
        return []
    speak = engine.permissions_speak()
    col = int(card.data.get("col", 0))
    out = []
    for uid in engine.state.players[card.controller].zones.get("support_row", ()):
        other = engine.state.cards[uid]
        if uid == defender or {"exhausted", "stunned"} & other.states:
            continue
        if engine.definition(uid).get("team") != team:
            continue
        if speak and not exhaustible(engine, uid):  # reinforcing exhausts it (§7.6)
            continue
        # each teammate named ("cannot be reinforced by characters with cost 3 or more")
        if speak and (
            engine.permitted("be_reinforced", defender, uid) is False
            or engine.permitted("reinforce", uid, defender) is False
        ):
            continue
        ocol = int(other.data.get("col", 0))
        behind = card.zone == "front_row" and ocol == col
        beside = card.zone == "support_row" and abs(ocol - col) == 1
        if behind or beside:
            out.append(uid)
    return out


def power_ups(engine: Engine, player: int, fighters: Sequence[int]) -> list[tuple[int, int]]:
    """§7.8: (card in hand, fighter) pairs: a character card of the fighter's name, for
    a fighter that may be powered up ("cannot be powered up": by its player, a rule's)."""
    out: list[tuple[int, int]] = []
    hand = engine.state.players[player].zones.get("hand")
    if not hand:
        return out
    cards = engine.state.cards
    in_hand: list[tuple[int, str]] | None = None  # the character cards' names, read once
    for fighter in fighters:
        card = cards[fighter]
        if card.controller != player or "stunned" in card.states:
            continue
        if refused_one(engine, "be_powered_up", fighter):
            continue
        if in_hand is None:
            found = [(uid, engine.definition(uid)) for uid in hand]
            in_hand = [(uid, d.name) for uid, d in found if d.type == "character"]
        name = engine.definition(fighter).name
        out += [(uid, fighter) for uid, other in in_hand if other == name]
    return out


def fighters(engine: Engine) -> list[int]:
    """The attackers and the defender of the attack under way (none before it begins)."""
    attack = engine.state.data.get("attack")
    if not attack:
        return []
    defender = attack.get("defender")
    return [*attack["attackers"], *([defender] if defender is not None else [])]


def pay_power_up(engine: Engine, player: int, card: int, fighter: int) -> None:
    """§7.8, A16: the cost of a power-up, paid as it goes on the chain: discard a
    character card of the fighter's name."""
    if (card, fighter) not in power_ups(engine, player, fighters(engine)):
        raise ValueError(f"{engine.describe(card)} cannot power up {engine.describe(fighter)}")
    engine.apply("move", RULE, uid=card, zone="ko_pile", player=engine.state.cards[card].owner)
    engine.happened("discarded", subject=card, player=player)


def power_up(engine: Engine, fighter: int, by: Target | None = None) -> bool:
    """A power-up resolves: +1 ATK and +1 DEF until the end of the attack step (or of
    the attack, A1), if the fighter still takes part in the attack and may be powered up
    by ``by`` (the card whose text does it, else its controller: a rule's)."""
    card = engine.state.cards[fighter]
    if card.zone not in ROWS or stunned(engine, fighter) or fighter not in fighters(engine):
        return False
    if refused_one(engine, "be_powered_up", fighter, by):
        return False  # "cannot be powered up": no change, no "powered_up" event
    until = str(engine.rule("power_up_duration", uid=fighter))
    for stat in ("atk", "def"):
        engine.state.lasting.append(
            {
                "kind": "stat",
                "stat": stat,
                "delta": 1,
                "uids": [fighter],
                "until": "attack" if until == "attack" else "attack_step",
                "timestamp": engine.state.tick(),
                "cause": RULE.as_dict(),
            }
        )
    engine.happened("powered_up", subject=fighter, player=card.controller)
    return True


def reinforce(engine: Engine, defender: int, by: int | None = None) -> bool:
    """§7.6 by card text (no teammate exhausted): the defender of the attack under way
    is reinforced, unless stunned or it cannot be by ``by``, the card whose text does it;
    a second reinforcement adds nothing."""
    attack = engine.state.data.get("attack")
    if not attack or attack["defender"] != defender or attack.get("reinforced"):
        return False
    if stunned(engine, defender) or engine.permitted("be_reinforced", defender, by) is False:
        return False
    attack["reinforced"] = True
    engine.happened("reinforced", subject=defender, player=engine.state.cards[defender].controller)
    return True


def cancel(engine: Engine, uid: int) -> bool:
    """The attack declared or under way that ``uid`` takes part in is cancelled by card
    text: declared, it never begins and the attackers stay ready (§7.3 step 2); begun,
    it ends unresolved, the attackers exhausted, and the roles clear at once."""
    data = engine.state.data
    for key in ("declared", "attack"):
        attack = data.get(key)
        if attack and (uid in attack["attackers"] or uid == attack["defender"]):
            attack["cancelled"] = True
            data[key] = None
            player = engine.state.cards[attack["attackers"][0]].controller
            engine.happened("attack_cancelled", player=player)
            return True
    return False


def attack(
    engine: Engine,
    kernel: VSSystemKernel,
    attackers: Sequence[int],
    defender: int | None,
    *,
    reinforcer: int | None = -1,
    return_target: int | None = None,
    power: Sequence[tuple[int, int]] | None = None,
) -> None:
    """One attack. ``reinforcer`` -1 lets the defending player choose; ``power`` lists
    power-ups put on the chain as the combat window opens (others: the players choose
    them there, with priority)."""
    state = engine.state
    player = state.cards[attackers[0]].controller
    opponent = 1 - player
    team = len(attackers) > 1
    taking_part = [*attackers, *([defender] if defender is not None else [])]
    for card, fighter in power or ():
        if (card, fighter) not in power_ups(engine, state.cards[fighter].controller, taking_part):
            raise ValueError(f"{engine.describe(card)} cannot power up {engine.describe(fighter)}")
    # §7.3 steps 1-2: the declaration waits on the chain while players respond; only
    # then do the roles of attacker and defender begin
    declared = state.data["declared"] = {"attackers": list(attackers), "defender": defender}
    engine.happened("declares_attack", subject=attackers[0], player=player, obj=defender)
    kernel.resolve_pending(engine)
    chain.window(engine, kernel, player)
    state.data["declared"] = None
    if declared.get("cancelled"):
        return
    if not still_legal(engine, attackers, defender):
        engine.happened("attack_cancelled", player=player)
        return
    # §7.3 step 3: the attack begins; from now on it cannot become illegal
    begun = state.data["attack"] = {"attackers": list(attackers), "defender": defender}
    engine.happened("start:attack", player=player)
    for uid in attackers:
        engine.apply("exhaust", RULE, target=uid)
    for uid in attackers:
        engine.happened("attacks", subject=uid, player=player)
        if team:
            engine.happened("team_attacks", subject=uid, player=player)
    if defender is not None:
        engine.happened("defends", subject=defender, player=opponent)
    # their triggers go on the chain and wait for the combat window's priority: §7.3
    # step 4 [REC] offers reinforcement right after the attack begins
    chain.push_triggers(engine, kernel)
    if defender is not None and not stunned(engine, defender):
        options_ = reinforcers(engine, defender)
        chosen: int | None = None
        if reinforcer == -1 and options_:
            said = [f"reinforce with {engine.describe(u)}" for u in options_] + ["no"]
            labels = placed(engine, [*options_, None], said)
            (picked,) = engine.choose(opponent, "option", "reinforce?", [*options_, None], labels)
            chosen = options_[picked] if picked < len(options_) else None
        elif reinforcer is not None and reinforcer != -1:
            if reinforcer not in options_:
                raise ValueError(f"{engine.describe(reinforcer)} cannot reinforce")
            chosen = reinforcer
        if chosen is not None:
            engine.apply("exhaust", RULE, target=chosen)
            engine.happened("reinforced", subject=defender, player=opponent)
            begun["reinforced"] = True
            chain.push_triggers(engine, kernel)
    for card, fighter in power or ():  # named in advance (scenarios): on the chain first
        kernel.add(engine, state.cards[fighter].controller, "power_up", (card, fighter))
    # §7.3 step 5: the combat window: power-ups (A16), plot twists and powers
    chain.window(engine, kernel, player)
    if not begun.get("cancelled"):
        reinforced = bool(begun.get("reinforced"))
        _resolve(engine, kernel, list(attackers), defender, reinforced, return_target)
    kernel.period_ends(engine, "attack", player)
    state.data["attack"] = None
    engine.end_period("attack")
    kernel.resolve_pending(engine)


def _resolve(
    engine: Engine,
    kernel: VSSystemKernel,
    attackers: list[int],
    defender: int | None,
    reinforced: bool,
    return_target: int | None,
) -> None:
    state = engine.state
    player = state.cards[attackers[0]].controller
    opponent = 1 - player
    present = [u for u in attackers if state.cards[u].zone in ROWS and not stunned(engine, u)]
    if not present:
        return  # §7.3 step 6: no attacker takes part, the attack is cancelled
    if defender is None:
        total = sum(engine.stat(u, "atk") for u in present)
        _breakthrough(engine, present, opponent, total)
        return
    if state.cards[defender].zone not in ROWS or stunned(engine, defender):
        for uid in present:  # the defender left: the attackers ready and may attack again
            engine.apply("ready", RULE, target=uid)
        return
    # one snapshot, then the stuns together (§7.4, A4)
    total = sum(engine.stat(u, "atk") for u in present)
    d_def, d_atk = engine.stat(defender, "def"), engine.stat(defender, "atk")
    if len(present) == 1:
        target = present[0]
    elif return_target is not None and return_target in present:
        target = return_target
    else:
        labels = described(engine, present)
        (picked,) = engine.choose(opponent, "option", "return blow against?", present, labels)
        target = present[picked]
    t_def = engine.stat(target, "def")
    stun_defender = total >= d_def
    stun_attacker = d_atk >= t_def
    breakthrough = total - d_def if total > d_def and not reinforced else 0
    # each is stunned by the character(s) it fought: text may forbid it ("This cannot be
    # stunned by characters with cost 5 or more.", §7.4), then it stays as it is
    if stun_defender and not refused(engine, "be_stunned", defender, present):
        engine.apply("stun", RULE, target=defender)
    if stun_attacker and not refused(engine, "be_stunned", target, (defender,)):
        engine.apply("stun", RULE, target=target)
    if breakthrough > 0:
        _breakthrough(engine, present, opponent, breakthrough)


def _breakthrough(engine: Engine, attackers: list[int], player: int, amount: int) -> None:
    """Breakthrough is the damage of VS (its registry's damage kind): what the prevention
    covering the player leaves of it is lost as endurance (§7.7). A team attack's
    breakthrough has no one card dealing it."""
    source = attackers[0] if len(attackers) == 1 else None
    amount = engine.kernel.prevent(engine, Seat(player), amount, "breakthrough", source, ())
    if amount > 0:
        engine.apply("lose", RULE, player=player, resource="endurance", amount=amount)


def describe(engine: Engine, attackers: Sequence[int], defender: int | None) -> str:
    names = " and ".join(engine.describe(u) for u in attackers)
    return f"{names} attack{'s' if len(attackers) == 1 else ''} " + (
        "the player" if defender is None else engine.describe(defender)
    )
