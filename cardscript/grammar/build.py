"""Turn Lark parse trees of one line into typed AST nodes (cardscript.grammar.ast)."""

from __future__ import annotations

import dataclasses
from typing import Any

from lark import Token, Tree
from lark.tree import Meta

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Span
from cardscript.grammar.registry import WORD_CLASSES

_PUNCTUATION = frozenset(
    {"COMMA", "DOT", "DOT_THEN", "COLON", "SEMI", "LPAR", "RPAR", "ARROW", "POSS"}
)


def _span(meta: Meta) -> Span | None:
    if getattr(meta, "empty", True):
        return None
    return Span(
        meta.line, meta.column, meta.end_line, meta.end_column, meta.start_pos, meta.end_pos
    )


def _clean(children: list[Any]) -> list[Any]:
    return [c for c in children if not (isinstance(c, Token) and c.type in _PUNCTUATION)]


def _words(children: list[Any]) -> str:
    """Canonical text of kept literal tokens, e.g. ("the", "first") -> "the first"."""
    return " ".join(
        str(c).casefold() for c in children if isinstance(c, Token) and c.type not in _PUNCTUATION
    )


def _of(children: list[Any], kind: type) -> Any:
    for c in children:
        if isinstance(c, kind):
            return c
    return None


def _all(children: list[Any], kind: type) -> tuple[Any, ...]:
    return tuple(c for c in children if isinstance(c, kind))


def _token(children: list[Any], *types: str) -> Token | None:
    for c in children:
        if isinstance(c, Token) and c.type in types:
            return c
    return None


def _tree(children: list[Any], name: str) -> Tree | None:
    for c in children:
        if isinstance(c, Tree) and c.data == name:
            return c
    return None


_SELECTORS = (ast.ThisCard, ast.ThisPossessed, ast.It, ast.ThatCard, ast.Player, ast.Cards)


def _selector(children: list[Any]) -> Any:
    for c in children:
        if isinstance(c, _SELECTORS):
            return c
    return None


def _selectors(children: list[Any]) -> list[Any]:
    return [c for c in children if isinstance(c, _SELECTORS)]


class AstBuilder:
    """One method per grammar rule or alias; each returns an AST node or a plain value.

    A plain post-order walk with a dispatch table: lark's Transformer wraps every call
    (v_args), which cost a third of the parse time.
    """

    def __init__(self) -> None:
        self._dispatch = {
            name: getattr(self, name)
            for name in dir(self)
            if not name.startswith("_") and name != "transform"
        }

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
        return int(_token(children, "INT") or 0)

    def ability_line(self, meta: Meta, children: list[Any]) -> ast.AbilityLine:
        c = _clean(children)
        label = _of(c, ast.Label)
        mods = next((x for x in c if isinstance(x, tuple)), ())
        ability = next(x for x in c if not isinstance(x, (ast.Label, tuple)))
        return ast.AbilityLine(ability=ability, label=label, mods=mods, span=_span(meta))

    def label(self, meta: Meta, children: list[Any]) -> ast.Label:
        name = _token(children, "LABEL")
        qualifier = next((x for x in children if isinstance(x, tuple)), ())
        return ast.Label(name=str(name), qualifier=qualifier, span=_span(meta))

    def qualifier(self, meta: Meta, children: list[Any]) -> tuple[str, ...]:
        return tuple(_classed_word(c) for c in _clean(children))

    # ---- keywords ------------------------------------------------------------------------
    def keyword_list(self, meta: Meta, children: list[Any]) -> ast.KeywordList:
        return ast.KeywordList(keywords=_all(children, ast.KeywordUse), span=_span(meta))

    def keyword_use(self, meta: Meta, children: list[Any]) -> ast.KeywordUse:
        name, *args = _clean(children)
        return ast.KeywordUse(
            name=str(name),
            args=tuple(
                ast.Arg(
                    kind=a.type,
                    value=str(a),
                    plural=bool(getattr(a, "plural", False)) if a.type in WORD_CLASSES else None,
                    span=_token_span(a),
                )
                for a in args
            ),
            span=_span(meta),
        )

    def keyword_def(self, meta: Meta, children: list[Any]) -> ast.KeywordDef:
        c = _clean(children)
        name = c[0]
        params = next((x for x in c[1:] if isinstance(x, tuple) and not _is_lines(x)), ())
        body = next(x for x in c[1:] if _is_lines(x))
        return ast.KeywordDef(name=name, params=params, body=body, span=_span(meta))

    def kw_name(self, meta: Meta, children: list[Any]) -> str:
        return " ".join(str(c) for c in children)

    def kw_params(self, meta: Meta, children: list[Any]) -> tuple[str, ...]:
        return tuple(str(c) for c in _clean(children))

    def kw_body(self, meta: Meta, children: list[Any]) -> tuple[ast.AbilityLine, ...]:
        return _all(children, ast.AbilityLine)

    def kw_item(self, meta: Meta, children: list[Any]) -> ast.AbilityLine:
        return self.ability_line(meta, children)

    # ---- abilities -----------------------------------------------------------------------
    def triggered(self, meta: Meta, children: list[Any]) -> ast.Triggered:
        timing, event = children[0]
        steps = _all(children, ast.Steps)
        costs, effects = (steps[0], steps[1]) if len(steps) == 2 else (None, steps[0])
        return ast.Triggered(
            timing=timing, event=event, effects=effects, costs=costs, span=_span(meta)
        )

    def trigger(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Event]:
        return children[0], children[1]

    def timing(self, meta: Meta, children: list[Any]) -> str:
        return _words(children)

    def subject_event(self, meta: Meta, children: list[Any]) -> ast.Event:
        return ast.Event(
            event=str(_token(children, "EVENT")),
            subject=_selector(children),
            obj=_of(children, ast.EventObject),
            span=_span(meta),
        )

    def bare_event(self, meta: Meta, children: list[Any]) -> ast.Event:
        return ast.Event(
            event=str(_token(children, "EVENT")),
            obj=_of(children, ast.EventObject),
            span=_span(meta),
        )

    def moment_event(self, meta: Meta, children: list[Any]) -> ast.Event:
        return ast.Event(moment=children[0], span=_span(meta))

    def event_object(self, meta: Meta, children: list[Any]) -> ast.EventObject:
        prep = next((c for c in children if isinstance(c, str) and not isinstance(c, Token)), None)
        return ast.EventObject(selector=_selector(children), preposition=prep, span=_span(meta))

    def preposition(self, meta: Meta, children: list[Any]) -> str:
        return _words(children)

    def moment(self, meta: Meta, children: list[Any]) -> ast.Moment:
        the = any(isinstance(c, Tree) and c.data == "the" for c in children)
        edge = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return ast.Moment(edge=edge, phase=_of(children, ast.PhaseRef), the=the, span=_span(meta))

    def edge(self, meta: Meta, children: list[Any]) -> str:
        return _words(children)

    def activated(self, meta: Meta, children: list[Any]) -> ast.Activated:
        costs, effects = _all(children, ast.Steps)
        return ast.Activated(costs=costs, effects=effects, span=_span(meta))

    def effect_ability(self, meta: Meta, children: list[Any]) -> ast.EffectAbility:
        return ast.EffectAbility(effects=children[0], span=_span(meta))

    def while_ability(self, meta: Meta, children: list[Any]) -> ast.EffectAbility:
        return ast.EffectAbility(
            effects=_of(children, ast.Steps),
            condition=_of(children, ast.Condition),
            span=_span(meta),
        )

    def during_ability(self, meta: Meta, children: list[Any]) -> ast.EffectAbility:
        return ast.EffectAbility(
            effects=_of(children, ast.Steps), during=_of(children, ast.PhaseRef), span=_span(meta)
        )

    def replacement(self, meta: Meta, children: list[Any]) -> ast.Replacement:
        return ast.Replacement(
            subject=_selector(children),
            event=str(_token(children, "EVENT")),
            effects=_of(children, ast.Steps),
            obj=_of(children, ast.EventObject),
            span=_span(meta),
        )

    def rule_override(self, meta: Meta, children: list[Any]) -> ast.RuleOverride:
        hook = _token(children, "HOOK")
        value = _tree(children, "rule_value")
        assert value is not None
        token = value.children[0]
        assert isinstance(token, Token)
        scope_tree = _tree(children, "override_for")
        while_tree = _tree(children, "override_while")
        scope = _selector(scope_tree.children) if scope_tree is not None else None
        condition = _of(while_tree.children, ast.Condition) if while_tree is not None else None
        return ast.RuleOverride(
            hook=str(hook),
            value=str(token),
            value_kind=token.type,
            scope=scope,
            condition=condition,
            span=_span(meta),
        )

    def rule_value(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("rule_value", children)

    def override_for(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("override_for", children)

    def override_while(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("override_while", children)

    # ---- steps ---------------------------------------------------------------------------
    def steps(self, meta: Meta, children: list[Any]) -> ast.Steps:
        children = _clean(children)
        where = _all(children, ast.Binding)
        steps = tuple(c for c in children if not isinstance(c, (str, ast.Binding)))
        joiners = tuple(c for c in children if isinstance(c, str))
        return ast.Steps(steps=steps, joiners=joiners, where=where, span=_span(meta))

    def where_clause(self, meta: Meta, children: list[Any]) -> ast.Binding:
        return ast.Binding(
            name=str(_token(children, "VAR")), selector=_selector(children), span=_span(meta)
        )

    def sep(self, meta: Meta, children: list[Any]) -> str:
        words = [str(c).casefold() for c in children]
        if words and words[0] == ". then":
            return ". then"
        return ", ".join(["", " ".join(words[1:])]).strip() if len(words) > 1 else ","

    def conditional(self, meta: Meta, children: list[Any]) -> ast.Conditional:
        return ast.Conditional(
            condition=_of(children, ast.Condition),
            clause=_of(children, ast.Clause),
            span=_span(meta),
        )

    def otherwise(self, meta: Meta, children: list[Any]) -> ast.Otherwise:
        return ast.Otherwise(clause=_of(children, ast.Clause), span=_span(meta))

    def for_each_player(self, meta: Meta, children: list[Any]) -> ast.ForEach:
        who = next(c for c in children if isinstance(c, ast.Player))
        return ast.ForEach(selector=who, clause=_of(children, ast.Clause), span=_span(meta))

    def each_player(self, meta: Meta, children: list[Any]) -> ast.Player:
        return ast.Player(who="each " + _words(children), span=_span(meta))

    def for_each(self, meta: Meta, children: list[Any]) -> ast.ForEach:
        children = [_singular(c) for c in children]
        return ast.ForEach(
            selector=_selector(children), clause=_of(children, ast.Clause), span=_span(meta)
        )

    def choice(self, meta: Meta, children: list[Any]) -> ast.Choice:
        return ast.Choice(options=_all(children, ast.Clause), span=_span(meta))

    def clause(self, meta: Meta, children: list[Any]) -> ast.Clause:
        optional = any(isinstance(c, Tree) and c.data == "may" for c in children)
        action = _of(children, ast.Action)
        tail = _tree(children, "step_tail")
        per_each: Any = None
        duration: Any = None
        if tail is not None:
            for part in tail.children:
                if isinstance(part, ast.Duration):
                    duration = part
                elif isinstance(part, Tree) and part.data == "per_each":
                    per_each = part.children[0]
        subject = None
        for c in children:
            if c is action:
                break
            if isinstance(c, _SELECTORS):
                subject = c
        return ast.Clause(
            action=action,
            subject=subject,
            optional=optional,
            per_each=per_each,
            duration=duration,
            span=_span(meta),
        )

    def step_tail(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("step_tail", children)

    def per_each(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("per_each", [_singular(_selector(children))])

    def may(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("may", [])

    # ---- actions -------------------------------------------------------------------------
    def _action(self, meta: Meta, verb: str, **kw: Any) -> ast.Action:
        return ast.Action(verb=verb, span=_span(meta), **kw)

    def deal(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "deal",
            amount=_of(children, ast.Amount),
            qualities=_adjectives(children),
            name=_name(children, "DAMAGE"),
            target=_selector(children),
        )

    def prevent(self, meta: Meta, children: list[Any]) -> ast.Action:
        amount_tree = _tree(children, "prevent_amount")
        assert amount_tree is not None
        amount = _of(amount_tree.children, ast.Amount)
        word = _words(amount_tree.children) or None
        target_tree = _tree(children, "prevent_target")
        target = _selector(target_tree.children) if target_tree is not None else None
        dealt = target_tree is not None and any(
            isinstance(c, Token) and c.type == "DEALT" for c in target_tree.children
        )
        phase = _token(children, "PHASE")
        return self._action(
            meta,
            "prevent",
            amount=amount,
            word=word,
            qualities=_adjectives(children),
            name=_name(children, "DAMAGE"),
            target=target,
            source=_selector(children),
            flag=dealt,
            period=str(phase) if phase else None,
        )

    def prevent_amount(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("prevent_amount", children)

    def prevent_target(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("prevent_target", children)

    def heal(self, meta: Meta, children: list[Any]) -> ast.Action:
        prep = _tree(children, "heal_from")
        return self._action(
            meta,
            "heal",
            amount=_of(children, ast.Amount),
            name=_name(children, "DAMAGE"),
            target=_selector(children),
            word=_words(prep.children) if prep is not None else None,
        )

    def heal_from(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("heal_from", children)

    def draw(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "draw", amount=_of(children, ast.Amount), name=_name(children, "NOUN")
        )

    def discard(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "discard", target=_selector(children))

    def gain(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "gain", amount=_of(children, ast.Amount), name=_name(children, "RESOURCE")
        )

    def gain_control(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "gain_control", target=_selector(children))

    def lose(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "lose", amount=_of(children, ast.Amount), name=_name(children, "RESOURCE")
        )

    def pay(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "pay", amount=_of(children, ast.Amount), name=_name(children, "RESOURCE")
        )

    def move(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "move",
            word=_name(children, "MOVE_VERB"),
            target=_selector(children),
            destination=_of(children, ast.Destination),
        )

    def destination(self, meta: Meta, children: list[Any]) -> ast.Destination:
        placement = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        face = _tree(children, "face")
        return ast.Destination(
            placement=placement,
            zone=_of(children, ast.ZoneRef),
            face=_words(face.children) if face is not None else None,
            span=_span(meta),
        )

    def placement(self, meta: Meta, children: list[Any]) -> str:
        return _words(children)

    def face(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("face", children)

    def place(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "place",
            amount=_of(children, ast.Amount),
            name=_name(children, "COUNTER"),
            target=_selector(children),
        )

    def move_counters(self, meta: Meta, children: list[Any]) -> ast.Action:
        source, target = _selectors(children)
        return self._action(
            meta,
            "move_counters",
            word=_name(children, "MOVE_VERB"),
            amount=_of(children, ast.Amount),
            name=_name(children, "COUNTER"),
            source=source,
            target=target,
        )

    def remove_counters(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "remove_counters",
            amount=_of(children, ast.Amount),
            name=_name(children, "COUNTER"),
            target=_selector(children),
        )

    def remove_card(self, meta: Meta, children: list[Any]) -> ast.Action:
        from_game = any(isinstance(c, Tree) and c.data == "from_game" for c in children)
        return self._action(meta, "remove_card", target=_selector(children), flag=from_game)

    def search(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "search", zone=_of(children, ast.ZoneRef), target=_selector(children)
        )

    def shuffle(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "shuffle", zone=_of(children, ast.ZoneRef))

    def shuffle_into(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "shuffle_into", target=_selector(children), zone=_of(children, ast.ZoneRef)
        )

    def reveal(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "reveal", target=_selector(children))

    def look(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "look", target=_selector(children))

    def get(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "get", stat_mods=children[0])

    def stat_mods(self, meta: Meta, children: list[Any]) -> tuple[ast.StatMod, ...]:
        return _all(children, ast.StatMod)

    def stat_mod(self, meta: Meta, children: list[Any]) -> ast.StatMod:
        return ast.StatMod(delta=str(children[0]), stat=str(children[1]), span=_span(meta))

    def grant(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "have", keywords=_all(children, ast.KeywordUse))

    def set_stat(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "set_stat", name=_name(children, "STAT"), amount=_of(children, ast.Amount)
        )

    def gain_keyword(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "gain_keyword", keywords=_all(children, ast.KeywordUse))

    def lose_keyword(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "lose_keyword", keywords=_all(children, ast.KeywordUse))

    def permission(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "can",
            name=_name(children, "PERMISSION"),
            event_object=_of(children, ast.EventObject),
        )

    def prohibition(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "cannot",
            name=_name(children, "PERMISSION"),
            event_object=_of(children, ast.EventObject),
        )

    def primitive(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "primitive",
            name=_name(children, "VERB"),
            target=_selector(children),
            destination=_of(children, ast.Destination),
        )

    def primitive_amount(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "primitive_amount",
            name=_name(children, "VERB"),
            amount=_of(children, ast.Amount),
            word=_name(children, "DAMAGE"),
        )

    def choose_target(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "choose", target=_selector(children))

    def named_cost(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "named_cost", name=_name(children, "COST"), amount=_of(children, ast.Amount)
        )

    # ---- conditions ----------------------------------------------------------------------
    def condition(self, meta: Meta, children: list[Any]) -> ast.Condition:
        return ast.Condition(
            tests=_all(children, ast.Test),
            ops=tuple(c for c in children if isinstance(c, str)),
            span=_span(meta),
        )

    def logic(self, meta: Meta, children: list[Any]) -> str:
        return _words(children)

    def _test(self, meta: Meta, kind: str, children: list[Any], **kw: Any) -> ast.Test:
        negated = any(isinstance(c, Tree) and c.data == "negation" for c in children)
        return ast.Test(kind=kind, negated=negated, span=_span(meta), **kw)

    def is_state(self, meta: Meta, children: list[Any]) -> ast.Test:
        state = children[-1]
        text = _words(state.children) if isinstance(state, Tree) else str(state)
        return self._test(meta, "is_state", children, subject=_selector(children), state=text)

    def in_zone(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(
            meta, "in_zone", children, subject=_selector(children), zone=_of(children, ast.ZoneRef)
        )

    def has_cards(self, meta: Meta, children: list[Any]) -> ast.Test:
        zone = _tree(children, "zone_filter_only")
        assert zone is not None
        return self._test(
            meta,
            "has_cards",
            children,
            subject=_selector(children),
            comparison=_of(children, ast.Comparison),
            name=_name(children, "NOUN"),
            zone=_of(zone.children, ast.ZoneRef),
            possessor=next(
                c for c in zone.children if isinstance(c, str) and not isinstance(c, Token)
            ),
        )

    def zone_filter_only(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("zone_filter_only", children)

    def has_counters(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(
            meta,
            "has_counters",
            children,
            subject=_selector(children),
            comparison=_of(children, ast.Comparison),
            name=_name(children, "COUNTER"),
        )

    def resource_cmp(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(
            meta,
            "resource_cmp",
            children,
            possessor=children[0],
            name=_name(children, "RESOURCE"),
            comparison=_of(children, ast.Comparison),
        )

    def stat_cmp(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(
            meta,
            "stat_cmp",
            children,
            possessor=children[0],
            name=_name(children, "STAT"),
            comparison=_of(children, ast.Comparison),
        )

    def you_did(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(meta, "you_did", children)

    def you_did_not(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(meta, "you_did_not", children)

    def you_do_not_control(self, meta: Meta, children: list[Any]) -> ast.Test:
        test = self._test(meta, "you_control", children, subject=_selector(children))
        return dataclasses.replace(test, negated=True)

    def you_control(self, meta: Meta, children: list[Any]) -> ast.Test:
        return self._test(meta, "you_control", children, subject=_selector(children))

    def comparison(self, meta: Meta, children: list[Any]) -> ast.Comparison:
        return _comparison(meta, children)

    def cmp_amount(self, meta: Meta, children: list[Any]) -> ast.Comparison:
        return _comparison(meta, children)

    def literal_cmp(self, meta: Meta, children: list[Any]) -> ast.Comparison:
        return _comparison(meta, children)

    def compare_word(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("compare_word", children)

    def no_count(self, meta: Meta, children: list[Any]) -> ast.Amount:
        return ast.Amount(kind="no", span=_span(meta))

    def compare_prefix(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("compare_prefix", children)

    def amount_q(self, meta: Meta, children: list[Any]) -> ast.Amount:
        token = children[0]
        kind = "int" if token.type == "INT" else "var"
        return ast.Amount(
            kind=kind, value=int(token) if kind == "int" else str(token), span=_span(meta)
        )

    def duration(self, meta: Meta, children: list[Any]) -> ast.Duration:
        the = any(isinstance(c, Tree) and c.data == "the" for c in children)
        return ast.Duration(phase=_of(children, ast.PhaseRef), the=the, span=_span(meta))

    def amount(self, meta: Meta, children: list[Any]) -> ast.Amount:
        token = children[0]
        if token.type == "INT":
            return ast.Amount(kind="int", value=int(token), span=_span(meta))
        if token.type == "VAR":
            return ast.Amount(kind="var", value=str(token), span=_span(meta))
        return ast.Amount(kind=str(token).casefold(), span=_span(meta))

    def that_many(self, meta: Meta, children: list[Any]) -> ast.Amount:
        return ast.Amount(kind="that_many", span=_span(meta))

    def all_amount(self, meta: Meta, children: list[Any]) -> ast.Amount:
        return ast.Amount(kind="all", span=_span(meta))

    def phase_ref(self, meta: Meta, children: list[Any]) -> ast.PhaseRef:
        owner = next((c for c in children if isinstance(c, str) and not isinstance(c, Token)), None)
        return ast.PhaseRef(phase=str(_token(children, "PHASE")), owner=owner, span=_span(meta))

    def phase_owner(self, meta: Meta, children: list[Any]) -> str:
        return _possessive_words(children)

    def zone_ref(self, meta: Meta, children: list[Any]) -> ast.ZoneRef:
        possessor = next(
            (c for c in children if isinstance(c, str) and not isinstance(c, Token)), None
        )
        return ast.ZoneRef(
            zone=str(_token(children, "ZONE")), possessor=possessor, span=_span(meta)
        )

    def possessor(self, meta: Meta, children: list[Any]) -> str:
        return _possessive_words(children)

    def the(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("the", [])

    def negation(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("negation", [])

    # ---- selectors -----------------------------------------------------------------------
    def this_card(self, meta: Meta, children: list[Any]) -> ast.ThisCard:
        noun = _token(children, "NOUN")
        return ast.ThisCard(noun=str(noun) if noun else None, span=_span(meta))

    def this_possessed(self, meta: Meta, children: list[Any]) -> ast.ThisPossessed:
        nouns = [str(c) for c in children if isinstance(c, Token) and c.type == "NOUN"]
        owner = nouns[0] if len(nouns) == 2 else None
        return ast.ThisPossessed(noun=nouns[-1], owner=owner, span=_span(meta))

    def it(self, meta: Meta, children: list[Any]) -> ast.It:
        return ast.It(word=str(children[0]).casefold(), span=_span(meta))

    def them(self, meta: Meta, children: list[Any]) -> ast.It:
        return ast.It(word="them", span=_span(meta))

    def that_card(self, meta: Meta, children: list[Any]) -> ast.ThatCard:
        return ast.ThatCard(noun=str(_token(children, "NOUN")), span=_span(meta))

    def those_card(self, meta: Meta, children: list[Any]) -> ast.ThatCard:
        return ast.ThatCard(noun=str(_token(children, "NOUN")), word="those", span=_span(meta))

    def player(self, meta: Meta, children: list[Any]) -> ast.Player:
        return ast.Player(who=_possessive_words(children), span=_span(meta))

    def cards(self, meta: Meta, children: list[Any]) -> ast.Cards:
        quantifier = _of(children, ast.Quantifier)
        qualities = next((c for c in children if isinstance(c, tuple)), ())
        noun = _token(children, "NOUN")
        plural = bool(getattr(noun, "plural", False)) if quantifier is None else None
        return ast.Cards(
            plural=plural,
            noun=str(_token(children, "NOUN")),
            quantifier=quantifier,
            qualities=qualities,
            filters=_all(children, ast.Filter),
            span=_span(meta),
        )

    def qualities(self, meta: Meta, children: list[Any]) -> tuple[ast.Quality, ...]:
        out = []
        for c in children:
            if isinstance(c, ast.Quality):
                out.append(c)
            elif isinstance(c, Token) and c.type == "STRING":
                out.append(ast.Quality(kind="name", value=str(c), span=_token_span(c)))
            elif isinstance(c, Token) and c.type == "ADJ":
                out.append(_adjective(c))
        return tuple(out)

    def possessor_q(self, meta: Meta, children: list[Any]) -> ast.Quality:
        return ast.Quality(kind="possessor", value=_possessive_words(children), span=_span(meta))

    def quantifier(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind=_words(children), span=_span(meta))

    def _counted(self, meta: Meta, kind: str, children: list[Any]) -> ast.Quantifier:
        target = any(isinstance(c, Token) and c.type == "TARGET" for c in children)
        return ast.Quantifier(
            kind=kind, count=_of(children, ast.Amount), target=target, span=_span(meta)
        )

    def target(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind="target", span=_span(meta))

    def n_targets(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return self._counted(meta, "n_targets", children)

    def n_cards(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return self._counted(meta, "n_cards", children)

    def up_to(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return self._counted(meta, "up_to", children)

    def each_other(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind="each other", span=_span(meta))

    def all_other(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(kind="all other", span=_span(meta))

    def top_of(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return self._counted(meta, "top", children)

    def bottom_of(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        return self._counted(meta, "bottom", children)

    def _filter(self, meta: Meta, kind: str, **kw: Any) -> ast.Filter:
        return ast.Filter(kind=kind, span=_span(meta), **kw)

    def you_control_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "you_control")

    def opponent_controls_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "opponent_controls")

    def attr_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(
            meta, "attr", name=_name(children, "ATTR"), value=_name(children, "STRING")
        )

    def stat_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(
            meta, "stat", name=_name(children, "STAT"), comparison=_of(children, ast.Comparison)
        )

    def keyword_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "keyword", name=_name(children, "KW"))

    def without_keyword_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "without_keyword", name=_name(children, "KW"))

    def zone_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        prep = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return self._filter(meta, "zone", value=prep, zone=_of(children, ast.ZoneRef))

    def zone_prep(self, meta: Meta, children: list[Any]) -> str:
        return _words(children)

    def named_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "named", value=_name(children, "STRING"))

    def other_than_this(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(meta, "other_than_this")

    def history_filter(self, meta: Meta, children: list[Any]) -> ast.Filter:
        return self._filter(
            meta, "history", name=_name(children, "EVENT"), phase=_name(children, "PHASE")
        )

    # ---- mods ----------------------------------------------------------------------------
    def mods(self, meta: Meta, children: list[Any]) -> tuple[ast.Mod, ...]:
        return _all(children, ast.Mod)

    def once_per(self, meta: Meta, children: list[Any]) -> ast.Mod:
        return ast.Mod(kind="once_per", period=_name(children, "PHASE"), span=_span(meta))

    def twice_per(self, meta: Meta, children: list[Any]) -> ast.Mod:
        return ast.Mod(kind="twice_per", period=_name(children, "PHASE"), span=_span(meta))

    def max_per(self, meta: Meta, children: list[Any], kind: str = "max_per") -> ast.Mod:
        count = _token(children, "INT")
        var = _token(children, "VAR")
        period = _token(children, "PHASE", "NOUN")
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
            span=_span(meta),
        )

    def limit_per(self, meta: Meta, children: list[Any]) -> ast.Mod:
        return self.max_per(meta, children, "limit_per")

    def only_when(self, meta: Meta, children: list[Any]) -> ast.Mod:
        words = tuple(
            _classed_word(c) for c in children if isinstance(c, Token) and c.type != "ONLY"
        )
        return ast.Mod(kind="only_when", words=words, span=_span(meta))

    def any_time(self, meta: Meta, children: list[Any]) -> ast.Mod:
        return ast.Mod(kind="any_time", span=_span(meta))


def _classed_word(token: Token) -> str:
    """A word kept with its class (and its number, for plurals): "NOUN:attack:pl"."""
    mark = ":pl" if getattr(token, "plural", False) else ""
    return f"{token.type}:{token}{mark}"


def _singular(node: Any) -> Any:
    """After "for each" the noun is singular whatever was written ("for each cards")."""
    if isinstance(node, ast.Cards) and node.quantifier is None and node.plural:
        return dataclasses.replace(node, plural=False)
    return node


def _is_lines(value: Any) -> bool:
    return isinstance(value, tuple) and bool(value) and isinstance(value[0], ast.AbilityLine)


def _token_span(token: Token) -> Span | None:
    if token.line is None:
        return None
    return Span(
        token.line,
        token.column or 0,
        token.end_line or token.line,
        token.end_column or 0,
        token.start_pos or 0,
        token.end_pos or 0,
    )


def _name(children: list[Any], token_type: str) -> str | None:
    token = _token(children, token_type)
    return str(token) if token is not None else None


def _adjective(token: Token) -> ast.Quality:
    value = str(token)
    negated = value.startswith("non-")
    return ast.Quality(
        kind="adj", value=value[4:] if negated else value, negated=negated, span=_token_span(token)
    )


def _adjectives(children: list[Any]) -> tuple[ast.Quality, ...]:
    return tuple(_adjective(c) for c in children if isinstance(c, Token) and c.type == "ADJ")


def _comparison(meta: Meta, children: list[Any]) -> ast.Comparison:
    op_tree = _tree(children, "compare_word") or _tree(children, "compare_prefix")
    return ast.Comparison(
        value=_of(children, ast.Amount),
        op=_words(op_tree.children) if op_tree is not None else None,
        span=_span(meta),
    )


def _possessive_words(children: list[Any]) -> str:
    """Kept words of a possessor or player phrase, with "'s" reattached: "its owner's"."""
    parts: list[str] = []
    for c in children:
        if not isinstance(c, Token):
            continue
        if c.type == "POSS":
            if parts:
                parts[-1] += "'s"
        else:
            parts.append(str(c).casefold())
    return " ".join(parts)
