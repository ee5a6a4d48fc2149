"""Python bytecodes executed, by source file: a measure of work that, unlike time, does
not move with the machine's load, so two versions can be compared on a busy or virtual
machine (CPython's opcode tracing: some 50 times slower than a plain run). Also how many
different bytecodes ran (each code object's own offsets): the code the work goes through,
which the interpreter's caches must hold."""

from __future__ import annotations

import gc
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any, NamedTuple


class Counted(NamedTuple):
    result: Any  # what ``run()`` returned
    by_file: Counter[str]  # bytecodes executed, by file name
    distinct: int  # how many different bytecodes those were


def count(run: Callable[[], Any]) -> Counted:
    """``run()``'s result, the bytecodes it executed by file name, and how many
    different ones."""
    by_file: Counter[str] = Counter()
    seen: set[tuple[Any, int]] = set()

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        elif event == "opcode":
            code = frame.f_code
            by_file[code.co_filename] += 1
            seen.add((code, frame.f_lasti))
        return trace

    result = _watched(run, sys.gettrace, sys.settrace, trace)
    return Counted(result, Counter({Path(f).name: n for f, n in by_file.items()}), len(seen))


def _watched(
    run: Callable[[], Any],
    current: Callable[[], Any],
    install: Callable[[Any], None],
    hook: Callable[..., Any],
) -> Any:
    """``run()`` with ``hook`` installed (``sys.settrace`` or ``sys.setprofile``), the
    one before put back after it. No collection while counting: it would run other
    objects' finalizers (Python code of whatever else the process holds) inside the
    count, wherever it fell."""
    collecting = gc.isenabled()
    gc.collect()
    gc.disable()
    previous = current()
    install(hook)
    try:
        return run()
    finally:
        install(previous)
        if collecting:
            gc.enable()


class Calls(NamedTuple):
    result: Any  # what ``run()`` returned
    python: Counter[str]  # calls of Python functions, by "file:function"
    builtin: Counter[str]  # calls of built-in functions and methods, by qualified name


def calls(run: Callable[[], Any]) -> Calls:
    """``run()``'s result and the calls it made, Python functions and built-ins apart
    (CPython's profile hook): on CPython a call costs many times a plain bytecode, so two
    codes with the same bytecodes may take different times by their calls."""
    python: Counter[str] = Counter()
    builtin: Counter[str] = Counter()

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            code = frame.f_code
            python[f"{Path(code.co_filename).name}:{code.co_name}"] += 1
        elif event == "c_call":
            builtin[getattr(arg, "__qualname__", type(arg).__name__)] += 1

    return Calls(_watched(run, sys.getprofile, sys.setprofile, hook), python, builtin)
