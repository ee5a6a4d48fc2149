"""Card definitions as the engine sees them: printed fields plus compiled abilities.

A card's keywords are expanded here into the abilities their definitions grant (with the
card's values for X), so the engine only ever runs abilities, never keyword names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from cardscript.grammar import ast
from cardscript.grammar.explain import _substitute
from cardscript.grammar.standing_step import is_standing as is_standing  # (its readers)

if TYPE_CHECKING:
    from cardscript.interpreter.step_plans import AbilityPlan

# the rule hook a keyword definition turns on to come back as a new ability (Berserk)
REGAINED_IS_NEW = "regained_is_new"


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
    def plan(self) -> AbilityPlan:
        """Its runners, worked out once (``step_plans.ability_plan``): read for every
        resolution of it."""
        from cardscript.interpreter.step_plans import ability_plan

        return ability_plan(self)

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
            for key in play_keys(ability):
                groups.setdefault(key, []).append(ability)
        return {key: tuple(found) for key, found in groups.items()}

    def has_keyword(self, keyword_id: str) -> bool:
        return any(k.name == keyword_id for k in self.keywords)


_KEYWORD_VERBS = frozenset({"have", "gain_keyword", "lose_keyword", "grant_ability"})
# the ``play_index`` key of an effect ability with a standing "prevent" clause
STANDING_PREVENTION = ("verb", "standing_prevention")


def play_keys(ability: CompiledAbility) -> list[Any]:
    """The ``CardDef.play_index`` keys of one ability. ``("verb", "keywords")``: a
    standing "has K" / "loses K" (no duration) that the engine works out while the game
    runs (``Engine.has_keyword``), unless it was expanded when the card was compiled."""
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
        if verbs & _KEYWORD_VERBS and not _expanded(ability):
            keys.append(("verb", "keywords"))
        if "prevent" in verbs and any(
            isinstance(s, ast.Clause) and is_standing(s.action) for s in node.effects.steps
        ):
            keys.append(STANDING_PREVENTION)
    return keys


def _expanded(ability: CompiledAbility) -> bool:
    """Was this keyword ability's "this has K" expanded when the card was compiled
    (``_self_grants``): then K is as good as printed, nothing to work out in play."""
    node = ability.node
    if not ability.origin.startswith("keyword:") or not isinstance(node, ast.EffectAbility):
        return False
    grants = _self_grants(node)
    return bool(grants) and all(
        not isinstance(s, ast.Clause) or s.action.verb in ("have", "gain_keyword")
        for s in node.effects.steps
    )


def use_key(use: ast.KeywordUse) -> tuple[str, tuple[str, ...]]:
    """A keyword use by its name and values (Armor 2 printed and Armor 2 gained are one)."""
    return use.name, tuple(a.value for a in use.args)


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
    # keywords the game's rules (not text) give cards in play: ``Kernel.rule_keywords``
    rule_keywords: str = field(default="", repr=False, compare=False)

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
        waits for, a rule hook some text overrides…), and of the abilities of every keyword
        some text can give a card: no card in play has any other."""
        keys = self._keys
        if keys is None:
            found = {k for c in self.cards.values() for k in c.play_index}
            keys = self._keys = frozenset(found | self.moving_keywords()[1])
        return keys

    def know_rule_keywords(self, text: str) -> None:
        """Keywords the game's rules give cards in play (card script: "Poisoning 1", given
        by Berserk's verb "poison"): gained like those text gives."""
        if text != self.rule_keywords:
            self.rule_keywords = text
            self._keys = None
            self.memo.clear()
            self.version += 1

    def gainable(self) -> tuple[ast.KeywordUse, ...]:
        """The keywords some text of the pool gives a card while the game runs ("this
        gains Plague", "Formation: this has Protection from Magic"), not counting those
        expanded when cards were compiled."""
        found = self.memo.get("gainable")
        if found is None:
            uses: dict[tuple[str, tuple[str, ...]], ast.KeywordUse] = {}
            if self.rule_keywords:
                for line in self.game.parse(self.rule_keywords).script.lines:
                    if isinstance(line.ability, ast.KeywordList):
                        uses.update((use_key(u), u) for u in line.ability.keywords)
            for card in self.cards.values():
                for ability in card.abilities:
                    if _expanded(ability):
                        continue
                    for node in ability.node.walk():
                        if isinstance(node, ast.Clause) and node.action.verb in (
                            "have",
                            "gain_keyword",
                        ):
                            for use in node.action.keywords:
                                uses.setdefault(use_key(use), use)
            found = self.memo["gainable"] = tuple(uses.values())
        return found

    def moving_keywords(
        self, copiers: frozenset[str] = frozenset()
    ) -> tuple[frozenset[str], frozenset[Any]]:
        """The keywords some text of the pool can give or take away while the game runs
        (with those a gained one brings), and the ``play_index`` keys of the abilities
        gained ones bring: none, and every card has its printed keywords only. Where some
        text uses one of the primitives ``copiers`` (``Kernel.ability_copiers``), any
        ability of the pool may be copied onto a card: the keys of all of them."""
        found = self.memo.get(("moving keywords", copiers))
        if found is None:
            names: set[str] = set()
            keys: set[Any] = set()
            defs = {d.name.casefold(): d for d in self.game.keyword_defs}
            for use in self.gainable():
                abilities: list[CompiledAbility] = []
                keywords: list[ast.KeywordUse] = []
                _expand_keyword("", use, self.game, defs, abilities, keywords)
                names.update(k.name for k in keywords)
                for ability in abilities:
                    keys.update(play_keys(ability))
            for card in self.cards.values():
                for ability in card.abilities:
                    if _expanded(ability):
                        continue
                    for node in ability.node.walk():
                        if isinstance(node, ast.Clause) and node.action.verb == "lose_keyword":
                            for use in node.action.keywords:  # with those it brings
                                names.update(self.brought(use.name))
                        elif isinstance(node, ast.Clause) and node.action.verb == "grant_ability":
                            for line in self.granted_lines(node.action.text or ""):
                                keys.update(play_keys(CompiledAbility("", 0, line, "granted")))
            if copiers and self._uses(copiers):
                keys.update(k for card in self.cards.values() for k in card.play_index)
            found = self.memo["moving keywords", copiers] = (frozenset(names), frozenset(keys))
        return found

    def blanks(self) -> bool:
        """Can some text of the pool take all of a card's abilities away ("loses all
        abilities")? Written out in a granted ability too. Remembered."""
        found = self.memo.get("blanks")
        if found is None:
            lines = [a.line for card in self.cards.values() for a in card.abilities]
            found = False
            while lines and not found:
                line = lines.pop()
                for node in line.walk():
                    if isinstance(node, ast.Clause) and node.action.verb == "lose_abilities":
                        found = True
                    elif isinstance(node, ast.Action) and node.verb == "grant_ability":
                        lines.extend(self.granted_lines(node.text or ""))
            self.memo["blanks"] = found
        return bool(found)

    def _uses(self, primitives: frozenset[str]) -> bool:
        """Does some text of the pool use one of these primitives?"""
        return any(
            isinstance(node, ast.Clause)
            and node.action.verb == "primitive"
            and node.action.name in primitives
            for card in self.cards.values()
            for ability in card.abilities
            for node in ability.node.walk()
        )

    def gained(
        self, card_id: str, use: ast.KeywordUse, instance: int | None = None
    ) -> tuple[tuple[CompiledAbility, ...], tuple[ast.KeywordUse, ...]]:
        """The abilities a keyword gained in play gives a card (its values bound) and the
        keywords it brings (itself, and those its definition says "this has"), remembered.
        Each (card, keyword, values) has its own ability numbers, after the printed ones,
        so its abilities have keys of their own (limits, logs, ``ability``); a keyword
        regained as a new ability (``regained_is_new``) is a new ``instance``, numbered
        apart again, so nothing of the lost copy (a budget, a use) carries over."""
        memo: dict[Any, Any] = self.memo.setdefault("gained", {})
        key = (card_id, *use_key(use)) + (() if instance is None else (instance,))
        found = memo.get(key)
        if found is None:
            slots: dict[Any, int] = self.memo.setdefault("gained slots", {})
            slot = slots.setdefault(key, len(slots) + 1)
            abilities: list[CompiledAbility] = []
            keywords: list[ast.KeywordUse] = []
            defs = {d.name.casefold(): d for d in self.game.keyword_defs}
            _expand_keyword(card_id, use, self.game, defs, abilities, keywords)
            start = len(self.cards[card_id].abilities) + 1000 * slot
            moved = tuple(
                CompiledAbility(card_id, start + a.index, a.line, a.origin, a.keyword_values)
                for a in abilities
            )
            by_key: dict[str, CompiledAbility] = self.memo.setdefault("gained by key", {})
            by_key.update((a.key, a) for a in moved)
            found = memo[key] = (moved, tuple(keywords))
        return found

    def granted(self, card_id: str, text: str, granter: int) -> tuple[CompiledAbility, ...]:
        """The ability a card is granted written out ('have "close this → …"') by the card
        ``granter`` (its value ``granter``: a name in it that is the granter's means that
        very card, Berserk §201.2а), numbered after the card's own, remembered."""
        memo: dict[Any, Any] = self.memo.setdefault("granted", {})
        key = (card_id, text, granter)
        found = memo.get(key)
        if found is None:
            slots: dict[Any, int] = self.memo.setdefault("gained slots", {})
            slot = slots.setdefault(key, len(slots) + 1)
            start = len(self.cards[card_id].abilities) + 1000 * slot
            values = (("granter", str(granter)),)
            found = memo[key] = tuple(
                CompiledAbility(card_id, start + n, line, "granted", values)
                for n, line in enumerate(self.granted_lines(text))
            )
            by_key: dict[str, CompiledAbility] = self.memo.setdefault("gained by key", {})
            by_key.update((a.key, a) for a in found)
        return found

    def copied(self, card_id: str, key: str) -> tuple[CompiledAbility, ...]:
        """Another card's ability ``key`` as one of this card's own (``copy_abilities``):
        "this" in it is the card that has it now. Numbered after the card's own, each
        (card, ability) apart, remembered."""
        memo: dict[Any, Any] = self.memo.setdefault("copied", {})
        found = memo.get((card_id, key))
        if found is None:
            original = self.ability(key)
            found = ()
            if original is not None:
                slots: dict[Any, int] = self.memo.setdefault("gained slots", {})
                slot = slots.setdefault(("copied", card_id, key), len(slots) + 1)
                start = len(self.cards[card_id].abilities) + 1000 * slot
                values = original.keyword_values
                found = (CompiledAbility(card_id, start, original.line, "copied", values),)
                by_key: dict[str, CompiledAbility] = self.memo.setdefault("gained by key", {})
                by_key.update((a.key, a) for a in found)
            memo[card_id, key] = found
        return found

    def granted_lines(self, text: str) -> tuple[ast.AbilityLine, ...]:
        """A granted ability's text, parsed (nothing when it does not parse: check CS-T006)."""
        memo: dict[str, tuple[ast.AbilityLine, ...]] = self.memo.setdefault("granted lines", {})
        found = memo.get(text)
        if found is None:
            result = self.game.parse(text)
            found = memo[text] = result.script.lines if result.ok else ()
        return found

    def regained_is_new(self, keyword: str) -> bool:
        """Does the keyword's definition say it comes back as a new ability when a card
        gains it after losing it ("rule regained_is_new is on for this", Berserk's Armor
        X, DICT «Броня Х»)? Otherwise a lost keyword cannot be gained again (§407.5)."""
        memo: dict[str, bool] = self.memo.setdefault("regained is new", {})
        found = memo.get(keyword)
        if found is None:
            defs = {d.name.casefold().replace(" ", "_"): d for d in self.game.keyword_defs}
            definition = defs.get(keyword.casefold().replace(" ", "_"))
            found = memo[keyword] = definition is not None and any(
                isinstance(line.ability, ast.RuleOverride)
                and line.ability.hook == REGAINED_IS_NEW
                and line.ability.switch is True
                for line in definition.body
            )
        return found

    def brought(self, keyword: str) -> frozenset[str]:
        """The keyword and those its definition says "this has" (Protection from Magic:
        from Discharges, Magic Strikes, Spells): losing it loses them all (§407.5)."""
        memo: dict[str, frozenset[str]] = self.memo.setdefault("brought", {})
        found = memo.get(keyword)
        if found is None:
            keywords: list[ast.KeywordUse] = []
            defs = {d.name.casefold(): d for d in self.game.keyword_defs}
            _expand_keyword("", ast.KeywordUse(keyword), self.game, defs, [], keywords)
            found = memo[keyword] = frozenset({keyword, *(k.name for k in keywords)})
        return found

    def ability(self, key: str) -> CompiledAbility | None:
        """The ability behind a ``card#index`` key: printed, or of a keyword gained in play."""
        card_id, _, index = key.rpartition("#")
        card = self.cards.get(card_id)
        if card is None or not index.isdigit():
            return None
        if int(index) < len(card.abilities):
            return card.abilities[int(index)]
        found: CompiledAbility | None = self.memo.get("gained by key", {}).get(key)
        return found

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
