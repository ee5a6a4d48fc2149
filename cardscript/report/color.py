"""Whether to colour terminal output, and the few ANSI styles the text format uses."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import IO, Any

from cardscript.grammar.diagnostics import Severity

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
SEVERITY_STYLE = {
    Severity.ERROR: "\x1b[1;31m",  # bold red
    Severity.WARNING: "\x1b[1;33m",  # bold yellow
    Severity.NOTE: "\x1b[1;36m",  # bold cyan
}


def use_color(stream: IO[Any], env: Mapping[str, str] | None = None) -> bool:
    """Colour only for a terminal, unless NO_COLOR or FORCE_COLOR says otherwise.

    Any non-empty NO_COLOR turns colour off (https://no-color.org) and wins over a
    non-empty FORCE_COLOR, which turns it on even for pipes (e.g. CI logs).
    """
    env = os.environ if env is None else env
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    if env.get("TERM") == "dumb":
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or the stream is closed
        return False


def paint(text: str, style: str, *, color: bool) -> str:
    return f"{style}{text}{RESET}" if color and text else text
