"""Card definitions as the engine sees them: printed fields plus compiled abilities.

A card's keywords are expanded here into the abilities their definitions grant (with the
card's values for X), so the engine only ever runs abilities, never keyword names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from cardscript.grammar import ast
from cardscript.grammar.explain import _substitute


@dataclass(frozen=True)
class CompiledAbility:
    """One ability of one card definition, ready to run."""

    card_id: str
    index: int  # position among the card's abilities (stable: used in logs and limits)
    line: ast.AbilityLine
    origin: str = "text"  # "text" or "keyword:<Name>"
    keyword_values: tuple[tuple[str, str], ...] = ()

    # remembered (cached_property writes the instance's __dict__, which a frozen
    # dataclass allows): every change an ability causes names its key and place
    @cached_property
    def node(self) -> ast.Node:
        return self.line.ability

    @cached_property
    def key(self) -> str:
        return f"{self.card_id}#{self.index}"

    @cached_property
    def where(self) -> str:
        span = self.line.span
        return f"{span.line}:{span.column}" if span else "?"

    @cached_property
    def int_values(self) -> tuple[tuple[str, int], ...]:
        """The keyword values that are numbers (Block X with X = 2), as numbers."""
        return tuple(
            (name, int(value)) for name, value in self.keyword_values if value.lstrip("-").isdigit()
        )


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    type: str
    fields: Mapping[str, Any]
    abilities: tuple[CompiledAbility, ...] = ()
    keywords: tuple[ast.KeywordUse, ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    @cached_property
    def by_kind(self) -> dict[Any, tuple[CompiledAbility, ...]]:
        """The abilities grouped by the AST class of their ability (Triggered, …): the
        engine asks for one kind at a time, on every event."""
        groups: dict[type, list[CompiledAbility]] = {}
        for ability in self.abilities:
            groups.setdefault(type(ability.node), []).append(ability)
        return {kind: tuple(found) for kind, found in groups.items()}

    @cached_property
    def play_index(self) -> dict[Any, tuple[CompiledAbility, ...]]:
        """The abilities under every key the engine looks them up by while the card is in
        play: the AST class of the ability (as ``by_kind``); ``("event", name)`` for a
        triggered ability, by the event (or ``start:``/``end:`` moment) it waits for;
        ``("hook", id)`` for a rule override; ``("verb", verb)`` for an effect ability with
        a top-level clause of that verb (``get``, ``set_stat``) and ``("verb", "permission")``
        for one with a ``can``/``cannot`` clause. Built once per definition."""
        groups: dict[Any, list[CompiledAbility]] = {}
        for ability in self.abilities:
            node = ability.node
            keys: list[Any] = [type(node)]
            if isinstance(node, ast.Triggered):
                wanted = node.event
                if wanted.moment is not None:
                    from cardscript.interpreter.triggers import moment_event

                    keys.append(("event", moment_event(node.timing, wanted.moment)))
                else:
                    keys.append(("event", wanted.event))
            elif isinstance(node, ast.RuleOverride):
                keys.append(("hook", node.hook))
            elif isinstance(node, ast.EffectAbility):
                verbs = {s.action.verb for s in node.effects.steps if isinstance(s, ast.Clause)}
                keys.extend(("verb", v) for v in sorted(verbs & {"get", "set_stat"}))
                if verbs & {"can", "cannot"}:
                    keys.append(("verb", "permission"))
            for key in keys:
                groups.setdefault(key, []).append(ability)
        return {key: tuple(found) for key, found in groups.items()}

    def has_keyword(self, keyword_id: str) -> bool:
        return any(k.name == keyword_id for k in self.keywords)


@dataclass
class CardPool:
    """Every card definition of one game, by id."""

    game: Any  # cardscript.games.Game
    cards: dict[str, CardDef] = field(default_factory=dict)
    _keys: frozenset[Any] | None = field(default=None, repr=False, compare=False)
    # what the engine works out from the pool alone, the same in every game of it (its
    # play-zone indexes, rule values no text changes); emptied when a card is added
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    version: int = field(default=0, repr=False, compare=False)  # one more for every card added

    def __getitem__(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def add(self, card: Mapping[str, Any]) -> CardDef:
        definition = compile_card(card, self.game)
        self.cards[definition.id] = definition
        self._keys = None
        self.memo.clear()
        self.version += 1
        return definition

    def play_keys(self) -> frozenset[Any]:
        """Every ``CardDef.play_index`` key of some card of the pool (an event a trigger
        waits for, a rule hook some text overrides…): no card in play has any other."""
        keys = self._keys
        if keys is None:
            keys = self._keys = frozenset(k for c in self.cards.values() for k in c.play_index)
        return keys

    @classmethod
    def from_files(cls, game: Any, paths: Iterable[str | Path]) -> CardPool:
        pool = cls(game)
        for path in paths:
            for card in _cards_of(Path(path)):
                pool.add(card)
        return pool


class CardTextError(ValueError):
    """A card whose text does not parse cannot be played; validate reports why."""


def compile_card(card: Mapping[str, Any], game: Any) -> CardDef:
    text = str(card.get("text") or "")
    result = game.parse(text)
    if not result.ok:
        first = result.diagnostics[0]
        raise CardTextError(
            f"card {card.get('id')}: {first.message} (line {first.span.line})"
            if first.span
            else f"card {card.get('id')}: {first.message}"
        )
    defs = {d.name.casefold(): d for d in game.keyword_defs}
    abilities: list[CompiledAbility] = []
    keywords: list[ast.KeywordUse] = []
    card_id = str(card["id"])
    for line in result.script.lines:
        if isinstance(line.ability, ast.KeywordList):
            for use in line.ability.keywords:
                _expand_keyword(card_id, use, game, defs, abilities, keywords)
        else:
            abilities.append(CompiledAbility(card_id, len(abilities), line))
    return CardDef(
        id=card_id,
        name=str(card.get("name", card_id)),
        type=str(card.get("type")),
        fields=dict(card),
        abilities=tuple(abilities),
        keywords=tuple(keywords),
    )


def _expand_keyword(
    card_id: str,
    use: ast.KeywordUse,
    game: Any,
    defs: Mapping[str, ast.KeywordDef],
    abilities: list[CompiledAbility],
    keywords: list[ast.KeywordUse],
) -> None:
    """Add a keyword and its abilities to a card; a keyword whose definition says "this has
    K" without condition or duration (Unanswerable Strike has Directed Strike) brings K's
    abilities too, so rule lookups and ``has_keyword`` see K like a printed keyword."""
    pending = [use]
    while pending:
        current = pending.pop(0)
        if any(k.name == current.name and k.args == current.args for k in keywords):
            continue  # printed and granted, or granted twice: once is enough (and no loop)
        keywords.append(current)
        granted = _keyword_abilities(card_id, current, game, defs, len(abilities))
        abilities.extend(granted)
        pending.extend(g for a in granted for g in _self_grants(a.node))


def _self_grants(node: ast.Node) -> list[ast.KeywordUse]:
    if not isinstance(node, ast.EffectAbility) or node.condition or node.during:
        return []
    out: list[ast.KeywordUse] = []
    for step in node.effects.steps:
        if (
            isinstance(step, ast.Clause)
            and step.action.verb in ("have", "gain_keyword")
            and isinstance(step.subject, ast.ThisCard)
            and step.duration is None
        ):
            out.extend(step.action.keywords)
    return out


def _keyword_abilities(
    card_id: str, use: ast.KeywordUse, game: Any, defs: Mapping[str, ast.KeywordDef], start: int
) -> list[CompiledAbility]:
    term = game.registry.term("KW", use.name)
    definition = defs.get((term.text if term else use.name).casefold())
    if definition is None:
        return []
    values = tuple((p, a.value) for p, a in zip(definition.params, use.args, strict=False))
    out = []
    for n, item in enumerate(definition.body):
        line = _substitute(item, dict(values))
        out.append(CompiledAbility(card_id, start + n, line, f"keyword:{definition.name}", values))
    return out


def _cards_of(path: Path) -> list[Mapping[str, Any]]:
    data = yaml.safe_load(path.read_text("utf-8"))
    if not isinstance(data, dict):
        return []
    cards = data.get("cards")
    if isinstance(cards, list):
        return [c for c in cards if isinstance(c, dict)]
    return [data] if "id" in data else []
