"""``cardscript play``: one whole game through a game's kernel, and how a game is set up
and started (``simulate`` and ``replay`` too).

A game's log (JSON Lines) starts with a header naming the game, seed, decks and agents, and
ends with the result or the game error that stopped the game; ``replay`` (replay_cmd.py)
rebuilds the game from it. Exit codes: 0 done, 1 a game error, 2 usage or I/O error, 3 an
internal error (a bug of the engine).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path

from cardscript import GAMES, __version__
from cardscript.game_names import unknown_game_message
from cardscript.grammar.diagnostics import did_you_mean
from cardscript.interpreter.agents import Agent, TerminalAgent, make_agent
from cardscript.interpreter.engine import BudgetExceeded, Engine, LoopDetected
from cardscript.interpreter.log import GameLog, TextSink
from cardscript.interpreter.playable import (
    CardFileError,
    DeckError,
    EngineFactory,
    PlayDeck,
    PluginError,
    card_file_problem,
    engine_factory,
    load_plugin,
    read_play_deck,
    unreadable,
)
from cardscript.interpreter.select import RulesError
from cardscript.interpreter.view import Watcher
from cardscript.safe_write import Output, UnwritableFile


class PlayError(Exception):
    """What stops a game before it starts: a usage or I/O problem (an unknown game or
    format, a file that cannot be read: exit 2), or, ``content``, a problem in what the
    files say (a deck naming a card not in the pool, a broken card file: exit 1)."""

    def __init__(self, message: str, *, content: bool = False) -> None:
        super().__init__(message)
        self.exit_code = 1 if content else 2


# what stops a game for a rules reason (exit 1); anything else a game raises is a bug of
# the engine, an internal error (exit 3)
GAME_ERRORS = (RulesError, BudgetExceeded, LoopDetected)


def _out(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _err(text: str) -> None:
    sys.stderr.write(text if text.endswith("\n") else text + "\n")


def _load_plugins(plugins: Sequence[str]) -> None:
    for plugin in plugins:
        try:
            load_plugin(plugin)
        except PluginError as exc:
            raise PlayError(f"cannot load plugin {plugin}: {exc}") from None


def read_play_decks(paths: Sequence[str], engine: Engine) -> list[PlayDeck]:
    """Deck files as card ids of the engine's pool and the formats they name, each file
    read once (see ``read_play_deck``)."""
    try:
        return [read_play_deck(path, engine.pool) for path in paths]
    except DeckError as exc:
        raise PlayError(str(exc), content=not exc.unreadable) from None


def new_game(
    game: str,
    seed: int,
    agents: list[Agent],
    log: GameLog | None,
    cards: Sequence[str] = (),
    *,
    check_cards: bool = True,
) -> Engine:
    factory = playable(game)
    if check_cards and game in GAMES:  # a user plays with card files ``validate`` accepts
        from cardscript.cardfiles.yamlsource import load_yaml_file

        for path in cards:
            doc = load_yaml_file(path)
            problem = card_file_problem(doc, game, strict=True)
            if problem is not None:
                raise PlayError(problem, content=not unreadable(doc))
    try:
        return factory(seed, agents, log, [Path(c) for c in cards])
    except CardFileError as exc:  # an extra card file (``--cards``) that cannot join the pool
        raise PlayError(str(exc), content=not exc.unreadable) from None


def playable(game: str) -> EngineFactory:
    """The engine factory of ``game``; a game without one is a ``PlayError``."""
    factory = engine_factory(game)
    if factory is None and game not in GAMES:
        raise PlayError(unknown_game_message(game))
    if factory is None:
        raise PlayError(f"there is no kernel for {game!r} yet, so it cannot be played")
    return factory


def check_deck_count(game: str, engine: Engine, count: int) -> None:
    """One deck per player, as many players as the game allows."""
    allowed = engine.kernel.player_counts
    if count not in allowed:
        numbers = " or ".join(str(n) for n in allowed)
        raise PlayError(f"{game} is played with {numbers} decks, one per player; {count} given")


def choose_format(
    game: str, engine: Engine, fmt: str | None, decks: Sequence[PlayDeck]
) -> str | None:
    """``--format``, else the format the deck files agree on, for a kernel with match
    formats; a format the kernel does not play is a usage error."""
    formats = engine.kernel.formats
    if fmt is None and formats:
        named = {d.format for d in decks if d.format is not None}
        if len(named) > 1:
            raise PlayError(f"the decks name different formats ({', '.join(sorted(named))})")
        fmt = next(iter(named), None)
    if fmt is None or fmt in formats:
        return fmt
    if not formats:
        raise PlayError(f"{game} has no match formats: one game is played")
    hint = did_you_mean(fmt, formats) or "the formats are: " + ", ".join(formats)
    raise PlayError(f"unknown format {fmt!r} for {game}; {hint}")


def check_variants(game: str, engine: Engine, variants: Sequence[str]) -> None:
    for variant in variants:
        if variant not in engine.kernel.variants:
            known = engine.kernel.variants
            hint = did_you_mean(variant, known) or (
                "its variants are: " + ", ".join(known) if known else "it has none"
            )
            raise PlayError(f"unknown variant {variant!r} for {game}; {hint}")


def start(
    engine: Engine,
    decks: Sequence[Sequence[str]],
    agents: Sequence[str],
    fmt: str | None,
    variants: Sequence[str],
    *,
    play: bool = True,
) -> None:
    """Set up and play (``play``): the format and variants go into the state first, where
    the kernel (and the engine, for variants) read them. Decks that cannot play the
    format are a ``PlayError``."""
    if fmt is not None:
        engine.state.data["format"] = fmt
    if variants:
        engine.state.data["variants"] = list(variants)
    try:
        engine.kernel.setup_for(engine, decks, list(agents))
    except ValueError as exc:  # the decks cannot play this format: the user's to fix
        raise PlayError(str(exc)) from None
    if play:
        engine.kernel.play(engine)


def agent_seed(seed: int, player: int) -> int:
    """The seed of ``player``'s agent in the game of ``seed`` (``play`` and ``simulate``
    alike: the same seed, the same game)."""
    return seed * 1009 + player


def play_one(
    game: str,
    decks: Sequence[str],
    agents: Sequence[str],
    seed: int,
    log_stream: TextSink | None = None,
    cards: Sequence[str] = (),
    deck_ids: Sequence[Sequence[str]] | None = None,
    fmt: str | None = None,
    variants: Sequence[str] = (),
) -> tuple[Engine, GameLog]:
    generic = ("random", "first", "human")
    players: list[Agent] = [
        make_agent(kind if kind in generic else "first", agent_seed(seed, n))
        for n, kind in enumerate(agents)
    ]
    log = GameLog(stream=log_stream)
    engine = new_game(game, seed, players, log, cards)
    watcher = Watcher(log, engine)
    for agent in players:
        if isinstance(agent, TerminalAgent):  # a human is shown the game as it goes
            agent.news = watcher.news
    check_deck_count(game, engine, len(deck_ids) if deck_ids is not None else len(decks))
    for n, kind in enumerate(agents):
        if kind not in generic:  # a game's own agent, such as Pocket Duel's Automa
            own = engine.kernel.agent_for(kind, engine, n)
            if own is None:
                raise PlayError(
                    f"unknown agent {kind!r}: random, first, human"
                    + "".join(f", {k}" for k in engine.kernel.agent_kinds)
                )
            players[n] = own
    read = read_play_decks(decks, engine) if deck_ids is None else []
    ids = [list(d) for d in deck_ids] if deck_ids is not None else [d.ids for d in read]
    fmt = choose_format(game, engine, fmt, read)
    check_variants(game, engine, variants)
    log.header(
        game=game,
        version=__version__,
        seed=seed,
        decks=ids,
        agents=list(agents),
        names=[p.name for p in engine.state.players],
        cards=list(cards),
        format=fmt,
        variants=list(variants),
    )
    start_logged(engine, log, ids, agents, fmt, variants)
    return engine, log


def start_logged(
    engine: Engine,
    log: GameLog,
    decks: Sequence[Sequence[str]],
    agents: Sequence[str],
    fmt: str | None,
    variants: Sequence[str],
) -> None:
    """``start``, a game error that stops the game written last into ``log`` (before it
    is raised again), so that a replay can check the same error comes back."""
    try:
        start(engine, decks, agents, fmt, variants)
    except GAME_ERRORS as exc:
        log.error(engine, exc)
        raise


def run_play(
    game: str,
    decks: list[str],
    agents: list[str],
    seed: int,
    log_file: str | None,
    plugins: list[str],
    cards: list[str],
    fmt: str | None = None,
    variants: Sequence[str] = (),
) -> int:
    try:
        _load_plugins(plugins)
        if len(agents) == 1:
            agents = agents * len(decks)
        if len(agents) != len(decks):
            raise PlayError(f"{len(decks)} decks but {len(agents)} agents")
        # (a log that cannot be written is said before the game; an old log is replaced
        # only by a game that was played: a deck with an error leaves it as it was)
        output = Output(log_file) if log_file else None
    except UnwritableFile as exc:
        _err(f"error: cannot write {log_file}: {exc.reason}")
        return 2
    except PlayError as exc:
        _err(f"error: {exc}")
        return exc.exit_code
    except (OSError, ValueError) as exc:
        _err(f"error: {exc}")
        return 2
    failure: Exception | None = None
    try:
        try:
            engine, log = play_one(
                game, decks, agents, seed, output, cards, fmt=fmt, variants=variants
            )
        except GAME_ERRORS as exc:
            failure = exc  # (the error is the log's last record, and a replay checks it)
        except PlayError:
            raise  # (no game was played: an old log stays)
        except BaseException:
            if output is not None:  # a bug's log, up to the bug, for its report
                with contextlib.suppress(UnwritableFile):
                    output.commit()
            raise
        if output is not None:
            output.commit()
    except PlayError as exc:
        _err(f"error: {exc}")
        return exc.exit_code
    except UnwritableFile as exc:
        _err(f"error: cannot write {log_file}: {exc.reason}")
        return 2
    finally:
        if output is not None:
            output.discard()  # (nothing once committed)
    if failure is not None:
        _err(f"game error: {failure}")
        return 1
    from cardscript.interpreter.transcript import transcript

    human = next((n for n, a in enumerate(engine.agents) if isinstance(a, TerminalAgent)), None)
    if human is None:
        _out("\n".join(transcript(log, engine)) + "\n")
    else:  # the rest of the game, as the human sees it (``--log`` keeps all of it)
        news = engine.agents[human].news  # type: ignore[attr-defined]
        _out("\n".join(news(human)[: -len(engine.state.players)]) + "\n")
    result = engine.state.result or {}
    winner = result.get("winner")
    ended = f"{result.get('reason')}, turn {result.get('turn')}, {engine.steps} steps"
    _out("\n")
    for seat in engine.state.players:  # where each player ended: its resources, if any
        if seat.resources:
            held = ", ".join(f"{name} {value}" for name, value in sorted(seat.resources.items()))
            _out(f"{seat.name}: {held}\n")
    if isinstance(winner, int):  # (the result last: a script reads the last line)
        who = (
            "the players win"
            if engine.kernel.cooperative
            else f"{engine.state.players[winner].name} wins"
        )
        _out(f"{who} ({ended})\n")
    else:  # (no winner: a draw, or a co-op game lost by every player)
        _out(f"{'the players lose' if engine.kernel.cooperative else 'no winner'} ({ended})\n")
    return 0
