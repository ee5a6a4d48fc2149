"""Where "instead" belongs: a replacement's ends the replacement (its last step is no step
in place of the one before it)."""

from __future__ import annotations

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.formatter import format_script
from cardscript.interpreter.step_plans import replaces

_REPLACEMENT = (
    "If this would be KO'd, draw a card, then if you control 3 or more characters, "
    "recover it instead."
)


def test_a_replacement_ending_in_a_condition_keeps_both_steps() -> None:
    game = load_game("vs-system")
    result = game.parse(_REPLACEMENT)
    assert result.diagnostics == ()
    replacement = result.script.lines[0].ability
    assert isinstance(replacement, ast.Replacement)
    first, last = replacement.effects.steps
    assert replacement.instead is True
    assert isinstance(first, ast.Clause) and first.action.verb == "draw"
    assert isinstance(last, ast.Conditional) and last.clause.instead is False
    assert replaces(last) is False  # the draw runs, then the recovery if 3 are controlled
    assert format_script(result.script, game.registry) == _REPLACEMENT + "\n"
