"""VS System: whole random games between the two starter decks, games per second.

python bench/vs_system_bench.py [GAMES] [--runs N] [--fingerprint | --profile]

``--fingerprint`` also prints one digest of every game: each decision (who, what kind,
the prompt, the option labels, the answer) and the final state hash. A speed change must
leave it as it was (the same games); the digest costs time, so the figures printed with
it are not the bench's. ``--profile``: where the time goes instead (``profiling.py``).
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path
from typing import Any

import profiling
from bench_args import parse
from fingerprint import Recorder

from cardscript.interpreter.agents import Agent, RandomAgent
from cardscript.kernels.vs_system.kernel import deck_ids, new_engine, vs_pool

ROOT = Path(__file__).resolve().parents[1]


def main(games: int = 200, fingerprint: bool = False, runs: int = 1) -> None:
    pool = vs_pool()
    decks = [
        deck_ids(pool, ROOT / "decks" / "vs-system" / "dawnwatch-starter.yaml"),
        deck_ids(pool, ROOT / "decks" / "vs-system" / "vex-legion-starter.yaml"),
    ]
    digest = hashlib.sha256()
    timings = [play_games(pool, decks, games, digest if fingerprint else None) for _ in range(runs)]
    reasons, turns = timings[-1][2], timings[-1][3]  # the same games every run
    elapsed, used = min(t[0] for t in timings), min(t[1] for t in timings)
    best = f" (the least of {runs} runs)" if runs > 1 else ""
    # per core: the process's own CPU time, which other work on the machine leaves alone
    print(f"{games} games in {elapsed:.2f} s: {games / elapsed:.1f} games/s{best}")
    print(f"CPU time {used:.2f} s: {games / used:.1f} games/s per core{best}")
    print(f"average {turns / games:.1f} turns; endings {dict(sorted(reasons.items()))}")
    if fingerprint:
        print(f"fingerprint {digest.hexdigest()[:16]}")


def play_games(
    pool: Any, decks: list[list[str]], games: int, digest: Any
) -> tuple[float, float, dict[str, int], int]:
    """Seeds 0 … games-1 once: (wall time, CPU time, endings, turns); with a ``digest``,
    every decision and final state hash fed into it."""
    reasons: dict[str, int] = {}
    turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        agents: list[Agent] = [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)]
        if digest is not None:
            agents = [Recorder(a, digest) for a in agents]
        engine = new_engine(agents, seed, pool=pool)
        engine.kernel.setup(engine, decks)
        result = engine.kernel.play(engine)
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
        turns += engine.state.turn
        if digest is not None:
            digest.update(engine.state.state_hash().encode())
    return time.perf_counter() - start, time.process_time() - cpu, reasons, turns


if __name__ == "__main__":
    args = parse(
        __doc__.splitlines()[0],
        200,
        {
            "--fingerprint": "print one digest of every decision and final state (same games?)",
            "--profile": "print where the time goes instead of the figures",
        },
        runs=True,
    )
    if args.profile:
        vs_pool()  # compile the cards outside the profile
        profiling.profile(lambda: main(args.count), f"{args.count} games")
    else:
        main(args.count, args.fingerprint, 1 if args.fingerprint else args.runs)
