"""What a selector, a condition and an amount mean in a running game.

Selectors resolve to cards (uids) and players (``Seat``); which cards a noun or an
adjective covers is the kernel's answer (``Kernel.is_a``, ``Kernel.has_quality``), so
this module stays the same for every game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from cardscript.grammar import ast
from cardscript.interpreter.agents import Labels

# (the context and targets are ``context``'s; read from here too, as they always were)
from cardscript.interpreter.context import _HOLDS, Context, RulesError, Seat, Target, fixed_amount
from cardscript.interpreter.play_index import _overrides

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CardDef
    from cardscript.interpreter.engine import Engine

__all__ = ["Context", "RulesError", "Seat", "Target"]


# ---- players ---------------------------------------------------------------------------


def players(ctx: Context, who: str) -> list[int]:
    me = ctx.controller
    if who == "you":
        return [me]
    n = len(ctx.engine.state.players)
    if who in ("the opponent", "your opponent"):
        # the first of the others; two-player wording ("an opponent" asks in larger games)
        return [(me + 1) % n] if n > 1 else []
    others = [(me + k) % n for k in range(1, n)]
    if who == "each opponent":
        return others
    if who == "an opponent":
        return _pick_player(ctx, others)
    if who in ("each player",):
        return [(me + k) % n for k in range(n)]
    if who in ("that player",) and ctx.event is not None and ctx.event.player is not None:
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


def _pick_player(ctx: Context, options: list[int]) -> list[int]:
    if len(options) <= 1:
        return options
    picked = ctx.engine.choose(
        ctx.controller,
        "targets",
        "choose an opponent",
        options,
        [ctx.engine.state.players[i].name for i in options],
    )
    return [options[i] for i in picked]


def _it_card(ctx: Context) -> int | None:
    for target in reversed(ctx.it):
        if isinstance(target, int):
            return target
    if ctx.event is not None and isinstance(ctx.event.subject, int):
        return ctx.event.subject
    return ctx.source


# ---- cards -----------------------------------------------------------------------------


def candidates(ctx: Context, selector: ast.Node) -> list[Target]:
    """Every card or player the selector could mean (before any choice is made)."""
    if isinstance(selector, ast.Player):  # (first: the usual one here)
        return [Seat(i) for i in players(ctx, selector.who)]
    if isinstance(selector, (ast.ThisCard, ast.ThisPossessed)):
        # "this unit's attack hits": events about a card's attack name the card itself
        return [ctx.source] if ctx.source is not None else []
    if isinstance(selector, ast.It):
        if ctx.it:
            return list(ctx.it)
        if ctx.event is not None and ctx.event.subject is not None:
            return [ctx.event.subject]
        return []
    if isinstance(selector, ast.ThatCard):
        event = ctx.event
        if event is not None and isinstance(event.subject, int):
            if event.subject == ctx.source and isinstance(event.obj, int):
                # "whenever this strikes a creature, that creature …": not this, the other
                return [event.obj]
            return [event.subject]
        return list(ctx.it)
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
        kernel = engine.kernel
        return [uid for uid in pool if kernel.is_a(engine, uid, noun)]
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
    if ref is not None:
        places = _zone_places(ctx, ref)
    elif zone in ctx.engine.kernel.play_zones:
        places = [(zone, None)]  # the one of ``_zones_of`` that can hold it
    else:
        return False
    for place, owner in places:
        if place != zone:
            continue
        if owner is None:
            # where it is listed: its controller's zone, nearly always
            listed = target in state.players[card.controller].zones.get(zone, ())
            if not listed:
                for p in state.players:  # a loop: any() with a generator costs more, per check
                    if target in p.zones.get(zone, ()):
                        listed = True
                        break
                else:
                    listed = target in state.shared.get(zone, ())
        else:
            listed = target in state.players[owner].zones.get(zone, ())
        if listed:
            return _matches(ctx, plan, plan.rest, target)  # listed in its zone: in it
    return False


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


class _Plan(NamedTuple):
    """What a card selector asks of a card, read once per selector node (it never
    changes): ``candidates`` and ``selects`` ask it for many cards."""

    zone: ast.ZoneRef | None  # the zone it names ("in your hand"); None: the play zones
    nouns: tuple[str, ...]  # any of them
    not_this: bool  # "another", "other": never the text's own card
    qualities: tuple[ast.Quality, ...]
    filters: tuple[ast.Filter, ...]
    rest: tuple[ast.Filter, ...]  # the filters but the one naming ``zone``
    # the adjectives a kernel may answer from a card's definition (``printed_quality``),
    # and per card id: (its definition, the kernel's class, does one of them turn it down)
    printed: tuple[ast.Quality, ...]
    verdicts: dict[str, tuple[CardDef, type, bool]]
    # its one noun, where that is all it asks of a card in its zone (no adjective, no
    # filter, not "another"): "target card in your discard pile"
    noun_only: str | None
    quantifier: ast.Quantifier | None
    span: ast.Span | None  # where it is written (the key of targets chosen earlier)
    how_many: int | None  # its quantifier's number, where no context speaks


_PLANS: dict[int, tuple[ast.Cards, _Plan]] = {}


def _plan(selector: ast.Cards) -> _Plan:
    found = _PLANS.get(id(selector))
    if found is not None and found[0] is selector:
        return found[1]
    filters = selector.filters
    where = next((f for f in filters if f.kind == "zone" and f.zone is not None), None)
    q = selector.quantifier
    plan = _Plan(
        where.zone if where is not None else None,
        (selector.noun, *selector.also),
        q is not None and q.kind in _NOT_THIS,
        selector.qualities,
        filters,
        tuple(f for f in filters if f is not where),
        tuple(q for q in selector.qualities if q.kind == "adj" and q.value != "attached"),
        {},
        None,
        q,
        selector.span,
        fixed_amount(q.count) if q is not None else None,
    )
    if not (plan.not_this or plan.qualities or plan.rest or selector.also):
        plan = plan._replace(noun_only=selector.noun)
    if len(_PLANS) > 20_000:
        _PLANS.clear()  # pools come and go (tests): keep the memory bounded
    _PLANS[id(selector)] = (selector, plan)
    return plan


def _zone_places(ctx: Context, zone: ast.ZoneRef) -> list[tuple[str, int | None]]:
    possessor = zone.possessor or ""
    n = len(ctx.engine.state.players)
    if possessor in ("your", ""):
        owners: list[int | None] = [ctx.controller] if possessor else [None]
    elif possessor in ("its", "its owner's", "its controller's", "their"):
        card = _it_card(ctx)
        owners = [ctx.engine.state.cards[card].owner] if card is not None else [None]
    elif "opponent" in possessor:
        owners = [(ctx.controller + k) % n for k in range(1, n)]
    elif possessor.startswith("each player"):
        owners = list(range(n))
    elif possessor == "the first player's":
        owners = [ctx.engine.kernel.first_player(ctx.engine)]
    else:
        owners = [None]
    return [(zone.zone, o) for o in owners]


def zone_place(ctx: Context, zone: ast.ZoneRef) -> tuple[str, int | None]:
    if zone.possessor == "your":  # ``_zone_places``' first answer, without its list
        return zone.zone, ctx.controller
    return _zone_places(ctx, zone)[0]


def matches_cards(ctx: Context, selector: ast.Cards, uid: int) -> bool:
    plan = _plan(selector)
    return _matches(ctx, plan, plan.filters, uid)


def _matches(ctx: Context, plan: _Plan, filters: tuple[ast.Filter, ...], uid: int) -> bool:
    """``matches_cards`` with the selector's plan, testing ``filters`` of its filters."""
    engine = ctx.engine
    kernel = engine.kernel
    if plan.printed and kernel.printed_qualities:
        state = engine.state
        card = state.cards[uid]
        if not state.lasting and not card.states:
            # its definition's answers turn it down before anything is asked of the card
            # ("cancel an opposing Agility card" of a Strength card)
            found = plan.verdicts.get(card.card_id)
            if (
                found is None
                or found[0] is not engine.pool.cards.get(card.card_id)
                or found[1] is not kernel.__class__
            ):
                found = _printed_verdict(engine, plan, uid)
            if found[2]:
                return False
    for noun in plan.nouns:  # a list of nouns: any of them (the qualities apply to each)
        if kernel.is_a(engine, uid, noun):
            break
    else:
        return False
    if plan.not_this and uid == ctx.source:
        return False
    for quality in plan.qualities:
        if quality.kind == "adj" and quality.value == "attached":
            # "attached ally": the card the text's own card is attached to
            host = engine.state.cards[ctx.source].attached_to if ctx.source is not None else None
            if (host == uid) == quality.negated:
                return False
            continue
        if quality.kind == "adj":
            value = quality.value
            has = (
                kernel.quality_of_source(engine, uid, value, ctx.source)
                if value in kernel.source_qualities
                else kernel.quality_for(engine, uid, value, ctx.controller, ctx.source)
            )
            if has == quality.negated:
                return False
        if quality.kind == "name" and not _has_name(engine, uid, quality.value):
            return False
        if quality.kind == "possessor" and (
            (engine.state.cards[uid].controller == ctx.controller) != (quality.value == "your")
        ):
            return False
    for f in filters:  # noqa: SIM110 - all() with a generator costs more, per card
        if not _filter(ctx, f, uid):
            return False
    return True


def _printed_verdict(engine: Engine, plan: _Plan, uid: int) -> tuple[CardDef, type, bool]:
    """Does an adjective of the plan that the kernel answers from the card's definition
    turn the card down (remembered in the plan per card id, for its definition)?"""
    kernel, definition = engine.kernel, engine.definition(uid)
    rejects = False
    for quality in plan.printed:
        if quality.value in kernel.source_qualities:
            continue  # the speaking card's meaning: not the definition's alone
        has = kernel.printed_quality(engine, uid, quality.value)
        if has is not None and has == quality.negated:
            rejects = True
            break
    found = plan.verdicts[definition.id] = (definition, kernel.__class__, rejects)
    return found


_NOT_THIS = frozenset({"another", "other", "each other", "all other"})


def _has_name(engine: Engine, uid: int, value: str) -> bool:
    definition = engine.definition(uid)
    wanted = value.casefold()
    for field_name in ("traits", "team", "clan", "classes", "element", "race", "aspect"):
        found = definition.get(field_name)
        if isinstance(found, str) and found.casefold() == wanted:
            return True
        if isinstance(found, list) and wanted in (str(v).casefold() for v in found):
            return True
    return definition.name.casefold() == wanted


def _filter(ctx: Context, f: ast.Filter, uid: int) -> bool:
    engine = ctx.engine
    card = engine.state.cards[uid]
    kind = f.kind
    if kind == "zone":  # first: nearly every selector of a zone's cards has one
        return f.zone is not None and card.zone == f.zone.zone
    if kind == "you_control":
        return card.controller == ctx.controller
    if kind == "opponent_controls":
        return card.controller != ctx.controller
    if kind == "attr":
        definition = engine.definition(uid)
        value = definition.get(f.name or "")
        if value is None:  # the attribute trait is a card's list traits (as deck rules read it)
            value = definition.get(f"{f.name}s")
        wanted = (f.value or "").casefold()
        if isinstance(value, list):
            return wanted in (str(v).casefold() for v in value)
        return value is not None and str(value).casefold() == wanted
    if kind == "stat":
        return compare(engine.stat(uid, f.name or ""), f.comparison, ctx)
    if kind == "printed_stat":
        return compare(engine.kernel.printed(engine, uid, f.name or ""), f.comparison, ctx)
    if kind == "keyword":
        return engine.has_keyword(uid, f.name or "")
    if kind == "printed_keyword":
        return engine.definition(uid).has_keyword(f.name or "")
    if kind == "without_keyword":
        return not engine.has_keyword(uid, f.name or "")
    if kind == "named":
        wanted = (f.value or "").casefold()
        ability = ctx.ability
        if ability is not None and ability.origin == "granted":
            # Berserk §201.2а: the granting card's name in what it grants means that card
            granter = dict(ability.int_values).get("granter")
            if granter is not None and engine.definition(granter).name.casefold() == wanted:
                return uid == granter
        return engine.definition(uid).name.casefold() == wanted
    if kind == "other_than_this":
        return uid != ctx.source
    if kind == "history":
        happened_to = (f.name, uid)  # a history entry's (event, subject)
        return any(h[:2] == happened_to for h in engine.state.history)
    raise RulesError(f"unknown filter {kind!r}", ctx)


def compare(value: int, comparison: ast.Comparison | None, ctx: Context) -> bool:
    if comparison is None:
        return True
    holds = _HOLDS.get(comparison.op or "", comparison.holds)
    return holds(value, ctx.amount(comparison.value))


def resolve_targets(ctx: Context, selector: ast.Node | None, prompt: str) -> list[Target]:
    """The selector's targets, asking the controller where the text leaves a choice."""
    if selector is None:
        return []
    if isinstance(selector, ast.Cards):
        return chosen_cards(ctx, _plan(selector), prompt)
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
    q = plan.quantifier
    if q is None:
        return found
    kind = q.kind
    if kind in ("each", "all", "every", "each other", "all other", "other"):
        return found
    if kind in ("top", "bottom"):
        count = ctx.amount(q.count) if plan.how_many is None else plan.how_many
        return found[-count:][::-1] if kind == "top" else found[:count]
    engine = ctx.engine
    kernel = engine.kernel
    asks = _ASKS.get(type(kernel))
    if asks is None:
        asks = _ASKS[type(kernel)] = _overrides(kernel, "may_choose") or _overrides(
            kernel, "target_chooser"
        )
    if asks:
        found = [t for t in found if kernel.may_choose(engine, ctx, t)]
    if not found:
        return []
    if kind in ("up_to",):
        least, most = 0, ctx.amount(q.count) if plan.how_many is None else plan.how_many
    elif kind in ("n_targets", "n_cards"):
        least = most = ctx.amount(q.count) if plan.how_many is None else plan.how_many
    else:  # a, an, any, another, the, target: exactly one
        least = most = 1
    most = min(most, len(found))
    least = min(least, most)
    describe = engine.describe
    labels = Labels(lambda: [describe(t) for t in found])  # built only if read (a log, a human)
    chooser = kernel.target_chooser(engine, ctx, found) if asks else ctx.controller
    picked = engine.choose(chooser, "targets", prompt, found, labels, least, most)
    if len(picked) == 1:  # the usual answer, without a comprehension's call
        return [found[picked[0]]]
    return [found[i] for i in picked]


# per kernel class: does it speak on which targets may be chosen, or who chooses them
# (its own ``may_choose``, ``target_chooser``)? If not: any, and the text's controller
_ASKS: dict[type, bool] = {}


def test(ctx: Context, condition: ast.Condition) -> bool:
    return _joined([_test(ctx, t) for t in condition.tests], condition.ops)


def _joined(results: list[bool], ops: tuple[str, ...]) -> bool:
    """The tests' results joined by "and" and "or", left to right (every test is asked)."""
    value = results[0]
    for op, result in zip(ops, results[1:], strict=False):
        value = (value and result) if op == "and" else (value or result)
    return value


def _test(ctx: Context, t: ast.Test) -> bool:
    engine = ctx.engine
    kind = t.kind
    if kind == "you_did":
        return ctx.did
    if kind == "you_did_not":
        return not ctx.did
    if kind == "paid_with":
        return engine.kernel.paid_with(engine, ctx.source, t.name or "")
    if kind == "you_control":
        return bool(candidates(ctx, t.subject)) if t.subject is not None else False
    if kind in ("is_state", "in_zone", "has_counters"):
        subjects = (
            [x for x in candidates(ctx, t.subject) if isinstance(x, int)]
            if (t.subject is not None)
            else []
        )
        if not subjects:
            return False
        if kind == "is_state":
            state = (t.state or "").replace(" ", "_")
            ok = all(engine.kernel.has_quality(engine, uid, state) for uid in subjects)
        elif kind == "in_zone":
            ok = all(
                t.zone is not None and _is_in(engine, engine.state.cards[uid].zone, t.zone.zone)
                for uid in subjects
            )
        else:
            ok = all(
                compare(engine.state.cards[uid].counters.get(t.name or "", 0), t.comparison, ctx)
                for uid in subjects
            )
        return ok != t.negated
    if kind == "has_cards":
        places = _zone_places(ctx, t.zone) if t.zone is not None else []
        count = sum(
            1
            for uid in engine.cards_in(places)
            if engine.kernel.is_a(engine, uid, t.name or "card")
        )
        return compare(count, t.comparison, ctx) != t.negated
    if kind == "resource_cmp":
        who = ctx.controller if t.possessor in ("your", None) else _other(ctx)
        return compare(engine.state.players[who].resources.get(t.name or "", 0), t.comparison, ctx)
    if kind == "stat_cmp":
        card = _it_card(ctx)
        return card is not None and compare(engine.stat(card, t.name or ""), t.comparison, ctx)
    raise RulesError(f"unknown condition {kind!r}", ctx)


def _other(ctx: Context) -> int:
    return (ctx.controller + 1) % len(ctx.engine.state.players)


def uids(targets: Iterable[Target]) -> list[int]:
    return [t for t in targets if isinstance(t, int)]


def seats(targets: Iterable[Target]) -> list[int]:
    return [t.index for t in targets if isinstance(t, Seat)]


def _is_in(engine: Engine, zone: str, named: str) -> bool:
    """ "In play" means any of the game's play zones (a villain zone, a circle, a row)."""
    return zone == named or (named == "play" and zone in engine.kernel.play_zones)
