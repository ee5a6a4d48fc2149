"""Find deck files and read each with the reader its format needs.

``*.yaml``/``*.yml`` with a top-level ``deck:`` key are YAML decks (other YAML files are
card files and are skipped inside folders); ``*.json`` holding ``slots`` and
``hero_code`` are MarvelCDB decks; ``*.txt`` (or any other named file) is a text list.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from cardscript import safe_read
from cardscript.cardfiles.yamlerrors import read_source
from cardscript.cardfiles.yamlsource import load_yaml_text
from cardscript.decks.mcdbdeck import is_marvelcdb_deck, load_json, read_marvelcdb_deck
from cardscript.decks.model import Deck
from cardscript.decks.textdeck import read_text_deck
from cardscript.decks.yamldeck import deck_from_document, is_yaml_deck
from cardscript.grammar.diagnostics import Diagnostic, Span, error

DECK_SUFFIXES = (".yaml", ".yml", ".txt", ".json")
MAX_BYTES = 5 * 1024 * 1024


def collect_deck_files(
    paths: Iterable[Path | str],
) -> tuple[list[tuple[str, bool]], list[Diagnostic]]:
    """(file, named explicitly) for each candidate; folders give every *.yaml/yml/txt/json."""
    paths = list(paths)
    named = {str(Path(raw)) for raw in paths}
    found, unreadable = safe_read.files_under(paths, _deck_file)
    problems = [
        error("CS-IO1", f"cannot read {path}: {why}", Span.point(1, 1, str(path)))
        for path, why in unreadable
    ]
    return [(str(f), str(f) in named) for f in found], problems


def _deck_file(path: Path) -> bool:
    return path.suffix.lower() in DECK_SUFFIXES


def read_deck(path: str, *, game: str | None = None, explicit: bool = True) -> Deck | None:
    """The deck in ``path``; None for a file of a folder that is not a deck (a card file)."""
    text = read_source(path, MAX_BYTES)
    if isinstance(text, Diagnostic):
        kind = "unreadable" if text.code == "CS-IO1" else "not text"  # (only I/O is usage)
        return Deck(path, kind, None, "", None, (), diagnostics=(text,))
    return read_deck_text(text, path, game=game, explicit=explicit)


def read_deck_text(
    text: str, path: str, *, game: str | None = None, explicit: bool = True
) -> Deck | None:
    suffix = Path(path).suffix.lower()
    if suffix == ".json":
        if not explicit:
            data, problem = load_json(text, path)
            if problem is None and not is_marvelcdb_deck(data):
                return None  # a card pack or other JSON next to the decks
        return read_marvelcdb_deck(text, path)
    if suffix in (".yaml", ".yml"):
        doc = load_yaml_text(text, path)
        if (
            not explicit
            and not is_yaml_deck(doc.data)
            and (doc.data is not None or not doc.diagnostics)
        ):
            return None  # a card file (or an empty file) next to the decks
        return deck_from_document(doc, game=game)
    return read_text_deck(text, path, game=game)
