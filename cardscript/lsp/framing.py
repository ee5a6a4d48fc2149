"""The LSP base protocol: ``Content-Length`` headers, then a UTF-8 JSON body.

Reading never trusts its input: a header it cannot read is skipped (and said so), a line
that runs into the next message's header is read from that header on, and a body larger
than any card file is read past without being kept.
"""

from __future__ import annotations

import json
import re
from typing import Any, BinaryIO

from cardscript.report.shown import shown
from cardscript.safe_read import MAX_BYTES

# an open buffer is at most a card file (safe_read.MAX_BYTES) and JSON may double it
MAX_BODY = 4 * MAX_BYTES
_MAX_HEADER_LINE = 4096
_LENGTH = re.compile(rb"content-length[ \t]*:[ \t]*(\S*)[ \t]*\r?\n?\Z", re.IGNORECASE)
_HEADER = re.compile(rb"[!-9;-~]+[ \t]*:[^\r\n]*\r?\n?\Z")  # (a name, a colon, a value)
_CHUNK = 1 << 16


class FramingError(Exception):
    """A message that cannot be read; the stream is left where the next one may start."""


def read_message(stream: BinaryIO) -> bytes | None:
    """The next message's body, or None at the end of the input."""
    length: int | None = None
    while True:
        line = stream.readline(_MAX_HEADER_LINE)
        if not line:
            return None
        if line in (b"\r\n", b"\n"):
            if length is None:
                raise FramingError("a message without a Content-Length header")
            break
        start = line.lower().find(b"content-length")
        if start > 0:  # the end of a broken message, then a header
            line = line[start:]
        found = _LENGTH.match(line)
        if found is not None:
            length = _length(found.group(1))
        elif _HEADER.match(line) is None:
            raise FramingError(f"not a header line: {line[:80]!r}")
    if length > MAX_BODY:
        _skip(stream, length)
        raise FramingError(f"a message of {length} bytes is larger than {MAX_BODY}")
    body = stream.read(length)
    return body if len(body) == length else None


def _length(raw: bytes) -> int:
    if not raw.isdigit():
        raise FramingError(f"a Content-Length that is not a number: {raw[:40]!r}")
    return int(raw)


def _skip(stream: BinaryIO, length: int) -> None:
    while length > 0:
        chunk = stream.read(min(length, _CHUNK))
        if not chunk:
            return
        length -= len(chunk)


def decode_body(body: bytes) -> Any:
    """The JSON value of a body; ValueError if it is not UTF-8 JSON (RecursionError if
    it nests deeper than the parser goes)."""
    return json.loads(body.decode("utf-8"))


def write_message(stream: BinaryIO, message: dict[str, Any]) -> None:
    # (a file name's stray bytes, as Python keeps them, are escaped: the body stays UTF-8)
    body = shown(json.dumps(message, ensure_ascii=False, separators=(",", ":"))).encode("utf-8")
    stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stream.flush()
