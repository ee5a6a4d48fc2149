"""A Pocket Duel game is dealt its kept starting state only as ``new_state`` made it
(``kernel._fresh``): anything set before the setup, each checked on its own, takes the
full setup; and a kept state is dealt only while the starting values read with it are
kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_setup_template import HEROES, _deals, _everything, _in_full, _kept, _set_up

from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, pocket_duel_pool

POOL = pocket_duel_pool()


def _seat(name: str, value: Any) -> Callable[[Engine], None]:
    return lambda engine: getattr(engine.state.players[1], name).update(x=value)


def _set(name: str, value: Any) -> Callable[[Engine], None]:
    return lambda engine: setattr(engine.state, name, value)


BEFORE = {
    "next_uid": _set("next_uid", 5),
    "log": lambda engine: setattr(engine, "log", GameLog()),
    "clock": _set("clock", 1),
    "turn": _set("turn", 1),
    "active": _set("active", 1),
    "data": _set("data", {"variants": []}),
    "lasting": _set("lasting", [{"kind": "note"}]),
    "counters": _set("counters", {"x": 1}),
    "shared": _set("shared", {"pile": []}),
    "used": _set("used", {"x": 1}),
    "history": _set("history", [("start:round", None, 0, 0)]),
    "resources": _seat("resources", 1),
    "zones": _seat("zones", []),
    "seat data": _seat("data", 1),
}


@pytest.mark.parametrize("before", BEFORE.values(), ids=BEFORE.keys())
def test_each_thing_set_before_the_setup_takes_the_full_setup(
    before: Callable[[Engine], None],
) -> None:
    full = _in_full(6, before=before)
    _set_up(6)
    assert (2, *map(tuple, HEROES)) in _kept()
    with _deals() as dealt:
        again = _set_up(6, before=before)
    assert dealt == []
    assert _everything(again) == _everything(full)


def test_the_kept_state_is_dealt_where_nothing_was_set_before() -> None:
    full = _in_full(6)
    with _deals() as dealt:
        again = _set_up(6)
    assert dealt == [again.state]
    assert _everything(again) == _everything(full)


def test_a_kept_state_is_dealt_only_while_its_starting_values_are_kept() -> None:
    full = _in_full(8)
    assert (2, *map(tuple, HEROES)) in _kept()
    POOL.memo[("pocket duel starts", PocketDuelKernel)].clear()
    with _deals() as dealt:
        again = _set_up(8)
    assert dealt == []
    assert _everything(again) == _everything(full)
