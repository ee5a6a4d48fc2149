"""``cardscript simulate``: many seeded games between random agents, maybe in worker
processes; win rates, length and errors.

A game error (a rules reason: ``GAME_ERRORS``) is counted in the summary; anything else a
game raises is a bug of the engine: an internal error (exit 3) naming the seed and the
``play`` command that plays that game again. Exit codes: 0 every game finished, 1 game
errors, 2 usage or I/O error, 3 an internal error.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from cardscript.cli.play_cmd import (
    GAME_ERRORS,
    PlayError,
    _err,
    _load_plugins,
    _out,
    agent_seed,
    check_deck_count,
    check_variants,
    choose_format,
    new_game,
    read_play_decks,
    start,
)
from cardscript.interpreter.agents import make_agent
from cardscript.wording import plural
from cardscript.workers import worker_count


@dataclass(frozen=True)
class Outcome:
    seed: int
    winner: int | None
    reason: str
    turns: int
    steps: int
    error: str | None = None
    internal: bool = False  # ``error`` is a bug of the engine, not a game error


# one simulated game: the game, its decks' card ids, its seed, plugins, extra card files,
# the format and the variants
SimulatedGame = tuple[str, list[list[str]], int, list[str], list[str], str | None, list[str]]


def _simulate_one(args: SimulatedGame) -> Outcome:
    game, decks, seed, plugins, cards, fmt, variants = args
    _load_plugins(plugins)
    agents = [make_agent("random", agent_seed(seed, n)) for n in range(len(decks))]
    try:
        # no log: only the outcome is kept, and a log hashes the whole state at every step
        # (``run_simulate``'s probe checked the card files once for all the games)
        engine = new_game(game, seed, agents, None, cards, check_cards=False)
        start(engine, decks, ["random"] * len(decks), fmt, variants)
    except PlayError as exc:  # (the decks cannot play the format, say)
        return Outcome(seed, None, "error", 0, 0, f"the game could not start: {exc}")
    except GAME_ERRORS as exc:  # (said as ``play`` says it)
        return Outcome(seed, None, "error", 0, 0, f"game error: {exc}")
    except Exception as exc:  # (in a worker process too: said once all games are done)
        if os.environ.get("CARDSCRIPT_DEBUG"):
            raise
        return Outcome(seed, None, "internal error", 0, 0, f"{type(exc).__name__}: {exc}", True)
    result = engine.state.result or {}
    return Outcome(
        seed,
        result.get("winner"),
        str(result.get("reason")),
        int(result.get("turn") or 0),
        engine.steps,
    )


def run_simulate(
    game: str,
    decks: list[str],
    games: int,
    seed: int,
    jobs: int,
    plugins: list[str],
    cards: list[str],
    fmt: str | None = None,
    variants: Sequence[str] = (),
) -> int:
    agents = ["random"] * len(decks)
    try:
        _load_plugins(plugins)
        probe = new_game(game, seed, [make_agent("first", 0) for _ in decks], None, cards)
        check_deck_count(game, probe, len(decks))
        read = read_play_decks(decks, probe)
        ids = [d.ids for d in read]
        fmt = choose_format(game, probe, fmt, read)
        check_variants(game, probe, variants)
        start(probe, ids, agents, fmt, variants, play=False)  # (decks that cannot: said once)
    except PlayError as exc:
        _err(f"error: {exc}")
        return exc.exit_code
    work = [(game, ids, seed + n, plugins, cards, fmt, list(variants)) for n in range(games)]
    workers = worker_count(jobs, games)
    outcomes: list[Outcome] = []
    progress = _progress(games)
    if workers > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for outcome in pool.map(_simulate_one, work, chunksize=max(1, games // (workers * 8))):
                outcomes.append(outcome)
                progress(len(outcomes))
    else:
        for item in work:
            outcomes.append(_simulate_one(item))
            progress(len(outcomes))
    progress(-1)
    names = [probe.state.players[i].name for i in range(len(decks))]
    _out(summary(outcomes, names, cooperative=probe.kernel.cooperative))
    bugs = [o for o in outcomes if o.internal]
    if bugs:
        again = ["cardscript", "play", game, *(f for d in decks for f in ("--deck", d))]
        again += ["--seed", str(bugs[0].seed), *(["--format", fmt] if fmt else [])]
        for option, values in (("--variant", variants), ("--cards", cards), ("--plugin", plugins)):
            again += [word for value in values for word in (option, value)]
        _err(
            f"internal error in the game of seed {bugs[0].seed}: {bugs[0].error}\n"
            f"play that game again with: {shlex.join(again)}\n"
            "please report this; set CARDSCRIPT_DEBUG=1 for the traceback"
        )
        return 3
    return 1 if any(o.error for o in outcomes) else 0


def summary(outcomes: list[Outcome], names: list[str], *, cooperative: bool = False) -> str:
    """Win rates by seat (in a cooperative game, of the players together), how the games
    ended, their length, and the first errors."""
    played = [o for o in outcomes if o.error is None]
    wins = Counter(o.winner for o in played)
    bugs = sum(o.internal for o in outcomes)
    errors = len(outcomes) - len(played) - bugs
    lines = [
        f"{len(outcomes)} games, {len(played)} finished, {errors} errors"
        + (f", {bugs} internal errors" if bugs else "")
    ]

    def share(won: int) -> str:
        return f"{100 * won / len(played) if played else 0.0:.1f}%"

    if cooperative:  # (a win is the players', named by seat 0)
        lines.append(f"  the players win: {wins[0]} ({share(wins[0])})")
    for index, name in enumerate([] if cooperative else names):
        lines.append(f"  {name}: {plural(wins[index], 'win')} ({share(wins[index])})")
    lines.append(f"  {'the players lose' if cooperative else 'no winner'}: {wins[None]}")
    if played:  # how they ended: a co-op game lost has no winner, but a way it was lost
        ended = Counter(o.reason for o in played).most_common()
        lines.append("  ended by: " + ", ".join(f"{reason} {n}" for reason, n in ended))
        lines.append(
            f"  average length: {sum(o.turns for o in played) / len(played):.1f} turns, "
            f"{sum(o.steps for o in played) / len(played):.0f} steps"
        )
    for outcome in [o for o in outcomes if o.error][:5]:
        kind = "internal error: " if outcome.internal else ""
        lines.append(f"  seed {outcome.seed}: {kind}{outcome.error}")
    return "\n".join(lines) + "\n"


def _progress(total: int) -> Callable[[int], None]:
    if not sys.stderr.isatty() or os.environ.get("CI") or total < 20:
        return lambda done: None
    from rich.progress import Progress

    bar = Progress(transient=True)
    task = bar.add_task("simulating", total=total)
    bar.start()

    def update(done: int) -> None:
        if done < 0:
            bar.stop()
        else:
            bar.update(task, completed=done)

    return update
