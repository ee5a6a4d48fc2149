"""A scenario action's answers: one never asked for fails the action, none carries over to
the next, and ``no_other_questions`` shows what a game does not offer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscript.interpreter import select
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.scenario import run_scenario
from cardscript.interpreter.scenario_answers import Answers
from cardscript.kernels.berserk import abilities, redirection
from cardscript.kernels.vs_system.field import FieldKernel

SCENARIOS = Path(__file__).parent / "scenarios"


def _copy(
    tmp_path: Path, game: str, name: str, text: str | None = None, to: str | None = None
) -> Path:
    """A bundled scenario (or ``text`` in its place) written beside copies of its
    game's card files (as ``to``, if given)."""
    folder = SCENARIOS / game
    for cards in folder.glob("*.yaml"):
        if not cards.name.endswith(".scenario.yaml"):
            (tmp_path / cards.name).write_text(cards.read_text("utf-8"), "utf-8")
    path = tmp_path / (to or name)
    path.write_text(text if text is not None else (folder / name).read_text("utf-8"), "utf-8")
    return path


def _replaced(tmp_path: Path, game: str, name: str, old: str, new: str) -> Path:
    """A bundled scenario with ``old`` replaced, written as ``changed.scenario.yaml``."""
    text = (SCENARIOS / game / name).read_text("utf-8")
    assert old in text
    return _copy(tmp_path, game, name, text.replace(old, new, 1), "changed.scenario.yaml")


MC = "marvel-champions"
EX1A = "MC-EX1a-exhausted-response-not-offered.scenario.yaml"
EX1A_CLAIM = "  no_other_questions: [0]\n"  # (the Response is not offered)


def test_answers_never_asked_for_fail_their_action(tmp_path: Path) -> None:
    # the Response is not offered: the answers that would have used it are left
    answers = "  answers:\n  - [1]\n  - [0, 2]\n"
    result = run_scenario(_replaced(tmp_path, MC, EX1A, EX1A_CLAIM, answers))
    assert (result.error, result.failures) == (
        None,
        ["action 8 (attack): 2 answers were never asked for: player 0: [1], [0, 2]"],
    )
    assert "    is_attacked: subject Dock Raider#11, player P1" in result.report()  # the trace
    # told at the action's answers: the list under "answers:"
    text = (tmp_path / "changed.scenario.yaml").read_text("utf-8")
    line = text[: text.index(answers)].count("\n") + 2  # (the list, under "answers:")
    assert [(p.line, p.column) for p in result.places] == [(line, 3)]


S042 = "S042-interrupt-cancels-attack.scenario.yaml"
S042_CLAIM = "  - [0]\n  no_other_questions: [1]\n"  # (P1's last answer; P2 is not asked)


def test_each_player_s_answers_never_asked_for_are_told_in_seat_order(tmp_path: Path) -> None:
    # P1 cancels the attack, so P2 is not asked; P1's third answer finds no question
    answers = "  - {player: 1, choose: [1]}\n  - [0]\n  - [1]\n"
    assert run_scenario(_replaced(tmp_path, MC, S042, S042_CLAIM, answers)).failures == [
        "action 6 (enemy_attack): 2 answers were never asked for: player 0: [1]; player 1: [1]"
    ]


def test_a_single_answer_never_asked_for_is_one_answer(tmp_path: Path) -> None:
    assert run_scenario(
        _replaced(tmp_path, MC, EX1A, EX1A_CLAIM, "")
    ).passed  # no answers, nothing asked: the claim the key makes
    once = _replaced(
        tmp_path, "marvel-champions", EX1A, "  no_other_questions: [0]\n", "  answers: [[1]]\n"
    )
    assert run_scenario(once).failures == [
        "action 8 (attack): 1 answer was never asked for: player 0: [1]"
    ]


def test_answers_do_not_carry_over_to_the_next_action(tmp_path: Path) -> None:
    # S098 as it was: the answer of the Peril's action, never asked there, answered the
    # next action's question (Crushing Blow's Interrupt) and the scenario passed
    answer = "  answers:\n  - {player: 1, choose: [1]}\n"
    path = _replaced(
        tmp_path, MC, "S098-peril.scenario.yaml", "  no_other_questions: [1]\n", answer
    )
    text = path.read_text("utf-8")
    path.write_text(text.replace("  answers:\n  - player: 1\n    choose: [1]\n", ""), "utf-8")
    result = run_scenario(path)
    assert result.failures == ["action 5 (reveal): 1 answer was never asked for: player 1: [1]"]


def test_each_action_s_queues_start_empty() -> None:
    answers = Answers()
    answers.load({"answers": [[1], {"player": 1, "choose": [0]}]})
    assert answers.unasked() == "2 answers were never asked for: player 0: [1]; player 1: [0]"
    answers.load({"answers": [[2]]})
    assert [a.answers for a in answers.queues.values()] == [[(2,)], []]
    answers.load({})
    assert answers.unasked() is None


def _initial_without_precision(engine: Engine, chain: dict[str, Any]) -> bool:
    """``redirection.initial`` with Precision's rule hook forgotten."""
    return not (
        chain.get("redirection") or {redirection.REDIRECTED, redirection.DEFENDER} & set(chain)
    )


RD5 = "RD-5-precision-cannot-be-redirected.scenario.yaml"


def test_no_other_questions_fails_a_not_offered_claim_the_game_breaks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _copy(tmp_path, "berserk", RD5)
    assert run_scenario(path).passed
    # a kernel that forgets Precision offers P2 the redirection
    monkeypatch.setattr(redirection, "initial", _initial_without_precision)
    # without the key the claim passed all the same: P2's first option is to pass
    loose = _replaced(tmp_path, "berserk", RD5, "  no_other_questions: [1]\n", "")
    assert run_scenario(loose).passed
    assert run_scenario(path).failures == [
        'action 1 (strike): player 1 was asked "respond to the Target object of Precise '
        'Striker\'s attack?" (options ["pass", "Test Shieldbearer: 1:1"]), and no answer was '
        "left for it (no_other_questions)"
    ]


def test_no_other_questions_true_holds_every_player(tmp_path: Path) -> None:
    # CB-2's Sentry open: its combined ability is declared, and asks P1 for a target
    name = "CB-2-combined-ability-needs-its-cost.scenario.yaml"
    path = _replaced(tmp_path, "berserk", name, "        states: [closed]\n", "")
    assert run_scenario(path).failures == [
        'action 1 (activate): player 0 was asked "choose a target" (options '
        '["Test Reflector [battlefield]"]), and no answer was left for it (no_other_questions)'
    ]


def test_seats_the_game_lacks_are_told_at_their_place(tmp_path: Path) -> None:
    beyond = "  - {player: 2, choose: [1]}\n  no_other_questions: [1, 3]\n"
    refused = run_scenario(_replaced(tmp_path, MC, S042, S042_CLAIM, beyond)).refused
    assert refused is not None
    assert [(p.span.line, p.span.column, p.message) for p in refused.problems if p.span] == [
        (22, 14, '"player" is 2, but the players are 0 to 1'),
        (23, 27, "no_other_questions names player 3, but the players are 0 to 1"),
    ]


def test_a_before_reveal_line_without_may_is_declared_unasked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # §405.2: a kernel that lets P1 pass the Forest Scout's line asks "declare or pass";
    # its first option declares it, so the outcome alone passed all the same
    name = "BK-RV1e-forest-scout-moves-before-reveal.scenario.yaml"
    path = _copy(tmp_path, "berserk", name)
    loose = _replaced(tmp_path, "berserk", name, "  no_other_questions: true\n", "")
    monkeypatch.setattr(abilities, "_must", lambda engine, ability: False)
    assert run_scenario(loose).passed
    assert run_scenario(path).failures == [
        'action 1 (reveal_step): player 0 was asked "reveal step" (options ["Forest Scout: '
        '3:1", "pass"]), and no answer was left for it (no_other_questions)'
    ]


def _resource_character(engine: Engine, uid: int) -> bool:
    """A character card face down in the resource row (§9.1: a resource only)."""
    card = engine.state.cards[uid]
    return card.zone == "resource_row" and engine.definition(uid).type == "character"


def _declared_attacker(engine: Engine, uid: int) -> bool:
    """A character declared as an attacker, its attack not yet begun (VS-P2)."""
    return uid in (engine.state.data.get("declared") or {}).get("attackers", ())


# a kernel that reads a noun wrongly asks for a target the rules give none; the outcome
# fails too (the Plain exhausted, the attack cancelled), and the key says why
MISREAD = [
    pytest.param(
        "VS-R2-resource-is-no-character.scenario.yaml",
        "character",
        _resource_character,
        'action 1 (plot_twist): player 0 was asked "choose a target" (options ["Plain '
        '[resource_row]"]), and no answer was left for it (no_other_questions)',
        id="a resource as a character",
    ),
    pytest.param(
        "VS-P2-no-attacker-before-begin.scenario.yaml",
        "attacker",
        _declared_attacker,
        'action 1 (attack): player 1 was asked "choose a target" (options ["Striker '
        '[front_row]"]), and no answer was left for it (no_other_questions)',
        id="a declared attacker as attacking",
    ),
]


@pytest.mark.parametrize(("name", "noun", "also", "failure"), MISREAD)
def test_a_target_the_rules_give_none_is_not_asked_for(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    noun: str,
    also: Callable[[Engine, int], bool],
    failure: str,
) -> None:
    is_a = FieldKernel.is_a

    def misread(kernel: FieldKernel, engine: Engine, uid: int, asked: str) -> bool:
        return (asked == noun and also(engine, uid)) or is_a(kernel, engine, uid, asked)

    monkeypatch.setattr(FieldKernel, "is_a", misread)
    assert run_scenario(_copy(tmp_path, "vs-system", name)).failures == [failure]


def test_a_random_pick_asks_nobody(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an engine that lets the player choose "a card at random" asks P2 which to discard
    path = _copy(
        tmp_path, "pocket-duel", "PD-RD1a-opponent-discards-a-card-at-random.scenario.yaml"
    )

    def chosen(
        engine: Engine, player: int, prompt: str, picked: list[Any], count: int
    ) -> list[Any]:
        return select._picked(engine, player, prompt, picked, (count, count))

    monkeypatch.setattr(select, "at_random", chosen)
    assert run_scenario(path).failures == [
        'action 1 (round): player 1 was asked "discard" (options ["Plain Guard [hand]", '
        '"Plain Shove [hand]", "Plain Dodge [hand]"]), and no answer was left for it '
        "(no_other_questions)"
    ]
