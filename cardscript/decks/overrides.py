"""The Golden Rule in deck building: which rule hooks a card overrides.

A card overrides a hook with ``rule <hook> is <value>`` in its own text, or through a
keyword it has whose definition (``cards/<game>/keywords.cardscript``) does so: VS
System's ``keyword Army: rule copy_limit is unlimited for this``. Only unconditional
overrides count for deck building: ``for this`` (the card itself), with no scope (the
whole deck) or for the deck's cards a selector names (``for upgrades with cost 3 or more``,
read by ``printed_match``); ``while …`` overrides are about play, not the deck list. Keywords are
followed through their definitions (``this has Directed Strike``) and their values are
bound (``keyword Range X: rule ability_range is X for this`` with ``Range 2``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.grammar.parser import ParseResult

if TYPE_CHECKING:
    from cardscript.decks.pool import PoolCard

THIS = "this"
DECK = "deck"
CARDS = "cards"  # the deck's cards a selector names ("for upgrades with cost 3 or more")
UNLIMITED = ("unlimited", "any", "infinite", "no_limit")
_MAX_DEPTH = 8


@dataclass(frozen=True)
class Override:
    hook: str
    value: str  # as written: "unlimited", "5", "off", …
    scope: str  # THIS (the card itself), DECK (every card of the deck) or CARDS (``cards``)
    via: str  # "its text" or 'its keyword "Army"'
    cards: ast.Cards | None = None  # the selector of a CARDS override


@cache
def card_overrides(game: str, text: str) -> tuple[Override, ...]:
    """Deck-building overrides of a card with this rules text (cached per text)."""
    if not text.strip():
        return ()
    parse, defs = _keyword_definitions(game)
    # A line that does not parse is left out (`cardscript validate` reports it); the
    # overrides of the others still count.
    lines = parse(text).script.lines
    return tuple(_from_lines(lines, defs, {}, "its text", 0, frozenset()))


@cache
def _keyword_definitions(
    game: str,
) -> tuple[Callable[[str], ParseResult], dict[str, ast.KeywordDef]]:
    """The game's parser and keyword definitions, its vocabulary widened by the hooks its
    deck rules name: a card may state a deck-building requirement with a hook the kernel's
    registry does not declare (yet), and the deck checker still reads it."""
    from importlib import resources

    import yaml

    from cardscript.decks.rules import _LOADER, deck_hooks
    from cardscript.games import KEYWORDS_FILE, bundled_cards_dir, game_from_keywords, keyword_id
    from cardscript.grammar.parser import parse_script
    from cardscript.grammar.registry import registry_from_data

    try:
        kernel = resources.files(f"cardscript.kernels.{game.replace('-', '_')}")
        data = dict(yaml.load(kernel.joinpath("registry.yaml").read_text("utf-8"), Loader=_LOADER))
    except (OSError, ValueError, TypeError, yaml.YAMLError):
        data = {"game": game}  # no vocabulary yet: the deck hooks alone
    known = {str(h.get("id")) for h in data.get("hooks") or () if isinstance(h, dict)}
    extra = [
        {"id": h, "type": "word", "default": "none"} for h in deck_hooks(game) if h not in known
    ]
    data["hooks"] = [*(data.get("hooks") or ()), *extra]
    try:
        base = registry_from_data(data)
        path = bundled_cards_dir() / game / KEYWORDS_FILE
        text = path.read_text("utf-8") if path.is_file() else ""
        definition = game_from_keywords(base, text, str(path))
    except Exception:  # a vocabulary being edited must not stop deck checks
        base = registry_from_data({"game": game, "hooks": extra})
        return (lambda text: parse_script(text, base)), {}
    defs = {keyword_id(d.name): d for d in definition.keyword_defs}
    return definition.parse, defs


def _from_lines(
    lines: tuple[ast.AbilityLine, ...],
    defs: Mapping[str, ast.KeywordDef],
    bound: Mapping[str, str],
    via: str,
    depth: int,
    seen: frozenset[str],
) -> Iterator[Override]:
    for line in lines:
        ability = line.ability
        if isinstance(ability, ast.RuleOverride):
            found = _override(ability, bound, via)
            if found is not None:
                yield found
        elif isinstance(ability, ast.KeywordList):
            yield from _keywords(ability.keywords, defs, depth, seen)
        elif isinstance(ability, ast.EffectAbility):
            yield from _granted(ability, defs, depth, seen)


def _override(node: ast.RuleOverride, bound: Mapping[str, str], via: str) -> Override | None:
    if node.condition is not None:
        return None
    if node.scope is None:
        scope = DECK
    elif isinstance(node.scope, ast.ThisCard):
        scope = THIS
    elif isinstance(node.scope, ast.Cards) and node.scope.quantifier is None:
        value = bound.get(node.value, node.value) if node.value_kind == "VAR" else node.value
        return Override(node.hook, str(value), CARDS, via, node.scope)
    else:
        return None  # about other cards in play, not this deck list
    value = bound.get(node.value, node.value) if node.value_kind == "VAR" else node.value
    return Override(node.hook, str(value), scope, via)


def _keywords(
    uses: tuple[ast.KeywordUse, ...],
    defs: Mapping[str, ast.KeywordDef],
    depth: int,
    seen: frozenset[str],
) -> Iterator[Override]:
    if depth >= _MAX_DEPTH:
        return
    for use in uses:
        definition = defs.get(use.name)
        if definition is None or use.name in seen:
            continue
        bound = {param: arg.value for param, arg in zip(definition.params, use.args, strict=False)}
        yield from _from_lines(
            definition.body,
            defs,
            bound,
            f'its keyword "{definition.name}"',
            depth + 1,
            seen | {use.name},
        )


def _granted(
    ability: ast.EffectAbility, defs: Mapping[str, ast.KeywordDef], depth: int, seen: frozenset[str]
) -> Iterator[Override]:
    """``this has K`` with no condition or duration: the card always has keyword K."""
    if ability.condition is not None or ability.during is not None:
        return
    for step in ability.effects.steps:
        if (
            isinstance(step, ast.Clause)
            and step.duration is None
            and not step.optional
            and isinstance(step.subject, ast.ThisCard)
            and step.action.verb == "have"
        ):
            yield from _keywords(step.action.keywords, defs, depth, seen)


def limit_value(value: str) -> int | None:
    """A copy-limit-like value: an int, or None for unlimited; raises ValueError otherwise."""
    if value.casefold() in UNLIMITED:
        return None
    return int(value)


def flag_value(value: str) -> bool | None:
    word = value.casefold()
    if word in ("on", "true", "yes"):
        return True
    if word in ("off", "false", "no"):
        return False
    return None


def printed_match(card: PoolCard, cards: ast.Cards) -> bool | None:
    """Whether a deck card is what ``cards`` names, read off its printed fields: its type
    (or subtype), "with STAT <comparison>" and "with ATTR "value"". None when the
    selector says more than a card file can answer (a state, a zone, a controller)."""
    if cards.qualities:
        return None
    if cards.noun != "card" and cards.noun not in (card.type, card.get("subtype")):
        return False
    for found in cards.filters:
        if found.kind == "stat" and found.name is not None and found.comparison is not None:
            value, amount = card.get(found.name), found.comparison.value
            if not isinstance(value, int) or not isinstance(amount.value, int):
                return None
            if not found.comparison.holds(value, amount.value):
                return False
        elif found.kind == "attr" and found.name is not None:
            have = card.get(found.name, card.get(found.name + "s"))  # trait: traits
            values = have if isinstance(have, list) else [have]
            if str(found.value).casefold() not in {str(v).casefold() for v in values}:
                return False
        else:
            return None
    return True
