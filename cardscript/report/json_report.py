"""The machine-readable format: one JSON document with a summary and every diagnostic."""

from __future__ import annotations

import json
from typing import Any

from cardscript.grammar.diagnostics import Diagnostic
from cardscript.report.model import Report, counts, ordered

JSON_VERSION = 1


def render_json(report: Report) -> str:
    found = counts(report)
    document = {
        "version": JSON_VERSION,
        "tool": "cardscript",
        "command": report.tool_command,
        "summary": {
            "files": len(report.checked),
            "errors": found.errors,
            "warnings": found.warnings,
            "notes": found.notes,
        },
        "diagnostics": [_diagnostic(d) for d in ordered(report)],
    }
    # Key order is the insertion order above (no sort_keys), so it is part of the format.
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _diagnostic(diagnostic: Diagnostic) -> dict[str, Any]:
    span = diagnostic.span
    return {
        "code": diagnostic.code,
        "severity": diagnostic.severity.value,
        "message": diagnostic.message,
        "file": span.file if span else None,
        "line": span.line if span else None,
        "column": span.column if span else None,
        "end_line": span.end_line if span else None,
        "end_column": span.end_column if span else None,
        "hints": list(diagnostic.hints),
    }
