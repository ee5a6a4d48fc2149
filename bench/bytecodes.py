"""Python bytecodes executed, by source file: a measure of work that, unlike time, does
not move with the machine's load, so two versions can be compared on a busy or virtual
machine (CPython's opcode tracing: some 50 times slower than a plain run)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any


def count(run: Callable[[], Any]) -> tuple[Any, Counter[str]]:
    """``run()``'s result and the bytecodes it executed, by file name."""
    by_file: Counter[str] = Counter()

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        elif event == "opcode":
            by_file[frame.f_code.co_filename] += 1
        return trace

    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        result = run()
    finally:
        sys.settrace(previous)
    return result, Counter({Path(f).name: n for f, n in by_file.items()})
