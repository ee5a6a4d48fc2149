"""The server: the lifecycle, the open buffers, and which method each message asks for.

One message at a time, in order. A request gets its answer or an error response; a
notification never gets one. Whatever a message holds, the server keeps serving: a body
that is not JSON is answered with ParseError (id null, as JSON-RPC says when no id can be
read), a handler that fails with InternalError, and both are logged to stderr.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TextIO
from urllib.parse import unquote, urlparse
from urllib.request import url2pathname

from cardscript import __version__
from cardscript.cardfiles.scriptmemo import ScriptMemo
from cardscript.lsp.framing import FramingError, decode_body, read_message, write_message
from cardscript.lsp.positions import Positions

# JSON-RPC and LSP error codes
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_NOT_INITIALIZED = -32002

CAPABILITIES = {
    "positionEncoding": "utf-16",
    "textDocumentSync": {"openClose": True, "change": 1, "save": {"includeText": False}},
    "completionProvider": {"resolveProvider": False},
    "hoverProvider": True,
    "definitionProvider": True,
    "documentFormattingProvider": True,
}


class RequestError(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Document:
    path: Path
    text: str
    version: int | None


def path_of(uri: str) -> Path:
    """The file a ``file:`` URI names; another scheme's path as a name (``untitled:``)."""
    parsed = urlparse(uri)
    if parsed.scheme == "file":
        return Path(url2pathname(unquote(parsed.path)))
    return Path(unquote(parsed.path or uri))


class Server:
    def __init__(self, out: BinaryIO, log: TextIO, cache: Any = None) -> None:
        self.out = out
        self.log = log
        self.cache = cache  # validate's ResultCache, for the bundled cards' summaries
        # each card text's own problems: a change rechecks only the texts it changed
        self.memo = ScriptMemo()
        self.documents: dict[str, Document] = {}
        self.initialized = False
        self.shut_down = False
        self.exit_code: int | None = None  # set by "exit"
        self.requests: dict[str, Callable[[dict[str, Any]], Any]] = {
            "initialize": self.initialize,
            "shutdown": self.shutdown,
            "textDocument/completion": self.completion,
            "textDocument/hover": self.hover,
            "textDocument/definition": self.definition,
            "textDocument/formatting": self.formatting,
        }
        self.notifications: dict[str, Callable[[dict[str, Any]], None]] = {
            "initialized": lambda params: None,
            "exit": self.exit,
            "textDocument/didOpen": self.did_open,
            "textDocument/didChange": self.did_change,
            "textDocument/didSave": self.did_save,
            "textDocument/didClose": self.did_close,
        }

    # ---- messages -----------------------------------------------------------------

    def receive(self, body: bytes) -> None:
        try:
            message = decode_body(body)
        except (ValueError, RecursionError) as exc:  # (JSON nested deeper than Python goes)
            self._log(f"not a JSON message ({exc}): {body[:80]!r}")
            self._error(None, PARSE_ERROR, f"the message is not JSON: {exc}")
            return
        if _is_response(message):
            return  # the server sends no requests: nothing waits for it
        if not isinstance(message, dict) or not isinstance(message.get("method"), str):
            self._invalid(body, "a message is an object with a method")
            return
        if not _is_id(message.get("id")):
            self._invalid(body, "a request id is a string, a number or null")
            return
        method, params = message["method"], message.get("params")
        params = params if isinstance(params, dict) else {}
        if "id" in message:
            self._request(message["id"], method, params)
        else:
            self._notification(method, params)

    def _request(self, id_: Any, method: str, params: dict[str, Any]) -> None:
        handler = self.requests.get(method)
        try:
            if not self.initialized and method != "initialize":
                raise RequestError(SERVER_NOT_INITIALIZED, "the server is not initialized")
            if self.shut_down:
                raise RequestError(INVALID_REQUEST, "the server is shut down")
            if handler is None:
                raise RequestError(METHOD_NOT_FOUND, f"unknown method: {method}")
            result = handler(params)
        except RequestError as exc:
            self._error(id_, exc.code, str(exc))
            return
        except Exception as exc:  # a bug of ours: answer, log, and keep serving
            self._log(f"internal error in {method}: {type(exc).__name__}: {exc}")
            self._error(id_, INTERNAL_ERROR, f"internal error: {type(exc).__name__}: {exc}")
            return
        self._send({"jsonrpc": "2.0", "id": id_, "result": result})

    def _notification(self, method: str, params: dict[str, Any]) -> None:
        handler = self.notifications.get(method)
        if handler is None or (not self.initialized and method != "exit"):
            if not method.startswith("$/"):
                self._log(f"ignored notification: {method}")
            return
        try:
            handler(params)
        except RequestError as exc:
            self._log(f"{method}: {exc}")
        except Exception as exc:
            self._log(f"internal error in {method}: {type(exc).__name__}: {exc}")

    def _invalid(self, body: bytes, why: str) -> None:
        # (id null: JSON-RPC's answer when the request's id cannot be read)
        self._log(f"not a JSON-RPC message: {body[:80]!r}")
        self._error(None, INVALID_REQUEST, why)

    def _send(self, message: dict[str, Any]) -> None:
        write_message(self.out, message)

    def _error(self, id_: Any, code: int, message: str) -> None:
        self._send({"jsonrpc": "2.0", "id": id_, "error": {"code": code, "message": message}})

    def _log(self, text: str) -> None:
        self.log.write(f"cardscript lsp: {text}\n")
        self.log.flush()

    # ---- lifecycle ----------------------------------------------------------------

    def initialize(self, params: dict[str, Any]) -> dict[str, Any]:
        if self.initialized:
            raise RequestError(INVALID_REQUEST, "the server is initialized already")
        self.initialized = True
        return {
            "capabilities": CAPABILITIES,
            "serverInfo": {"name": "cardscript", "version": __version__},
        }

    def shutdown(self, params: dict[str, Any]) -> None:
        self.shut_down = True
        return None

    def exit(self, params: dict[str, Any]) -> None:
        self.exit_code = 0 if self.shut_down else 1

    # ---- buffers ------------------------------------------------------------------

    def did_open(self, params: dict[str, Any]) -> None:
        item = _field(params, "textDocument", dict)
        uri, text = _field(item, "uri", str), _field(item, "text", str)
        version = item.get("version")
        self.documents[uri] = Document(path_of(uri), text, version)
        self._publish(uri)

    def did_change(self, params: dict[str, Any]) -> None:
        """Every change, in order, or none: a change that cannot be read leaves the buffer
        as it was (not half-edited)."""
        document = self._document(params)
        text = document.text
        for change in _field(params, "contentChanges", list):
            new = _field(change, "text", str)
            where = change.get("range")
            if isinstance(where, dict):  # (an incremental change, though full is asked)
                positions = Positions(text)
                start = positions.offset(*_position(_field(where, "start", dict)))
                end = positions.offset(*_position(_field(where, "end", dict)))
                # a range given end first is the same range (as vscode-languageserver reads it)
                start, end = min(start, end), max(start, end)
                new = text[:start] + new + text[end:]
            text = new
        document.text = text
        document.version = _field(params, "textDocument", dict).get("version")
        self._publish(_uri(params))

    def did_save(self, params: dict[str, Any]) -> None:
        document = self._document(params)
        if isinstance(params.get("text"), str):
            document.text = params["text"]
        self._publish(_uri(params))

    def did_close(self, params: dict[str, Any]) -> None:
        uri = _uri(params)
        if self.documents.pop(uri, None) is not None:
            self._send(_diagnostics(uri, None, []))

    def _document(self, params: dict[str, Any]) -> Document:
        found = self.documents.get(_uri(params))
        if found is None:
            raise RequestError(INVALID_PARAMS, f"not an open document: {_uri(params)}")
        return found

    def _keywords(self, document: Document) -> tuple[str, str] | None:
        """The keywords buffer whose keywords a document is read with (hover, completion):
        the document, if it is a keywords file; else its folder's, if it is open."""
        from cardscript.cardfiles.validate import is_keywords_file
        from cardscript.content import KEYWORDS_FILE

        if is_keywords_file(str(document.path)):
            return document.text, str(document.path)
        beside = document.path.parent / KEYWORDS_FILE
        found = next((d for d in self.documents.values() if d.path == beside), None)
        return None if found is None else (found.text, str(found.path))

    def _publish(self, uri: str) -> None:
        from cardscript.lsp.diagnostics import buffer_diagnostics

        document = self.documents[uri]
        found = buffer_diagnostics(str(document.path), document.text, self.cache, self.memo)
        self._send(_diagnostics(uri, document.version, found))

    # ---- features -----------------------------------------------------------------

    def completion(self, params: dict[str, Any]) -> dict[str, Any]:
        from cardscript.lsp.completion import completion

        document = self._document(params)
        line, character = _position(_field(params, "position", dict))
        return completion(document.path, document.text, line, character, self._keywords(document))

    def hover(self, params: dict[str, Any]) -> dict[str, Any] | None:
        from cardscript.lsp.hover import hover

        document = self._document(params)
        line, character = _position(_field(params, "position", dict))
        return hover(document.path, document.text, line, character, self._keywords(document))

    def definition(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        from cardscript.lsp.definition import definition

        document = self._document(params)
        line, character = _position(_field(params, "position", dict))
        keywords = self._keywords(document)
        return definition(document.path, document.text, line, character, keywords, self, self.cache)

    # the files as the editor has them (definition.Workspace)

    def text_of(self, path: Path) -> str | None:
        """An open buffer's text, else the file's (None if it cannot be read)."""
        from cardscript.safe_read import UnreadableFile, read_text

        found = next((d for d in self.documents.values() if d.path == path), None)
        if found is not None:
            return found.text
        try:
            return read_text(path)
        except UnreadableFile:
            return None

    def uri_of(self, path: Path) -> str:
        """The URI the editor opened the file with, else its ``file:`` URI."""
        found = next((uri for uri, d in self.documents.items() if d.path == path), None)
        return found if found is not None else path.resolve().as_uri()

    def formatting(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        from cardscript.lsp.formatting import formatting

        document = self._document(params)
        return formatting(document.path, document.text)


def _diagnostics(uri: str, version: Any, found: list[dict[str, Any]]) -> dict[str, Any]:
    params: dict[str, Any] = {"uri": uri, "diagnostics": found}
    if isinstance(version, int):
        params["version"] = version
    return {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params}


def _is_response(message: Any) -> bool:
    return (
        isinstance(message, dict)
        and "method" not in message
        and "id" in message
        and ("result" in message or "error" in message)
    )


def _is_id(value: Any) -> bool:
    """A request id JSON-RPC allows: a string, a number or null (absent: a notification)."""
    return value is None or (isinstance(value, (str, int, float)) and not isinstance(value, bool))


def _field(params: dict[str, Any], name: str, kind: type) -> Any:
    value = params.get(name) if isinstance(params, dict) else None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RequestError(INVALID_PARAMS, f'"{name}" is missing or not {kind.__name__}')
    return value


def _uri(params: dict[str, Any]) -> str:
    return str(_field(_field(params, "textDocument", dict), "uri", str))


def _position(position: dict[str, Any]) -> tuple[int, int]:
    return _field(position, "line", int), _field(position, "character", int)


def serve(stdin: BinaryIO, stdout: BinaryIO, log: TextIO, cache: Any = None) -> int:
    """Serve until "exit" or the end of the input: 0 after shutdown and exit, else 1."""
    server = Server(stdout, log, cache)
    # anything printed by mistake must not break the stream: it goes to the log
    with contextlib.redirect_stdout(log):
        while server.exit_code is None:
            try:
                body = read_message(stdin)
            except FramingError as exc:
                server._log(str(exc))
                continue
            if body is None:
                return 0 if server.shut_down else 1
            server.receive(body)
    return server.exit_code


def main() -> int:
    """``cardscript lsp``: serve on standard input and output."""
    from cardscript.cardfiles.validate import ResultCache

    return serve(sys.stdin.buffer, sys.stdout.buffer, sys.stderr, ResultCache.open())
