"""Every output format of cardscript.report, checked against exact expected text."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from typing import Any
from urllib.parse import urlsplit

import jsonschema
import pytest

import cardscript
from cardscript.grammar.diagnostics import Diagnostic, Severity, Span
from cardscript.report import (
    FORMATS,
    Report,
    exit_code,
    render,
    summary_line,
    use_color,
    write_github_step_summary,
)
from cardscript.report.github import annotation, escape_data, escape_property
from cardscript.report.step_summary import MAX_ROWS, cell
from cardscript.report.text import render_diagnostic

HEROES = "name: Cyclops\ntext: |\n  you may banana 2 cards\n\tdeal 3 damage\n"
VILLAINS = "name: Злодей\ncost: 3\n"

P001 = Diagnostic(
    "CS-P001",
    Severity.ERROR,
    'expected an effect after "you may", found "banana"',
    Span(3, 11, 3, 17, file="cards/heroes.yaml"),
    ('did you mean "draw"?',),
)
# Starts after a tab and runs onto the next line.
P002 = Diagnostic(
    "CS-P002",
    Severity.ERROR,
    'unknown keyword "deal"',
    Span(4, 2, 5, 1, file="cards/heroes.yaml"),
    ('perhaps try "damage"',),
)
W010 = Diagnostic(
    "CS-W010",
    Severity.WARNING,
    "card cost looks high",
    Span(2, 7, 2, 8, file="cards/villains.yaml"),
)
N001 = Diagnostic(
    "CS-N001",
    Severity.NOTE,
    "неизвестная карта «Злодей»",
    Span(1, 7, 1, 13, file="cards/villains.yaml"),
)
E100 = Diagnostic("CS-E100", Severity.ERROR, "no deck file given")

REPORT = Report(
    "validate",
    (W010, P001, N001, E100, P002),  # unsorted on purpose
    ("cards/heroes.yaml", "cards/villains.yaml"),
    {"cards/heroes.yaml": HEROES, "cards/villains.yaml": VILLAINS},
)


def report(*diagnostics: Diagnostic, strict: bool = False, **kw: Any) -> Report:
    kw.setdefault("checked", ("cards/heroes.yaml", "cards/villains.yaml"))
    kw.setdefault("sources", REPORT.sources)
    return Report("validate", diagnostics, strict=strict, **kw)


# --- text -----------------------------------------------------------------------------

TEXT = """\
error[CS-E100]: no deck file given

error[CS-P001]: expected an effect after "you may", found "banana"
 --> cards/heroes.yaml:3:11
  |
3 |   you may banana 2 cards
  |           ^^^^^^
  = hint: did you mean "draw"?

error[CS-P002]: unknown keyword "deal"
 --> cards/heroes.yaml:4:2
  |
4 |     deal 3 damage
  |     ^^^^^^^^^^^^^
  = hint: perhaps try "damage"

note[CS-N001]: неизвестная карта «Злодей»
 --> cards/villains.yaml:1:7
  |
1 | name: Злодей
  |       ^^^^^^

warning[CS-W010]: card cost looks high
 --> cards/villains.yaml:2:7
  |
2 | cost: 3
  |       ^
"""


def test_text_exact() -> None:
    assert render(REPORT, "text", color=False) == TEXT


def test_text_colour_wraps_labels_messages_and_carets() -> None:
    out = render(report(P001, W010, N001), "text", color=True)
    assert out.splitlines()[0] == (
        "\x1b[1;31merror[CS-P001]\x1b[0m: "
        '\x1b[1mexpected an effect after "you may", found "banana"\x1b[0m'
    )
    assert "  |           \x1b[1;31m^^^^^^\x1b[0m\n" in out
    assert "\x1b[1;33mwarning[CS-W010]\x1b[0m" in out
    assert "\x1b[1;36mnote[CS-N001]\x1b[0m" in out
    assert "\x1b" not in render(REPORT, "text", color=False)


def test_text_gutter_fits_the_line_number() -> None:
    source = "\n" * 9 + "draw x\n"
    d = Diagnostic("CS-X", Severity.ERROR, "bad", Span(10, 6, 10, 7, file="f"), ("try y",))
    assert render(report(d, sources={"f": source}), "text", color=False) == (
        "error[CS-X]: bad\n  --> f:10:6\n   |\n10 | draw x\n   |      ^\n   = hint: try y\n"
    )


def test_text_tab_before_and_inside_the_span() -> None:
    # Tab stops every 4 columns: "a\tb" shows "a   b", so "b" sits at display column 4.
    d = Diagnostic("CS-X", Severity.ERROR, "m", Span(1, 2, 1, 4, file="f"))
    out = render_diagnostic(d, {"f": "a\tbc\n"}, color=False)
    assert out.splitlines()[-2:] == ["1 | a   bc", "  |  ^^^^"]


def test_text_wide_characters_take_two_columns() -> None:
    d = Diagnostic("CS-X", Severity.ERROR, "m", Span(1, 3, 1, 4, file="f"))
    out = render_diagnostic(d, {"f": "漢字x"}, color=False)
    assert out.splitlines()[-1] == "  |     ^"


def test_text_empty_and_past_the_end_spans_get_one_caret() -> None:
    empty = Diagnostic("CS-X", Severity.ERROR, "m", Span(1, 3, 1, 3, file="f"))
    past = Diagnostic("CS-X", Severity.ERROR, "m", Span(1, 40, 1, 41, file="f"))
    assert render_diagnostic(empty, {"f": "abcd"}, color=False).splitlines()[-1] == "  |   ^"
    assert render_diagnostic(past, {"f": "abcd"}, color=False).splitlines()[-1] == "  |     ^"


def test_text_long_lines_are_cut_around_the_span() -> None:
    line = "x: " + "[" * 100_000
    d = Diagnostic("CS-X", Severity.ERROR, "m", Span(1, 104, 1, 105, file="f"))
    shown, caret = render_diagnostic(d, {"f": line}, color=False).splitlines()[-2:]
    assert shown == "1 | …" + "[" * 120 + "…"
    assert caret == "  | " + " " * 41 + "^"
    # the start of a line is kept; a span running past the cut ends at it
    start = Diagnostic("CS-X", Severity.ERROR, "m", Span(1, 1, 1, 100_003, file="f"))
    shown, caret = render_diagnostic(start, {"f": line}, color=False).splitlines()[-2:]
    assert shown == "1 | x: " + "[" * 117 + "…"
    assert caret == "  | " + "^" * 120


def test_text_falls_back_to_the_diagnostics_source_line() -> None:
    d = Diagnostic("CS-X", Severity.WARNING, "m", Span(7, 1, 7, 3, file="gone.yaml"))
    assert render(report(d.at(d.span, "ab cd\n")), "text", color=False) == (
        "warning[CS-X]: m\n --> gone.yaml:7:1\n  |\n7 | ab cd\n  | ^^\n"
    )


def test_text_without_source_omits_the_snippet() -> None:
    d = Diagnostic("CS-X", Severity.NOTE, "m", Span(7, 1, 7, 3, file="gone.yaml"), ("h",))
    assert (
        render(report(d), "text", color=False) == "note[CS-X]: m\n --> gone.yaml:7:1\n  = hint: h\n"
    )


def test_text_span_without_file_shows_line_and_column() -> None:
    d = Diagnostic("CS-X", Severity.ERROR, "m", Span(2, 5, 2, 6))
    assert render(report(d), "text", color=False) == "error[CS-X]: m\n --> 2:5\n"


def test_text_control_characters_never_reach_the_terminal() -> None:
    d = Diagnostic("CS-X", Severity.ERROR, "m", Span(1, 1, 1, 2, file="f"))
    out = render_diagnostic(d, {"f": "\x1b[31mred"}, color=False)
    assert "\x1b" not in out
    assert "1 | \ufffd[31mred" in out


def test_text_lines_are_split_on_newlines_only() -> None:
    # A form feed is not a line break for the parser, so it must not be one here.
    d = Diagnostic("CS-X", Severity.ERROR, "m", Span(2, 1, 2, 2, file="f"))
    out = render_diagnostic(d, {"f": "a\x0cb\r\nzz\r\n"}, color=False)
    assert "2 | zz\n" in out


def test_text_empty_report_is_empty() -> None:
    assert render(report(), "text", color=True) == ""


# --- colour choice --------------------------------------------------------------------


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("env", "tty", "expected"),
    [
        ({}, True, True),
        ({}, False, False),
        ({"NO_COLOR": "1"}, True, False),
        ({"NO_COLOR": "0"}, True, False),  # any non-empty value
        ({"NO_COLOR": ""}, True, True),  # empty means unset
        ({"FORCE_COLOR": "1"}, False, True),
        ({"FORCE_COLOR": ""}, False, False),
        ({"NO_COLOR": "1", "FORCE_COLOR": "1"}, True, False),  # NO_COLOR wins
        ({"TERM": "dumb"}, True, False),
        ({"TERM": "dumb", "FORCE_COLOR": "1"}, False, True),
    ],
)
def test_use_color(env: dict[str, str], tty: bool, expected: bool) -> None:
    stream = Tty() if tty else io.StringIO()
    assert use_color(stream, env) is expected


def test_use_color_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    monkeypatch.setenv("NO_COLOR", "yes")
    assert use_color(Tty()) is False
    monkeypatch.delenv("NO_COLOR")
    assert use_color(Tty()) is True


def test_use_color_survives_closed_and_odd_streams() -> None:
    closed = io.StringIO()
    closed.close()
    assert use_color(closed, {}) is False
    assert use_color(object(), {}) is False  # type: ignore[arg-type]


# --- summary and exit code ------------------------------------------------------------


def test_summary_line() -> None:
    assert summary_line(REPORT) == "checked 2 files: 3 errors, 1 warning, 1 note"
    assert summary_line(report(W010)) == "checked 2 files: 0 errors, 1 warning"
    assert summary_line(report(checked=("a",))) == "checked 1 file: no problems"


def test_exit_codes() -> None:
    assert exit_code(REPORT) == 1
    assert exit_code(report()) == 0
    assert exit_code(report(N001)) == 0
    assert exit_code(report(N001, strict=True)) == 0
    assert exit_code(report(W010)) == 0
    assert exit_code(report(W010, strict=True)) == 1


def test_report_freezes_lists() -> None:
    r = Report("validate", [P001], ["a"], {})  # type: ignore[arg-type]
    assert r.diagnostics == (P001,)
    assert r.checked == ("a",)


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="expected one of text, json, github, sarif, junit"):
        render(REPORT, "xml", color=False)


# --- json -----------------------------------------------------------------------------


def test_json_exact() -> None:
    out = render(REPORT, "json", color=True)
    assert out.endswith("}\n")
    assert "неизвестная" in out  # ensure_ascii=False
    data = json.loads(out)
    assert list(data) == ["version", "tool", "command", "summary", "diagnostics"]
    assert data["summary"] == {"files": 2, "errors": 3, "warnings": 1, "notes": 1}
    assert [d["code"] for d in data["diagnostics"]] == [
        "CS-E100",
        "CS-P001",
        "CS-P002",
        "CS-N001",
        "CS-W010",
    ]
    assert data["diagnostics"][0] == {
        "code": "CS-E100",
        "severity": "error",
        "message": "no deck file given",
        "file": None,
        "line": None,
        "column": None,
        "end_line": None,
        "end_column": None,
        "hints": [],
    }
    assert out == json.dumps(data, indent=2, ensure_ascii=False) + "\n"  # key order kept
    p001 = (
        "    {\n"
        '      "code": "CS-P001",\n'
        '      "severity": "error",\n'
        '      "message": "expected an effect after \\"you may\\", found \\"banana\\"",\n'
        '      "file": "cards/heroes.yaml",\n'
        '      "line": 3,\n'
        '      "column": 11,\n'
        '      "end_line": 3,\n'
        '      "end_column": 17,\n'
        '      "hints": [\n'
        '        "did you mean \\"draw\\"?"\n'
        "      ]\n"
        "    },\n"
    )
    assert p001 in out
    assert out.startswith(
        "{\n"
        '  "version": 1,\n'
        '  "tool": "cardscript",\n'
        '  "command": "validate",\n'
        '  "summary": {\n'
        '    "files": 2,\n'
        '    "errors": 3,\n'
        '    "warnings": 1,\n'
        '    "notes": 1\n'
        "  },\n"
        '  "diagnostics": [\n'
    )


def test_json_empty() -> None:
    data = json.loads(render(report(), "json", color=False))
    assert data["diagnostics"] == []
    assert data["summary"] == {"files": 2, "errors": 0, "warnings": 0, "notes": 0}


# --- github ---------------------------------------------------------------------------

GITHUB = """\
::error title=CS-E100::no deck file given
::error file=cards/heroes.yaml,line=3,col=11,endLine=3,endColumn=17,title=CS-P001::\
expected an effect after "you may", found "banana"%0Ahint: did you mean "draw"?
::error file=cards/heroes.yaml,line=4,col=2,endLine=5,endColumn=1,title=CS-P002::\
unknown keyword "deal"%0Ahint: perhaps try "damage"
::notice file=cards/villains.yaml,line=1,col=7,endLine=1,endColumn=13,title=CS-N001::\
неизвестная карта «Злодей»
::warning file=cards/villains.yaml,line=2,col=7,endLine=2,endColumn=8,title=CS-W010::\
card cost looks high
"""


def test_github_exact() -> None:
    assert render(REPORT, "github", color=True) == GITHUB


@pytest.mark.parametrize(
    ("raw", "data", "prop"),
    [
        ("%", "%25", "%25"),
        ("\r", "%0D", "%0D"),
        ("\n", "%0A", "%0A"),
        (":", ":", "%3A"),
        (",", ",", "%2C"),
        ("=", "=", "="),
        (";", ";", ";"),
        ("]", "]", "]"),
        (" ", " ", " "),
        ("é", "é", "é"),
        ("%0A", "%250A", "%250A"),  # an escape-looking literal is not left to be decoded
        ("a:b,c%d\r\ne", "a:b,c%25d%0D%0Ae", "a%3Ab%2Cc%25d%0D%0Ae"),
    ],
)
def test_github_escaping(raw: str, data: str, prop: str) -> None:
    assert escape_data(raw) == data
    assert escape_property(raw) == prop


def test_github_annotation_escapes_properties_and_message() -> None:
    d = Diagnostic(
        "CS:1,2",
        Severity.WARNING,
        "100% bad\nreally",
        Span(1, 2, 1, 3, file="C:\\cards\\a,b.yaml"),
        ("try: x, y",),
    )
    assert annotation(d) == (
        "::warning file=C%3A\\cards\\a%2Cb.yaml,line=1,col=2,endLine=1,endColumn=3,"
        "title=CS%3A1%2C2::100%25 bad%0Areally%0Ahint: try: x, y"
    )


def test_github_span_without_file_has_no_position() -> None:
    d = Diagnostic("CS-X", Severity.NOTE, "m", Span(2, 5, 2, 6))
    assert annotation(d) == "::notice title=CS-X::m"


def test_github_empty() -> None:
    assert render(report(), "github", color=False) == ""


# --- sarif ----------------------------------------------------------------------------

# Written from the SARIF 2.1.0 schema (oasis-tcs/sarif-spec), trimmed to the objects the
# renderer emits; additionalProperties stays false as in the original, so a misspelt key
# fails.
_URI = {"type": "string", "format": "uri"}
_POSITIVE = {"type": "integer", "minimum": 1}
_INDEX = {"type": "integer", "minimum": -1}
_LEVEL = {"enum": ["none", "note", "warning", "error"]}


def _obj(required: list[str], **properties: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": properties,
    }


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/definitions/{name}"}


def _array(item: dict[str, Any], *, unique: bool = False) -> dict[str, Any]:
    return {"type": "array", "items": item, "uniqueItems": unique}


SARIF_SCHEMA: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    **_obj(
        ["version", "runs"],
        **{"$schema": _URI},
        version={"enum": ["2.1.0"]},
        runs=_array(_ref("run")),
    ),
    "definitions": {
        "run": _obj(
            ["tool"],
            tool=_ref("tool"),
            columnKind={"enum": ["utf16CodeUnits", "unicodeCodePoints"]},
            artifacts=_array(_ref("artifact"), unique=True),
            results=_array(_ref("result")),
        ),
        "tool": _obj(["driver"], driver=_ref("toolComponent")),
        "toolComponent": _obj(
            ["name"],
            name={"type": "string"},
            version={"type": "string"},
            informationUri=_URI,
            rules=_array(_ref("reportingDescriptor"), unique=True),
        ),
        "reportingDescriptor": _obj(
            ["id"],
            id={"type": "string"},
            shortDescription=_ref("multiformatMessageString"),
            helpUri=_URI,
        ),
        "multiformatMessageString": _obj(["text"], text={"type": "string"}),
        "message": _obj(["text"], text={"type": "string"}),
        "artifact": _obj([], location=_ref("artifactLocation")),
        "artifactLocation": _obj(
            [],
            uri={"type": "string", "format": "uri-reference"},
            uriBaseId={"type": "string"},
            index=_INDEX,
        ),
        "result": _obj(
            ["message"],
            ruleId={"type": "string"},
            ruleIndex=_INDEX,
            level=_LEVEL,
            message=_ref("message"),
            locations=_array(_ref("location")),
        ),
        "location": _obj([], physicalLocation=_ref("physicalLocation")),
        "physicalLocation": {
            **_obj([], artifactLocation=_ref("artifactLocation"), region=_ref("region")),
            "anyOf": [{"required": ["address"]}, {"required": ["artifactLocation"]}],
        },
        "region": _obj(
            [],
            startLine=_POSITIVE,
            startColumn=_POSITIVE,
            endLine=_POSITIVE,
            endColumn=_POSITIVE,
        ),
    },
}


def _rule(code: str, text: str) -> dict[str, Any]:
    help_uri = f"https://github.com/cardscript/cardscript/blob/main/docs/diagnostics.md#{code}"
    return {"id": code, "shortDescription": {"text": text}, "helpUri": help_uri.lower()}


def _located(file: str, index: int, region: tuple[int, int, int, int]) -> list[dict[str, Any]]:
    start_line, start_column, end_line, end_column = region
    return [
        {
            "physicalLocation": {
                "artifactLocation": {"uri": file, "uriBaseId": "%SRCROOT%", "index": index},
                "region": {
                    "startLine": start_line,
                    "startColumn": start_column,
                    "endLine": end_line,
                    "endColumn": end_column,
                },
            }
        }
    ]


SARIF: dict[str, Any] = {
    "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
    "version": "2.1.0",
    "runs": [
        {
            "tool": {
                "driver": {
                    "name": "cardscript",
                    "version": cardscript.__version__,
                    "informationUri": "https://github.com/cardscript/cardscript",
                    "rules": [
                        _rule("CS-E100", "CS-E100"),
                        _rule("CS-N001", "CS-N001"),
                        _rule("CS-P001", "An effect keyword is misspelt."),
                        _rule("CS-P002", "CS-P002"),
                        _rule("CS-W010", "CS-W010"),
                    ],
                }
            },
            "columnKind": "unicodeCodePoints",
            "artifacts": [
                {"location": {"uri": "cards/heroes.yaml", "uriBaseId": "%SRCROOT%"}},
                {"location": {"uri": "cards/villains.yaml", "uriBaseId": "%SRCROOT%"}},
            ],
            "results": [
                {
                    "ruleId": "CS-E100",
                    "ruleIndex": 0,
                    "level": "error",
                    "message": {"text": "no deck file given"},
                },
                {
                    "ruleId": "CS-P001",
                    "ruleIndex": 2,
                    "level": "error",
                    "message": {
                        "text": 'expected an effect after "you may", found "banana"\n'
                        'hint: did you mean "draw"?'
                    },
                    "locations": _located("cards/heroes.yaml", 0, (3, 11, 3, 17)),
                },
                {
                    "ruleId": "CS-P002",
                    "ruleIndex": 3,
                    "level": "error",
                    "message": {"text": 'unknown keyword "deal"\nhint: perhaps try "damage"'},
                    "locations": _located("cards/heroes.yaml", 0, (4, 2, 5, 1)),
                },
                {
                    "ruleId": "CS-N001",
                    "ruleIndex": 1,
                    "level": "note",
                    "message": {"text": "неизвестная карта «Злодей»"},
                    "locations": _located("cards/villains.yaml", 1, (1, 7, 1, 13)),
                },
                {
                    "ruleId": "CS-W010",
                    "ruleIndex": 4,
                    "level": "warning",
                    "message": {"text": "card cost looks high"},
                    "locations": _located("cards/villains.yaml", 1, (2, 7, 2, 8)),
                },
            ],
        }
    ],
}


# jsonschema only checks "uri" formats with optional packages installed; these stand in.
_URI_CHARS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*")
FORMATS_CHECKED = jsonschema.FormatChecker(formats=())


@FORMATS_CHECKED.checks("uri-reference")
def _is_uri_reference(value: object) -> bool:
    return isinstance(value, str) and _URI_CHARS.fullmatch(value) is not None


@FORMATS_CHECKED.checks("uri")
def _is_uri(value: object) -> bool:
    return _is_uri_reference(value) and bool(urlsplit(str(value)).scheme)


def validate_sarif(log: Any) -> None:
    jsonschema.Draft7Validator(SARIF_SCHEMA, format_checker=FORMATS_CHECKED).validate(log)


def render_sarif_json(r: Report, **kw: Any) -> Any:
    out = render(r, "sarif", color=False, **kw)
    assert out.endswith("}\n")
    return json.loads(out)


def test_sarif_exact() -> None:
    descriptions = {"CS-P001": "An effect keyword is misspelt.", "CS-UNUSED": "x"}
    out = render(REPORT, "sarif", color=True, rule_descriptions=descriptions)
    assert json.loads(out) == SARIF
    assert out == json.dumps(SARIF, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(
    "r",
    [
        REPORT,
        report(),
        report(E100, checked=()),
        report(W010, checked=("cards/villains.yaml", "cards/villains.yaml")),
    ],
)
def test_sarif_validates_against_the_schema(r: Report) -> None:
    validate_sarif(render_sarif_json(r))


def test_sarif_schema_catches_mistakes() -> None:
    # The vendored schema must be strict enough to be worth validating against.
    log = render_sarif_json(REPORT)
    log["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(log, SARIF_SCHEMA)
    log = render_sarif_json(REPORT)
    log["runs"][0]["results"][0]["levle"] = "error"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(log, SARIF_SCHEMA)
    log = render_sarif_json(REPORT)
    log["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"] = "docs/diagnostics.md#cs-e100"
    with pytest.raises(jsonschema.ValidationError, match="is not a 'uri'"):
        validate_sarif(log)
    log = render_sarif_json(REPORT)
    log["runs"][0]["artifacts"][0]["location"]["uri"] = "my cards/a.yaml"
    with pytest.raises(jsonschema.ValidationError, match="is not a 'uri-reference'"):
        validate_sarif(log)


def test_sarif_uris() -> None:
    odd = Diagnostic("CS-X", Severity.ERROR, "m", Span(1, 1, 1, 2, file="./my cards/ä.yaml"))
    absolute = Diagnostic("CS-Y", Severity.ERROR, "m", Span(1, 1, 1, 2, file="/srv/d/x.yaml"))
    log = render_sarif_json(report(odd, absolute, checked=()))
    assert log["runs"][0]["artifacts"] == [
        {"location": {"uri": "my%20cards/%C3%A4.yaml", "uriBaseId": "%SRCROOT%"}},
        {"location": {"uri": "file:///srv/d/x.yaml"}},
    ]
    result = log["runs"][0]["results"][1]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {
        "uri": "file:///srv/d/x.yaml",
        "index": 1,
    }


def test_sarif_span_without_file_has_no_location() -> None:
    result = render_sarif_json(report(Diagnostic("CS-X", Severity.NOTE, "m", Span(1, 1, 1, 2))))
    assert result["runs"][0]["results"] == [
        {"ruleId": "CS-X", "ruleIndex": 0, "level": "note", "message": {"text": "m"}}
    ]


# --- junit ----------------------------------------------------------------------------

JUNIT = """\
<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="cardscript validate" tests="3" failures="2" errors="0">
  <testsuite name="cardscript validate" tests="3" failures="2" errors="0" skipped="0">
    <testcase classname="cardscript.validate" name="cards/heroes.yaml">
      <failure type="CS-P001" \
message="expected an effect after &quot;you may&quot;, found &quot;banana&quot;">\
error[CS-P001]: expected an effect after "you may", found "banana"
 --&gt; cards/heroes.yaml:3:11
  |
3 |   you may banana 2 cards
  |           ^^^^^^
  = hint: did you mean "draw"?</failure>
      <failure type="CS-P002" message="unknown keyword &quot;deal&quot;">\
error[CS-P002]: unknown keyword "deal"
 --&gt; cards/heroes.yaml:4:2
  |
4 |     deal 3 damage
  |     ^^^^^^^^^^^^^
  = hint: perhaps try "damage"</failure>
    </testcase>
    <testcase classname="cardscript.validate" name="cards/villains.yaml">
      <system-out>note[CS-N001]: неизвестная карта «Злодей»
 --&gt; cards/villains.yaml:1:7
  |
1 | name: Злодей
  |       ^^^^^^

warning[CS-W010]: card cost looks high
 --&gt; cards/villains.yaml:2:7
  |
2 | cost: 3
  |       ^</system-out>
    </testcase>
    <testcase classname="cardscript.validate" name="(no file)">
      <failure type="CS-E100" message="no deck file given">\
error[CS-E100]: no deck file given</failure>
    </testcase>
  </testsuite>
</testsuites>
"""


def test_junit_exact() -> None:
    assert render(REPORT, "junit", color=True) == JUNIT


def test_junit_parses_back_with_markup_and_cyrillic() -> None:
    message = 'bad <card> & "quote" — карта'
    d = Diagnostic("CS-X", Severity.ERROR, message, Span(1, 1, 1, 2, file="a&b.yaml"))
    out = render(report(d, checked=("a&b.yaml", "clean.yaml"), sources={}), "junit", color=False)
    for root in (ET.fromstring(out), ET.fromstring(out.encode("utf-8"))):
        assert root.tag == "testsuites"
        assert root.attrib == {
            "name": "cardscript validate",
            "tests": "2",
            "failures": "1",
            "errors": "0",
        }
        cases = root.findall("./testsuite/testcase")
        assert [c.get("name") for c in cases] == ["a&b.yaml", "clean.yaml"]
        failure = cases[0].find("failure")
        assert failure is not None
        assert failure.get("message") == message
        assert failure.get("type") == "CS-X"
        assert failure.text == f"error[CS-X]: {message}\n --> a&b.yaml:1:1"
        assert list(cases[1]) == []


def test_junit_strict_turns_warnings_into_failures() -> None:
    root = ET.fromstring(render(report(W010, N001, strict=True), "junit", color=False))
    assert root.get("failures") == "1"
    villains = root.findall("./testsuite/testcase")[1]
    assert [(f.tag, f.get("type")) for f in villains] == [
        ("failure", "CS-W010"),
        ("system-out", None),
    ]
    out = villains.find("system-out")
    assert out is not None and out.text is not None and out.text.startswith("note[CS-N001]")


def test_junit_multiline_message_and_control_characters_survive() -> None:
    d = Diagnostic("CS-X", Severity.ERROR, "two\nlines\tand \x07 bell\x00", None)
    root = ET.fromstring(render(report(d), "junit", color=False))
    failure = root.find("./testsuite/testcase[@name='(no file)']/failure")
    assert failure is not None
    assert failure.get("message") == "two\nlines\tand \\x07 bell\\x00"


def test_junit_command_with_spaces() -> None:
    r = Report("deck check", (), ("decks/a.deck",), {})
    case = ET.fromstring(render(r, "junit", color=False)).find("./testsuite/testcase")
    assert case is not None
    assert case.attrib == {"classname": "cardscript.deck.check", "name": "decks/a.deck"}


# --- every format ---------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_ignores_input_order(fmt: str) -> None:
    shuffled = Report(
        "validate", tuple(reversed(REPORT.diagnostics)), REPORT.checked, REPORT.sources
    )
    assert render(shuffled, fmt, color=False) == render(REPORT, fmt, color=False)


# --- github step summary --------------------------------------------------------------

STEP_SUMMARY = """\
### cardscript validate

checked 2 files: 3 errors, 1 warning, 1 note

| Location | Severity | Code | Message |
| --- | --- | --- | --- |
| (no file) | error | CS-E100 | no deck file given |
| cards/heroes.yaml:3 | error | CS-P001 | expected an effect after "you may", found "banana" |
| cards/heroes.yaml:4 | error | CS-P002 | unknown keyword "deal" |
| cards/villains.yaml:2 | warning | CS-W010 | card cost looks high |
| cards/villains.yaml:1 | note | CS-N001 | неизвестная карта «Злодей» |

"""


def test_step_summary_appends(tmp_path: Any) -> None:
    path = tmp_path / "summary.md"
    path.write_text("earlier step\n", encoding="utf-8")
    write_github_step_summary(REPORT, str(path))
    write_github_step_summary(report(checked=("a",)), str(path))
    clean = "### cardscript validate\n\nchecked 1 file: no problems\n\n"
    assert path.read_text(encoding="utf-8") == "earlier step\n" + STEP_SUMMARY + clean


def test_step_summary_escapes_cells() -> None:
    assert cell("a|b") == "a\\|b"
    assert cell("<b> & *x* `c` [l](u) ~s~ _i_ \\") == (
        "&lt;b&gt; &amp; \\*x\\* \\`c\\` \\[l\\](u) \\~s\\~ \\_i\\_ \\\\"
    )
    assert cell("one\ntwo\r\nthree") == "one<br>two<br>three"


def test_step_summary_caps_the_table(tmp_path: Any) -> None:
    many = [
        Diagnostic("CS-W1", Severity.WARNING, f"w{i}", Span(i, 1, i, 2, file="f"))
        for i in range(1, MAX_ROWS + 6)
    ]
    error = Diagnostic("CS-E1", Severity.ERROR, "boom | pipe", Span(99, 1, 99, 2, file="f"))
    path = tmp_path / "s.md"
    write_github_step_summary(report(*many, error), str(path))
    lines = path.read_text(encoding="utf-8").splitlines()
    rows = [line for line in lines if line.startswith("| f:")]
    assert len(rows) == MAX_ROWS
    assert rows[0] == "| f:99 | error | CS-E1 | boom \\| pipe |"  # errors first
    assert "… and 6 more." in lines
