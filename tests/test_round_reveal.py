"""The round's reveal and effect step read what the game's ``RoundPlan`` remembers: the
reveal's events written at once where they are only recorded, the effect step's rule
values while no card of the game and no lasting effect can change them."""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine, pocket_duel_pool

POOL = pocket_duel_pool()


class _LaterHeals(PocketDuelKernel):
    """Heals after the damage and an "On hit" from 3 damage: values its own code gives."""

    computed_hooks = PocketDuelKernel.computed_hooks | {"on_hit_minimum"}

    def hook_default(self, engine: Engine, hook: str, default: Any) -> Any:
        if hook == "damage_before_healing":
            return True
        if hook == "on_hit_minimum":
            return 3
        return super().hook_default(engine, hook, default)


class _Recorded(PocketDuelKernel):
    """Keeps the round's history as the end of the round finds it (it is emptied then)."""

    seen: tuple[Any, ...] = ()

    def _end_of_round(self, engine: Engine, *args: Any) -> None:
        self.seen = tuple(engine.state.history)
        super()._end_of_round(engine, *args)


class _RecordedThroughTheEngine(_Recorded):
    """Its own event names (the same ones): every event through ``Engine.happened``."""

    def event_name(self, generic: str) -> str:
        return generic


def _engine(kernel_class: type[PocketDuelKernel]) -> Engine:
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    engine.kernel.__class__ = kernel_class
    engine.kernel.setup(engine, [["nell-hero"], ["sable-hero"]])
    return engine


def test_the_reveal_records_each_cards_move_and_play_then_every_reveal() -> None:
    for kernel_class in (_Recorded, _RecordedThroughTheEngine):
        engine = _engine(kernel_class)
        kernel = engine.kernel
        assert isinstance(kernel, _Recorded)
        kernel.round(engine)
        assert kernel.round_plan(engine).reveal_silent is (kernel_class is _Recorded)
        names = [(e[0], e[2]) for e in kernel.seen][2:10]  # (after the game's, round's start)
        assert names == [
            ("moved", 0),
            ("plays", 0),
            ("played", 0),
            ("moved", 1),
            ("plays", 1),
            ("played", 1),
            ("revealed", 0),
            ("revealed", 1),
        ]


def test_the_effect_steps_rule_values_are_the_engines() -> None:
    engine = _engine(PocketDuelKernel)
    kernel = engine.kernel
    assert isinstance(kernel, PocketDuelKernel)
    later, minimum = engine.rule("damage_before_healing"), int(engine.rule("on_hit_minimum"))
    assert kernel.round_plan(engine).effect_rules == (later, minimum)
    engine = _engine(_LaterHeals)
    kernel = engine.kernel
    assert isinstance(kernel, PocketDuelKernel)
    # one of them computed by the kernel: the round asks the engine for both
    assert kernel.round_plan(engine).effect_rules is None
    assert engine.rule("damage_before_healing") is True and engine.rule("on_hit_minimum") == 3
