"""Writing a file a user named, safely: never a half-written file, never a lost one.

``Output`` writes beside the target and renames its text over the target only when the
writer commits: an error or an interrupt before leaves the old file as it was, and no
temporary file behind. The target keeps its permissions, and a symbolic link keeps
pointing at the file it names (the file rewritten). A FIFO or a device (``/dev/stdout``)
is written to directly; a FIFO that no one reads is refused, not waited on. Every command
that writes a user's file goes through ``Output`` (``replace_file`` for a whole text).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from types import TracebackType
from typing import IO


class UnwritableFile(OSError):
    """Why a file cannot be written, in words for a message ("Is a directory")."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Output:
    """A text file being written: ``write`` as often as needed, then ``commit`` (or
    ``discard``); as a context manager it commits unless an exception is raised."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._temporary: str | None = None
        info = _stat(os.fspath(path))
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise UnwritableFile("Is a directory")
        special = info is not None and not stat.S_ISREG(info.st_mode)
        # a link stays a link: the file it names is rewritten (but /dev/stdout is opened
        # as named: its link leads to "pipe:[…]", no path at all)
        self.path = os.fspath(path) if special else os.path.realpath(path)
        try:
            if special:
                fd = _open_special(self.path)
            else:
                # a short name of our own: "." + a 250-character name + a suffix is too long
                fd, self._temporary = tempfile.mkstemp(
                    dir=os.path.dirname(self.path), prefix=".cardscript-", suffix=".tmp"
                )
                os.fchmod(fd, stat.S_IMODE(info.st_mode) if info else _new_file_mode())
        except OSError as exc:
            self._forget()
            raise UnwritableFile(_why(exc)) from None
        self._stream: IO[str] = os.fdopen(fd, "w", encoding="utf-8", newline="")

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:  # a full disk, a device that fails
            raise UnwritableFile(_why(exc)) from None

    def commit(self) -> None:
        """Every byte on disk, then the file in the target's place."""
        try:
            self._stream.flush()
            if self._temporary is not None:
                os.fsync(self._stream.fileno())
            self._stream.close()
            if self._temporary is not None:
                os.replace(self._temporary, self.path)
                self._temporary = None
        except OSError as exc:
            self.discard()
            raise UnwritableFile(_why(exc)) from None

    def discard(self) -> None:
        """The target left as it was."""
        with contextlib.suppress(OSError):  # (what could not be written is dropped anyway)
            self._stream.close()
        self._forget()

    def _forget(self) -> None:
        if self._temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._temporary)
            self._temporary = None

    def __enter__(self) -> Output:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def replace_file(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` as the whole of ``path``, or raise ``UnwritableFile`` with the file
    as it was."""
    with Output(path) as output:
        output.write(text)


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise UnwritableFile(_why(exc)) from None


def _open_special(path: str) -> int:
    """A FIFO or device, opened without blocking: a FIFO no one reads is ENXIO."""
    try:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise UnwritableFile("no program is reading from this pipe") from None
        raise
    os.set_blocking(fd, True)  # (once open, a slow reader is waited for)
    return fd


def _new_file_mode() -> int:
    """The mode ``open()`` gives a new file: 0o666 less the umask (mkstemp's is 0o600)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)
