"""What deck and card-file scenarios share: a literal block inside the scenario file that a
checker reads, its diagnostics moved back into the scenario file, and their comparison
with the expected ones field by field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardscript.cardfiles.yamlsource import Located, YamlDocument, load_yaml_text
from cardscript.grammar.diagnostics import Diagnostic
from cardscript.interpreter.scenario import ScenarioResult
from cardscript.wording import differs

FIELDS = ("code", "line", "column", "message", "hints", "severity")


@dataclass(frozen=True)
class Block:
    """The scenario's data and the literal block under ``key``."""

    doc: YamlDocument
    data: Mapping[str, Any]
    text: str
    where: Located

    def in_file(self, diagnostic: Diagnostic) -> Diagnostic:
        """A checker counts lines from the block's first; the scenario file from its own."""
        span = diagnostic.span
        if span is None or self.where.content_line is None:
            return diagnostic
        indent = (self.where.block_indent or 1) - 1
        moved = span.shifted(self.where.content_line - 1, indent)
        return diagnostic.at(moved.with_file(self.doc.path))


def read_block(path: str | Path, key: str, what: str) -> tuple[ScenarioResult, Block | None]:
    """The scenario's (empty) result and its block; no block when the scenario cannot run
    (the result says why)."""
    doc = load_yaml_text(Path(path).read_text("utf-8"), str(path))
    data = doc.data if isinstance(doc.data, Mapping) else {}
    result = ScenarioResult(str(data.get("scenario", Path(path).stem)), str(path))
    text, where = data.get(key), doc.positions.get((key,))
    if doc.diagnostics or not isinstance(text, str) or where is None or where.style != "|":
        result.error = f"a {what} scenario's '{key}:' is a literal block ({key}: |)"
        return result, None
    return result, Block(doc, data, text, where)


def compare_diagnostics(found: Sequence[Diagnostic], expect: Mapping[str, Any]) -> list[str]:
    """``legal`` (no errors) and ``diagnostics`` (exactly these, in order; only the
    fields given are compared)."""
    failures: list[str] = []
    if "legal" in expect:
        legal = not any(d.is_error for d in found)
        if legal != bool(expect["legal"]):
            failures.append(differs("legal", expect["legal"], legal))
    if "diagnostics" not in expect:
        return failures
    wanted: list[Mapping[str, Any]] = list(expect["diagnostics"] or [])
    if len(wanted) != len(found):
        failures.append(f"diagnostics: expected {len(wanted)}, got {len(found)}")
    for index, (want, got) in enumerate(zip(wanted, found, strict=False)):
        actual = diagnostic_fields(got)
        for key in FIELDS:
            if key in want and _listed(want[key]) != actual[key]:
                failures.append(differs(f"diagnostics[{index}].{key}", want[key], actual[key]))
    return failures


def diagnostic_fields(diagnostic: Diagnostic) -> dict[str, Any]:
    span = diagnostic.span
    return {
        "code": diagnostic.code,
        "line": span.line if span else None,
        "column": span.column if span else None,
        "message": diagnostic.message,
        "hints": list(diagnostic.hints),
        "severity": diagnostic.severity.value,
    }


def shown(diagnostic: Diagnostic) -> str:
    where = f"{diagnostic.span.line}:{diagnostic.span.column} " if diagnostic.span else ""
    hints = "".join(f" (hint: {h})" for h in diagnostic.hints)
    return f"{where}{diagnostic.code} {diagnostic.message}{hints}"


def _listed(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
