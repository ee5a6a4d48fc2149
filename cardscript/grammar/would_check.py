"""A trigger on what "would" happen under a label that does not resolve first (CS-T029).

"Interrupt: When an enemy would attack you, …" is the event ``attacks`` about to happen:
an interrupt resolves before its triggering condition (Marvel Champions G20), so the
printed "would" says what the label already does. Any other line resolves once the event
happened, where "would" means nothing; what changes the event is a replacement.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry

_BEFORE_TIMINGS = ("when", "whenever")


def check_would(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    ability = line.ability
    if not isinstance(ability, ast.Triggered) or not ability.event.would:
        return
    label = registry.term("LABEL", line.label.name) if line.label is not None else None
    if label is not None and label.before_event and ability.timing in _BEFORE_TIMINGS:
        return
    formatter = Formatter(registry)
    event = ability.event
    timing = ability.timing.capitalize()
    written = f"{timing} {formatter.event(event)}"
    before = [f'"{t.text}:"' for t in registry.terms("LABEL") if t.before_event]
    if before:
        answers = f"only a line labelled {before[0]} answers"
    else:
        answers = f"no line of {registry.title} answers"
    happened = f"{timing} {formatter.event(replace(event, would=False))}"
    subject = formatter.selector(event.subject) if event.subject is not None else ""
    would = formatter.event(event)[len(subject) + 1 :]
    yield error(
        "CS-T029",
        f'"{written}" waits for an event about to happen, which {answers}',
        event.span,
        f'perhaps try "{happened}, …" (once it happened)',
        f'or a replacement: "If {subject} {would}, … instead."',
    )
