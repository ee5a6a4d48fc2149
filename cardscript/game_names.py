"""An unknown game's name, told alike by every command: `unknown game "x"` and either a
close spelling or the list of games (CS-G001)."""

from __future__ import annotations

from cardscript import GAMES
from cardscript.grammar.diagnostics import Diagnostic, did_you_mean, error


def unknown_game(name: str) -> Diagnostic:
    from cardscript.report.shown import printable  # (a name typed: no terminal codes)

    return error(
        "CS-G001",
        f'unknown game "{printable(name)}"',
        None,
        did_you_mean(name, GAMES) or "the games are: " + ", ".join(GAMES),
    )


def unknown_game_message(name: str) -> str:
    """``unknown_game`` as one line: the message, then its hint."""
    found = unknown_game(name)
    return f"{found.message}; {found.hints[0]}"
