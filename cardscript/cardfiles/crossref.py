"""Checks across all card files of a run: unique ids, references, sets that belong together.
A file may name the bundled cards of its game and may not reuse their ids (bundled_refs.py).

| code | meaning |
|---|---|
| CS-C020 | two cards of one game share an id |
| CS-C021 | a field names a card that does not exist |
| CS-C022 | Marvel Champions: the two sides of a card do not point at each other |
| CS-C023 | Pocket Duel: a hero's set is not one card of each of the seven types |
| CS-C024 | Marvel Champions: a nemesis set that no card belongs to |
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator

from cardscript.cardfiles.checkfile import CardSummary
from cardscript.grammar.diagnostics import Diagnostic, did_you_mean, error

POCKET_DUEL_TYPES = ("strength", "weapon", "intellect", "defense", "agility", "rest", "superpower")


def cross_file_diagnostics(
    cards: Iterable[CardSummary], bundled: Iterable[CardSummary] = ()
) -> list[Diagnostic]:
    """The problems between the ``cards`` of the files given; ``bundled`` cards (of
    bundled files not given) may be named and their ids may not be taken."""
    by_game: dict[str, list[CardSummary]] = defaultdict(list)
    for card in cards:
        by_game[card.game].append(card)
    shipped: dict[str, list[CardSummary]] = defaultdict(list)
    for card in bundled:
        shipped[card.game].append(card)
    out: list[Diagnostic] = []
    for game, game_cards in by_game.items():
        index = {c.id: c for c in shipped[game]}
        taken = set(index)  # (a bundled id: ``play --cards`` refuses a file that reuses it)
        for card in game_cards:
            first = index.get(card.id)
            if first is not None:
                out.append(
                    error(
                        "CS-C020",
                        f'the id "{card.id}" is already used by "{first.name}" at {first.span}',
                        card.span,
                        "ids must be unique within a game"
                        + (", the bundled cards' too" if card.id in taken else ""),
                    )
                )
            else:
                index[card.id] = card
        out.extend(_references(game_cards, index))
        if game == "marvel-champions":
            out.extend(_double_sided(game_cards, index))
            out.extend(_nemesis_sets([*game_cards, *shipped[game]], game_cards))
        if game == "pocket-duel":
            out.extend(_hero_sets(game_cards))
    return out


def _references(cards: list[CardSummary], index: dict[str, CardSummary]) -> Iterator[Diagnostic]:
    for card in cards:
        for field, target, span in card.refs:
            if target not in index:
                yield error(
                    "CS-C021",
                    f'"{field}" names the card "{target}", which does not exist',
                    span,
                    did_you_mean(target, index),
                )


def _double_sided(cards: list[CardSummary], index: dict[str, CardSummary]) -> Iterator[Diagnostic]:
    for card in cards:
        back = dict(card.fields).get("back")
        other = index.get(back) if isinstance(back, str) else None
        if other is not None and dict(other.fields).get("back") != card.id:
            yield error(
                "CS-C022",
                f'"{card.id}" names "{back}" as its other side, but '
                f'"{back}" does not name "{card.id}"',
                card.span,
                f'perhaps try "back: {card.id}" on "{back}"',
            )


def _nemesis_sets(known: list[CardSummary], cards: list[CardSummary]) -> Iterator[Diagnostic]:
    sets = {str(dict(c.fields).get("set_code")) for c in known if dict(c.fields).get("set_code")}
    for card in cards:
        wanted = dict(card.fields).get("nemesis_set")
        if isinstance(wanted, str) and wanted not in sets:
            yield error(
                "CS-C024",
                f'"{card.name}" names the nemesis set "{wanted}", but no card has that set_code',
                card.span,
                did_you_mean(wanted, sets),
            )


def _hero_sets(cards: list[CardSummary]) -> Iterator[Diagnostic]:
    heroes = {c.id: c for c in cards if c.type == "hero"}
    sets: dict[str, Counter[str]] = defaultdict(Counter)
    for card in cards:
        hero = dict(card.fields).get("hero")
        if card.type in POCKET_DUEL_TYPES and isinstance(hero, str):
            sets[hero][card.type] += 1
    for hero_id, hero in heroes.items():
        counts = sets.get(hero_id, Counter())
        missing = [t for t in POCKET_DUEL_TYPES if counts[t] == 0]
        doubled = [t for t in POCKET_DUEL_TYPES if counts[t] > 1]
        if missing or doubled:
            parts = []
            if missing:
                parts.append("no " + ", ".join(missing) + " card")
            if doubled:
                parts.append("more than one " + ", ".join(doubled) + " card")
            yield error(
                "CS-C023",
                f'the hero "{hero.name}" has {" and ".join(parts)}; a hero '
                "set is one card of each of the seven types (spec §4)",
                hero.span,
            )
