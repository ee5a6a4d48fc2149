"""The rule kinds every game shares. Each takes a rule (its parameters come from the
game's deck_rules.yaml) and the deck's context, and returns its violations.

| kind | parameters | counts |
|---|---|---|
| known_cards | — | every deck line names a card of the pool (did-you-mean if not) |
| deck_size | min, max, exactly, noun | the cards of the deck (or section / group) |
| copy_limit | key, where, limit, limit_fields, hooks.limit | copies per key (name, name+version…) |
| count | where, min, max, exactly, noun | the cards that pass ``where`` |
| allowed | where, describe | every card passes ``where`` |
| one_of_each | field, values, where | each value exactly once (per group) |
| subset | section, of | a section's cards are also in another (Berserk squad ⊆ deck) |
| total | field, where, max | the sum of a number field (Berserk flyer budget) |

Every kind also takes ``section`` (default the deck) or ``per`` (a grouping a game module
prepared, e.g. Pocket Duel's ``hero_set``), and ``hooks`` (parameter -> rule hook) for the
Golden Rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from cardscript.decks.context import (
    Ctx,
    Group,
    Item,
    copies,
    field_of,
    key_of,
    lines_of,
    listing,
    matches,
    shown,
    violation,
)
from cardscript.decks.overrides import limit_value
from cardscript.decks.pool import PoolCard, normalize
from cardscript.decks.rules import Rule
from cardscript.grammar.diagnostics import Diagnostic, article
from cardscript.wording import plural

Kind = Callable[[Rule, Ctx], Iterable[Diagnostic]]


def _whose(group: Group, fallback: str = "this deck") -> str:
    return group.label or fallback


def known_cards(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    for item in ctx.unknown:
        ref = item.entry.ref
        where = "" if item.entry.section == "main" else f" (in the {item.entry.section})"
        hint = ctx.pool.suggestion(ref) or (
            f"add the file that defines it with --cards; the pool has {len(ctx.pool)} "
            f"{ctx.game} cards"
        )
        yield violation(
            rule, f'"{ref}"{where} is not a card of the card pool', item.entry.span, hint
        )


def deck_size(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    noun = str(rule.get("noun", "card|cards"))
    for group in ctx.groups_for(rule):
        total = sum(i.count for i in group.items)
        yield from _bounds(rule, ctx, total, noun, group, [])


def count(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    noun = str(rule.get("noun", "card|cards"))
    where = rule.get("where")
    for group in ctx.groups_for(rule):
        chosen = [i for i in group.items if matches(i.card, where)]
        total = sum(i.count for i in chosen)
        yield from _bounds(rule, ctx, total, noun, group, chosen)


def _bounds(
    rule: Rule, ctx: Ctx, total: int, noun: str, group: Group, chosen: list[Item]
) -> Iterable[Diagnostic]:
    exactly, why_exactly = ctx.param(rule, "exactly")
    low, why_low = ctx.param(rule, "min")
    high, why_high = ctx.param(rule, "max")
    if exactly is not None:
        low = high = exactly
        why_low = why_high = why_exactly
    has = f"{_whose(group)} has {plural(total, noun)}"
    listed = f": {listing(chosen)}" if chosen else ""
    if isinstance(low, int) and total < low:
        why = f" ({why_low})" if why_low else ""
        yield violation(rule, f"{has}{listed}{why}", group.span, f"add {plural(low - total, noun)}")
    elif isinstance(high, int) and total > high:
        why = f" ({why_high})" if why_high else ""
        extra = total - high
        example = ""
        if chosen:
            biggest = max(chosen, key=lambda i: i.count)
            name = biggest.card.name if biggest.card else biggest.entry.ref
            example = f', e.g. {copies(min(extra, biggest.count))} of "{name}"'
        yield violation(
            rule, f"{has}{listed}{why}", group.span, f"remove {plural(extra, noun)}{example}"
        )


def copy_limit(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    fields = tuple(rule.get("key") or ("name",))
    where = rule.get("where")
    base, why_base = ctx.param(rule, "limit")
    for group in ctx.groups_for(rule):
        by_key: dict[tuple[str, ...], list[Item]] = {}
        for item in group.items:
            if item.card is not None and matches(item.card, where):
                by_key.setdefault(key_of(item.card, fields), []).append(item)
        for items in by_key.values():
            total = sum(i.count for i in items)
            limit, why = _card_limit(rule, ctx, items, base, why_base)
            if limit is None or total <= limit:
                continue
            first = items[0]
            assert first.card is not None
            name = shown(first.card, fields)
            details = f"{_whose(group)} has {total} × {name}{lines_of(items)}"
            if why:
                details += f"; {why}"
            ids = sorted({i.card.id for i in items if i.card is not None})
            yield violation(
                rule,
                details,
                first.entry.span,
                f"remove {copies(total - limit)} of {name} ({', '.join(ids)})",
            )


def _card_limit(
    rule: Rule, ctx: Ctx, items: list[Item], base: Any, why_base: str | None
) -> tuple[int | None, str | None]:
    """The limit for one key: a card's own limit (its override or a limit field) replaces
    the rule's; when the cards of a key disagree, the most generous one counts."""
    hook = rule.hooks.get("limit")
    own = [
        found
        for item in items
        if item.card is not None and (found := _own_limit(rule, ctx, item.card, hook)) is not None
    ]
    if not own:
        return (base if isinstance(base, int) else None), why_base
    for value, reason in own:
        if value is None:
            return None, reason
    return max(own, key=lambda found: found[0] or 0)


def _own_limit(
    rule: Rule, ctx: Ctx, card: PoolCard, hook: str | None
) -> tuple[int | None, str] | None:
    if hook:
        override = ctx.card_override(card, hook)
        if override is not None:
            try:
                value = limit_value(override.value)
            except ValueError:
                return None
            allows = "any number" if value is None else str(value)
            return value, f"{override.via} allows {allows}"
    for spec in rule.get("limit_fields") or ():
        value = card.get(spec["field"])
        if value is None:
            continue
        if "equals" in spec:
            if value == spec["equals"]:
                shown = json.dumps(value, ensure_ascii=False)
                return int(spec["value"]), f'"{spec["field"]}: {shown}" allows {spec["value"]}'
        elif isinstance(value, int):
            return value, f'"{card.name}" says "Max {value} per deck"'
    return None


def allowed(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    where = rule.get("where")
    describe = str(rule.get("describe", "type"))
    for group in ctx.groups_for(rule):
        for item in group.items:
            card = item.card
            if card is None or matches(card, where):
                continue
            value = field_of(card, describe)
            yield violation(
                rule,
                f'"{card.name}" is {article(str(value))} {value} card'
                if describe != "type"
                else f'"{card.name}" is {article(str(value))} {_words(str(value))}',
                item.entry.span,
                f'remove {copies(item.count)} of "{card.name}"',
            )


def one_of_each(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    name = str(rule.get("field", "type"))
    values = [str(v) for v in rule.get("values") or ()]
    where = rule.get("where")
    for group in ctx.groups_for(rule):
        found: dict[str, list[Item]] = {v: [] for v in values}
        for item in group.items:
            if item.card is not None and matches(item.card, where):
                value = str(field_of(item.card, name))
                if value in found:
                    found[value].append(item)
        for value, items in found.items():
            total = sum(i.count for i in items)
            if total == 0:
                yield violation(
                    rule,
                    f"{_whose(group)} has no {_words(value)} card",
                    group.span,
                    f"add one {_words(value)} card",
                )
            elif total > 1:
                extra = items[-1]
                yield violation(
                    rule,
                    f"{_whose(group)} has {total} {_words(value)} cards: {listing(items)}",
                    extra.entry.span,
                    f"keep one {_words(value)} card and remove {total - 1}",
                )


def subset(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    section = str(rule.get("section", "squad"))
    outer = str(rule.get("of", "main"))
    have: dict[str, int] = {}
    for item in ctx.items(outer):
        if item.card is not None:
            have[item.card.id] = have.get(item.card.id, 0) + item.count
    used: dict[str, int] = {}
    for item in ctx.items(section):
        card = item.card
        if card is None:
            continue
        used[card.id] = used.get(card.id, 0) + item.count
        if used[card.id] > have.get(card.id, 0):
            shortfall = used[card.id] - have.get(card.id, 0)
            yield violation(
                rule,
                f'the {section} has {used[card.id]} × "{card.name}" but the '
                f"deck has {have.get(card.id, 0)}",
                item.entry.span,
                f'take {copies(shortfall)} of "{card.name}" out of the {section}, or '
                f"add them to the deck",
            )


def total(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    name = str(rule.get("field", "cost"))
    where = rule.get("where")
    high, why = ctx.param(rule, "max")
    if not isinstance(high, int):
        return
    for group in ctx.groups_for(rule):
        chosen = [i for i in group.items if matches(i.card, where)]
        amount = sum(_number(field_of(i.card, name)) * i.count for i in chosen if i.card)
        if amount > high:
            because = f" ({why})" if why else ""
            noun = rule.get("noun", "cards")
            unit = f" {rule.get('unit')}" if rule.get("unit") else ""
            yield violation(
                rule,
                f"{_whose(group)} has {noun} worth {amount}{unit}: {listing(chosen)}{because}",
                group.span,
                f"take out {noun} worth at least {amount - high}{unit}",
            )


def _number(value: Any) -> int:
    return value if isinstance(value, int) else 0


def _words(value: str) -> str:
    return value.replace("_", " ")


KINDS: dict[str, Kind] = {
    "known_cards": known_cards,
    "deck_size": deck_size,
    "copy_limit": copy_limit,
    "count": count,
    "allowed": allowed,
    "one_of_each": one_of_each,
    "subset": subset,
    "total": total,
}

__all__ = ["KINDS", "Kind", "normalize"]
