"""Print an AST back as canonical card script: one ability per line, canonical words.

The formatter is the inverse of the parser up to layout and spelling: for every AST,
``parse(format(ast)) == ast``. Verbs agree with their subjects ("you draw", "each
opponent draws") and nouns with their quantifiers ("a character", "all characters").
"""

from __future__ import annotations

from typing import TypeVar

from cardscript.grammar import ast
from cardscript.grammar.registry import Registry

_T = TypeVar("_T")
_COMPARE_PREFIXES = frozenset({"more than", "fewer than", "less than", "at least", "at most"})

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


class Formatter:
    """Renders AST nodes as text for one game's registry."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    # ---- words -------------------------------------------------------------------------
    def spell(self, token_class: str, term_id: str, plural: bool = False) -> str:
        term = self.registry.term(token_class, term_id)
        return term.spelling(plural) if term else term_id

    def _verb(self, base: str, third: bool) -> str:
        return _THIRD_PERSON.get(base, base) if third else base

    # ---- script ------------------------------------------------------------------------
    def script(self, script: ast.Script) -> str:
        lines = [f"cardscript {script.version}"] if script.version is not None else []
        lines.extend(self.line(line) for line in script.lines)
        return "\n".join(lines) + ("\n" if lines else "")

    def line(self, line: ast.AbilityLine, *, sentence: bool = True) -> str:
        text = ""
        if line.label is not None:
            text += self.label(line.label) + " "
        body = self.ability(line.ability)
        text += _capitalise(body) if line.label is not None else body
        if line.mods:
            text += " (" + ", ".join(self.mod(m) for m in line.mods) + ")"
        if sentence and not isinstance(line.ability, (ast.KeywordList, ast.KeywordDef)):
            text += "."
        if isinstance(line.ability, ast.KeywordDef):
            return text  # "keyword" opens a definition, lower case like a declaration
        return _capitalise(text)

    def label(self, label: ast.Label) -> str:
        text = self.spell("LABEL", label.name)
        if label.qualifier:
            gap = "" if text.endswith("]") else " "
            text += gap + "(" + " ".join(self._classed(w) for w in label.qualifier) + ")"
        return text + ":"

    def _classed(self, word: str) -> str:
        token_class, _, value = word.partition(":")
        if token_class in ("WORD", "INT", "OR", "YOUR_WORD"):
            return value
        value, _, number = value.partition(":")
        return self.spell(token_class, value, number == "pl")

    def mod(self, mod: ast.Mod) -> str:
        if mod.kind == "once_per":
            return f"once per {self.spell('PHASE', mod.period or '')}"
        if mod.kind == "twice_per":
            return f"twice per {self.spell('PHASE', mod.period or '')}"
        if mod.kind in ("max_per", "limit_per"):
            cls, _, number = (mod.words[0] if mod.words else "PHASE").partition(":")
            var = next((w[4:] for w in mod.words if w.startswith("VAR:")), None)
            head = "max" if mod.kind == "max_per" else "limit"
            period = self.spell(cls, mod.period or "", number == "pl")
            return f"{head} {var or mod.count} per {period}"
        if mod.kind == "only_when":
            return " ".join(self._classed(w) for w in mod.words) + " only"
        return "any time"

    # ---- abilities ---------------------------------------------------------------------
    def ability(self, node: ast.Node) -> str:
        if isinstance(node, ast.KeywordList):
            return ", ".join(self.keyword(k) for k in node.keywords)
        if isinstance(node, ast.KeywordDef):
            return self.keyword_def(node)
        if isinstance(node, ast.Triggered):
            head = f"{node.timing} {self.event(node.event)}, "
            if node.costs is not None:
                head += self.steps(node.costs) + " → "
            return head + self.steps(node.effects)
        if isinstance(node, ast.Activated):
            return f"{self.steps(node.costs)} → {self.steps(node.effects)}"
        if isinstance(node, ast.EffectAbility):
            if node.condition is not None:
                return f"while {self.condition(node.condition)}, {self.steps(node.effects)}"
            if node.during is not None:
                return f"during {self.phase(node.during)}, {self.steps(node.effects)}"
            return self.steps(node.effects)
        if isinstance(node, ast.Replacement):
            text = f"if {self.selector(node.subject)} would {self._infinitive(node.event)}"
            if node.obj is not None:
                text += " " + self.event_object(node.obj)
            return f"{text}, {self.steps(node.effects)} instead"
        if isinstance(node, ast.RuleOverride):
            value = self.spell("ADJ", node.value) if node.value_kind == "ADJ" else node.value
            text = f"rule {self.spell('HOOK', node.hook)} is {value}"
            if node.scope is not None:
                text += f" for {self.selector(node.scope)}"
            if node.condition is not None:
                text += f" while {self.condition(node.condition)}"
            return text
        raise TypeError(f"not an ability: {type(node).__name__}")

    def keyword(self, node: ast.KeywordUse) -> str:
        parts = [self.spell("KW", node.name)]
        plural = False
        for arg in node.args:
            if arg.kind in ("INT", "VAR", "TRIPLE", "WORD"):
                parts.append(arg.value)
                plural = arg.kind == "VAR" or (arg.kind == "INT" and arg.value != "1")
            elif arg.kind == "STRING":
                parts.append(f'"{arg.value}"')
            else:
                many = arg.plural if arg.plural is not None else plural
                parts.append(self._unmerged(parts[-1], arg.kind, arg.value, many))
        return " ".join(parts)

    def _unmerged(self, before: str, token_class: str, term_id: str, plural: bool) -> str:
        """The term's spelling, or another of its forms when the canonical one would run
        into the words before it as one longer phrase ("energy" + "threshold" reads back as
        the stat "energy threshold")."""
        first = self.spell(token_class, term_id, plural)
        term = self.registry.term(token_class, term_id)
        if term is None or not self._merges(before, first):
            return first
        return next((f for f in term.forms if not self._merges(before, f)), first)

    def _merges(self, before: str, after: str) -> bool:
        tail, head = before.casefold().split(), after.casefold().split()
        longest, phrases = self.registry.longest_phrase, self.registry.phrases
        for k in range(1, min(len(tail), longest - 1) + 1):
            for j in range(1, min(len(head), longest - k) + 1):
                if " ".join(tail[-k:] + head[:j]) in phrases:
                    return True
        return False

    def keyword_def(self, node: ast.KeywordDef) -> str:
        head = f"keyword {node.name}"
        if node.params:
            head += " " + ", ".join(node.params)
        items = [self.line(item, sentence=False) for item in node.body]
        items = [
            item[0].lower() + item[1:]
            if item[:1].isupper() and not _starts_with_name(item, self)
            else item
            for item in items
        ]
        return head + ":\n  " + ";\n  ".join(items) + "."

    # ---- events ------------------------------------------------------------------------
    def event(self, event: ast.Event) -> str:
        if event.moment is not None:
            m = event.moment
            return f"{'the ' if m.the else ''}{m.edge} of {self.phase(m.phase)}"
        term = self.registry.term("EVENT", event.event or "")
        if event.subject is None:
            text = term.text if term else (event.event or "")
        else:
            plural = _is_plural(event.subject)
            verb = (term.spelling(True) if plural else term.text) if term else event.event
            text = f"{self.selector(event.subject)} {verb}"
        if event.obj is not None:
            text += " " + self.event_object(event.obj)
        return text

    def _infinitive(self, event_id: str) -> str:
        term = self.registry.term("EVENT", event_id)
        return term.infinitive() if term else event_id

    def event_object(self, obj: ast.EventObject) -> str:
        prefix = f"{obj.preposition} " if obj.preposition else ""
        return prefix + self.selector(obj.selector)

    # ---- steps -------------------------------------------------------------------------
    def steps(self, steps: ast.Steps) -> str:
        out = self.step(steps.steps[0])
        for joiner, step in zip(steps.joiners, steps.steps[1:], strict=False):
            text = self.step(step)
            if joiner == ". then":
                out += ". Then " + text
            elif joiner == ",":
                out += ", " + text
            else:
                out += f"{joiner} {text}"
        for binding in steps.where:
            out += f", where {binding.name} is the number of {self.selector(binding.selector)}"
        return out

    def step(self, step: ast.Node) -> str:
        if isinstance(step, ast.Clause):
            return self.clause(step)
        if isinstance(step, ast.Conditional):
            return f"if {self.condition(step.condition)}, {self.clause(step.clause)}"
        if isinstance(step, ast.ForEach):
            return f"for each {self._each(step.selector)}, {self.clause(step.clause)}"
        if isinstance(step, ast.Otherwise):
            return f"otherwise {self.clause(step.clause)}"
        if isinstance(step, ast.InPlayerOrder):
            return f"in player order, {self.clause(step.clause)} until none remain"
        if isinstance(step, ast.Choice):
            return "choose one: " + " or ".join(self.clause(c) for c in step.options)
        raise TypeError(f"not a step: {type(step).__name__}")

    def clause(self, clause: ast.Clause) -> str:
        parts: list[str] = []
        third = False
        if clause.subject is not None:
            parts.append(self.selector(clause.subject))
            third = not _is_plural(clause.subject)
        if clause.optional:
            parts.append("may")
            third = False
        parts.append(self.action(clause.action, third))
        if clause.per_each is not None:
            parts.append(f"for each {self._each(clause.per_each)}")
        if clause.duration is not None:
            d = clause.duration
            parts.append(f"until {'the ' if d.the else ''}end of {self.phase(d.phase)}")
        if clause.delay is not None:
            parts.append(f"at the end of {self.phase(clause.delay)}")
        return " ".join(parts)

    def action(self, a: ast.Action, third: bool) -> str:
        v = a.verb
        amount = self.amount(a.amount) if a.amount else ""
        many = _counts_many(a.amount)
        if v == "deal":
            text = f"{self._verb('deal', third)} {amount} {self._qualities(a.qualities)}"
            text += self.spell("DAMAGE", a.name or "", many)
            return text + (f" to {self.selector(a.target)}" if a.target else "")
        if v == "prevent":
            return self._prevent(a, third, amount, many)
        if v == "heal":
            text = f"{self._verb('heal', third)} {amount}"
            if a.name:
                text += " " + self.spell("DAMAGE", a.name, many)
            if a.target is not None:
                text += f" {a.word or 'from'} {self.selector(a.target)}"
            return text
        if v == "draw":
            return f"{self._verb('draw', third)} {amount} {self.spell('NOUN', a.name or '', many)}"
        if v in ("discard", "reveal"):
            return f"{self._verb(v, third)} {self.selector(_req(a.target))}"
        if v == "look":
            return f"{self._verb('look', third)} at {self.selector(_req(a.target))}"
        if v in ("gain", "lose", "pay"):
            text = f"{self._verb(v, third)} {amount}"
            return text + (" " + self.spell("RESOURCE", a.name, many) if a.name else "")
        if v == "gain_control":
            return f"{self._verb('gain', third)} control of {self.selector(_req(a.target))}"
        if v == "move":
            return (
                f"{self._verb(a.word or 'put', third)} {self.selector(_req(a.target))} "
                f"{self.destination(_req(a.destination))}"
            )
        if v == "place":
            return (
                f"{self._verb('place', third)} {amount} "
                f"{self.spell('COUNTER', a.name or '', many)} on "
                f"{self.selector(_req(a.target))}"
            )
        if v == "move_counters":
            return (
                f"{self._verb(a.word or 'move', third)} {amount} "
                f"{self.spell('COUNTER', a.name or '', many)} from "
                f"{self.selector(_req(a.source))} to {self.selector(_req(a.target))}"
            )
        if v == "remove_counters":
            return (
                f"{self._verb('remove', third)} {amount} "
                f"{self.spell('COUNTER', a.name or '', many)} from "
                f"{self.selector(_req(a.target))}"
            )
        if v == "remove_card":
            text = f"{self._verb('remove', third)} {self.selector(_req(a.target))}"
            return text + (" from the game" if a.flag else "")
        if v == "search":
            return (
                f"{self._verb('search', third)} {self.zone(_req(a.zone))} for "
                f"{self.selector(_req(a.target))}"
            )
        if v == "shuffle":
            return f"{self._verb('shuffle', third)} {self.zone(_req(a.zone))}"
        if v == "shuffle_into":
            return (
                f"{self._verb('shuffle', third)} {self.selector(_req(a.target))} into "
                f"{self.zone(_req(a.zone))}"
            )
        if v == "get":
            mods = " and ".join(f"{m.delta} {self.spell('STAT', m.stat)}" for m in a.stat_mods)
            return f"{self._verb('get', third)} {mods}"
        if v == "become":
            noun = self.spell("NOUN", a.name or "")
            article = "an" if noun[:1].casefold() in "aeiou" else "a"
            return f"{self._verb('become', third)} {article} {noun}"
        if v == "set_stat":
            return f"{self._verb('have', third)} {self.spell('STAT', a.name or '')} {amount}"
        if v == "grant_ability":
            text = a.text or ""
            return f"{self._verb('have', third)} " + (f"«{text}»" if '"' in text else f'"{text}"')
        if v in ("have", "gain_keyword", "lose_keyword"):
            base = {"have": "have", "gain_keyword": "gain", "lose_keyword": "lose"}[v]
            keywords = " and ".join(self.keyword(k) for k in a.keywords)
            return f"{self._verb(base, third)} {keywords}"
        if v in ("can", "cannot"):
            text = f"{v} {self.spell('PERMISSION', a.name or '')}"
            return text + (" " + self.event_object(a.event_object) if a.event_object else "")
        if v == "primitive":
            term = self.registry.term("VERB", a.name or "")
            verb = (term.third_person() if third else term.text) if term else (a.name or "")
            text = verb
            if a.target is not None:
                text += " " + self.selector(a.target)
            if a.destination is not None:
                text += " " + self.destination(a.destination)
            return text
        if v == "primitive_amount":
            term = self.registry.term("VERB", a.name or "")
            verb = (term.third_person() if third else term.text) if term else (a.name or "")
            return f"{verb} {amount} {self.spell('DAMAGE', a.word or '', many)}"
        if v == "choose":
            return f"choose {self.selector(_req(a.target))}"
        if v == "redirect":
            verb = self._verb("redirect", third)
            return f"{verb} {a.word or 'it'} to {self.selector(_req(a.target))}"
        if v == "named_cost":
            return f"{self.spell('COST', a.name or '')} {amount}"
        raise TypeError(f"unknown action {v!r}")

    def _prevent(self, a: ast.Action, third: bool, amount: str, many: bool) -> str:
        word = a.word or ""
        if word == "the first":
            text = f"the first {amount}"
        elif word == "that":
            text = "that"
        elif word == "of that":
            text = f"{amount} of that"
        else:
            text = amount
        parts = [self._verb("prevent", third), text]
        quals = self._qualities(a.qualities).strip()
        if quals:
            parts.append(quals)
        if a.name:
            parts.append(self.spell("DAMAGE", a.name, many or word == "that"))
        if a.target is not None:
            parts.append(("dealt to " if a.flag else "to ") + self.selector(a.target))
        if a.source is not None:
            parts.append("by " + self.selector(a.source))
        if a.period:
            parts.append("each " + self.spell("PHASE", a.period))
        return " ".join(parts)

    def destination(self, d: ast.Destination) -> str:
        text = f"{d.placement} {self.zone(d.zone)}"
        return text + (f" {d.face}" if d.face else "")

    # ---- conditions ----------------------------------------------------------------------
    def condition(self, condition: ast.Condition) -> str:
        out = self.test(condition.tests[0])
        for op, test in zip(condition.ops, condition.tests[1:], strict=False):
            out += f" {op} {self.test(test)}"
        return out

    def test(self, t: ast.Test) -> str:
        neg = " not" if t.negated else ""
        if t.kind in ("is_state", "in_zone"):
            subject = _req(t.subject)
            be = "are" if _is_plural(subject) else "is"
            if t.kind == "in_zone":
                return f"{self.selector(subject)} {be}{neg} in {self.zone(_req(t.zone))}"
            state = t.state or ""
            if not state.startswith("face "):
                state = self._adjective(state)
            return f"{self.selector(subject)} {be}{neg} {state}"
        if t.kind == "has_counters":
            subject = _req(t.subject)
            has = "have" if _is_plural(subject) else "has"
            cmp = _req(t.comparison)
            return (
                f"{self.selector(subject)} {has} {self.comparison(cmp)} "
                f"{self.spell('COUNTER', t.name or '', _counts_many(cmp.value))}"
            )
        if t.kind == "has_cards":
            subject = _req(t.subject)
            has = "have" if _is_plural(subject) else "has"
            cmp = _req(t.comparison)
            return (
                f"{self.selector(subject)} {has} {self.comparison(cmp)} "
                f"{self.spell('NOUN', t.name or '', _counts_many(cmp.value))} "
                f"{t.possessor} {self.zone(_req(t.zone))}"
            )
        if t.kind in ("resource_cmp", "stat_cmp"):
            cls = "RESOURCE" if t.kind == "resource_cmp" else "STAT"
            return (
                f"{t.possessor} {self.spell(cls, t.name or '')} is "
                f"{self.comparison(_req(t.comparison))}"
            )
        if t.kind == "you_did":
            return "you do"
        if t.kind == "you_did_not":
            return "you do not"
        if t.kind == "paid_with":
            paid = self.spell("RESOURCE", t.name or "")
            return f"you paid with {'an' if paid[:1].casefold() in 'aeiou' else 'a'} {paid}"
        if t.kind == "you_control":
            verb = "do not control" if t.negated else "control"
            return f"you {verb} {self.selector(_req(t.subject))}"
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
            return s.who
        if isinstance(s, ast.Cards):
            return self.cards(s)
        raise TypeError(f"not a selector: {type(s).__name__}")

    def _each(self, s: ast.Node) -> str:
        """After "for each" a noun is singular: "for each Rest card"."""
        if isinstance(s, ast.Cards) and s.quantifier is None:
            return self.cards(s, plural=False)
        if isinstance(s, ast.Player) and s.who.startswith("each "):
            return s.who[5:]
        return self.selector(s)

    def cards(self, c: ast.Cards, plural: bool | None = None) -> str:
        parts: list[str] = []
        if c.quantifier is not None:
            parts.append(self.quantifier(c.quantifier))
        quals = self._qualities(c.qualities).strip()
        if quals:
            parts.append(quals)
        many = _is_plural(c) if plural is None else plural
        parts.append(" and ".join(self.spell("NOUN", n, many) for n in (c.noun, *c.also)))
        parts.extend(self.filter(f) for f in c.filters)
        return " ".join(parts)

    def quantifier(self, q: ast.Quantifier) -> str:
        count = self.amount(q.count) if q.count else ""
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
                words.append(f'"{q.value}"')
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
        if k == "attr":
            return f'with {self.spell("ATTR", f.name or "")} "{f.value}"'
        if k == "stat":
            return f"with {self.spell('STAT', f.name or '')} {self.comparison(_req(f.comparison))}"
        if k == "printed_stat":
            stat = self.spell("STAT", f.name or "")
            return f"with printed {stat} {self.comparison(_req(f.comparison))}"
        if k == "keyword":
            return f"with {self.spell('KW', f.name or '')}"
        if k == "printed_keyword":
            return f"with printed {self.spell('KW', f.name or '')}"
        if k == "without_keyword":
            return f"without {self.spell('KW', f.name or '')}"
        if k == "zone":
            return f"{f.value} {self.zone(_req(f.zone))}"
        if k == "named":
            return f'named "{f.value}"'
        if k == "other_than_this":
            return "other than this"
        if k == "history":
            term = self.registry.term("EVENT", f.name or "")
            verb = (term.past or term.text) if term else (f.name or "")
            return f"that {verb} this {self.spell('PHASE', f.phase or '')}"
        raise TypeError(f"unknown filter {k!r}")


def format_script(script: ast.Script, registry: Registry) -> str:
    return Formatter(registry).script(script)


def _is_plural(selector: ast.Node) -> bool:
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
        if q.kind in _PLURAL_QUANTIFIERS:
            return True
        if q.kind in ("n_targets", "n_cards", "up_to", "top", "bottom"):
            return _counts_many(q.count)
    return False


def _counts_many(amount: ast.Amount | None) -> bool:
    if amount is None:
        return False
    if amount.kind == "int":
        return amount.value != 1
    return amount.kind in ("var", "that_many", "all", "no")


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def _starts_with_name(item: str, formatter: Formatter) -> bool:
    """Keep the capital of a keyword or label that opens a line inside a keyword body."""
    names = formatter.registry.spellings("KW") + formatter.registry.spellings("LABEL")
    return any(
        item == name or item.startswith((name + " ", name + ",", name + ":", name + "("))
        for name in names
    )


def _req(value: _T | None) -> _T:
    """A field the grammar guarantees for this node kind."""
    if value is None:
        raise ValueError("malformed AST: a required part is missing")
    return value
