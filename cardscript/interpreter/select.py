"""What a selector, a condition and an amount mean in a running game.

Selectors resolve to cards (uids) and players (``Seat``); which cards a noun or an
adjective covers is the kernel's answer (``Kernel.is_a``, ``Kernel.has_quality``), so
this module stays the same for every game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, cast

from cardscript.grammar import ast
from cardscript.interpreter.agents import Labels
from cardscript.interpreter.apart import described

# (a selector's plan and one card's test are ``card_plans``'; read from here too)
from cardscript.interpreter.card_plans import (
    _listed,
    _matches,
    _Plan,
    _plan,
    by_definitions,
    by_verdicts,
    compare,
    matches_cards,
)

# (the context and targets are ``context``'s; read from here too, as they always were)
from cardscript.interpreter.context import Context, RulesError, Seat, Target
from cardscript.interpreter.play_index import _overrides
from cardscript.interpreter.random_pick import at_random

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.kernel import Kernel

__all__ = ["Context", "RulesError", "Seat", "Target", "compare", "matches_cards"]


# ---- players ---------------------------------------------------------------------------


def players(ctx: Context, who: str) -> list[int]:
    me = ctx.controller
    if who == "you":
        return [me]
    n = len(ctx.engine.state.players)
    fixed = fixed_players(who, me, n)
    if fixed is not None:
        return fixed
    if who in ("an opponent", "target opponent"):
        return _pick_player(ctx, _opponents_of(me, n))
    if who == "each player":
        return _everyone(me, n)
    if who in ("a player", "target player"):
        return _pick_player(ctx, _everyone(me, n), "choose a player")
    if who == "that player":
        for target in reversed(ctx.it):  # "choose a player. That player …": the one chosen
            if isinstance(target, Seat):
                return [target.index]
        if ctx.event is not None and ctx.event.player is not None:
            return [ctx.event.player]
    if who == "the active player":
        active = ctx.engine.kernel.active_player(ctx.engine)
        return [] if active is None else [active]
    if who in ("its controller", "its owner"):
        card = _it_card(ctx)
        if card is not None:
            c = ctx.engine.state.cards[card]
            return [c.controller if who == "its controller" else c.owner]
    return []


def player_seats(ctx: Context, selector: ast.Player, ask: bool = True) -> list[int]:
    """The players a player selector names (``players``' reading of its words), those
    with its quality alone: "each player in alter-ego form" (``Kernel.player_quality``).
    One the text leaves to a choice ("an opponent in hero form") is asked among those
    who have it, where ``ask``; else every one of them is listed."""
    quality = selector.quality
    if quality is None:
        return players(ctx, selector.who)
    engine = ctx.engine
    picked = _PICKED.get(selector.who)
    listed = (
        picked(ctx.controller, len(engine.state.players))
        if picked is not None
        else players(ctx, selector.who)
    )
    found = [p for p in listed if engine.kernel.player_quality(engine, p, quality)]
    if picked is not None and ask:
        return _pick_player(ctx, found, "choose a player")
    return found


def fixed_players(who: str, me: int, n: int) -> list[int] | None:
    """``players`` where the words alone say who, of ``me``'s n-player game, no one
    asked and nothing else read ("you", "the opponent", "each opponent", "each
    player"); None for the others."""
    if who == "you":
        return [me]
    if who in ("the opponent", "your opponent"):
        # the first of the others; two-player wording ("an opponent" asks in larger games)
        return [(me + 1) % n] if n > 1 else []
    if who == "each opponent":
        return _opponents_of(me, n)
    if who == "each player":
        return _everyone(me, n)
    return None


def _everyone(me: int, n: int) -> list[int]:
    return [(me + k) % n for k in range(n)]


def _pick_player(ctx: Context, options: list[int], prompt: str = "choose an opponent") -> list[int]:
    if len(options) <= 1:
        return options
    picked = ctx.engine.choose(
        ctx.controller,
        "targets",
        prompt,
        options,
        [ctx.engine.state.players[i].name for i in options],
    )
    return [options[i] for i in picked]


def _it_card(ctx: Context) -> int | None:
    for target in reversed(ctx.it):
        if isinstance(target, int):
            return target
    card = _event_card(ctx)
    return card if card is not None else ctx.source


def _event_card(ctx: Context) -> int | None:
    """The card the trigger's event is about: its subject, or, where a player is the
    subject ("whenever an opponent plays a plot twist"), its object."""
    event = ctx.event
    if event is None:
        return None
    if isinstance(event.subject, int):
        return event.subject
    if event.subject is None and isinstance(event.obj, int):
        return event.obj
    return None


def _described_event_card(ctx: Context, noun: str) -> int | None:
    """The card of a triggered ability's event that "that <noun>" means: the one the noun
    describes, the subject first ("after an enemy attacks you, … that enemy": the attacker), else
    the object ("when you attack an enemy, … that enemy": the enemy attacked, the
    attacker a hero). Where the subject is the ability's own card ("whenever this
    strikes a creature, that creature"), the object first. None where it describes
    neither (the reading of ``candidates`` then)."""
    event = ctx.event
    if event is None:
        return None
    subject, obj = event.subject, event.obj
    engine = ctx.engine
    for card in (obj, subject) if subject == ctx.source else (subject, obj):
        if isinstance(card, int) and engine.kernel.is_a(engine, card, noun):
            return card
    return None


# ---- cards -----------------------------------------------------------------------------


def candidates(ctx: Context, selector: ast.Node) -> list[Target]:
    """Every card or player the selector could mean (before any choice is made: "an
    opponent" is each of them here, and ``resolve_targets`` asks which)."""
    if isinstance(selector, ast.Player):  # (first: the usual one here)
        if selector.quality is not None:  # "each player in hero form"
            return [Seat(i) for i in player_seats(ctx, selector, ask=False)]
        picked = _PICKED.get(selector.who)
        if picked is not None:
            return [Seat(i) for i in picked(ctx.controller, len(ctx.engine.state.players))]
        return [Seat(i) for i in players(ctx, selector.who)]
    if isinstance(selector, (ast.ThisCard, ast.ThisPossessed)):
        # "this unit's attack hits": events about a card's attack name the card itself
        return [ctx.source] if ctx.source is not None else []
    if isinstance(selector, ast.It):
        if ctx.it:
            return list(ctx.it)
        if ctx.event is not None and ctx.event.subject is not None:
            return [ctx.event.subject]
        card = _event_card(ctx)  # (a player's event: the card it is about)
        return [] if card is None else [card]
    if isinstance(selector, ast.ThatCard):
        event = ctx.event
        described = _described_event_card(ctx, selector.noun)
        if described is not None:
            return [described]
        if event is not None and isinstance(event.subject, int):
            if event.subject == ctx.source and isinstance(event.obj, int):
                # "whenever this strikes a creature, that creature …": not this, the other
                return [event.obj]
            return [event.subject]
        if ctx.it:
            return list(ctx.it)
        card = _event_card(ctx)  # "whenever an opponent plays a plot twist, … that plot twist"
        return [] if card is None else [card]
    if isinstance(selector, ast.Cards):
        return _cards(ctx, _plan(selector))
    raise RulesError(f"cannot select with {type(selector).__name__}", ctx)


def _cards(ctx: Context, plan: _Plan) -> list[Target]:
    """``candidates`` of a card selector, by its plan."""
    engine = ctx.engine
    ref = plan.zone
    if ref is not None and ref.possessor == "your":  # ``_zone_places``' one place, read here
        pool = list(engine.state.players[ctx.controller].zones.get(ref.zone, ()))
    else:
        pool = engine.cards_in(_zones_of(ctx, ref))
    noun = plan.noun_only
    if noun is not None:  # ``_matches`` asks the kernel this alone
        if noun == "card":
            return cast("list[Target]", pool)  # every card is one (``Kernel.is_a``)
        kernel = engine.kernel
        return [uid for uid in pool if kernel.is_a(engine, uid, noun)]
    if plan.printed and engine.kernel.printed_qualities and not engine.state.lasting:
        return cast("list[Target]", by_verdicts(ctx, plan, pool))
    rest = plan.rest  # the cards listed in its zone are in it
    return [uid for uid in pool if _matches(ctx, plan, rest, uid)]


def selects(ctx: Context, selector: ast.Node, target: Target | None) -> bool:
    """``target in candidates(ctx, selector)``, without listing every candidate of a card
    selector first (asked for every stat, permission and trigger check)."""
    if not isinstance(selector, ast.Cards):
        if isinstance(selector, (ast.ThisCard, ast.ThisPossessed)):  # ``candidates``, sooner
            return ctx.source is not None and target == ctx.source
        return target in candidates(ctx, selector)
    if not isinstance(target, int):
        return False
    state = ctx.engine.state
    card = state.cards[target]
    zone = card.zone
    plan = _plan(selector)
    ref = plan.zone
    if ref is None:  # the play zones: the one of ``_zones_of`` that can hold it
        if zone not in ctx.engine.kernel.play_zones or not _listed(state, card, target, zone):
            return False
        return _matches(ctx, plan, plan.rest, target)  # listed in its zone: in it
    for place, owner in _zone_places(ctx, ref):
        if place != zone:
            continue
        if owner is None:
            listed = _listed(state, card, target, zone)
        else:
            listed = target in state.players[owner].zones.get(zone, ())
        if listed:
            return _matches(ctx, plan, plan.rest, target)  # listed in its zone: in it
    return False


def selects_anywhere(ctx: Context, selector: ast.Node, target: Target | None) -> bool:
    """``selects``, but a card selector naming no zone reads a card out of play wherever
    it is: a permission's card played or recruited from the hand ("Plot twists cannot be
    played."), or acting from where its text resolves ("cannot be stunned by plot
    twists", a plot twist resolving in its KO'd pile)."""
    if selects(ctx, selector, target):
        return True
    if not isinstance(selector, ast.Cards) or not isinstance(target, int):
        return False
    plan = _plan(selector)
    if plan.zone is not None or target not in ctx.engine.state.cards:
        return False
    if ctx.engine.state.cards[target].zone in ctx.engine.kernel.play_zones:
        return False  # (in play: ``selects`` said no)
    return _matches(ctx, plan, plan.rest, target)


def _zones_of(ctx: Context, ref: ast.ZoneRef | None) -> list[tuple[str, int | None]]:
    """Where a card selector looks: the zone it names, or the play zones."""
    if ref is not None:
        return _zone_places(ctx, ref)
    zones = ctx.engine.kernel.play_zones
    found = _IN_PLAY.get(zones)
    if found is None:
        found = _IN_PLAY[zones] = [(zone, None) for zone in zones]
    return found


# the places of a selector without a zone: the play zones, of every player (read-only)
_IN_PLAY: dict[tuple[str, ...], list[tuple[str, int | None]]] = {}


def _refilled(ctx: Context, zone: ast.ZoneRef) -> bool:
    """Did the kernel make an empty deck anew for its top card (``Kernel.refill``)?"""
    kernel, engine = ctx.engine.kernel, ctx.engine
    return any(kernel.refill(engine, name, owner) for name, owner in _zone_places(ctx, zone))


def _zone_places(ctx: Context, zone: ast.ZoneRef) -> list[tuple[str, int | None]]:
    possessor = zone.possessor or ""
    n = len(ctx.engine.state.players)
    if possessor in ("your", ""):
        owners: list[int | None] = [ctx.controller] if possessor else [None]
    elif possessor == "their" and ctx.player is not None:  # "each player … their hand"
        owners = [ctx.player]
    elif possessor in ("its", "its owner's", "its controller's", "their"):
        card = _it_card(ctx)
        owners = [ctx.engine.state.cards[card].owner] if card is not None else [None]
    elif "opponent" in possessor:
        owners = [*_opponents_of(ctx.controller, n)]
    elif possessor.startswith("each player"):
        owners = list(range(n))
    elif possessor == "the first player's":
        owners = [ctx.engine.kernel.first_player(ctx.engine)]
    else:
        owners = [None]
    return [(zone.zone, o) for o in owners]


def _opponents_of(controller: int, n: int) -> list[int]:
    """The seats of ``controller``'s opponents among n, in seat order from the next."""
    return [(controller + k) % n for k in range(1, n)]


# the players one of whom the words mean, asked when the text acts ("choose a player"),
# each of them where a trigger or test only asks whether one is meant
_PICKED = {
    "an opponent": _opponents_of,
    "target opponent": _opponents_of,
    "a player": _everyone,
    "target player": _everyone,
}


def zone_place(ctx: Context, zone: ast.ZoneRef) -> tuple[str, int | None]:
    if zone.possessor == "your":  # ``_zone_places``' first answer, without its list
        return zone.zone, ctx.controller
    return _zone_places(ctx, zone)[0]


# the possessors by which a moved card's destination is the card's own ("return target
# character to its owner's hand"): whose, the card's owner or its controller
_CARD_OWN = {
    "its": "owner",
    "its owner's": "owner",
    "their": "owner",
    "its controller's": "controller",
}


def own_zone_player(
    ctx: Context, zone: ast.ZoneRef, uid: Target, default: int | None
) -> int | None:
    """Whose ``zone`` the card ``uid`` goes to: "its owner's hand" is the moved card's
    owner's, not the owner of the card whose text moves it; ``default`` otherwise."""
    side = _CARD_OWN.get(zone.possessor or "")
    if side is None or not isinstance(uid, int):
        return default
    card = ctx.engine.state.cards[uid]
    return card.owner if side == "owner" else card.controller


def resolve_targets(ctx: Context, selector: ast.Node | None, prompt: str) -> list[Target]:
    """The selector's targets, asking the controller where the text leaves a choice."""
    if selector is None:
        return []
    if isinstance(selector, ast.Cards):
        return chosen_cards(ctx, _plan(selector), prompt)
    if isinstance(selector, ast.Player) and selector.who in _PICKED and not ctx.chosen:
        return [Seat(i) for i in player_seats(ctx, selector)]  # one of them, asked
    found = candidates(ctx, selector)
    if ctx.chosen:
        earlier = _chosen_earlier(ctx, selector.span, found)
        if earlier is not None:
            return earlier
    return found


def card_plan(selector: ast.Cards) -> _Plan:
    """The plan of a card selector, for ``chosen_cards`` (an action's, read once)."""
    return _plan(selector)


def _chosen_earlier(
    ctx: Context, span: ast.Span | None, found: list[Target]
) -> list[Target] | None:
    """The targets chosen when the ability was played for the selector written at
    ``span``, those still legal (``found``) alone affected; None where it had none."""
    if span is None or span.offset not in ctx.chosen:
        return None
    return [t for t in ctx.chosen[span.offset] if t in found]


def chosen_cards(ctx: Context, plan: _Plan, prompt: str) -> list[Target]:
    """``resolve_targets`` of a card selector, by its plan (``card_plan``): card uids."""
    found = _cards(ctx, plan)
    if ctx.chosen:
        earlier = _chosen_earlier(ctx, plan.span, found)
        if earlier is not None:
            return earlier
    if plan.takes_all:  # "each enemy": every one the kernel lets the text name
        return allowed(ctx, found, plan.span)
    picks = plan.picks
    q = plan.quantifier
    assert q is not None  # (``takes_all`` otherwise)
    if q.kind == "random":  # the game picks them: nobody is asked, no target is chosen
        count = ctx.amount(q.count) if picks is None else picks[1]
        picked = allowed(ctx, found, plan.span)
        return at_random(ctx.engine, ctx.controller, prompt, picked, count)
    if picks is None and q.kind in ("top", "bottom"):
        count = ctx.amount(q.count) if plan.how_many is None else plan.how_many
        if not found and plan.zone is not None and _refilled(ctx, plan.zone):
            found = _cards(ctx, plan)
        return found[-count:][::-1] if q.kind == "top" else found[:count]
    engine = ctx.engine
    kernel = engine.kernel
    asks = _ASKS.get(type(kernel))
    if asks is None:
        asks = _asks(kernel)
    if asks:
        found = [t for t in found if kernel.may_choose(engine, ctx, t, plan.span)]
    if not found:
        return []
    if picks is None:  # "up to X", "X targets": the context says how many
        count = ctx.amount(q.count)
        picks = (0, count) if q.kind == "up_to" else (count, count)
    chooser = kernel.target_chooser(engine, ctx, found) if asks else ctx.controller
    return _picked(engine, chooser, prompt, found, picks)


def picked_without_context(
    engine: Engine, controller: int, plan: _Plan, prompt: str
) -> list[Target] | None:
    """``chosen_cards`` for a text of ``controller`` with no targets chosen earlier, by a
    plan that reads nothing else of its context (``context_free``), no context made; None
    where the cards or the kernel need the context after all (a card with states, an
    adjective its definition does not answer, a kernel's own ``may_choose``)."""
    state, ref = engine.state, plan.zone
    assert ref is not None  # (``context_free``: yours or your opponents', as ``_cards``)
    pool: Sequence[int]
    if ref.possessor == "your":
        # the zone's own list, not a copy: only read here (one card picked is a new list;
        # all of them, below, are copied, as their moves change the zone)
        pool = state.players[controller].zones.get(ref.zone, ())
    else:
        theirs: list[int] = []
        for seat in _opponents_of(controller, len(state.players)):
            theirs.extend(state.players[seat].zones.get(ref.zone, ()))
        pool = theirs
    kernel, noun = engine.kernel, plan.noun_only
    if noun is not None:
        found = pool if noun == "card" else [u for u in pool if kernel.is_a(engine, u, noun)]
    elif kernel.printed_qualities and not state.lasting:
        found = by_definitions(engine, plan, pool)  # type: ignore[assignment]
        if found is None:
            return None
    else:
        return None
    if plan.takes_all:
        return None if _limits(kernel) else list(found)
    asks = _ASKS.get(type(kernel))
    if asks or (asks is None and _asks(kernel)):
        return None
    if not found:
        return []
    assert plan.picks is not None  # (``context_free``)
    return _picked(engine, controller, prompt, found, plan.picks)  # (no ``cast``: a call)


def _picked(
    engine: Engine, chooser: int, prompt: str, found: Sequence[Target], picks: tuple[int, int]
) -> list[Target]:
    """The targets ``chooser`` picks among ``found`` (least, most: ``picks``)."""
    least, most = picks
    if most > len(found):  # (not ``min``: a builtin call for every choice)
        most = len(found)
    if least > most:
        least = most
    # asked by the count where the agent answers so (``choose``'s first question,
    # ``by_count`` written out: "up to 1 target" asks ``some_of``), no labels made; else
    # labels built only if read (a log, a human)
    picked: tuple[int, ...] | None
    if least == 1 == most:
        one = engine.one_of(chooser, len(found))
        picked = None if one is None else (one,)
    else:
        picked = engine.some_of(chooser, len(found), least, most)
    if picked is None:
        labels = Labels(partial(described, engine, found))
        picked = engine.choose(chooser, "targets", prompt, found, labels, least, most)
    if len(picked) == 1:  # the usual answer, without a comprehension's call
        return [found[picked[0]]]
    return [found[i] for i in picked]


def _asks(kernel: Kernel) -> bool:
    """Does the kernel's class speak on which targets may be chosen, or who chooses them
    (its own ``may_choose``, ``target_chooser``)? If not: any, and the text's controller
    (remembered per class in ``_ASKS``)."""
    found = _ASKS[type(kernel)] = _overrides(kernel, "may_choose") or _overrides(
        kernel, "target_chooser"
    )
    return found


_ASKS: dict[type, bool] = {}


def _limits(kernel: Kernel) -> bool:
    """Does the kernel's class speak on which cards a text may name, its own
    ``may_choose`` (asked of "each" and "all" too)? Remembered per class."""
    found = _LIMITS.get(type(kernel))
    if found is None:
        found = _LIMITS[type(kernel)] = _overrides(kernel, "may_choose")
    return found


_LIMITS: dict[type, bool] = {}


def allowed(ctx: Context, found: list[Target], span: ast.Span | None = None) -> list[Target]:
    """The cards of ``found`` the text of ``ctx`` may name (``Kernel.may_choose``; the
    selector written at ``span``): all of them where the kernel has no rule on it."""
    engine = ctx.engine
    kernel = engine.kernel
    if not _limits(kernel):
        return found
    return [t for t in found if kernel.may_choose(engine, ctx, t, span)]


def test(ctx: Context, condition: ast.Condition) -> bool:
    """Does the condition hold? (``conditions.test``, where conditions are read.)"""
    return _conditions.test(ctx, condition)


def uids(targets: Iterable[Target]) -> list[int]:
    return [t for t in targets if isinstance(t, int)]


def seats(targets: Iterable[Target]) -> list[int]:
    return [t.index for t in targets if isinstance(t, Seat)]


# (last: ``conditions`` reads this module's selectors)
from cardscript.interpreter import conditions as _conditions  # noqa: E402
