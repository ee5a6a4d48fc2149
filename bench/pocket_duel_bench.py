"""Pocket Duel: how many whole random games per second the kernel plays.

python bench/pocket_duel_bench.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time

from cardscript.interpreter.agents import RandomAgent
from cardscript.kernels.pocket_duel.kernel import heroes, new_engine, pocket_duel_pool


def main(games: int = 1000) -> None:
    pool = pocket_duel_pool()
    names = heroes(pool)
    rounds = 0
    start = time.perf_counter()
    for seed in range(games):
        pick = random.Random(seed)
        engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=pool)
        engine.kernel.setup(engine, [[pick.choice(names)], [pick.choice(names)]])
        engine.kernel.play(engine)
        rounds += engine.state.turn
    elapsed = time.perf_counter() - start
    print(
        f"{games} games, {rounds} rounds in {elapsed:.2f} s: "
        f"{games / elapsed:.0f} games/s, {rounds / elapsed:.0f} rounds/s"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
