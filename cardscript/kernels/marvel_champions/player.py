"""Marvel Champions: a player's turn (MC-TURN): playing cards (paid as ``resources.py``
says), basic powers, allies, actions of cards in play and changing form."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.apart import described, placed
from cardscript.interpreter.engine import Cause, Event
from cardscript.kernels.marvel_champions import windows
from cardscript.kernels.marvel_champions.acting import resolve_acting
from cardscript.kernels.marvel_champions.base import RULE
from cardscript.kernels.marvel_champions.resources import costs_payable, pay, payable

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.engine import Engine
    from cardscript.kernels.marvel_champions.kernel import MarvelChampionsKernel

Option = tuple[str, Any]


def cause(engine: Engine, uid: int) -> Cause:
    return Cause(card=engine.state.cards[uid].card_id)


ACTION_LABELS = frozenset({"action", "hero_action", "alter_ego_action"})
NOT_ON_PLAY = frozenset({"resource", "boost", "when_revealed", "when_defeated", "setup", "special"})


def effect_abilities(engine: Engine, uid: int) -> list[CompiledAbility]:
    """The effects an event resolves when played (not its Resource or other labels), an
    Action's costs paid first ("Action: Pay X resources → …", after the printed cost)."""
    out = []
    for ability in engine.definition(uid).abilities:
        label = getattr(ability.line, "label", None)
        name = label.name if label is not None else None
        if (isinstance(ability.node, ast.EffectAbility) and name not in NOT_ON_PLAY) or (
            isinstance(ability.node, ast.Activated) and name in (None, *ACTION_LABELS)
        ):
            out.append(ability)
    return out


def can_play(k: MarvelChampionsKernel, engine: Engine, player: int, uid: int) -> bool:
    definition = engine.definition(uid)
    kind = definition.type
    if kind in ("resource", "obligation") or not payable(engine, player, uid):
        return False
    if kind == "ally" and len(k.allies(engine, player)) >= int(
        engine.rule("ally_limit", player=player)
    ):
        return False
    if definition.get("unique"):
        # one copy in play across all players, by title and subtitle (MC2-T-081)
        title = (definition.name, definition.get("subtitle"))
        for p in range(len(engine.state.players)):
            for other in engine.state.players[p].zones.get("play", ()):
                there = engine.definition(other)
                if (there.name, there.get("subtitle")) == title:
                    return False
    limit = definition.get("max_per_player")
    if isinstance(limit, int):
        # "Max N per player": copies (by title) the player controls in play (G61, S105)
        mine = engine.state.players[player].zones.get("play", ())
        if sum(engine.definition(other).name == definition.name for other in mine) >= limit:
            return False
    if any(not engine.within_limits(a, None) for a in by_title(engine, uid)):
        return False
    if kind == "event":
        found = effect_abilities(engine, uid)
        return (
            bool(found)
            and all(windows.form_ok(k, engine, player, a) for a in found)
            and all(windows.acting_allowed(k, engine, player, uid, a) for a in found)
            and all(
                costs_payable(engine, player, uid, a)
                for a in found
                if isinstance(a.node, ast.Activated)
            )
            and any(would_change(k, engine, uid, a, player) for a in found)
        )
    return True


def would_change(
    k: MarvelChampionsKernel, engine: Engine, uid: int, ability: CompiledAbility, player: int
) -> bool:
    """G16, MC-EVENT-4 (``change_state_required``): an ability none of whose steps would
    change anything (``MCBase.changes``) cannot be initiated (S036, MC2-T-031, MC2-T-091);
    a "choose one" step changes something if one of its options does (S026), an "if you
    do" step only if the step before it does ("Stun target minion. If you do, draw a
    card." with no minion that may be stunned, MC-SC2)."""
    effects = getattr(ability.node, "effects", None)
    if effects is None or not engine.rule("change_state_required", player=player):
        return True
    ctx = engine.context(uid, ability, player)
    for step in effects.steps:
        if isinstance(step, ast.Conditional) and _if_you_do(step.condition):
            continue  # it runs only after a step that changed something: none did
        options = step.options if isinstance(step, ast.Choice) else [step]
        if any(not isinstance(o, ast.Clause) or k.changes(engine, ctx, o) for o in options):
            return True
    return False


def _if_you_do(condition: ast.Condition) -> bool:
    """Is the condition "if you do" alone (it holds where the step before it was done)?"""
    return len(condition.tests) == 1 and condition.tests[0].kind == "you_did"


def by_title(engine: Engine, uid: int) -> list[CompiledAbility]:
    """Abilities with a "Max N per <period>": counted for every copy of the card, whoever
    plays it (G61); counted under no card instance."""
    return [
        a
        for a in engine.definition(uid).abilities
        if any(m.kind == "max_per" and m.period for m in a.line.mods)
    ]


def from_playable_zone(engine: Engine, player: int, uid: int) -> bool:
    """A card is played from its controller's hand (MC-PLAY-1), or from their discard
    pile where card text permits it: "Allies in your discard pile can be played."
    (MC2-T-079)."""
    card = engine.state.cards[uid]
    if card.controller != player:
        return False
    if card.zone == "hand":
        return True
    return card.zone == "discard" and engine.permitted("be_played", uid) is True


def play_card(
    k: MarvelChampionsKernel, engine: Engine, player: int, uid: int, *, asked: bool = False
) -> None:
    """MC-PLAY: pay the cost, then an event resolves (its targets chosen first, G46) and
    is discarded; other cards enter play in the player's area. Another player's event
    only when the active player asks (MC-TURN-0 f, S052): its owner pays and it goes to
    its owner's discard."""
    if not from_playable_zone(engine, player, uid):
        raise ValueError("a card is played from its controller's hand")
    if player != engine.state.active and not (asked and engine.definition(uid).type == "event"):
        raise ValueError("out of their turn a player plays an event only when asked")
    if not can_play(k, engine, player, uid):
        raise ValueError(f"{engine.definition(uid).name} cannot be played now")
    if not pay(engine, player, uid, engine.stat(uid, "cost")):
        raise ValueError("not enough resources")
    definition = engine.definition(uid)
    if definition.type == "event":
        engine.state.move(uid, "resolving", player=player)
        # G46: its own costs ("Discard a card → …") are paid with its printed one (step 4,
        # MC-COST-5), then its targets chosen (step 5), then it is played and may be
        # cancelled (step 6): paid and chosen whether or not its effects are cancelled or a
        # status card takes their place (MC2-T-032, G49)
        paid = [
            (a, windows.pay_costs(engine, uid, a, player)) for a in effect_abilities(engine, uid)
        ]
        ready = [  # (a cost not paid: that effect is not initiated)
            (a, chosen, engine.choose_targets(a, uid, player, chosen_x=chosen))
            for a, chosen in paid
            if chosen is not None
        ]
        # paid, it may still be cancelled: then it goes to the discard pile (MC2-T-032)
        cancelled = not windows.interrupt(k, engine, Event("is_played", subject=uid, player=player))
        for ability in by_title(engine, uid):
            engine.count_use(ability, None)  # played counts, even cancelled (S103, MC2-T-061)
        engine.emit(Event("plays", player=player, obj=uid))
        for ability, chosen, targets in [] if cancelled else ready:
            resolve_acting(
                k, engine, player, uid, ability, pay=False, chosen_x=chosen, targets=targets
            )
        if engine.state.cards[uid].zone == "resolving":
            k.to_discard(engine, uid)
    else:
        engine.apply("move", cause(engine, uid), uid=uid, zone="play", player=player, played=True)
        engine.emit(Event("plays", player=player, obj=uid))
        # "after an ally is played": played from hand, not put into play (MC2-T-055)
        engine.emit(Event("is_played", subject=uid, player=player))
        engine.emit(Event("enters_play", subject=uid, player=player))
        restricted(k, engine, player)
    k.resolve_pending(engine)


def restricted(k: MarvelChampionsKernel, engine: Engine, player: int) -> None:
    """K5: more Restricted cards than the limit under one player's control: the player
    discards down to it at once (S097)."""
    limit = int(engine.rule("restricted_limit", player=player))
    for _ in range(10):
        mine = [
            u
            for u in engine.state.players[player].zones.get("play", ())
            if engine.has_keyword(u, "restricted")
        ]
        if len(mine) <= limit:
            return
        labels = [engine.describe(u) for u in mine]
        (picked,) = engine.choose(player, "targets", "discard a Restricted card", mine, labels)
        engine.apply("discard", RULE, uid=mine[picked])


def in_play_actions(engine: Engine, uid: int) -> list[CompiledAbility]:
    """The actions a card in play has now, printed or gained in play (granted by standing
    text, lent for a period: ``Engine.card_abilities``): those with a cost ("Action —
    Exhaust this → …"), then those with none ("Action: <effect>", an effect ability
    with an Action label)."""
    activated = [
        a
        for a in engine.card_abilities(uid, ast.Activated)
        if a.line.label is None or a.line.label.name not in NOT_ON_PLAY
    ]
    actions = [
        a
        for a in engine.card_abilities(uid, ast.EffectAbility)
        if a.line.label is not None and a.line.label.name in ACTION_LABELS
    ]
    return [*activated, *actions]


def activatable(
    k: MarvelChampionsKernel, engine: Engine, player: int
) -> list[tuple[int, CompiledAbility]]:
    out: list[tuple[int, CompiledAbility]] = []
    for uid in engine.state.players[player].zones.get("play", ()):
        for ability in in_play_actions(engine, uid):
            if not windows.form_ok(k, engine, player, ability) or not engine.within_limits(
                ability, uid
            ):
                continue
            if not windows.acting_allowed(k, engine, player, uid, ability):
                continue
            if not costs_payable(engine, player, uid, ability):
                continue
            if not would_change(k, engine, uid, ability, player):
                continue
            out.append((uid, ability))
    return out


def options(k: MarvelChampionsKernel, engine: Engine, player: int) -> list[Option]:
    state = engine.state
    me = k.identity(engine, player)
    if me is None:
        return []
    out: list[Option] = []
    for uid in state.players[player].zones.get("hand", ()):
        if can_play(k, engine, player, uid):
            out.append(("play", uid))
    if engine.permissions_speak():
        for uid in state.players[player].zones.get("discard", ()):
            if from_playable_zone(engine, player, uid) and can_play(k, engine, player, uid):
                out.append(("play", uid))
    ready = "exhausted" not in state.cards[me].states
    hero = k.in_hero_form(engine, player)
    if ready and hero:
        if k.attack_targets(engine, player, me):  # (those card text lets it attack)
            out.append(("attack", me))
        if k.schemes(engine) and k.may(engine, me, "thwart"):
            out.append(("thwart", me))
    if ready and not hero and state.cards[me].counters.get("damage", 0) > 0:
        out.append(("recover", me))
    for ally in k.allies(engine, player):
        if "exhausted" not in state.cards[ally].states:
            if k.attack_targets(engine, player, ally) and _usable(k, engine, ally, "atk"):
                out.append(("attack", ally))
            if k.schemes(engine) and _usable(k, engine, ally, "thw"):
                out.append(("thwart", ally))
    out += [("activate", a) for a in activatable(k, engine, player)]
    changes = state.players[player].data.get("form_changes", 0)
    if changes < int(engine.rule("form_changes_per_turn", player=player)):
        out.append(("change_form", me))
    for other in k.players(engine):  # ask another player to play an event (MC-TURN-0 f)
        if other != player:
            for uid in state.players[other].zones.get("hand", ()):
                if engine.definition(uid).type == "event" and can_play(k, engine, other, uid):
                    out.append(("ask", (other, uid)))
    return out


def describe(engine: Engine, option: Option) -> str:
    kind, what = option
    if kind == "activate":
        return f"activate {engine.definition(what[0]).name}"
    if kind == "ask":
        return f"ask {engine.state.players[what[0]].name} to play {engine.definition(what[1]).name}"
    return f"{kind} {engine.definition(what).name}"


def _card_of(option: Option) -> int | None:
    """The card in play an option is about, for ``placed`` (none for asking a player)."""
    kind, what = option
    return None if kind == "ask" else what[0] if kind == "activate" else what


def turn(k: MarvelChampionsKernel, engine: Engine, player: int) -> None:
    """MC-TURN: actions in any order until the player passes."""
    state = engine.state
    state.active = player
    state.players[player].data["form_changes"] = 0
    engine.emit(Event("start:turn", player=player))
    k.resolve_pending(engine)
    for _ in range(k.max_actions):
        if state.result is not None or state.players[player].data.get("defeated"):
            break
        found = options(k, engine, player)
        labels = placed(engine, [_card_of(o) for o in found], [describe(engine, o) for o in found])
        labels.append("pass")
        (picked,) = engine.choose(player, "action", "your turn", [*found, None], labels)
        if picked >= len(found):
            break
        do(k, engine, player, *found[picked])
    engine.emit(Event("end:turn", player=player))
    k.resolve_pending(engine)
    engine.end_period("turn")


def do(k: MarvelChampionsKernel, engine: Engine, player: int, kind: str, what: Any) -> None:
    if kind == "play":
        play_card(k, engine, player, what)
    elif kind == "attack":
        basic_attack(k, engine, player, what)
    elif kind == "thwart":
        basic_thwart(k, engine, player, what)
    elif kind == "recover":
        recover(k, engine, player, what)
    elif kind == "change_form":
        change_form(k, engine, player, voluntary=True)
    elif kind == "activate":
        activate(k, engine, player, *what)
    elif kind == "ask":
        other, uid = what
        if engine.may(other, f"play {engine.definition(uid).name} now?"):
            play_card(k, engine, other, uid, asked=True)
    else:
        raise ValueError(f"unknown action {kind!r}")


def activate(
    k: MarvelChampionsKernel, engine: Engine, player: int, uid: int, ability: CompiledAbility
) -> None:
    """An Action of a card in play: its cost is paid, its targets chosen (G46 steps
    4-5), then Interrupts may cancel its effects, which still counts as a use (S046,
    MC2-T-123); after it the card "used an ability" (Uses, K1)."""
    chosen = windows.pay_costs(engine, uid, ability, player)
    if chosen is None:
        return  # the cost could not be paid: the ability is not initiated (G46 step 4)
    targets = engine.choose_targets(ability, uid, player, chosen_x=chosen)
    if windows.interrupt(k, engine, Event("uses_an_ability", subject=uid, player=player)):
        resolve_acting(k, engine, player, uid, ability, pay=False, chosen_x=chosen, targets=targets)
    elif engine.rule("cancelled_counts_for_limits", uid=uid):
        engine.count_use(ability, uid)
    engine.emit(Event("uses_an_ability", subject=uid, player=player))
    k.resolve_pending(engine)


# the basic powers card text may forbid ("This cannot thwart.": G44, G74); an attack's
# permission is asked of each enemy (``attack_targets``: "… cannot attack minions")
_POWER_ACTS = {"thw": "thwart"}


def _usable(k: MarvelChampionsKernel, engine: Engine, uid: int, power: str) -> bool:
    """May the character use its basic power: no dash (MC-DASH-1), no text forbidding it."""
    act = _POWER_ACTS.get(power)
    return not dashed(engine, uid, power) and (act is None or k.may(engine, uid, act))


def _ready_check(
    k: MarvelChampionsKernel, engine: Engine, uid: int, power: str | None = None
) -> None:
    name = engine.definition(uid).name
    if "exhausted" in engine.state.cards[uid].states:
        raise ValueError(f"{name} is exhausted")
    if power is not None and dashed(engine, uid, power):
        raise ValueError(f"{name} has no {power.upper()} (a dash)")
    act = _POWER_ACTS.get(power or "")
    if act is not None and not k.may(engine, uid, act):
        raise ValueError(f"{name} cannot {act}")


def dashed(engine: Engine, uid: int, power: str) -> bool:
    """A power printed as a dash cannot be used (MC-DASH-1, MC2-T-069)."""
    return engine.definition(uid).get(power) == "-" and bool(engine.rule("dash_blocks_power"))


def basic_attack(
    k: MarvelChampionsKernel, engine: Engine, player: int, uid: int, target: int | None = None
) -> None:
    """G05 basic ATK power: exhaust, deal ATK damage; an ally takes consequential damage."""
    _ready_check(k, engine, uid, "atk")
    targets = k.attack_targets(engine, player, uid)
    name = engine.definition(uid).name
    if not targets:
        raise ValueError(f"{name} may attack no enemy now")
    if target is None:
        labels = described(engine, targets)
        (picked,) = engine.choose(player, "targets", "attack which enemy?", targets, labels)
        target = targets[picked]
    elif target not in targets:
        raise ValueError(f"{name} cannot attack {engine.definition(target).name} now")
    engine.apply("exhaust", RULE, target=uid)
    counters = engine.state.cards[uid].counters
    if counters.get("stunned_card"):
        del counters["stunned_card"]  # the stunned card is removed instead (G49)
    elif k.attack(engine, uid, target):
        consequential(k, engine, uid)  # only after an attack that happened (S086)
    k.check(engine)


def consequential(k: MarvelChampionsKernel, engine: Engine, uid: int) -> None:
    """G71: an ally takes 1 damage after its basic attack or thwart."""
    if (
        engine.definition(uid).type == "ally"
        and engine.state.cards[uid].zone == "play"
        and engine.rule("consequential_damage", uid=uid)
    ):
        k.damage(engine, uid, 1, None)


def basic_thwart(
    k: MarvelChampionsKernel, engine: Engine, player: int, uid: int, target: int | None = None
) -> None:
    """G44 basic THW power: exhaust, remove THW threat from a scheme."""
    _ready_check(k, engine, uid, "thw")
    schemes = k.schemes(engine)
    if target is None:
        labels = [engine.describe(s) for s in schemes]
        (picked,) = engine.choose(player, "targets", "thwart which scheme?", schemes, labels)
        target = schemes[picked]
    engine.apply("exhaust", RULE, target=uid)
    if thwart(k, engine, uid, target, player):
        consequential(k, engine, uid)
    k.resolve_pending(engine)
    k.check(engine)


def thwart(k: MarvelChampionsKernel, engine: Engine, uid: int, target: int, player: int) -> bool:
    """G44: a thwart attempt of ``uid`` against a scheme: threat removed equal to its THW;
    a confused one loses its confused card instead (G49). Whether it thwarted."""
    counters = engine.state.cards[uid].counters
    if counters.get("confused_card"):
        del counters["confused_card"]
        return False
    event = Event("thwarts", subject=uid, player=player, obj=target)
    if not windows.interrupt(k, engine, event):
        return False  # cancelled (G20): no threat removed, no consequential damage
    amount = engine.stat(uid, "thw")
    if amount > 0 and engine.state.cards[target].counters.get("threat", 0) > 0:
        k.dealt_by(engine, target, uid)  # (a side scheme it defeats: theirs)
        engine.apply("remove_counters", RULE, uid=target, counter="threat", amount=amount)
        # a side scheme left without threat is discarded at once (G29, G34), before the
        # thwart is over, as by card text
        engine.kernel.after_change(engine, [target])
    engine.emit(event)
    return True


def recover(k: MarvelChampionsKernel, engine: Engine, player: int, uid: int) -> None:
    """G57 basic REC power of an alter-ego: exhaust, heal REC damage."""
    _ready_check(k, engine, uid, "rec")
    if engine.definition(uid).type != "alter_ego":
        raise ValueError("only an alter-ego recovers")
    engine.apply("exhaust", RULE, target=uid)
    engine.apply("heal", RULE, target=uid, amount=engine.stat(uid, "rec"), kind=None)
    k.resolve_pending(engine)


def change_form(
    k: MarvelChampionsKernel, engine: Engine, player: int, *, voluntary: bool = False
) -> None:
    """G11: flip the identity; damage, states and status cards stay with it."""
    data = engine.state.players[player].data
    if voluntary:
        if data.get("form_changes", 0) >= int(engine.rule("form_changes_per_turn", player=player)):
            raise ValueError("the form changes once per turn")
        data["form_changes"] = data.get("form_changes", 0) + 1
    front = k.identity(engine, player)
    back = engine.state.players[player].zones.get("identity_back", [])
    if front is None or not back:
        raise ValueError("no identity to flip")
    other = back[0]
    a, b = engine.state.cards[front], engine.state.cards[other]
    b.counters, a.counters = a.counters, {}
    b.states, a.states = a.states, set()
    engine.state.move(other, "play", player=player, position=0)
    engine.state.move(front, "identity_back", player=player)
    engine.emit(Event("changes_form", subject=other, player=player))
    k.resolve_pending(engine)


def end_of_player_phase(k: MarvelChampionsKernel, engine: Engine) -> None:
    """MC-PPHASE-2: discard down and draw up to hand size, then ready everything."""
    for player in k.players(engine):
        me = k.identity(engine, player)
        if me is None:
            continue
        size = engine.stat(me, "hand_size")
        hand = engine.state.players[player].zone("hand")
        while len(hand) > size:
            labels = [engine.describe(u) for u in hand]
            (picked,) = engine.choose(player, "targets", "discard down to hand size", hand, labels)
            engine.apply("discard", RULE, uid=hand[picked])
        while hand:  # any number more, at the player's choice (G50, MC2-T-059)
            labels = ["keep the rest"] + [f"discard {engine.describe(u)}" for u in hand]
            (picked,) = engine.choose(player, "option", "discard more?", [None, *hand], labels)
            if picked == 0:
                break
            engine.apply("discard", RULE, uid=hand[picked - 1])
        if len(hand) < size and engine.rule("draw_up_to_hand_size", player=player):
            engine.apply("draw", RULE, player=player, count=size - len(hand))
        for uid in list(engine.state.players[player].zone("play")):
            engine.apply("ready", RULE, target=uid)
    k.resolve_pending(engine)
