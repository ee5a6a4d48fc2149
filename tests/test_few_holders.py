"""Keys a few cards of the game have (``play_index._lone_keys``' second answer): while
one of those cards alone is in a play zone, ``in_play`` answers with its entries and no
index is made; with more of them in play, the index puts their entries in zone order."""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel
from tests.test_play_index import _duel, _in_play

CANCELLED = ("event", "cancelled")  # sable's hero and cinder-strength (6) have it


def test_one_of_a_few_cards_in_play_is_answered_without_an_index() -> None:
    engine = _duel("cinder-hero", "sable-hero")  # cinder: 1-8, sable: 9-16
    assert [uid for uid, _ in engine._know_game()[9][CANCELLED]] == [6, 9]
    clock = engine._play_clock
    assert _in_play(engine, CANCELLED) == [(9, "sable-hero#0")]  # (checked by a scan)
    assert engine._play_clock == clock  # (no index made)
    engine.state.move(9, "discard_pile", player=1)
    assert _in_play(engine, CANCELLED) == []
    assert engine._play_clock == clock


def test_more_of_them_in_play_are_in_zone_order() -> None:
    """Both in play: both entries, in zone order (the general index), whichever came
    first; a fast path that kept to one card would miss the other."""
    for first in (6, 9):
        engine = _duel("cinder-hero", "sable-hero")
        engine.state.move(9, "discard_pile", player=1)
        engine.state.move(first, "table", player=first // 9)
        engine.state.move(15 - first, "table", player=(15 - first) // 9)
        assert _in_play(engine, CANCELLED) == [(6, "cinder-strength#1"), (9, "sable-hero#0")]
        assert engine._play_clock == engine.state.clock  # (the index)


def test_a_mirror_match_has_no_lone_key_but_a_few() -> None:
    """The same hero on both sides: every key has two cards; one of them alone in play
    is answered, both in play from the index (seat order)."""
    engine = _duel("sable-hero", "sable-hero")
    assert engine._know_game()[6] == {} and CANCELLED in engine._know_game()[9]
    heroes = [uid for uid, _ in engine._know_game()[9][CANCELLED]]
    both = [(uid, "sable-hero#0") for uid in heroes]
    assert _in_play(engine, CANCELLED) == both
    engine.state.move(heroes[0], "discard_pile", player=0)
    assert _in_play(engine, CANCELLED) == both[1:]


def test_a_kernel_that_switches_text_off_has_no_few_keys() -> None:
    class _Dark(PocketDuelKernel):
        def text_active(self, engine: Any, uid: int) -> bool:
            return uid != 9  # sable's hero has no text

    base = _duel("cinder-hero", "sable-hero")
    dark = Engine.new(base.game, base.pool, _Dark(), [FirstAgent(), FirstAgent()], 1)
    dark.kernel.setup(dark, [["cinder-hero"], ["sable-hero"]])
    assert dark._know_game()[9] == {}
    assert _in_play(dark, CANCELLED) == []  # a few-keys answer would say sable's hero
