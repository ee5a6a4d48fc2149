"""Check decks: resolve each line in the card pool, then run the rules of the format.

The rules come from the game's deck_rules.yaml; their kinds are checks.py's plus the few
a game module adds for what data cannot say (mc.py, pd.py). A game module may also
``prepare`` the context: Marvel Champions sets its identity apart, Pocket Duel builds
hero sets from its team.

| code    | meaning |
|---|---|
| CS-D005 | the deck names a format its game does not have |
| CS-D007 | a name matches several different cards; the first is used (warning) |
| CS-D008 | a deck key that means nothing for this game (warning) |
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from cardscript.decks.checks import KINDS, Kind
from cardscript.decks.context import Ctx, Item
from cardscript.decks.files import collect_deck_files, read_deck
from cardscript.decks.model import Deck
from cardscript.decks.pool import CardPool, load_pool, normalize
from cardscript.decks.rules import load_rules
from cardscript.decks.yamldeck import ENTRY_SECTIONS, FIELD_KEYS
from cardscript.grammar.diagnostics import Diagnostic, did_you_mean, error, warning

# What data cannot say, per game (see each module's docstring for why).
GAME_MODULES = {
    "marvel-champions": "cardscript.decks.mc",
    "pocket-duel": "cardscript.decks.pd",
}


@cache
def _module(game: str) -> ModuleType | None:
    name = GAME_MODULES.get(game)
    return importlib.import_module(name) if name else None


def kinds_for(game: str) -> dict[str, Kind]:
    module = _module(game)
    extra: dict[str, Kind] = getattr(module, "KINDS", {}) if module else {}
    return {**KINDS, **extra}


def check_deck(deck: Deck, pool: CardPool, *, fmt: str | None = None) -> list[Diagnostic]:
    """Every problem of one deck: what its reader found, then each rule broken."""
    diagnostics = list(deck.diagnostics)
    if deck.game is None:
        return diagnostics
    rules = load_rules(deck.game)
    chosen = fmt or deck.format or rules.default_format
    if chosen not in rules.formats:
        where = deck.span("format") if deck.format and not fmt else deck.top()
        diagnostics.append(
            error(
                "CS-D005",
                f'{rules.title} has no format "{chosen}"; its formats are: '
                f"{', '.join(rules.formats)}",
                where,
                did_you_mean(chosen, rules.formats),
            )
        )
        return diagnostics
    diagnostics.extend(_unused_fields(deck, rules.deck_fields))
    if deck.kind == "yaml" and "cards" not in deck.spans and not rules.params.get("cards_optional"):
        diagnostics.append(
            error(
                "CS-D001",
                'this deck has no "cards:" list',
                deck.top(),
                'perhaps try "cards:" followed by lines such as "- 3x Card Name"',
            )
        )
    ctx = Ctx(deck, rules, chosen, pool.game(deck.game))
    diagnostics.extend(_resolve(ctx))
    ctx.deck_cards = [i.card for i in ctx.items() if i.card is not None]
    module = _module(deck.game)
    prepare: Callable[[Ctx], Iterable[Diagnostic]] | None = getattr(module, "prepare", None)
    if prepare is not None:
        diagnostics.extend(prepare(ctx))
    kinds = kinds_for(deck.game)
    for rule in rules.for_format(chosen):
        section = rule.get("section")
        if section and not ctx.items(str(section)):
            continue
        diagnostics.extend(kinds[rule.kind](rule, ctx))
    return diagnostics


def _unused_fields(deck: Deck, allowed: Sequence[str]) -> Iterable[Diagnostic]:
    if deck.kind != "yaml":
        return
    sections = {e.section for e in deck.entries}
    for key in (*FIELD_KEYS, *ENTRY_SECTIONS):
        if key == "cards" or key in allowed:
            continue
        if key in deck.fields or ENTRY_SECTIONS.get(key) in sections:
            yield warning(
                "CS-D008",
                f'"{key}" means nothing in a {deck.game} deck; it is ignored',
                deck.span(key),
            )


def _resolve(ctx: Ctx) -> Iterable[Diagnostic]:
    for entry in ctx.deck.entries:
        found = ctx.pool.resolve(entry.ref)
        card = found[0] if found else None
        item = Item(entry, card)
        ctx.sections.setdefault(entry.section, []).append(item)
        if card is None:
            ctx.unknown.append(item)
        elif len(found) > 1 and len({_identity(c) for c in found}) > 1:
            ids = ", ".join(c.id for c in found)
            yield warning(
                "CS-D007",
                f'"{entry.ref}" names {len(found)} different cards ({ids}); {card.id} is used',
                entry.span,
                f'name the card by its id, e.g. "{entry.count}x {card.id}"',
            )


def _identity(card: Any) -> tuple[str, ...]:
    return (
        normalize(card.name),
        card.type,
        *(
            str(card.get(f) or "")
            for f in ("version", "subtitle", "hero", "owner", "aspect", "trigger", "grade")
        ),
    )


# ---- many files --------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckRun:
    diagnostics: tuple[Diagnostic, ...]
    checked: tuple[str, ...]
    sources: dict[str, str]
    usage_error: bool  # a path or a --cards path could not be read (exit code 2)
    decks: int


def check_paths(
    paths: Iterable[Path | str],
    *,
    cards: Sequence[Path | str] = (),
    game: str | None = None,
    fmt: str | None = None,
    pool: CardPool | None = None,
    bundled: bool = True,
) -> DeckRun:
    """Check every deck under ``paths`` against the bundled cards (unless ``bundled`` is
    False) plus ``cards``."""
    files, problems = collect_deck_files(paths)
    pool = pool if pool is not None else load_pool(cards, bundled=bundled)
    diagnostics: list[Diagnostic] = [*problems, *pool.problems]
    # (a card file that cannot be read is I/O; one that is broken YAML, content: exit 1)
    usage_error = bool(problems) or any(d.code == "CS-IO1" for d in pool.problems)
    checked: list[str] = []
    sources: dict[str, str] = {}
    decks = 0
    for file, explicit in files:
        deck = read_deck(file, game=game, explicit=explicit)
        if deck is None:
            continue
        checked.append(file)
        decks += 1
        found = check_deck(deck, pool, fmt=fmt)
        if deck.kind == "unreadable":
            usage_error = True
        if found and deck.text:
            sources[file] = deck.text
        diagnostics.extend(found)
    return DeckRun(tuple(diagnostics), tuple(checked), sources, usage_error, decks)


def bundled_decks_dir() -> Path:
    """The sample decks: inside the wheel, or ``decks/`` in a checkout."""
    from importlib import resources

    packaged = resources.files("cardscript").joinpath("_bundled_decks")
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent.parent / "decks"


def check_bundled_decks() -> tuple[list[Diagnostic], list[str], dict[str, str]]:
    """For ``cardscript check``: every bundled sample deck against the bundled cards."""
    root = bundled_decks_dir()
    if not root.is_dir():
        return [], [], {}
    run = check_paths([root])
    return list(run.diagnostics), list(run.checked), dict(run.sources)


def rule_descriptions() -> dict[str, str]:
    """Every deck rule id -> the rule in plain words (SARIF shows them)."""
    from cardscript import GAMES

    out: dict[str, str] = {}
    for game in GAMES:
        out.update(load_rules(game).descriptions())
    return out
