"""Cardfight!! Vanguard: whole random games between the two trial decks, games per second.

python bench/vanguard_bench.py [GAMES]
"""

from __future__ import annotations

import time
from pathlib import Path

from bench_args import parse

from cardscript.interpreter.agents import RandomAgent
from cardscript.kernels.vanguard.kernel import deck_ids, new_engine, vanguard_pool

ROOT = Path(__file__).resolve().parents[1]


def main(games: int = 200) -> None:
    pool = vanguard_pool()
    decks = [
        deck_ids(pool, ROOT / "decks" / "vanguard" / "lanternguard-trial.yaml"),
        deck_ids(pool, ROOT / "decks" / "vanguard" / "mirecoil-trial.yaml"),
    ]
    reasons: dict[str, int] = {}
    turns = 0
    start = time.perf_counter()
    for seed in range(games):
        engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=pool)
        engine.kernel.setup(engine, decks)
        result = engine.kernel.play(engine)
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
        turns += engine.state.turn
    elapsed = time.perf_counter() - start
    print(f"{games} games in {elapsed:.2f} s: {games / elapsed:.1f} games/s")
    print(f"average {turns / games:.1f} turns; endings {dict(sorted(reasons.items()))}")


if __name__ == "__main__":
    main(parse(__doc__.splitlines()[0], 200).count)
