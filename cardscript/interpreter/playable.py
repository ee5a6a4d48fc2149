"""Which games can be played: each kernel registers a factory that builds an engine.

The five bundled games register from ``cardscript/kernels/<game>/kernel.py`` (imported on
first use); tests and plugins register their own games with ``register_game``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardscript.content import package_name
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog

# factory(seed, agents, log, extra card files) -> an Engine with its card pool loaded
EngineFactory = Callable[[int, list[Any], GameLog, list[Path]], Engine]
_FACTORIES: dict[str, EngineFactory] = {}


def register_game(game: str, factory: EngineFactory) -> None:
    _FACTORIES[game] = factory


def engine_factory(game: str) -> EngineFactory | None:
    """The game's factory, importing its bundled kernel module if it has one."""
    if game not in _FACTORIES:
        try:
            importlib.import_module(f"cardscript.kernels.{package_name(game)}.kernel")
        except ModuleNotFoundError:
            return None
    return _FACTORIES.get(game)


def load_plugin(spec: str) -> None:
    """``module:function`` — import the module and call the function (it registers)."""
    module, _, function = spec.partition(":")
    loaded = importlib.import_module(module)
    if function:
        getattr(loaded, function)()
