"""Which games can be played: each kernel registers a factory that builds an engine.

The five bundled games register from ``cardscript/kernels/<game>/kernel.py`` (imported on
first use); tests and plugins register their own games with ``register_game``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardscript.content import bundled_cards_dir, package_name
from cardscript.interpreter.cards import CardPool
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog

if TYPE_CHECKING:
    from cardscript.decks.model import Deck
    from cardscript.interpreter.agents import Agent
    from cardscript.interpreter.kernel import Kernel

# factory(seed, agents, log, extra card files) -> an Engine with its card pool loaded
# (seed, agents, the log or None where nothing is recorded, extra card files)
EngineFactory = Callable[[int, list[Any], GameLog | None, list[Path]], Engine]
_FACTORIES: dict[str, EngineFactory] = {}


def register_game(game: str, factory: EngineFactory) -> None:
    _FACTORIES[game] = factory


def engine_factory(game: str) -> EngineFactory | None:
    """The game's factory, importing its bundled kernel module if it has one."""
    if game not in _FACTORIES:
        try:
            importlib.import_module(f"cardscript.kernels.{package_name(game)}.kernel")
        except ModuleNotFoundError:
            return None
    return _FACTORIES.get(game)


class PluginError(ValueError):
    """A plugin (``--plugin module:function``) that cannot be imported or registered."""


def load_plugin(spec: str) -> None:
    """``module:function`` — import the module and call the function (it registers). What
    goes wrong is a ``PluginError`` naming the plugin: its code is not ours to report."""
    module, _, function = spec.partition(":")
    try:
        loaded = importlib.import_module(module)
    except Exception as exc:  # (its own import may fail any way: the plugin's to fix)
        raise PluginError(f"importing it failed: {type(exc).__name__}: {exc}") from None
    if not function:
        return
    register = getattr(loaded, function, None)
    if not callable(register):
        raise PluginError(f"module {module!r} has no function {function!r}")
    try:
        register()
    except Exception as exc:
        raise PluginError(f"calling it failed: {type(exc).__name__}: {exc}") from None


_BUNDLED: dict[str, CardPool] = {}


@dataclass(frozen=True)
class BundledGame:
    """A bundled game's way in: its card pool, a new engine with its kernel, and the
    factory registered for ``cardscript play`` and the scenario runner."""

    game: str
    kernel: Callable[[], Kernel]

    def pool(self, extra: Sequence[Path] = ()) -> CardPool:
        """The bundled cards (shared, compiled once) plus extra card files."""
        return bundled_pool(self.game, extra)

    def new_engine(
        self,
        agents: Sequence[Agent],
        seed: int = 1,
        *,
        log: GameLog | None = None,
        extra: Sequence[Path] = (),
        pool: CardPool | None = None,
    ) -> Engine:
        pool = pool if pool is not None else self.pool(extra)
        return Engine.new(pool.game, pool, self.kernel(), agents, seed, log=log)

    def deck_ids(self, pool: CardPool, path: Path) -> list[str]:
        """The card ids of a deck file, read by the deck reader the CLI uses."""
        return deck_card_ids(str(path), pool)

    def register(self) -> None:
        def factory(seed: int, agents: list[Any], log: GameLog | None, extra: list[Path]) -> Engine:
            return self.new_engine(agents, seed, log=log, extra=extra)

        register_game(self.game, factory)


def bundled_pool(game: str, extra: Sequence[Path] = ()) -> CardPool:
    """A game's bundled cards (compiled once per process and shared: engines never change
    a pool) or, with extra card files, a new pool of both."""
    if not extra and game in _BUNDLED:
        return _BUNDLED[game]
    key = _extra_key(game, extra)
    if key is not None and key in _WITH_EXTRA:
        return _WITH_EXTRA[key]  # (``simulate``: every game with the same extra files)
    from cardscript.games import load_game

    folder = bundled_cards_dir() / game
    pool = CardPool.from_files(load_game(game), sorted(folder.glob("*.yaml")))
    if not extra:
        _BUNDLED[game] = pool
    origins = dict.fromkeys(pool.cards, "the bundled cards")
    for path in extra:
        _add_card_file(pool, game, path, origins)
    if key is not None:
        if len(_WITH_EXTRA) >= 8:
            _WITH_EXTRA.clear()  # (scenarios come and go: keep a few)
        _WITH_EXTRA[key] = pool
    return pool


# (game, each extra file's path and bytes) -> the pool made of them: compiled once
_WITH_EXTRA: dict[tuple[str, tuple[tuple[str, bytes], ...]], CardPool] = {}


def _extra_key(
    game: str, extra: Sequence[Path]
) -> tuple[str, tuple[tuple[str, bytes], ...]] | None:
    """The key of a pool with ``extra`` files, by their contents now; None where one
    cannot be read (the pool is then made, and says why)."""
    from cardscript import safe_read

    try:
        return game, tuple((str(p), safe_read.read_bytes(p)) for p in extra)
    except safe_read.UnreadableFile:
        return None


class CardFileError(ValueError):
    """An extra card file (``--cards``, a scenario's ``cards:``) that cannot join the pool."""

    unreadable = False  # (a file that is not there or cannot be read: I/O, not content)


class CardFileUnreadable(CardFileError):
    unreadable = True


def unreadable(doc: Any) -> bool:
    """A loaded YamlDocument whose file could not be read at all (CS-IO1)."""
    return doc.data is None and any(d.code == "CS-IO1" for d in doc.diagnostics)


def card_file_problem(doc: Any, game: str, *, strict: bool) -> str | None:
    """Why the card file ``doc`` (a loaded YamlDocument) cannot join ``game``'s pool
    ("file:line:col: …"), or None: a file ``validate`` cannot read as a card file, one of
    another game, or a card whose text has an error; ``strict``: any error ``validate``
    finds (what a user plays with). A scenario's own cards may lack what the schema asks
    (a test card made for one rule)."""
    from cardscript.cardfiles.checkfile import check_document

    checked = check_document(doc)
    if checked.game is not None and checked.game != game:
        span = doc.span_of(("game",))
        return (
            f"{doc.path}:{span.line}:{span.column}: this is a {checked.game} card file, "
            f"not a {game} one"
        )
    errors = [d for d in checked.diagnostics if d.is_error]
    if checked.game is not None and not strict:
        errors = [d for d in errors if not d.code.startswith("CS-C")]  # (the card script's)
    if not errors:
        return None
    first = errors[0]
    where = f"{doc.path}:{first.span.line}:{first.span.column}" if first.span else doc.path
    return f"{where}: {first.message}"


def _add_card_file(pool: CardPool, game: str, path: Path, origins: dict[str, str]) -> None:
    """Add a card file's cards (``card_file_problem``, not strict, says whether they can
    join); a card id the pool already has is an error, not a silent replacement (a
    scenario would test another card than its author wrote)."""
    from cardscript.cardfiles.checkfile import card_entries
    from cardscript.cardfiles.yamlsource import load_yaml_file

    doc = load_yaml_file(path)
    problem = card_file_problem(doc, game, strict=False)
    if problem is not None:
        raise (CardFileUnreadable if unreadable(doc) else CardFileError)(problem)
    for json_path, card in card_entries(doc.data):
        card_id = str(card.get("id"))
        span = doc.span_of((*json_path, "id"))
        here = f"{path}:{span.line}:{span.column}"
        if card_id in origins:
            raise CardFileError(
                f'{here}: card id "{card_id}" is already defined by {origins[card_id]}; '
                "perhaps try a new id"
            )
        origins[card_id] = here
        try:
            pool.add(card)
        except (KeyError, TypeError, ValueError) as exc:  # (what the schema would refuse)
            raise CardFileError(f"{here}: this card cannot be played: {exc}") from None


class DeckError(ValueError):
    """A deck that cannot be played: unreadable, for another game, naming unknown cards."""

    unreadable = False  # (a file that is not there or cannot be read: I/O, not content)


class DeckUnreadable(DeckError):
    unreadable = True


@dataclass(frozen=True)
class PlayDeck:
    """A deck file read once for play: its card ids and the format it names, if any."""

    ids: list[str]
    format: str | None


def read_play_deck(path: str, pool: CardPool) -> PlayDeck:
    """A deck file (YAML, text list or MarvelCDB export) as card ids of the pool (see
    ``deck_card_ids``) and the format it names (``format: conquest``)."""
    from cardscript.decks.files import read_deck

    game = pool.game.registry.game
    deck = read_deck(path, game=game)
    if deck is None:
        raise DeckUnreadable(f"cannot read the deck {path}")
    return PlayDeck(_card_ids(deck, pool), deck.format)


def deck_card_ids(path: str, pool: CardPool) -> list[str]:
    """A deck file as card ids of the pool, by id or by name: a Marvel Champions identity
    first, a Pocket Duel hero alone (a team: its heroes)."""
    return read_play_deck(path, pool).ids


def _card_ids(deck: Deck, pool: CardPool) -> list[str]:
    from cardscript import GAMES

    game = pool.game.registry.game
    # a game registered by a plugin is not one the deck reader knows: its lines still count
    errors = [
        d
        for d in deck.diagnostics
        if d.is_error and not (d.code == "CS-D004" and game not in GAMES)
    ]
    if errors:
        first = errors[0]
        raise (DeckUnreadable if first.code == "CS-IO1" else DeckError)(
            f"{first.span}: {first.message}"
        )
    if deck.game is not None and deck.game != game and game in GAMES:
        raise DeckError(f"{deck.span('game')}: this is a {deck.game} deck, not a {game} deck")
    by_name = {c.name.casefold(): c.id for c in pool.cards.values()}

    def card_id(ref: str) -> str | None:
        return ref if ref in pool.cards else by_name.get(ref.casefold())

    ids: list[str] = []
    for entry in deck.entries:
        if entry.section != "main":
            continue
        found = card_id(entry.ref)
        if found is None:
            raise DeckError(f"{entry.span}: no card {entry.ref!r} in the {deck.game} card pool")
        ids.extend([found] * entry.count)
    team = deck.fields.get("team")
    if isinstance(team, list | tuple) and not ids:  # a Pocket Duel team: its heroes
        heroes = [card_id(str(hero)) for hero in team]
        missing = [str(h) for h, found in zip(team, heroes, strict=True) if found is None]
        if missing:
            raise DeckError(f"{deck.span('team')}: no hero {missing[0]!r} in the card pool")
        return [h for h in heroes if h is not None]
    for key in ("identity", "hero"):
        leader = deck.fields.get(key)
        if not isinstance(leader, str) or (key == "hero" and ids):
            continue  # a Pocket Duel deck names only its hero; the pool has its cards
        found = card_id(leader)
        if found is None:
            raise DeckError(f"{deck.span(key)}: no {key} {leader!r} in the card pool")
        return [found, *ids]
    return ids
