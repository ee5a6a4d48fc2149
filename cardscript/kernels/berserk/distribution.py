"""Redistribution's wounds (spec berserk.md §20.37, DICT «Перераспределение»): "distribute
N wounds" deals N wounds split as the controller of the source chooses among the creatures
of the battlefield, one wound at a time; a creature may get more than its lives."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.interpreter.apart import described
from cardscript.interpreter.engine import Cause, Engine

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel


def distribute(kernel: FieldKernel) -> Any:
    def run(
        engine: Engine, cause: Cause, player: int, amount: int, kind: str | None = None, **_: Any
    ) -> int:
        """The split is chosen first, then each creature's wounds are dealt at once (the
        source's wounds, an ability's, not an attack's). The wounds dealt."""
        source = cause.source
        chooser = engine.state.cards[source].controller if source is not None else player
        creatures = [
            u for p in range(len(engine.state.players)) for u in kernel.creatures(engine, p)
        ]
        if amount <= 0 or not creatures:
            return 0
        labels = described(engine, creatures)
        split: dict[int, int] = {}
        for n in range(amount):
            (picked,) = engine.choose(
                chooser, "targets", f"wound {n + 1} of {amount} to?", creatures, labels
            )
            split[creatures[picked]] = split.get(creatures[picked], 0) + 1
        dealt = 0
        for uid, wounds in split.items():
            found = engine.apply(
                "deal_damage", cause, target=uid, amount=wounds, kind=kind, source=source
            )
            dealt += int(found or 0)
        return dealt

    return run
