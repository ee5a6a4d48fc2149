"""The actions of card text, one per verb: each becomes primitive calls on the engine
(``Engine.apply``) with the cause of the text. An action is made for one clause
(``effects.action_of``): the frequent ones work out what their clause says once."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter import cost_cards, cost_resources
from cardscript.interpreter.causes import cause_of
from cardscript.interpreter.context import fixed_amount
from cardscript.interpreter.discard_from import discarded
from cardscript.interpreter.lasting_steps import (
    abilities_lost,
    become,
    get,
    grant,
    keywords,
    lasting,
    permission,
    set_stat,
)
from cardscript.interpreter.prevent_step import prevent
from cardscript.interpreter.select import (
    Context,
    Seat,
    Target,
    _opponents_of,
    card_plan,
    chosen_cards,
    own_zone_player,
    resolve_targets,
    uids,
    zone_place,
)
from cardscript.interpreter.step_plans import Run

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.events import Cause
    from cardscript.interpreter.kernel import Kernel


Action = Callable[[Context, ast.Clause], None]  # an action run with its clause


def _as_written(action: Action) -> Callable[[ast.Clause], Run]:
    """An action with nothing worked out before it runs: it reads its clause each time."""

    def make(clause: ast.Clause) -> Run:
        def run(ctx: Context) -> None:
            action(ctx, clause)

        return run

    return make


def _amount(action: ast.Action) -> tuple[ast.Amount | None, int | None]:
    """An action's amount, and its number where it needs no context (``fixed_amount``):
    ``ctx.amount(node) if fixed is None else fixed`` as the action runs."""
    return action.amount, fixed_amount(action.amount)


# ---- one function per action ------------------------------------------------------------


def _deal(clause: ast.Clause) -> Run:
    action = clause.action
    node, fixed = _amount(action)
    target, kind = action.target, action.name
    marks = tuple(q.value for q in action.qualities)  # (the damage's qualities)

    def deal(ctx: Context) -> None:
        amount = ctx.amount(node) if fixed is None else fixed
        targets = (
            resolve_targets(ctx, target, "deal damage to")
            if target
            else [Seat(p) for p in _opponents_of(ctx.controller, len(ctx.engine.state.players))]
        )
        engine, cause = ctx.engine, ctx.cause or cause_of(ctx)
        done = deal_to(engine, cause, ctx.source, targets, amount, kind, marks)
        ctx.it, ctx.last_amount = _changed(targets, done), amount
        if target is not None and not ctx.it:
            ctx.did = False  # "deal 1 wound to target creature" with none to choose: not done

    return deal


def deal_to(
    engine: Engine,
    cause: Cause,
    source: int | None,
    targets: Sequence[Target],
    amount: int,
    kind: str | None,
    marks: tuple[str, ...],
) -> list[Any]:
    """A "deal" step's damage to each of ``targets`` (what each change returned), then
    the kernel's check of the targets dealt damage (``after_change``)."""
    done = []
    for each in targets:  # (``applier`` once per change: it counts the change)
        hit = engine.applier("deal_damage", cause)
        dealt = hit(
            engine, cause, target=each, amount=amount, kind=kind, source=source, qualities=marks
        )
        done.append(dealt)
    if any(done):  # (the targets dealt damage: checked at once, ``after_change``)
        dealt_to = [t for t, d in zip(targets, done, strict=True) if d]
        engine.kernel.after_change(engine, dealt_to)
    return done


def _heal(clause: ast.Clause) -> Run:
    action = clause.action
    node, fixed = _amount(action)
    target, kind = action.target, action.name
    # "… beyond its maximum hit points" (G57, S118): said to the primitive only then
    beyond = {"beyond": True} if action.beyond is not None else {}

    def heal(ctx: Context) -> None:
        targets = resolve_targets(ctx, target, "heal") if target else [Seat(ctx.controller)]
        amount = ctx.amount(node) if fixed is None else fixed
        engine, cause = ctx.engine, ctx.cause or cause_of(ctx)
        apply = engine.applier("heal", cause)
        done = [
            apply(engine, cause, target=each, amount=amount, kind=kind, **beyond)
            for each in targets
        ]
        ctx.it, ctx.last_amount = _changed(targets, done), amount
        ctx.did = bool(ctx.it)
        if ctx.it:
            engine.kernel.after_change(engine, ctx.it)

    return heal


def _any_done(results: list[object]) -> bool:
    """Did a step's changes happen? A change the kernel refuses returns False (a card that
    cannot be healed), so "if you do" after it does not run."""
    return any(result is not False for result in results)


def _changed(targets: Sequence[Target], results: list[object]) -> list[Target]:
    """ "It" after a step: its targets whose change the kernel did not refuse (the
    primitive returned False: a card that cannot be healed, one already exhausted), as
    after a move; "did" is whether there are any."""
    return [each for each, result in zip(targets, results, strict=True) if result is not False]


def _draw(ctx: Context, clause: ast.Clause) -> None:
    amount = ctx.amount(clause.action.amount)
    ctx.last_amount = amount
    ctx.engine.apply("draw", cause_of(ctx), player=ctx.controller, count=amount)


def _discard(ctx: Context, clause: ast.Clause) -> None:
    kernel = ctx.engine.kernel
    target = discarded(clause.action.target, kernel.hand_zone)  # "a card": from the hand
    counted = cost_cards.counted(clause.action)
    paid = cost_cards.paid(ctx, clause, counted) if counted is not None else None
    if paid is None:
        # a card already in a discard pile cannot be discarded: "discard this" as a cost
        # after the card left play is not paid (MC G46, S048)
        found = uids(resolve_targets(ctx, target, "discard"))
        chosen = [u for u in found if not kernel.discarded(ctx.engine, u)]
    else:
        chosen = paid  # a cost counted in cards: in full, or nothing
    q = target.quantifier if isinstance(target, ast.Cards) else None
    asked = ctx.amount(q.count) if q is not None and q.kind in _NUMBERED else 1
    done = [ctx.engine.apply("discard", cause_of(ctx), uid=uid) for uid in chosen]
    ctx.it = _changed(chosen, done)
    ctx.did = len(ctx.it) >= asked  # "discard 2 cards" with 1 card did not happen in full


# the quantifiers whose number says how many cards a discard takes ("2 random cards")
_NUMBERED = frozenset({"n_cards", "n_targets", "random"})


def _resource(change: str) -> Callable[[ast.Clause], Run]:
    def make(clause: ast.Clause) -> Run:
        (node, fixed), name = _amount(clause.action), clause.action.name
        paying = change == "pay"  # (a cost step: the later ones are kept payable)

        def run(ctx: Context) -> None:
            amount = ctx.amount(node) if fixed is None else fixed
            engine = ctx.engine
            resource = name or engine.kernel.default_resource
            cause = ctx.cause or cause_of(ctx)
            apply = engine.applier(change, cause)
            if paying:
                apply = cost_resources.keeping(ctx, clause, apply)
            done = apply(engine, cause, player=ctx.controller, resource=resource, amount=amount)
            ctx.did = done is not False
            ctx.last_amount = amount

        return run

    return make


def _gain_control(ctx: Context, clause: ast.Clause) -> None:
    chosen = uids(resolve_targets(ctx, clause.action.target, "take control of"))
    apply, cause = ctx.engine.apply, cause_of(ctx)
    taken = [
        u for u in chosen if apply("gain_control", cause, uid=u, player=ctx.controller) is not False
    ]
    if clause.duration is not None:  # "until the end of the turn": the kernel ends it
        lasting(ctx, clause, {"kind": "control", "player": ctx.controller}, taken)
    ctx.it, ctx.did = list(taken), bool(taken)


def _move(clause: ast.Clause) -> Run:
    action = clause.action
    destination, target = action.destination, action.target
    prompt, position, face = move_terms(action)
    plan = card_plan(target) if isinstance(target, ast.Cards) else None
    # "to your hand": ``zone_place``'s answer read in place (the controller's zone)
    yours = destination is not None and destination.zone.possessor == "your"
    counted = cost_cards.counted(action)  # "put a card from your hand into your soul"

    def move(ctx: Context) -> None:
        assert destination is not None
        place = destination.zone
        zone, owner = (place.zone, ctx.controller) if yours else zone_place(ctx, place)
        paid = None if counted is None else cost_cards.paid(ctx, clause, counted, prompt)
        chosen = (
            paid  # a cost counted in cards: in full, or nothing
            if paid is not None
            else uids(resolve_targets(ctx, target, prompt))
            if plan is None
            else chosen_cards(ctx, plan, prompt)  # (uids only)
        )
        engine, cause = ctx.engine, ctx.cause or cause_of(ctx)
        done = []  # "it" after: the cards moved, not one the kernel left where it was
        for uid in chosen:
            player = own_zone_player(ctx, place, uid, owner)
            moved = engine.applier("move", cause)(
                engine, cause, uid=uid, zone=zone, player=player, position=position, face_up=face
            )
            done.append(moved)
        ctx.it = _changed(chosen, done)
        ctx.did = bool(ctx.it)

    return move


def move_terms(action: ast.Action) -> tuple[str, int | None, bool | None]:
    """A move's prompt, place in the zone (the bottom: 0) and face, worked out where
    written (a clause that never runs raises nothing)."""
    destination = action.destination
    prompt = f"{action.word} to {destination.zone.zone}" if destination else ""
    position = 0 if destination and destination.placement == "at the bottom of" else None
    face = (
        None if destination is None or destination.face is None else destination.face == "face up"
    )
    return prompt, position, face


def _counters(change: str) -> Callable[[Context, ast.Clause], None]:
    paying = change == "remove_counters"  # (a cost step: the later ones are kept payable)

    def run(ctx: Context, clause: ast.Clause) -> None:
        amount, apply = ctx.amount(clause.action.amount), ctx.engine.apply
        found = uids(resolve_targets(ctx, clause.action.target, change))
        with cost_resources.telling(ctx, clause) if paying else nullcontext():
            done = [
                apply(change, cause_of(ctx), uid=uid, counter=clause.action.name, amount=amount)
                for uid in found
            ]
        # "it": the cards whose counters changed ("remove 3 threat from target scheme. If
        # it was defeated this turn, …"), checked at once (``Kernel.after_change``)
        ctx.it = _changed(found, done)
        ctx.last_amount, ctx.did = amount, bool(ctx.it)
        if ctx.it:
            ctx.engine.kernel.after_change(ctx.engine, ctx.it)

    return run


def _move_counters(ctx: Context, clause: ast.Clause) -> None:
    action = clause.action
    amount = ctx.amount(action.amount)
    sources = uids(resolve_targets(ctx, action.source, "move counters from"))
    targets = uids(resolve_targets(ctx, action.target, "move counters to"))
    if not sources or not targets or sources[0] == targets[0]:
        ctx.did = False  # moving to where they already are moves nothing (MC2-T-015)
        return
    counter = action.name or ""
    moved = min(amount, ctx.engine.state.cards[sources[0]].counters.get(counter, 0))
    room = ctx.engine.kernel.counter_room(ctx.engine, targets[0], counter)
    if room is not None and room < moved:
        moved = room  # asked first: what the destination may not receive stays where it is
    if moved:
        ctx.engine.apply(
            "remove_counters", cause_of(ctx), uid=sources[0], counter=action.name, amount=moved
        )
        ctx.engine.apply(
            "add_counters", cause_of(ctx), uid=targets[0], counter=action.name, amount=moved
        )
        ctx.engine.kernel.after_change(ctx.engine, [sources[0], targets[0]])  # both cards
    ctx.last_amount, ctx.did = moved, moved > 0


def _remove_card(clause: ast.Clause) -> Run:
    target = clause.action.target
    plan = card_plan(target) if isinstance(target, ast.Cards) else None

    def remove(ctx: Context) -> None:
        chosen = (
            uids(resolve_targets(ctx, target, "remove"))
            if plan is None
            else chosen_cards(ctx, plan, "remove")  # (uids only)
        )
        engine, cause = ctx.engine, ctx.cause or cause_of(ctx)
        for uid in chosen:
            engine.applier("remove_from_game", cause)(engine, cause, uid=uid)
        ctx.did = bool(chosen)

    return remove


def _search(ctx: Context, clause: ast.Clause) -> None:
    action = clause.action
    assert action.zone is not None and isinstance(action.target, ast.Cards)
    zone, owner = zone_place(ctx, action.zone)
    looking = replace(
        action.target,
        filters=(*action.target.filters, ast.Filter(kind="zone", value="in", zone=action.zone)),
    )
    chosen = resolve_targets(ctx, looking, f"search {zone}")
    ctx.engine.apply("reveal", cause_of(ctx), uids=tuple(uids(chosen)), zone=zone, player=owner)
    ctx.it, ctx.did = list(chosen), bool(chosen)


def _shuffle(ctx: Context, clause: ast.Clause) -> None:
    action = clause.action
    assert action.zone is not None
    zone, owner = zone_place(ctx, action.zone)
    shuffled = [ctx.controller if owner is None else owner]
    if action.verb == "shuffle_into":
        players = []
        for uid in uids(resolve_targets(ctx, action.target, f"shuffle into {zone}")):
            player = own_zone_player(ctx, action.zone, uid, owner)
            move = dict(uid=uid, zone=zone, player=player, position=None, face_up=False)
            ctx.engine.apply("move", cause_of(ctx), **move)
            players.append(ctx.controller if player is None else player)
        # each deck a card went into ("each … into its owner's deck"), in seat order
        shuffled = sorted(set(players)) or shuffled
    for player in shuffled:
        ctx.engine.apply("shuffle", cause_of(ctx), zone=zone, player=player)


def _reveal(ctx: Context, clause: ast.Clause) -> None:
    chosen = uids(resolve_targets(ctx, clause.action.target, "reveal"))
    ctx.engine.apply("reveal", cause_of(ctx), uids=tuple(chosen), zone=None, player=None)
    ctx.it = list(chosen)


def _look(ctx: Context, clause: ast.Clause) -> None:
    # private, unlike a reveal: the cards go to the looking player alone
    chosen = tuple(uids(resolve_targets(ctx, clause.action.target, "look at")))
    cause = cause_of(ctx)
    ctx.engine.apply("look", cause, player=ctx.controller, count=len(chosen), _uids=chosen)
    ctx.it = list(chosen)


def _primitive(clause: ast.Clause) -> Run:
    action = clause.action
    name, target, destination = action.name or "", action.target, action.destination
    counted = cost_cards.counted(action)  # "exhaust 2 characters you control"

    def primitive(ctx: Context) -> None:
        engine = ctx.engine
        change = engine.kernel.verb(name)
        paid = None if counted is None else cost_cards.paid(ctx, clause, counted)
        if paid is not None:  # a cost counted in cards: in full, or nothing
            targets: list[Target] = list(paid)
            if not paid:
                ctx.did, ctx.it = False, []
                return
        else:
            targets = (
                resolve_targets(ctx, target, name)
                if target
                else ([ctx.source] if ctx.source is not None else [])
            )
        extra: dict[str, object] = {}
        if destination is not None:
            extra["zone"], extra["player"] = zone_place(ctx, destination.zone)
        if ctx.actor is not None and ctx.actor != ctx.source:
            extra["actor"] = ctx.actor  # "the villain attacks you" on a treachery: who acts
        cause = ctx.cause or cause_of(ctx)
        done = []
        for each in targets:  # (``**extra`` only where there is some: it costs a dict)
            run = engine.applier(change, cause)
            done.append(
                run(engine, cause, target=each, **extra)
                if extra
                else run(engine, cause, target=each)
            )
        # "it": the cards changed; "did": any was (nothing to act on: not done, "if you
        # do" after it does not run)
        ctx.it = _changed(targets, done)
        ctx.did = bool(ctx.it)

    return primitive


def _primitive_amount(clause: ast.Clause) -> Run:
    action = clause.action
    node, fixed = _amount(action)
    name, word = action.name or "", action.word

    def primitive_amount(ctx: Context) -> None:
        amount = ctx.amount(node) if fixed is None else fixed
        engine, actor, player = ctx.engine, ctx.actor, ctx.controller
        change, cause = engine.kernel.verb(name), ctx.cause or cause_of(ctx)
        run = engine.applier(change, cause)
        if actor is None:
            run(engine, cause, player=player, amount=amount, kind=word)
        elif _takes_target(engine.kernel, change):
            # a card acts ("this suffers 1 wound"): the change is on it
            run(engine, cause, player=player, amount=amount, kind=word, target=actor)
        else:  # a player's change written with a card acting ("this blocks 2 damage")
            acting = engine.state.cards[actor].controller if isinstance(actor, int) else player
            run(engine, cause, player=acting, amount=amount, kind=word)
        ctx.last_amount = amount

    return primitive_amount


_TAKES_TARGET: dict[tuple[type, str], bool] = {}


def _takes_target(kernel: Kernel, change: str) -> bool:
    """Does the kernel's primitive ``change`` take the card it acts on (``target``)?
    Block, energy and the like are a player's: a card acting then acts for its player."""
    key = (type(kernel), change)
    found = _TAKES_TARGET.get(key)
    if found is None:
        primitive = kernel.primitive(change)
        if primitive is None:
            found = True  # (``apply`` says there is no such primitive)
        else:
            params = inspect.signature(primitive).parameters.values()
            found = any(p.name == "target" or p.kind is p.VAR_KEYWORD for p in params)
        _TAKES_TARGET[key] = found
    return found


def _choose(ctx: Context, clause: ast.Clause) -> None:
    """ "Choose target unit": the choice becomes "it" for the steps after."""
    chosen = resolve_targets(ctx, clause.action.target, "choose")
    ctx.it, ctx.did = list(chosen), bool(chosen)


def _named_cost(ctx: Context, clause: ast.Clause) -> None:
    amount = ctx.amount(clause.action.amount)
    with cost_resources.telling(ctx, clause):
        done = ctx.engine.apply(
            ctx.engine.kernel.verb(clause.action.name or ""),
            cause_of(ctx),
            player=ctx.controller,
            amount=amount,
        )
    ctx.did = done is not False


_AS_WRITTEN: dict[str, Action] = {
    "prevent": prevent,
    "draw": _draw,
    "discard": _discard,
    "gain_control": _gain_control,
    "place": _counters("add_counters"),
    "remove_counters": _counters("remove_counters"),
    "move_counters": _move_counters,
    "search": _search,
    "shuffle": _shuffle,
    "shuffle_into": _shuffle,
    "reveal": _reveal,
    "look": _look,
    "get": get,
    "have": keywords(True),
    "gain_keyword": keywords(True),
    "lose_keyword": keywords(False),
    "lose_abilities": abilities_lost,
    "grant_ability": grant,
    "can": permission,
    "cannot": permission,
    "named_cost": _named_cost,
    "choose": _choose,
    "set_stat": set_stat,
    "become": become,
}
# each verb's action, made for one clause (``action_of``): the frequent ones work out
# what their clause says once (amounts, qualities, prompts), the others as they run
_ACTIONS: dict[str, Callable[[ast.Clause], Run]] = {
    **{verb: _as_written(action) for verb, action in _AS_WRITTEN.items()},
    "deal": _deal,
    "heal": _heal,
    "gain": _resource("gain"),
    "lose": _resource("lose"),
    "pay": _resource("pay"),
    "move": _move,
    "remove_card": _remove_card,
    "primitive": _primitive,
    "redirect": _primitive,  # the kernel's verb "redirect", run on the new target
    "primitive_amount": _primitive_amount,
}
# Actions whose subject is what they act on ("target character gets +1 ATK"), not a player.
_SUBJECT_IS_TARGET = frozenset(
    {"get", "have", "set_stat", "gain_keyword", "lose_keyword", "lose_abilities"}
    | {"can", "cannot", "become"}
)
