"""Print an AST back as canonical card script: one ability per line, canonical words.

The formatter is the inverse of the parser up to layout and spelling: for every AST,
``parse(format(ast)) == ast``. Verbs agree with their subjects ("you draw", "each
opponent draws") and nouns with their quantifiers ("a character", "all characters").
"""

from __future__ import annotations

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import article
from cardscript.grammar.format_phrases import PhraseFormatter, counts_many, is_plural, req
from cardscript.grammar.parser import parse_script
from cardscript.grammar.registry import Registry


class Formatter(PhraseFormatter):
    """Renders AST nodes as text for one game's registry."""

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
            return f"{text}, {self.steps(node.effects.with_instead(node.instead))}"
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
                parts.append(self.quoted(arg.value))
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
        items = [self._inner(item) for item in node.body]
        return head + ":\n  " + ";\n  ".join(items) + "."

    def _inner(self, line: ast.AbilityLine) -> str:
        """An ability inside another text (a keyword's body, a grant): no full stop, and
        lower case unless it opens with a keyword or label."""
        item = self.line(line, sentence=False)
        if item[:1].isupper() and not _starts_with_name(item, self):
            return item[0].lower() + item[1:]
        return item

    def _granted(self, text: str) -> str:
        """The canonical text of a granted ability written out, or the text as written
        when it is not one ability that reads back the same (the checker says why)."""
        parsed = parse_script(text, self.registry)
        if not parsed.ok or len(parsed.script.lines) != 1:
            return text
        canonical = Formatter(self.registry, nested=True)._inner(parsed.script.lines[0])
        again = parse_script(canonical, self.registry)
        return canonical if again.ok and again.script == parsed.script else text

    # ---- events ------------------------------------------------------------------------
    def event(self, event: ast.Event) -> str:
        if event.moment is not None:
            m = event.moment
            return f"{'the ' if m.the else ''}{m.edge} of {self.phase(m.phase)}"
        term = self.registry.term("EVENT", event.event or "")
        if event.subject is None:
            text = term.text if term else (event.event or "")
        elif event.would:  # "an enemy would attack": kept as the card prints it
            text = f"{self.selector(event.subject)} would {self._infinitive(event.event or '')}"
        else:
            plural = is_plural(event.subject)
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
            if isinstance(step, ast.Otherwise) and joiner not in (".", ". then"):
                text = text.replace("otherwise, ", "otherwise ", 1)  # (mid-sentence: no comma)
            if joiner == ". then":
                out += ". Then " + text
            elif joiner == ".":
                out += ". " + text[:1].upper() + text[1:]
            elif joiner == ",":
                out += ", " + text
            elif joiner == "and":
                out += " and " + text
            else:
                out += f"{joiner} {text}"
        for binding in steps.where:
            out += f", where {binding.name} is {self.bound(binding)}"
        for number in steps.declared:
            out += f", where {number.name} is chosen on declaration"
        return out

    def step(self, step: ast.Node) -> str:
        if isinstance(step, ast.Clause):
            return self.clause(step)
        if isinstance(step, ast.Conditional):
            return f"if {self.condition(step.condition)}, {self.clause(step.clause)}"
        if isinstance(step, ast.ForEach):
            return f"for each {self._each(step.selector)}, {self.clause(step.clause)}"
        if isinstance(step, ast.Otherwise):
            return f"otherwise, {self.clause(step.clause)}"
        if isinstance(step, ast.InPlayerOrder):
            return f"in player order, {self.clause(step.clause)} until none remain"
        if isinstance(step, ast.Choice):
            return "choose one: " + " or ".join(self.clause(c) for c in step.options)
        raise TypeError(f"not a step: {type(step).__name__}")

    def clause(self, clause: ast.Clause) -> str:
        parts: list[str] = []
        third = False
        if clause.subject is not None:
            subject = clause.subject
            # "them" doing something is "they": "Choose 2 characters. They get +1 ATK …"
            they = isinstance(subject, ast.It) and subject.word == "them"
            parts.append("they" if they else self.selector(subject))
            third = not is_plural(subject)
        if clause.optional:
            parts.append("may")
            third = False
        parts.append(self.action(clause.action, third))
        if clause.per_each is not None:
            parts.append(f"for each {self._each(clause.per_each)}")
        if clause.duration is not None:
            d = clause.duration
            if d.short:  # "this turn", as written
                parts.append(self.phase(d.phase))
            else:
                parts.append(f"until {'the ' if d.the else ''}end of {self.phase(d.phase)}")
        if clause.delay is not None:
            parts.append(f"at the end of {self.phase(clause.delay)}")
        if clause.instead:
            parts.append("instead")
        return " ".join(parts)

    def action(self, a: ast.Action, third: bool) -> str:
        v = a.verb
        amount = self.amount(a.amount) if a.amount else ""
        many = counts_many(a.amount)
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
            if a.beyond is not None:
                text += f" beyond its maximum {self.spell('STAT', a.beyond)}"
            return text
        if v == "draw":
            return f"{self._verb('draw', third)} {amount} {self.spell('NOUN', a.name or '', many)}"
        if v in ("discard", "reveal"):
            return f"{self._verb(v, third)} {self.selector(req(a.target))}"
        if v == "look" and a.zone is not None:  # "look at your opponent's hand"
            return f"{self._verb('look', third)} at {self.zone(a.zone)}"
        if v == "look":
            return f"{self._verb('look', third)} at {self.selector(req(a.target))}"
        if v in ("gain", "lose", "pay"):
            text = f"{self._verb(v, third)} {amount}"
            return text + (" " + self.spell("RESOURCE", a.name, many) if a.name else "")
        if v == "gain_control":
            return f"{self._verb('gain', third)} control of {self.selector(req(a.target))}"
        if v == "move":
            return (
                f"{self._verb(a.word or 'put', third)} {self.selector(req(a.target))} "
                f"{self.destination(req(a.destination))}"
            )
        if v == "place":
            return (
                f"{self._verb('place', third)} {amount} "
                f"{self.spell('COUNTER', a.name or '', many)} on "
                f"{self.selector(req(a.target))}"
            )
        if v == "move_counters":
            return (
                f"{self._verb(a.word or 'move', third)} {amount} "
                f"{self.spell('COUNTER', a.name or '', many)} from "
                f"{self.selector(req(a.source))} to {self.selector(req(a.target))}"
            )
        if v == "remove_counters":
            return (
                f"{self._verb('remove', third)} {amount} "
                f"{self.spell('COUNTER', a.name or '', many)} from "
                f"{self.selector(req(a.target))}"
            )
        if v == "remove_card":
            text = f"{self._verb('remove', third)} {self.selector(req(a.target))}"
            return text + (" from the game" if a.flag else "")
        if v == "search":
            return (
                f"{self._verb('search', third)} {self.zone(req(a.zone))} for "
                f"{self.selector(req(a.target))}"
            )
        if v == "shuffle":
            return f"{self._verb('shuffle', third)} {self.zone(req(a.zone))}"
        if v == "shuffle_into":
            return (
                f"{self._verb('shuffle', third)} {self.selector(req(a.target))} into "
                f"{self.zone(req(a.zone))}"
            )
        if v == "get":
            mods = " and ".join(f"{m.delta} {self.spell('STAT', m.stat)}" for m in a.stat_mods)
            return f"{self._verb('get', third)} {mods}"
        if v == "become":
            noun = self.spell("NOUN", a.name or "")
            return f"{self._verb('become', third)} {article(noun)} {noun}"
        if v == "set_stat":
            return f"{self._verb('have', third)} {self.spell('STAT', a.name or '')} {amount}"
        if v == "grant_ability":
            text = self._granted(a.text or "")
            return f"{self._verb('have', third)} " + (f"«{text}»" if '"' in text else f'"{text}"')
        if v == "lose_abilities":
            return f"{self._verb('lose', third)} all abilities"
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
            return f"choose {self.selector(req(a.target))}"
        if v == "redirect":
            verb = self._verb("redirect", third)
            return f"{verb} {a.word or 'it'} to {self.selector(req(a.target))}"
        if v == "redirected":
            attacked, to = self.selector(req(a.source)), self.selector(req(a.target))
            what = "abilities aimed" if a.word == "abilities" else "attacks"
            return f"{what} at {attacked} are redirected to {to}"
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


def format_script(script: ast.Script, registry: Registry) -> str:
    return Formatter(registry).script(script)


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def _starts_with_name(item: str, formatter: Formatter) -> bool:
    """Keep the capital of a keyword or label that opens a line inside a keyword body."""
    names = formatter.registry.spellings("KW") + formatter.registry.spellings("LABEL")
    return any(
        item == name or item.startswith((name + " ", name + ",", name + ":", name + "("))
        for name in names
    )
