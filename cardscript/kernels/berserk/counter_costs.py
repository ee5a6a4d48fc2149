"""Counter costs (spec berserk.md §16, §104.4): "spend N →", the counter symbol before a
colon, pays N counters of the card whose ability it is, or of a kindred card (Meditation,
DICT «Медитация»). 0 cannot be declared (§103.7а) nor what the card does not have
(§103.6, DICT «Ярость»)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.interpreter.engine import Cause, Engine

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

COUNTER = "counter"


def available(kernel: FieldKernel, engine: Engine, uid: int, counter: str = COUNTER) -> int:
    """The counters the card may pay with: its own, or with none the kindred cards'."""
    have = engine.state.cards[uid].counters.get(counter, 0)
    if have:
        return have
    return sum(engine.state.cards[k].counters.get(counter, 0) for k in kernel.kindred(engine, uid))


def spend(kernel: FieldKernel) -> Any:
    def run(engine: Engine, cause: Cause, player: int, amount: int, **_: Any) -> bool:
        """The cost "spend N": N counters removed, or nothing paid (False)."""
        source = cause.source
        if source is None or amount <= 0 or available(kernel, engine, source) < amount:
            return False
        return bool(
            engine.apply("remove_counters", cause, uid=source, counter=COUNTER, amount=amount)
        )

    return run
