"""Marvel Champions: the villain phase (MC-VPHASE) and enemy activations (G01, G18).

1. Threat: the main scheme gets its acceleration plus one per acceleration token.
2. Activations: against each player in player order the villain attacks (hero form) or
   schemes (alter-ego form) with one boost card; then each minion engaged with that player
   does the same without boost cards.
3. Encounter cards: one to each player, then each player reveals theirs (with the ones a
   reshuffle dealt them): treacheries resolve and are discarded, minions engage the
   player, side schemes get their starting threat, environments and attachments stay.
4. The first player token passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.apart import placed
from cardscript.interpreter.engine import Event
from cardscript.kernels.marvel_champions import windows
from cardscript.kernels.marvel_champions.base import RULE

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.engine import Engine
    from cardscript.kernels.marvel_champions.kernel import MarvelChampionsKernel


def villain_phase(k: MarvelChampionsKernel, engine: Engine) -> None:
    state = engine.state
    k.phase_begins(engine, "villain_phase")
    place_acceleration(k, engine)
    activations(k, engine)
    if state.result is not None:
        return
    deal_encounters(k, engine)
    reveal_encounters(k, engine)
    k.phase_ends(engine, "villain_phase")
    pass_first_player(k, engine)


def pass_first_player(k: MarvelChampionsKernel, engine: Engine) -> None:
    """Step 5: the token goes to the next player clockwise still in the game (MC2-T-019,
    MC2-T-020)."""
    state = engine.state
    n = len(state.players)
    first = state.data.get("first_player", 0)
    for step in range(1, n + 1):
        nxt = (first + step) % n
        if not state.players[nxt].data.get("defeated"):
            state.data["first_player"] = nxt
            return


def activations(k: MarvelChampionsKernel, engine: Engine) -> None:
    """Step 2: for each player in player order the villain activates, then each minion
    engaged with that player (MC2-T-035, MC2-T-086)."""
    state = engine.state
    for player in k.players(engine):
        if state.result is not None:
            return
        activate_villain(k, engine, player)
        for minion in k.engaged(engine, player):
            if state.result is not None or state.cards[minion].zone != "play":
                continue
            activate(k, engine, minion, player, boosted=False)


def deal_encounters(k: MarvelChampionsKernel, engine: Engine) -> None:
    """Step 3: one encounter card to each player, then one more per Hazard icon, in turn
    from the first player (``hazard_mode`` per_icon_round_robin, GAP-1) or to each player
    per icon (per_player)."""
    order = k.players(engine)
    for player in order:
        for _ in range(int(engine.rule("encounter_cards_per_player", player=player))):
            if not deal_encounter(k, engine, player):
                break  # nothing left to deal (a count no deck holds, "unlimited", ends here)
    hazards = icons(k, engine, "hazard")
    if not order or not hazards:
        return
    if engine.rule("hazard_mode") == "per_player":
        extra = [p for _ in range(hazards) for p in order]
    else:
        extra = [order[i % len(order)] for i in range(hazards)]
    for player in extra:
        deal_encounter(k, engine, player)


def reveal_encounters(k: MarvelChampionsKernel, engine: Engine) -> None:
    """Step 4: in player order each player reveals the cards dealt to them, one by one,
    with any dealt meanwhile (S067)."""
    state = engine.state
    for player in k.players(engine):
        while state.result is None and state.players[player].zones.get("dealt"):
            reveal(k, engine, state.players[player].zones["dealt"][0], player)


def icons(k: MarvelChampionsKernel, engine: Engine, kind: str) -> int:
    """Acceleration, Crisis or Hazard icons on the schemes in play (G31, G55, G73)."""
    total = 0
    for uid in k.schemes(engine):
        found = engine.definition(uid).get("scheme_icons") or {}
        value = found.get(kind, 0) if isinstance(found, dict) else 0
        total += value if isinstance(value, int) else 0
    return total


def place_acceleration(k: MarvelChampionsKernel, engine: Engine) -> None:
    """Step 1: the main scheme's acceleration per player, one per acceleration token and
    one per Acceleration icon (MC2-T-007, MC2-T-029). What heard the threat placed
    ("After threat is placed on the main scheme") resolves before the activations
    (MC-RESP-1)."""
    scheme = k.main_scheme(engine)
    if scheme is None:
        return
    per = int(engine.rule("acceleration_per_token"))
    amount = engine.stat(scheme, "acceleration") * max(1, len(engine.state.players))
    amount += per * engine.state.cards[scheme].counters.get("acceleration_token", 0)
    amount += per * icons(k, engine, "acceleration")
    k.place_threat(engine, scheme, amount)
    k.resolve_pending(engine)


def activate_villain(k: MarvelChampionsKernel, engine: Engine, player: int) -> None:
    villain = k.villain(engine)
    if villain is None:
        return
    for _ in range(int(engine.rule("villain_activations_per_player", player=player))):
        if engine.state.result is not None or engine.state.players[player].data.get("defeated"):
            return
        activate(k, engine, villain, player, boosted=True)


def deal_boost(k: MarvelChampionsKernel, engine: Engine, player: int) -> list[int]:
    """MC-BOOST-1, G18 step 1, G19 step 1: the villain's boost cards, dealt face down from
    the encounter deck as the attack or scheme begins, before anyone defends: what is
    heard meanwhile (a response to a defender) finds them gone from the deck."""
    dealt: list[int] = []
    for _ in range(int(engine.rule("boost_cards_per_activation", player=player))):
        uid = take_encounter(k, engine, "boost", None)
        if uid is None:
            break
        engine.state.cards[uid].controller = player
        dealt.append(uid)
    return dealt


def flip_boost(k: MarvelChampionsKernel, engine: Engine, dealt: list[int], player: int) -> int:
    """MC-BOOST-2, G18 step 3: the boost cards flipped one at a time for their boost
    icons, each one's Boost ability resolving as it is flipped, then the card discarded
    (S018, MC-BOOST-7), the responses to each resolved at once (MC-RESP-3), before the
    next is flipped. Their total of icons.

    A boost card is flipped, not revealed: a reveal resolves all of a card's instructions,
    When Revealed and keywords too («Розкрити»), a boost card only its text below the
    divider line («Підсилення»: MC-BOOST-3, MC-BOOST-5; G19's "reveal each boost card" is
    this flip). So nothing of a reveal happens to it: no "is revealed" and its Interrupt
    window, no "reveals" ("After you reveal …", Surge), no When Revealed, no entering
    play (the boost zone is no play zone: its other text never works)."""
    total = 0
    for uid in dealt:
        card = engine.state.cards[uid]
        if card.zone != "boost" or engine.state.result is not None:
            continue  # (taken from the villain meanwhile)
        card.face_up, card.controller = True, player  # (the target's, who may defend another)
        total += engine.stat(uid, "boost")
        for ability in engine.definition(uid).abilities:
            label = getattr(ability.line, "label", None)
            if label is not None and label.name == "boost":
                engine.resolve(ability, uid, player)
                k.resolve_pending(engine)
        discard_boost(k, engine, [uid])
    return total


def discard_boost(k: MarvelChampionsKernel, engine: Engine, dealt: list[int]) -> None:
    """Used boost cards go to the encounter discard pile (MC-BOOST-7): discarded, heard
    by "After an encounter card is discarded" as a resolved treachery is (the kernel's
    ``heard_leaving``), its responses at once (MC-RESP-3)."""
    for uid in dealt:
        if engine.state.cards[uid].zone == "boost":
            k.to_discard(engine, uid)
            k.resolve_pending(engine)


def activate(
    k: MarvelChampionsKernel,
    engine: Engine,
    enemy: int,
    player: int,
    *,
    boosted: bool | None = None,
    attack: bool = False,
    scheme: bool = False,
) -> None:
    """G01: an attack against a player in hero form, a scheme against one in alter-ego;
    card text that says the enemy attacks (``attack``) or schemes (``scheme``) makes it
    that either way. The villain is dealt a boost card unless ``boosted`` says otherwise;
    a minion never is."""
    state = engine.state
    if boosted is None:
        boosted = engine.definition(enemy).type == "villain"
    event = Event("activates", subject=enemy, player=player)
    engine.emit(Event("start:activation", player=player))
    k.resolve_pending(engine)
    # "When an enemy activates": Interrupts first, which may cancel it (G20)
    if windows.interrupt(k, engine, event):
        engine.emit(event)
        k.resolve_pending(engine)
        if state.result is None and state.cards[enemy].zone == "play":
            if attack or (not scheme and k.in_hero_form(engine, player)):
                enemy_attack(k, engine, enemy, player, with_boost=boosted)
            else:
                enemy_scheme(k, engine, enemy, player, with_boost=boosted)
            k.check(engine)
    k.period_over(engine, "activation")  # "until the end of the activation" ends (G01)


def enemy_scheme(
    k: MarvelChampionsKernel, engine: Engine, enemy: int, player: int, *, with_boost: bool
) -> None:
    if not k.may(engine, enemy, "scheme"):
        # [ASSUMPTION] the rules do not say: the enemy does nothing (it does not attack
        # instead); a confused enemy keeps its confused card, it did not "scheme" (G49)
        return
    counters = engine.state.cards[enemy].counters
    if counters.get("confused_card"):
        del counters["confused_card"]
        return
    if not windows.interrupt(k, engine, Event("schemes", subject=enemy, player=player)):
        return  # cancelled, or replaced by the Interrupt's own text (S119)
    amount = engine.stat(enemy, "sch")
    if with_boost:  # G19 steps 1 and 2: dealt, then flipped, nothing between
        amount += flip_boost(k, engine, deal_boost(k, engine, player), player)
    scheme = k.main_scheme(engine)
    if scheme is not None:
        k.place_threat(engine, scheme, amount)
    engine.emit(Event("schemes", subject=enemy, player=player))
    k.resolve_pending(engine)


def enemy_attack(
    k: MarvelChampionsKernel, engine: Engine, enemy: int, player: int, *, with_boost: bool
) -> None:
    """G18, in its order: 1, the villain's boost card dealt face down; 2, a defender
    declared (a ready hero or ally, or none), and the responses to its defending resolved
    at once (MC-RESP-3); 3, the boost cards flipped; 4, damage. An attack on an identity
    that cannot be attacked by the enemy is not made (``may_attack``), nor one of an enemy
    that "cannot attack" it [ASSUMPTION: the rules do not say; it does nothing, it does
    not scheme instead]."""
    state = engine.state
    me = k.identity(engine, player)
    if me is None or not may_attack(engine, enemy, me):
        return  # (no attack: a stunned enemy keeps its stunned card, G49 "would attack")
    counters = state.cards[enemy].counters
    if counters.get("stunned_card"):
        del counters["stunned_card"]
        return
    # made on the player's identity (a defender, declared later, becomes the target):
    # "When your hero is attacked" is a condition of it, in its one window (MC-TRIG-2)
    engine.emit(Event("start:attack", player=player))
    k.resolve_pending(engine)
    about = Event("attacks", subject=enemy, player=player)
    attacked = Event("is_attacked", subject=me, player=player, obj=enemy)
    window = windows.interrupt_window(k, engine, about, attacked)
    if window.cancelled:
        return  # cancelled (S042): no boost card, no damage
    dealt = deal_boost(k, engine, player) if with_boost else []
    defender = declare_defender(k, engine, enemy, player, window.defended_by)
    if defender is not None:
        # a player defending another becomes the target of the attack (G39, S017)
        player = state.cards[defender].controller
        me = k.identity(engine, player)
        assert me is not None
    target = me if defender is None else defender
    state.data["attacker"], state.data["defender"] = enemy, target
    if defender is not None:
        engine.emit(Event("defends", subject=defender, player=player, obj=enemy))
        k.resolve_pending(engine)  # step 2 is done: its responses now (MC-RESP-3)
    if state.result is not None or state.cards[enemy].zone != "play":
        # [ASSUMPTION] the rules do not say: an attacker gone makes no attack; the boost
        # cards dealt for it are discarded unflipped
        discard_boost(k, engine, dealt)
        end_attack(k, engine)
        return
    amount = engine.stat(enemy, "atk") + flip_boost(k, engine, dealt, player)
    if defender == me and engine.rule("hero_defense_reduces", player=player):
        amount = max(0, amount - engine.stat(me, "def"))
    if state.cards[target].zone == "play":
        # [ASSUMPTION] a defender gone before the damage (a response to its defending)
        # still defended: the damage is dealt to no one (G18 step 4 names the defender)
        excess = max(0, amount - k.hit_points_left(engine, target))
        k.damage(engine, target, amount, enemy)
        if (
            excess > 0
            and defender is not None
            and defender != me
            and engine.has_keyword(enemy, "overkill")
        ):
            k.damage(engine, me, excess, enemy)  # K3: the excess goes to the hero
    k.check(engine)  # a defeated target is gone before "after it is attacked" (K8, D-12)
    engine.emit(Event("attacks", subject=enemy, player=player))
    # the character that took the attack was attacked: Retaliate on a hero or ally (K8)
    engine.emit(Event("is_attacked", subject=target, player=player, obj=enemy))
    k.resolve_pending(engine)
    end_attack(k, engine)


def declare_defender(
    k: MarvelChampionsKernel, engine: Engine, enemy: int, player: int, defended: int | None
) -> int | None:
    """G18 step 2: the identity a "(defense)" Interrupt made defend (``defended``:
    defended, nothing exhausts), else the defender the player picks among those that may
    (exhausted as it defends), or None for an undefended attack."""
    if defended is not None:
        return defended
    candidates = defenders(k, engine, player, enemy)
    labels = [f"defend with {engine.describe(u)}" for u in candidates]
    labels = [*placed(engine, candidates, labels), "no defender"]
    name = engine.definition(enemy).name
    (picked,) = engine.choose(player, "option", f"{name} attacks", [*candidates, None], labels)
    if picked >= len(candidates):
        return None
    engine.apply("exhaust", RULE, target=candidates[picked])
    return candidates[picked]


def end_attack(k: MarvelChampionsKernel, engine: Engine) -> None:
    engine.state.data.pop("attacker", None)
    engine.state.data.pop("defender", None)
    k.period_over(engine, "attack")  # "until the end of the attack" ends (MC-LAST-0)


def may_attack(engine: Engine, enemy: int, character: int) -> bool:
    """May the enemy attack the hero, alter-ego or ally? Not where card text forbids it
    ("This cannot be attacked.", "Your hero cannot be attacked by minions.": G05 step 4,
    read for that enemy; "This cannot attack." or "… cannot attack allies.", read for
    that character). [ASSUMPTION] The rules say who an enemy attacks (the player of
    the activation, G01, G18 step 4) but not what becomes of an attack its target cannot
    take: the attack is not made (no boost card, no defender, no damage; the activation
    was still heard), and a character that cannot be attacked by the enemy does not
    defend against it, since defending makes it take the attack (G18 step 4, G39)."""
    return (
        engine.permitted("be_attacked", character, enemy) is not False
        and engine.permitted("attack", enemy, character) is not False
    )


def attacks_in_text(ability: CompiledAbility) -> bool:
    """Is every choice the ability's text makes for a card acting ("the villain attacks a
    hero") the target of an attack? Then it is offered only characters the card may
    attack (``MarvelChampionsKernel.may_choose``); another ("the villain deals 2 damage to
    a hero") is not an attack."""
    acting = [
        node.action
        for node in ability.line.walk()
        if isinstance(node, ast.Clause)
        and node.subject is not None
        and isinstance(node.action.target, ast.Cards)
        and node.action.target.quantifier is not None
    ]
    return bool(acting) and all(a.verb == "primitive" and a.name == "attack" for a in acting)


def defenders(k: MarvelChampionsKernel, engine: Engine, player: int, enemy: int) -> list[int]:
    """Ready heroes and allies that may defend ``player`` against ``enemy``: their own,
    then (with ``defend_other_players``) the other players' in player order (G39, D-22);
    none that cannot be attacked by the enemy (``may_attack``) or "cannot defend"."""
    out: list[int] = []
    for who in k.players(engine):
        if who != player and not engine.rule("defend_other_players", player=player):
            continue
        me = k.identity(engine, who)
        mine = ([me] if me is not None and k.in_hero_form(engine, who) else []) + k.allies(
            engine, who
        )
        mine = [
            u
            for u in mine
            if "exhausted" not in engine.state.cards[u].states
            and may_attack(engine, enemy, u)
            and k.may(engine, u, "defend")
        ]
        out = mine + out if who == player else out + mine
    return out


def draw_encounter(k: MarvelChampionsKernel, engine: Engine) -> int | None:
    """The top encounter card (an empty deck is refilled first)."""
    deck = engine.state.shared.setdefault("encounter_deck", [])
    if not deck:
        refill(k, engine)
    return deck[-1] if deck else None


def refill(k: MarvelChampionsKernel, engine: Engine, searched: bool = False) -> None:
    """G53: the encounter discard pile is shuffled into a new deck and the main scheme
    gets an acceleration token. A search that went through the deck without finding
    its card ran the deck out (``searched``): the searched cards never left it (G43),
    the discard pile is shuffled in with them, and the search does not go on (S081)."""
    state = engine.state
    deck = state.shared.setdefault("encounter_deck", [])
    discard = state.shared.setdefault("encounter_discard", [])
    if (deck and not searched) or not discard:
        return
    for uid in list(discard):
        state.move(uid, "encounter_deck", shared=True)
        state.cards[uid].face_up = False
    state.rng.shuffle(deck)
    scheme = k.main_scheme(engine)
    tokens = int(engine.rule("encounter_deck_out_acceleration"))
    if scheme is not None and tokens > 0:
        engine.apply("add_counters", RULE, uid=scheme, counter="acceleration_token", amount=tokens)


def take_encounter(
    k: MarvelChampionsKernel, engine: Engine, zone: str, player: int | None
) -> int | None:
    """Take the top encounter card face down into ``zone``; the deck that runs out is
    refilled at once (S079)."""
    uid = draw_encounter(k, engine)
    if uid is None:
        return None
    if player is None:
        engine.state.move(uid, zone, shared=True)
    else:
        engine.state.move(uid, zone, player=player)
    engine.state.cards[uid].face_up = False
    if not engine.state.shared.get("encounter_deck"):
        refill(k, engine)
    return uid


def deal_encounter(k: MarvelChampionsKernel, engine: Engine, player: int) -> bool:
    return take_encounter(k, engine, "dealt", player) is not None


def labelled(engine: Engine, uid: int, name: str, player: int) -> None:
    """Resolve the card's "When Revealed:" or "When Defeated:" text for ``player``."""
    for ability in engine.definition(uid).abilities:
        label = ability.line.label
        if label is not None and label.name == name and isinstance(ability.node, ast.EffectAbility):
            engine.resolve(ability, uid, player)


def when_revealed(engine: Engine, uid: int, player: int) -> None:
    labelled(engine, uid, "when_revealed", player)


def attaches_itself(engine: Engine, uid: int) -> bool:
    """Does the attachment's own text say what it attaches to ("Attach to target
    minion")? Otherwise it attaches to the villain (MC-ATTACH-1)."""
    for ability in engine.definition(uid).abilities:
        effects = getattr(ability.node, "effects", None)
        for node in effects.walk() if effects is not None else ():
            if isinstance(node, ast.Action) and node.name == "attach":
                return True
    return False


def obligation_player(
    k: MarvelChampionsKernel, engine: Engine, uid: int, revealer: int
) -> int | None:
    """Who resolves an obligation: its hero's player; the revealer when its hero is in no
    one's hands (S074); None when its hero's player was eliminated."""
    hero = engine.definition(uid).get("owner")
    for player in range(len(engine.state.players)):
        if k.hero_of(engine, player) == hero:
            return None if engine.state.players[player].data.get("defeated") else player
    return revealer


def reveal(k: MarvelChampionsKernel, engine: Engine, uid: int, player: int) -> None:
    """MC-REVEAL: resolve the card by its type, then "After you reveal …" (``reveals``)
    is heard: Surge's own text ("after you reveal this, reveal the top card of the
    encounter deck") reveals one more once the surging card has resolved completely,
    a treachery in the discard pile (K4)."""
    before = k.revealers.get(uid)
    k.revealers[uid] = player
    try:
        resolve_revealed(k, engine, uid, player)
    finally:
        if before is None:
            k.revealers.pop(uid, None)
        else:
            k.revealers[uid] = before  # (a Surge card revealed again by its own Surge)


def resolve_revealed(k: MarvelChampionsKernel, engine: Engine, uid: int, player: int) -> None:
    state = engine.state
    card = state.cards[uid]
    card.face_up = True
    kind = engine.definition(uid).type
    if kind == "obligation":
        owner = obligation_player(k, engine, uid, player)
        if owner is None:  # its hero was eliminated: removed, another card instead (S073)
            state.move(uid, "removed", shared=True)
            engine.emit(Event("reveals", player=player, obj=uid))  # (its text ignored)
            k.resolve_pending(engine)
            extra = draw_encounter(k, engine)
            if extra is not None:
                reveal(k, engine, extra, player)
            return
        player = owner  # handed to its hero's player, who resolves it (S072)
        k.revealers[uid] = owner
    if kind == "minion":
        state.move(uid, "play", player=player)
    elif kind in ("side_scheme", "environment", "attachment"):
        state.move(uid, "play", shared=True)
        card.controller = player
        if kind == "side_scheme":
            threat = engine.stat(uid, "starting_threat") * max(1, len(state.players))
            k.place_threat(engine, uid, threat)
        if kind == "attachment" and not attaches_itself(engine, uid):
            card.attached_to = k.villain(engine)
    else:
        state.move(uid, "revealing", shared=True)
        card.controller = player
    # an Interrupt may cancel the card's effects; it still counts as revealed (MC2-T-060)
    effects = windows.interrupt(k, engine, Event("is_revealed", subject=uid, player=player))
    engine.emit(Event("is_revealed", subject=uid, player=player))
    if kind in ("minion", "side_scheme", "environment", "attachment"):
        engine.emit(Event("enters_play", subject=uid, player=player))
    if kind == "minion":  # it engages the player as it enters play (G70): Quickstrike hears it
        engine.emit(Event("engages", subject=uid, player=player))
    if effects:
        when_revealed(engine, uid, player)
    if kind == "attachment" and card.zone == "play" and card.attached_to is None:
        k.to_discard(engine, uid)  # nothing to attach to (MC2-T-043)
    k.resolve_pending(engine)
    # the reveal is complete: heard while the card is still where it was revealed (its
    # own "after you reveal this" hears it), settled once a treachery is discarded
    engine.emit(Event("reveals", player=player, obj=uid))
    if card.zone == "revealing":
        k.to_discard(engine, uid)
    k.resolve_pending(engine)
