"""Say in plain English what the engine understood from a card text.

``cardscript explain`` shows two views: an outline of the AST, and the rules text told
back as sentences, one template per kind of ability, with keyword meanings spelled out
from their definitions and the docs of the rules a text changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from cardscript.grammar import ast
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry

_TIMING = {
    "when": "When",
    "whenever": "Every time",
    "at": "At",
    "after": "Right after",
    "before": "Just before",
}
_CONTINUOUS_VERBS = frozenset(
    {"get", "have", "set_stat", "grant_ability", "can", "cannot", "prevent"}
)


class _Told(Formatter):
    """The formatter, saying which step an "instead" takes the place of."""

    def __init__(self, registry: Registry) -> None:
        super().__init__(registry)
        self._before: dict[int, ast.Step] = {}  # each step's step before it, by id

    def steps(self, steps: ast.Steps) -> str:
        kept = self._before
        self._before = {id(b): a for a, b in zip(steps.steps, steps.steps[1:], strict=False)}
        try:
            return super().steps(steps)
        finally:
            self._before = kept

    def step(self, step: ast.Node) -> str:
        text = super().step(step)
        before = self._before.get(id(step))
        if before is not None and isinstance(step, ast.Conditional) and step.clause.instead:
            text += f' of "{super().step(before)}" (which then does not happen)'
        return text


class Explainer:
    def __init__(
        self, registry: Registry, keyword_defs: Mapping[str, ast.KeywordDef] | None = None
    ) -> None:
        self.registry = registry
        self.fmt: Formatter = _Told(registry)
        self.plain = Formatter(registry)  # (a replacement's "instead" replaces no step)
        self.keyword_defs = {k.casefold(): v for k, v in (keyword_defs or {}).items()}

    def script(self, script: ast.Script) -> list[str]:
        return [self.line(line) for line in script.lines]

    def line(self, line: ast.AbilityLine) -> str:
        text = self.ability(line.ability)
        if line.label is not None:
            label = self.registry.term("LABEL", line.label.name)
            name = label.text if label else line.label.name
            gloss = f" ({label.doc.rstrip('.')})" if label and label.doc else ""
            where = ""
            if line.label.qualifier:
                where = " — only " + " ".join(self.fmt._classed(w) for w in line.label.qualifier)
            text = f"{name}{gloss}{where}: {text}"
        if line.mods:
            text += " Limit: " + ", ".join(self.fmt.mod(m) for m in line.mods) + "."
        return text + self._random(line)

    def _random(self, line: ast.AbilityLine) -> str:
        """Which cards the game picks at random, said so: nobody chooses them."""
        picked = [
            f'"{self.fmt.selector(node)}"'
            for node in line.walk()
            if isinstance(node, ast.Cards)
            and node.quantifier is not None
            and node.quantifier.kind == "random"
        ]
        if not picked:
            return ""
        return (
            f" Picked at random by the game (its seeded random numbers; no player chooses): "
            f"{', '.join(picked)}."
        )

    def ability(self, node: ast.Node) -> str:
        f = self.fmt
        if isinstance(node, ast.KeywordList):
            return " ".join(self.keyword(k) for k in node.keywords)
        if isinstance(node, ast.KeywordDef):
            params = f" (with {', '.join(node.params)})" if node.params else ""
            body = " ".join(self.line(item) for item in node.body)
            return f"Defines the keyword {node.name}{params}: {body}"
        if isinstance(node, ast.Triggered):
            head = f"Triggered ability. {_TIMING[node.timing]} {f.event(node.event)}"
            if node.costs is not None:
                return (
                    f"{head}, you may pay {self.steps(node.costs)}; if you do, "
                    f"{self.steps(node.effects)}."
                )
            return f"{head}: {self.steps(node.effects)}."
        if isinstance(node, ast.Activated):
            return (
                f"Activated ability. Cost: {self.steps(node.costs)}. Effect: "
                f"{self.steps(node.effects)}."
            )
        if isinstance(node, ast.EffectAbility):
            kind = "Continuous effect" if _is_continuous(node.effects) else "Effect"
            if node.condition is not None:
                return (
                    f"{kind}, as long as {f.condition(node.condition)}: {self.steps(node.effects)}."
                )
            if node.during is not None:
                return f"{kind}, during {f.phase(node.during)}: {self.steps(node.effects)}."
            return f"{kind}: {self.steps(node.effects)}."
        if isinstance(node, ast.Replacement):
            return (
                f"Replacement effect. If {f.selector(node.subject)} would "
                f"{f._infinitive(node.event)}, "
                f"{self.steps(node.effects.with_instead(node.instead), self.plain)}."
            )
        if isinstance(node, ast.RuleOverride):
            hook = self.registry.term("HOOK", node.hook)
            doc = f" ({hook.doc.rstrip('.')})" if hook and hook.doc else ""
            scope = f" for {f.selector(node.scope)}" if node.scope is not None else ""
            cond = f" while {f.condition(node.condition)}" if node.condition is not None else ""
            default = (
                f"; normally {_value(hook.default)}"
                if hook is not None and hook.default is not None
                else ""
            )
            return (
                f"Rule change (card text beats the rules): {node.hook}{doc} becomes "
                f"{node.value}{scope}{cond}{default}."
            )
        raise TypeError(type(node).__name__)

    def keyword(self, use: ast.KeywordUse) -> str:
        shown = self.fmt.keyword(use)
        term = self.registry.term("KW", use.name)
        definition = self.keyword_defs.get(use.name.casefold()) or self.keyword_defs.get(
            (term.text if term else use.name).casefold()
        )
        if definition is None:
            return f"Keyword {shown}."
        values = {p: a.value for p, a in zip(definition.params, use.args, strict=False)}
        body = [_substitute(item, values) for item in definition.body]
        return f"Keyword {shown}: " + " ".join(self.line(item) for item in body)

    def steps(self, steps: ast.Steps, fmt: Formatter | None = None) -> str:
        text = (fmt or self.fmt).steps(steps)
        return text.replace("until end of", "until the end of")


def explain_script(
    script: ast.Script, registry: Registry, keyword_defs: Mapping[str, ast.KeywordDef] | None = None
) -> list[str]:
    return Explainer(registry, keyword_defs).script(script)


def outline(node: object, indent: int = 0) -> str:
    """An indented outline of an AST: node names with their non-empty fields."""
    pad = "  " * indent
    if isinstance(node, ast.Node):
        lines = [
            f"{pad}{type(node).__name__}"
            + (f"  @{node.span.line}:{node.span.column}" if node.span else "")
        ]
        for field in dataclasses.fields(node):
            if field.name == "span":
                continue
            value = getattr(node, field.name)
            if value in (None, (), False, ""):
                continue
            if isinstance(value, (ast.Node, tuple)):
                lines.append(f"{pad}  {field.name}:")
                lines.append(outline(value, indent + 2))
            else:
                lines.append(f"{pad}  {field.name}: {value}")
        return "\n".join(lines)
    if isinstance(node, tuple):
        return "\n".join(outline(v, indent) for v in node)
    return f"{pad}{node}"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _is_continuous(steps: ast.Steps) -> bool:
    for step in steps.steps:
        if not isinstance(step, ast.Clause) or step.duration or step.delay:
            return False
        if step.action.verb not in _CONTINUOUS_VERBS:
            return False
        q = getattr(step.subject, "quantifier", None)
        if q is not None and q.kind in ("target", "n_targets", "up_to", "random"):
            return False
    return True


def _substitute(node: Any, values: Mapping[str, str]) -> Any:
    """The node with keyword parameters (X) replaced by the values a card gives them."""

    def change(n: ast.Node) -> ast.Node:
        if isinstance(n, ast.Amount) and n.kind == "var" and n.value in values:
            value = values[str(n.value)]
            if value.isdigit():
                return ast.Amount(kind="int", value=int(value), span=n.span)
        return n

    return ast.rewritten(node, change)
