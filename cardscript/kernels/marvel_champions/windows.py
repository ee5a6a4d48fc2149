"""Marvel Champions: interrupt and response windows (G20, MC-RESP, MC-FORCED, MC-CANCEL).

Before something happens the kernel opens an interrupt window (``interrupt``): Forced
Interrupts resolve first, in an order the first player picks when there are several;
then each player in player order may use one Interrupt (from a card in play, or an event
from hand, paying its cost) or pass, until every player has passed in a row. An effect
that cancels what is about to happen closes the window: nobody else may interrupt it
(S042). After something happened (``respond``, run wherever triggers are settled) the
same goes for Forced Responses and Responses. Abilities without such a label (keywords,
constant triggers) are forced and resolve after the fact, as before.

Hero / Alter-Ego labels need that form (G38); an event's ability only works from hand and
a card in play's only from play (MC-INPLAY-6/7).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter import cost_x, effects
from cardscript.interpreter.engine import Event
from cardscript.interpreter.events import PendingTrigger
from cardscript.interpreter.triggers import (
    ability_matches,
    in_chosen_order,
    matching_triggers,
    trigger_labels,
)

if TYPE_CHECKING:
    from cardscript.grammar.registry import Registry
    from cardscript.interpreter.cards import CardPool, CompiledAbility
    from cardscript.interpreter.engine import Engine
    from cardscript.kernels.marvel_champions.base import MCBase

RESPONSES = frozenset({"response", "hero_response", "alter_ego_response"})
FORCED_INTERRUPT = "forced_interrupt"  # resolved first, offered to nobody (MC-FORCED-2)


def kind(ability: CompiledAbility) -> str:
    label = ability.line.label
    return label.name if label is not None else ""


@dataclass
class Window:
    """One open interrupt window: what is about to happen, and whether it was cancelled."""

    event: Event
    cancelled: bool = False
    defended_by: int | None = None  # a "(defense)" Interrupt made this identity defend


@dataclass(frozen=True)
class Offer:
    """An optional ability a player may use in a window."""

    uid: int
    ability: CompiledAbility
    event: Event
    player: int
    from_hand: bool


@dataclass
class Listeners:
    """The labels that resolve before their event (the registry's ``before_event``: the
    Interrupts, G20), those of them offered to a player, and the event names some card of
    the pool interrupts or responds to (a fast skip)."""

    labels_before: frozenset[str] = frozenset()
    interrupts: frozenset[str] = frozenset()  # (all but the Forced Interrupt)
    before: frozenset[str] = frozenset()
    after_optional: frozenset[str] = frozenset()
    seen: dict[int, frozenset[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, pool: CardPool, registry: Registry) -> Listeners:
        labels = frozenset(t.id for t in registry.terms("LABEL") if t.before_event)
        before: set[str] = set()
        after: set[str] = set()
        for card in pool.cards.values():
            for ability in card.abilities:
                node = ability.node
                if not isinstance(node, ast.Triggered) or node.event.event is None:
                    continue
                if kind(ability) in labels:
                    before.add(node.event.event)
                elif kind(ability) in RESPONSES:
                    after.add(node.event.event)
        return cls(labels, labels - {FORCED_INTERRUPT}, frozenset(before), frozenset(after))


def replaces(ability: CompiledAbility) -> bool:
    """Does the Interrupt end "… instead" with no condition ("When this would leave play,
    return it to your hand instead."): its text takes the place of its event (G35), which
    does not happen, and no further interrupt to it is played (G20)?"""
    node = ability.node
    if not isinstance(node, ast.Triggered):
        return False
    last = node.effects.steps[-1]
    return isinstance(last, ast.Clause) and last.instead


def form_ok(k: MCBase, engine: Engine, player: int, ability: CompiledAbility) -> bool:
    """Hero / alter-ego labels need that form (G38)."""
    name = kind(ability)
    if name.startswith("hero_"):
        return k.in_hero_form(engine, player)
    if name.startswith("alter_ego_"):
        return not k.in_hero_form(engine, player)
    return True


def qualified(ability: CompiledAbility, what: str) -> bool:
    """Does the label say "(what)": "(attack)", "(thwart)", "(defense)" (G05, G39, G44)?"""
    label = ability.line.label
    return label is not None and any(q.split(":")[-1] == what for q in label.qualifier)


# what an "(attack)", "(thwart)" or "(defense)" ability is for its character (G05, G44,
# G39): the permission card text may take away ("Your hero cannot attack.")
_ACTS = {"attack": "attack", "thwart": "thwart", "defense": "defend"}


def acting(k: MCBase, engine: Engine, player: int, uid: int, what: str) -> int | None:
    """Who attacks or thwarts by an "(attack)" / "(thwart)" ability: the ally whose
    ability it is, else the player's identity (a defense is always the identity's, G39)."""
    if what != "defense" and engine.card_type(uid) == "ally":
        return uid
    return k.identity(engine, player)


def acting_allowed(
    k: MCBase, engine: Engine, player: int, uid: int, ability: CompiledAbility
) -> bool:
    """May the character act as the ability's qualifier says: the ally whose ability it is,
    else the player's identity (a defense is always the identity's, G39)? Not where card
    text forbids it: then the ability is not offered (G74 "cannot" is absolute)."""
    for what, permission in _ACTS.items():
        if qualified(ability, what):
            actor = acting(k, engine, player, uid, what)
            if actor is None:
                continue
            if what == "attack":  # (asked of each enemy: "… cannot attack minions")
                if not k.may_attack_some(engine, actor, player):
                    return False
            elif not k.may(engine, actor, permission):
                return False
    return True


def interrupt(k: MCBase, engine: Engine, event: Event, *also: Event) -> bool:
    """Open an interrupt window before ``event``; False if it was cancelled."""
    return not interrupt_window(k, engine, event, *also).cancelled


def interrupt_window(k: MCBase, engine: Engine, event: Event, *also: Event) -> Window:
    """The interrupt window before ``event``, as it closed. ``also``: the other triggering
    conditions of the same occurrence (an attack on several enemies attacks each): they
    share this one window (MC-TRIG-2), an ability usable once for each it matches (G20),
    save one whose effect lasts for the attack, once (``for_the_attack``)."""
    window = Window(event)
    listeners = k.listeners(engine)
    events = [event, *also]
    if engine.state.result is not None or all(e.name not in listeners.before for e in events):
        return window
    k.windows.append(window)
    try:
        labels, interrupts = listeners.labels_before, listeners.interrupts
        found = [
            t for e in events for t in matching_triggers(engine, e) if kind(t.ability) in labels
        ]
        forced = [t for t in found if kind(t.ability) == FORCED_INTERRUPT]
        resolve_forced(k, engine, forced, window)
        offers = [
            Offer(t.source, t.ability, t.event, t.controller, False)
            for t in found
            if kind(t.ability) in interrupts
        ]
        offers += hand_offers(k, engine, events, interrupts)
        offer(k, engine, offers, window)
    finally:
        k.windows.pop()
    return window


def cancel(k: MCBase, revealed: int | None = None) -> bool:
    """Cancel what the innermost open window is about to do (MC-CANCEL); with a card
    being revealed, its When Revealed, whichever window is innermost (S050)."""
    found = [w for w in k.windows if revealed is not None and _reveals(w, revealed)] or k.windows
    if not found:
        return False
    found[-1].cancelled = True
    return True


def _reveals(window: Window, uid: int) -> bool:
    return window.event.name == "is_revealed" and window.event.subject == uid


def revealing(k: MCBase, uid: int) -> bool:
    """Is the card being revealed, its When Revealed not yet resolved?"""
    return any(_reveals(w, uid) for w in k.windows)


def respond(k: MCBase, engine: Engine) -> None:
    """Settle what triggered: Forced Responses first, then a response window."""
    before = k.listeners(engine).labels_before  # (heard before the event, settled there)
    for _ in range(50):
        pending = [t for t in engine.take_pending() if kind(t.ability) not in before]
        heard, k.heard = k.heard, []
        forced = [t for t in pending if kind(t.ability) not in RESPONSES]
        offers = [
            Offer(t.source, t.ability, t.event, t.controller, False)
            for t in pending
            if kind(t.ability) in RESPONSES
        ]
        offers += heard
        if not forced and not offers:
            return
        resolve_forced(k, engine, forced)
        offer(k, engine, offers, None)
        if engine.state.result is not None:
            return


def resolve_forced(
    k: MCBase, engine: Engine, forced: list[PendingTrigger], window: Window | None = None
) -> None:
    """Forced abilities in player order; several at once: the first player orders them
    (MC2-T-004, MC2-T-047). One that replaces its event closes the ``window``."""
    if not forced:
        return
    order = k.players(engine) or [0]
    prompt = "order the forced abilities"
    for trigger in in_chosen_order(engine, forced, order, prompt, orderer=order[0]):
        if engine.state.result is not None or (window is not None and window.cancelled):
            return
        engine.loop_guard(trigger)
        engine.resolve(trigger.ability, trigger.source, trigger.controller, trigger.event)
        if window is not None and replaces(trigger.ability):
            window.cancelled = True


def hand_offers(
    k: MCBase, engine: Engine, events: list[Event], kinds: frozenset[str]
) -> list[Offer]:
    """Events in hand whose Interrupt or Response matches one of ``events``."""
    out: list[Offer] = []
    state = engine.state
    for event in events:
        key = ("event", event.name)
        for player in k.players(engine):
            for uid in state.players[player].zones.get("hand", ()):
                definition = engine.definition(uid)
                if definition.type != "event":
                    continue
                for ability in definition.play_index.get(key, ()):
                    if kind(ability) in kinds and ability_matches(
                        engine, event, uid, ability, player
                    ):
                        out.append(Offer(uid, ability, event, player, True))
    return out


def may_act(engine: Engine, player: int) -> bool:
    """Peril (K7) turns table talk off while its card resolves: only the player resolving
    it may play cards or use abilities (S098, MC2-T-054)."""
    if engine.rule("table_talk", player=player):
        return True
    state = engine.state
    return any(state.cards[u].controller == player for u in state.shared.get("revealing", ()))


def usable(k: MCBase, engine: Engine, o: Offer) -> bool:
    """May the player use the offered ability now: from where it works, in their form,
    within its limits, its costs payable (G46 step 4)?"""
    from cardscript.kernels.marvel_champions.resources import costs_payable, payable

    card = engine.state.cards[o.uid]
    if engine.state.players[o.player].data.get("defeated") or not may_act(engine, o.player):
        return False
    if o.from_hand:
        if card.zone != "hand" or card.controller != o.player:
            return False
        if not payable(engine, o.player, o.uid):
            return False
    elif card.zone != "play":
        return False
    return (
        form_ok(k, engine, o.player, o.ability)
        and acting_allowed(k, engine, o.player, o.uid, o.ability)
        and engine.within_limits(o.ability, o.uid)
        and costs_payable(engine, o.player, o.uid, o.ability)
    )


def offer(k: MCBase, engine: Engine, offers: list[Offer], window: Window | None) -> None:
    """Players in player order use one optional ability each or pass; the window closes
    when all have passed in a row (MC2-T-050) or what it is for was cancelled."""
    order = k.players(engine)
    if not offers or not order:
        return
    passes, turn = 0, 0
    told: dict[int, str] = {}  # each offer's label, made when first asked
    while offers and passes < len(order) and engine.state.result is None:
        if window is not None and window.cancelled:
            return
        player = order[turn % len(order)]
        turn += 1
        mine = [o for o in offers if o.player == player and usable(k, engine, o)]
        if not mine:
            passes += 1
            continue
        if not told:  # one ability heard twice (an attack on two enemies) says which, always
            heard = [PendingTrigger(o.ability, o.uid, o.player, o.event) for o in offers]
            told = dict(zip(map(id, offers), trigger_labels(engine, heard), strict=True))
        labels = ["pass", *(told[id(o)] for o in mine)]
        what = "interrupt" if window is not None else "respond to"
        (picked,) = engine.choose(
            player, "option", f"{what} {o_name(mine[0])}?", [None, *mine], labels
        )
        if picked == 0:
            passes += 1
            continue
        passes = 0
        chosen = mine[picked - 1]
        offers.remove(chosen)
        if window is not None and for_the_attack(chosen.ability):  # (its other enemies')
            offers = [o for o in offers if o.uid != chosen.uid or o.ability is not chosen.ability]
        if window is not None and qualified(chosen.ability, "defense"):
            window.defended_by = k.identity(engine, chosen.player)  # defended (S020)
        use(k, engine, chosen)
        if window is not None and replaces(chosen.ability):
            window.cancelled = True


def for_the_attack(ability: CompiledAbility) -> bool:
    """Does the ability's effect last for the attack ("until the end of the attack")? It
    changes the attack, which is one however many enemies it is on (G05 bullet 3): used
    for one enemy attacked, it is not offered again for another in the same window, as
    an ability answering each enemy is (MC-TRIG-2, MC-AK2)."""
    return any(
        isinstance(node, ast.Duration) and node.phase.phase == "attack"
        for node in ability.line.walk()
    )


def pay_costs(
    engine: Engine, uid: int, ability: CompiledAbility, player: int, event: Event | None = None
) -> Mapping[str, int] | None:
    """Pay the ability's costs, its payer choosing any X first (``cost_x``), in full
    (``effects.pay_costs``): the X chosen ({} for none), or None where they were not."""
    costs = getattr(ability.node, "costs", None)
    if costs is None:
        return {}
    ctx = engine.context(uid, ability, player, event)
    chosen = cost_x.bind(ctx, ability.node)
    if chosen is None:
        return None
    return chosen if effects.pay_costs(ctx, ability) else None


def o_name(o: Offer) -> str:
    return o.event.name.replace("_", " ")


def use(k: MCBase, engine: Engine, o: Offer) -> None:
    """Use an optional ability: an event is paid for and played from hand (MC-PLAY)."""
    from cardscript.kernels.marvel_champions.resources import pay

    state = engine.state
    if o.from_hand:
        if not pay(engine, o.player, o.uid, engine.stat(o.uid, "cost")):
            return
        state.move(o.uid, "resolving", player=o.player)
        engine.emit(Event("plays", player=o.player, obj=o.uid))
    chosen = pay_costs(engine, o.uid, o.ability, o.player, o.event)
    if chosen is not None:
        engine.resolve(o.ability, o.uid, o.player, o.event, pay=False, chosen_x=chosen)
    if o.from_hand and state.cards[o.uid].zone == "resolving":
        k.to_discard(engine, o.uid)
