"""AST builder rules for selectors (cards, players, filters) and ability modifiers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Tree
from lark.tree import Meta

from cardscript.grammar import ast
from cardscript.grammar.build_util import (
    adjective_of,
    all_of,
    classed_word,
    comparison_of,
    first_of,
    name_of,
    possessive_words,
    span_of,
    token_of,
    token_span,
    words_of,
)
from cardscript.grammar.diagnostics import Span

# quantifiers that say no number: the noun's is kept as written ("the cards in …",
# "no characters" / "no card")
_NUMBER_AS_WRITTEN = frozenset({"the", *ast.DENYING})


class SelectorRules:
    """Rule methods for selectors and mods (mixed into AstBuilder)."""

    # ---- selectors -----------------------------------------------------------------------
    def this_card(self, meta: Meta, children: list[Any]) -> ast.ThisCard:
        noun = token_of(children, "NOUN")
        return ast.ThisCard(noun=str(noun) if noun else None, span=span_of(meta))

    def this_possessed(self, meta: Meta, children: list[Any]) -> ast.ThisPossessed:
        nouns = [str(c) for c in children if isinstance(c, Token) and c.type == "NOUN"]
        owner = nouns[0] if len(nouns) == 2 else None
        return ast.ThisPossessed(noun=nouns[-1], owner=owner, span=span_of(meta))

    def it(self, meta: Meta, children: list[Any]) -> ast.It:
        return ast.It(word=str(children[0]).casefold(), span=span_of(meta))

    def them(self, meta: Meta, children: list[Any]) -> ast.It:
        return ast.It(word="them", span=span_of(meta))

    def that_card(self, meta: Meta, children: list[Any]) -> ast.ThatCard:
        return ast.ThatCard(noun=str(token_of(children, "NOUN")), span=span_of(meta))

    def those_card(self, meta: Meta, children: list[Any]) -> ast.ThatCard:
        return ast.ThatCard(noun=str(token_of(children, "NOUN")), word="those", span=span_of(meta))

    def player(self, meta: Meta, children: list[Any]) -> ast.Player:
        return ast.Player(who=possessive_words(children), span=span_of(meta))

    def cards(self, meta: Meta, children: list[Any]) -> ast.Cards:
        quantifier = first_of(children, ast.Quantifier)
        qualities = next((c for c in children if isinstance(c, tuple)), ())
        noun = token_of(children, "NOUN")
        # the number as written, where no count decides it ("your vanguard", "the cards
        # in the opponent's hand": the formatter keeps it)
        written = quantifier is None or quantifier.kind in _NUMBER_AS_WRITTEN
        plural = bool(getattr(noun, "plural", False)) if written else None
        at_random = first_of(children, AtRandom)
        if at_random is not None:
            quantifier = _postfix_random(quantifier, at_random.span)
        listed = next((c for c in children if isinstance(c, Tree) and c.data == "noun_list"), None)
        also = [t for t in listed.children if isinstance(t, Token)] if listed else []
        return ast.Cards(
            plural=plural,
            noun=str(noun),
            also=tuple(str(t) for t in also if t.type == "NOUN"),
            quantifier=quantifier,
            qualities=qualities,
            filters=all_of(children, ast.Filter),
            span=span_of(meta),
        )

    def counted_noun(self, meta: Meta, children: list[Any]) -> tuple[ast.Comparison, ast.Cards]:
        """ "3 or more characters": the comparison, and the cards as a selector of their
        own (every one of them: no quantifier, the noun as written)."""
        counts = ("compare_word", "compare_prefix")
        rest = [
            c
            for c in children
            if not isinstance(c, ast.Amount) and not (isinstance(c, Tree) and c.data in counts)
        ]
        return comparison_of(meta, children), self.cards(meta, rest)

    def qualities(self, meta: Meta, children: list[Any]) -> tuple[ast.Quality, ...]:
        out = []
        for c in children:
            if isinstance(c, ast.Quality):
                out.append(c)
            elif isinstance(c, Token) and c.type == "STRING":
                out.append(ast.Quality(kind="name", value=str(c), span=token_span(c)))
            elif isinstance(c, Token) and c.type == "ADJ":
                out.append(adjective_of(c))
        return tuple(out)

    def possessor_q(self, meta: Meta, children: list[Any]) -> ast.Quality:
        return ast.Quality(kind="possessor", value=possessive_words(children), span=span_of(meta))

    def quantifier(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind=words_of(children), span=span_of(meta))

    def random(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        """ "a random card", "2 random cards", "X random cards": the game picks them."""
        count = first_of(children, ast.Amount)
        if count is None:  # "a"
            count = ast.Amount(kind="a", span=token_span(children[0]))
        return ast.Quantifier(kind="random", count=count, span=span_of(meta))

    def target_random(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind="random", target=True, span=span_of(meta))

    def at_random(self, meta: Meta, children: list[Any]) -> AtRandom:
        return AtRandom(span_of(meta))

    def player_in(self, meta: Meta, children: list[Any]) -> ast.Player:
        """ "each player in alter-ego form": the players with a quality (CS-T039)."""
        who = first_of(children, ast.Player)
        return ast.Player(who=who.who, quality=name_of(children, "ADJ"), span=span_of(meta))

    def random_player(self, meta: Meta, children: list[Any]) -> ast.Player:
        """ "a random opponent", "an opponent at random": read, to be refused (CS-T020)."""
        who = first_of(children, ast.Player)
        at_random = first_of(children, AtRandom)
        if at_random is not None:
            picked = ast.Quantifier(kind="random", postfix=True, span=at_random.span)
            return ast.Player(who=who.who, random=picked, span=span_of(meta))
        span = span_of(meta)  # (the words "a random" are not kept: the whole selector)
        picked = ast.Quantifier(kind="random", count=ast.Amount(kind="a", span=span), span=span)
        return ast.Player(who=who.who.removeprefix("each "), random=picked, span=span)

    def _counted(self, meta: Meta, kind: str, children: list[Any]) -> ast.Quantifier:
        target = any(isinstance(c, Token) and c.type == "TARGET" for c in children)
        return ast.Quantifier(
            kind=kind, count=first_of(children, ast.Amount), target=target, span=span_of(meta)
        )

    def target(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind="target", span=span_of(meta))

    def n_targets(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return self._counted(meta, "n_targets", children)

    def n_cards(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return self._counted(meta, "n_cards", children)

    def up_to(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return self._counted(meta, "up_to", children)

    def each_other(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind="each other", span=span_of(meta))

    def all_other(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind="all other", span=span_of(meta))

    def all_of(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        """ "all of your rear-guards", as printed cards say it: "all your rear-guards"."""
        return ast.Quantifier(kind="all", span=span_of(meta))

    def no_card(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind="no", span=span_of(meta))

    def no_other_card(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind="no other", span=span_of(meta))

    def top_of(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return self._counted(meta, "top", children)

    def bottom_of(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return self._counted(meta, "bottom", children)

    def _filter(self, meta: Meta, kind: str, **kw: Any) -> ast.Filter:
        return ast.Filter(kind=kind, span=span_of(meta), **kw)

    def you_control_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "you_control")

    def opponent_controls_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "opponent_controls")

    def adj_with_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        """ "engaged with you": name the adjective, value the player it is held toward."""
        return self._filter(meta, "adj_with", name=name_of(children, "ADJ"), value=children[-1])

    def related_player(self, meta: Meta, children: list[Any]) -> str:
        return words_of(children)

    def attr_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(
            meta, "attr", name=name_of(children, "ATTR"), value=name_of(children, "STRING")
        )

    def stat_filter(self, meta: Meta, children: list[Any], kind: str = "stat") -> ast.Filter:
        return self._filter(
            meta,
            kind,
            name=name_of(children, "STAT"),
            comparison=first_of(children, ast.Comparison),
        )

    def printed_stat_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        """ "with printed cost 3": the value printed on the card, no modifier (G69)."""
        return self.stat_filter(meta, children, "printed_stat")

    def keyword_filter(self, meta: Meta, children: list[Any], kind: str = "keyword") -> ast.Filter:
        return self._filter(meta, kind, name=name_of(children, "KW"))

    def printed_keyword_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        """ "with printed Guard": printed on the card, not gained (MC-GAIN-1)."""
        return self.keyword_filter(meta, children, "printed_keyword")

    def without_keyword_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "without_keyword", name=name_of(children, "KW"))

    def zone_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        prep = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return self._filter(meta, "zone", value=prep, zone=first_of(children, ast.ZoneRef))

    def zone_prep(self, meta: Meta, children: list[Any]) -> str:
        return words_of(children)

    def named_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "named", value=name_of(children, "STRING"))

    def other_than_this(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "other_than_this")

    def history_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(
            meta, "history", name=name_of(children, "EVENT"), phase=name_of(children, "PHASE")
        )

    # ---- mods ----------------------------------------------------------------------------
    def mods(self, meta: Meta, children: list[Any]) -> tuple[ast.Mod, ...]:
        return all_of(children, ast.Mod)

    def once_per(self, meta: Meta, children: list[Any]) -> ast.Mod:
        return ast.Mod(kind="once_per", period=name_of(children, "PHASE"), span=span_of(meta))

    def twice_per(self, meta: Meta, children: list[Any]) -> ast.Mod:
        return ast.Mod(kind="twice_per", period=name_of(children, "PHASE"), span=span_of(meta))

    def max_per(self, meta: Meta, children: list[Any], kind: str = "max_per") -> ast.Mod:
        count = token_of(children, "INT")
        var = token_of(children, "VAR")
        period = token_of(children, "PHASE", "NOUN")
        words: tuple[str, ...] = ()
        if period is not None:
            words = (period.type + (":pl" if getattr(period, "plural", False) else ""),)
        if var is not None:
            words += (f"VAR:{var}",)
        return ast.Mod(
            kind=kind,
            count=int(count) if count else None,
            period=str(period) if period else None,
            words=words,
            span=span_of(meta),
        )

    def limit_per(self, meta: Meta, children: list[Any]) -> ast.Mod:
        return self.max_per(meta, children, "limit_per")

    def only_when(self, meta: Meta, children: list[Any]) -> ast.Mod:
        words = tuple(
            classed_word(c) for c in children if isinstance(c, Token) and c.type != "ONLY"
        )
        return ast.Mod(kind="only_when", words=words, span=span_of(meta))

    def any_time(self, meta: Meta, children: list[Any]) -> ast.Mod:
        return ast.Mod(kind="any_time", span=span_of(meta))


@dataclass(frozen=True)
class AtRandom:
    """ "at random" after a selector, where it is written (folded into its quantifier)."""

    span: Span | None


def _postfix_random(written: ast.Quantifier | None, span: Span | None) -> ast.Quantifier:
    """The quantifier of "<written> cards at random": a number ("a", "2", "X") is how many
    the game picks; "target" stays a target (refused, CS-T020); any other says no number."""
    kind, count = None, None
    if written is not None:
        kind = written.kind
        if kind in ("n_cards", "n_targets"):
            count = written.count
        elif kind in ("a", "an"):
            count = ast.Amount(kind=kind, span=written.span)
    return ast.Quantifier(
        kind="random",
        count=count,
        target=kind in ("target", "n_targets"),
        postfix=True,
        written=written,
        span=span,
    )
