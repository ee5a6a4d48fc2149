"""textDocument/formatting: the change ``cardscript fmt`` would make to the buffer.

One edit replaces the whole text; none when fmt would leave the file alone (it has
errors, it is no card file, it is formatted already).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardscript.cli.fmt_files import format_source
from cardscript.lsp.positions import Positions


def formatting(path: Path, text: str) -> list[dict[str, Any]]:
    new, problems = format_source(path, text)
    if problems or new is None or new == text:
        return []
    return [{"range": Positions(text).whole(), "newText": new}]
