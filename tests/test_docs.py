"""The docs are generated from the code: they must be up to date, and complete."""

from __future__ import annotations

import re
from pathlib import Path

from cardscript.cli.run import code_table
from cardscript.docs import diagnostics_doc, language_doc

ROOT = Path(__file__).resolve().parent.parent


def test_every_diagnostic_code_is_documented() -> None:
    used: set[str] = set()
    for path in (ROOT / "cardscript").rglob("*.py"):
        used.update(re.findall(r'"(CS-[A-Z]+\d+)"', path.read_text("utf-8")))
    table = code_table()
    assert sorted(used - set(table)) == []
    for code, entry in table.items():
        assert entry.get("title") and entry.get("meaning"), code


def test_generated_docs_are_up_to_date() -> None:
    assert (ROOT / "docs" / "diagnostics.md").read_text("utf-8") == diagnostics_doc(), (
        "run: python -m cardscript.docs"
    )
    assert (ROOT / "docs" / "language.md").read_text("utf-8") == language_doc(), (
        "run: python -m cardscript.docs"
    )
