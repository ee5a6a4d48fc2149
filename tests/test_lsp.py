"""``cardscript lsp``: the Language Server, driven through in-memory pipes with whole
JSON-RPC messages, and once as the command over real pipes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from cardscript.cli.fmt_files import format_path
from cardscript.lsp.framing import read_message
from cardscript.lsp.positions import Positions
from cardscript.lsp.server import serve

# A card whose name has an emoji (two UTF-16 units) before its text on the same line.
FLOW_CARD = (
    '  - {id: TST-001, name: "🐉 Wyrm", type: character, cost: 2, version: Old, team: Wyrms, '
    'atk: 2, def: 2, text: "Flihgt"}'
)
WYRMS = f"""\
game: vs-system
set: TST
cards:
{FLOW_CARD}
  - id: TST-002
    name: Crow
    type: character
    cost: 4
    version: Wing
    tema: Skyguard
    atk: 4
    def: 4
    text: |
      When this attacks,   target character you control gets +1 ATK until end of turn.
"""
URI = "file:///cards/vs-system/wyrms.yaml"  # (no such file: the buffer is what counts)


def frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def request(id_: int, method: str, params: dict[str, Any] | None = None) -> bytes:
    return frame({"jsonrpc": "2.0", "id": id_, "method": method, "params": params or {}})


def notify(method: str, params: dict[str, Any] | None = None) -> bytes:
    return frame({"jsonrpc": "2.0", "method": method, "params": params or {}})


def run(*messages: bytes) -> tuple[int, list[dict[str, Any]], str]:
    """(exit code, every message the server wrote, its log) for this input."""
    out, log = io.BytesIO(), io.StringIO()
    code = serve(io.BytesIO(b"".join(messages)), out, log)
    out.seek(0)
    written = []
    while (body := read_message(out)) is not None:
        written.append(json.loads(body))
    return code, written, log.getvalue()


def session(*messages: bytes, text: str = WYRMS, uri: str = URI) -> list[dict[str, Any]]:
    """What the server answers between opening ``text`` and shutting down."""
    code, written, _ = run(
        request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}}),
        notify("initialized"),
        opened(text, uri),
        *messages,
        request(99, "shutdown"),
        notify("exit"),
    )
    assert code == 0
    assert written[-1] == {"jsonrpc": "2.0", "id": 99, "result": None}
    return written[2:-1]  # (not the initialize answer, nor the diagnostics on opening)


def opened(text: str, uri: str = URI) -> bytes:
    item = {"uri": uri, "languageId": "yaml", "version": 1, "text": text}
    return notify("textDocument/didOpen", {"textDocument": item})


def at(method: str, id_: int, line: int, character: int, uri: str = URI) -> bytes:
    position = {"line": line, "character": character}
    return request(id_, method, {"textDocument": {"uri": uri}, "position": position})


def span(line: int, character: int, end_line: int, end_character: int) -> dict[str, Any]:
    return {
        "start": {"line": line, "character": character},
        "end": {"line": end_line, "character": end_character},
    }


def published(diagnostics: list[dict[str, Any]], version: int | None = 1) -> dict[str, Any]:
    params: dict[str, Any] = {"uri": URI, "diagnostics": diagnostics}
    if version is not None:
        params["version"] = version
    return {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params}


def item(
    n: int, label: str, kind: int, detail: str, where: dict[str, Any], doc: str = ""
) -> dict[str, Any]:
    """The n-th CompletionItem, replacing ``where`` by its label."""
    found = {
        "label": label,
        "kind": kind,
        "detail": detail,
        "sortText": f"{n:05d}",
        "textEdit": {"range": where, "newText": label},
    }
    return {**found, "documentation": doc} if doc else found


DOCS = "https://github.com/cardscript/cardscript/blob/main/docs/diagnostics.md"
WYRMS_DIAGNOSTICS = [
    {
        # "Flihgt" is at columns 111-117 (characters) of line 4: 112-118 in UTF-16 units
        "range": span(3, 111, 3, 117),
        "severity": 1,
        "code": "CS-P002",
        "codeDescription": {"href": f"{DOCS}#cs-p002"},
        "source": "cardscript",
        "message": 'unknown word "Flihgt"; expected a keyword, a card or object noun, a state '
        'or quality, an effect verb, an ability label, "a", …\nhint: did you mean "Flight"?',
    },
    {
        "range": span(9, 4, 9, 8),
        "severity": 1,
        "code": "CS-C005",
        "codeDescription": {"href": f"{DOCS}#cs-c005"},
        "source": "cardscript",
        "message": 'a character card has no field "tema"\nhint: did you mean "team"?',
    },
]


def test_lifecycle_initialize_shutdown_exit() -> None:
    code, written, log = run(
        request(1, "initialize", {"capabilities": {}}),
        notify("initialized"),
        request(2, "shutdown"),
        notify("exit"),
    )
    assert code == 0
    assert written == [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "result": {
                "capabilities": {
                    "positionEncoding": "utf-16",
                    "textDocumentSync": {
                        "openClose": True,
                        "change": 1,
                        "save": {"includeText": False},
                    },
                    "completionProvider": {"resolveProvider": False},
                    "hoverProvider": True,
                    "definitionProvider": True,
                    "documentFormattingProvider": True,
                },
                "serverInfo": {"name": "cardscript", "version": "0.1.0"},
            },
        },
        {"jsonrpc": "2.0", "id": 2, "result": None},
    ]
    assert log == ""


def test_exit_without_shutdown_and_the_end_of_input_end_the_server() -> None:
    assert run(request(1, "initialize"), notify("exit"))[0] == 1
    assert run(request(1, "initialize"))[0] == 1  # (the editor went away)
    assert run(request(1, "initialize"), request(2, "shutdown"))[0] == 0


def test_diagnostics_are_validate_s_for_the_buffer_and_cleared_on_close(tmp_path: Path) -> None:
    from cardscript.cardfiles.validate import validate_paths

    fixed = WYRMS.replace("Flihgt", "Flight").replace("tema", "team")
    on_disk = tmp_path / "vs-system" / "wyrms.yaml"
    on_disk.parent.mkdir()
    on_disk.write_text(fixed, "utf-8")
    uri = on_disk.as_uri()
    change = {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]}
    _, written, _ = run(
        request(1, "initialize"),
        opened(WYRMS, uri),
        notify("textDocument/didChange", change),
        notify("textDocument/didSave", {"textDocument": {"uri": uri}}),
        notify("textDocument/didClose", {"textDocument": {"uri": uri}}),
    )
    assert [m["params"] for m in written[1:]] == [
        {"uri": uri, "diagnostics": WYRMS_DIAGNOSTICS, "version": 1},
        {"uri": uri, "diagnostics": [], "version": 2},
        {"uri": uri, "diagnostics": [], "version": 2},
        {"uri": uri, "diagnostics": []},
    ]
    # what validate says of the file holding the broken text, line for line
    on_disk.write_text(WYRMS, "utf-8")
    said = validate_paths([on_disk], use_cache=False).diagnostics
    assert [(d.code, d.span.line - 1 if d.span else None) for d in said] == [
        (d["code"], d["range"]["start"]["line"]) for d in WYRMS_DIAGNOSTICS
    ]


def test_completion_offers_what_complete_offers_with_the_range_to_replace() -> None:
    # the block's line "      When this attacks,   target … gets +1 ATK until end of turn."
    [answer] = session(at("textDocument/completion", 2, 13, 64))
    assert answer == {
        "jsonrpc": "2.0",
        "id": 2,
        "result": {
            "isIncomplete": False,
            "items": [
                item(n, label, 10, "stat", span(13, 64, 13, 64), doc)
                for n, (label, doc) in enumerate(
                    [
                        ("ATK", "Attack value."),
                        (
                            "cost",
                            "Recruit cost; also the endurance lost when the character is stunned.",
                        ),
                        ("DEF", "Defence value."),
                        ("threshold", "Threshold cost of a location or plot twist."),
                    ]
                )
            ],
        },
    }


def test_columns_after_an_emoji_count_utf16_units() -> None:
    """ "🐉" is one character but two UTF-16 units: "Flihgt" starts at unit 111 of its line
    (character 110); the cursor after its "Fl" is unit 113."""
    [answer] = session(at("textDocument/completion", 2, 3, 113))
    assert answer["result"]["items"] == [
        item(0, "Flight", 14, "keyword", span(3, 111, 3, 113)),
        item(1, "Flip", 3, "verb", span(3, 111, 3, 113)),
    ]
    assert WYRMS_DIAGNOSTICS[0]["range"] == span(3, 111, 3, 117)  # (validate: 4:111-117)


def test_no_completion_outside_a_card_text() -> None:
    assert session(at("textDocument/completion", 2, 5, 8)) == [
        {"jsonrpc": "2.0", "id": 2, "result": {"isIncomplete": False, "items": []}}
    ]


def test_hover_shows_the_registry_doc_of_the_word_under_the_cursor() -> None:
    answers = session(
        at("textDocument/hover", 2, 13, 65),  # "ATK"
        at("textDocument/hover", 3, 13, 16),  # "attacks": the event (no doc)
        at("textDocument/hover", 4, 13, 7),  # "When": a word of the grammar
        at("textDocument/hover", 5, 1, 3),  # "set": not in a card text
    )
    assert [a["result"] for a in answers] == [
        {
            "contents": {"kind": "markdown", "value": "**ATK** (stat)\n\nAttack value."},
            "range": span(13, 64, 13, 67),
        },
        {
            "contents": {"kind": "markdown", "value": "**attacks** (event)"},
            "range": span(13, 16, 13, 23),
        },
        None,
        None,
    ]


def test_hover_on_a_keyword_defined_in_card_script_shows_its_definition() -> None:
    text = WYRMS.replace("Flihgt", "Flight, Range")
    [answer] = session(at("textDocument/hover", 2, 3, 121), text=text)
    assert answer["result"] == {
        "contents": {
            "kind": "markdown",
            "value": "**Range** (keyword)\n\nDefines the keyword Range: Rule change (card text "
            "beats the rules): can_attack_from_support (May attack from the support row "
            "(§7.1); Range turns it on) becomes on for this; normally off.",
        },
        "range": span(3, 119, 3, 124),
    }


def test_formatting_is_the_edit_fmt_makes_and_none_when_the_file_has_errors(
    tmp_path: Path,
) -> None:
    text = WYRMS.replace("Flihgt", "Flight")
    formatting = {"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": True}}
    [answer] = session(request(2, "textDocument/formatting", formatting), text=text)
    on_disk = tmp_path / "wyrms.yaml"
    on_disk.write_text(text, "utf-8")
    assert format_path(on_disk, write=True).changed
    assert answer["result"] == [{"range": span(0, 0, 14, 0), "newText": on_disk.read_text("utf-8")}]
    assert "When this attacks, target" in answer["result"][0]["newText"]
    [broken] = session(request(2, "textDocument/formatting", formatting))
    assert broken["result"] == []  # ("Flihgt" does not parse: fmt leaves the file alone)


def test_malformed_messages_are_answered_or_logged_and_the_server_goes_on() -> None:
    def error(id_: int | None, code: int, message: str) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": id_, "error": {"code": code, "message": message}}

    try:  # (Python's own words, which its versions may change)
        json.loads("[" * 100_000)
    except RecursionError as exc:
        too_deep = str(exc)
    code, written, log = run(
        request(1, "textDocument/hover"),  # before initialize
        request(2, "initialize"),
        b"Content-Length: 5\r\n\r\n{bad}",  # not JSON
        b"Content-Length: 2\r\n\r\n\xff\xfe",  # not UTF-8
        b"Content-Length: 2\r\n\r\n[]",  # JSON, but no request
        b"Content-Length: 100000\r\n\r\n" + b"[" * 100_000,  # deeper than Python goes
        b"Content-Type: text/plain\r\n\r\n",  # no length
        b"Content-Length: ten\r\n",  # a length that is no number
        b"garbage" + request(3, "no/such/method"),  # (the next header is found in the line)
        notify("no/such/notification"),  # (never answered)
        request(4, "textDocument/hover", {"textDocument": {}}),
        request(5, "shutdown"),
        request(6, "textDocument/hover"),
        notify("exit"),
    )
    assert code == 0
    assert [m for m in written if m.get("id") != 2] == [
        error(1, -32002, "the server is not initialized"),
        error(
            None,
            -32700,
            "the message is not JSON: Expecting property name enclosed in double quotes: "
            "line 1 column 2 (char 1)",
        ),
        error(
            None,
            -32700,
            "the message is not JSON: 'utf-8' codec can't decode byte 0xff in position 0: "
            "invalid start byte",
        ),
        error(None, -32600, "a message is an object with a method"),
        error(None, -32700, f"the message is not JSON: {too_deep}"),
        error(3, -32601, "unknown method: no/such/method"),
        error(4, -32602, '"uri" is missing or not str'),
        {"jsonrpc": "2.0", "id": 5, "result": None},
        error(6, -32600, "the server is shut down"),
    ]
    assert log.splitlines() == [
        "cardscript lsp: not a JSON message (Expecting property name enclosed in double "
        "quotes: line 1 column 2 (char 1)): b'{bad}'",
        "cardscript lsp: not a JSON message ('utf-8' codec can't decode byte 0xff in "
        "position 0: invalid start byte): b'\\xff\\xfe'",
        "cardscript lsp: not a JSON-RPC message: b'[]'",
        f"cardscript lsp: not a JSON message ({too_deep}): b'{'[' * 80}'",
        "cardscript lsp: a message without a Content-Length header",
        "cardscript lsp: a Content-Length that is not a number: b'ten'",
        "cardscript lsp: ignored notification: no/such/notification",
    ]


def test_positions_convert_utf16_columns_and_every_line_break() -> None:
    text = "a🐉b\r\nc\rd\n🐉\u2028e"
    positions = Positions(text)
    assert positions.position(2) == {"line": 0, "character": 3}  # after the emoji
    assert positions.offset(0, 3) == 2
    assert positions.offset(0, 2) == 1  # (inside the emoji: before it)
    assert positions.offset(0, 99) == 3  # past the line's end: its end
    assert positions.offset(1, 0) == 5 and positions.offset(2, 0) == 7
    assert positions.offset(9, 0) == len(text)
    # cardscript's lines break at U+2028 too (as YAML does), LSP's do not
    assert positions.from_yaml(5, 1) == {"line": 3, "character": 3}
    assert positions.from_yaml(1, 3) == {"line": 0, "character": 3}
    assert positions.whole() == {
        "start": {"line": 0, "character": 0},
        "end": {"line": 3, "character": 4},
    }


def test_the_command_serves_over_standard_input_and_output() -> None:
    messages = request(1, "initialize") + request(2, "shutdown") + notify("exit")
    done = subprocess.run(
        [sys.executable, "-c", "from cardscript.cli.main import run; run()", "lsp", "--stdio"],
        input=messages,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = io.BytesIO(done.stdout)
    answers = [json.loads(body) for body in iter(lambda: read_message(out), None)]
    assert [a["id"] for a in answers] == [1, 2]
    assert answers[0]["result"]["serverInfo"] == {"name": "cardscript", "version": "0.1.0"}
    assert done.stderr == b""


def test_hover_on_a_line_that_does_not_parse_reads_the_registry_s_longest_phrase() -> None:
    text = WYRMS.replace("When this attacks,", "When this atacks,")
    answers = session(
        at("textDocument/hover", 2, 13, 64),  # "ATK", one column left
        at("textDocument/hover", 3, 13, 15),  # "atacks": no word of the game
        text=text,
    )
    assert [a["result"] for a in answers] == [
        {
            "contents": {"kind": "markdown", "value": "**ATK** (stat)\n\nAttack value."},
            "range": span(13, 63, 13, 66),
        },
        None,
    ]


def test_a_change_with_a_range_edits_the_buffer_there() -> None:
    """Full sync is asked for, but a client that sends a range (UTF-16 columns) is heard."""
    change = {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": span(3, 111, 3, 117), "text": "Flight"}],
    }
    [answer] = session(notify("textDocument/didChange", change))
    assert answer == published(WYRMS_DIAGNOSTICS[1:], 2)


def test_a_keywords_file_is_checked_and_completed_as_card_script_throughout() -> None:
    uri = "file:///content/pocket-duel/keywords.cardscript"  # (its game: its folder)
    _, written, _ = run(
        request(1, "initialize"),
        opened("keyword Foo:\n  when this is c\n", uri),
        at("textDocument/completion", 2, 1, 16, uri),
    )
    diagnostic = {
        "range": span(1, 12, 1, 14),
        "severity": 1,
        "code": "CS-P001",
        "codeDescription": {"href": f"{DOCS}#cs-p001"},
        "source": "cardscript",
        "message": 'unexpected "is" after "this"; expected a card or object noun, an event, '
        'an effect verb, "and", "at", "at the end", …',
    }
    doc = "Is cancelled by the opposing card in the cancel step (§7)."
    assert written[1:] == [
        {
            "jsonrpc": "2.0",
            "method": "textDocument/publishDiagnostics",
            "params": {"uri": uri, "diagnostics": [diagnostic], "version": 1},
        },
        {
            "jsonrpc": "2.0",
            "id": 2,
            "result": {
                "isIncomplete": False,
                "items": [
                    item(n, label, 23, "event", span(1, 12, 1, 16), doc)
                    for n, label in enumerate(["is canceled", "is cancelled"])
                ],
            },
        },
    ]
