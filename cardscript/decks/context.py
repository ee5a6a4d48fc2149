"""What every rule kind sees: the deck, its cards resolved in the pool, the rules in force.

``Ctx`` also answers the Golden Rule questions: which value a rule parameter has once the
cards of the deck have overridden its hook, and which limit one card has for itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardscript.decks.model import MAIN, Deck, DeckEntry
from cardscript.decks.overrides import DECK, THIS, Override, card_overrides
from cardscript.decks.pool import GamePool, PoolCard, normalize
from cardscript.decks.rules import Rule, RuleSet
from cardscript.grammar.diagnostics import Diagnostic, Span


@dataclass(frozen=True)
class Item:
    """One deck line and the card it names (None when the pool has no such card)."""

    entry: DeckEntry
    card: PoolCard | None

    @property
    def count(self) -> int:
        return self.entry.count


@dataclass
class Group:
    """Cards counted together: the whole deck, or (Pocket Duel) one hero's set."""

    label: str  # "" for the deck itself
    items: list[Item]
    span: Span


@dataclass
class Ctx:
    deck: Deck
    rules: RuleSet
    fmt: str
    pool: GamePool
    sections: dict[str, list[Item]] = field(default_factory=dict)
    unknown: list[Item] = field(default_factory=list)
    groups: dict[str, list[Group]] = field(default_factory=dict)
    deck_cards: list[PoolCard] = field(default_factory=list)  # their DECK overrides apply
    extra: dict[str, Any] = field(default_factory=dict)  # what a game module prepared
    _deck_found: dict[str, tuple[Override, PoolCard]] = field(default_factory=dict, repr=False)
    _deck_key: tuple[int, int] | None = field(default=None, repr=False)

    @property
    def game(self) -> str:
        return self.rules.game

    def items(self, section: str = MAIN) -> list[Item]:
        return self.sections.get(section, [])

    def groups_for(self, rule: Rule) -> list[Group]:
        per = rule.get("per")
        if per:
            return self.groups.get(str(per), [])
        section = str(rule.get("section", MAIN))
        if section == MAIN:
            return [Group("", self.items(), self.deck.top())]
        return [Group(f"the {section}", self.items(section), self.deck.span(section))]

    # ---- the Golden Rule ---------------------------------------------------------------

    def overrides(self, card: PoolCard) -> tuple[Override, ...]:
        text = card.data.get("text")
        return card_overrides(self.game, text) if isinstance(text, str) and text else ()

    def card_override(self, card: PoolCard, hook: str) -> Override | None:
        """The card's own override of ``hook`` ("for this"), the last one written."""
        found = None
        for override in self.overrides(card):
            if override.hook == hook and override.scope == THIS:
                found = override
        return found

    def deck_override(self, hook: str) -> tuple[Override, PoolCard] | None:
        """An override of ``hook`` for the whole deck by one of its cards (or identity)."""
        key = id(self.deck_cards), len(self.deck_cards)
        if self._deck_key != key:  # computed once per deck (a game module may reset the list)
            found: dict[str, tuple[Override, PoolCard]] = {}
            for card in self.deck_cards:
                for override in self.overrides(card):
                    if override.scope == DECK:
                        found.setdefault(override.hook, (override, card))
            self._deck_found, self._deck_key = found, key
        return self._deck_found.get(hook)

    def param(self, rule: Rule, name: str) -> tuple[Any, str | None]:
        """A rule parameter as the deck's cards leave it, and who changed it (or None)."""
        value = rule.get(name)
        hook = rule.hooks.get(name)
        if hook:
            found = self.deck_override(hook)
            if found is not None:
                override, card = found
                return _number(override.value), f'"{card.name}" changes it to {override.value}'
        return value, None


def _number(value: str) -> Any:
    return int(value) if value.lstrip("-").isdigit() else value


# ---- filters, keys, words ----------------------------------------------------------------


def field_of(card: PoolCard, name: str) -> Any:
    return card.type if name == "type" else card.get(name)


def matches(card: PoolCard | None, where: Mapping[str, Any] | None) -> bool:
    """Whether a card passes a rule's ``where`` filter; an unknown card never does."""
    if card is None:
        return False
    if not where:
        return True
    return _compiled(where)(card)


_FILTERS: dict[int, tuple[Mapping[str, Any], Callable[[PoolCard], bool]]] = {}


def _compiled(where: Mapping[str, Any]) -> Callable[[PoolCard], bool]:
    """The filter as one function, built once per rule (rules live as long as the process)."""
    found = _FILTERS.get(id(where))
    if found is not None and found[0] is where:
        return found[1]
    tests = list(where.items())

    def check(card: PoolCard) -> bool:
        for name, want in tests:
            value = field_of(card, name)
            if isinstance(want, dict):
                if "not" in want and _is(value, want["not"]):
                    return False
                if "exists" in want and (value is not None) != bool(want["exists"]):
                    return False
            elif not _is(value, want):
                return False
        return True

    _FILTERS[id(where)] = (where, check)
    return check


def _is(value: Any, want: Any) -> bool:
    if isinstance(want, list):
        return value in want if not isinstance(value, list) else any(w in value for w in want)
    if isinstance(value, list):
        return want in value
    return bool(value == want)


def key_of(card: PoolCard, fields: Iterable[str]) -> tuple[str, ...]:
    return tuple(normalize(str(field_of(card, f) or "")) for f in fields)


def shown(card: PoolCard, fields: Iterable[str] = ("name",)) -> str:
    """How a card is named in a message: "Name" or "Name, Version" for a name+version key."""
    parts = [str(field_of(card, f)) for f in fields if field_of(card, f) not in (None, "")]
    return '"' + ", ".join(parts or [card.name]) + '"'


def copies(n: int) -> str:
    return f"{n} {'copy' if n == 1 else 'copies'}"


def listing(items: Iterable[Item], limit: int = 8) -> str:
    """'4 × "A", 2 × "B"' with counts summed per card, most copies first."""
    totals: dict[str, int] = {}
    for item in items:
        name = item.card.name if item.card is not None else item.entry.ref
        totals[name] = totals.get(name, 0) + item.count
    ordered = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    text = ", ".join(f'{n} × "{name}"' for name, n in ordered[:limit])
    return text + (f" and {len(ordered) - limit} more" if len(ordered) > limit else "")


def violation(rule: Rule, details: str, span: Span | None, *hints: str) -> Diagnostic:
    """A rule broken: what the deck has, then the rule in plain words and its reference."""
    message = f"{_upper_first(details)}; {_lower_first(rule.rule.rstrip('.'))} ({rule.ref})"
    return Diagnostic(rule.id, rule.severity, message, span, tuple(h for h in hints if h))


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower_first(text: str) -> str:
    """ "A deck has…" -> "a deck has…", but "VS System cards…" stays as it is."""
    first = text.split(" ", 1)[0]
    return text if first.isupper() and len(first) > 1 else text[:1].lower() + text[1:]


def lines_of(items: Iterable[Item]) -> str:
    lines = sorted({i.entry.span.line for i in items})
    if len(lines) < 2:
        return ""
    return " (lines " + ", ".join(map(str, lines)) + ")"
