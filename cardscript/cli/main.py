"""The ``cardscript`` command line.

Commands import their machinery only when they run, so ``cardscript --help`` stays fast.
Exit codes: 0 clean, 1 problems found, 2 usage or I/O error.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from cardscript import GAMES, __version__
from cardscript.cli.options import FormatOption, StrictOption

app = typer.Typer(
    name="cardscript",
    help="Validate, format and explain card scripts for collectible card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: rich costs ~80 ms at start-up
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cardscript {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """cardscript: a declarative card-script interpreter for five card games."""


def _check_format(fmt: str) -> None:
    from cardscript.report import FORMATS

    if fmt not in FORMATS:
        typer.echo(f"error: unknown format {fmt!r}; choose one of {', '.join(FORMATS)}", err=True)
        raise typer.Exit(2)


@app.command()
def validate(
    paths: Annotated[
        list[Path], typer.Argument(help="Card files or folders of them, or keywords files.")
    ],
    fmt: FormatOption = "text",
    strict: StrictOption = False,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Ignore the result cache.")] = False,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Worker processes (0: one per core).", min=0)
    ] = 0,
) -> None:
    """Check card files: YAML, schema, card script and cross-card references."""
    _check_format(fmt)
    from cardscript.cli.run import run_validate

    raise typer.Exit(run_validate(paths, fmt=fmt, strict=strict, use_cache=not no_cache, jobs=jobs))


@app.command()
def check(
    fmt: FormatOption = "text",
    strict: StrictOption = False,
) -> None:
    """Validate all bundled content (the cards and decks shipped with cardscript)."""
    _check_format(fmt)
    from cardscript.cli.run import run_check

    raise typer.Exit(run_check(fmt=fmt, strict=strict))


@app.command()
def fmt(
    paths: Annotated[list[Path], typer.Argument(help="Card files, .cardscript files or folders.")],
    check_only: Annotated[
        bool,
        typer.Option("--check", help="Only report files that are not formatted; change nothing."),
    ] = False,
) -> None:
    """Rewrite card scripts in their canonical layout (comments are kept)."""
    from cardscript.cli.run import run_fmt

    raise typer.Exit(run_fmt(paths, check_only=check_only))


@app.command()
def explain(
    thing: Annotated[
        str,
        typer.Argument(
            help="A diagnostic code (CS-P001), a card id or name, or card text with --text."
        ),
    ],
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", help="The game, for card text or to narrow a search."),
    ] = None,
    text: Annotated[bool, typer.Option("--text", help="THING is card script text.")] = False,
    cards: Annotated[
        list[Path] | None,
        typer.Option("--cards", help="Card files to search instead of the bundled content."),
    ] = None,
) -> None:
    """Show what the engine understood from a card, or what a diagnostic code means."""
    from cardscript.cli.run import run_explain

    raise typer.Exit(run_explain(thing, game=game, is_text=text, cards=cards or []))


@app.command()
def complete(
    path: Annotated[Path, typer.Argument(help="A card file or a .cardscript keywords file.")],
    at: Annotated[str, typer.Option("--at", help="The cursor: LINE:COLUMN, counted from 1.")],
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", help="The game, if the file does not say (keywords files)."),
    ] = None,
    stdin: Annotated[
        bool, typer.Option("--stdin", help="Read the file's (unsaved) text from standard input.")
    ] = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="Output: text or json.")] = "text",
) -> None:
    """What may be written at a point of a card text: words, signs and values (for editors)."""
    if fmt not in ("text", "json"):
        typer.echo(f"error: unknown format {fmt!r}; choose one of text, json", err=True)
        raise typer.Exit(2)
    from cardscript.cli.complete_cmd import run_complete

    raise typer.Exit(run_complete(path, at, game=game, stdin=stdin, fmt=fmt))


@app.command()
def lsp(
    stdio: Annotated[
        bool, typer.Option("--stdio", help="Talk over standard input and output (the default).")
    ] = False,
) -> None:
    """A Language Server for editors: diagnostics, completion, hover and formatting of
    card files (LSP over standard input and output; see docs/editors.md)."""
    from cardscript.lsp.server import main as serve

    raise typer.Exit(serve())


@app.command("test")
def test_command(
    paths: Annotated[
        list[Path], typer.Argument(help="Scenario files (*.scenario.yaml) or folders of them.")
    ],
    fmt: FormatOption = "text",
    plugin: Annotated[
        list[str] | None,
        typer.Option("--plugin", help="module:function that registers an extra game."),
    ] = None,
) -> None:
    """Run scenario tests: set up a state, act with scripted choices, check the result."""
    _check_format(fmt)
    from cardscript.cli.run import run_test

    raise typer.Exit(run_test(paths, fmt=fmt, plugins=plugin or []))


MAX_GAMES = 1_000_000  # -n 99999999999999999999 is a typo: its work list would fill memory
PluginOption = Annotated[
    list[str] | None,
    typer.Option("--plugin", help="module:function that registers an extra game."),
]
CardsOption = Annotated[
    list[str] | None, typer.Option("--cards", help="Extra card files for the game's pool.")
]
MatchFormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        help="A match format of the game (Pocket Duel: standard, best-of-three, conquest, "
        "legacy); default: the one the decks name, else one game.",
    ),
]
VariantOption = Annotated[
    list[str] | None,
    typer.Option("--variant", help="Switch on a variant (Pocket Duel: challenge)."),
]


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game to play.")],
    deck: Annotated[list[str], typer.Option("--deck", help="A deck file; once per player.")],
    agent: Annotated[
        list[str] | None,
        typer.Option(
            "--agent",
            help="random, first, human, or one the game adds (Pocket Duel: automa); once "
            "per player.",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="The game's random seed.")] = 1,
    log: Annotated[str | None, typer.Option("--log", help="Write the JSON Lines log here.")] = None,
    fmt: MatchFormatOption = None,
    variant: VariantOption = None,
    plugin: PluginOption = None,
    cards: CardsOption = None,
) -> None:
    """Play one whole game (or match) and print a readable log."""
    from cardscript.cli.play_cmd import run_play

    raise typer.Exit(
        run_play(
            game,
            deck,
            agent or ["random"],
            seed,
            log,
            plugin or [],
            cards or [],
            fmt=fmt,
            variants=variant or [],
        )
    )


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game to simulate.")],
    deck: Annotated[list[str], typer.Option("--deck", help="A deck file; once per player.")],
    games: Annotated[
        int,
        typer.Option(
            "-n", "--games", help="How many games (at most 1,000,000).", min=1, max=MAX_GAMES
        ),
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", help="The first game's seed.")] = 1,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Worker processes (0: cores).", min=0)
    ] = 0,
    fmt: MatchFormatOption = None,
    variant: VariantOption = None,
    plugin: PluginOption = None,
    cards: CardsOption = None,
) -> None:
    """Play many seeded games (or matches) between random agents: win rates, length,
    errors."""
    from cardscript.cli.simulate_cmd import run_simulate

    raise typer.Exit(
        run_simulate(game, deck, games, seed, jobs, plugin or [], cards or [], fmt, variant or [])
    )


@app.command()
def replay(
    log: Annotated[str, typer.Argument(help="A JSON Lines game log written by play --log.")],
    plugin: PluginOption = None,
) -> None:
    """Re-run a logged game and verify every state hash.

    Exit codes: 0 the replay is the logged game; 1 it differs ("replay differs …"), or
    the log's content is wrong (not a game log, or a header that cannot be played:
    "error: FILE:LINE: …"); 2 the log cannot be read, or a usage error; 3 an internal
    error.
    """
    from cardscript.cli.replay_cmd import run_replay

    raise typer.Exit(run_replay(log, plugin or []))


@app.command()
def schema(
    game: Annotated[str, typer.Argument(help=f"One of: {', '.join(GAMES)}.")],
) -> None:
    """Print the JSON Schema of a game's card files (for editors and other tools)."""
    from cardscript.cli.run import run_schema

    raise typer.Exit(run_schema(game))


from cardscript.cli.deck_cmd import deck_app, import_app  # noqa: E402

app.add_typer(deck_app, name="deck")
app.add_typer(import_app, name="import")


def run() -> None:
    """Console-script entry point."""
    from cardscript.report.shown import make_safe

    make_safe(sys.stdout)  # a file name that is not UTF-8 must not stop a command
    make_safe(sys.stderr)
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(130)
    except Exception as exc:  # a bug of ours: say so plainly instead of a traceback
        if os.environ.get("CARDSCRIPT_DEBUG"):
            raise
        sys.stderr.write(
            f"internal error: {type(exc).__name__}: {exc}\n"
            "please report this; set CARDSCRIPT_DEBUG=1 for the traceback\n"
        )
        sys.exit(3)
