"""textDocument/publishDiagnostics: what ``validate`` says of an open buffer.

The buffer is checked as ``validate FILE`` checks the file (YAML, schema, card script, card
checks; a keywords file as a keywords file), and across files as ``validate`` does for
one file: against the bundled cards of its game, not the other files of its folder. Each
hint is a "hint: …" line of the message, as in the SARIF and GitHub formats.
"""

from __future__ import annotations

from typing import Any

from cardscript.cardfiles.scriptmemo import ScriptMemo
from cardscript.cardfiles.validate import ResultCache, validate_text
from cardscript.grammar.diagnostics import Diagnostic, Severity
from cardscript.lsp.positions import Positions
from cardscript.report.model import with_hints
from cardscript.report.sarif import help_uri

# LSP's DiagnosticSeverity
SEVERITY = {Severity.ERROR: 1, Severity.WARNING: 2, Severity.NOTE: 3}


def buffer_diagnostics(
    path: str, text: str, cache: ResultCache | None, memo: ScriptMemo | None = None
) -> list[dict[str, Any]]:
    """The LSP diagnostics of ``text`` as the file at ``path`` (the memo: the server's,
    kept from one change to the next)."""
    positions = Positions(text)
    return [
        lsp_diagnostic(d, positions)
        for d in validate_text(path, text, cache, memo)
        if d.span is None or d.span.file in (None, path)  # (not a bundled file's side)
    ]


def lsp_diagnostic(diagnostic: Diagnostic, positions: Positions) -> dict[str, Any]:
    return {
        "range": positions.range_of(diagnostic.span),
        "severity": SEVERITY[diagnostic.severity],
        "code": diagnostic.code,
        "codeDescription": {"href": help_uri(diagnostic.code)},
        "source": "cardscript",
        "message": with_hints(diagnostic),
    }
