"""A letter is one number for its whole line (CS-T027): "where X is …" twice, or after
"where X is chosen on declaration" or a keyword's X, would replace the first X wherever
it is read (the engine binds them all before the steps run). "Equal to the number of …"
never collides: it takes a letter of its own (``EffectRules.equal_to``)."""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.format_phrases import PhraseFormatter
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


def _at(node: ast.Node) -> tuple[int, int]:
    return (node.span.line, node.span.column) if node.span else (0, 0)


def _said(node: ast.Binding | ast.DeclaredNumber, words: PhraseFormatter) -> str:
    if isinstance(node, ast.DeclaredNumber):
        return f"where {node.name} is chosen on declaration"
    return f"where {node.name} is the number of {words.selector(node.selector)}"


def _letters(line: ast.AbilityLine, params: tuple[str, ...]) -> set[str]:
    """Every letter the line names: its numbers, bindings, stat changes and keyword values."""
    found = set(params)
    for node in line.walk():
        if isinstance(node, ast.Amount) and node.kind == "var":
            found.add(str(node.value))
        elif isinstance(node, (ast.Binding, ast.DeclaredNumber)):
            found.add(node.name)
        elif isinstance(node, ast.StatMod):
            found.add(node.delta[1:])
        elif isinstance(node, ast.Arg) and node.kind == "VAR":
            found.add(node.value)
    return found
