"""The cost-cutting paths of a choice: ``Rng.below``'s remembered bounds and single draw,
``Engine.one_of`` (an agent answering by the count, no decision built), ``Engine.may``
and the Pocket Duel card choice on it. Each gives what the plain path gives, and steps
aside where it must (a log, an agent class with a ``decide`` of its own)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardscript.interpreter.agents import (
    Decision,
    FirstAgent,
    IllegalAnswer,
    Labels,
    RandomAgent,
)
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.state import Rng
from cardscript.kernels.pocket_duel.kernel import (
    PocketDuelKernel,
    heroes,
    new_engine,
    pocket_duel_pool,
)

POOL = pocket_duel_pool()
HEROES = heroes(POOL)
_MASK = (1 << 64) - 1
CARD_PROMPT = "choose a card to play face down"


def _plain_below(state: int, n: int) -> tuple[int, int, int]:
    """``Rng.below`` as first written: the rejection loop, its state kept on acceptance.
    The new state, the answer and how many draws were rejected."""
    limit = _MASK - (_MASK % n)
    rejected = 0
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        value = z ^ (z >> 31)
        if value < limit:
            return state, value % n, rejected
        rejected += 1


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 10, 4096, 4097, 2**32 + 1, 2**63 + 1, 3 << 62])
def test_below_draws_what_the_plain_rejection_loop_draws(n: int) -> None:
    """Remembered bounds (up to 4,096) and bounds worked out each time (above) give the
    plain loop's answers and states; for 2**63 + 1 and 3 * 2**62 a quarter to a half of
    the draws fall in the biased tail and are drawn again, as the plain loop does."""
    rejected = 0
    for seed in range(60):
        rng, state = Rng(seed * 7919), seed * 7919
        for _ in range(20):
            state, expected, tail = _plain_below(state, n)
            assert rng.below(n) == expected
            assert rng.state == state
            rejected += tail
    if n > 2**62:
        assert rejected > 100  # the tail's second draw ran (both ways of ``below``)


def test_below_refuses_a_bound_of_nothing() -> None:
    for n in (0, -1, -5):
        with pytest.raises(ValueError, match="positive bound"):
            Rng(3).below(n)
    assert Rng(3).below(1) == 0


def test_labels_each_are_built_only_when_read() -> None:
    asked: list[int] = []

    def describe(item: int) -> str:
        asked.append(item)
        return f"card {item}"

    labels = Labels.each(describe, (4, 5))
    assert asked == []
    assert list(labels) == ["card 4", "card 5"] and labels[1] == "card 5"
    assert asked == [4, 5]  # built once


class _Deciding(RandomAgent):
    """A random agent with a ``decide`` of its own: it sees every decision."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.prompts: list[str] = []

    def decide(self, decision: Decision) -> tuple[int, ...]:
        self.prompts.append(decision.prompt)
        return super().decide(decision)


def _engine(agents: list[Any], log: GameLog | None = None) -> Engine:
    engine = new_engine(agents, 5, pool=POOL, log=log)
    engine.kernel.setup(engine, [[HEROES[0]], [HEROES[1]]])
    return engine


def test_one_of_answers_as_decide_and_steps_aside_for_a_log_or_a_decide_of_its_own() -> None:
    for n in (1, 2, 3, 6):
        quick, full = RandomAgent(9), RandomAgent(9)
        engine = _engine([quick, RandomAgent(1)])
        (expected,) = full.decide(Decision(0, "action", "p", tuple(range(n)), (), 1, 1))
        assert engine.one_of(0, n) == expected
        assert quick.rng.state == full.rng.state
    logged = RandomAgent(9)
    before = logged.rng.state
    assert _engine([logged, RandomAgent(1)], GameLog()).one_of(0, 3) is None
    deciding = _Deciding(9)
    assert _engine([deciding, RandomAgent(1)]).one_of(0, 3) is None
    assert logged.rng.state == deciding.rng.state == before  # nothing drawn: not asked


def test_one_of_out_of_range_is_an_illegal_answer() -> None:
    class Wrong(RandomAgent):  # (both its own: its ``one_of`` is asked)
        def one_of(self, n: int) -> int:
            return n

        def decide(self, decision: Decision) -> tuple[int, ...]:
            return (len(decision.options),)

    with pytest.raises(IllegalAnswer, match=r"one_of\(3\) answered 3"):
        _engine([Wrong(1), RandomAgent(2)]).one_of(0, 3)


@pytest.mark.parametrize("least, most", [(0, 1), (0, 2), (1, 2), (2, 3), (0, 9), (3, 3)])
def test_some_of_answers_as_decide_with_the_same_draws(least: int, most: int) -> None:
    for seed in range(25):
        for n in (1, 2, 3, 5):
            quick, full = RandomAgent(seed), RandomAgent(seed)
            decision = Decision(0, "targets", "p", tuple(range(n)), (), least, most)
            assert quick.some_of(n, least, most) == full.decide(decision)
            assert quick.rng.state == full.rng.state
    assert FirstAgent().some_of(4, 0, 2) == (0,) and FirstAgent().some_of(4, 2, 3) == (0, 1)


def test_engine_some_of_steps_aside_for_a_log_or_a_decide_of_its_own() -> None:
    quick, full = RandomAgent(9), RandomAgent(9)
    expected = full.decide(Decision(0, "targets", "p", (0, 1, 2, 3), (), 0, 2))
    assert _engine([quick, RandomAgent(1)]).some_of(0, 4, 0, 2) == expected
    logged, deciding = RandomAgent(9), _Deciding(9)
    before = logged.rng.state
    assert _engine([logged, RandomAgent(1)], GameLog()).some_of(0, 4, 0, 2) is None
    assert _engine([deciding, RandomAgent(1)]).some_of(0, 4, 0, 2) is None
    assert logged.rng.state == deciding.rng.state == before  # nothing drawn: not asked


class _Asked(RandomAgent):
    """A random agent with both ways of its own: says which one the engine asked."""

    def __init__(self, seed: int, answer: tuple[int, ...] | None = None) -> None:
        super().__init__(seed)
        self.asked: list[str] = []
        self.answer = answer

    def some_of(self, n: int, least: int, most: int) -> tuple[int, ...]:
        self.asked.append("some_of")
        return super().some_of(n, least, most) if self.answer is None else self.answer

    def decide(self, decision: Decision) -> tuple[int, ...]:
        self.asked.append("decide")
        return super().decide(decision)


def test_choose_asks_up_to_n_targets_by_the_count() -> None:
    agent = _Asked(3)
    engine = _engine([agent, RandomAgent(1)])
    agent.asked.clear()  # (the setup's choices)
    assert engine.choose(0, "targets", "up to 1", ["a", "b"], None, 0, 1) in ((), (0,), (1,))
    assert engine.choose(0, "targets", "two", ["a", "b", "c"], None, 2, 2) in (
        (0, 1),
        (0, 2),
        (1, 2),
    )
    assert engine.choose(0, "order", "order", ["a", "b"], None, 2, 2) in ((0, 1), (1, 0))
    assert agent.asked == ["some_of", "some_of", "decide"]


@pytest.mark.parametrize(
    "answer, shown",
    [((2,), "[2]"), ((1, 1), "[1, 1]"), ((0, 1, 2), "[0, 1, 2]"), ((), "[]"), ((-1,), "[-1]")],
)
def test_an_illegal_some_of_answer_is_named(answer: tuple[int, ...], shown: str) -> None:
    engine = _engine([_Asked(3, answer), RandomAgent(1)])
    with pytest.raises(IllegalAnswer) as raised:
        engine.some_of(0, 2, 1, 2)
    assert str(raised.value) == f"random: some_of(2, 1, 2) answered {shown}"


def test_may_answers_the_same_by_the_count_as_by_the_decision() -> None:
    quick, logged, deciding = RandomAgent(4), RandomAgent(4), _Deciding(4)
    log = GameLog()
    engines = [
        _engine([quick, RandomAgent(1)]),
        _engine([logged, RandomAgent(1)], log),
        _engine([deciding, RandomAgent(1)]),
    ]
    answers = [[engine.may(0, "draw?") for _ in range(30)] for engine in engines]
    assert answers[0] == answers[1] == answers[2]
    assert set(answers[0]) == {True, False}
    assert quick.rng.state == logged.rng.state == deciding.rng.state
    said = [r for r in log.records if r["t"] == "decision" and r["prompt"] == "draw?"]
    assert [r["answer"] == [0] for r in said] == answers[1]
    assert deciding.prompts == ["draw?"] * 30


def _game(seed: int, agents: list[Any], log: GameLog | None = None) -> Engine:
    pick = random.Random(seed)
    engine = new_engine(agents, seed, pool=POOL, log=log)
    engine.kernel.setup(engine, [[pick.choice(HEROES)], [pick.choice(HEROES)]])
    engine.kernel.play(engine)
    return engine


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 17])
def test_a_whole_game_is_the_same_with_its_choices_by_the_count_or_by_decisions(
    seed: int,
) -> None:
    """Plain random agents (every one-of-n choice by the count), the same with a log and
    a ``decide`` of their own (every choice a decision): the same game, event for event,
    and the same draws; with a log or a ``decide`` every card choice is a decision."""
    quick = [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)]
    deciding = [_Deciding(2 * seed), _Deciding(2 * seed + 1)]
    log = GameLog()
    games = [
        _game(seed, quick),
        _game(seed, [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], log),
        _game(seed, deciding),
    ]
    hashes = {engine.state.state_hash() for engine in games}
    assert len(hashes) == 1
    assert len({repr(engine.state.result) for engine in games}) == 1
    assert [a.rng.state for a in quick] == [a.rng.state for a in deciding]
    played = sum(r["name"] == "played" for r in log.records if r["t"] == "event")
    asked = [r for r in log.records if r["t"] == "decision" and r["prompt"] == CARD_PROMPT]
    assert played > 0 and len(asked) == played
    assert sum(a.prompts.count(CARD_PROMPT) for a in deciding) == played
    assert all(r["labels"][0].endswith("[hand]") for r in asked)  # described when asked


class _Forgetful(PocketDuelKernel):
    """Forgets its round plan after every round: ``play_game`` asks ``_anyone_can_play``
    (its check while no text speaks is written out only for a plan still current)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def round(self, engine: Engine, chosen: Any = None) -> None:
        super().round(engine, chosen)
        self._plan = None

    def _anyone_can_play(self, engine: Engine) -> bool:
        self.asked += 1
        return super()._anyone_can_play(engine)


def _kernel_game(seed: int, kernel: PocketDuelKernel) -> Engine:
    pick = random.Random(seed)
    agents = [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)]
    engine = Engine.new(POOL.game, POOL, kernel, agents, seed)
    kernel.setup(engine, [[pick.choice(HEROES)], [pick.choice(HEROES)]])
    kernel.play(engine)
    return engine


@pytest.mark.parametrize("seed", [0, 4, 9])
def test_the_round_loop_is_the_same_with_its_check_written_out_or_asked(seed: int) -> None:
    quick, asked = _kernel_game(seed, PocketDuelKernel()), _kernel_game(seed, _Forgetful())
    assert quick.state.state_hash() == asked.state.state_hash()
    assert quick.state.result == asked.state.result
    assert isinstance(asked.kernel, _Forgetful) and asked.kernel.asked >= quick.state.turn


def _no_cards(forbid: bool) -> Engine:
    """A game set up with its hands emptied, or with a lasting effect forbidding its
    hands' cards to be played."""
    engine = _engine([RandomAgent(1), RandomAgent(2)])
    hands = [seat.zones["hand"] for seat in engine.state.players]
    if forbid:
        effect = {"kind": "permission", "name": "be_played", "allowed": False}
        effect.update({"uids": [u for hand in hands for u in hand], "until": "game"})
        engine.state.lasting.append(effect)
    else:
        for hand in hands:
            hand.clear()
    engine.kernel.round_plan(engine)  # (a current plan: the written-out check may run)
    return engine


@pytest.mark.parametrize("forbid", [False, True])
def test_no_cards_left_when_the_hands_are_empty_or_no_card_may_be_played(forbid: bool) -> None:
    engine = _no_cards(forbid)
    assert engine.kernel.play(engine)["reason"] == "no cards left"
    assert engine.state.turn == 0
