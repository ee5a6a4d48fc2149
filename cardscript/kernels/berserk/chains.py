"""Infinite chains (spec berserk.md §103.4, T-03): a chain of triggered abilities is cut
at the first effect that exactly repeats an earlier effect of the same chain, and
everything after it is blocked.

An effect's identity is the triggered ability, the card it belongs to (the recipient of
"place a counter on this") and what it answers: the event and the card it happened to
(its cause, "a counter for Charon"). A chain is everything that resolves from the
outermost resolution of pending triggers until it ends (``FieldKernel.resolve_pending``).
The rule hook ``loop_cut`` switches the cut off; the engine's loop guard then stops a
real loop as an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cardscript.interpreter.engine import Engine, PendingTrigger

KEY = "chain effects"  # state.data: the identities of the effects of the running chain


@contextmanager
def chain(engine: Engine) -> Iterator[None]:
    """One chain: the outermost call keeps the effects seen, nested calls share them."""
    data = engine.state.data
    outer = KEY not in data
    if outer:
        data[KEY] = []
    try:
        yield
    finally:
        if outer:
            data.pop(KEY, None)


def repeats(engine: Engine, trigger: PendingTrigger) -> bool:
    """Does this trigger's effect exactly repeat one of the chain (then it is blocked)?
    Else it is remembered as one of the chain's effects. With the cut switched off
    nothing is remembered, so the engine's loop guard sees the states as they are."""
    if not engine.rule("loop_cut", uid=trigger.source):
        return False
    event = trigger.event
    identity: list[Any] = [
        trigger.ability.key,
        trigger.source,
        event.name,
        event.subject,
        event.obj,
    ]
    seen = engine.state.data.setdefault(KEY, [])
    if identity in seen:
        return True
    seen.append(identity)
    return False
