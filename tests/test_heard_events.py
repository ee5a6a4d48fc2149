"""Events heard by the triggers of the cards in play: ``Engine._heard`` hands
``matching_triggers`` the abilities the play index found for the event's name, which then
asks only the rest (the moment's owner, the subject, the object); the full matching
(``ability_matches``) and a kernel's own trigger sources still answer where they must."""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine, Event
from cardscript.interpreter.triggers import ability_matches, matching_triggers
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine, pocket_duel_pool

POOL = pocket_duel_pool()


def _duel(first: str, second: str, engine: Engine | None = None) -> Engine:
    engine = engine or new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    engine.kernel.setup(engine, [[first], [second]])
    return engine


def _pending(engine: Engine) -> list[tuple[str, int, int, str]]:
    found = engine.take_pending()
    return [(t.ability.key, t.source, t.controller, t.event.name) for t in found]


def test_heard_events_queue_exactly_the_matching_triggers() -> None:
    engine = _duel("quill-hero", "sable-hero")  # quill: 1-8, sable: 9-16
    engine.state.move(4, "table", player=0)  # a card each played
    engine.state.move(12, "table", player=1)
    engine.happened("end:round", player=0)  # a moment: any player's round
    assert _pending(engine) == [("quill-hero#0", 1, 0, "end:round")]
    engine.happened("cancelled", subject=12, player=1)  # a card sable controls
    assert _pending(engine) == [("sable-hero#0", 9, 1, "cancelled")]
    engine.happened("cancelled", subject=4, player=0)  # quill's card: not sable's
    assert _pending(engine) == []
    engine.happened("cancels", player=0)  # no card in play waits for it
    assert _pending(engine) == []
    # the events are recorded all the same, in order
    assert [h[0] for h in engine.state.history] == [
        "end:round",
        "cancelled",
        "cancelled",
        "cancels",
    ]


def test_the_full_matching_still_asks_the_name() -> None:
    engine = _duel("quill-hero", "sable-hero")
    engine.state.move(12, "table", player=1)
    sable = engine.definition(9).abilities[0]
    cancelled = Event("cancelled", subject=12, player=1)
    found = matching_triggers(engine, cancelled)  # (no index answer handed in)
    assert [(t.ability.key, t.source) for t in found] == [("sable-hero#0", 9)]
    assert ability_matches(engine, cancelled, 9, sable, 1)
    assert not ability_matches(engine, Event("cancels", subject=12, player=1), 9, sable, 1)
    quill = engine.definition(1).abilities[0]
    assert ability_matches(engine, Event("end:round", player=1), 1, quill, 0)
    assert not ability_matches(engine, Event("start:round", player=1), 1, quill, 0)


class _FromHand(PocketDuelKernel):
    """Sable's hero card hears events from its owner's hand (a kernel's trigger sources)."""

    def trigger_sources(self, engine: Engine, event: Any) -> list[int]:
        return [9] if engine.state.cards[9].zone == "hand" else []


def test_a_kernels_trigger_sources_are_heard_besides_the_index() -> None:
    engine = Engine.new(POOL.game, POOL, _FromHand(), [FirstAgent(), FirstAgent()], 1)
    _duel("quill-hero", "sable-hero", engine)
    engine.state.move(9, "hand", player=1)
    engine.state.move(12, "table", player=1)
    engine.happened("cancelled", subject=12, player=1)
    assert _pending(engine) == [("sable-hero#0", 9, 1, "cancelled")]
    engine.happened("end:round", player=0)  # in play: quill; from the hand: nothing
    assert _pending(engine) == [("quill-hero#0", 1, 0, "end:round")]


def _selects_answer(engine: Engine, event: Event, uid: int, ability: Any) -> bool:
    """``ability_matches``' answer the long way: the subject and object through ``selects``
    in a context (what ``_heard_by`` answers for "this" and "you" without one)."""
    from cardscript.interpreter.select import Seat, selects

    wanted = ability.node.event
    controller = engine.state.cards[uid].controller
    if wanted.event != event.name:
        return False
    ctx = engine.context(uid, ability, controller, event)
    about = event.subject if event.subject is not None else None
    if about is None and event.player is not None:
        about = Seat(event.player)
    if about is None or not selects(ctx, wanted.subject, about):
        return False
    if wanted.obj is not None:
        other = event.obj if event.obj is not None else None
        if other is None and event.player is not None:
            other = Seat(event.player)
        return other is not None and selects(ctx, wanted.obj.selector, other)
    return True


def test_this_and_you_are_answered_as_selects_answers() -> None:
    from cardscript.interpreter.select import Seat

    engine = _duel("cinder-hero", "ivo-hero")  # cinder: 1-8, ivo: 9-16
    engine.state.move(6, "table", player=0)  # cinder-strength: "when this is cancelled"
    engine.state.move(12, "table", player=1)
    cases = [
        (1, "cancels"),  # "whenever you cancel a card" (an object: still selects)
        (9, "blocks"),  # "whenever you block"
        (6, "cancelled"),  # "when this is cancelled"
    ]
    subjects: list[Any] = [None, 6, 12, Seat(0), Seat(1)]
    heard = 0
    for uid, name in cases:
        (ability,) = engine.definition(uid).play_index[("event", name)]
        for subject in subjects:
            for player in (None, 0, 1):
                for obj in (None, 6, 12):
                    event = Event(name, subject=subject, player=player, obj=obj)
                    expected = _selects_answer(engine, event, uid, ability)
                    controller = engine.state.cards[uid].controller
                    assert ability_matches(engine, event, uid, ability, controller) == expected
                    heard += expected
    assert heard == 29  # (8 + 12 + 9: each case hears some of the events)


class _After(PocketDuelKernel):
    """A kernel that reads every event: the events are heard in full."""

    def after_event(self, engine: Engine, event: Any) -> None:
        engine.state.data.setdefault("after", []).append(event.name)


def test_happened_queues_what_emit_queues_and_steps_aside_for_a_reader() -> None:
    for kernel in (PocketDuelKernel(), _After()):
        engines = []
        for _ in range(2):
            engine = Engine.new(POOL.game, POOL, kernel, [FirstAgent(), FirstAgent()], 1)
            _duel("sable-hero", "ivo-hero", engine)  # sable: 1-8, ivo: 9-16
            engine.state.move(4, "table", player=0)
            engines.append(engine)
        events = [
            Event("cancelled", subject=4, player=0),
            Event("cancelled", subject=12, player=1),  # not in play: not sable's
            Event("blocks", player=1, obj=4, amount=1),
            Event("blocks", player=0, amount=1),
            Event("plays", player=0),  # no card waits for it
        ]
        # "blocks": only ivo's hero waits for it (answered by where it is); "cancelled":
        # sable's hero and ivo-weapon (the play index answers)
        # (asked, not read: a game set up from a kept starting state knows it when asked)
        lone = engines[0]._know_game()[8]
        assert "blocks" in lone and "cancelled" not in lone
        for event in events:
            engines[0].happened(*event)
            engines[1].emit(event)
        queued = [_pending(engine) for engine in engines]
        assert (
            queued[0]
            == queued[1]
            == [
                ("sable-hero#0", 1, 0, "cancelled"),
                ("ivo-hero#0", 9, 1, "blocks"),
            ]
        )
        assert engines[0].state.history == engines[1].state.history
        after = [engine.state.data.get("after") for engine in engines]
        assert (
            after[0]
            == after[1]
            == (None if type(kernel) is PocketDuelKernel else [e.name for e in events])
        )
