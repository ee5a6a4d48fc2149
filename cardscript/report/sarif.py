"""SARIF 2.1.0, the format GitHub code scanning and most IDE viewers import."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path, PurePath
from typing import Any
from urllib.parse import quote

import cardscript
from cardscript.grammar.diagnostics import Diagnostic
from cardscript.report.model import Report, all_files, file_of, ordered, with_hints

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
# Placeholder home of the project until it has a published one; helpUri must be absolute.
INFORMATION_URI = "https://github.com/cardscript/cardscript"
DOCS_URI = f"{INFORMATION_URI}/blob/main/docs/diagnostics.md"
SRCROOT = "%SRCROOT%"


def render_sarif(report: Report, rule_descriptions: Mapping[str, str] | None = None) -> str:
    descriptions = rule_descriptions or {}
    diagnostics = ordered(report)
    codes = sorted({d.code for d in diagnostics})
    rule_index = {code: i for i, code in enumerate(codes)}
    files = all_files(report)
    artifact_index = {file: i for i, file in enumerate(files)}
    run = {
        "tool": {
            "driver": {
                "name": "cardscript",
                "version": cardscript.__version__,
                "informationUri": INFORMATION_URI,
                "rules": [_rule(code, descriptions.get(code, code)) for code in codes],
            }
        },
        # Span columns count characters (code points), not SARIF's default UTF-16 units.
        "columnKind": "unicodeCodePoints",
        "artifacts": [{"location": artifact_location(file)} for file in files],
        "results": [_result(d, rule_index, artifact_index) for d in diagnostics],
    }
    log = {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def artifact_location(file: str, index: int | None = None) -> dict[str, Any]:
    """A relative path becomes a %SRCROOT%-relative URI; an absolute one a file: URI."""
    path = PurePath(file)
    if path.is_absolute():
        location: dict[str, Any] = {"uri": Path(file).as_uri()}
    else:
        posix = path.as_posix()  # also turns Windows separators into "/"
        location = {"uri": quote(posix, safe="/"), "uriBaseId": SRCROOT}
    if index is not None:
        location["index"] = index
    return location


def help_uri(code: str) -> str:
    """Where the docs explain a diagnostic code."""
    return f"{DOCS_URI}#{code.lower()}"


def _rule(code: str, description: str) -> dict[str, Any]:
    return {
        "id": code,
        "shortDescription": {"text": description},
        "helpUri": help_uri(code),
    }


def _result(
    diagnostic: Diagnostic, rule_index: Mapping[str, int], artifact_index: Mapping[str, int]
) -> dict[str, Any]:
    text = with_hints(diagnostic)
    result: dict[str, Any] = {
        "ruleId": diagnostic.code,
        "ruleIndex": rule_index[diagnostic.code],
        "level": diagnostic.severity.value,  # error / warning / note are SARIF levels too
        "message": {"text": text},
    }
    file = file_of(diagnostic)
    span = diagnostic.span
    # A physicalLocation needs an artifact; a result with no file simply has no location.
    if span is not None and file is not None:
        region = {
            "startLine": span.line,
            "startColumn": span.column,
            "endLine": span.end_line,
            "endColumn": span.end_column,
        }
        location = artifact_location(file, artifact_index[file])
        result["locations"] = [
            {"physicalLocation": {"artifactLocation": location, "region": region}}
        ]
    return result
