"""textDocument/definition: where the keyword or the card named at the cursor is defined.

A keyword of a card text (or of a keywords file) goes to the name on its "keyword Name:"
line, in the keywords file hover reads it from (the open keywords buffer of its game, else
the bundled one). A card id in a field that names a card (``back:``, ``owner:``,
``hero:``, ``team:`` …, as the cross-file check reads them) goes to that card's id: in the
buffer, else among the bundled cards of its game, as ``validate`` finds it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Protocol

from cardscript.cli.complete_cmd import CompleteError, Keywords, definition_of, script_at_offset
from cardscript.grammar.diagnostics import Span
from cardscript.lsp.positions import Positions


class Workspace(Protocol):
    """The files as the editor has them: an open buffer's text, else the file's."""

    def text_of(self, path: Path) -> str | None: ...

    def uri_of(self, path: Path) -> str: ...


def definition(
    path: Path,
    text: str,
    line: int,
    character: int,
    keywords: Keywords | None,
    workspace: Workspace,
    cache: Any = None,
) -> list[dict[str, Any]]:
    """The Locations of what is named at the cursor (none where it names nothing)."""
    positions = Positions(text)
    offset = positions.offset(line, character)
    if path.suffix in (".yaml", ".yml"):
        found = _card_named_at(path, text, positions, offset, workspace, cache)
        if found is not None:
            return found
    return _keyword_at(path, text, offset, keywords, workspace)


def _keyword_at(
    path: Path, text: str, offset: int, keywords: Keywords | None, workspace: Workspace
) -> list[dict[str, Any]]:
    from cardscript.games import keyword_id
    from cardscript.grammar.hover import term_at

    try:
        script, cursor, game, _ = script_at_offset(path, text, offset, None)
    except CompleteError:
        return []
    if script is None:
        return []
    game_definition = definition_of(game, keywords)
    meaning = term_at(script, cursor, game_definition.registry)
    if meaning is None or meaning.kind != "keyword":
        return []
    for found in game_definition.keyword_defs:
        if keyword_id(found.name) == meaning.term.id and found.span is not None:
            return _located(workspace, Path(game_definition.keyword_source), found.span, found.name)
    return []


def _card_named_at(
    path: Path, text: str, positions: Positions, offset: int, workspace: Workspace, cache: Any
) -> list[dict[str, Any]] | None:
    """The card a reference at the cursor names; None if the cursor is on no reference."""
    from cardscript.cardfiles.bundled_refs import bundled_summaries
    from cardscript.cardfiles.cardchecks import summarise
    from cardscript.cardfiles.checkfile import card_entries
    from cardscript.cardfiles.yamlsource import load_yaml_text

    doc = load_yaml_text(text, str(path))
    game = doc.data.get("game") if isinstance(doc.data, dict) else None
    if not isinstance(game, str):
        return None
    cards = [
        summary
        for json_path, card in card_entries(doc.data)
        if (summary := summarise(game, json_path, card, doc)) is not None
    ]
    named = next(
        (
            target
            for card in cards
            for _, target, where in card.refs
            if positions.yaml_offset(where.line, where.column)
            <= offset
            <= positions.yaml_offset(where.end_line, where.end_column)
        ),
        None,
    )
    if named is None:
        return None
    mine = [c for c in cards if c.id == named]
    if mine:
        return [_location(workspace.uri_of(path), positions, mine[0].span)]
    for card in bundled_summaries([game], [str(path)], cache):
        if card.id == named and card.span.file is not None:
            return _located(workspace, Path(card.span.file), card.span)
    return []  # (a card that does not exist: validate says so, CS-C021)


def _located(
    workspace: Workspace, path: Path, span: Span, keyword: str = ""
) -> list[dict[str, Any]]:
    """The Location of ``span`` in the file at ``path`` as the editor has it; of a keyword's
    name on its "keyword Name:" line if ``keyword`` is given."""
    text = workspace.text_of(path)
    if text is None:
        return []
    positions = Positions(text)
    if keyword:
        span = _name_in(positions, span, keyword)
    return [_location(workspace.uri_of(path), positions, span)]


def _location(uri: str, positions: Positions, span: Span) -> dict[str, Any]:
    return {"uri": uri, "range": positions.range_of(span)}


def _name_in(positions: Positions, span: Span, name: str) -> Span:
    """The span of the name on a "keyword Name:" line (however it is spaced); the line's
    first character if it is not found there."""
    start = positions.yaml_offset(span.line, 1)
    line = positions.text[start : positions.yaml_offset(span.line, 10**6)]
    words = r"\s+".join(re.escape(word) for word in name.split())
    found = re.search(rf"\bkeyword\s+({words})", line, re.IGNORECASE)
    if found is None:
        return Span.point(span.line, 1)
    return Span(span.line, found.start(1) + 1, span.line, found.end(1) + 1)
