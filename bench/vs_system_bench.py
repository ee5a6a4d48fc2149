"""VS System: whole random games between the two starter decks, games per second.

python bench/vs_system_bench.py [GAMES]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from cardscript.interpreter.agents import RandomAgent
from cardscript.kernels.vs_system.kernel import deck_ids, new_engine, vs_pool

ROOT = Path(__file__).resolve().parents[1]


def main(games: int = 200) -> None:
    pool = vs_pool()
    decks = [
        deck_ids(pool, ROOT / "decks" / "vs-system" / "dawnwatch-starter.yaml"),
        deck_ids(pool, ROOT / "decks" / "vs-system" / "vex-legion-starter.yaml"),
    ]
    reasons: dict[str, int] = {}
    turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=pool)
        engine.kernel.setup(engine, decks)
        result = engine.kernel.play(engine)
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
        turns += engine.state.turn
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    # per core: the process's own CPU time, which other work on the machine leaves alone
    print(f"{games} games in {elapsed:.2f} s: {games / elapsed:.1f} games/s")
    print(f"CPU time {used:.2f} s: {games / used:.1f} games/s per core")
    print(f"average {turns / games:.1f} turns; endings {dict(sorted(reasons.items()))}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
