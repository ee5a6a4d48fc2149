"""Parse throughput on generated card texts: figures only, nothing asserted.

    python bench/parse_throughput.py [--n N] [--seed S] [--profile]

Generates N texts with cardscript.grammar.sample (seeded, each text for a game drawn at
random among those whose registry loads), parses them all through the normal
``parse_script`` path (positions, diagnostics, AST), and prints texts/s, lines/s, tokens/s,
mean and p99 time per text, the share that parsed clean, and peak traced memory. Also times
building the LALR parser: in-process cached, rebuilt from lark's on-disk table cache, and
rebuilt from scratch. ``--profile`` adds a cProfile of the parse loop.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import random
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable

from cardscript import GAMES
from cardscript.games import load_game
from cardscript.grammar.lexer import split_lines
from cardscript.grammar.parser import lark_parser, parse_script
from cardscript.grammar.registry import Registry
from cardscript.grammar.sample import sample_text


def loadable_games() -> dict[str, Registry]:
    out: dict[str, Registry] = {}
    for game in GAMES:
        try:
            out[game] = load_game(game).registry
        except Exception as exc:  # a registry still being written: leave the game out
            print(f"  (skipping {game}: {type(exc).__name__})")
    return out


def corpus(n: int, seed: int, games: dict[str, Registry]) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    names = sorted(games)
    out = []
    for _ in range(n):
        game = rng.choice(names)
        out.append((game, sample_text(games[game], rng)))
    return out


def timed(fn: Callable[[], object], repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def parser_build_times() -> None:
    cached = timed(lark_parser, repeat=5)
    lark_parser.cache_clear()
    from_disk = timed(lark_parser)  # Lark(..., cache=True): tables from lark's cache file
    lark_parser.cache_clear()
    scratch = timed(lambda: lark_parser(strict=True))  # cache=False: the full LALR build
    lark_parser.cache_clear()
    lark_parser()
    print("lark_parser() build:")
    print(f"  cached (functools)          {cached * 1e6:10.1f} µs")
    print(f"  cold, lark's disk cache      {from_disk * 1e3:10.1f} ms")
    print(f"  cold, from scratch (strict)  {scratch * 1e3:10.1f} ms")


def run(n: int, seed: int, profile: bool) -> None:
    games = loadable_games()
    if not games:
        print("no game registry loads")
        return
    start = time.perf_counter()
    texts = corpus(n, seed, games)
    generated = time.perf_counter() - start
    lines = sum(len(split_lines(text)[0]) for _, text in texts)
    tokens = sum(len(line.pieces) for _, text in texts for line in split_lines(text)[0])
    chars = sum(len(text) for _, text in texts)
    print(
        f"corpus: {n} texts, {lines} lines, {tokens} tokens, {chars} chars over "
        f"{len(games)} games ({', '.join(sorted(games))}); seed {seed}; "
        f"generated in {generated:.2f} s"
    )

    # Warm up: registries' phrase tables and per-registry caches, as in a long-lived process.
    for registry in games.values():
        parse_script(sample_text(registry, random.Random(seed + 1)), registry)

    per_text: list[float] = []
    clean: Counter[str] = Counter()
    count: Counter[str] = Counter()
    gc.collect()
    total_start = time.perf_counter()
    cpu_start = time.process_time()
    for game, text in texts:
        registry = games[game]
        t0 = time.perf_counter()
        result = parse_script(text, registry)
        per_text.append(time.perf_counter() - t0)
        count[game] += 1
        clean[game] += not result.diagnostics
    total = time.perf_counter() - total_start
    cpu = time.process_time() - cpu_start

    per_text.sort()
    p99 = per_text[min(len(per_text) - 1, int(len(per_text) * 0.99))]
    print("parse_script:            wall clock    CPU time (this process)")
    print(f"  texts/s   {n / total:16,.0f} {n / cpu:16,.0f}")
    print(f"  lines/s   {lines / total:16,.0f} {lines / cpu:16,.0f}")
    print(f"  tokens/s  {tokens / total:16,.0f} {tokens / cpu:16,.0f}")
    print(
        f"  per text  mean {statistics.fmean(per_text) * 1e3:.3f} ms, "
        f"median {per_text[len(per_text) // 2] * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, "
        f"max {per_text[-1] * 1e3:.3f} ms (wall clock)"
    )
    print(f"  total     {total:.2f} s wall clock, {cpu:.2f} s CPU")
    share = sum(clean.values()) / n
    print(
        f"  parsed clean {sum(clean.values())}/{n} = {share:.2%}  ("
        + ", ".join(f"{g} {clean[g] / count[g]:.2%}" for g in sorted(count))
        + ")"
    )

    tracemalloc.start()
    kept = [parse_script(text, games[game]) for game, text in texts]
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"  memory    peak {peak / 2**20:.1f} MiB traced while parsing all {len(kept)} "
        f"texts and keeping their results ({current / 2**20:.1f} MiB held at the end)"
    )
    del kept
    tracemalloc.start()
    for game, text in texts:
        parse_script(text, games[game])
    _, peak_one = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"            peak {peak_one / 2**20:.1f} MiB traced parsing them one at a time, "
        "results dropped"
    )

    parser_build_times()

    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for game, text in texts:
            parse_script(text, games[game])
        profiler.disable()
        for order in ("tottime", "cumulative"):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(25)
            print(f"\n---- cProfile, by {order} ----")
            print(out.getvalue())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=10_000, help="texts to generate and parse")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the corpus")
    parser.add_argument("--profile", action="store_true", help="also run cProfile")
    args = parser.parse_args(argv)
    run(args.n, args.seed, args.profile)


if __name__ == "__main__":
    main(sys.argv[1:])
