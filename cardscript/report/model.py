"""The Report every output format renders, and the orderings they share."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from cardscript.grammar.diagnostics import Diagnostic, Severity


@dataclass(frozen=True)
class Report:
    """What one command found: its diagnostics, what it looked at, and the texts."""

    tool_command: str
    diagnostics: tuple[Diagnostic, ...]
    checked: tuple[str, ...]
    sources: Mapping[str, str] = field(default_factory=dict)
    strict: bool = False

    def __post_init__(self) -> None:
        # Callers often hold lists; freezing them here keeps the report immutable.
        object.__setattr__(self, "diagnostics", tuple(self.diagnostics))
        object.__setattr__(self, "checked", tuple(self.checked))


class Counts(NamedTuple):
    errors: int
    warnings: int
    notes: int


def ordered(report: Report) -> list[Diagnostic]:
    """Diagnostics by file, line, column, code; span-less ones first (stable)."""
    return sorted(report.diagnostics, key=Diagnostic.sort_key)


def counts(report: Report) -> Counts:
    severities = [d.severity for d in report.diagnostics]
    return Counts(
        severities.count(Severity.ERROR),
        severities.count(Severity.WARNING),
        severities.count(Severity.NOTE),
    )


def file_of(diagnostic: Diagnostic) -> str | None:
    return diagnostic.span.file if diagnostic.span else None


def all_files(report: Report) -> list[str]:
    """Checked files in order, then files only the diagnostics mention, deduplicated."""
    seen: dict[str, None] = dict.fromkeys(report.checked)
    for diagnostic in ordered(report):
        file = file_of(diagnostic)
        if file is not None:
            seen.setdefault(file, None)
    return list(seen)


def with_hints(diagnostic: Diagnostic) -> str:
    """The message with a "hint: …" line for each hint (for a format with one text)."""
    return diagnostic.message + "".join(f"\nhint: {hint}" for hint in diagnostic.hints)


def fails(diagnostic: Diagnostic, *, strict: bool) -> bool:
    """Whether this diagnostic makes the command fail (warnings only under strict)."""
    return diagnostic.is_error or (strict and diagnostic.severity is Severity.WARNING)
