"""VS System's chain and priority (spec vs-system.md §8).

Plot twists and payment powers go on the chain: their costs are paid (a plot twist goes to
the KO'd pile or turns face up) when they are added, their effects run when they resolve.
A window: the priority holder adds an effect and keeps priority, or passes to the next
player; when every player has passed in a row the newest effect resolves and priority goes
to the player performing the step (the initiative player outside steps); when every player
passes with an empty chain the window closes (§8.3, [REC] 6). Triggered powers still
resolve at once after each change, in initiative order (A6 is not modelled yet).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine

if TYPE_CHECKING:
    from cardscript.kernels.vs_system.field import FieldKernel

MAX_ROUNDS = 60


def responses(engine: Engine, kernel: FieldKernel, player: int) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = [("plot_twist", u) for u in kernel.playable_twists(engine, player)]
    out += [("activate", a) for a in kernel.activatable(engine, player)]
    return out


def add_twist(engine: Engine, kernel: FieldKernel, player: int, uid: int) -> None:
    engine.state.data.setdefault("chain", []).append(("plot_twist", uid, player, -1))


def add_power(
    engine: Engine, kernel: FieldKernel, player: int, uid: int, ability: CompiledAbility
) -> bool:
    """Pay the power's costs now; its effects wait on the chain."""
    from cardscript.interpreter.effects import run_steps

    node = ability.node
    costs = getattr(node, "costs", None)
    if costs is not None:
        ctx = engine.context(uid, ability, player)
        run_steps(ctx, costs)
        if not ctx.did:
            return False
    engine.state.data.setdefault("chain", []).append(("activate", uid, player, ability.index))
    return True


def resolve_top(engine: Engine, kernel: FieldKernel) -> None:
    kind, uid, player, index = engine.state.data["chain"].pop()
    definition = engine.definition(uid)
    if kind == "plot_twist":
        for ability in definition.abilities:
            label = ability.line.label
            ongoing = label is not None and label.name == "ongoing"
            if isinstance(ability.node, ast.EffectAbility) and not ongoing:
                engine.resolve(ability, uid, player)
    else:
        engine.resolve(definition.abilities[index], uid, player, pay=False)
    kernel.resolve_pending(engine)


def window(engine: Engine, kernel: FieldKernel, first: int) -> None:
    """Priority from ``first`` until the chain is empty and everyone has passed."""
    state = engine.state
    if state.data.get("in_window"):
        return  # the outer window goes on with the new effect on top
    state.data["in_window"] = True
    n = len(state.players)
    holder, passes = first, 0
    try:
        for _ in range(MAX_ROUNDS * n):
            if state.result is not None:
                break
            options = responses(engine, kernel, holder)
            labels = [f"{k} {kernel.label(engine, w)}" for k, w in options]
            picked = 0
            if options:
                (picked,) = engine.choose(
                    holder, "action", "priority", [None, *options], ["pass", *labels]
                )
            if picked == 0:
                passes += 1
                if passes < n:
                    holder = (holder + 1) % n
                    continue
                if not state.data.get("chain"):
                    break
                resolve_top(engine, kernel)
                passes = 0
                holder = kernel.priority_player(engine)
                continue
            kind, what = options[picked - 1]
            try:
                kernel.add(engine, holder, kind, what)
            except ValueError:  # a cost the check above missed: counts as a pass
                passes += 1
                holder = (holder + 1) % n
                continue
            passes = 0
        while state.data.get("chain") and state.result is None:
            resolve_top(engine, kernel)  # the round limit: the rest resolves in order
    finally:
        state.data["in_window"] = False
