"""An Interrupt on an event no interrupt window opens before (CS-T031).

A line under a label marked ``before_event`` (Marvel Champions' Interrupts, G20) is heard
only in the window the kernel opens before an event, and the kernel opens one only
before the events the registry marks ``interrupt_window`` (an enemy's activation, attack
or scheme, damage, a card played, revealed or leaving play, …). On any other event the
line would parse and never run.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.registry import Registry


def check_interrupt_window(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    label = registry.term("LABEL", line.label.name) if line.label is not None else None
    ability = line.ability
    if label is None or not label.before_event or not isinstance(ability, ast.Triggered):
        return
    event = registry.term("EVENT", ability.event.event or "")
    if event is None or event.interrupt_window:
        return
    windows = [f'"{t.text}"' for t in registry.terms("EVENT") if t.interrupt_window]
    if not windows:
        return  # (a game that opens no window: its labels' timing is all there is)
    after = registry.term("LABEL", label.id.replace("interrupt", "response"))
    hints = [f"an interrupt window opens only before: {', '.join(windows)}"]
    if after is not None and after.id != label.id:
        hints.append(f'perhaps try "{after.text}: After …", once it has happened')
    yield error(
        "CS-T031",
        f'this "{label.text}:" line never runs: no interrupt window opens before "{event.text}"',
        ability.event.span,
        *hints,
    )
