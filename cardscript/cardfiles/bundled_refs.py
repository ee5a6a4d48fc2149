"""The bundled cards of a game as summaries, for the cross-file checks of the files
``validate`` is given: a card may name a bundled card (``owner: bulwark-hero``), as
``play --cards`` allows, and may not take a bundled card's id, as ``play --cards`` refuses.

Only summaries (ids, references, printed fields) are read, kept in the result cache by
content, so a warm run reads the bundled files' bytes and nothing else of them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardscript import safe_read
from cardscript.cardfiles.checkfile import CardSummary

if TYPE_CHECKING:
    from cardscript.cardfiles.validate import ResultCache


def bundled_summaries(
    games: Iterable[str], given: Iterable[str], cache: ResultCache | None
) -> list[CardSummary]:
    """The cards of each game's bundled files (those ``play`` adds ``--cards`` to),
    except the files among the ``given`` ones: those are checked as given."""
    from cardscript.content import bundled_cards_dir

    root = bundled_cards_dir()
    seen = {_identity(p) for p in given}
    out: list[CardSummary] = []
    for game in games:
        for path in sorted((root / game).glob("*.yaml")):
            if _identity(path) not in seen:
                out.extend(_cards_of(str(path), game, cache))
    return out


def _identity(path: str | os.PathLike[str]) -> tuple[int, int] | str:
    """The file itself, however it is named (a relative path, a link): one ``stat``,
    where ``realpath`` costs one per folder of the path."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):  # (ValueError: a NUL or a lone surrogate, as a URI may hold)
        return str(path)
    return found.st_dev, found.st_ino


def _cards_of(path: str, game: str, cache: ResultCache | None) -> tuple[CardSummary, ...]:
    try:
        data = safe_read.read_bytes(path)
    except safe_read.UnreadableFile:
        return ()  # (``play`` says so when it makes the pool)
    found = cache.get_cards(path, data) if cache is not None else None
    if found is not None:
        return found
    from cardscript.cardfiles.cardchecks import summarise
    from cardscript.cardfiles.checkfile import card_entries
    from cardscript.cardfiles.yamlsource import load_yaml_file

    doc = load_yaml_file(path)
    ok = isinstance(doc.data, dict) and doc.data.get("game") == game
    cards = tuple(
        summary
        for json_path, card in (card_entries(doc.data) if ok else ())
        if (summary := summarise(game, json_path, card, doc)) is not None
    )
    if cache is not None:
        cache.put_cards(data, cards)
    return cards
