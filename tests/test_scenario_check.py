"""A scenario file is checked against its game's kernel before it runs: the actions and
setup keys the kernel declares, and the zones the game has (``scenario_check``). They
stopped the run in Python's words ("AttributeError: 'int' object has no attribute
'get'", "ValueError: … has no scenario action 'rund'") or, for a zone, passed."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest

from cardscript import GAMES
from cardscript.content import package_name
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.scenario import run_scenario

PD = Path(__file__).parent / "scenarios" / "pocket-duel"
BASE = PD / "PD-A2a-challenge-off.scenario.yaml"


def _run(
    tmp_path: Path, old: str, new: str
) -> tuple[str | None, list[tuple[int, int, str, tuple[str, ...]]]]:
    shutil.copy(PD / "pd-scenario-cards.yaml", tmp_path)
    text = BASE.read_text("utf-8")
    assert old in text
    path = tmp_path / "s.scenario.yaml"
    path.write_text(text.replace(old, new), "utf-8")
    result = run_scenario(path)
    assert result.refused is not None
    told = [(d.span.line, d.span.column, d.message, d.hints) for d in result.refused.problems]
    return result.error, told


def test_a_setup_key_of_the_wrong_kind_is_told_where(tmp_path: Path) -> None:
    said, told = _run(tmp_path, "automa: {player: 1, hero_card: automa-hero-cinder}", "automa: 7")
    assert said == 'not a scenario: 6:11: "automa" must be a mapping of fields, not a whole number'
    assert [t[:3] for t in told] == [
        (6, 11, '"automa" must be a mapping of fields, not a whole number')
    ]


def test_a_misspelt_key_inside_a_kernel_s_setup_key(tmp_path: Path) -> None:
    _, told = _run(tmp_path, "automa: {player: 1,", "automa: {plaer: 1,")
    assert told == [
        (6, 12, 'the setup\'s "automa" has no field "plaer"', ('did you mean "player"?',))
    ]


def test_an_action_the_kernel_does_not_have(tmp_path: Path) -> None:
    _, told = _run(tmp_path, "do: round", "do: rund")
    (line, column, message, hints) = told[0]
    assert (line, column) == (19, 10)
    assert message == (
        '"rund" is not a value for "do"; expected round, setup, gain_energy, end_check, game, '
        "automa_setup, match, match_game, match_result, transfer"
    )
    assert hints == ('did you mean "round"?',)


def test_a_zone_the_game_does_not_have(tmp_path: Path) -> None:
    _, told = _run(tmp_path, "automa_deck:", "automa_dek:")
    assert told == [
        (16, 9, 'pocket-duel has no zone "automa_dek"', ('did you mean "automa_deck"?',))
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_action_a_kernel_declares_is_one_it_performs(game: str) -> None:
    module = importlib.import_module(f"cardscript.kernels.{package_name(game)}.kernel")
    kernel = module.BUNDLED.kernel
    assert kernel.scenario_actions
    for name in kernel.scenario_actions:
        engine = module.new_engine([FirstAgent(), FirstAgent()])
        try:
            engine.kernel.scenario_action(engine, name, {})
        except Exception as exc:  # (an empty action lacks what it needs: not our question)
            assert "has no scenario action" not in str(exc), name


def test_a_missing_cards_file_is_told_without_python_words(tmp_path: Path) -> None:
    # The card file beside the scenario is missing: this said "CardFileUnreadable: …".
    path = tmp_path / "s.scenario.yaml"
    shutil.copy(BASE, path)
    result = run_scenario(path)
    missing = tmp_path / "pd-scenario-cards.yaml"
    assert result.error == f"{missing}:1:1: cannot read file: No such file or directory"
    assert result.trace == []
