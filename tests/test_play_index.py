"""The index of card text in play (``PlayIndex.in_play``), built per key when first asked
and shared between games, says exactly what a fresh scan of the cards in play says, at
every question of a few seeded random games of each kernel."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardscript.interpreter.agents import RandomAgent
from cardscript.interpreter.play_index import PlayIndex, _text_varies
from tests.test_whole_games import GAMES, _bundled, _decks


def _checked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Compare the index with a fresh scan after every ``in_play``; count the checks."""
    asked = PlayIndex.in_play
    checks = [0]

    def in_play(self: Any, key: Any) -> Any:
        found = asked(self, key)
        if not _text_varies(self.kernel) and self._play_clock == self.state.clock:
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
    for seed in range(6):
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
