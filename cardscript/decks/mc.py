"""Marvel Champions: the deck rules that data alone cannot say.

Why Python: the identity is not a deck line but decides the rest — its own hero cards must
all be there (every copy, MC-DECK-03), other heroes' may not (MC-DECK-04), its alter-ego
counts for uniqueness (MC-DECK-08), and the aspect check needs the deck's chosen aspect or,
when none is declared, the one most of its aspect cards share (MC-DECK-05). The numbers
and lists (aspects, the identity types, set-aside types, the hook names) stay in
deck_rules.yaml; an identity's deck-building requirements come from its own card text
(``rule aspect_count is 2``), checked as MC-DECK-10.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardscript.decks.context import Ctx, Item, copies, violation
from cardscript.decks.model import DeckEntry
from cardscript.decks.overrides import CARDS, printed_match
from cardscript.decks.pool import PoolCard, normalize
from cardscript.decks.rules import Rule
from cardscript.grammar.diagnostics import Diagnostic, Span, article, did_you_mean
from cardscript.wording import plural


def _params(ctx: Ctx) -> dict[str, Any]:
    return dict(ctx.rules.params)


def prepare(ctx: Ctx) -> Iterable[Diagnostic]:
    params = _params(ctx)
    identity_types = tuple(params.get("identity_types", ("hero", "alter_ego")))
    set_aside = tuple(params.get("set_aside_types", ("obligation",)))
    ref = ctx.deck.fields.get("identity", ctx.deck.fields.get("hero"))
    key = "identity" if "identity" in ctx.deck.fields else "hero"
    hero = alter = None
    if isinstance(ref, str | int) and str(ref).strip():
        found = ctx.pool.resolve(str(ref))
        named = next((c for c in found if c.type in identity_types), found[0] if found else None)
        if named is None:
            ctx.unknown.append(Item(DeckEntry(str(ref), 1, ctx.deck.span(key), "identity"), None))
        elif named.type not in identity_types:
            ctx.extra["not_identity"] = (named, ctx.deck.span(key))
        else:
            hero, alter = _sides(ctx, named)
    ctx.extra["identity"], ctx.extra["alter_ego"] = hero, alter
    ctx.extra["identity_span"] = ctx.deck.span(key)
    sides = {c.id for c in (hero, alter) if c is not None}
    nemesis = hero.get("nemesis_set") if hero is not None else None
    counted: list[Item] = []
    others: list[Item] = []
    for item in ctx.items():
        card = item.card
        if card is not None and card.type in identity_types:
            if card.id not in sides:
                others.append(item)  # a second identity: MC-DECK-01
            continue  # the identity itself may be listed; it does not count (MC-DECK-02)
        if card is not None and (
            card.type in set_aside or (nemesis and card.get("set_code") == nemesis)
        ):
            continue  # obligation and nemesis cards travel with the hero (MC-DECK-12)
        counted.append(item)
    ctx.extra["all_main"] = ctx.items()
    ctx.extra["other_identities"] = others
    ctx.sections["main"] = counted
    # Whole-deck overrides come from the identity (its deck-building requirements) and the
    # counted cards, never from a second identity listed by mistake.
    ctx.deck_cards = [c for c in (hero, *(i.card for i in counted)) if c is not None]
    return ()


def _sides(ctx: Ctx, card: PoolCard) -> tuple[PoolCard, PoolCard | None]:
    """(hero side, alter-ego side) of the identity ``card`` is one side of."""
    other = ctx.pool.by_id.get(str(card.get("back") or "").casefold())
    if other is None:
        other = next((c for c in ctx.pool.cards() if str(c.get("back") or "") == card.id), None)
    if card.type == "hero":
        return card, other
    return (other, card) if other is not None else (card, None)


def mc_identity(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    hero = ctx.extra.get("identity")
    wrong = ctx.extra.get("not_identity")
    if wrong is not None:
        card, span = wrong
        yield violation(
            rule,
            f'"{card.name}" is {article(card.type)} {_words(card.type)}, not an identity',
            span,
            "name a hero (or its alter-ego) as the identity",
        )
    elif hero is None and not any(i.entry.section == "identity" for i in ctx.unknown):
        hint = (
            'add "identity: <hero id or name>"'
            if ctx.deck.kind == "yaml"
            else 'add a line "Hero: <hero name>"'
        )
        yield violation(rule, "this deck names no identity", ctx.deck.top(), hint)
    for item in ctx.extra.get("other_identities", ()):
        assert item.card is not None
        shown = f' besides "{hero.name}"' if hero is not None else ""
        yield violation(
            rule,
            f'this deck has a second identity "{item.card.name}"{shown}',
            item.entry.span,
            f'remove "{item.card.name}"',
        )


def own_cards(ctx: Ctx, hero: PoolCard) -> list[PoolCard]:
    params = _params(ctx)
    skip = {*params.get("identity_types", ()), *params.get("set_aside_types", ())}
    mark = params.get("hero_aspect", "hero")
    return [
        c
        for c in ctx.pool.cards()
        if c.get("aspect") == mark and c.get("owner") == hero.id and c.type not in skip
    ]


def _quantity(card: PoolCard) -> int | None:
    """The copies of ``card`` a hero's set holds ("quantity", 1 where the card file does
    not say); None where the file says something else than a number of 1 or more: no
    count is asked of the deck then (``validate`` reports the card file)."""
    value = card.get("quantity")
    if value is None:
        return 1
    return value if type(value) is int and value > 0 else None


def mc_hero_cards(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    hero = ctx.extra.get("identity")
    if hero is None:
        return
    have: dict[str, list[Item]] = {}
    for item in ctx.items():
        if item.card is not None and item.card.get("owner") == hero.id:
            have.setdefault(normalize(item.card.name), []).append(item)
    needed: dict[str, tuple[PoolCard, int]] = {}
    for card in own_cards(ctx, hero):
        quantity = _quantity(card)
        if quantity is not None:
            needed.setdefault(normalize(card.name), (card, quantity))
    for key, (card, quantity) in needed.items():
        items = have.get(key, [])
        total = sum(i.count for i in items)
        if total == quantity:
            continue
        span = items[0].entry.span if items else ctx.extra["identity_span"]
        details = (
            f'this deck has {total} of the {quantity} copies of "{card.name}" '
            f'({card.id}), a hero card of "{hero.name}"'
        )
        hint = (
            f'add {copies(quantity - total)} of "{card.name}"'
            if total < quantity
            else f'remove {copies(total - quantity)} of "{card.name}"'
        )
        yield violation(rule, details, span, hint)


def mc_other_heroes(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    hero = ctx.extra.get("identity")
    mark = _params(ctx).get("hero_aspect", "hero")
    for item in ctx.items():
        card = item.card
        if card is None or card.get("aspect") != mark:
            continue
        owner = str(card.get("owner") or "")
        if hero is not None and owner == hero.id:
            continue
        whose = ctx.pool.by_id.get(owner.casefold())
        name = f'"{whose.name}"' if whose is not None else f"the hero {owner}"
        yours = f', not of "{hero.name}"' if hero is not None else ""
        yield violation(
            rule,
            f'"{card.name}" is a hero card of {name}{yours}',
            item.entry.span,
            f'remove {copies(item.count)} of "{card.name}"',
        )


def _declared_aspects(ctx: Ctx, rule: Rule) -> tuple[list[str], list[Diagnostic]]:
    known = [str(a) for a in _params(ctx).get("aspects", ())]
    raw = ctx.deck.fields.get("aspects", ctx.deck.fields.get("aspect"))
    key = "aspects" if "aspects" in ctx.deck.fields else "aspect"
    values = raw if isinstance(raw, list) else [raw] if raw is not None else []
    out: list[str] = []
    problems: list[Diagnostic] = []
    for i, value in enumerate(values):
        word = normalize(str(value))
        if word in known:
            if word not in out:
                out.append(word)
            continue
        span = ctx.deck.span(f"{key}.{i}" if isinstance(raw, list) else key)
        problems.append(
            violation(
                rule,
                f'"{value}" is not an aspect',
                span,
                did_you_mean(str(value), known) or "the aspects are: " + ", ".join(known),
            )
        )
    return out, problems


def chosen_aspects(ctx: Ctx, rule: Rule, allowed: int) -> tuple[list[str], bool, list[Diagnostic]]:
    """The deck's aspects: declared, else the ``allowed`` most common among its cards."""
    declared, problems = _declared_aspects(ctx, rule)
    if declared:
        return declared, True, problems
    known = [str(a) for a in _params(ctx).get("aspects", ())]
    totals: dict[str, int] = {}
    for item in ctx.items():
        aspect = item.card.get("aspect") if item.card is not None else None
        if aspect in known:
            totals[str(aspect)] = totals.get(str(aspect), 0) + item.count
    ranked = sorted(totals, key=lambda a: (-totals[a], known.index(a)))
    return ranked[:allowed], False, problems


def mc_aspects(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    allowed, why = ctx.param(rule, "count")
    allowed = allowed if isinstance(allowed, int) else 1
    chosen, declared, problems = chosen_aspects(ctx, rule, allowed)
    yield from problems
    known = [str(a) for a in _params(ctx).get("aspects", ())]
    deck_is = " and ".join(a.title() for a in chosen) or "without an aspect"
    if declared and len(chosen) > allowed:
        because = f" ({why})" if why else ""
        yield violation(
            rule,
            f"this deck chooses {len(chosen)} aspects ("
            f"{', '.join(a.title() for a in chosen)}){because}",
            ctx.deck.span("aspects" if "aspects" in ctx.deck.fields else "aspect"),
            f"keep {plural(allowed, 'aspect')}",
        )
    for item in ctx.items():
        aspect = item.card.get("aspect") if item.card is not None else None
        if aspect in known and aspect not in chosen:
            assert item.card is not None
            yield violation(
                rule,
                f'this deck has {item.count} × "{item.card.name}" ({str(aspect).title()}); '
                f"this deck is {deck_is}",
                item.entry.span,
                f'replace "{item.card.name}" ({str(aspect).title()}) — this deck is {deck_is}',
            )


def mc_requirements(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    """The identity's deck-building requirements, from hooks its text overrides."""
    hero = ctx.extra.get("identity")
    if hero is None:
        return
    for param, hook in rule.hooks.items():
        if param == "includes":
            yield from _excluded(rule, ctx, hero, hook)
            continue
        override = next(
            (o for o in ctx.overrides(hero) if o.hook == hook and o.scope == "deck"), None
        )
        if override is None or param != "aspects":
            continue
        wanted = int(override.value) if override.value.isdigit() else None
        if wanted is None:
            continue
        chosen, _, _ = chosen_aspects(ctx, rule, wanted)
        if len(chosen) != wanted:
            shown = ", ".join(a.title() for a in chosen) or "none"
            yield violation(
                rule,
                f'"{hero.name}" requires {plural(wanted, "aspect")} '
                f"({hook} is {override.value}); this deck has {len(chosen)} ({shown})",
                ctx.extra["identity_span"],
                f'choose {plural(wanted, "aspect")} in "aspects"',
            )


def _excluded(rule: Rule, ctx: Ctx, hero: PoolCard, hook: str) -> Iterable[Diagnostic]:
    """An identity's requirement that leaves cards out of its deck: "rule deck_includes is
    off for upgrades with cost 3 or more." (MC-DECK-10, MC2-T-103)."""
    for override in ctx.overrides(hero):
        if override.hook != hook or override.scope != CARDS or override.cards is None:
            continue
        if override.value.casefold() not in ("off", "false", "no"):
            continue
        written = override.cards.span
        for item in ctx.items():
            if item.card is None or printed_match(item.card, override.cards) is not True:
                continue
            yield violation(
                rule,
                f'"{item.card.name}" may not be in a "{hero.name}" deck '
                f"({hook} is off for {_text_of(hero, written)})",
                item.entry.span,
                f'remove {copies(item.count)} of "{item.card.name}"',
            )


def _text_of(card: PoolCard, span: Span | None) -> str:
    """The words of the card's text a span covers ("upgrades with cost 3 or more")."""
    text = str(card.get("text") or "")
    if span is None or span.end_offset <= span.offset:
        return "the cards it names"
    return text[span.offset : span.end_offset]


def mc_unique(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    hero, alter = ctx.extra.get("identity"), ctx.extra.get("alter_ego")
    by_key: dict[tuple[str, str], list[Item]] = {}
    for item in ctx.items():
        card = item.card
        if card is not None and card.get("unique") is True:
            key = (normalize(card.name), normalize(str(card.get("subtitle") or "")))
            by_key.setdefault(key, []).append(item)
    identity_key = None
    if hero is not None and alter is not None:
        identity_key = (normalize(hero.name), normalize(alter.name))
    base, why = ctx.param(rule, "limit")
    hook = rule.hooks.get("limit")
    for key, items in by_key.items():
        total = sum(i.count for i in items)
        first = items[0]
        assert first.card is not None
        name = _unique_name(first.card)
        limit = base if isinstance(base, int) else 1
        own = ctx.card_override(first.card, hook) if hook else None
        if own is not None and own.value.isdigit():
            limit, why = int(own.value), f"{own.via} allows {own.value}"
        if key == identity_key:
            assert hero is not None and alter is not None
            yield violation(
                rule,
                f"this deck has {total} × {name}, the same person as its "
                f'identity "{hero.name}" ({alter.name})',
                first.entry.span,
                f"remove {copies(total)} of {name}",
            )
        elif total > limit:
            because = f"; {why}" if why else ""
            yield violation(
                rule,
                f"this deck has {total} × {name}{because}",
                first.entry.span,
                f"remove {copies(total - limit)} of {name}",
            )


def _unique_name(card: PoolCard) -> str:
    subtitle = card.get("subtitle")
    return f'"{card.name}" ({subtitle})' if subtitle else f'"{card.name}"'


def _words(word: str) -> str:
    return word.replace("_", " ")


KINDS = {
    "mc_identity": mc_identity,
    "mc_hero_cards": mc_hero_cards,
    "mc_other_heroes": mc_other_heroes,
    "mc_aspects": mc_aspects,
    "mc_requirements": mc_requirements,
    "mc_unique": mc_unique,
}
