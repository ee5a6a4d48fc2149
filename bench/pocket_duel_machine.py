"""Pocket Duel at the machine's level: instructions, branch mispredictions and cache
misses per round, engine and hand-written, from Valgrind's cachegrind (a simulated
cache and branch predictor, so the figures do not move with the machine's load).

    python bench/pocket_duel_machine.py [GAMES]

Each side plays GAMES games once uncounted (what either remembers across games is made
then, as in the timed runs after the first) and then again; the figures are the second
pass's: a run with it less a run without it. Slow (cachegrind runs Python some 50 times
slower): 300 games take about four minutes. Needs ``valgrind`` on PATH.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

from bench_args import parse

HERE = Path(__file__).resolve().parent

# what each run of the child plays: the first pass, and the second pass where asked
CHILD = """
import sys
sys.path.insert(0, {here!r})
side, games, again = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
if side == "engine":
    from pocket_duel_bench import engine_games as play
    args = (games,)
else:
    from pocket_duel_handwritten import load_cards, play_games as play
    args = (games, load_cards(), True)
for _ in range(2 if again else 1):
    play(*args)
"""


class Counts(NamedTuple):
    instructions: int
    branches: int
    mispredicted: int
    l1i_misses: int
    l1d_misses: int


# the summary lines cachegrind prints (its own figures, with thousands separators)
_LINES = {
    "instructions": r"I\s+refs:\s+([\d,]+)",
    "branches": r"Branches:\s+([\d,]+)",
    "mispredicted": r"Mispredicts:\s+([\d,]+)",
    "l1i_misses": r"I1\s+misses:\s+([\d,]+)",
    "l1d_misses": r"D1\s+misses:\s+([\d,]+)",
}


def parse_summary(text: str) -> Counts:
    """The totals of a cachegrind summary (its stderr)."""
    found = {}
    for name, pattern in _LINES.items():
        match = re.search(pattern, text)
        if match is None:
            raise ValueError(f"no {name} figure in the cachegrind summary")
        found[name] = int(match[1].replace(",", ""))
    return Counts(**found)


def measure(side: str, games: int, again: bool, folder: Path) -> Counts:
    """Cachegrind's totals for one run of the child (``again``: with the second pass)."""
    script = folder / "child.py"
    script.write_text(CHILD.format(here=str(HERE)), "utf-8")
    out = folder / f"{side}.{int(again)}.out"
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=yes",
            "--branch-sim=yes",
            f"--cachegrind-out-file={out}",
            sys.executable,
            str(script),
            side,
            str(games),
            "1" if again else "0",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"valgrind failed ({done.returncode}): {done.stderr[-500:]}")
    return parse_summary(done.stderr)


def second_pass(side: str, games: int, folder: Path) -> Counts:
    with_it, without = measure(side, games, True, folder), measure(side, games, False, folder)
    return Counts(*(a - b for a, b in zip(with_it, without, strict=True)))


def report(games: int, rounds: int, engine: Counts, hand: Counts) -> list[str]:
    """The lines printed: each figure per round, both sides, and their ratio."""
    lines = [f"{games} games, {rounds} rounds; per round (second pass, cachegrind):"]
    for name, label in (
        ("instructions", "instructions"),
        ("branches", "branches"),
        ("mispredicted", "mispredicted branches"),
        ("l1i_misses", "L1 instruction misses"),
        ("l1d_misses", "L1 data misses"),
    ):
        mine, theirs = getattr(engine, name), getattr(hand, name)
        ratio = f"{mine / theirs:.2f}x" if theirs else "-"
        lines.append(
            f"{label + ':':23} engine {mine / rounds:10.0f}, hand-written "
            f"{theirs / rounds:10.0f}: {ratio}"
        )
    return lines


def main(games: int) -> int:
    if shutil.which("valgrind") is None:
        print("valgrind is not on PATH (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    from pocket_duel_bench import engine_games

    rounds = sum(r[3] for r in engine_games(games))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        engine, hand = second_pass("engine", games, folder), second_pass("hand", games, folder)
    print("\n".join(report(games, rounds, engine, hand)))
    return 0


if __name__ == "__main__":
    sys.exit(main(parse(__doc__.splitlines()[0], 300).count))
