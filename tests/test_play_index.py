"""The index of card text in play (``PlayIndex.in_play``), built per key when first asked
and shared between games, says exactly what a fresh scan of the cards in play says, at
every question of a few seeded random games of each kernel."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardscript.interpreter.agents import RandomAgent
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.play_index import PlayIndex, _text_varies
from tests.test_whole_games import GAMES, _bundled, _decks


def _checked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Compare the index, and the answer (also one made without it: a key only one card of
    the game has), with a fresh scan after every ``in_play``; count the checks."""
    asked = PlayIndex.in_play
    checks = [0]

    def in_play(self: Any, key: Any) -> Any:
        found = asked(self, key)
        if not _text_varies(self.kernel):
            if self._kw is None:  # (no keyword gained in play: the scan sees all)
                assert list(found) == self._scan_play(key), key
                checks[0] += 1
            if self._play_clock == self.state.clock:
                assert list(self._play[key]) == self._scan_play(key), key
                checks[0] += 1
        return found

    monkeypatch.setattr(PlayIndex, "in_play", in_play)
    return checks


@pytest.mark.parametrize("game", sorted(GAMES))
def test_index_equals_a_scan(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    checks = _checked(monkeypatch)
    bundled = _bundled(game)
    for seed in (1, 2):
        engine = bundled.new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed)
        engine.kernel.setup(engine, _decks(game, bundled))
        engine.kernel.play(engine)
    # a kernel that switches text off by itself scans the cards every time (Berserk)
    assert checks[0] > 50 or (checks[0] == 0 and _text_varies(engine.kernel))


def test_index_equals_a_scan_pocket_duel(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardscript.kernels.pocket_duel.kernel import heroes, new_engine, pocket_duel_pool

    checks = _checked(monkeypatch)
    pool = pocket_duel_pool()
    names = heroes(pool)
    for seed in range(10):  # (the round reads a printed attack without ``in_play``)
        pick = random.Random(seed)
        engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=pool)
        engine.kernel.setup(engine, [[pick.choice(names)], [pick.choice(names)]])
        engine.kernel.play(engine)
    assert checks[0] > 50


@pytest.mark.parametrize("game", ["vs-system", "marvel-champions"])
def test_patched_index_after_random_moves(game: str) -> None:
    """Cards moved at random into, out of and between the play zones (any place in a
    zone, any player): the patched index says what a fresh scan says, for every key."""
    bundled = _bundled(game)
    engine = bundled.new_engine([RandomAgent(1), RandomAgent(2)], 7)
    engine.kernel.setup(engine, _decks(game, bundled))
    state, rng = engine.state, random.Random(7)
    zones = [*engine.kernel.play_zones, engine.kernel.hand_zone, engine.kernel.discard_zone]
    uids = sorted(state.cards)
    keys = list(engine.game_keys())
    assert not _text_varies(engine.kernel) and keys
    for _ in range(300):
        uid, zone = rng.choice(uids), rng.choice(zones)
        player = rng.randrange(len(state.players))
        place = len(state.players[player].zones.get(zone, ()))
        state.move(uid, zone, player=player, position=rng.randint(0, place))
        for key in rng.sample(keys, min(len(keys), 8)):
            assert list(engine.in_play(key)) == engine._scan_play(key), key


def _duel(first: str, second: str) -> Any:
    from cardscript.interpreter.agents import FirstAgent
    from cardscript.kernels.pocket_duel.kernel import new_engine, pocket_duel_pool

    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=pocket_duel_pool())
    engine.kernel.setup(engine, [[first], [second]])
    return engine


def _in_play(engine: Any, key: Any) -> list[tuple[int, str]]:
    """``in_play(key)`` as (card, ability key), checked against a fresh scan."""
    found = [(uid, ability.key) for uid, ability, _ in engine.in_play(key)]
    assert found == [(uid, ability.key) for uid, ability, _ in engine._scan_play(key)]
    return found


def test_a_few_cards_index_is_shared_by_games_of_the_same_cards_only() -> None:
    """The index of a few cards in play is remembered for every game whose cards are the
    same cards by instance; a game with the same cards as other instances (the heroes
    swapped) makes its own, and a remembered index is copied, never patched."""
    from cardscript.grammar import ast

    one, two = _duel("cinder-hero", "ivo-hero"), _duel("cinder-hero", "ivo-hero")
    assert _in_play(one, ast.Triggered) == [(1, "cinder-hero#0"), (9, "ivo-hero#0")]
    assert _in_play(two, ast.Triggered) == [(1, "cinder-hero#0"), (9, "ivo-hero#0")]
    shared = one._play
    assert two._play is shared and shared.uids == (1, 9)
    swapped = _duel("ivo-hero", "cinder-hero")
    assert _in_play(swapped, ast.Triggered) == [(1, "ivo-hero#0"), (9, "cinder-hero#0")]
    assert swapped._play is not shared
    # cinder-strength (6) joins the table: a new index; the remembered one is unchanged
    one.state.move(6, "table", player=0)
    assert _in_play(one, ("event", "cancelled")) == [(6, "cinder-strength#1")]
    assert _in_play(one, ast.Triggered) == [
        (1, "cinder-hero#0"),
        (6, "cinder-strength#1"),
        (9, "ivo-hero#0"),
    ]
    assert one._play is not shared and shared.uids == (1, 9) and len(shared.cards) == 2
    assert _in_play(two, ("event", "cancelled")) == []
    one.state.move(6, "hand", player=0)  # back as before: the remembered index again
    assert _in_play(one, ("event", "cancelled")) == []  # (no index: ``test_few_holders``)
    assert _in_play(one, ast.Triggered) == [(1, "cinder-hero#0"), (9, "ivo-hero#0")]
    assert one._play is shared


def test_a_key_one_card_has_is_answered_by_where_that_card_is(tmp_path: Any) -> None:
    """A key only one card of the game has: the answer is its entries while it is in a play
    zone, without an index made (what a scan says); the index is made where a key has
    several cards, the kernel switches text off itself, or a variant may leave a line out."""
    from cardscript.interpreter.agents import FirstAgent
    from cardscript.kernels.pocket_duel.kernel import BUNDLED, PocketDuelKernel, new_engine

    engine = _duel("cinder-hero", "sable-hero")  # cinder: 1-8 (6: cinder-strength), sable 9-16
    clock = engine._play_clock
    assert _in_play(engine, ("event", "cancels")) == [(1, "cinder-hero#0")]
    assert engine._play_clock == clock  # (no index made)
    engine.state.move(1, "discard_pile", player=0)
    assert _in_play(engine, ("event", "cancels")) == []
    assert ("event", "cancelled") not in engine._know_game()[6]  # sable's hero and cinder-strength
    engine.state.move(6, "table", player=0)
    assert _in_play(engine, ("event", "cancelled")) == [
        (6, "cinder-strength#1"),
        (9, "sable-hero#0"),
    ]
    assert engine._play_clock == engine.state.clock  # (the index)

    class _Dark(PocketDuelKernel):
        def text_active(self, engine: Any, uid: int) -> bool:
            return uid != 1  # cinder's hero has no text

    dark = Engine.new(engine.game, engine.pool, _Dark(), [FirstAgent(), FirstAgent()], 1)
    dark.kernel.setup(dark, [["cinder-hero"], ["sable-hero"]])
    assert _in_play(dark, ("event", "cancels")) == [] and dark._know_game()[6] == {}

    card = tmp_path / "tall.yaml"
    card.write_text(
        "game: pocket-duel\ncards:\n- {id: tall-hero, name: Tall, type: hero, text: "
        "'Challenge: Whenever you block, gain 1 energy.'}\n"
    )
    pool = BUNDLED.pool([card])
    for variants in ([], ["challenge"]):
        tall = new_engine([FirstAgent(), FirstAgent()], 1, pool=pool)
        tall.state.data["variants"] = variants
        tall.kernel.setup(tall, [["tall-hero"], ["cinder-hero"]])
        assert ("event", "blocks") not in tall._know_game()[6]
        heard = [(1, "tall-hero#0")] if variants else []
        assert _in_play(tall, ("event", "blocks")) == heard
