"""A card's one trigger for an event, asked by ``Engine.happened`` through its verdict on
the event's subject and player (``lone_verdict``, ``queue_lone``): the same triggers
queued as the full matching queues, and the full matching where the trigger asks more
(an object, a selector of cards)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardscript.interpreter.agents import FirstAgent, RandomAgent
from cardscript.interpreter.engine import Engine, Event
from cardscript.interpreter.select import Seat
from cardscript.kernels.pocket_duel.kernel import (
    PocketDuelKernel,
    heroes,
    new_engine,
    pocket_duel_pool,
)

POOL = pocket_duel_pool()


def _duel(first: str, second: str) -> Engine:
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    engine.kernel.setup(engine, [[first], [second]])
    for uid, card in engine.state.cards.items():  # every card on the table
        if card.zone != "table":
            engine.state.move(uid, "table", player=card.controller)
    return engine


def _pending(engine: Engine) -> list[tuple[str, int, int, Event]]:
    return [(t.ability.key, t.source, t.controller, t.event) for t in engine.take_pending()]


# (first hero, second hero): between them every verdict (0-3) of the pool's lone triggers
DUELS = [("quill-hero", "ivo-hero"), ("cinder-hero", "marrow-hero"), ("nell-hero", "marrow-hero")]


@pytest.mark.parametrize("duel", DUELS)
def test_a_verdict_queues_what_the_full_matching_queues(duel: tuple[str, str]) -> None:
    fast, full = _duel(*duel), _duel(*duel)
    lone = fast._know_game()[8]  # (made when first asked)
    names = sorted(name for name, held in lone.items() if held[2] is not None)
    uids = [None, *fast.state.cards, 99]
    subjects: list[Any] = [*uids, Seat(0), Seat(1)]
    heard = 0
    for name in names:
        for subject in subjects:
            for player in (None, 0, 1):
                for obj in (None, 1, 9):
                    fast.happened(name, subject, player, obj, 2, None, (("k", 1),))
                    full.emit(Event(name, subject, player, obj, 2, None, (("k", 1),)))
                    queued = _pending(fast)
                    assert queued == _pending(full)
                    heard += len(queued)
    assert names and heard  # (the fast path asked, and heard some)
    assert fast.state.history == full.state.history


def test_a_trigger_asking_more_than_subject_and_player_steps_aside() -> None:
    engine = _duel("cinder-hero", "quill-hero")  # cinder: 1-8, quill: 9-16
    lone = engine._know_game()[8]
    assert lone["cancels"][2] is None  # "whenever you cancel …": it has an object
    # the object decides: no card cancelled, not heard though "you" fits
    engine.happened("cancels", None, 0, None)
    assert _pending(engine) == []
    engine.happened("cancels", None, 0, 10)
    assert [t[:3] for t in _pending(engine)] == [("cinder-hero#0", 1, 0)]


def test_a_card_not_in_play_hears_nothing() -> None:
    engine = _duel("quill-hero", "ivo-hero")
    engine.state.move(1, "hand", player=0)  # quill's hero: "at the end of the round"
    engine.happened("end:round", None, 0)
    assert _pending(engine) == []
    assert engine.state.history[-1][0] == "end:round"


class _Reads(PocketDuelKernel):
    """A kernel reading every event: each is heard in full (``matching_triggers``)."""

    def after_event(self, engine: Engine, event: Any) -> None:
        pass


def _games(count: int, kernel: type[PocketDuelKernel]) -> list[tuple[Any, ...]]:
    out = []
    names = heroes(POOL)
    for seed in range(count):
        pick = random.Random(seed)
        agents = [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)]
        engine = Engine.new(POOL.game, POOL, kernel(), agents, seed)
        engine.kernel.setup(engine, [[pick.choice(names)], [pick.choice(names)]])
        engine.kernel.play(engine)
        out.append((tuple(engine.state.history), engine.state.state_hash()))
    return out


def test_whole_games_are_the_same_heard_in_full() -> None:
    assert _games(40, PocketDuelKernel) == _games(40, _Reads)
