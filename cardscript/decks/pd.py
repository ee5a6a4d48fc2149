"""Pocket Duel: the deck rules that data alone cannot say.

Why Python: a Pocket Duel "deck" is a team of heroes, and each hero's set is found, not
listed — the hero card plus the ability cards whose ``hero`` is that hero (or the cards a
deck lists, grouped by their hero). Legacy transfers then move cards between those sets in
team order, and whether a transfer is allowed depends on the sets as the earlier transfers
left them. The numbers (team sizes per format, the ability types, transfers per defeat)
and the hook names stay in deck_rules.yaml; the set rules themselves (8 cards, one hero,
one card of each type) are generic rules run per hero set.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardscript.decks.context import Ctx, Group, Item, copies, violation
from cardscript.decks.model import DeckEntry
from cardscript.decks.overrides import flag_value, limit_value
from cardscript.decks.pool import PoolCard, normalize
from cardscript.decks.rules import Rule
from cardscript.grammar.diagnostics import Diagnostic, Span, article


@dataclass(frozen=True)
class Problem:
    """A transfer problem found while preparing, reported by the rule of its ``kind``."""

    kind: str  # "format" | "order" | "type" | "nontransferable"
    details: str
    span: Span
    hint: str


def _params(ctx: Ctx) -> dict[str, Any]:
    return dict(ctx.rules.params)


def _refs(ctx: Ctx) -> list[tuple[str, Span]]:
    fields = ctx.deck.fields
    for key in ("team", "heroes"):
        value = fields.get(key)
        if isinstance(value, list):
            return [(str(v), ctx.deck.span(f"{key}.{i}")) for i, v in enumerate(value)]
        if isinstance(value, str):
            return [(value, ctx.deck.span(key))]
    if isinstance(fields.get("hero"), str):
        return [(fields["hero"], ctx.deck.span("hero"))]
    return []


def _hero(ctx: Ctx, ref: str) -> PoolCard | None:
    hero_type = _params(ctx).get("hero_type", "hero")
    return next((c for c in ctx.pool.resolve(ref) if c.type == hero_type), None)


def prepare(ctx: Ctx) -> Iterable[Diagnostic]:
    params = _params(ctx)
    hero_type = params.get("hero_type", "hero")
    abilities = tuple(params.get("ability_types", ()))
    team: list[tuple[PoolCard, Span]] = []
    not_heroes: list[tuple[PoolCard, Span]] = []
    for ref, span in _refs(ctx):
        found = ctx.pool.resolve(ref)
        hero = next((c for c in found if c.type == hero_type), None)
        if hero is not None:
            team.append((hero, span))
        elif found:
            not_heroes.append((found[0], span))
        else:
            ctx.unknown.append(Item(DeckEntry(ref, 1, span, "team"), None))
    ctx.extra.update(team=team, not_heroes=not_heroes, strays=[], transferred=set(), problems=[])
    sets: dict[str, Group] = {}
    for hero, span in team:
        if hero.id not in sets:
            sets[hero.id] = Group(f'the hero set of "{hero.name}"', [], span)
    listed = ctx.items()
    if listed:
        for item in listed:
            card = item.card
            if card is None:
                continue
            owner = card.id if card.type == hero_type else str(card.get("hero") or "")
            if owner in sets:
                sets[owner].items.append(item)
            else:
                ctx.extra["strays"].append(item)
    else:
        for hero, span in team:
            group = sets[hero.id]
            if group.items:
                continue
            group.items.append(Item(DeckEntry(hero.id, 1, span), hero))
            group.items.extend(
                Item(DeckEntry(c.id, 1, span), c)
                for c in ctx.pool.cards()
                if c.get("hero") == hero.id and c.type in abilities
            )
    ctx.groups["hero_set"] = list(sets.values())
    _transfers(ctx, sets, team)
    return ()


def _transfers(ctx: Ctx, sets: dict[str, Group], team: list[tuple[PoolCard, Span]]) -> None:
    raw = ctx.deck.fields.get("transfers")
    if not raw:
        return
    problems: list[Problem] = ctx.extra["problems"]
    params = _params(ctx)
    if ctx.fmt not in params.get("transfer_formats", ("legacy",)):
        problems.append(
            Problem(
                "format",
                f"this {ctx.fmt} deck lists transfers",
                ctx.deck.span("transfers"),
                'remove "transfers", or check it as a Legacy team (format: legacy)',
            )
        )
        return
    if not isinstance(raw, list):
        raw = [raw]
    order = [hero.id for hero, _ in team]
    per_defeat = _per_defeat(ctx)
    given: dict[str, int] = {}  # own cards each hero has passed on
    for i, spec in enumerate(raw):
        where = f"transfers.{i}"
        if not isinstance(spec, dict) or "card" not in spec:
            problems.append(
                Problem(
                    "order",
                    "a transfer names its card: {card: …, from: …, to: …, replaces: …}",
                    ctx.deck.span(where),
                    'write the transfer as a mapping with "card"',
                )
            )
            continue
        found = _transfer(ctx, sets, order, spec, where, given, per_defeat)
        if isinstance(found, Problem):
            problems.append(found)


def _per_defeat(ctx: Ctx) -> int | None:
    rule = next((r for r in ctx.rules.for_format(ctx.fmt) if r.get("problem") == "order"), None)
    if rule is None:
        return 1
    value, _ = ctx.param(rule, "per_defeat")
    if isinstance(value, str):
        try:
            return limit_value(value)
        except ValueError:
            return 1
    return value if isinstance(value, int) else 1


def _transfer(
    ctx: Ctx,
    sets: dict[str, Group],
    order: list[str],
    spec: dict[str, Any],
    where: str,
    given: dict[str, int],
    per_defeat: int | None,
) -> Problem | None:
    hero_type = _params(ctx).get("hero_type", "hero")
    span = ctx.deck.span(f"{where}.card")
    cards = ctx.pool.resolve(str(spec["card"]))
    if not cards:
        ctx.unknown.append(Item(DeckEntry(str(spec["card"]), 1, span, "transfers"), None))
        return None
    card = cards[0]
    if card.type == hero_type:
        return Problem(
            "nontransferable",
            f'"{card.name}" is a hero card',
            span,
            "transfer one of the hero's ability cards instead",
        )
    blocked = _non_transferable(ctx, card)
    if blocked:
        return Problem(
            "nontransferable",
            f'"{card.name}" {blocked}',
            span,
            f'choose another card than "{card.name}"',
        )
    giver = _team_member(ctx, spec.get("from"), sets, card)
    if giver is None:
        owner = ctx.pool.by_id.get(str(card.get("hero") or "").casefold())
        named = spec.get("from", owner.name if owner is not None else card.get("hero"))
        return Problem(
            "order",
            f'"{named}" is not a hero of this team',
            ctx.deck.span(f"{where}.from"),
            "transfer from a hero of the team",
        )
    nxt = order.index(giver) + 1
    taker = (
        _team_member(ctx, spec.get("to"), sets, None)
        if "to" in spec
        else (order[nxt] if nxt < len(order) else None)
    )
    giver_name = sets[giver].label.removeprefix("the hero set of ")
    if taker is None or taker not in order:
        shown = spec.get("to", "the next hero")
        return Problem(
            "order",
            f'{giver_name} passes "{card.name}" to {shown}, who is not a later hero of this team',
            ctx.deck.span(f"{where}.to"),
            "transfer to the next hero of the team",
        )
    if order.index(taker) != nxt:
        return Problem(
            "order",
            f'{giver_name} passes "{card.name}" to '
            f"{sets[taker].label.removeprefix('the hero set of ')}, who is not the "
            "next hero of the team",
            ctx.deck.span(f"{where}.to"),
            "transfer from the first hero to the second, or from the second to the third",
        )
    in_giver = next(
        (i for i in sets[giver].items if i.card is not None and i.card.id == card.id), None
    )
    if in_giver is None:
        return Problem(
            "order",
            f'"{card.name}" is not in {sets[giver].label}',
            span,
            f"transfer a card {giver_name} has",
        )
    own = (giver, card.id) not in ctx.extra["transferred"]  # not the card it received
    if own and per_defeat is not None and given.get(giver, 0) + 1 > per_defeat:
        return Problem(
            "order",
            f'{giver_name} passes on "{card.name}" after {given.get(giver, 0)} of its own '
            "cards already",
            span,
            f"remove this transfer: {giver_name} may pass on {per_defeat} of its own cards",
        )
    problem = _replace(ctx, sets[taker], card, spec, where, in_giver, taker)
    if problem is None and own:
        given[giver] = given.get(giver, 0) + 1
    return problem


def _replace(
    ctx: Ctx,
    target: Group,
    card: PoolCard,
    spec: dict[str, Any],
    where: str,
    moved: Item,
    taker: str,
) -> Problem | None:
    same = [i for i in target.items if i.card is not None and i.card.type == card.type]
    if "replaces" in spec:
        wanted = {c.id for c in ctx.pool.resolve(str(spec["replaces"]))}
        chosen = next((i for i in target.items if i.card is not None and i.card.id in wanted), None)
        span = ctx.deck.span(f"{where}.replaces")
        if chosen is None:
            return Problem(
                "type",
                f'"{spec["replaces"]}" is not in {target.label}',
                span,
                f"replace a {card.type} card of {target.label}",
            )
        assert chosen.card is not None
        if chosen.card.type != card.type:
            return Problem(
                "type",
                f'"{card.name}" ({card.type}) would replace '
                f'"{chosen.card.name}" ({chosen.card.type})',
                span,
                f"replace the {card.type} card of {target.label}"
                + (f' ("{same[0].card.name}")' if same and same[0].card else ""),
            )
    elif same:
        chosen = same[0]
    else:
        return Problem(
            "type",
            f'{target.label} has no {card.type} card for "{card.name}" to replace',
            ctx.deck.span(f"{where}.card"),
            "transfer a card of a type the receiving hero has",
        )
    target.items[target.items.index(chosen)] = Item(moved.entry, card)
    ctx.extra["transferred"].add((taker, card.id))
    return None


def _team_member(ctx: Ctx, ref: Any, sets: dict[str, Group], card: PoolCard | None) -> str | None:
    if ref is None:  # "from" left out: the card's own hero
        own = str(card.get("hero")) if card is not None else ""
        return own if own in sets else None
    hero = _hero(ctx, str(ref))
    return hero.id if hero is not None and hero.id in sets else None


def _non_transferable(ctx: Ctx, card: PoolCard) -> str:
    rule = next(
        (r for r in ctx.rules.for_format(ctx.fmt) if r.get("problem") == "nontransferable"), None
    )
    name = str(rule.get("field", "transferable")) if rule else "transferable"
    if card.get(name) is False:
        return "has the non-transferable symbol"
    hook = rule.hooks.get("allowed") if rule else None
    if hook:
        override = ctx.card_override(card, hook)
        if override is not None and flag_value(override.value) is False:
            return f"cannot be transferred: {override.via} turns {hook} off"
    return ""


# ---- the rule kinds ---------------------------------------------------------------------


def pd_heroes(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    wanted, _ = ctx.param(rule, "count")
    team = ctx.extra.get("team", [])
    for card, span in ctx.extra.get("not_heroes", []):
        yield violation(
            rule,
            f'"{card.name}" is {article(card.type)} {card.type} card, not a hero',
            span,
            "name hero cards in the team",
        )
    seen: dict[str, Span] = {}
    for hero, span in team:
        if hero.id in seen:
            yield violation(
                rule,
                f'"{hero.name}" is twice in this team',
                span,
                f'replace the second "{hero.name}" with another hero',
            )
        seen.setdefault(hero.id, span)
    named = (
        len(team)
        + len(ctx.extra.get("not_heroes", []))
        + sum(1 for i in ctx.unknown if i.entry.section == "team")
    )
    if isinstance(wanted, int) and named != wanted:
        what = "hero" if wanted == 1 else f"team of {wanted} heroes"
        hint = (
            f"add {wanted - named} hero{'es' if wanted - named > 1 else ''}"
            if named < wanted
            else f"remove {named - wanted} of the heroes"
        )
        if not named:
            hint = 'add "team: [Hero, …]"' if wanted > 1 else 'add "hero: <hero name>"'
        yield violation(
            rule,
            f"this {ctx.fmt} deck names {named} hero{'' if named == 1 else 'es'}"
            f" instead of a {what}",
            ctx.deck.span("team") if "team" in ctx.deck.fields else ctx.deck.top(),
            hint,
        )


def pd_shared(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    teams = ctx.deck.fields.get("teams")
    if isinstance(teams, list):
        teams = {str(i + 1): t for i, t in enumerate(teams)}
    if not isinstance(teams, dict):
        return
    first: dict[str, str] = {}
    for label, members in teams.items():
        for i, ref in enumerate(members if isinstance(members, list) else [members]):
            hero = _hero(ctx, str(ref))
            key = hero.id if hero is not None else normalize(str(ref))
            span = ctx.deck.span(f"teams.{label}.{i}")
            if key in first and first[key] != label:
                name = hero.name if hero is not None else str(ref)
                yield violation(
                    rule,
                    f'"{name}" is in team "{first[key]}" and in team "{label}"',
                    span,
                    f'choose another hero than "{name}" for team "{label}"',
                )
            first.setdefault(key, label)


def pd_own_cards(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    team_names = ", ".join(f'"{h.name}"' for h, _ in ctx.extra.get("team", [])) or "none"
    for item in ctx.extra.get("strays", []):
        card = item.card
        owner = ctx.pool.by_id.get(str(card.get("hero") or "").casefold()) if card else None
        whose = f'"{owner.name}"' if owner else "no hero of the pool"
        yield violation(
            rule,
            f'"{card.name}" belongs to {whose}, who is not in this team ({team_names})',
            item.entry.span,
            f'remove "{card.name}"',
        )
    transferred = ctx.extra.get("transferred", set())
    hero_type = _params(ctx).get("hero_type", "hero")
    for group in ctx.groups.get("hero_set", []):
        heroes = [i.card for i in group.items if i.card is not None and i.card.type == hero_type]
        if not heroes:
            continue
        hero = heroes[0]
        for item in group.items:
            card = item.card
            if card is None or card.type == hero_type or card.get("hero") == hero.id:
                continue
            if (hero.id, card.id) in transferred:
                continue
            yield violation(
                rule,
                f'"{card.name}" in {group.label} belongs to another hero',
                item.entry.span,
                f'remove {copies(item.count)} of "{card.name}"',
            )


def pd_transfers(rule: Rule, ctx: Ctx) -> Iterable[Diagnostic]:
    wanted = rule.get("problem")
    for problem in ctx.extra.get("problems", []):
        if problem.kind == wanted:
            yield violation(rule, problem.details, problem.span, problem.hint)


KINDS = {
    "pd_heroes": pd_heroes,
    "pd_shared": pd_shared,
    "pd_own_cards": pd_own_cards,
    "pd_transfers": pd_transfers,
}
