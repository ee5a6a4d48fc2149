"""The one-line human summary for stderr, and the exit status."""

from __future__ import annotations

from cardscript.report.model import Report, counts, fails
from cardscript.wording import plural as _plural


def summary_line(report: Report) -> str:
    """E.g. ``checked 12 files: 2 errors, 1 warning`` (notes only when there are any)."""
    found = counts(report)
    checked = f"checked {_plural(len(report.checked), 'file')}"
    if not any(found):
        return f"{checked}: no problems"
    parts = [_plural(found.errors, "error"), _plural(found.warnings, "warning")]
    if found.notes:
        parts.append(_plural(found.notes, "note"))
    return f"{checked}: {', '.join(parts)}"


def exit_code(report: Report) -> int:
    """1 if anything fails (errors; warnings too under strict), else 0."""
    return int(any(fails(d, strict=report.strict) for d in report.diagnostics))
