"""Turn Lark parse trees of one line into typed AST nodes (cardscript.grammar.ast).

One method per grammar rule; the rules of effects, conditions and selectors live in their
own modules as mixins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Tree
from lark.tree import Meta

from cardscript.grammar import ast
from cardscript.grammar.build_conditions import ConditionRules
from cardscript.grammar.build_effects import EffectRules
from cardscript.grammar.build_selectors import SelectorRules
from cardscript.grammar.build_util import (
    all_of,
    classed_word,
    clean,
    first_of,
    is_lines,
    selector_of,
    span_of,
    token_of,
    token_span,
    tree_of,
    words_of,
)
from cardscript.grammar.registry import WORD_CLASSES


@dataclass(frozen=True)
class LimitedLabel:
    """A label with the limit Vanguard cards print after it ("[ACT](VC) 1/Turn:"), the
    limit going to the line's mods."""

    label: ast.Label
    limit: ast.Mod


# the printed "N/Period" read as the card script's limits; any other N is "max N per …"
_PRINTED_LIMITS = {"1": "once_per", "2": "twice_per"}


class AstBuilder(EffectRules, ConditionRules, SelectorRules):
    """One method per grammar rule or alias; each returns an AST node or a plain value.

    A plain post-order walk with a dispatch table: lark's Transformer wraps every call
    (v_args), which cost a third of the parse time.
    """

    def __init__(self) -> None:
        self._counts = []
        self._line: Tree | None = None
        self._letters: list[str] | None = None
        self._dispatch = {
            name: getattr(self, name)
            for name in dir(self)
            if not name.startswith("_") and name not in ("transform", "build")
        }

    def build(self, tree: Tree) -> Any:
        """The AST of one line's parse tree (``equal_to`` names its counts from the line's
        letters, ``_free_letter``)."""
        self._counts, self._line, self._letters = [], tree, None
        return self.transform(tree)

    def transform(self, tree: Tree) -> Any:
        children = [self.transform(c) if isinstance(c, Tree) else c for c in tree.children]
        method = self._dispatch.get(tree.data)
        if method is None:
            return Tree(tree.data, children, tree.meta)
        return method(tree.meta, children)

    # ---- lines ---------------------------------------------------------------------------
    def start(self, meta: Meta, children: list[Any]) -> Any:
        return children[0]

    def version(self, meta: Meta, children: list[Any]) -> int:
        return int(token_of(children, "INT") or 0)

    def ability_line(self, meta: Meta, children: list[Any]) -> ast.AbilityLine:
        c = clean(children)
        limited = first_of(c, LimitedLabel)
        label = limited.label if limited else first_of(c, ast.Label)
        mods = next((x for x in c if isinstance(x, tuple)), ())
        if limited:  # the printed limit, as "(once per turn)" first among the mods
            mods = (limited.limit, *mods)
        ability = next(x for x in c if not isinstance(x, (ast.Label, tuple, LimitedLabel)))
        return ast.AbilityLine(ability=ability, label=label, mods=mods, span=span_of(meta))

    def label(self, meta: Meta, children: list[Any]) -> ast.Label:
        name = token_of(children, "LABEL")
        qualifier = next((x for x in children if isinstance(x, tuple)), ())
        return ast.Label(name=str(name), qualifier=qualifier, span=span_of(meta))

    def limited_label(self, meta: Meta, children: list[Any]) -> LimitedLabel:
        """ "[ACT](VC) 1/Turn:": the label, and the limit it prints ("1/Turn" is "once per
        turn", "2/Turn" "twice per turn", "3/Turn" "max 3 per turn")."""
        count, period = token_of(children, "INT"), token_of(children, "PHASE")
        assert count is not None and period is not None  # (the rule has both)
        limit_from = children.index(count)
        label = self.label(meta, children[:limit_from])
        limit = children[limit_from:]
        first, last = token_span(count), token_span(period)
        span = first.through(last) if first and last else None  # (the colon ends the label)
        kind = _PRINTED_LIMITS.get(str(count))  # ("3/Turn": "max 3 per turn")
        mod = ast.Mod(kind=kind, period=str(period)) if kind else self.max_per(meta, limit)
        return LimitedLabel(label, replace(mod, span=span))

    def qualifier(self, meta: Meta, children: list[Any]) -> tuple[str, ...]:
        return tuple(classed_word(c) for c in clean(children))

    # ---- keywords ------------------------------------------------------------------------
    def keyword_list(self, meta: Meta, children: list[Any]) -> ast.KeywordList:
        return ast.KeywordList(keywords=all_of(children, ast.KeywordUse), span=span_of(meta))

    def keyword_use(self, meta: Meta, children: list[Any]) -> ast.KeywordUse:
        name, *args = clean(children)
        return ast.KeywordUse(
            name=str(name),
            args=tuple(
                ast.Arg(
                    kind=a.type,
                    value=str(a),
                    plural=bool(getattr(a, "plural", False)) if a.type in WORD_CLASSES else None,
                    span=token_span(a),
                )
                for a in args
            ),
            span=span_of(meta),
        )

    def keyword_def(self, meta: Meta, children: list[Any]) -> ast.KeywordDef:
        c = clean(children)
        name = c[0]
        params = next((x for x in c[1:] if isinstance(x, tuple) and not is_lines(x)), ())
        body = next(x for x in c[1:] if is_lines(x))
        return ast.KeywordDef(name=name, params=params, body=body, span=span_of(meta))

    def kw_name(self, meta: Meta, children: list[Any]) -> str:
        return " ".join(str(c) for c in children)

    def kw_params(self, meta: Meta, children: list[Any]) -> tuple[str, ...]:
        return tuple(str(c) for c in clean(children))

    def kw_body(self, meta: Meta, children: list[Any]) -> tuple[ast.AbilityLine, ...]:
        return all_of(children, ast.AbilityLine)

    def kw_item(self, meta: Meta, children: list[Any]) -> ast.AbilityLine:
        return self.ability_line(meta, children)

    # ---- abilities -----------------------------------------------------------------------
    def triggered(self, meta: Meta, children: list[Any]) -> ast.Triggered:
        timing, event = children[0]
        steps = all_of(children, ast.Steps)
        costs, effects = (steps[0], steps[1]) if len(steps) == 2 else (None, steps[0])
        return ast.Triggered(
            timing=timing, event=event, effects=effects, costs=costs, span=span_of(meta)
        )

    def trigger(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Event]:
        return children[0], children[1]

    def timing(self, meta: Meta, children: list[Any]) -> str:
        return words_of(children)

    def subject_event(self, meta: Meta, children: list[Any]) -> ast.Event:
        return ast.Event(
            event=str(token_of(children, "EVENT")),
            subject=selector_of(children),
            obj=first_of(children, ast.EventObject),
            span=span_of(meta),
        )

    def would_event(self, meta: Meta, children: list[Any]) -> ast.Event:
        return replace(self.subject_event(meta, children), would=True)

    def bare_event(self, meta: Meta, children: list[Any]) -> ast.Event:
        return ast.Event(
            event=str(token_of(children, "EVENT")),
            obj=first_of(children, ast.EventObject),
            span=span_of(meta),
        )

    def moment_event(self, meta: Meta, children: list[Any]) -> ast.Event:
        return ast.Event(moment=children[0], span=span_of(meta))

    def event_object(self, meta: Meta, children: list[Any]) -> ast.EventObject:
        prep = next((c for c in children if isinstance(c, str) and not isinstance(c, Token)), None)
        return ast.EventObject(selector=selector_of(children), preposition=prep, span=span_of(meta))

    def preposition(self, meta: Meta, children: list[Any]) -> str:
        return words_of(children)

    def moment(self, meta: Meta, children: list[Any]) -> ast.Moment:
        the = any(isinstance(c, Tree) and c.data == "the" for c in children)
        edge = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return ast.Moment(
            edge=edge, phase=first_of(children, ast.PhaseRef), the=the, span=span_of(meta)
        )

    def edge(self, meta: Meta, children: list[Any]) -> str:
        return words_of(children)

    def activated(self, meta: Meta, children: list[Any]) -> ast.Activated:
        costs, effects = all_of(children, ast.Steps)
        return ast.Activated(costs=costs, effects=effects, span=span_of(meta))

    def effect_ability(self, meta: Meta, children: list[Any]) -> ast.EffectAbility:
        return ast.EffectAbility(effects=children[0], span=span_of(meta))

    def while_ability(self, meta: Meta, children: list[Any]) -> ast.EffectAbility:
        return ast.EffectAbility(
            effects=first_of(children, ast.Steps),
            condition=first_of(children, ast.Condition),
            span=span_of(meta),
        )

    def during_ability(self, meta: Meta, children: list[Any]) -> ast.EffectAbility:
        return ast.EffectAbility(
            effects=first_of(children, ast.Steps),
            during=first_of(children, ast.PhaseRef),
            span=span_of(meta),
        )

    def standing_redirect(self, meta: Meta, children: list[Any]) -> ast.EffectAbility:
        """ "Attacks at X are redirected to Y": one constant step, the action ``redirected``."""
        action = first_of(children, ast.Action)
        clause = ast.Clause(action=action, span=action.span)
        steps = ast.Steps(steps=(clause,), span=action.span)
        return ast.EffectAbility(effects=steps, span=span_of(meta))

    def replacement(self, meta: Meta, children: list[Any]) -> ast.Replacement:
        effects = first_of(children, ast.Steps)
        instead = effects.ends_instead  # (it ends the replacement, not its last step)
        return ast.Replacement(
            subject=selector_of(children),
            event=str(token_of(children, "EVENT")),
            effects=effects.with_instead(False),
            obj=first_of(children, ast.EventObject),
            instead=instead,
            span=span_of(meta),
        )

    def rule_override(self, meta: Meta, children: list[Any]) -> ast.RuleOverride:
        hook = token_of(children, "HOOK")
        value = tree_of(children, "rule_value")
        assert value is not None
        token = value.children[0]
        assert isinstance(token, Token)
        scope_tree = tree_of(children, "override_for")
        while_tree = tree_of(children, "override_while")
        scope = selector_of(scope_tree.children) if scope_tree is not None else None
        condition = first_of(while_tree.children, ast.Condition) if while_tree is not None else None
        return ast.RuleOverride(
            hook=str(hook),
            value=str(token),
            value_kind=token.type,
            scope=scope,
            condition=condition,
            span=span_of(meta),
        )

    def rule_value(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("rule_value", children)

    def override_for(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("override_for", children)

    def override_while(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("override_while", children)
