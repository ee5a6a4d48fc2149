"""Counter costs (spec berserk.md §16, §104.4): "spend N →", the counter symbol before a
colon, pays N counters of the card whose ability it is and, with Meditation (DICT
«Медитация»: "may pay for its playable abilities with counters of other cards of the
same element in your squad"), of its kindred cards too, as many from each as its payer
chooses. 0 cannot be declared (§103.7а) nor what cannot be paid (§103.6, DICT «Ярость»)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.primitives import remove_counters

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

COUNTER = "counter"
# state.data: the card whose ability's Payment object is being paid (``payment.pay``)
PAYING = "paying"


def payers(kernel: FieldKernel, engine: Engine, uid: int, counter: str = COUNTER) -> list[int]:
    """The cards whose ``counter`` counters pay the card's costs: it, then its kindred
    cards (Meditation speaks of counters, фишки, only)."""
    if counter != COUNTER:
        return [uid]
    return [uid, *kernel.kindred(engine, uid)]


def available(kernel: FieldKernel, engine: Engine, uid: int, counter: str = COUNTER) -> int:
    """The counters the card may pay with, all of ``payers`` together."""
    cards = engine.state.cards
    return sum(cards[k].counters.get(counter, 0) for k in payers(kernel, engine, uid, counter))


def pay(
    kernel: FieldKernel, engine: Engine, cause: Cause, uid: int, counter: str, amount: int
) -> bool:
    """Remove ``amount`` counters for a cost of ``uid`` from ``payers``: while more than
    one card has some and not all of them are needed, its controller chooses whose each
    counter is (logged). With one card holding any, the plain removal from it. Nothing
    is removed (False) where they and the later steps of the cost taking the same
    counters (``Engine.cost_after``) cannot all be paid: a cost is paid in full (§103.3,
    §103.6)."""
    later = sum(n for _, n in engine.cost_after)
    if available(kernel, engine, uid, counter) < amount + later:
        return False
    cards = engine.state.cards
    left = {
        k: n
        for k in payers(kernel, engine, uid, counter)
        if (n := cards[k].counters.get(counter, 0))
    }
    if len(left) <= 1:
        return remove_counters(engine, cause, next(iter(left), uid), counter, amount)
    taken = dict.fromkeys(left, 0)
    for paid in range(amount):
        holders = [k for k, n in left.items() if n]
        if not holders:
            break
        if len(holders) == 1 or sum(left.values()) <= amount - paid:
            picked = holders[0]  # no choice: the one card, or every counter left is needed
        else:
            labels = [f"{engine.describe(k)} ({left[k]})" for k in holders]
            prompt = f"pay with whose counter? ({paid + 1} of {amount})"
            (index,) = engine.choose(cards[uid].controller, "option", prompt, holders, labels)
            picked = holders[index]
        left[picked] -= 1
        taken[picked] += 1
    for k, n in taken.items():
        if n:
            remove_counters(engine, cause, k, counter, n)
    return True


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
