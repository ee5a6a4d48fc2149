"""Pocket Duel: how many whole random games per second the kernel plays, next to a plain
hand-written Python implementation of the same rules (``pocket_duel_handwritten.py``:
same heroes, same seeds, the same random agents' choices).

Both figures are CPU time of this process (``time.process_time``): games per second on
one core, whatever else the machine is running. With ``--runs N`` each run times the
engine and then the hand-written one, and the median of the runs' ratios is printed too:
a machine busy for a while slows both of a pair, so it moves less than the best figures.

python bench/pocket_duel_bench.py [GAMES] [--runs N] [--engine-only] [--split]
                                   [--profile | --fingerprint | --bytecodes | --calls]

``--profile``: where the engine's time goes instead (cProfile, which weighs calls heavier
than a plain run does): the functions with the most time of their own, in per cent of the
whole, with the time including what they call. ``--fingerprint``: one digest of every
decision and final state hash (``fingerprint.py``) instead; a speed change must leave it as
it was. ``--split``: the time of a game's setup and of one round, for both (how far the
rounds and the setup each are from the hand-written ones). ``--bytecodes``: the Python
bytecodes each executes per round (setup included), which do not move with the machine's
load, how many different bytecodes each ran (the code its caches must hold), and the
engine's files with the most (``bytecodes.py``; slow: try 200 games). ``--calls``: the
calls each makes per round, of Python functions and of built-ins, and the most called: a
call costs many plain bytecodes, so they tell why the time's ratio is above the bytecodes'.
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
import time
from typing import Any

import profiling
from bench_args import parse
from fingerprint import Recorder

from cardscript.interpreter.agents import Agent, RandomAgent
from cardscript.kernels.pocket_duel.kernel import heroes, new_engine, pocket_duel_pool


def engine_games(games: int, digest: Any = None, play: bool = True) -> list[Any]:
    """Every game's (heroes, winner, reason, rounds) on the engine, seeds 0 … games-1;
    with a ``digest``, every decision and final state hash fed into it; without ``play``
    the games are only set up (winner None, reason "set up", 0 rounds)."""
    pool = pocket_duel_pool()
    names = heroes(pool)
    out = []
    for seed in range(games):
        pick = random.Random(seed)
        picked = [pick.choice(names), pick.choice(names)]
        agents: list[Agent] = [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)]
        if digest is not None:
            agents = [Recorder(a, digest) for a in agents]
        engine = new_engine(agents, seed, pool=pool)
        engine.kernel.setup(engine, [[picked[0]], [picked[1]]])
        if not play:
            out.append((tuple(picked), None, "set up", 0))
            continue
        engine.kernel.play(engine)
        result = engine.state.result
        assert result is not None
        out.append((tuple(picked), result["winner"], result["reason"], engine.state.turn))
        if digest is not None:
            digest.update(engine.state.state_hash().encode())
    return out


def main(games: int = 1000, handwritten: bool = True, runs: int = 1) -> None:
    """Games per second of the engine (and of the hand-written one, timed in turn with it
    so both see the same machine); with ``runs`` > 1 the least CPU time of each."""
    pocket_duel_pool()  # compile the cards outside the timing
    if handwritten:
        from pocket_duel_handwritten import bench
    elapsed, hand_rate, hand_rounds = math.inf, 0.0, 0
    ratios = []  # each run's hand-written rate over the engine's, timed side by side
    for _ in range(runs):
        start = time.process_time()
        results = engine_games(games)
        took = time.process_time() - start
        elapsed = min(elapsed, took)
        if handwritten:
            rate, hand_rounds = bench(games)
            hand_rate = max(hand_rate, rate)
            ratios.append(rate * took / games)
    rounds = sum(r[3] for r in results)
    rate = games / elapsed
    best = f" (the least of {runs} runs)" if runs > 1 else ""
    print(
        f"engine:       {games} games, {rounds} rounds in {elapsed:.2f} s: "
        f"{rate:.0f} games/s, {rounds / elapsed:.0f} rounds/s{best}"
    )
    if not handwritten:
        return
    print(
        f"hand-written: {games} games, {hand_rounds} rounds: {hand_rate:.0f} games/s; "
        f"engine / hand-written = {rate / hand_rate:.3f} "
        f"(the hand-written one is {hand_rate / rate:.1f}x faster){best}"
    )
    if runs > 1:  # (a machine slowing down for a while slows both runs of a pair)
        print(
            f"each run's pair, hand-written / engine: median {statistics.median(ratios):.2f}x, "
            f"from {min(ratios):.2f}x to {max(ratios):.2f}x"
        )


def split(games: int, runs: int) -> None:
    """Microseconds per game's setup and per round, engine and hand-written, each the
    least CPU time of ``runs`` (a setup alone, then whole games: the difference is the
    rounds)."""
    from pocket_duel_handwritten import load_cards, play_games

    pocket_duel_pool()
    cards = load_cards()
    sides = {
        "engine": lambda play: engine_games(games, play=play),
        "hand-written": lambda play: play_games(games, cards, play),
    }
    figures = {}
    for name, run in sides.items():
        least = {True: math.inf, False: math.inf}
        for _ in range(runs):
            for play in (False, True):
                start = time.process_time()
                results = run(play)
                least[play] = min(least[play], time.process_time() - start)
        rounds = sum(r[3] for r in results)
        setup, per_round = least[False] / games, (least[True] - least[False]) / rounds
        figures[name] = (setup, per_round)
        print(f"{name:13} setup {setup * 1e6:6.1f} µs/game, a round {per_round * 1e6:5.1f} µs")
    (es, er), (hs, hr) = figures["engine"], figures["hand-written"]
    print(f"engine / hand-written: setup {es / hs:.1f}x, rounds {er / hr:.1f}x")


def bytecodes(games: int, top: int = 12) -> None:
    """Bytecodes per round of the engine and the hand-written one (the same games), each
    counted on its second pass over them, as the timed runs after the first are: what
    either remembers across games (the engine: the cards' facts and plans of a pool, the
    cancels of two card ids) is known, as in the least of several timed runs."""
    from bytecodes import count
    from pocket_duel_handwritten import load_cards, play_games

    pocket_duel_pool()
    cards = load_cards()
    engine_games(games), play_games(games, cards, True)  # (the first pass, not counted)
    mine, by_file, my_code = count(lambda: engine_games(games))
    theirs, by_hand, their_code = count(lambda: play_games(games, cards, True))
    rounds = sum(r[3] for r in mine)
    assert rounds == sum(r[3] for r in theirs)  # the same games (``--compare``)
    engine, hand = by_file.total() / rounds, by_hand.total() / rounds
    print(f"{games} games, {rounds} rounds; bytecodes per round (setup included, second pass):")
    print(f"engine {engine:7.0f}, hand-written {hand:7.0f}: {engine / hand:.2f}x")
    print(
        f"different bytecodes run: engine {my_code}, hand-written {their_code}: "
        f"{my_code / their_code:.2f}x"
    )
    for name, n in by_file.most_common(top):
        print(f"  {n / rounds:7.0f}  {name}")


def call_counts(games: int, top: int = 8) -> None:
    """Calls per round of the engine and the hand-written one (the same games, each on
    its second pass as ``bytecodes``): Python functions and built-ins, and the most
    called of each side."""
    from bytecodes import calls
    from pocket_duel_handwritten import load_cards, play_games

    pocket_duel_pool()
    cards = load_cards()
    engine_games(games), play_games(games, cards, True)  # (the first pass, not counted)
    mine = calls(lambda: engine_games(games))
    theirs = calls(lambda: play_games(games, cards, True))
    rounds = sum(r[3] for r in mine.result)
    assert rounds == sum(r[3] for r in theirs.result)  # the same games (``--compare``)
    print(f"{games} games, {rounds} rounds; calls per round (setup included, second pass):")
    for kind in ("python", "builtin"):
        engine, hand = getattr(mine, kind).total() / rounds, getattr(theirs, kind).total() / rounds
        name = "Python functions" if kind == "python" else "built-ins"
        print(
            f"{name + ':':17} engine {engine:6.1f}, hand-written {hand:6.1f}: {engine / hand:.2f}x"
        )
    for side, counted in (("engine", mine), ("hand-written", theirs)):
        for kind in ("python", "builtin"):
            most = getattr(counted, kind).most_common(top)
            shown = ", ".join(f"{name} {n / rounds:.1f}" for name, n in most)
            print(f"  {side} {'Python' if kind == 'python' else 'built-in'}: {shown}")


def fingerprint(games: int) -> None:
    digest = hashlib.sha256()
    engine_games(games, digest)
    print(f"{games} games, fingerprint {digest.hexdigest()[:16]}")


def profile(games: int) -> None:
    pocket_duel_pool()
    profiling.profile(lambda: engine_games(games), f"{games} games")


if __name__ == "__main__":
    args = parse(
        __doc__.splitlines()[0],
        1000,
        {
            "--profile": "print where the engine's time goes instead of the figures",
            "--engine-only": "leave out the hand-written implementation",
            "--fingerprint": "print one digest of every decision and final state (same games?)",
            "--split": "print the time of a setup and of a round, engine and hand-written",
            "--bytecodes": "print the Python bytecodes per round, engine and hand-written",
            "--calls": "print the calls per round (Python and built-in), engine and hand-written",
        },
        runs=True,
    )
    if args.profile:
        profile(args.count)
    elif args.fingerprint:
        fingerprint(args.count)
    elif args.split:
        split(args.count, args.runs)
    elif args.bytecodes:
        bytecodes(args.count)
    elif args.calls:
        call_counts(args.count)
    else:
        main(args.count, not args.engine_only, args.runs)
