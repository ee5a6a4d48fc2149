"""AST builder rules for effects: steps (sequences, conditions, choices, for each) and actions."""

from __future__ import annotations

import dataclasses
from typing import Any

from lark import Token, Tree
from lark.tree import Meta

from cardscript.grammar import ast
from cardscript.grammar.build_util import (
    SELECTORS,
    adjectives_of,
    all_of,
    clean,
    first_of,
    name_of,
    selector_of,
    selectors_of,
    singular,
    span_of,
    token_of,
    token_span,
    tree_of,
    words_of,
)
from cardscript.grammar.diagnostics import Span


def _is_letter(value: object) -> bool:
    return isinstance(value, Token) and value.type == "VAR"


class EffectRules:
    """Rule methods for steps and actions (mixed into AstBuilder)."""

    # the counts "equal to the number of …" bound, not yet taken by their steps
    _counts: list[ast.Binding]
    # the line being built, and the letters still free in it (``_free_letter``)
    _line: Tree | None
    _letters: list[str] | None

    # ---- steps ---------------------------------------------------------------------------
    def steps(self, meta: Meta, children: list[Any]) -> ast.Steps:
        children = clean(children)
        # the counts its actions said "equal to the number of …" (``equal_to``) come first,
        # as an author writes them: "where X is …" (steps never hold steps: all are its own)
        where = (*self._equal_counts(), *all_of(children, ast.Binding))
        declared = all_of(children, ast.DeclaredNumber)
        bound = (str, ast.Binding, ast.DeclaredNumber)
        steps = tuple(c for c in children if not isinstance(c, bound))
        joiners = tuple(c for c in children if isinstance(c, str))
        return ast.Steps(
            steps=steps, joiners=joiners, where=where, declared=declared, span=span_of(meta)
        )

    def where_clause(self, meta: Meta, children: list[Any]) -> ast.Binding:
        return ast.Binding(
            name=str(token_of(children, "VAR")), selector=selector_of(children), span=span_of(meta)
        )

    def where_stat(self, meta: Meta, children: list[Any]) -> ast.Binding:
        return ast.Binding(
            name=str(token_of(children, "VAR")),
            selector=first_of(children, ast.StatValue),
            span=span_of(meta),
        )

    def stat_value(self, meta: Meta, children: list[Any]) -> ast.StatValue:
        holder = selector_of(children)
        return ast.StatValue(
            stat=name_of(children, "STAT") or "",
            possessor=None if holder is not None else children[0],
            holder=holder,
            span=span_of(meta),
        )

    def declared_number(self, meta: Meta, children: list[Any]) -> ast.DeclaredNumber:
        return ast.DeclaredNumber(name=str(token_of(children, "VAR")), span=span_of(meta))

    def sep(self, meta: Meta, children: list[Any]) -> str:
        words = [str(c).casefold() for c in children]
        if words in ([". then"], ["."], ["and"]):
            return words[0]
        return ", ".join(["", " ".join(words[1:])]).strip() if len(words) > 1 else ","

    def conditional(self, meta: Meta, children: list[Any]) -> ast.Conditional:
        return ast.Conditional(
            condition=first_of(children, ast.Condition),
            clause=first_of(children, ast.Clause),
            span=span_of(meta),
        )

    def otherwise(self, meta: Meta, children: list[Any]) -> ast.Otherwise:
        return ast.Otherwise(clause=first_of(children, ast.Clause), span=span_of(meta))

    def in_player_order(self, meta: Meta, children: list[Any]) -> ast.InPlayerOrder:
        return ast.InPlayerOrder(clause=first_of(children, ast.Clause), span=span_of(meta))

    def for_each_player(self, meta: Meta, children: list[Any]) -> ast.ForEach:
        """ "For each opponent, …"; "for each player in hero form, …"."""
        who = _each_player(children)
        return ast.ForEach(selector=who, clause=first_of(children, ast.Clause), span=span_of(meta))

    def each_player(self, meta: Meta, children: list[Any]) -> ast.Player:
        return ast.Player(who="each " + words_of(children), span=span_of(meta))

    def for_each(self, meta: Meta, children: list[Any]) -> ast.ForEach:
        children = [singular(c) for c in children]
        return ast.ForEach(
            selector=selector_of(children),
            clause=first_of(children, ast.Clause),
            span=span_of(meta),
        )

    def choice(self, meta: Meta, children: list[Any]) -> ast.Choice:
        return ast.Choice(options=all_of(children, ast.Clause), span=span_of(meta))

    def clause(self, meta: Meta, children: list[Any]) -> ast.Clause:
        optional = any(isinstance(c, Tree) and c.data == "may" for c in children)
        action = first_of(children, ast.Action)
        tail = tree_of(children, "step_tail")
        per_each: Any = None
        duration: Any = None
        delay: Any = None
        instead = False
        if tail is not None:
            for part in tail.children:
                if isinstance(part, Tree) and part.data == "instead":
                    instead = True
                elif isinstance(part, ast.Duration):
                    duration = part
                elif isinstance(part, Tree) and part.data == "delay":
                    delay = part.children[0]
                elif isinstance(part, Tree) and part.data == "per_each":
                    per_each = part.children[0]
        subject = None
        for c in children:
            if c is action:
                break
            if isinstance(c, SELECTORS):
                subject = c
        return ast.Clause(
            action=action,
            subject=subject,
            optional=optional,
            per_each=per_each,
            duration=duration,
            delay=delay,
            instead=instead,
            span=span_of(meta),
        )

    def delay(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("delay", [first_of(children, ast.PhaseRef)])

    def step_tail(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("step_tail", children)

    def per_each(self, meta: Meta, children: list[Any]) -> Tree:
        if any(isinstance(c, ast.Player) for c in children):  # "… for each opponent"
            return Tree("per_each", [_each_player(children)])
        return Tree("per_each", [singular(selector_of(children))])

    def may(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("may", [])

    # ---- actions -------------------------------------------------------------------------
    def _action(self, meta: Meta, verb: str, **kw: Any) -> ast.Action:
        return ast.Action(verb=verb, span=span_of(meta), **kw)

    def _equal_counts(self) -> list[ast.Binding]:
        """The counts ``equal_to`` has bound since the last steps were built, taken."""
        taken, self._counts = self._counts, []
        return taken

    def _free_letter(self) -> str:
        """The first of X, Y, Z, N the line has not written ("pay X …", "where X is …", a
        keyword's X) nor given to an earlier "equal to": each count is its own number, and
        a letter already bound is never bound again (X if none is left: CS-T027 says so)."""
        if self._letters is None:
            written = set() if self._line is None else set(self._line.scan_values(_is_letter))
            self._letters = [v for v in ast.LETTERS if v not in written]
        return self._letters.pop(0) if self._letters else ast.LETTERS[0]

    def equal_to(self, meta: Meta, children: list[Any]) -> ast.Amount:
        """ "equal to the number of cards in your hand": X, bound as "where X is the number
        of cards in your hand" is (the steps that hold it take the binding); a line with
        an X already takes Y ("pay X energy → draw cards equal to …": draw Y cards)."""
        return self._bound(meta, selector_of(children))

    def equal_to_stat(self, meta: Meta, children: list[Any]) -> ast.Amount:
        """ "equal to your hero's ATK": X, bound as "where X is your hero's ATK" is."""
        return self._bound(meta, first_of(children, ast.StatValue))

    def _bound(self, meta: Meta, value: ast.Selector | ast.StatValue) -> ast.Amount:
        name = self._free_letter()
        self._counts.append(ast.Binding(name=name, selector=value, span=span_of(meta)))
        return ast.Amount(kind="var", value=name, span=span_of(meta))

    def deal(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "deal",
            amount=first_of(children, ast.Amount),
            qualities=adjectives_of(children),
            name=name_of(children, "DAMAGE"),
            target=selector_of(children),
        )

    def prevent(self, meta: Meta, children: list[Any]) -> ast.Action:
        amount_tree = tree_of(children, "prevent_amount")
        assert amount_tree is not None
        amount = first_of(amount_tree.children, ast.Amount)
        word = words_of(amount_tree.children) or None
        target_tree = tree_of(children, "prevent_target")
        target = selector_of(target_tree.children) if target_tree is not None else None
        dealt = target_tree is not None and any(
            isinstance(c, Token) and c.type == "DEALT" for c in target_tree.children
        )
        phase = token_of(children, "PHASE")
        return self._action(
            meta,
            "prevent",
            amount=amount,
            word=word,
            qualities=adjectives_of(children),
            name=name_of(children, "DAMAGE"),
            target=target,
            source=selector_of(children),
            flag=dealt,
            period=str(phase) if phase else None,
        )

    def prevent_amount(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("prevent_amount", children)

    def prevent_target(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("prevent_target", children)

    def heal(self, meta: Meta, children: list[Any]) -> ast.Action:
        prep = tree_of(children, "heal_from")
        over = tree_of(children, "beyond")
        return self._action(
            meta,
            "heal",
            amount=first_of(children, ast.Amount),
            name=name_of(children, "DAMAGE"),
            target=selector_of(children),
            word=words_of(prep.children) if prep is not None else None,
            beyond=name_of(over.children, "STAT") if over is not None else None,
        )

    def heal_from(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("heal_from", children)

    def beyond(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("beyond", children)

    def draw(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "draw", amount=first_of(children, ast.Amount), name=name_of(children, "NOUN")
        )

    def discard(self, meta: Meta, children: list[Any]) -> ast.Action:
        zone = first_of(children, ast.ZoneRef)
        if zone is None:
            return self._action(meta, "discard", target=selector_of(children))
        # "discard your hand": all cards in it, as "discard all cards in your hand" says
        every = ast.Quantifier(kind="all", span=zone.span)
        held = ast.Filter(kind="zone", value="in", zone=zone, span=zone.span)
        cards = ast.Cards(noun="card", quantifier=every, filters=(held,), span=zone.span)
        return self._action(meta, "discard", target=cards)

    def gain(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "gain", amount=first_of(children, ast.Amount), name=name_of(children, "RESOURCE")
        )

    def gain_control(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "gain_control", target=selector_of(children))

    def lose(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "lose", amount=first_of(children, ast.Amount), name=name_of(children, "RESOURCE")
        )

    def pay(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "pay", amount=first_of(children, ast.Amount), name=name_of(children, "RESOURCE")
        )

    def move(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "move",
            word=name_of(children, "MOVE_VERB"),
            target=selector_of(children),
            destination=first_of(children, ast.Destination),
        )

    def destination(self, meta: Meta, children: list[Any]) -> ast.Destination:
        placement = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        face = tree_of(children, "face")
        return ast.Destination(
            placement=placement,
            zone=first_of(children, ast.ZoneRef),
            face=words_of(face.children) if face is not None else None,
            span=span_of(meta),
        )

    def placement(self, meta: Meta, children: list[Any]) -> str:
        written = words_of(children)
        return _PLACES.get(written, written)

    def face(self, meta: Meta, children: list[Any]) -> Tree:
        return Tree("face", children)

    def place(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "place",
            amount=first_of(children, ast.Amount),
            name=name_of(children, "COUNTER"),
            target=selector_of(children),
        )

    def move_counters(self, meta: Meta, children: list[Any]) -> ast.Action:
        source, target = selectors_of(children)
        return self._action(
            meta,
            "move_counters",
            word=name_of(children, "MOVE_VERB"),
            amount=first_of(children, ast.Amount),
            name=name_of(children, "COUNTER"),
            source=source,
            target=target,
        )

    def remove_counters(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "remove_counters",
            amount=first_of(children, ast.Amount),
            name=name_of(children, "COUNTER"),
            target=selector_of(children),
        )

    def remove_card(self, meta: Meta, children: list[Any]) -> ast.Action:
        from_game = any(isinstance(c, Tree) and c.data == "from_game" for c in children)
        return self._action(meta, "remove_card", target=selector_of(children), flag=from_game)

    def search(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "search", zone=first_of(children, ast.ZoneRef), target=selector_of(children)
        )

    def shuffle(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "shuffle", zone=first_of(children, ast.ZoneRef))

    def shuffle_into(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "shuffle_into", target=selector_of(children), zone=first_of(children, ast.ZoneRef)
        )

    def reveal(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "reveal", target=selector_of(children))

    def look(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "look", target=selector_of(children))

    def look_zone(self, meta: Meta, children: list[Any]) -> ast.Action:
        """ "Look at your opponent's hand": the cards in it (``zone`` keeps the words)."""
        zone = first_of(children, ast.ZoneRef)
        span = span_of(meta)
        cards = ast.Cards(
            noun="card",
            quantifier=ast.Quantifier(kind="the", span=span),
            filters=(ast.Filter(kind="zone", value="in", zone=zone, span=span),),
            plural=True,
            span=span,
        )
        return self._action(meta, "look", target=cards, zone=zone)

    def get(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "get", stat_mods=children[0])

    def stat_mods(self, meta: Meta, children: list[Any]) -> tuple[ast.StatMod, ...]:
        return all_of(children, ast.StatMod)

    def stat_mod(self, meta: Meta, children: list[Any]) -> ast.StatMod:
        return ast.StatMod(delta=str(children[0]), stat=str(children[1]), span=span_of(meta))

    def scale(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0]).casefold()  # "double" | "half": a multiplying modifier

    def grant(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "have", keywords=all_of(children, ast.KeywordUse))

    def set_stat(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta, "set_stat", name=name_of(children, "STAT"), amount=first_of(children, ast.Amount)
        )

    def grant_ability(self, meta: Meta, children: list[Any]) -> ast.Action:
        """'have "close this → …"': an ability written out, granted as it stands."""
        return self._action(meta, "grant_ability", text=name_of(children, "STRING"))

    def become(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "become", name=name_of(children, "NOUN"))

    def gain_keyword(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "gain_keyword", keywords=all_of(children, ast.KeywordUse))

    def lose_keyword(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "lose_keyword", keywords=all_of(children, ast.KeywordUse))

    def lose_abilities(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "lose_abilities")

    def permission(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "can",
            name=name_of(children, "PERMISSION"),
            event_object=first_of(children, ast.EventObject),
        )

    def prohibition(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "cannot",
            name=name_of(children, "PERMISSION"),
            event_object=first_of(children, ast.EventObject),
        )

    def primitive(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "primitive",
            name=name_of(children, "VERB"),
            target=selector_of(children),
            destination=first_of(children, ast.Destination),
        )

    def primitive_amount(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "primitive_amount",
            name=name_of(children, "VERB"),
            amount=first_of(children, ast.Amount),
            word=name_of(children, "DAMAGE"),
        )

    def redirect(self, meta: Meta, children: list[Any]) -> ast.Action:
        it = next(str(c) for c in children if isinstance(c, Token) and c.type == "IT_WORD")
        return self._action(
            meta, "redirect", name="redirect", target=selector_of(children), word=it
        )

    def redirected(self, meta: Meta, children: list[Any]) -> ast.Action:
        attacked, to = selectors_of(children)
        return self._action(meta, "redirected", source=attacked, target=to)

    def redirected_abilities(self, meta: Meta, children: list[Any]) -> ast.Action:
        """ "Abilities aimed at X are redirected to Y": every ability naming a target."""
        aimed, to = selectors_of(children)
        return self._action(meta, "redirected", source=aimed, target=to, word="abilities")

    def choose_target(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(meta, "choose", target=selector_of(children))

    def named_cost(self, meta: Meta, children: list[Any]) -> ast.Action:
        return self._action(
            meta,
            "named_cost",
            name=name_of(children, "COST"),
            amount=first_of(children, ast.Amount),
        )


# a deck's two ends as authors write them, and as the card script writes (and reads) them
_PLACES = {
    "to the top of": "on top of",
    "on the top of": "on top of",
    "to the bottom of": "at the bottom of",
    "on the bottom of": "at the bottom of",
}


def _each_player(children: list[Any]) -> ast.Player:
    """The players after "for each", with the quality that follows them ("for each
    player in hero form"), as ``player_in`` reads it after other words (CS-T039): its
    span the player's words and the quality's."""
    who = next(c for c in children if isinstance(c, ast.Player))
    adjective = next((c for c in children if isinstance(c, Token) and c.type == "ADJ"), None)
    if adjective is None:
        return who
    end, start = token_span(adjective), who.span
    span = start if start is None or end is None else _through(start, end)
    return ast.Player(who=who.who, quality=str(adjective), span=span)


def _through(start: Span, end: Span) -> Span:
    """From where ``start`` starts to where ``end`` ends."""
    return dataclasses.replace(
        start, end_line=end.end_line, end_column=end.end_column, end_offset=end.end_offset
    )
