"""The words and phrases of canonical card script: spelling terms, conditions and
selectors ("each other ready character you control"), shared by ``formatter.Formatter``."""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import article
from cardscript.grammar.registry import Registry, negated_past

_T = TypeVar("_T")
_COMPARE_PREFIXES = frozenset(
    {"more than", "fewer than", "less than", "at least", "at most", "exactly"}
)

_THIRD_PERSON = {
    "become": "becomes",
    "redirect": "redirects",
    "deal": "deals",
    "prevent": "prevents",
    "heal": "heals",
    "draw": "draws",
    "discard": "discards",
    "gain": "gains",
    "lose": "loses",
    "pay": "pays",
    "place": "places",
    "remove": "removes",
    "search": "searches",
    "shuffle": "shuffles",
    "reveal": "reveals",
    "look": "looks",
    "get": "gets",
    "have": "has",
    "put": "puts",
    "move": "moves",
    "return": "returns",
    "take": "takes",
}
_PLURAL_QUANTIFIERS = frozenset({"all", "all other", "other"})
_BASE_FORM_PLAYERS = frozenset({"you"})


class PhraseFormatter:
    """Renders conditions and selectors for one game's registry."""

    def __init__(self, registry: Registry, *, nested: bool = False) -> None:
        self.registry = registry
        self.nested = nested  # writing the text of a granted ability, itself in quotes

    def quoted(self, value: str) -> str:
        """A name in quotes: «» inside a granted ability's own quotes, or when the name
        holds a straight quote, so the quotes do not end one another."""
        return f"«{value}»" if self.nested or '"' in value else f'"{value}"'

    # ---- words -------------------------------------------------------------------------
    def spell(self, token_class: str, term_id: str, plural: bool = False) -> str:
        term = self.registry.term(token_class, term_id)
        return term.spelling(plural) if term else term_id

    def _verb(self, base: str, third: bool) -> str:
        return _THIRD_PERSON.get(base, base) if third else base

    # ---- conditions ----------------------------------------------------------------------
    def condition(self, condition: ast.Condition) -> str:
        out = self.test(condition.tests[0])
        for op, test in zip(condition.ops, condition.tests[1:], strict=False):
            out += f" {op} {self.test(test)}"
        return out

    def test(self, t: ast.Test) -> str:
        neg = " not" if t.negated else ""
        if t.kind == "there_is":  # (no zone to say it by: refused, CS-T026)
            subject = req(t.subject)
            return f"there {'are' if is_plural(subject) else 'is'} {self.selector(subject)}"
        if t.kind in ("is_state", "in_zone"):
            subject = req(t.subject)
            be = "are" if is_plural(subject) else "is"
            if t.kind == "in_zone":
                return f"{self.selector(subject)} {be}{neg} in {self.zone(req(t.zone))}"
            state = t.state or ""
            if not state.startswith("face "):
                state = self._adjective(state)
            return f"{self.selector(subject)} {be}{neg} {state}"
        if t.kind == "has_counters":
            subject = req(t.subject)
            has = "have" if is_plural(subject) else "has"
            cmp = req(t.comparison)
            return (
                f"{self.selector(subject)} {has} {self.comparison(cmp)} "
                f"{self.spell('COUNTER', t.name or '', counts_many(cmp.value))}"
            )
        if t.kind == "has_resource":
            subject = req(t.subject)
            has = "have" if is_plural(subject) else "has"
            resource = self.spell("RESOURCE", t.name or "")
            return f"{self.selector(subject)} {has} {self.comparison(req(t.comparison))} {resource}"
        if t.kind == "has_cards":
            subject = req(t.subject)
            has = "have" if is_plural(subject) else "has"
            cmp = req(t.comparison)
            return (
                f"{self.selector(subject)} {has} {self.comparison(cmp)} "
                f"{self.spell('NOUN', t.name or '', counts_many(cmp.value))} "
                f"{t.possessor} {self.zone(req(t.zone))}"
            )
        if t.kind in ("resource_cmp", "stat_cmp"):
            cls = "RESOURCE" if t.kind == "resource_cmp" else "STAT"
            return (
                f"{t.possessor} {self.spell(cls, t.name or '')} is "
                f"{self.comparison(req(t.comparison))}"
            )
        if t.kind == "is_a":
            subject = req(t.subject)
            be = "are" if is_plural(subject) else "is"
            return f"{self.selector(subject)} {be}{neg} {self.selector(req(t.kind_of))}"
        if t.kind == "happened_this":
            term = self.registry.term("EVENT", t.name or "")
            past = negated_past(term) if term and t.negated else term and term.past
            verb = past or (term.text if term else t.name or "")
            phase = self.spell("PHASE", t.phase or "")
            return f"{self.selector(req(t.subject))} {verb} this {phase}"
        if t.kind == "you_did":
            return "you do"
        if t.kind == "you_did_not":
            return "you do not"
        if t.kind == "paid_with":
            paid = self.spell("RESOURCE", t.name or "")
            return f"you paid with {article(paid)} {paid}"
        if t.kind == "you_control":
            who = t.possessor or "you"
            verb = "do not control" if t.negated else "control" if who == "you" else "controls"
            if t.comparison is not None:  # "3 or more characters"
                verb += f" {self.comparison(t.comparison)}"
            return f"{who} {verb} {self.selector(req(t.subject))}"
        raise TypeError(f"unknown test {t.kind!r}")

    def comparison(self, c: ast.Comparison) -> str:
        if c.op in _COMPARE_PREFIXES:
            return f"{c.op} {self.amount(c.value)}"
        return self.amount(c.value) + (f" {c.op}" if c.op else "")

    def amount(self, amount: ast.Amount) -> str:
        if amount.kind in ("int", "var"):
            return str(amount.value)
        return {"that_many": "that many"}.get(amount.kind, amount.kind)

    def phase(self, p: ast.PhaseRef) -> str:
        return (f"{p.owner} " if p.owner else "") + self.spell("PHASE", p.phase)

    def zone(self, z: ast.ZoneRef) -> str:
        return (f"{z.possessor} " if z.possessor else "") + self.spell("ZONE", z.zone)

    def bound(self, b: ast.Binding) -> str:
        """What "where X is …" says X is: "the number of <cards>", or a card's stat."""
        if isinstance(b.selector, ast.StatValue):
            v = b.selector
            stat = self.spell("STAT", v.stat)
            return (
                f"{v.possessor} {stat}"
                if v.holder is None
                else f"{self.selector(v.holder)}'s {stat}"
            )
        return f"the number of {self.selector(b.selector)}"

    # ---- selectors -------------------------------------------------------------------------
    def selector(self, s: ast.Node) -> str:
        if isinstance(s, ast.ThisCard):
            return "this" + (" " + self.spell("NOUN", s.noun) if s.noun else "")
        if isinstance(s, ast.ThisPossessed):
            owner = " " + self.spell("NOUN", s.owner) if s.owner else ""
            return f"this{owner}'s {self.spell('NOUN', s.noun)}"
        if isinstance(s, ast.It):
            return s.word
        if isinstance(s, ast.ThatCard):
            return f"{s.word} " + self.spell("NOUN", s.noun, s.word == "those")
        if isinstance(s, ast.Player):
            if s.quality is not None:  # "each player in alter-ego form"
                return f"{s.who} {self.spell('ADJ', s.quality)}"
            if s.random is None:
                return s.who
            return f"{s.who} at random" if s.random.postfix else f"a random {s.who}"
        if isinstance(s, ast.Cards):
            return self.cards(s)
        raise TypeError(f"not a selector: {type(s).__name__}")

    def _each(self, s: ast.Node) -> str:
        """After "for each" a noun is singular: "for each Rest card"."""
        if isinstance(s, ast.Cards) and s.quantifier is None:
            return self.cards(s, plural=False)
        if isinstance(s, ast.Player) and s.who.startswith("each ") and s.random is None:
            return s.who[5:] + (f" {self.spell('ADJ', s.quality)}" if s.quality else "")
        return self.selector(s)

    def cards(self, c: ast.Cards, plural: bool | None = None) -> str:
        parts: list[str] = []
        if c.quantifier is not None and (words := self.quantifier(c.quantifier)):
            parts.append(words)
        quals = self._qualities(c.qualities).strip()
        if quals:
            parts.append(quals)
        many = is_plural(c) if plural is None else plural
        parts.append(" and ".join(self.spell("NOUN", n, many) for n in (c.noun, *c.also)))
        parts.extend(self.filter(f) for f in c.filters)
        if c.quantifier is not None and c.quantifier.postfix:
            parts.append("at random")
        return " ".join(parts)

    def quantifier(self, q: ast.Quantifier) -> str:
        """The words before the noun ("2 random", "up to 2 target")."""
        if q.postfix:  # "<as written> cards at random"
            return "" if q.written is None else self.quantifier(q.written)
        count = self.amount(q.count) if q.count else ""
        if q.kind == "random":
            return f"{count} random" if q.count else "target random"
        if q.kind == "n_targets":
            return f"{count} target"
        if q.kind == "n_cards":
            return count
        if q.kind == "up_to":
            return f"up to {count}" + (" target" if q.target else "")
        if q.kind in ("top", "bottom"):
            return f"the {q.kind}" + (f" {count}" if count else "")
        return q.kind

    def _qualities(self, qualities: tuple[ast.Quality, ...]) -> str:
        words = []
        for q in qualities:
            if q.kind == "adj":
                words.append(("non-" if q.negated else "") + self._adjective(q.value))
            elif q.kind == "name":
                words.append(self.quoted(q.value))
            else:
                words.append(q.value)
        return "".join(w + " " for w in words)

    def _adjective(self, value: str) -> str:
        if value.startswith("non-"):
            return "non-" + self.spell("ADJ", value[4:])
        return self.spell("ADJ", value)

    def filter(self, f: ast.Filter) -> str:
        k = f.kind
        if k == "you_control":
            return "you control"
        if k == "opponent_controls":
            return "an opponent controls"
        if k == "adj_with":
            return f"{self.spell('ADJ', f.name or '')} with {f.value}"
        if k == "attr":
            return f"with {self.spell('ATTR', f.name or '')} {self.quoted(f.value or '')}"
        if k == "stat":
            return f"with {self.spell('STAT', f.name or '')} {self.comparison(req(f.comparison))}"
        if k == "printed_stat":
            stat = self.spell("STAT", f.name or "")
            return f"with printed {stat} {self.comparison(req(f.comparison))}"
        if k == "keyword":
            return f"with {self.spell('KW', f.name or '')}"
        if k == "printed_keyword":
            return f"with printed {self.spell('KW', f.name or '')}"
        if k == "without_keyword":
            return f"without {self.spell('KW', f.name or '')}"
        if k == "zone":
            return f"{f.value} {self.zone(req(f.zone))}"
        if k == "named":
            return f"named {self.quoted(f.value or '')}"
        if k == "other_than_this":
            return "other than this"
        if k == "history":
            term = self.registry.term("EVENT", f.name or "")
            verb = (term.past or term.text) if term else (f.name or "")
            return f"that {verb} this {self.spell('PHASE', f.phase or '')}"
        raise TypeError(f"unknown filter {k!r}")


def is_plural(selector: ast.Node) -> bool:
    if isinstance(selector, ast.It):
        return selector.word == "them"
    if isinstance(selector, ast.ThatCard):
        return selector.word == "those"
    if isinstance(selector, ast.Player):
        return selector.who in _BASE_FORM_PLAYERS
    if isinstance(selector, ast.Cards):
        q = selector.quantifier
        if q is None:
            return selector.plural is not False
        if q.kind == "the" or q.kind in ast.DENYING:
            return bool(selector.plural)
        if q.kind in _PLURAL_QUANTIFIERS:
            return True
        if q.kind in ("n_targets", "n_cards", "up_to", "top", "bottom"):
            return counts_many(q.count)
        if q.kind == "random" and q.postfix:  # the number its written quantifier says
            return is_plural(replace(selector, quantifier=q.written))
        if q.kind == "random":
            return counts_many(q.count)
    return False


def counts_many(amount: ast.Amount | None) -> bool:
    if amount is None:
        return False
    if amount.kind == "int":
        return amount.value != 1
    return amount.kind in ("var", "that_many", "all", "no")


def req(value: _T | None) -> _T:
    """A field the grammar guarantees for this node kind."""
    if value is None:
        raise ValueError("malformed AST: a required part is missing")
    return value
