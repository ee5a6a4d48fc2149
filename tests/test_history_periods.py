"""What happened "this <period>" ("that attacked this turn", "if you blocked this round")
is read from the game's record of its turn, which the kernel empties as its
``turn_phase`` ends: the registry marks that phase ``remembered``, and another period is
refused (CS-T023) rather than read as the whole turn."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from cardscript import GAMES
from cardscript.content import package_name
from cardscript.games import Game, load_game
from cardscript.grammar import ast
from cardscript.grammar.checks import check_script
from cardscript.grammar.complete import complete
from cardscript.grammar.formatter import format_script
from cardscript.grammar.hover import term_at
from cardscript.interpreter.agents import FirstAgent


@pytest.mark.parametrize("game", GAMES)
def test_the_remembered_phase_is_the_one_the_kernel_keeps_its_record_for(game: str) -> None:
    kernel_module = importlib.import_module(f"cardscript.kernels.{package_name(game)}.kernel")
    engine = kernel_module.new_engine([FirstAgent(), FirstAgent()])
    remembered = [t.id for t in load_game(game).registry.terms("PHASE") if t.remembered]
    assert remembered == [engine.kernel.turn_phase]


def test_another_period_is_refused_with_the_one_remembered_as_its_hint() -> None:
    game = load_game("pocket-duel")
    text = "Effect: For each card that was cancelled this game, gain 1 energy."
    (problem,) = _checked(game, text)
    assert (problem.code, problem.span.line, problem.span.column) == (
        "CS-T023",
        1,
        23,
    )  # "that was cancelled this game"
    assert problem.message == (
        'what happened "this game" cannot be told: the game keeps a record of its round only'
    )
    assert problem.hints == ('perhaps try "this round"',)
    (vs_problem,) = _checked(
        load_game("vs-system"), "If a character you control was stunned this combat, draw 1 card."
    )
    assert vs_problem.code == "CS-T023"
    assert vs_problem.hints == ('perhaps try "this turn"',)
    assert _checked(game, "Effect: If you blocked this round, gain 1 energy.") == []


def _checked(game: Game, text: str) -> list:
    parsed = game.parse(text)
    assert parsed.diagnostics == ()
    return list(check_script(parsed.script, game.registry))


@pytest.mark.parametrize(
    ("game", "text", "event"),
    [
        ("pocket-duel", "Effect: If you did not block this round, gain 1 energy.", "blocks"),
        (
            "pocket-duel",
            "Effect: If this was not cancelled this round, gain 1 energy.",
            "cancelled",
        ),
        (
            "vs-system",
            "If a character you control did not attack this turn, draw 1 card.",
            "attacks",
        ),
    ],
)
def test_the_record_denied_is_the_same_test_negated(game: str, text: str, event: str) -> None:
    """ "did not" with the infinitive, or "was not" with the participle: the event's past
    tense denied; ``cardscript fmt`` writes it back as it was written."""
    definition = load_game(game)
    parsed = definition.parse(text)
    assert parsed.diagnostics == ()
    (test,) = [n for n in _nodes(parsed.script) if isinstance(n, ast.Test)]
    assert (test.kind, test.name, test.negated) == ("happened_this", event, True)
    assert format_script(parsed.script, definition.registry).strip() == text
    assert check_script(parsed.script, definition.registry) == []


def test_the_record_denied_is_a_condition_only_and_its_period_is_checked() -> None:
    game = load_game("pocket-duel")
    (problem,) = game.parse("Effect: When you did not block, gain 1 energy.").diagnostics
    assert (problem.code, problem.span.column) == ("CS-P001", 18)
    assert problem.message == 'unexpected "did" after "you"; expected an event'
    (late,) = _checked(game, "Effect: If you did not block this game, gain 1 energy.")
    assert late.code == "CS-T023"
    assert late.hints == ('perhaps try "this round"',)


def _nodes(node: object) -> list[object]:
    found = [node]
    if dataclasses.is_dataclass(node):
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            for item in value if isinstance(value, tuple) else (value,):
                if dataclasses.is_dataclass(item):
                    found.extend(_nodes(item))
    return found


def test_completion_offers_the_record_denied_whole() -> None:
    text = "Effect: If you did not bl"
    found = complete(text, len(text), load_game("pocket-duel").registry)
    assert [(c.text, c.kind, c.start) for c in found.items] == [("did not block", "event", 15)]


def test_hover_over_the_record_denied_tells_the_event() -> None:
    text = "Effect: If you did not block this round, gain 1 energy."
    found = term_at(text, 20, load_game("pocket-duel").registry)
    assert found is not None
    assert (found.term.id, found.kind, found.start, found.end) == ("blocks", "event", 15, 28)
