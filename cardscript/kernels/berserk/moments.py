"""Going from step to step and phase to phase (spec berserk.md §7.1, §9; §300.3–300.5).

What triggers "at the end of" the step or phase being left (``end:<id>``) resolves while
it lasts; then it ends (``control.enter``: what lasts until its end ends with it, the
cards a control effect held go back); then what triggers "at the start of" the one entered
(``start:<id>``) resolves (§300.4). The events are those of the registry's phases, with the
active player; in the preliminary phase, which has no stack, the first player's triggers
resolve first (§301.2). The preliminary phase begins with its deal step and ends after
its vanguard step (§301.1). ``"setup"`` (the engine's phase before the battle begins) and
``""`` (between turns) name no registry period and raise nothing (``interpreter.moments``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.interpreter.engine import Engine, Event
from cardscript.interpreter.moments import UNNAMED, crossing
from cardscript.kernels.berserk import control

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel


def go_to(
    kernel: FieldKernel,
    engine: Engine,
    step: str | None,
    phase: str | None = None,
    *,
    starting: bool = True,
) -> None:
    """The battle goes on to ``step`` (None: no step) of ``phase`` (None: the same phase).
    ``starting``: raise the start of what is entered now (else the caller does, later in
    the step: the turn start step's, after the cards open, §311)."""
    left, entered = crossing(engine.state, step, phase)
    happen(kernel, engine, *(f"end:{p}" for p in left))
    control.enter(engine, step, phase)
    if starting:
        happen(kernel, engine, *(f"start:{p}" for p in entered))


def happen(kernel: FieldKernel, engine: Engine, *moments: str) -> None:
    """The moments happen at once for the active player; what they trigger resolves."""
    state = engine.state
    named = [m for m in moments if m.split(":", 1)[1] not in UNNAMED]
    for moment in named:
        engine.emit(Event(moment, player=state.active))
    if engine.pending and state.result is None:
        kernel.resolve_pending(engine, active_first=state.phase == "preliminary_phase")
