"""What a card selector asks of a card, worked out once per selector node (``_Plan``),
and the test of one card against it (``_matches``): ``select`` lists and chooses the
cards, this module says whether one is meant."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from cardscript.grammar import ast
from cardscript.interpreter.context import _HOLDS, Context, RulesError, fixed_amount

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CardDef
    from cardscript.interpreter.engine import Engine


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
