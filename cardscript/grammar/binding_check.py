"""A letter is one number for its whole line (CS-T027): "where X is …" twice, or after
"where X is chosen on declaration" or a keyword's X, would replace the first X wherever
it is read (the engine binds them all before the steps run). "Equal to the number of …"
never collides: it takes a letter of its own (``EffectRules.equal_to``), so "deal damage
equal to …, where X is …" leaves the author's X unread (CS-T028, a warning)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error, warning
from cardscript.grammar.format_phrases import PhraseFormatter
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry


def check_bindings(
    line: ast.AbilityLine, registry: Registry, params: tuple[str, ...] = ()
) -> Iterator[Diagnostic]:
    """CS-T027 at each binding of a letter the line has bound already."""
    words = PhraseFormatter(registry)
    first: dict[str, str] = {name: f"the keyword's value {name}" for name in params}
    bindings = [n for n in line.walk() if isinstance(n, (ast.Binding, ast.DeclaredNumber))]
    for node in sorted(bindings, key=_at):  # in text order: the later one is refused
        said = _said(node, words)
        if node.name not in first:
            first[node.name] = f'"{said}"'
            continue
        free = next((v for v in ast.LETTERS if v not in _letters(line, params)), None)
        hint = f'perhaps try another letter: "{said.replace(node.name, free, 1)}"' if free else ""
        yield error(
            "CS-T027",
            f'{node.name} is bound twice: "{said}" would replace {first[node.name]}',
            node.span,
            f"{hint}, and {free} where that number is read" if hint else "",
        )


def check_unread(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    """CS-T028 at each "where X is …" whose letter the line never reads."""
    read = _read(line)
    bindings = [n for n in line.walk() if isinstance(n, ast.Binding)]
    for node in sorted(bindings, key=_at):
        if node.name in read:
            continue
        said = _said(node, PhraseFormatter(registry))
        yield warning(
            "CS-T028",
            f"{node.name} is defined but never used",
            node.span,
            _use(line, node, said, registry),
        )


def _use(line: ast.AbilityLine, unread: ast.Binding, said: str, registry: Registry) -> str:
    """Where the line counts with "equal to …" instead: the line with that count's letter
    made the author's; else, write the letter where the number is read."""
    # the counts of "equal to …": a binding made of the very words its number is read at
    counts = {(n.value, n.span) for n in line.walk() if isinstance(n, ast.Amount)}
    taken = next(
        (b for b in line.walk() if isinstance(b, ast.Binding) and (b.name, b.span) in counts),
        None,
    )
    if taken is None:
        return f'perhaps try {unread.name} where that number is read, or remove "{said}"'

    def change(node: ast.Node) -> ast.Node:
        if isinstance(node, ast.Amount) and node.kind == "var" and node.value == taken.name:
            return ast.Amount(kind="var", value=unread.name, span=node.span)
        if isinstance(node, ast.Steps):
            kept = tuple(b for b in node.where if b.span != taken.span)
            return dataclasses.replace(node, where=kept) if kept != node.where else node
        return node

    fixed = ast.rewritten(line, change)
    assert isinstance(fixed, ast.AbilityLine)
    counted = f"equal to {PhraseFormatter(registry).bound(taken)}"
    return (
        f'perhaps try "{Formatter(registry).line(fixed)}" ("{counted}" counts a number of '
        f"its own, not {unread.name})"
    )


def _at(node: ast.Node) -> tuple[int, int]:
    return (node.span.line, node.span.column) if node.span else (0, 0)


def _said(node: ast.Binding | ast.DeclaredNumber, words: PhraseFormatter) -> str:
    if isinstance(node, ast.DeclaredNumber):
        return f"where {node.name} is chosen on declaration"
    return f"where {node.name} is {words.bound(node)}"


def _letters(line: ast.AbilityLine, params: tuple[str, ...]) -> set[str]:
    """Every letter the line names: its numbers, bindings, stat changes and keyword values."""
    bound = (n.name for n in line.walk() if isinstance(n, (ast.Binding, ast.DeclaredNumber)))
    return _read(line) | set(params) | set(bound)


def _read(line: ast.AbilityLine) -> set[str]:
    """The letters the line reads: its numbers, stat changes and keyword values."""
    found = set()
    for node in line.walk():
        if isinstance(node, ast.Amount) and node.kind == "var":
            found.add(str(node.value))
        elif isinstance(node, ast.StatMod):
            found.add(node.delta[1:])
        elif isinstance(node, ast.Arg) and node.kind == "VAR":
            found.add(node.value)
    return found
