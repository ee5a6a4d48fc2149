"""A Pocket Duel game set up from the state kept for its decks (``StartingState``) is the
game the full setup deals, shares no mutable object with any other game, and the kept
state steps aside where a setup could differ: a log, anything set before the setup, a
kernel class of its own, a setup that changed more than cards, zones and resources."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from cardscript.interpreter.agents import RandomAgent
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.starting_state import StartingState
from cardscript.interpreter.state import GameState, new_state
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine, pocket_duel_pool

POOL = pocket_duel_pool()
HEROES = [["cinder-hero"], ["marrow-hero"]]
PAIRS = (HEROES, [["ivo-hero"], ["ivo-hero"]], [["sable-hero"], ["cinder-hero"]])


def _kept(kernel: type = PocketDuelKernel) -> dict[Any, Any]:
    return POOL.memo.setdefault(("pocket duel dealt", kernel), {})


@contextmanager
def _deals() -> Iterator[list[GameState]]:
    """The states ``StartingState.deal`` dealt into while inside."""
    dealt: list[GameState] = []
    original = StartingState.deal

    def spy(self: StartingState, state: GameState) -> None:
        dealt.append(state)
        original(self, state)

    StartingState.deal = spy  # type: ignore[method-assign]
    try:
        yield dealt
    finally:
        StartingState.deal = original  # type: ignore[method-assign]


def _set_up(
    seed: int,
    heroes: list[list[str]] = HEROES,
    *,
    before: Callable[[Engine], None] | None = None,
    log: GameLog | None = None,
    kernel: type | None = None,
) -> Engine:
    engine = new_engine(
        [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=POOL, log=log
    )
    if kernel is not None:
        engine.kernel = kernel()
    if before is not None:
        before(engine)
    engine.kernel.setup(engine, heroes)
    return engine


def _in_full(seed: int, heroes: list[list[str]] = HEROES, **kw: Any) -> Engine:
    """The game the full setup deals (no state kept for the decks before it)."""
    _kept(kw.get("kernel") or PocketDuelKernel).clear()
    with _deals() as dealt:
        engine = _set_up(seed, heroes, **kw)
    assert dealt == []
    return engine


def _everything(engine: Engine) -> Any:
    """The state as ``state_hash`` sees it, and what it does not: the order of every
    zone and resource dict and of the cards, the kernel's ``dealt``, the definitions and
    what the engine knows of the game's cards."""
    state = engine.state
    seats = [(list(p.zones.items()), list(p.resources.items())) for p in state.players]
    dealt = engine.kernel.dealt  # type: ignore[attr-defined]
    dealt = dealt and dealt[1:]
    definitions = {u: engine.definition(u) for u in state.cards}
    known = (engine.game_keys(), engine._know_game()[1:])  # what the engine reads of the cards
    return (state.snapshot(), state.loop_key(), seats, list(state.cards), dealt, definitions, known)


def _played(engine: Engine) -> Any:
    engine.kernel.play(engine)
    return engine.state.result, engine.state.turn, engine.state.state_hash()


def test_a_game_from_the_kept_state_is_the_game_the_full_setup_deals() -> None:
    for heroes in PAIRS:
        for seed in (3, 11):
            full = _in_full(seed, heroes)
            assert (2, *map(tuple, heroes)) in _kept()  # kept by the full setup
            with _deals() as dealt:
                quick = _set_up(seed, heroes)
            assert dealt == [quick.state]
            assert _everything(quick) == _everything(full)
            assert quick.state.state_hash() == full.state.state_hash()
            assert quick._definitions == {u: POOL[c.card_id] for u, c in quick.state.cards.items()}
            assert _played(quick) == _played(full)


def _mutables(state: GameState) -> set[int]:
    """The ids of every mutable object of a state: itself, its cards, their sets and
    dicts, its players, their zones, zone lists and resources, and its containers."""
    found = {id(state), id(state.rng)}
    found |= {id(getattr(state, n)) for n in ("cards", "players", "shared", "counters", "data")}
    found |= {id(getattr(state, n)) for n in ("lasting", "history", "used")}
    for card in state.cards.values():
        found |= {id(card), id(card.states), id(card.counters), id(card.data)}
    for seat in state.players:
        found |= {id(seat), id(seat.zones), id(seat.resources), id(seat.data)}
        found |= {id(uids) for uids in seat.zones.values()}
    return found


def test_games_from_one_kept_state_share_no_mutable_object() -> None:
    _in_full(1)
    kept = _kept()[(2, ("cinder-hero",), ("marrow-hero",))]
    one, two = _set_up(1), _set_up(2)
    assert _mutables(one.state).isdisjoint(_mutables(two.state))
    held = {id(resources) for *_, resources in kept[0].seats} | {id(kept[1][0])}
    assert held.isdisjoint(_mutables(one.state) | _mutables(two.state))
    before = _everything(two)
    # change all of the first game: its cards, zones, resources, then play it out
    state = one.state
    for card in state.cards.values():
        card.states.add("stunned")
        card.counters["damage"] = 1
        card.data["row"] = 2
    for seat in state.players:
        seat.resources["health"] = 1
        for uids in seat.zones.values():
            uids.reverse()
    one._definitions.clear()
    _played(one)
    assert _everything(two) == before
    assert _everything(_set_up(5)) == _everything(_in_full(5))


def _card_before(engine: Engine) -> None:
    engine.state.create_card("cinder-weapon", 1, "hand")


def _lasting_before(engine: Engine) -> None:
    engine.state.lasting.append({"kind": "note", "uids": []})


@pytest.mark.parametrize("before", [_card_before, _lasting_before])
def test_something_set_before_the_setup_takes_the_full_setup(
    before: Callable[[Engine], None],
) -> None:
    """A card made before the setup keeps uid 1 and the decks are dealt after it (the
    kept state would deal its own cards over it); a lasting effect: the full setup."""
    full = _in_full(7, before=before)
    _set_up(7)
    assert _kept()
    with _deals() as dealt:
        again = _set_up(7, before=before)
    assert dealt == []
    assert _everything(again) == _everything(full)
    if before is _card_before:
        cards = again.state.cards
        assert (cards[1].card_id, len(cards), again.state.next_uid) == ("cinder-weapon", 17, 18)


def test_a_game_with_a_log_takes_the_full_setup() -> None:
    full = _in_full(4, log=GameLog())
    _set_up(4)
    with _deals() as dealt:
        logged = _set_up(4, log=GameLog())
    assert dealt == []
    assert _everything(logged) == _everything(full)


class _AllInHand(PocketDuelKernel):
    """Deals every card of a deck into hand (a setup of its own)."""

    def _setup_plan(self, engine: Engine, deck: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        plan = super()._setup_plan(engine, deck)
        return tuple((card_id, "hand") for card_id, _ in plan)


def test_a_kernel_class_keeps_its_own_starting_states() -> None:
    """Neither the base kernel's kept state nor its setup plans are dealt by a subclass
    with a setup of its own, nor the subclass's by the base kernel."""
    _in_full(2)
    _set_up(2)
    own = _set_up(2, kernel=_AllInHand)
    assert [list(p.zones) for p in own.state.players] == [["hand"], ["hand"]]
    assert (2, ("cinder-hero",), ("marrow-hero",)) in _kept(_AllInHand)
    assert _everything(_set_up(2, kernel=_AllInHand)) == _everything(own)
    base = _set_up(2)
    assert [list(p.zones) for p in base.state.players] == [["table", "hand", "reserve"]] * 2
    assert _everything(base) == _everything(_in_full(2))


def _dealt_state() -> GameState:
    state = new_state("pocket-duel", ["P1", "P2"], 9)
    state.phase = "round"
    state.create_cards(0, [("cinder-hero", "table"), ("cinder-weapon", "hand")])
    state.create_cards(1, [("marrow-hero", "table")])
    for seat in state.players:
        seat.resources.update(health=10, energy=0)
    return state


def _unused_rng(state: GameState) -> None:
    state.rng.below(6)


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.data.update(variants=["challenge"]),
        lambda s: s.lasting.append({"kind": "note"}),
        lambda s: s.history.append(("start:round", None, 0, 0)),
        lambda s: s.counters.update(x=1),
        lambda s: s.players[0].data.update(x=1),
        lambda s: s.cards[1].states.add("stunned"),
        lambda s: s.cards[2].counters.update(damage=1),
        lambda s: s.cards[2].data.update(row=1),
        lambda s: setattr(s.cards[2], "attached_to", 1),
        lambda s: setattr(s, "turn", 1),
        lambda s: setattr(s, "result", {"winner": 0}),
        _unused_rng,
    ],
)
def test_a_setup_that_changed_more_than_cards_zones_and_resources_is_not_kept(
    change: Callable[[GameState], Any],
) -> None:
    state = _dealt_state()
    assert StartingState.capture(state, 9) is not None
    change(state)
    assert StartingState.capture(state, 9) is None


def test_a_kept_state_deals_what_it_was_taken_from() -> None:
    state = _dealt_state()
    state.cards[2].face_up = False
    state.move(2, "discard_pile", player=1)
    kept = StartingState.capture(state, 9)
    assert kept is not None
    other = new_state("pocket-duel", ["P1", "P2"], 9)
    kept.deal(other)
    assert other == state
    assert [list(p.zones.items()) for p in other.players] == [
        list(p.zones.items()) for p in state.players
    ]
    assert _mutables(other).isdisjoint(_mutables(state))
