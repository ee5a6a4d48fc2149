"""Validate a keywords file named on the command line (``<game>/keywords.cardscript``).

Its game is the folder it sits in, as for the bundled content; its problems are those
``games.game_from_keywords`` finds (parse, definitions, and the checks of a card text on
each keyword's body), at their line:col in the file.
"""

from __future__ import annotations

from pathlib import Path

from cardscript import GAMES
from cardscript.cardfiles.checkfile import FileResult
from cardscript.cardfiles.yamlerrors import io_error
from cardscript.content import KEYWORDS_FILE
from cardscript.grammar.diagnostics import Span, did_you_mean, error
from cardscript.safe_read import UnreadableFile, read_text

_EXAMPLE = f"{GAMES[0]}/{KEYWORDS_FILE}"


def check_keywords_file(path: str) -> FileResult:
    """Every problem of one keywords file, read against its game's own vocabulary."""
    try:
        text = read_text(path)
    except UnreadableFile as exc:  # (its reason says too large, not UTF-8 …)
        return FileResult(path, None, (io_error(path, exc.reason),))
    return check_keywords_text(path, text)


def check_keywords_text(path: str, text: str) -> FileResult:
    """``check_keywords_file`` of this text (an editor's unsaved buffer) at ``path``."""
    from cardscript.games import base_registry, game_from_keywords

    game = Path(path).parent.name
    if game not in GAMES:
        problem = error(
            "CS-C003",
            f'a keywords file\'s game is the folder it is in, and "{game}" names none of: '
            + ", ".join(GAMES),
            Span.point(1, 1, path),
            did_you_mean(game, GAMES) or f'perhaps try a folder named after its game: "{_EXAMPLE}"',
        )
        return FileResult(path, None, (problem,), text=text)
    definition = game_from_keywords(base_registry(game), text, path)
    return FileResult(path, game, definition.keyword_diagnostics, text=text)
