"""Render a command's diagnostics as text, JSON, GitHub annotations, SARIF or JUnit.

Every format renders the same :class:`Report`; ``render`` is what goes to stdout,
``summary_line`` the human chatter for stderr, ``exit_code`` the process status.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardscript.report.color import use_color
from cardscript.report.github import render_github
from cardscript.report.json_report import render_json
from cardscript.report.junit import render_junit
from cardscript.report.model import Report
from cardscript.report.sarif import render_sarif
from cardscript.report.shown import shown_report
from cardscript.report.step_summary import write_github_step_summary
from cardscript.report.summary import exit_code, summary_line
from cardscript.report.text import render_text

FORMATS = ("text", "json", "github", "sarif", "junit")

__all__ = [
    "FORMATS",
    "Report",
    "exit_code",
    "render",
    "summary_line",
    "use_color",
    "write_github_step_summary",
]


def render(
    report: Report,
    fmt: str,
    *,
    color: bool,
    rule_descriptions: Mapping[str, str] | None = None,
) -> str:
    """The report in ``fmt``, ready for stdout. ``color`` only affects ``text``;
    ``rule_descriptions`` (code -> one-line description) only ``sarif``."""
    report = shown_report(report)
    if fmt == "text":
        return render_text(report, color=color)
    if fmt == "json":
        return render_json(report)
    if fmt == "github":
        return render_github(report)
    if fmt == "sarif":
        return render_sarif(report, rule_descriptions)
    if fmt == "junit":
        return render_junit(report)
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
