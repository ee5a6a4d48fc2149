"""AST builder rules for conditions: states, zones, counters, resources, comparisons."""

from __future__ import annotations

import dataclasses
from typing import Any

from lark import Token, Tree
from lark.tree import Meta

from cardscript.grammar import ast
from cardscript.grammar.build_util import (
    all_of,
    comparison_of,
    first_of,
    name_of,
    possessive_words,
    selector_of,
    span_of,
    token_of,
    tree_of,
    words_of,
)


class ConditionRules:
    """Rule methods for conditions (mixed into AstBuilder)."""

    # ---- conditions ----------------------------------------------------------------------
    def condition(self, meta: Meta, children: list[Any]) -> ast.Condition:
        return ast.Condition(
            tests=tuple(_none_marked(t) for t in all_of(children, ast.Test)),
            ops=tuple(c for c in children if isinstance(c, str)),
            span=span_of(meta),
        )

    def logic(self, meta: Meta, children: list[Any]) -> str:
        return words_of(children)

    def _test(self, meta: Meta, kind: str, children: list[Any], **kw: Any) -> ast.Test:
        negated = any(isinstance(c, Tree) and c.data == "negation" for c in children)
        return ast.Test(kind=kind, negated=negated, span=span_of(meta), **kw)

    def is_state(self, meta: Meta, children: list[Any]) -> ast.Test:
        state = children[-1]
        text = words_of(state.children) if isinstance(state, Tree) else str(state)
        return self._test(meta, "is_state", children, subject=selector_of(children), state=text)

    def is_a(self, meta: Meta, children: list[Any]) -> ast.Test:
        kind_of = [c for c in children if isinstance(c, ast.Cards)][-1]  # (``a_kind``, last)
        subject = selector_of([c for c in children if c is not kind_of])
        return self._test(meta, "is_a", children, subject=subject, kind_of=kind_of)

    def a_kind(self, meta: Meta, children: list[Any]) -> ast.Cards:
        article = next(c for c in children if isinstance(c, Tree) and c.data == "article")
        quantifier = ast.Quantifier(kind=words_of(article.children), span=span_of(meta))
        return self.cards(meta, [quantifier, *(c for c in children if c is not article)])  # type: ignore[attr-defined]

    def happened_this(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(
            meta,
            "happened_this",
            children,
            subject=selector_of(children),
            name=name_of(children, "EVENT"),
            phase=name_of(children, "PHASE"),
        )

    def happened_not_this(self, meta: Meta, children: list[Any]) -> ast.Test:
        return ast.Test(
            kind="happened_this",
            negated=True,
            subject=selector_of(children),
            name=name_of(children, "EVENT_NOT"),
            phase=name_of(children, "PHASE"),
            span=span_of(meta),
        )

    def there_is(self, meta: Meta, children: list[Any]) -> ast.Test:
        """ "If there are no minions in play", "if there is a card in your discard pile":
        the cards in that zone ("if no minions are in play"). Cards said with no zone, or
        no cards ("there is this character"), are kept as written, to be refused
        (CS-T026)."""
        subject = selector_of(children)
        if isinstance(subject, ast.Cards) and subject.filters:
            last = subject.filters[-1]
            if last.kind == "zone" and last.value == "in" and last.zone is not None:
                held = dataclasses.replace(subject, filters=subject.filters[:-1])
                return self._test(meta, "in_zone", children, subject=held, zone=last.zone)
        return self._test(meta, "there_is", children, subject=subject)

    def in_zone(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(
            meta,
            "in_zone",
            children,
            subject=selector_of(children),
            zone=first_of(children, ast.ZoneRef),
        )

    def has_cards(self, meta: Meta, children: list[Any]) -> ast.Test:
        zone = tree_of(children, "zone_filter_only")
        assert zone is not None
        return self._test(
            meta,
            "has_cards",
            children,
            subject=selector_of(children),
            comparison=first_of(children, ast.Comparison),
            name=name_of(children, "NOUN"),
            zone=first_of(zone.children, ast.ZoneRef),
            possessor=next(
                c for c in zone.children if isinstance(c, str) and not isinstance(c, Token)
            ),
        )

    def zone_filter_only(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("zone_filter_only", children)

    def has_counters(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._holds(meta, "has_counters", children, "COUNTER")

    def has_resource(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._holds(meta, "has_resource", children, "RESOURCE")

    def _holds(self, meta: Meta, kind: str, children: list[Any], token_class: str) -> ast.Test:
        """ "<selector> has <comparison> <counter or resource>"."""
        return self._test(
            meta,
            kind,
            children,
            subject=selector_of(children),
            comparison=first_of(children, ast.Comparison),
            name=name_of(children, token_class),
        )

    def resource_cmp(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(
            meta,
            "resource_cmp",
            children,
            possessor=children[0],
            name=name_of(children, "RESOURCE"),
            comparison=first_of(children, ast.Comparison),
        )

    def stat_cmp(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(
            meta,
            "stat_cmp",
            children,
            possessor=children[0],
            name=name_of(children, "STAT"),
            comparison=first_of(children, ast.Comparison),
        )

    def you_did(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(meta, "you_did", children)

    def paid_with(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(meta, "paid_with", children, name=name_of(children, "RESOURCE"))

    def you_did_not(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(meta, "you_did_not", children)

    def you_do_not_control(self, meta: Meta, children: list[Any]) -> ast.Test:
        test = self._test(meta, "you_control", children, subject=selector_of(children))
        return dataclasses.replace(test, negated=True)

    def you_control_count(self, meta: Meta, children: list[Any]) -> ast.Test:
        comparison, cards = children[-1]
        return self._controls(meta, children, cards, comparison)

    def _controls(
        self,
        meta: Meta,
        children: list[Any],
        cards: ast.Selector,
        comparison: ast.Comparison | None = None,
    ) -> ast.Test:
        """ "you control …", "the opponent controls …": the player kept as ``possessor``
        ("you" where it is the reader, as before any other player could be named)."""
        who = children[0].who if isinstance(children[0], ast.Player) else "you"
        return self._test(
            meta,
            "you_control",
            children,
            subject=cards,
            comparison=comparison,
            possessor=None if who == "you" else who,
        )

    def you_control(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._controls(meta, children, children[-1])

    def comparison(self, meta: Meta, children: list[Any]) -> ast.Comparison:
        return comparison_of(meta, children)

    def cmp_amount(self, meta: Meta, children: list[Any]) -> ast.Comparison:
        return comparison_of(meta, children)

    def literal_cmp(self, meta: Meta, children: list[Any]) -> ast.Comparison:
        return comparison_of(meta, children)

    def compare_word(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("compare_word", children)

    def no_count(self, meta: Meta, children: list[Any]) -> ast.Amount:
        return ast.Amount(kind="no", span=span_of(meta))

    def compare_prefix(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("compare_prefix", children)

    def amount_q(self, meta: Meta, children: list[Any]) -> ast.Amount:
        token = children[0]
        kind = "int" if token.type == "INT" else "var"
        return ast.Amount(
            kind=kind, value=int(token) if kind == "int" else str(token), span=span_of(meta)
        )

    def duration(self, meta: Meta, children: list[Any]) -> ast.Duration:
        the = any(isinstance(c, Tree) and c.data == "the" for c in children)
        return ast.Duration(phase=first_of(children, ast.PhaseRef), the=the, span=span_of(meta))

    def this_period(self, meta: Meta, children: list[Any]) -> ast.Duration:
        """ "this turn", as printed cards say it: "until the end of this turn"."""
        span = span_of(meta)
        phase = ast.PhaseRef(phase=str(token_of(children, "THIS_PERIOD")), owner="this", span=span)
        return ast.Duration(phase=phase, the=True, short=True, span=span)

    def amount(self, meta: Meta, children: list[Any]) -> ast.Amount:
        token = children[0]
        if token.type == "INT":
            return ast.Amount(kind="int", value=int(token), span=span_of(meta))
        if token.type == "VAR":
            return ast.Amount(kind="var", value=str(token), span=span_of(meta))
        return ast.Amount(kind=str(token).casefold(), span=span_of(meta))

    def that_many(self, meta: Meta, children: list[Any]) -> ast.Amount:
        return ast.Amount(kind="that_many", span=span_of(meta))

    def all_amount(self, meta: Meta, children: list[Any]) -> ast.Amount:
        return ast.Amount(kind="all", span=span_of(meta))

    def phase_ref(self, meta: Meta, children: list[Any]) -> ast.PhaseRef:
        owner = next((c for c in children if isinstance(c, str) and not isinstance(c, Token)), None)
        return ast.PhaseRef(phase=str(token_of(children, "PHASE")), owner=owner, span=span_of(meta))

    def phase_owner(self, meta: Meta, children: list[Any]) -> str:
        return possessive_words(children)

    def zone_ref(self, meta: Meta, children: list[Any]) -> ast.ZoneRef:
        possessor = next(
            (c for c in children if isinstance(c, str) and not isinstance(c, Token)), None
        )
        return ast.ZoneRef(
            zone=str(token_of(children, "ZONE")), possessor=possessor, span=span_of(meta)
        )

    def possessor(self, meta: Meta, children: list[Any]) -> str:
        return possessive_words(children)

    def the(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("the", [])

    def negation(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("negation", [])


def _none_marked(t: ast.Test) -> ast.Test:
    """A test whose subject says "no" ("if you control no characters") is marked: the
    engine asks it of "a" and denies the answer."""
    q = t.subject.quantifier if isinstance(t.subject, ast.Cards) else None
    return dataclasses.replace(t, none=True) if q and q.kind in ast.DENYING else t
