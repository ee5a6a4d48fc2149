"""textDocument/hover: what the word or phrase under the cursor means in the game.

A word of a card text (or of a keywords file) that the game's registry defines shows its
class and its doc; a keyword defined in card script, which has no doc, shows its
definition as ``explain`` words it. The keywords are those of the open keywords buffer of
the game (the file itself, or the one beside a card file), as the editor has it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardscript.cli.complete_cmd import CompleteError, Keywords, definition_of, script_at_offset
from cardscript.lsp.positions import Positions


def hover(
    path: Path, text: str, line: int, character: int, keywords: Keywords | None = None
) -> dict[str, Any] | None:
    """A Hover, or None where the cursor is on no word of the game's vocabulary; with
    ``keywords``, the keywords file (an open buffer) whose keywords are shown."""
    from cardscript.grammar.hover import term_at

    positions = Positions(text)
    try:
        script, cursor, game, to_file = script_at_offset(
            path, text, positions.offset(line, character), None
        )
    except CompleteError:
        return None
    if script is None:
        return None
    definition = definition_of(game, keywords)
    meaning = term_at(script, cursor, definition.registry)
    if meaning is None:
        return None
    term = meaning.term
    keyword = term.id if meaning.kind == "keyword" else ""
    about = term.doc or _keyword_definition(definition, keyword)
    shown = f"**{term.text}** ({meaning.kind})" + (f"\n\n{about}" if about else "")
    return {
        "contents": {"kind": "markdown", "value": shown},
        "range": {
            "start": positions.from_yaml(*to_file(meaning.start)),
            "end": positions.from_yaml(*to_file(meaning.end)),
        },
    }


def _keyword_definition(definition: Any, term_id: str) -> str:
    from cardscript.games import keyword_id
    from cardscript.grammar.explain import Explainer

    for found in definition.keyword_defs:
        if term_id and keyword_id(found.name) == term_id:
            return Explainer(definition.registry, {}).ability(found)
    return ""
