"""Priority windows for sudden actions (spec berserk.md §12, §17.1; §215, §402.3в).

A simplified stack: before a triggered ability or a Destruction Effect resolves, the
players may respond with sudden actions, playable abilities marked "(any time)". The
active player has priority first; a declared sudden action resolves at once and priority
passes to the other player; the window closes when both pass in a row, and then the
waiting object resolves, its conditions checked anew: a Destruction Effect caused by
wounds is cancelled if the card has lives left again (§402.3в, T-56), a trigger's "if"
sees what the responses changed (Concentration, T-28). A declared playable ability waits
in one too before its effects (``abilities.declare``). Windows do not nest: a response's
own deaths and untargeted triggers resolve at once; only a redirection's Wounds object and
the Target object of a declared or triggered ability get a window of their own
(``redirection.py``). While a simple
strike's Target object is on top the inactive player may assign a defender among the
sudden actions (20.71).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.interpreter.apart import placed
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine
from cardscript.kernels.berserk import abilities, redirection

if TYPE_CHECKING:
    from cardscript.kernels.berserk.movement import BoardKernel

MAX_RESPONSES = 20


def sudden(ability: CompiledAbility) -> bool:
    """Declarable whenever its controller has priority (the sudden-action symbol, §104.5)."""
    return any(mod.kind == "any_time" for mod in ability.line.mods)


Response = abilities.Option | redirection.Defend


def responses(kernel: BoardKernel, engine: Engine, player: int) -> list[Response]:
    """The sudden actions ``player`` may take now: assigning a defender, then the
    playable abilities marked "(any time)"."""
    found: list[Response] = [
        redirection.Defend(u) for u in redirection.defenders(kernel, engine, player)
    ]
    if not any(  # cheap first: most squads have no sudden ability at all
        sudden(a)
        for uid in kernel.squad(engine, player)
        for a in engine.card_abilities(uid, ast.Activated)
    ):
        return found
    return found + abilities.options(kernel, engine, player, sudden)


def label(engine: Engine, response: Response) -> str:
    if isinstance(response, redirection.Defend):
        return f"defend with {engine.describe(response.uid)}"
    return abilities.label(engine, response)


def window(kernel: BoardKernel, engine: Engine, what: str, nested: bool = False) -> None:
    """Let the players respond before ``what`` resolves; inside another window only
    when ``nested`` (a redirection's Wounds object, §412.4)."""
    state = engine.state
    outer = bool(state.data.get("in_window"))
    if (outer and not nested) or state.phase in ("setup", "preliminary_phase"):
        return
    state.data["in_window"] = True
    try:
        holder, passes = state.active, 0
        for _ in range(MAX_RESPONSES):
            if state.result is not None or passes >= len(state.players):
                return
            found = responses(kernel, engine, holder)
            picked = redirection.pinned(engine, found)
            if found and not picked:
                labels = placed(engine, found, [label(engine, o) for o in found])
                (picked,) = engine.choose(
                    holder, "action", f"respond to {what}?", [None, *found], ["pass", *labels]
                )
            if picked == 0:
                passes += 1
            else:
                response = found[picked - 1]
                if isinstance(response, redirection.Defend):
                    redirection.assign(kernel, engine, response.uid)
                else:
                    abilities.declare(kernel, engine, *response)
                passes = 0
            holder = (holder + 1) % len(state.players)
    finally:
        state.data["in_window"] = outer
