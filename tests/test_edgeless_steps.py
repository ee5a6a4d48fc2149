"""Pocket Duel's round steps neither start nor end as periods (spec pocket-duel.md §6):
the registry marks them ``edgeless``, and an effect lasting until the end of one, a trigger
or a delayed step at its start or end, a limit or a budget per one are refused (CS-T035)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.games import load_game
from cardscript.grammar.diagnostics import Severity
from tests.test_before_play import _checked as checked
from tests.test_before_play import validated

STEPS = ("play step", "cancel step", "damage step", "effect step", "end step")


def _checked(text: str) -> list[tuple[object, ...]]:
    return checked(text, "pocket-duel")


def _never_ends(step: str) -> str:
    return (
        f"nothing lasts until the end of the {step}: in Pocket Duel a step neither starts "
        "nor ends as a period, so this would never end"
    )


def test_until_the_end_of_the_effect_step_is_refused() -> None:
    text = "Effect: The opponent's cards get -1 attack until the end of the effect step."
    assert _checked(text) == [
        (
            "CS-T035",
            Severity.ERROR,
            _never_ends("effect step"),
            1,
            44,
            (
                "perhaps try \"Effect: The opponent's cards get -1 attack until the end of "
                'the round."',
            ),
        )
    ]


@pytest.mark.parametrize("step", STEPS)
def test_every_round_step_in_either_form(step: str) -> None:
    assert _checked(f"On hit: This gets +1 attack this {step}.") == [
        (
            "CS-T035",
            Severity.ERROR,
            _never_ends(step),
            1,
            29,
            ('perhaps try "On hit: This gets +1 attack this round."',),
        )
    ]
    assert _checked(f"Effect: This gets +1 attack until end of the {step}.")[0][:5] == (
        "CS-T035",
        Severity.ERROR,
        _never_ends(step),
        1,
        29,
    )


@pytest.mark.parametrize(
    ("text", "message", "column", "hint"),
    [
        (
            "Talent: At the start of the effect step, gain 1 energy.",
            "nothing happens at the start of the effect step",
            12,
            "Talent: At the start of the round, gain 1 energy.",
        ),
        (
            "Effect: Gain 1 energy at the end of the damage step.",
            "nothing happens at the end of the damage step",
            9,
            "Effect: Gain 1 energy at the end of the round.",
        ),
    ],
)
def test_a_step_never_starts_nor_ends(text: str, message: str, column: int, hint: str) -> None:
    said = f"{message}: in Pocket Duel a step neither starts nor ends as a period"
    assert _checked(text) == [
        (
            "CS-T035",
            Severity.ERROR,
            f"{said}, so this never runs",
            1,
            column,
            (f'perhaps try "{hint}"',),
        )
    ]


@pytest.mark.parametrize(
    ("text", "column", "hint"),
    [
        (
            "Talent: Whenever you block, gain 1 energy (once per damage step).",
            44,
            "Talent: Whenever you block, gain 1 energy (once per round).",
        ),
        (
            "Prevent the first 2 damage dealt to you each damage step.",
            1,
            "Prevent the first 2 damage dealt to you each round.",
        ),
    ],
)
def test_nothing_counts_per_step(text: str, column: int, hint: str) -> None:
    said = (
        "nothing counts per damage step: in Pocket Duel a step neither starts nor ends as a "
        "period, so this never starts again"
    )
    assert _checked(text) == [
        ("CS-T035", Severity.ERROR, said, 1, column, (f'perhaps try "{hint}"',))
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Talent: Whenever you block, gain 1 energy (damage step only).",  # the current step
        "Effect: This gets +1 attack until the end of the round.",
        "Effect: This gets +1 attack this round.",
        "Effect: This gets +1 attack until the end of the game.",
        "During the damage step, this gets +1 attack.",  # the current step is known
    ],
)
def test_the_round_the_game_and_the_current_step_are_fine(text: str) -> None:
    assert _checked(text) == []


def test_the_registry_marks_the_five_steps_only() -> None:
    registry = load_game("pocket-duel").registry
    assert tuple(t.text for t in registry.terms("PHASE") if t.edgeless) == STEPS
    for game in ("berserk", "vs-system", "vanguard", "marvel-champions"):
        assert not any(t.edgeless for t in load_game(game).registry.terms("PHASE"))


def test_validate_refuses_it_with_its_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    card = tmp_path / "card.yaml"
    result = validated(
        tmp_path,
        monkeypatch,
        "game: pocket-duel\nset: TST\ncards:\n- id: TST-1\n  name: Test Spark\n"
        "  type: strength\n  hero: cinder-hero\n  attack: 2\n  text: |\n"
        "    Effect: This gets +1 attack this damage step.\n",
    )
    assert result.exit_code == 1
    assert (
        f"error[CS-T035]: {_never_ends('damage step')}\n"
        f"  --> {card}:10:33\n"
        "   |\n"
        "10 |     Effect: This gets +1 attack this damage step.\n"
        "   |                                 ^^^^^^^^^^^^^^^^\n"
        '   = hint: perhaps try "Effect: This gets +1 attack this round."\n'
    ) in result.stdout
