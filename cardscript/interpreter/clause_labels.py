"""A clause as the card script writes it: the label of a "may" prompt or of an option."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine


def clause_label(engine: Engine, clause: ast.Clause) -> str:
    """The clause as the card script writes it (a "may" prompt, an option's label):
    remembered per clause and registry, both of which never change. (A module of its
    own: the step plans ask it at run time, and importing it there from ``effects``,
    which imports them, cost an import statement per "may".)"""
    registry = engine.game.registry
    found = _LABELS.get(id(clause))
    if found is None or found[0] is not clause or found[1] is not registry:
        from cardscript.grammar.formatter import Formatter  # (the formatter imports far)

        if len(_LABELS) > 20_000:
            _LABELS.clear()  # pools come and go (tests): keep the memory bounded
        found = _LABELS[id(clause)] = (clause, registry, Formatter(registry).clause(clause))
    return found[2]


_LABELS: dict[int, tuple[ast.Clause, Any, str]] = {}


def may_do(engine: Engine, player: int, clause: ast.Clause) -> bool:
    """ "You may …": does ``player`` say yes? Asked by the count where the agent answers
    so (``Choices.one_of``, as ``may`` asks), the prompt, the clause as written, made only
    for an agent that reads it."""
    picked = engine.one_of(player, 2)
    if picked is None:
        return engine.may(player, clause_label(engine, clause) + "?")
    return picked == 0
