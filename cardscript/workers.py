"""How many worker processes a command that fans out (``simulate``, ``validate``) starts."""

from __future__ import annotations

import os

PER_CORE = 4  # more processes than this per core only wait for the cores and hold memory


def worker_count(jobs: int, tasks: int) -> int:
    """``jobs`` workers (0: one per core), never more than there are ``tasks`` nor than
    ``PER_CORE`` per core: ``--jobs 99999`` would otherwise start that many processes."""
    cores = os.cpu_count() or 1
    wanted = jobs if jobs > 0 else cores
    return max(1, min(wanted, tasks, PER_CORE * cores))
