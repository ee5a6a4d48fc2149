"""Redirection by card text (перенаправление, spec berserk.md §18.9; §412).

"close this → redirect it to this (any time)": a playable ability that gives the attack
whose Target object is on top a new target. It may be declared only then (§412.3), never
by Precision's holder's victims (the rule hook ``redirectable``), and only while the
attack still has its initial target: a redirected attack is not redirected again, and a
defender is a redirection too, so none is asked for afterwards (§412.5, §205.3). A
redirection is a chain of only Wounds and Payment (§412.4): it has no Target object, so
nothing redirects it, and a block does not remove it; the players may still respond to it
(its Wounds object gets its own window). A card whose redirection waits on the stack
declares no other (§412.6). The simple strike and attack abilities (shots, throws…: their
declaration's window is their Target object's) can be redirected; other playable
abilities cannot yet.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine
from cardscript.kernels.berserk.kinds import may_attack
from cardscript.kernels.berserk.strike import CHAIN, ON_TOP, REDIRECTED

if TYPE_CHECKING:
    from cardscript.kernels.berserk.movement import BoardKernel


def redirects(ability: CompiledAbility) -> bool:
    """Is one of the ability's effects "redirect it to …" (a redirection, §412.4)?"""
    effects = getattr(ability.node, "effects", None)
    steps = effects.steps if effects is not None else ()
    return any(isinstance(s, ast.Clause) and s.action.verb == "redirect" for s in steps)


def open_to(engine: Engine, chain: dict[str, Any]) -> bool:
    """May ``chain`` be redirected now: its Target object on top (§412.3), still with its
    initial target (§412.5) and its source's abilities redirectable (Precision)?"""
    return (
        chain.get("object") == "target"
        and engine.state.data.get(ON_TOP) == "target"
        and not chain.get("redirection")
        and REDIRECTED not in chain
        and bool(engine.rule("redirectable", uid=chain["source"]))
    )


def declarable(engine: Engine, uid: int) -> bool:
    """May ``uid`` declare a redirection now: a chain on top open to one, and no
    redirection of its own waiting on the stack (§412.6)?"""
    chains = engine.state.data.get(CHAIN, ())
    if any(c.get("redirection") and c["source"] == uid for c in chains):
        return False
    return bool(chains) and open_to(engine, chains[-1])


@contextmanager
def _on_top(engine: Engine, at: str) -> Iterator[None]:
    """Which object of a chain is on top while a window is open (§412.3, §422.3)."""
    data = engine.state.data
    before = data.get(ON_TOP)
    data[ON_TOP] = at
    try:
        yield
    finally:
        if before is None:
            data.pop(ON_TOP, None)
        else:
            data[ON_TOP] = before


def respond(kernel: BoardKernel, engine: Engine, chain: dict[str, Any], what: str) -> None:
    """The window while the redirection's Wounds object is on top: its own, though a
    window is open already (it is a chain of its own, §412.4)."""
    chain["redirection"] = True
    with _on_top(engine, "wounds"):
        kernel.respond(engine, what, nested=True)


def target_window(
    kernel: BoardKernel, engine: Engine, chain: dict[str, Any], target: int, what: str
) -> int:
    """An attack ability's declaration window, its Target object's (§216.3): open to a
    redirection. The target the attack has after it."""
    chain.update(object="target", target=target)
    with _on_top(engine, "target"):
        kernel.respond(engine, what)
    return int(chain.get(REDIRECTED, target))


def primitive(kernel: BoardKernel) -> Any:
    """The verb "redirect": the chain the redirection answers gets ``target`` as its
    target in place of the initial one (§412.5). False when that is illegal now."""

    def run(engine: Engine, cause: Cause, target: Any = None, **_: Any) -> bool:
        chains = engine.state.data.get(CHAIN, ())
        if len(chains) < 2 or not isinstance(target, int) or not open_to(engine, chains[-2]):
            return False
        answered = chains[-2]
        attacker = answered["source"]
        card = engine.state.cards[target]
        if (
            target in (attacker, answered.get("target"))
            or card.zone not in kernel.play_zones
            or engine.definition(target).type in ("terrain", "equipment")
            or not may_attack(engine, attacker, target)
        ):
            return False
        answered[REDIRECTED] = target
        return True

    return run
