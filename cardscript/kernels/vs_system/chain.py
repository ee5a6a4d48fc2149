"""VS System's chain and priority (spec vs-system.md §8).

Plot twists and payment powers go on the chain: their costs are paid (a plot twist goes to
the KO'd pile or turns face up) when they are added, their effects run when they resolve.
A window: the priority holder adds an effect and keeps priority, or passes to the next
player; when every player has passed in a row the newest effect resolves and priority goes
to the player performing the step (the initiative player outside steps); when every player
passes with an empty chain the window closes (§8.3, [REC] 6). Targets are chosen when an
effect is added ("Target character gets +1 ATK" names its target as it is played, §10)
and only those still legal are affected when it resolves. Triggered powers still resolve
at once after each change, in initiative order (A6 is not modelled yet).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.select import Seat, Target

if TYPE_CHECKING:
    from cardscript.kernels.vs_system.field import FieldKernel

MAX_ROUNDS = 60


def responses(engine: Engine, kernel: FieldKernel, player: int) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = [("plot_twist", u) for u in kernel.playable_twists(engine, player)]
    out += [("activate", a) for a in kernel.activatable(engine, player)]
    return out


def _effects(engine: Engine, uid: int) -> list[CompiledAbility]:
    """A plot twist's one-shot abilities (its Ongoing text is not played)."""
    out = []
    for ability in engine.definition(uid).abilities:
        label = ability.line.label
        ongoing = label is not None and label.name == "ongoing"
        if isinstance(ability.node, ast.EffectAbility) and not ongoing:
            out.append(ability)
    return out


def _encode(chosen: dict[int, list[Target]]) -> dict[str, list[list[Any]]]:
    """Targets kept in the (JSON-like) game state: ["card", uid] or ["player", index]."""
    return {
        str(offset): [["player", t.index] if isinstance(t, Seat) else ["card", t] for t in targets]
        for offset, targets in chosen.items()
    }


def _decode(kept: dict[str, list[list[Any]]]) -> dict[int, list[Target]]:
    return {
        int(offset): [Seat(v) if k == "player" else int(v) for k, v in targets]
        for offset, targets in kept.items()
    }


def add_twist(engine: Engine, kernel: FieldKernel, player: int, uid: int) -> None:
    targets = {
        str(a.index): _encode(engine.choose_targets(a, uid, player)) for a in _effects(engine, uid)
    }
    engine.state.data.setdefault("chain", []).append(("plot_twist", uid, player, -1, targets))


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
    targets = {str(ability.index): _encode(engine.choose_targets(ability, uid, player))}
    engine.state.data.setdefault("chain", []).append(
        ("activate", uid, player, ability.index, targets)
    )
    return True


def resolve_top(engine: Engine, kernel: FieldKernel) -> None:
    kind, uid, player, index, targets = engine.state.data["chain"].pop()
    definition = engine.definition(uid)
    if kind == "plot_twist":
        for ability in _effects(engine, uid):
            engine.resolve(
                ability, uid, player, targets=_decode(targets.get(str(ability.index), {}))
            )
    else:
        engine.resolve(
            definition.abilities[index],
            uid,
            player,
            pay=False,
            targets=_decode(targets.get(str(index), {})),
        )
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
