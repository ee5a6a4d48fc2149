"""VS System's chain and priority (spec vs-system.md §8).

Recruits, plot twists, payment powers, power-ups (A16) and triggered powers go on the
chain. Their costs are paid (recruit points spent, a plot twist to the KO'd pile or face
up, a power-up's card discarded) when they are added; their effects run when they resolve
(a recruited card waits in the ``chain`` zone and enters play then). A triggered power
goes on the chain by itself before the next player gets priority (A6): the pending ones
in initiative order, each controller ordering their own when several trigger together.
Targets are chosen when a link is added ("Target character gets +1 ATK" names its target
as it is played, §10) and only those still legal are affected when it resolves.

A window: the priority holder adds an effect (or takes a special action: placing a
resource, recruiting, flipping a location, declaring an attack) and keeps priority, or
passes to the next player; when every player has passed in a row the newest link
resolves and priority goes to the player performing the step (the initiative player
outside steps); when every player passes with an empty chain the window closes and the
step or phase ends (§8.3, [REC] 6).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter import cost_x
from cardscript.interpreter.agents import Labels
from cardscript.interpreter.apart import placed
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, Event, PendingTrigger
from cardscript.interpreter.select import Seat, Target
from cardscript.interpreter.triggers import one_at_a_time, told_apart

if TYPE_CHECKING:
    from cardscript.kernels.vs_system.actions import ActionsKernel

MAX_ROUNDS = 60
CHAIN_KINDS = ("plot_twist", "activate", "power_up")


def links(engine: Engine) -> list[dict[str, Any]]:
    chain: list[dict[str, Any]] = engine.state.data.setdefault("chain", [])
    return chain


def _effects(engine: Engine, uid: int) -> list[CompiledAbility]:
    """A plot twist's one-shot abilities (its Ongoing text is not played)."""
    out = []
    for ability in engine.definition(uid).abilities:
        label = ability.line.label
        ongoing = label is not None and label.name == "ongoing"
        if isinstance(ability.node, ast.EffectAbility) and not ongoing:
            out.append(ability)
    return out


def _encode(chosen: dict[int, list[Target]]) -> dict[str, list[list[Any]]]:
    """Targets kept in the (JSON-like) game state: ["card", uid] or ["player", index]."""
    return {
        str(offset): [["player", t.index] if isinstance(t, Seat) else ["card", t] for t in targets]
        for offset, targets in chosen.items()
    }


def _decode(kept: dict[str, list[list[Any]]]) -> dict[int, list[Target]]:
    return {
        int(offset): [Seat(v) if k == "player" else int(v) for k, v in targets]
        for offset, targets in kept.items()
    }


def _event_out(event: Event) -> dict[str, Any]:
    """The event a triggered power answers, kept in the state ("it" is its subject)."""
    return {
        "name": event.name,
        "subject": event.subject,
        "player": event.player,
        "obj": event.obj,
        "amount": event.amount,
        "source": event.source,
        "data": [list(pair) for pair in event.data],
    }


def _event_in(kept: dict[str, Any]) -> Event:
    return Event(
        name=kept["name"],
        subject=kept["subject"],
        player=kept["player"],
        obj=kept["obj"],
        amount=kept["amount"],
        source=kept["source"],
        data=tuple((k, v) for k, v in kept["data"]),
    )


def _targets(
    engine: Engine,
    kernel: ActionsKernel,
    ability: CompiledAbility,
    uid: int,
    player: int,
    event: Event | None = None,
) -> dict[str, list[list[Any]]]:
    """The targets chosen as a link is added (``Engine.choose_targets``), encoded; an
    ability found once to have none is not searched again (in this game's pool)."""
    untargeted = kernel.untargeted
    if ability.key in untargeted:
        return {}
    chosen = engine.choose_targets(ability, uid, player, event)
    if not chosen:
        untargeted.add(ability.key)
    return _encode(chosen)


def add_twist(engine: Engine, kernel: ActionsKernel, player: int, uid: int) -> None:
    targets = {
        str(a.index): _targets(engine, kernel, a, uid, player) for a in _effects(engine, uid)
    }
    links(engine).append({"kind": "plot_twist", "uid": uid, "player": player, "targets": targets})


def add_power(
    engine: Engine, kernel: ActionsKernel, player: int, uid: int, ability: CompiledAbility
) -> bool:
    """Pay the power's costs now; its effects wait on the chain, with the X its payer
    chose (``cost_x``)."""
    from cardscript.interpreter.effects import pay_costs

    costs = getattr(ability.node, "costs", None)
    chosen: Mapping[str, int] = {}
    if costs is not None:
        ctx = engine.context(uid, ability, player)
        found = cost_x.bind(ctx, ability.node)
        if found is None:
            return False
        chosen = found
        if not pay_costs(ctx, ability):
            return False
    targets = {str(ability.index): _targets(engine, kernel, ability, uid, player)}
    link: dict[str, Any] = {
        "kind": "activate",
        "uid": uid,
        "player": player,
        "index": ability.index,
        "targets": targets,
    }
    if chosen:  # (only then: the links of every other power stay as they were)
        link["x"] = dict(chosen)
    links(engine).append(link)
    return True


def push_triggers(engine: Engine, kernel: ActionsKernel) -> bool:
    """A6: the triggered powers waiting go on the chain, in initiative order; a player
    with several orders them. Returns whether any went on."""
    if not engine.pending:
        return False  # most often: asked after every action
    pending = engine.take_pending()
    prompt = "which triggered power goes on the chain first?"
    for trigger in one_at_a_time(engine, pending, kernel.order(engine), prompt, _power_labels):
        player = trigger.controller
        chosen = _targets(engine, kernel, trigger.ability, trigger.source, player, trigger.event)
        links(engine).append(
            {
                "kind": "trigger",
                "uid": trigger.source,
                "player": player,
                "index": trigger.ability.index,
                "targets": {str(trigger.ability.index): chosen},
                "event": _event_out(trigger.event),
            }
        )
        engine.happened("triggers", subject=trigger.source, player=player)
    return True


def _power_labels(engine: Engine, triggers: Sequence[PendingTrigger]) -> list[str]:
    """A triggered power as its controller picks it: its card and where its text is, and
    what it heard where two would read the same (``told_apart``)."""
    plain = [f"{engine.describe(t.source)} at {t.ability.where}" for t in triggers]
    return told_apart(engine, triggers, plain)


def cancel(engine: Engine, cause: Cause, uid: int) -> bool:
    """Card text cancels the newest link of the card ``uid`` (§8.2): it leaves the chain
    unresolved, its cost still paid; a recruited card waiting on it goes to its owner's
    KO'd pile."""
    chain = links(engine)
    for index in range(len(chain) - 1, -1, -1):
        link = chain[index]
        if link["uid"] != uid:
            continue
        del chain[index]
        card = engine.state.cards[uid]
        if link["kind"] == "recruit" and card.zone == "chain":
            engine.apply("move", cause, uid=uid, zone="ko_pile", player=card.owner)
        engine.happened("cancelled", subject=uid, player=link["player"])
        return True
    return False


def resolve_top(engine: Engine, kernel: ActionsKernel) -> None:
    link = links(engine).pop()
    uid, player, targets = link["uid"], link["player"], link["targets"]
    if link["kind"] == "power_up":
        kernel.resolve_power_up(engine, uid)
    elif link["kind"] == "recruit":
        kernel.enter_play(engine, link)
    elif link["kind"] == "plot_twist":
        for ability in _effects(engine, uid):
            engine.resolve(
                ability, uid, player, targets=_decode(targets.get(str(ability.index), {}))
            )
    else:
        index = link["index"]
        # printed, or gained in play (a keyword's, a power lent): found by its key
        power = engine.pool.ability(f"{engine.state.cards[uid].card_id}#{index}")
        assert power is not None
        chosen = _decode(targets.get(str(index), {}))
        if link["kind"] == "trigger":
            event = _event_in(link["event"])
            engine.loop_guard(PendingTrigger(power, uid, player, event))
            engine.resolve(power, uid, player, event, targets=chosen)
        else:
            x = link.get("x")
            engine.resolve(power, uid, player, pay=False, targets=chosen, chosen_x=x)
    push_triggers(engine, kernel)


@contextmanager
def own_windows(engine: Engine) -> Iterator[None]:
    """A special action with windows of its own (an attack, §7.3) runs them even inside
    the step's window: it starts with an empty chain and its links resolve within it."""
    data = engine.state.data
    outer = data.get("in_window", False)
    data["in_window"] = False
    try:
        yield
    finally:
        data["in_window"] = outer


def _labels(engine: Engine, kernel: ActionsKernel, options: list[tuple[str, Any]]) -> Labels:
    """The labels of a priority's options, built only if someone reads them; two that
    would read the same ("move Vex Trooper [support_row]") say where each card is."""
    return Labels(
        lambda: placed(
            engine,
            [None, *(_cards_of(k, w) for k, w in options)],
            ["pass", *(kernel.option_label(engine, k, w) for k, w in options)],
        )
    )


def _cards_of(kind: str, what: Any) -> Any:
    """The cards a priority option is about: an attack's attackers and defender."""
    if kind == "attack":
        attackers, defender = what
        return (*attackers, defender)
    return what


def window(engine: Engine, kernel: ActionsKernel, first: int, step: bool = False) -> None:
    """Priority from ``first`` until the chain is empty and everyone has passed in a
    row; ``step``: the window of a step, where its player's special actions are offered.
    Inside a window a new link simply waits on top of the chain."""
    state = engine.state
    data = state.data
    if data.get("in_window"):
        return  # the outer window goes on with the new link on top
    data["in_window"] = True
    n = len(state.players)
    holder, passes = first, 0
    specials = 0 if step else kernel.max_actions
    offered, choose = kernel.priority_options, engine.choose  # asked every round
    try:
        for _ in range(MAX_ROUNDS * n):
            if state.result is not None:
                break
            empty = not data.get("chain")  # links(), without making the list
            options = offered(engine, holder, empty, specials)
            picked = 0
            if options:
                (picked,) = choose(  # a tuple: the decision keeps it as it is
                    holder, "action", "priority", (None, *options), _labels(engine, kernel, options)
                )
            if picked == 0:
                passes += 1
                if passes < n:
                    holder = (holder + 1) % n
                    continue
                if empty:
                    break
                resolve_top(engine, kernel)
                passes = 0
                holder = kernel.priority_player(engine)
                continue
            kind, what = options[picked - 1]
            try:
                if kind in CHAIN_KINDS:
                    kernel.add(engine, holder, kind, what)
                else:
                    specials += 1
                    kernel.special(engine, holder, kind, what)
                    push_triggers(engine, kernel)
            except ValueError:  # a cost the check above missed: counts as a pass
                passes += 1
                holder = (holder + 1) % n
                continue
            passes = 0
        while data.get("chain") and state.result is None:
            resolve_top(engine, kernel)  # the round limit: the rest resolves in order
    finally:
        data["in_window"] = False
        engine.chain_done()
