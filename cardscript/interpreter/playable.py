"""Which games can be played: each kernel registers a factory that builds an engine.

The five bundled games register from ``cardscript/kernels/<game>/kernel.py`` (imported on
first use); tests and plugins register their own games with ``register_game``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import yaml

from cardscript.content import bundled_cards_dir, package_name
from cardscript.interpreter.cards import CardPool
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


_BUNDLED: dict[str, CardPool] = {}


def bundled_pool(game: str, extra: Sequence[Path] = ()) -> CardPool:
    """A game's bundled cards (compiled once per process and shared: engines never change
    a pool) or, with extra card files, a new pool of both."""
    if not extra and game in _BUNDLED:
        return _BUNDLED[game]
    from cardscript.games import load_game

    folder = bundled_cards_dir() / game
    pool = CardPool.from_files(load_game(game), sorted(folder.glob("*.yaml")))
    if not extra:
        _BUNDLED[game] = pool
    for path in extra:
        data = yaml.safe_load(path.read_text("utf-8"))
        for card in data["cards"] if isinstance(data, dict) and "cards" in data else [data]:
            pool.add(card)
    return pool
