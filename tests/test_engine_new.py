"""``Engine.new`` makes the engine without calling its class (``__init__`` is a call from
C into Python, a default factory a call per field): what it makes is what the class makes,
field for field and in order, and no two engines share a mutable field."""

from __future__ import annotations

from collections import deque
from dataclasses import fields

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, pocket_duel_pool

POOL = pocket_duel_pool()


def _new(**kw: object) -> Engine:
    return Engine.new(POOL.game, POOL, PocketDuelKernel(), [FirstAgent(), FirstAgent()], 3, **kw)


def _by_class(made: Engine, **kw: object) -> Engine:
    """The engine the dataclass's ``__init__`` makes of ``made``'s own arguments."""
    return Engine(made.game, made.pool, made.kernel, made.agents, made.state, **kw)


def test_an_engine_made_by_new_is_the_one_its_class_makes() -> None:
    for kw in ({}, {"budget": 50}, {"log": GameLog()}):
        made = _new(**kw)
        by_class = _by_class(made, **kw)
        assert made == by_class
        # every field, in the class's order (the order its attributes are laid out in)
        assert list(vars(made)) == list(vars(by_class)) == [f.name for f in fields(Engine)]
        for f in fields(Engine):
            mine, theirs = getattr(made, f.name), getattr(by_class, f.name)
            assert type(mine) is type(theirs), f.name
        assert made.recent.maxlen == by_class.recent.maxlen
        assert isinstance(made.recent, deque)


def test_engines_made_by_new_share_no_mutable_field() -> None:
    one, two = _new(), _new()
    for f in fields(Engine):
        value = getattr(one, f.name)
        if isinstance(value, list | dict | set | deque):
            assert value is not getattr(two, f.name), f.name
    one.pending.append(None)  # type: ignore[arg-type]
    one._loop_pairs.add(("x", None))
    assert two.pending == [] and two._loop_pairs == set()


def test_a_subclass_with_fields_of_its_own_is_made_by_its_class() -> None:
    from dataclasses import dataclass, field

    @dataclass(eq=False)
    class Watched(Engine):
        seen: list[str] = field(default_factory=list)

    made = Watched.new(POOL.game, POOL, PocketDuelKernel(), [FirstAgent(), FirstAgent()], 3)
    assert type(made) is Watched and made.seen == [] and made.budget == 200_000
    assert [f.name for f in fields(Watched)][-1] == "seen"
