"""What happened "this <period>" ("that attacked this turn", "if you blocked this round")
is read from the game's record of its turn, which the kernel empties as its
``turn_phase`` ends: the registry marks that phase ``remembered``, and another period is
refused (CS-T023) rather than read as the whole turn."""

from __future__ import annotations

import importlib

import pytest

from cardscript import GAMES
from cardscript.content import package_name
from cardscript.games import Game, load_game
from cardscript.grammar.checks import check_script
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
