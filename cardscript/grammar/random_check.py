"""A random pick where it picks nothing (CS-T020).

The game picks the cards an effect acts on at random ("discard a card at random", "put
a random card from your discard pile into your hand"): an action's cards, or the cards
a clause's subject names. Anywhere else the words mean nothing: a condition asks about
cards and picks none, a target is chosen by a player, a trigger waits for what happens
to any card, and the game picks cards, not players. "At random" also needs a number of
cards ("a card", "2 cards"): "each card at random" says none.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.format_phrases import PhraseFormatter
from cardscript.grammar.registry import Registry

_CODE = "CS-T020"


def check_random(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    words = PhraseFormatter(registry)
    picking = _picking(line)
    asked = {
        id(node)
        for condition in line.walk()
        if isinstance(condition, ast.Condition)
        for node in condition.walk()
    }
    for node in line.walk():
        if isinstance(node, ast.Player) and node.random is not None:
            yield _player(node, words)
        elif isinstance(node, ast.Cards) and _is_random(node.quantifier):
            yield from _cards(node, words, id(node) in asked, id(node) in picking)


def _picking(line: ast.AbilityLine) -> set[int]:
    """The selectors whose cards an effect acts on: actions' cards and clause subjects."""
    found: set[int] = set()
    for node in line.walk():
        if isinstance(node, ast.Action):
            found.update(id(s) for s in (node.target, node.source) if s is not None)
        elif isinstance(node, ast.Clause) and node.subject is not None:
            found.add(id(node.subject))
    return found


def _is_random(q: ast.Quantifier | None) -> bool:
    return q is not None and q.kind == "random"


def _cards(
    node: ast.Cards, words: PhraseFormatter, asked: bool, picking: bool
) -> Iterator[Diagnostic]:
    q = node.quantifier
    assert q is not None
    written = words.selector(node)
    one = words.selector(_with(node, q, ast.Amount(kind="a")))
    if q.target:
        one = words.selector(_with(node, q, q.count or ast.Amount(kind="a")))
        targeted = ast.Quantifier(kind="target") if q.count is None else q.written
        yield error(
            _CODE,
            f'"{written}": a target is chosen by a player, and a card at random by nobody',
            node.span,
            f'perhaps try "{one}" (the game picks) or '
            f'"{words.selector(replace(node, quantifier=targeted))}" (you choose)',
        )
    elif q.count is None:
        two = words.selector(_with(node, q, ast.Amount(kind="int", value=2)))
        yield error(
            _CODE,
            f'"{written}" says no number of cards to pick at random',
            node.span,
            f'perhaps try "{one}" or "{two}"',
        )
    elif asked:
        any_one = words.selector(replace(node, quantifier=_chosen(q)))
        yield error(
            _CODE,
            f'"{written}" in a condition: a condition asks about cards, it picks none at random',
            node.span,
            f'perhaps try "{any_one}"',
        )
    elif not picking:
        any_one = words.selector(replace(node, quantifier=_chosen(q)))
        yield error(
            _CODE,
            f'"{written}" picks nothing here: only the cards an effect acts on are picked '
            "at random",
            node.span,
            f'perhaps try "{any_one}"',
        )


def _with(node: ast.Cards, q: ast.Quantifier, count: ast.Amount) -> ast.Cards:
    """The selector picking ``count`` cards at random, in the form written."""
    if not q.postfix:
        return replace(node, quantifier=ast.Quantifier(kind="random", count=count))
    kind = "a" if count.kind == "a" else "n_cards"
    before = ast.Quantifier(kind=kind, count=None if kind == "a" else count)
    picked = ast.Quantifier(kind="random", count=count, postfix=True, written=before)
    return replace(node, quantifier=picked, plural=None)


def _chosen(q: ast.Quantifier) -> ast.Quantifier:
    """The quantifier without "random": "a card", "2 cards"."""
    count = q.count
    if count is not None and count.kind in ("a", "an"):
        return ast.Quantifier(kind=count.kind)
    return ast.Quantifier(kind="n_cards", count=count)


def _player(node: ast.Player, words: PhraseFormatter) -> Diagnostic:
    q = node.random
    assert q is not None
    if not q.postfix:
        hint = (
            'perhaps try "an opponent" (you choose one) or "each opponent"'
            if node.who == "opponent"
            else 'perhaps try "each player"'
        )
    else:
        hint = f'perhaps try "{node.who}"'
    return error(
        _CODE,
        f'"{words.selector(node)}": the game picks cards at random, not players',
        node.span,
        hint,
    )
