"""Where "instead" belongs: a replacement's ends the replacement (its last step is no step
in place of the one before it), and explain says which step an "instead" step replaces;
what its "it" is (the scenarios MC-IN2 and VS-IN2 play it)."""

from __future__ import annotations

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.checks import check_script
from cardscript.grammar.explain import explain_script
from cardscript.grammar.formatter import format_script
from cardscript.interpreter.step_plans import _aimed, replaces

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


def test_explain_says_which_step_instead_takes_the_place_of() -> None:
    game = load_game("marvel-champions")
    text = (
        "Deal 1 damage to target minion. If you are in hero form, deal 2 damage instead. "
        "If you do, draw a card."
    )
    assert explain_script(game.parse(text).script, game.registry) == [
        "Effect: deal 1 damage to target minion. If you are in hero form, deal 2 damage "
        'instead of "deal 1 damage to target minion" (which then does not happen). '
        "If you do, draw a card."
    ]
    replacement = game.parse("If your hero would be defeated, heal 3 damage instead.").script
    assert explain_script(replacement, game.registry) == [
        "Replacement effect. If your hero would be defeated, heal 3 damage instead."
    ]


def _pair(game: str, text: str) -> tuple[ast.Clause, ast.Clause]:
    """The replaced clause and the "instead" clause as the plan runs it (``_aimed``)."""
    result = load_game(game).parse(text)
    assert result.diagnostics == ()
    before, step = result.script.lines[0].ability.effects.steps  # type: ignore[union-attr]
    assert isinstance(before, ast.Clause) and isinstance(step, ast.Conditional)
    return before, _aimed(step.clause, before)


def test_it_in_an_instead_step_is_what_the_replaced_step_acts_on() -> None:
    # the replaced step does not run to set "it": its own selector node, the target chosen
    before, aimed = _pair(
        "vs-system",
        "Exhaust target character an opponent controls. "
        "If you control 3 or more characters, KO it instead.",
    )
    assert aimed.action.verb == "primitive" and aimed.action.target is before.action.target
    # a subject that is its target ("target minion gets …"), read by a subject "it"; the
    # "itself" of the instead step stays its own subject
    before, aimed = _pair(
        "marvel-champions",
        "Target minion gets +1 ATK until the end of the round. "
        "If you are in hero form, it deals 1 damage to itself instead.",
    )
    assert isinstance(before.subject, ast.Cards)
    assert aimed.subject is before.subject
    assert aimed.action.target == ast.It(word="itself")


def test_an_interrupt_ending_in_instead_replaces_its_event() -> None:
    # G35: most replacements are Interrupts "when [condition] would occur, instead …";
    # the last step is no step in place of another, and fmt keeps the line as written
    game = load_game("marvel-champions")
    text = "Forced Interrupt: When this would leave play, return it to its owner's hand instead."
    result = game.parse(text)
    assert result.diagnostics == ()
    assert check_script(result.script, game.registry) == []
    (step,) = result.script.lines[0].ability.effects.steps  # type: ignore[union-attr]
    assert isinstance(step, ast.Clause) and step.instead is True
    assert format_script(result.script, game.registry) == text + "\n"


def test_a_response_ending_in_instead_is_refused() -> None:
    # a Response comes after its event: there is nothing left for it to replace
    game = load_game("marvel-champions")
    text = "Response: After an ally leaves play, draw 2 cards instead."
    (problem,) = check_script(game.parse(text).script, game.registry)
    assert (problem.code, problem.message) == (
        "CS-T024",
        '"… instead" with no condition: the step before it would never run',
    )
    assert (problem.span.line, problem.span.column) == (1, 38)
