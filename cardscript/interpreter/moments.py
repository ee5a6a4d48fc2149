"""Going on from one period to the next: which periods end and which begin.

A kernel moving the game on raises the end of each period left (``end:<id>``) while it
lasts, ends it (``Engine.enter_step``, ``enter_phase``: what lasts until its end ends),
then raises the start of each period entered (``start:<id>``). ``"setup"`` (the engine's
phase before the game begins) and ``""`` (between turns) name no registry period.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardscript.interpreter.state import GameState

UNNAMED = frozenset({"", "setup"})  # before the game, between turns: no registry phase


def crossing(
    state: GameState, step: str | None, phase: str | None = None
) -> tuple[list[str], list[str]]:
    """The periods left and entered as the game goes on to ``step`` (None: no step) of
    ``phase`` (None: the same phase): the step left, then the phase left; the phase
    entered, then the step. Unnamed ones (``UNNAMED``) are left out."""
    left = [state.step] if state.step is not None and state.step != step else []
    entered = []
    if phase is not None and state.phase != phase:
        left.append(state.phase)
        entered.append(phase)
    if step is not None and state.step != step:
        entered.append(step)
    return [p for p in left if p not in UNNAMED], [p for p in entered if p not in UNNAMED]
