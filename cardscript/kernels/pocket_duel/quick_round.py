"""The Pocket Duel round in one pass where the game's ``RoundPlan`` is ``quick``: two
seats, no permission text, no log, the round's moves and events its own, the rule values
and the type relation fixed. The same round as ``RoundKernel.round`` (the same changes,
events, history, steps and choices: ``tests/test_quick_round.py`` plays both), written as
one function: the general round asks at each of its steps what this one knows at the
start, and a call per step and per move costs more than the step's own work.

Card text still runs through the engine (blocks, "On hit", effects, triggers); where it
may have changed what the round knew (a lasting effect, a new card) the round asks again,
as the general one does."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardscript.interpreter.engine import Engine
from cardscript.kernels.pocket_duel.game_rules import rule_in
from cardscript.kernels.pocket_duel.rules import REST, RULE

if TYPE_CHECKING:  # (both import this module)
    from cardscript.kernels.pocket_duel.round import RoundKernel
    from cardscript.kernels.pocket_duel.round_plan import CardFacts, RoundPlan

_SHOWN = {"played": True, "revealed": True}  # a revealed card's round data

# what ``quick_round`` writes out of ``RoundKernel``: a kernel class that changes one of
# them plays the general round
WRITTEN_OUT = (
    "play_game",
    "round",
    "choose_card",
    "_playable",
    "_reveal",
    "_put",
    "_cancel_step",
    "_damage_step",
    "_effects",
    "_hit",
    "_run",
    "_end_of_round",
    "_rest_permitted",
    "end_check",
    "rules",
)
_PLAIN_ROUND: dict[type, bool] = {}  # kernel class -> is its round ``RoundKernel``'s?


def plain_round(kernel: object) -> bool:
    """Does the kernel's class play ``RoundKernel``'s round (``WRITTEN_OUT``)?"""
    found = _PLAIN_ROUND.get(type(kernel))
    if found is None:
        from cardscript.kernels.pocket_duel.round import RoundKernel  # (it imports this)

        found = _PLAIN_ROUND[type(kernel)] = isinstance(kernel, RoundKernel) and all(
            getattr(type(kernel), name) is getattr(RoundKernel, name) for name in WRITTEN_OUT
        )
    return found


def _live(zone: str, data: dict[str, object]) -> bool:
    """``round_end._live`` of a card's zone and round data."""
    return zone == "table" and not data.get("cancelled")


def quick_rounds(kernel: RoundKernel, engine: Engine) -> None:
    """Whole rounds (``RoundKernel.play_game``'s loop and ``round``) for as long as the
    game's plan is ``quick`` and the round would be one: after the first (which starts
    the game), with a card in some hand, no lasting effect, nothing pending, no Automa,
    room in the step budget; the caller plays on where this stops."""
    state = engine.state
    players, history = state.players, state.history
    limit = kernel.max_rounds
    answerers = engine.one_of_answerers()  # (``Engine.one_of``'s question, once)
    while state.result is None:
        plan = kernel._plan
        if (
            plan is None
            or not plan.quick
            or plan.state is not state
            or plan.next_uid != state.next_uid
            or state.lasting
            or engine.pending
            or not 0 < state.turn < limit
            or engine.steps + 2 > engine.budget
            or "automa" in state.data
        ):
            return
        for seat in players:
            if seat.zones.get("hand"):
                break
        else:
            return  # (no cards left: the caller ends the game)
        state.turn = turn = state.turn + 1
        state.data["round"] = {}
        history.append(("start:round", None, state.active, turn))
        quick_round(kernel, engine, plan, answerers)


def quick_round(
    kernel: RoundKernel,
    engine: Engine,
    plan: RoundPlan,
    answerers: list[Callable[[int], int] | None] | None = None,
) -> None:
    """Steps 1–5 of a round (``RoundKernel.round`` after "start:round", which the caller
    recorded), where ``plan.quick`` holds, no lasting effect is in play, nothing is
    pending and the step budget has room for the reveal (``answerers``: the engine's
    ``one_of_answerers``, if the caller read them)."""
    state = engine.state
    cards, turn, history = state.cards, state.turn, state.history
    players = state.players
    # ---- the secret choices (``choose_card``: nothing forbids a play)
    played: list[int | None] = [None, None]
    if answerers is None:
        answerers = engine.one_of_answerers()
    for player in (0, 1):
        hand = players[player].zones.get("hand")
        if not hand:
            continue
        answer = answerers[player]
        if answer is None:
            played[player] = kernel.choose_card(engine, player, False)
            continue
        n = len(hand)
        picked = answer(n)
        if not 0 <= picked < n:
            engine.illegal_one_of(player, n, picked)
        played[player] = hand[picked]
    # ---- step 1: reveal, in place and only recorded (``RoundPlan.reveal_silent``)
    state.step = "play_step"
    known = plan.facts
    facts: list[CardFacts | None] = [None, None]
    types: list[str | None] = [None, None]
    shown = []
    count = 0
    for player in (0, 1):
        uid = played[player]
        if uid is None:
            continue
        count += 1
        found = facts[player] = known.get(uid) or plan.of(uid)
        types[player] = found.type
        card = cards[uid]
        # (``GameState.move`` written out: a card from its controller's hand)
        players[card.controller].zones[card.zone].remove(uid)
        card.zone, card.controller = "table", player
        zones = players[player].zones
        table = zones.get("table")
        if table is None:
            zones["table"] = [uid]
        else:
            table.append(uid)
        card.timestamp = state.clock = state.clock + 1
        if card.states:
            card.states.discard("face_down")
        card.data.update(_SHOWN)
        card.face_up = True
        history += (
            ("moved", uid, player, turn),
            ("plays", None, player, turn),
            ("played", uid, player, turn),
        )
        shown.append(("revealed", uid, player, turn))
    engine.steps += count
    engine.recent.extend((RULE,) * count)
    history += shown
    # ---- step 2: cancels, simultaneous (the plan's table: no permission, no lasting)
    state.step = "cancel_step"
    first, second = facts
    if first is not None and second is not None:
        one, two = played
        assert one is not None and two is not None
        relation = plan.relation
        # a cancel clause asking only the two definitions: the plan's answer for them,
        # once found (``RoundKernel._played_cancels``' first look, without the call)
        by_print = plan.text_cancels
        mine, theirs = cards[one], cards[two]
        plain = not (mine.states or theirs.states)
        hit = relation.get((first.type, second.type))
        if (hit is None or (not hit and first.cancels_by_text)) and (
            not (plain and first.cancels_by_print)
            or (hit := by_print.get((mine.card_id, theirs.card_id))) is None
        ):
            hit = kernel._played_cancels(engine, plan, one, two, first, second, relation, False)
        back = relation.get((second.type, first.type))
        if (back is None or (not back and second.cancels_by_text)) and (
            not (plain and second.cancels_by_print)
            or (back := by_print.get((theirs.card_id, mine.card_id))) is None
        ):
            back = kernel._played_cancels(engine, plan, two, one, second, first, relation, False)
        if hit:
            kernel._mark_cancelled(engine, two, cards[one].controller, one)
        if back:
            kernel._mark_cancelled(engine, one, cards[two].controller, two)
    if "rest" in types:
        kernel._rest_at_once(engine, played, types)
    dealt = _damage_step(kernel, engine, plan, played, facts)
    if not _effect_step(kernel, engine, plan, played, facts, types, dealt):
        _end_step(kernel, engine, played, facts, types)


def _damage_step(
    kernel: RoundKernel,
    engine: Engine,
    plan: RoundPlan,
    played: list[int | None],
    facts: list[CardFacts | None],
) -> dict[int, int]:
    """Step 3 (``RoundKernel._damage_step`` for two seats and no permission text)."""
    state = engine.state
    state.step = "damage_step"
    cards = state.cards
    for player in (0, 1):
        found = facts[player]
        if found is None or not found.blocks:
            continue
        uid = played[player]
        assert uid is not None
        card = cards[uid]
        if card.zone != "table" or card.data.get("cancelled"):
            continue
        if (state.lasting or plan.next_uid != state.next_uid) and engine.permitted(
            "block", uid, played[1 - player]
        ) is False:
            continue
        for ability in found.blocks:
            engine.resolve(ability, uid, player)
    pool = state.data["round"].setdefault("block", {})
    current = not state.lasting and plan.next_uid == state.next_uid
    forbids = not current and engine.permissions_speak()
    texts = plan.attack_texts if current else None
    printed = texts is not None
    for key in texts or ():
        if engine.in_play(key):
            printed = False
            break
    hits = []
    opponents = plan.opponents
    for player in (0, 1):
        uid = played[player]
        if uid is None:
            continue
        card = cards[uid]
        if card.zone != "table" or card.data.get("cancelled"):
            continue
        found = facts[player]
        assert found is not None
        opp, key, target = opponents[player]
        raw = found.attack if printed else engine.stat(uid, "attack")
        left = have = pool.get(key, 0)
        if forbids and engine.permitted("be_blocked", uid, played[opp]) is False:
            left = 0
        blocked = raw if raw < left else left
        pool[key] = have - blocked
        through = raw - blocked
        if through > 0:
            hits.append((uid, found.attack_cause, opp, through))
        if blocked:
            card.data["blocked"] = True
            kernel._blocked(engine, opp, uid, blocked)
    dealt: dict[int, int] = {}
    for uid, cause, opp, amount in hits:
        if current and engine.steps < engine.budget:  # (an attack's damage, in place)
            engine.steps += 1
            engine.recent.append(cause)
            res = state.players[opp].resources
            res["health"] = res.get("health", 0) - amount
            state.history.append(("takes_damage", None, opp, state.turn))
            dealt[uid] = amount
        elif engine.steps < engine.budget:  # (``plan.own``: in place, counted)
            engine.steps += 1
            engine.recent.append(cause)
            target = opponents[1 - opp][2]
            dealt[uid] = kernel._deal_damage(engine, cause, target, amount, "damage", uid, _ATTACK)
        else:
            dealt[uid] = engine.apply(
                "deal_damage",
                cause,
                target=opponents[1 - opp][2],
                amount=amount,
                kind="damage",
                source=uid,
                qualities=_ATTACK,
            )
    return dealt


def _effect_step(
    kernel: RoundKernel,
    engine: Engine,
    plan: RoundPlan,
    played: list[int | None],
    facts: list[CardFacts | None],
    types: list[str | None],
    dealt: dict[int, int],
) -> bool:
    """Step 4 (``RoundKernel.round``'s step 4 and ``_effects``): "On hit" of the
    attacks that dealt enough, each live card's effect, the triggers, Weapon against
    Rest, the heals that waited; True when the game ended in it (destroy)."""
    state = engine.state
    state.step = "effect_step"
    if not state.lasting and plan.next_uid == state.next_uid:
        later, minimum = plan.effect_rules  # type: ignore[misc]
    else:
        rules = kernel.rules(engine)
        later = rule_in(engine, rules, "damage_before_healing")
        minimum = int(rule_in(engine, rules, "on_hit_minimum"))
    heals = kernel._heals = [] if later else None  # the heals wait for the damage (§10)
    cards = state.cards
    if plan.next_uid != state.next_uid:  # (text ran since the round read ``plan``)
        plan = kernel.round_plan(engine)
    try:
        if minimum > 0:  # the attacks that dealt enough, in seat order (as ``dealt`` is)
            for hitter, amount in dealt.items():
                if amount >= minimum:
                    player = 0 if played[0] == hitter else 1
                    _hit(kernel, engine, plan, hitter, player, amount, facts[player])
        else:  # (every live played card hits, having dealt damage or not)
            for player in (0, 1):
                uid = played[player]
                if uid is not None and _live(cards[uid].zone, cards[uid].data):
                    _hit(kernel, engine, plan, uid, player, dealt.get(uid, 0), facts[player])
        rnd = state.data["round"]
        for player in (0, 1):
            uid = played[player]
            if uid is None:
                continue
            card = cards[uid]
            if card.zone != "table" or card.data.get("cancelled"):
                continue
            found = facts[player]
            if found is None or not found.effects:
                continue
            for ability in found.effects:  # (``RoundEnd._run`` written out)
                if state.result is not None:
                    break
                if not ability.line.mods or engine.within_limits(ability, uid):
                    engine.resolve(ability, uid, player)
            # the damage its effect dealt (read after it: only its text deals damage as
            # it), if its attack did not hit above
            if (by_source := rnd.get("dealt_by")) and dealt.get(uid, 0) < minimum:
                by_effect = by_source.get(str(uid), 0)
                if by_effect >= minimum and _live(card.zone, card.data):
                    _hit(kernel, engine, plan, uid, player, by_effect, found)
        if engine.pending:
            kernel.resolve_pending(engine)
        if "weapon" in types and "rest" in types:
            kernel._type_destroys(engine, played, types)
    finally:
        kernel._heals = None
    if heals:
        for cause, target, amount in heals:
            engine.apply("heal", cause, target=target, amount=amount, kind=None)
    return (state.result is not None or bool(state.data["round"].get("destroyed"))) and (
        kernel._check_destroy(engine)
    )


def _hit(
    kernel: RoundKernel,
    engine: Engine,
    plan: RoundPlan,
    uid: int,
    player: int,
    amount: int,
    found: CardFacts | None,
) -> None:
    """``RoundKernel._hit``: "hits", then the card's "On hit" text."""
    state = engine.state
    if "hits" in plan.silent and plan.next_uid == state.next_uid:
        state.history.append(("hits", uid, player, state.turn))
    else:
        engine.happened("hits", uid, player, None, amount)
    if found is not None and found.on_hit:
        for ability in found.on_hit:  # (``RoundEnd._run`` written out)
            if state.result is not None:
                return
            if not ability.line.mods or engine.within_limits(ability, uid):
                engine.resolve(ability, uid, player)


def _end_step(
    kernel: RoundKernel,
    engine: Engine,
    played: list[int | None],
    facts: list[CardFacts | None],
    types: list[str | None],
) -> None:
    """Step 5 (``RoundEnd._end_of_round``): Rest energy, the played cards put away,
    "end:round" and its triggers, then destroy and the health check."""
    state = engine.state
    state.step = "end_step"
    plan = kernel._plan  # (text ran since the reveal: it may have added cards)
    if plan is None or plan.next_uid != state.next_uid or plan.state is not state:
        plan = kernel.round_plan(engine)
    if state.lasting or not plan.quick:
        kernel._end_of_round(engine, played, facts, types)
        return
    rules = plan.rules
    cards, players, discard = state.cards, state.players, kernel.discard_zone
    rest_energy = []
    for player in (0, 1):
        uid = played[player]
        if uid is None:
            continue
        card = cards[uid]
        cancelled = card.data.get("cancelled")
        if (
            not cancelled
            and types[player] == "rest"
            and rule_in(engine, rules, "rest_energy_at_round_end", uid)
        ):
            amount = kernel._rest_amount(engine, uid, rules)  # while the card is in play
            if amount:  # (``_rest_permitted``: no permission text, no lasting effect)
                rest_energy.append((player, amount, uid))
        if card.zone == "table":  # it leaves the table (§6 step 5)
            found = facts[player]
            if (
                not cancelled
                and found is not None
                and found.after_play is None
                and engine.steps < engine.budget
            ):
                # to its owner's discard pile, in place, counted and only recorded
                # (``GameState.move`` written out)
                engine.steps += 1
                engine.recent.append(RULE)
                owner = card.owner
                players[card.controller].zones["table"].remove(uid)
                card.zone, card.controller = discard, owner
                zones = players[owner].zones
                pile = zones.get(discard)
                if pile is None:
                    zones[discard] = [uid]
                else:
                    pile.append(uid)
                card.timestamp = state.clock = state.clock + 1
                state.history.append(("discarded", uid, owner, state.turn))
            else:
                kernel._put_away(engine, plan, rules, uid, player, found)
        card.data.clear()
    for player, amount, _ in rest_energy:  # (the plan is ``quiet``: the rule's own cause)
        kernel._gain_energy(engine, REST, player, amount)
    if "end:round" in plan.silent:
        state.history.append(("end:round", None, state.active, state.turn))
    else:
        engine.happened("end:round", None, state.active)
    if engine.pending:
        kernel.resolve_pending(engine)
    engine.end_period("round")
    if (state.result is not None or state.data["round"].get("destroyed")) and (
        kernel._check_destroy(engine)
    ):
        return
    # the health check (``RoundEnd.end_check`` with the plan's value, while it holds)
    if state.lasting or plan.next_uid != state.next_uid or state.data.get("sudden_death"):
        kernel.end_check(engine)
        return
    limit = plan.lose_at
    assert limit is not None
    a, b = players[0].resources.get("health", 0), players[1].resources.get("health", 0)
    if a > limit and b > limit:
        return
    kernel.end_check(engine)


_ATTACK = ("attack",)  # an attack's damage: its blocks were taken in the damage step
