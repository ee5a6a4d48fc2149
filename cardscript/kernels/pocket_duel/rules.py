"""Pocket Duel constants shared by the kernel, matches and the Automa."""

from __future__ import annotations

from cardscript.interpreter.engine import Cause

GAME = "pocket-duel"
TYPES = ("strength", "weapon", "intellect", "defense", "agility", "rest", "superpower")
RULE = Cause(rule="round procedure")
REST = Cause(rule="Rest")  # Rest energy
CANCEL = Cause(rule="cancel")  # the energy for a cancel
# PD-X2 (§7.3), kept as an option: each of the five types cancels the two before it.
PD_X2 = {
    "strength": ("agility", "defense"),
    "weapon": ("strength", "agility"),
    "intellect": ("weapon", "strength"),
    "defense": ("intellect", "weapon"),
    "agility": ("defense", "intellect"),
}
