"""Marvel Champions: whole random games against Grimhold, solo and two-handed, games per
second.

python bench/marvel_champions_bench.py [GAMES]
"""

from __future__ import annotations

import time
from pathlib import Path

from bench_args import parse

from cardscript.interpreter.agents import RandomAgent
from cardscript.kernels.marvel_champions.kernel import deck_ids, mc_pool, new_engine

ROOT = Path(__file__).resolve().parents[1]


def main(games: int = 200) -> None:
    pool = mc_pool()
    decks = [
        deck_ids(pool, ROOT / "decks" / "marvel-champions" / "ember-lynx.yaml"),
        deck_ids(pool, ROOT / "decks" / "marvel-champions" / "bulwark.yaml"),
    ]
    reasons: dict[str, int] = {}
    rounds = 0
    start = time.perf_counter()
    for seed in range(games):
        chosen = decks if seed % 2 else [decks[(seed // 2) % 2]]
        agents = [RandomAgent(2 * seed + n) for n in range(len(chosen))]
        engine = new_engine(agents, seed, pool=pool)
        engine.kernel.setup(engine, chosen)
        result = engine.kernel.play(engine)
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
        rounds += engine.state.turn
    elapsed = time.perf_counter() - start
    print(f"{games} games in {elapsed:.2f} s: {games / elapsed:.1f} games/s")
    print(f"average {rounds / games:.1f} rounds; endings {dict(sorted(reasons.items()))}")


if __name__ == "__main__":
    main(parse(__doc__.splitlines()[0], 200).count)
