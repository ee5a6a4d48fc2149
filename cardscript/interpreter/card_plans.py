"""What a card selector asks of a card, worked out once per selector node (``_Plan``),
and the test of one card against it (``_matches``): ``select`` lists and chooses the
cards, this module says whether one is meant."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.context import _HOLDS, Context, RulesError, fixed_amount

if TYPE_CHECKING:
    from collections.abc import Iterable

    from cardscript.interpreter.cards import CardDef
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.state import Card, GameState


# a plan's verdict on a definition: (the definition, the kernel's class, does an
# adjective turn it down, does it answer yes to every quality)
_Verdict = tuple["CardDef", type, bool, bool]


@dataclass(frozen=True, slots=True)  # (slots: its fields' reads are specialized)
class _Plan:
    """What a card selector asks of a card, read once per selector node (it never
    changes): ``candidates`` and ``selects`` ask it for many cards."""

    zone: ast.ZoneRef | None  # the zone it names ("in your hand"); None: the play zones
    nouns: tuple[str, ...]  # any of them
    not_this: bool  # "another", "other": never the text's own card
    qualities: tuple[ast.Quality, ...]
    filters: tuple[ast.Filter, ...]
    rest: tuple[ast.Filter, ...]  # the filters but the one naming ``zone``
    # the adjectives a kernel may answer from a card's definition (``printed_quality``),
    # and per card id its verdict (``_printed_verdict``)
    printed: tuple[ast.Quality, ...]
    verdicts: dict[str, _Verdict]
    # its one noun, where that is all it asks of a card in its zone (no adjective, no
    # filter, not "another"): "target card in your discard pile"
    noun_only: str | None
    quantifier: ast.Quantifier | None
    span: ast.Span | None  # where it is written (the key of targets chosen earlier)
    how_many: int | None  # its quantifier's number, where no context speaks
    takes_all: bool  # no quantifier, or "each", "all": every card it lists, no choice
    # (least, most) of a choice among the cards it lists, where no context speaks (a
    # number, "target": one); None where "X", "that many" or "the top N" say it
    picks: tuple[int, int] | None
    any_card: bool  # one of its nouns is "card": every card is one (``Kernel.is_a``)
    # it names no zone (the play zones) and asks of a card only its nouns, "another",
    # "your"/"opponent's" and adjectives or names its definition may answer: a standing
    # text's reader needs no context (``selected_by_definition``), with its verdict per
    # card id (does the definition hold every adjective and name; None: it cannot say)
    by_definition: bool
    standing: dict[str, tuple[CardDef, type, bool | None]]
    whose: bool | None  # "your" (True), "opponent's" (False): whose cards it means


_PLANS: dict[int, tuple[ast.Cards, _Plan]] = {}


def _plan(selector: ast.Cards) -> _Plan:
    found = _PLANS.get(id(selector))
    if found is not None and found[0] is selector:
        return found[1]
    filters = selector.filters
    where = next((f for f in filters if f.kind == "zone" and f.zone is not None), None)
    q = selector.quantifier
    how_many = fixed_amount(q.count) if q is not None else None
    # "the cards in your hand": every one of them, as "each" (written in the plural)
    every = q is None or q.kind in _TAKES_ALL or (q.kind == "the" and selector.plural is True)
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
        how_many,
        every,
        None if every or q is None else _picks(q.kind, how_many),
        "card" in (selector.noun, *selector.also),
        where is None and not filters and all(map(_definitions_say, selector.qualities)),
        {},
        None,
    )
    whose = {q.value == "your" for q in selector.qualities if q.kind == "possessor"}
    if len(whose) == 1:
        plan = replace(plan, whose=whose.pop())
    elif whose:  # "your opponent's": the general path reads it
        plan = replace(plan, by_definition=False)
    if not (plan.not_this or plan.qualities or plan.rest or selector.also):
        plan = replace(plan, noun_only=selector.noun)
    if len(_PLANS) > 20_000:
        _PLANS.clear()  # pools come and go (tests): keep the memory bounded
    _PLANS[id(selector)] = (selector, plan)
    return plan


def _definitions_say(quality: ast.Quality) -> bool:
    """May a card's definition and controller answer the quality (``_Plan.by_definition``)?
    "attached" asks where the text's own card is."""
    if quality.kind == "adj":
        return quality.value != "attached"
    return quality.kind == "name" or quality.kind == "possessor"


def _picks(kind: str, how_many: int | None) -> tuple[int, int] | None:
    """``_Plan.picks`` of a quantifier."""
    if kind in _TAKES_ALL or kind in ("top", "bottom"):
        return None
    if kind == "up_to":
        return None if how_many is None else (0, how_many)
    if kind in ("n_targets", "n_cards", "random"):
        return None if how_many is None else (how_many, how_many)
    return (1, 1)  # a, an, any, another, the, target: exactly one


_TAKES_ALL = frozenset({"each", "all", "every", "each other", "all other", "other"})


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
    return _unprinted(ctx, plan, plan.qualities, filters, uid)


def _unprinted(
    ctx: Context,
    plan: _Plan,
    qualities: tuple[ast.Quality, ...],
    filters: tuple[ast.Filter, ...],
    uid: int,
) -> bool:
    """``_matches`` past the definition's verdict: the nouns, "another", ``qualities`` of
    the plan's and ``filters``."""
    engine = ctx.engine
    kernel = engine.kernel
    if not plan.any_card:  # (a noun "card" covers every card: ``Kernel.is_a``)
        for noun in plan.nouns:  # a list of nouns: any of them (the qualities apply to each)
            if kernel.is_a(engine, uid, noun):
                break
        else:
            return False
    if plan.not_this and uid == ctx.source:
        return False
    for quality in qualities:
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


def by_verdicts(ctx: Context, plan: _Plan, pool: list[int]) -> list[int]:
    """The cards of ``pool`` that ``_matches`` (``plan.rest``), while nothing lasting is
    in play (asked only then): a card without states is turned down by its definition's
    verdict, or its adjectives all passed by it, without asking the kernel again."""
    engine = ctx.engine
    cards, qualities, rest = engine.state.cards, plan.qualities, plan.rest
    # (``_matches``' look written out: asked for every card of the zone)
    verdicts, definitions, kind = plan.verdicts, engine.pool.cards, engine.kernel.__class__
    out = []
    for uid in pool:
        card = cards[uid]
        if card.states:
            if _unprinted(ctx, plan, qualities, rest, uid):
                out.append(uid)
            continue
        card_id = card.card_id
        found = verdicts.get(card_id)
        if found is None or found[0] is not definitions.get(card_id) or found[1] is not kind:
            found = _printed_verdict(engine, plan, uid)
        if not found[2] and _unprinted(ctx, plan, () if found[3] else qualities, rest, uid):
            out.append(uid)
    return out


def context_free(plan: _Plan) -> bool:
    """Can cards be chosen by the plan for a controller without a context
    (``select.picked_without_context``)? It names a zone of yours or of your opponents,
    a fixed number of picks (or every card), and asks of a card its one noun, or nouns and
    adjectives its definition may answer (``by_definitions``); nothing else (no random
    pick)."""
    ref = plan.zone
    if ref is None or (ref.possessor != "your" and "opponent" not in (ref.possessor or "")):
        return False
    if plan.quantifier is not None and plan.quantifier.kind == "random":
        return False  # picked by the game's RNG (``chosen_cards``), not chosen
    if plan.picks is None and not plan.takes_all:
        return False  # "X targets", "the top N": the context says how many
    if plan.noun_only is not None:
        return True
    return not plan.not_this and not plan.rest and plan.printed == plan.qualities


def by_definitions(engine: Engine, plan: _Plan, pool: Iterable[int]) -> list[int] | None:
    """``by_verdicts`` where each card's definition answers it (no states, a verdict that
    turns it down or passes every adjective) and the plan asks nothing else of a card but
    its nouns (``context_free``); None where a card needs more (a context then asks)."""
    cards, verdicts = engine.state.cards, plan.verdicts
    definitions, kernel = engine.pool.cards, engine.kernel
    kind = kernel.__class__
    out = []
    for uid in pool:
        card = cards[uid]
        if card.states:
            return None
        card_id = card.card_id
        found = verdicts.get(card_id)
        if found is None or found[0] is not definitions.get(card_id) or found[1] is not kind:
            found = _printed_verdict(engine, plan, uid)
        if found[2]:
            continue
        if not found[3]:
            return None
        if plan.any_card or any(kernel.is_a(engine, uid, noun) for noun in plan.nouns):
            out.append(uid)
    return out


def selected_by_definition(engine: Engine, plan: _Plan, source: int, uid: int) -> bool | None:
    """``selects`` of the card by the standing text of ``source`` (its controller reading)
    without a context, where the plan asks only what the card's definition and controller
    answer (``_Plan.by_definition``), nothing lasting is in play, the card has no states
    and the kernel answers its adjectives from definitions (``printed_quality``); None
    where the context must ask after all."""
    state = engine.state
    card = state.cards[uid]
    if card.states or state.lasting:
        return None
    kernel = engine.kernel
    zone = card.zone
    if zone not in kernel.play_zones:
        return False
    # (its controller's zone, nearly always: asked before ``_listed``, without a call)
    if uid not in state.players[card.controller].zones.get(zone, ()) and not _listed(
        state, card, uid, zone
    ):
        return False
    if plan.not_this and uid == source:
        return False
    card_id = card.card_id
    found = plan.standing.get(card_id)
    if (
        found is None
        or found[0] is not engine.pool.cards.get(card_id)
        or found[1] is not kernel.__class__
    ):
        found = _standing_verdict(engine, plan, uid)
    holds = found[2]
    if not holds:
        return holds  # (False, or None: the kernel cannot say from the definition)
    whose = plan.whose
    if whose is not None and (card.controller == state.cards[source].controller) != whose:
        return False
    if plan.any_card:
        return True
    return any(kernel.is_a(engine, uid, noun) for noun in plan.nouns)


def _standing_verdict(engine: Engine, plan: _Plan, uid: int) -> tuple[CardDef, type, bool | None]:
    """Does the card's definition hold every adjective and name of the plan; None where
    the kernel does not answer an adjective from the definition alone (remembered in the
    plan per card id, for its definition: ``selected_by_definition``)."""
    kernel, definition = engine.kernel, engine.definition(uid)
    holds: bool | None = True
    for quality in plan.qualities:
        if quality.kind == "name":
            has: bool | None = _has_name(engine, uid, quality.value)
        elif quality.kind != "adj":
            continue
        elif quality.value in kernel.source_qualities:
            has = None  # as the speaking card means it
        else:
            has = kernel.printed_quality(engine, uid, quality.value)
        if has is None:
            holds = None
        elif has == quality.negated:
            holds = False
            break
    found = plan.standing[definition.id] = (definition, kernel.__class__, holds)
    return found


def _listed(state: GameState, card: Card, uid: int, zone: str) -> bool:
    """Is the card listed in ``zone`` of some player, or the shared one? Its
    controller's, nearly always: asked first."""
    if uid in state.players[card.controller].zones.get(zone, ()):
        return True
    for p in state.players:  # a loop: any() with a generator costs more, per check
        if uid in p.zones.get(zone, ()):
            return True
    return uid in state.shared.get(zone, ())


def _printed_verdict(engine: Engine, plan: _Plan, uid: int) -> _Verdict:
    """Does an adjective of the plan that the kernel answers from the card's definition
    turn the card down; does the definition answer yes to all of its qualities
    (remembered in the plan per card id, for its definition)?"""
    kernel, definition = engine.kernel, engine.definition(uid)
    rejects, passes = False, True
    for quality in plan.qualities:
        value = quality.value
        if quality.kind != "adj" or value == "attached" or value in kernel.source_qualities:
            passes = False  # not the definition's alone (the speaking card's meaning…)
            continue
        has = kernel.printed_quality(engine, uid, value)
        if has is None:
            passes = False
        elif has == quality.negated:
            rejects, passes = True, False
            break
    found = plan.verdicts[definition.id] = (definition, kernel.__class__, rejects, passes)
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
    if kind == "adj_with":  # "engaged with you", "… with another player"
        toward = engine.kernel.held_toward(engine, uid, f.name or "")
        mine = toward == ctx.controller
        return toward is not None and (mine if f.value == "you" else not mine)
    if kind == "other_than_this":
        return uid != ctx.source
    if kind == "history":
        happened_to = (f.name, uid)  # a history entry's (event, subject)
        return any(h[:2] == happened_to for h in engine.state.history)
    raise RulesError(f"unknown filter {kind!r}", ctx)


def compare(value: int, comparison: ast.Comparison | None, ctx: Context) -> bool:
    if comparison is None:
        return True
    op = comparison.op
    if op is None and comparison.value.kind in ("a", "an"):
        return value >= 1  # "if this has a counter": one or more, not exactly one
    holds = _HOLDS.get(op or "", comparison.holds)
    return holds(value, ctx.amount(comparison.value))
