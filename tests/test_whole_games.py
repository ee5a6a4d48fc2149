"""What every playable game shares: two first-option agents play to the end, the same seed
gives the same game, and the CLI plays a game whose log replays identically. (Each game's
own module keeps its 100 seeded random games and its rules.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.interpreter.agents import FirstAgent, RandomAgent
from cardscript.interpreter.playable import BundledGame, engine_factory

ROOT = Path(__file__).resolve().parents[1]

#: game -> (two deck files in decks/<game>/, how a game between first-option agents ends)
GAMES = {
    "vanguard": (("lanternguard-trial", "mirecoil-trial"), {"damage", "deck out"}),
    "vs-system": (("dawnwatch-starter", "vex-legion-starter"), {"endurance", "turn limit"}),
    "berserk": (("greenwood-starter", "stonehold-starter"), {"no creatures", "turn limit"}),
    "marvel-champions": (
        ("ember-lynx", "bulwark"),
        {"villain defeated", "heroes defeated", "main scheme completed", "round limit"},
    ),
}


def _bundled(game: str) -> BundledGame:
    import importlib

    assert engine_factory(game) is not None  # imports (and registers) the kernel
    module = importlib.import_module(f"cardscript.kernels.{game.replace('-', '_')}.kernel")
    bundled: BundledGame = module.BUNDLED
    return bundled


def _decks(game: str, bundled: BundledGame) -> list[list[str]]:
    pool = bundled.pool()
    names, _ = GAMES[game]
    return [bundled.deck_ids(pool, ROOT / "decks" / game / f"{n}.yaml") for n in names]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_first_agents_play_to_the_end(game: str) -> None:
    bundled = _bundled(game)
    engine = bundled.new_engine([FirstAgent(), FirstAgent()], 3)
    engine.kernel.setup(engine, _decks(game, bundled))
    assert engine.kernel.play(engine)["reason"] in GAMES[game][1]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_same_seed_same_game(game: str) -> None:
    bundled = _bundled(game)
    hashes = []
    for _ in range(2):
        engine = bundled.new_engine([RandomAgent(5), RandomAgent(6)], 7)
        engine.kernel.setup(engine, _decks(game, bundled))
        engine.kernel.play(engine)
        hashes.append(engine.state.state_hash())
    assert hashes[0] == hashes[1]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_cli_play_and_replay(game: str, tmp_path: Path) -> None:
    from cardscript.cli.play_cmd import play_one
    from cardscript.cli.replay_cmd import run_replay

    decks = _decks(game, _bundled(game))
    log_file = tmp_path / "game.jsonl"
    with log_file.open("w", encoding="utf-8") as stream:
        engine, _ = play_one(game, [], ["random", "random"], 11, stream, deck_ids=decks)
    assert engine.state.result is not None
    assert run_replay(str(log_file), []) == 0
