"""A Markdown job summary for GitHub Actions ($GITHUB_STEP_SUMMARY)."""

from __future__ import annotations

from cardscript.grammar.diagnostics import Diagnostic, Severity
from cardscript.report.model import Report, ordered
from cardscript.report.summary import summary_line

MAX_ROWS = 50
_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}
# Per character, so no escape is escaped again; HTML is entity-escaped, markup backslashed.
_MARKDOWN = {"\\": "\\\\", "&": "&amp;", "<": "&lt;", ">": "&gt;"} | {
    c: "\\" + c for c in "`*_[]~|"
}


def write_github_step_summary(report: Report, path: str) -> None:
    """Append the summary to ``path``; GitHub shows each step's file on the run page."""
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(step_summary_markdown(report))


def step_summary_markdown(report: Report) -> str:
    lines = [f"### cardscript {cell(report.tool_command)}", "", cell(summary_line(report)), ""]
    # Worst first, so a truncated table still shows the errors.
    problems = sorted(ordered(report), key=lambda d: _RANK[d.severity])
    if problems:
        lines += ["| Location | Severity | Code | Message |", "| --- | --- | --- | --- |"]
        lines += [_row(d) for d in problems[:MAX_ROWS]]
        lines.append("")
        if len(problems) > MAX_ROWS:
            lines += [f"… and {len(problems) - MAX_ROWS} more.", ""]
    return "\n".join(lines) + "\n"


def _row(diagnostic: Diagnostic) -> str:
    span = diagnostic.span
    if span is None:
        where = "(no file)"
    elif span.file is None:
        where = f"line {span.line}"
    else:
        where = f"{span.file}:{span.line}"
    fields = [where, diagnostic.severity.value, diagnostic.code, diagnostic.message]
    return "| " + " | ".join(cell(f) for f in fields) + " |"


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell: no markup, no row break, no column break."""
    escaped = "".join(_MARKDOWN.get(c, c) for c in text)
    return escaped.replace("\r\n", "<br>").replace("\n", "<br>").replace("\r", "<br>")
