"""The command line every bench script shares: how many games (or decks) and a few flags;
a wrong argument is a usage message and exit code 2, not a traceback."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path


def parse(
    description: str, default: int, flags: dict[str, str] | None = None, *, runs: bool = False
) -> argparse.Namespace:
    """``count`` and the ``flags``; with ``runs``, ``--runs N`` too (how many times the
    timing is taken: the least CPU time is printed)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "count", nargs="?", type=int, default=default, help=f"how many (default {default})"
    )
    for flag, meaning in (flags or {}).items():
        parser.add_argument(flag, action="store_true", help=meaning)
    if runs:
        parser.add_argument(
            "--runs",
            type=int,
            default=1,
            metavar="N",
            help="time it N times and print the least CPU time (default 1): other work on "
            "a shared or virtual machine only ever adds time",
        )
    args = parser.parse_args()
    if args.count < 1:
        parser.error("the count is a whole number of 1 or more")
    if runs and args.runs < 1:
        parser.error("--runs is a whole number of 1 or more")
    return args


def installed_cli() -> str | None:
    """The ``cardscript`` command of the Python running this script (its venv's, found
    without the venv being activated), else the one on PATH."""
    beside = Path(sys.executable).with_name("cardscript")
    return str(beside) if beside.is_file() else shutil.which("cardscript")
