"""What the AST builder's rule methods share: finding children by kind, token words
and source spans.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from lark import Token, Tree
from lark.tree import Meta

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Span

PUNCTUATION = frozenset(
    {"COMMA", "DOT", "DOT_THEN", "DOT_SEP", "COLON", "SEMI", "LPAR", "RPAR", "ARROW", "POSS"}
)


def span_of(meta: Meta) -> Span | None:
    if getattr(meta, "empty", True):
        return None
    return Span(
        meta.line, meta.column, meta.end_line, meta.end_column, meta.start_pos, meta.end_pos
    )


def clean(children: list[Any]) -> list[Any]:
    return [c for c in children if not (isinstance(c, Token) and c.type in PUNCTUATION)]


def words_of(children: list[Any]) -> str:
    """Canonical text of kept literal tokens, e.g. ("the", "first") -> "the first"."""
    return " ".join(
        str(c).casefold() for c in children if isinstance(c, Token) and c.type not in PUNCTUATION
    )


def first_of(children: list[Any], kind: type) -> Any:
    for c in children:
        if isinstance(c, kind):
            return c
    return None


def all_of(children: list[Any], kind: type) -> tuple[Any, ...]:
    return tuple(c for c in children if isinstance(c, kind))


def token_of(children: list[Any], *types: str) -> Token | None:
    for c in children:
        if isinstance(c, Token) and c.type in types:
            return c
    return None


def tree_of(children: list[Any], name: str) -> Tree | None:
    for c in children:
        if isinstance(c, Tree) and c.data == name:
            return c
    return None


SELECTORS = (ast.ThisCard, ast.ThisPossessed, ast.It, ast.ThatCard, ast.Player, ast.Cards)


def selector_of(children: list[Any]) -> Any:
    for c in children:
        if isinstance(c, SELECTORS):
            return c
    return None


def selectors_of(children: list[Any]) -> list[Any]:
    return [c for c in children if isinstance(c, SELECTORS)]


def classed_word(token: Token) -> str:
    """A word kept with its class (and its number, for plurals): "NOUN:attack:pl"."""
    mark = ":pl" if getattr(token, "plural", False) else ""
    return f"{token.type}:{token}{mark}"


def singular(node: Any) -> Any:
    """After "for each" the noun is singular whatever was written ("for each cards")."""
    if isinstance(node, ast.Cards) and node.quantifier is None and node.plural:
        return dataclasses.replace(node, plural=False)
    return node


def is_lines(value: Any) -> bool:
    return isinstance(value, tuple) and bool(value) and isinstance(value[0], ast.AbilityLine)


def token_span(token: Token) -> Span | None:
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


def name_of(children: list[Any], token_type: str) -> str | None:
    token = token_of(children, token_type)
    return str(token) if token is not None else None


def adjective_of(token: Token) -> ast.Quality:
    value = str(token)
    negated = value.startswith("non-")
    return ast.Quality(
        kind="adj", value=value[4:] if negated else value, negated=negated, span=token_span(token)
    )


def adjectives_of(children: list[Any]) -> tuple[ast.Quality, ...]:
    return tuple(adjective_of(c) for c in children if isinstance(c, Token) and c.type == "ADJ")


def comparison_of(meta: Meta, children: list[Any]) -> ast.Comparison:
    op_tree = tree_of(children, "compare_word") or tree_of(children, "compare_prefix")
    return ast.Comparison(
        value=first_of(children, ast.Amount),
        op=words_of(op_tree.children) if op_tree is not None else None,
        span=span_of(meta),
    )


def possessive_words(children: list[Any]) -> str:
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
