"""A plugin game: the tiny test game with faults on chosen seeds, raised on its third
turn: what a bug of the engine raises (RecursionError, NotImplementedError) and a game
error (RulesError), for the commands' handling of each."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardscript.interpreter.context import RulesError
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from tests.testgame.kernel import TinyKernel, new_engine

FAULTS: dict[int, Callable[[], Exception]] = {
    2: lambda: RecursionError("maximum recursion depth exceeded"),
    3: lambda: RulesError("no rule says what happens now"),
    4: lambda: NotImplementedError("the kernel has no such step"),
}


class FaultyKernel(TinyKernel):
    def __init__(self, fault: Callable[[], Exception] | None) -> None:
        super().__init__()
        self.fault = fault

    def turn(self, engine: Engine) -> None:
        if self.fault is not None and engine.state.turn == 2:
            raise self.fault()
        super().turn(engine)


def _factory(seed: int, agents: list[Any], log: GameLog | None, extra: list[Path]) -> Engine:
    return new_engine(agents, seed, log=log, kernel=FaultyKernel(FAULTS.get(seed)))


def register() -> None:
    from cardscript.interpreter.scenario import register_game

    register_game("testgame-faulty", _factory)
