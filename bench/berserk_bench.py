"""Berserk: whole random games between the three starter decks, games per second.

python bench/berserk_bench.py [GAMES]
"""

from __future__ import annotations

import time
from pathlib import Path

from bench_args import parse

from cardscript.interpreter.agents import RandomAgent
from cardscript.kernels.berserk.kernel import berserk_pool, deck_ids, new_engine

ROOT = Path(__file__).resolve().parents[1]


def main(games: int = 200) -> None:
    pool = berserk_pool()
    decks = [
        deck_ids(pool, ROOT / "decks" / "berserk" / f"{name}-starter.yaml")
        for name in ("greenwood", "stonehold", "mirefolk")
    ]
    reasons: dict[str, int] = {}
    turns = 0
    start = time.perf_counter()
    for seed in range(games):
        engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=pool)
        engine.kernel.setup(engine, [decks[seed % 3], decks[(seed + 1) % 3]])
        result = engine.kernel.play(engine)
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
        turns += engine.state.turn
    elapsed = time.perf_counter() - start
    print(f"{games} games in {elapsed:.2f} s: {games / elapsed:.1f} games/s")
    print(f"average {turns / games:.1f} turns; endings {dict(sorted(reasons.items()))}")


if __name__ == "__main__":
    main(parse(__doc__.splitlines()[0], 200).count)
