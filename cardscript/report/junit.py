"""JUnit XML, one testcase per checked file, for CI test-result viewers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from cardscript.grammar.diagnostics import Diagnostic
from cardscript.report.model import Report, all_files, fails, file_of, ordered
from cardscript.report.text import render_diagnostic

NO_FILE = "(no file)"  # testcase for diagnostics that are not about any one file
# Characters XML 1.0 cannot carry at all, even escaped.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def render_junit(report: Report) -> str:
    name = f"cardscript {report.tool_command}"
    groups: dict[str, list[Diagnostic]] = {file: [] for file in all_files(report)}
    for diagnostic in ordered(report):
        groups.setdefault(file_of(diagnostic) or NO_FILE, []).append(diagnostic)

    suite = ET.Element("testsuite", name=name)
    failed = 0
    for file, diagnostics in groups.items():
        failed += _testcase(suite, report, file, diagnostics)
    totals = {"tests": str(len(groups)), "failures": str(failed), "errors": "0"}
    suite.attrib.update(totals, skipped="0")
    root = ET.Element("testsuites", {"name": name, **totals})
    root.append(suite)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def _testcase(suite: ET.Element, report: Report, file: str, diagnostics: list[Diagnostic]) -> bool:
    """Add one file's testcase; return whether it failed."""
    # "deck check" -> "cardscript.deck.check": viewers group classnames by dots.
    classname = ".".join(["cardscript", *report.tool_command.split()])
    case = ET.SubElement(suite, "testcase", classname=classname, name=_xml(file))
    failing: list[Diagnostic] = []
    passing: list[Diagnostic] = []
    for diagnostic in diagnostics:
        (failing if fails(diagnostic, strict=report.strict) else passing).append(diagnostic)
    for diagnostic in failing:
        failure = ET.SubElement(
            case, "failure", type=_xml(diagnostic.code), message=_xml(diagnostic.message)
        )
        failure.text = _xml(render_diagnostic(diagnostic, report.sources, color=False))
    if passing:
        out = ET.SubElement(case, "system-out")
        blocks = (render_diagnostic(d, report.sources, color=False) for d in passing)
        out.text = _xml("\n\n".join(blocks))
    return bool(failing)


def _xml(text: str) -> str:
    """ElementTree escapes markup but writes control characters as-is, which no parser
    accepts; show them as Python escapes instead."""
    return _NOT_XML.sub(lambda m: repr(m.group())[1:-1], text)
