"""Where a bench's time goes (cProfile, which weighs calls heavier than a plain run
does): the functions with the most time of their own, in per cent of the whole, with the
time including what they call."""

from __future__ import annotations

import cProfile
import pstats
from collections.abc import Callable
from pathlib import Path
from typing import Any


def profile(run: Callable[[], Any], what: str, top: int = 20) -> None:
    """Run ``run`` under the profiler and print its ``top`` functions by own time."""
    profiler = cProfile.Profile()
    profiler.runcall(run)
    table: dict[Any, Any] = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in table.values())
    print(f"{what}, {total:.2f} s under the profiler; own % | with callees % | calls")
    for (path, line, name), row in sorted(table.items(), key=lambda kv: -kv[1][2])[:top]:
        where = f"{'/'.join(Path(path).parts[-2:])}:{line}" if line else "builtin"
        own, within = 100 * row[2] / total, 100 * row[3] / total
        print(f"{own:5.1f} | {within:5.1f} | {row[1]:>8}  {name} ({where})")
