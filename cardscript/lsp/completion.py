"""textDocument/completion: what ``complete --stdin`` offers at the cursor.

The cursor is mapped into the card text it stands in as ``complete`` maps it; each
candidate replaces the text from where its word (or phrase) starts to the cursor.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardscript.cli.complete_cmd import CompleteError, Keywords, complete_in, script_at_offset
from cardscript.lsp.positions import Positions

# LSP's CompletionItemKind of each kind of candidate (the rest: Value)
ITEM_KIND = {
    "keyword": 14,  # Keyword
    "word": 14,
    "sign": 24,  # Operator
    "verb": 3,  # Function
    "stat": 10,  # Property
    "attribute": 10,
    "counter": 10,
    "resource": 10,
    "event": 23,  # Event
    "noun": 7,  # Class
    "zone": 9,  # Module
    "label": 15,  # Snippet
    "rule hook": 20,  # EnumMember
    "state": 20,
    "phase": 20,
}
_VALUE = 12


def completion(
    path: Path, text: str, line: int, character: int, keywords: Keywords | None = None
) -> dict[str, Any]:
    """A CompletionList (empty where ``complete`` offers nothing or would stop); with
    ``keywords``, the keywords file (an open buffer) whose keywords are offered."""
    positions = Positions(text)
    try:
        script, cursor, game, to_file = script_at_offset(
            path, text, positions.offset(line, character), None
        )
    except CompleteError:
        script = None
    items: list[dict[str, Any]] = []
    if script is not None:
        end = positions.from_yaml(*to_file(cursor))
        for n, found in enumerate(complete_in(game, script, cursor, keywords).items):
            item: dict[str, Any] = {
                "label": found.text,
                "kind": ITEM_KIND.get(found.kind, _VALUE),
                "detail": found.kind,
                "sortText": f"{n:05d}",  # the parser's order, not the editor's
                "textEdit": {
                    "range": {"start": positions.from_yaml(*to_file(found.start)), "end": end},
                    "newText": found.text,
                },
            }
            if found.doc:
                item["documentation"] = found.doc
            items.append(item)
    return {"isIncomplete": False, "items": items}
