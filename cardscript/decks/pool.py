"""The card pool a deck is checked against: the bundled cards plus the user's ``--cards``.

Card files are read with the card-file loader (no schema or script validation: that is
``cardscript validate``'s job). MarvelCDB pack JSON given to ``--cards`` is converted on the
fly. Each file's cards are cached by (path, size, mtime) for the life of the process, so
checking a thousand decks reads each card file once.

| code    | meaning |
|---|---|
| CS-IO1  | a ``--cards`` path cannot be read |
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardscript.grammar.diagnostics import Diagnostic, Span, did_you_mean, error

_SPACES = re.compile(r"\s+")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "“": '"', "”": '"', "–": "-", "—": "-"})
_TRAILING_NOTE = re.compile(r"\s*[\(\[][^()\[\]]*[\)\]]\s*$")  # "Backflip (core, 3)"


@lru_cache(maxsize=1 << 16)
def normalize(name: str) -> str:
    """How names are compared: NFKC, case-folded, one space, plain quotes and dashes."""
    text = unicodedata.normalize("NFKC", name).translate(_QUOTES).casefold()
    return _SPACES.sub(" ", text).strip()


@dataclass(frozen=True, eq=False)
class PoolCard:
    game: str
    id: str
    name: str
    type: str
    data: Mapping[str, Any]
    file: str

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


class GamePool:
    """One game's cards, by id and by name (and "Name, Qualifier" for the given fields)."""

    def __init__(self, game: str, cards: Iterable[PoolCard], qualifiers: Sequence[str] = ()):
        self.game = game
        self.by_id: dict[str, PoolCard] = {}
        for card in cards:
            self.by_id[card.id.casefold()] = card  # a later file wins
        self.by_name: dict[str, list[PoolCard]] = {}
        self._shown: set[str] = set()  # names as written, for did-you-mean
        for card in self.by_id.values():
            shown = {card.name}
            for qualifier in qualifiers:
                extra = card.get(qualifier)
                if isinstance(extra, str) and extra:
                    shown.add(f"{card.name}, {extra}")
                    shown.add(f"{card.name} ({extra})")
            self._shown.update(shown)
            for key in {normalize(s) for s in shown}:
                self.by_name.setdefault(key, []).append(card)
        self._words: list[str] | None = None

    def __len__(self) -> int:
        return len(self.by_id)

    def cards(self) -> list[PoolCard]:
        return list(self.by_id.values())

    def resolve(self, ref: str) -> list[PoolCard]:
        """Cards ``ref`` names: an id, else a name; a trailing "(set, 3)" note is dropped."""
        text = ref.strip()
        found = self.by_id.get(text.casefold())
        if found is not None:
            return [found]
        named = self.by_name.get(normalize(text))
        if named:
            return named
        stripped = _TRAILING_NOTE.sub("", text)
        if stripped and stripped != text:
            return self.resolve(stripped)
        return []

    def suggestion(self, ref: str) -> str:
        if self._words is None:
            self._words = sorted(self._shown)
        return did_you_mean(ref, self._words) or did_you_mean(
            ref, [c.id for c in self.by_id.values()]
        )


@dataclass
class CardPool:
    """Every game's cards; ``problems`` are the pool files that could not be read."""

    cards: dict[str, list[PoolCard]] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    _games: dict[str, GamePool] = field(default_factory=dict)

    def game(self, game: str) -> GamePool:
        found = self._games.get(game)
        if found is None:
            from cardscript.decks.rules import load_rules

            found = GamePool(game, self.cards.get(game, ()), load_rules(game).name_qualifiers)
            self._games[game] = found
        return found


_FILE_CACHE: dict[str, tuple[tuple[int, int], list[PoolCard], tuple[Diagnostic, ...]]] = {}


def load_pool(extra: Sequence[Path | str] = (), *, bundled: bool = True) -> CardPool:
    """The bundled cards (unless ``bundled`` is False) and the cards under ``extra``."""
    from cardscript.games import bundled_cards_dir

    pool = CardPool()
    roots: list[Path] = [bundled_cards_dir()] if bundled else []
    for raw in extra:
        path = Path(raw)
        if not path.exists():
            pool.problems.append(
                error(
                    "CS-IO1",
                    f"cannot read {path}: no such file or folder",
                    Span.point(1, 1, str(path)),
                )
            )
        roots.append(path)
    for file in _card_files(roots):
        pool.files.append(file)
        for card in _cards_of(file, pool.problems):
            pool.cards.setdefault(card.game, []).append(card)
    return pool


def _card_files(roots: Iterable[Path]) -> list[str]:
    files: list[str] = []
    for root in roots:
        if root.is_dir():
            files.extend(
                sorted(
                    str(p)
                    for p in root.rglob("*")
                    if p.is_file()
                    and p.suffix in (".yaml", ".yml", ".json")
                    and not any(part.startswith(".") for part in p.relative_to(root).parts)
                )
            )
        elif root.is_file():
            files.append(str(root))
    return list(dict.fromkeys(files))


def _cards_of(file: str, problems: list[Diagnostic]) -> list[PoolCard]:
    try:
        info = os.stat(file)
    except OSError as exc:
        problems.append(
            error("CS-IO1", f"cannot read file: {exc.strerror}", Span.point(1, 1, file))
        )
        return []
    stamp = (info.st_size, info.st_mtime_ns)
    cached = _FILE_CACHE.get(file)
    if cached is not None and cached[0] == stamp:
        problems.extend(cached[2])  # (a broken file is told on every check, not the first)
        return cached[1]
    found: list[Diagnostic] = []
    cards = _read_cards(file, found)
    _FILE_CACHE[file] = (stamp, cards, tuple(found))
    problems.extend(found)
    return cards


def _read_cards(file: str, problems: list[Diagnostic]) -> list[PoolCard]:
    from cardscript import GAMES
    from cardscript.cardfiles.checkfile import card_entries
    from cardscript.cardfiles.yamlsource import load_yaml_file

    if file.endswith(".json"):
        return _read_marvelcdb_pack(file, problems)
    doc = load_yaml_file(file)
    data = doc.data
    if doc.data is None:
        # a file that is no YAML at all: the cards it was meant to add are not in the pool
        problems.extend(doc.diagnostics)
        return []
    if not isinstance(data, dict) or "deck" in data or data.get("game") not in GAMES:
        return []  # a deck, or not a card file: validate reports broken card files
    game = str(data["game"])
    return [
        card_of(game, entry, file)
        for _, entry in card_entries(data)
        if isinstance(entry.get("id"), str | int)
    ]


def card_of(game: str, entry: Mapping[str, Any], file: str) -> PoolCard:
    return PoolCard(
        game,
        str(entry["id"]),
        str(entry.get("name") or entry["id"]),
        str(entry.get("type") or ""),
        entry,
        file,
    )


def _read_marvelcdb_pack(file: str, problems: list[Diagnostic]) -> list[PoolCard]:
    from cardscript.decks.mcdb_cards import convert_pack
    from cardscript.safe_read import UnreadableFile, json_value, read_text

    try:  # (``read_text``: a FIFO named with --cards must not hang the run)
        data = json_value(read_text(file))
    except (UnreadableFile, ValueError):
        return []  # not a pack (a MarvelCDB deck, or broken JSON): nothing to add
    if not isinstance(data, list):
        return []
    converted = convert_pack(data, file)
    return [card_of("marvel-champions", card, file) for card in converted.cards]
