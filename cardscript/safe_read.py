"""Reading a file a user named, safely: never hang on a FIFO or a device, never read more
than a limit. Every command that reads a user's file goes through ``read_bytes``, and
every command that takes files or folders finds them with ``files_under``."""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

MIB = 1024 * 1024
MAX_BYTES = 20 * MIB


class UnreadableFile(OSError):
    """Why a file cannot be read, in words for a message ("Is a directory")."""

    def __init__(self, reason: str, size: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.size = size  # set when the file is too large


class NotUtf8(UnreadableFile):
    """The file is not UTF-8 text."""


MAX_JSON_DEPTH = 100  # as for YAML (CS-Y005): said when nesting exhausts Python's stack
MAX_JSON_DIGITS = 4300  # Python's own str->int limit, as for YAML (CS-Y009)
# a JSON string (skipped), a bracket, or a number longer than int() reads
_JSON_SCAN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|-?[0-9]{' + str(MAX_JSON_DIGITS + 1) + ",}")


def json_value(text: str) -> Any:
    """``json.loads``, where hostile text is a ``json.JSONDecodeError`` at its place too
    (never a RecursionError, nor a ValueError without a position): nesting that exhausts
    the stack, or a number of more than 4,300 digits."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        pos, message = _json_hazard(text, deep=True)
    except ValueError:  # (int()'s digit limit)
        pos, message = _json_hazard(text, deep=False)
    raise json.JSONDecodeError(message, text, pos) from None


def _json_hazard(text: str, *, deep: bool) -> tuple[int, str]:
    depth = 0
    for match in _JSON_SCAN.finditer(text):
        token = match.group()
        if token[0] in "[{":
            depth += 1
            if deep and depth > MAX_JSON_DEPTH:
                return match.start(), f"JSON nesting is deeper than {MAX_JSON_DEPTH} levels"
        elif token[0] in "]}":
            depth -= 1
        elif token[0] != '"' and not deep:
            return match.start(), f"number has more than {MAX_JSON_DIGITS:,} digits"
    return 0, "JSON nesting is too deep" if deep else "a number is too long"


def read_bytes(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> bytes:
    """The file's bytes; ``UnreadableFile`` for a directory, a FIFO or device, a file over
    ``max_bytes``, or any OS error."""
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not hang; it is refused below.
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(os.fspath(path), flags)
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise UnreadableFile("Is a directory")
            if not stat.S_ISREG(info.st_mode):
                raise UnreadableFile("not a regular file")
            if info.st_size > max_bytes:
                raise UnreadableFile(too_large(info.st_size, max_bytes), info.st_size)
            data = handle.read(max_bytes + 1)  # the file may have grown since fstat
    except UnreadableFile:
        raise
    except OSError as exc:
        raise UnreadableFile(exc.strerror or str(exc)) from None
    if len(data) > max_bytes:
        raise UnreadableFile(too_large(len(data), max_bytes), len(data))
    return data


def read_text(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> str:
    """The file as UTF-8 text (a BOM dropped); ``UnreadableFile`` as ``read_bytes``, or
    "not valid UTF-8"."""
    data = read_bytes(path, max_bytes)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise NotUtf8("not valid UTF-8") from None


def shown_size(limit: int) -> str:
    """A size limit as a reader writes it: "20 MiB", "64 KiB", "1,000 bytes"."""
    if limit % MIB == 0:
        return f"{limit // MIB} MiB"
    if limit % 1024 == 0:
        return f"{limit // 1024} KiB"
    return f"{limit:,} bytes"


def too_large(size: int, limit: int) -> str:
    return f"larger than {shown_size(limit)} ({size:,} bytes)"


def files_under(
    paths: Iterable[str | os.PathLike[str]], wanted: Callable[[Path], bool]
) -> tuple[list[Path], list[tuple[Path, str]]]:
    """The files the user named, and in each folder named the ``wanted`` files below it
    (hidden ones skipped: ``.git``, ``.venv``…), sorted, each once; and each path that is
    neither, with why ("no such file or folder", "File name too long"…)."""
    files: list[Path] = []
    unreadable: list[tuple[Path, str]] = []
    for raw in paths:
        path = Path(raw)
        try:
            folder = stat.S_ISDIR(path.stat().st_mode)
        except OSError as exc:  # (``is_dir`` lets a name too long through as an error)
            missing = exc.errno in (errno.ENOENT, errno.ENOTDIR)
            unreadable.append((path, "no such file or folder" if missing else _why(exc)))
            continue
        if not folder:
            files.append(path)
            continue
        files.extend(sorted(_walk(path, wanted)))
    return list(dict.fromkeys(files)), unreadable


def _walk(folder: Path, wanted: Callable[[Path], bool]) -> Iterator[Path]:
    """The ``wanted`` files below ``folder``, never entering a hidden folder (a ``.venv``
    holds thousands of files) nor following a link to a folder (it may loop)."""
    for top, folders, names in os.walk(folder):
        folders[:] = [f for f in folders if not f.startswith(".")]
        for name in names:
            found = Path(top, name)
            if not name.startswith(".") and wanted(found) and found.is_file():
                yield found


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)
