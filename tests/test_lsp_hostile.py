"""What fuzzing the Language Server found: messages JSON-RPC calls invalid are answered,
an edit is applied whole or not at all, and a URI no file can have is still a buffer."""

from __future__ import annotations

import json
from typing import Any

from cardscript.lsp import positions as positions_module
from cardscript.lsp.positions import Positions
from tests.test_lsp import (
    URI,
    WYRMS,
    WYRMS_DIAGNOSTICS,
    notify,
    published,
    request,
    run,
    session,
    span,
)


def raw(body: str) -> bytes:
    data = body.encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def invalid(why: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": why}}


def test_a_message_with_an_id_but_no_method_nor_result_is_an_invalid_request() -> None:
    code, written, log = run(
        request(1, "initialize"),
        raw('{"jsonrpc":"2.0","id":7}'),  # (was dropped as if a response: no answer)
        raw('{"jsonrpc":"2.0","id":8,"result":null}'),  # a response: never answered
        raw("{}"),
        request(2, "shutdown"),
        notify("exit"),
    )
    assert code == 0
    assert written[1:] == [
        invalid("a message is an object with a method"),
        invalid("a message is an object with a method"),
        {"jsonrpc": "2.0", "id": 2, "result": None},
    ]
    assert log.splitlines() == [
        """cardscript lsp: not a JSON-RPC message: b'{"jsonrpc":"2.0","id":7}'""",
        "cardscript lsp: not a JSON-RPC message: b'{}'",
    ]


def test_a_request_whose_id_is_not_a_string_a_number_or_null_is_answered_with_id_null() -> None:
    code, written, _ = run(
        request(1, "initialize"),
        raw('{"jsonrpc":"2.0","id":true,"method":"shutdown"}'),  # (was answered with id true)
        raw('{"jsonrpc":"2.0","id":[3],"method":"textDocument/hover","params":{}}'),
        raw('{"jsonrpc":"2.0","id":{"a":1},"method":"no/such"}'),
        raw('{"jsonrpc":"2.0","id":"s4","method":"no/such"}'),
        raw('{"jsonrpc":"2.0","id":5.5,"method":"no/such"}'),
    )
    assert code == 1  # (no shutdown was heard: the true id's was refused)
    unknown = {"code": -32601, "message": "unknown method: no/such"}
    assert written[1:] == [
        invalid("a request id is a string, a number or null"),
        invalid("a request id is a string, a number or null"),
        invalid("a request id is a string, a number or null"),
        {"jsonrpc": "2.0", "id": "s4", "error": unknown},
        {"jsonrpc": "2.0", "id": 5.5, "error": unknown},
    ]


def changed(*changes: Any, version: int = 2) -> bytes:
    document = {"uri": URI, "version": version}
    return notify("textDocument/didChange", {"textDocument": document, "contentChanges": changes})


def test_a_range_given_end_first_is_the_same_range() -> None:
    # "Flihgt" (UTF-16 columns 111-117 of line 4) given from its end: the text between the
    # two ends was kept twice ("…FlihgtFlightFlihgt…")
    end_first = {"start": span(3, 117, 3, 111)["start"], "end": span(3, 117, 3, 111)["end"]}
    [answer] = session(changed({"range": end_first, "text": "Flight"}))
    assert answer == published(WYRMS_DIAGNOSTICS[1:], 2)


def test_a_change_that_cannot_be_read_leaves_the_buffer_as_it_was() -> None:
    # the first change fixed "Flihgt" and stayed, though the notification was refused
    fix = {"range": span(3, 111, 3, 117), "text": "Flight"}
    code, written, log = run(
        request(1, "initialize"),
        notify("initialized"),
        notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": WYRMS}},
        ),
        changed(fix, {"text": 5}),
        notify("textDocument/didSave", {"textDocument": {"uri": URI}}),
        request(2, "shutdown"),
        notify("exit"),
    )
    assert code == 0
    assert written[1:-1] == [published(WYRMS_DIAGNOSTICS), published(WYRMS_DIAGNOSTICS)]
    assert log == 'cardscript lsp: textDocument/didChange: "text" is missing or not str\n'


def test_a_uri_whose_path_no_file_can_have_is_checked_as_a_buffer() -> None:
    # a NUL and a lone surrogate: os.stat raised ValueError, an internal error, no diagnostics
    for uri in ("file:///cards/vs-system/%00.yaml", "file:///cards/vs-system/\ud800.yaml"):
        item = {"uri": uri, "languageId": "yaml", "version": 1, "text": WYRMS}
        body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {}})
        body = body.replace("{}", json.dumps({"textDocument": item}))  # (\ud800 escaped)
        code, written, log = run(request(1, "initialize"), notify("initialized"), raw(body))
        assert code == 1
        params = {"uri": uri, "diagnostics": WYRMS_DIAGNOSTICS, "version": 1}
        assert written[1:] == [{**published(WYRMS_DIAGNOSTICS), "params": params}]
        assert log == ""


def test_a_position_far_along_a_long_line_is_found_without_walking_the_line(
    monkeypatch: Any,
) -> None:
    # a didChange at the end of a 5 MB one-line buffer took 20-40 s: a Python loop per
    # character (two codec calls each); now a search, a few calls per position
    calls = []

    def counted(text: str) -> int:
        calls.append(len(text))
        return units(text)

    units = positions_module.utf16_units
    monkeypatch.setattr(positions_module, "utf16_units", counted)
    text = "a: " + "x" * 1_000_000 + "🐉" + "\nb"
    positions = Positions(text)
    assert positions.offset(0, 10**9) == 1_000_004  # past the line's end: its end
    assert positions.offset(0, 1_000_004) == 1_000_003  # inside the emoji: before it
    assert positions.offset(0, 1_000_005) == 1_000_004
    assert positions.offset(1, 1) == 1_000_006
    assert positions.offset(0, -5) == 0
    assert len(calls) <= 4 * 22  # (log2 of a million, per position)
