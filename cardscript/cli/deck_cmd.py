"""``cardscript deck check`` and ``cardscript import marvelcdb``.

Exit codes, as for ``validate``: 0 legal, 1 violations (warnings too under --strict),
2 usage or I/O error. Diagnostics go to stdout in the chosen format, the summary to stderr.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer

from cardscript import GAMES
from cardscript.cli.options import FormatOption, StrictOption
from cardscript.grammar.diagnostics import Diagnostic

deck_app = typer.Typer(
    name="deck",
    help="Check decks against each game's deck rules.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)
import_app = typer.Typer(
    name="import",
    help="Convert card data from other tools into card files.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

CardsOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--cards",
        help="Card files or folders (YAML card files, MarvelCDB pack JSON) added to the "
        "bundled cards.",
    ),
]

# Titles of the codes the deck commands add (for SARIF rule descriptions).


def _err(text: str) -> None:
    sys.stderr.write(text + ("" if text.endswith("\n") else "\n"))


def _usage(message: str) -> typer.Exit:
    _err(f"error: {message}")
    return typer.Exit(2)


@deck_app.command("check")
def check(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Deck files, or folders of them (*.yaml, *.yml, *.txt, *.json)."),
    ],
    fmt: FormatOption = "text",
    strict: StrictOption = False,
    cards: CardsOption = None,
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", help="The game of text lists without a game: line."),
    ] = None,
    no_bundled: Annotated[
        bool,
        typer.Option("--no-bundled-cards", help="Check against the --cards pool alone."),
    ] = False,
    deck_format: Annotated[
        str | None,
        typer.Option(
            "--deck-format",
            "--format-name",
            help="Check under this deck format (e.g. starter, "
            "draft, legacy) instead of the deck's own.",
        ),
    ] = None,
) -> None:
    """Check decks: card pool, deck size, copy limits and every rule of the format."""
    from cardscript.report import FORMATS

    if fmt not in FORMATS:
        raise _usage(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if game is not None and game not in GAMES:
        from cardscript.game_names import unknown_game_message

        raise _usage(unknown_game_message(game))
    if deck_format is not None:
        from cardscript.decks.rules import load_rules

        known = {f for g in GAMES for f in load_rules(g).formats}
        if deck_format not in known:
            raise _usage(
                f"no game has the deck format {deck_format!r}; formats: " + ", ".join(sorted(known))
            )
    raise typer.Exit(
        run_deck_check(
            paths,
            fmt=fmt,
            strict=strict,
            cards=cards or [],
            game=game,
            deck_format=deck_format,
            bundled=not no_bundled,
        )
    )


def run_deck_check(
    paths: list[Path],
    *,
    fmt: str,
    strict: bool,
    cards: list[Path],
    game: str | None,
    deck_format: str | None,
    bundled: bool = True,
) -> int:
    from cardscript.decks.check import check_paths

    run = check_paths(paths, cards=cards, game=game, fmt=deck_format, bundled=bundled)
    code = emit("deck check", run.diagnostics, run.checked, run.sources, fmt, strict)
    if run.usage_error:
        return 2
    if not run.checked:
        _err("error: no deck files found (looked for *.yaml, *.yml, *.txt and *.json decks)")
        return 2
    return code


def emit(
    command: str,
    diagnostics: Iterable[Diagnostic],
    checked: Iterable[str],
    sources: dict[str, str],
    fmt: str,
    strict: bool,
) -> int:
    """Render a report as the other commands do, with the deck rules as SARIF rules."""
    from cardscript.cli.run import code_titles
    from cardscript.decks.check import rule_descriptions
    from cardscript.report import Report, exit_code, render, summary_line, use_color
    from cardscript.report.step_summary import write_github_step_summary

    report = Report(
        tool_command=command,
        diagnostics=tuple(diagnostics),
        checked=tuple(checked),
        sources=sources,
        strict=strict,
    )
    titles = {**code_titles(), **rule_descriptions()}
    output = render(report, fmt, color=use_color(sys.stdout), rule_descriptions=titles)
    if output:
        sys.stdout.write(output if output.endswith("\n") else output + "\n")
        sys.stdout.flush()
    _err(summary_line(report))
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
    if fmt == "github" and summary_file:
        try:
            write_github_step_summary(report, summary_file)
        except OSError as exc:
            _err(f"warning: cannot write the step summary: {exc}")
    return exit_code(report)


@import_app.command("marvelcdb")
def marvelcdb(
    packs: Annotated[
        list[Path],
        typer.Argument(help="MarvelCDB pack JSON files (e.g. core.json from marvelsdb-json-data)."),
    ],
    out: Annotated[
        Path, typer.Option("--out", "-o", help="Folder for the card files (one per pack).")
    ],
    strict: StrictOption = False,
) -> None:
    """Convert MarvelCDB card data into Marvel Champions card files."""
    raise typer.Exit(run_import_marvelcdb(packs, out=out, strict=strict))


def run_import_marvelcdb(packs: list[Path], *, out: Path, strict: bool) -> int:
    from cardscript.decks.mcdb_cards import convert_packs, read_packs
    from cardscript.decks.mcdb_write import write_card_files
    from cardscript.report import Report, exit_code, render, summary_line, use_color

    read, problems = read_packs(packs)
    converted = convert_packs(read)
    diagnostics = [*problems, *converted.diagnostics]
    written: list[str] = []
    if converted.packs:
        try:
            written = write_card_files(converted, out)
        except OSError as exc:
            _err(f"error: cannot write to {out}: {exc.strerror or exc}")
            return 2
    for path in written:
        pack = Path(path).stem
        count = len(
            next(
                (
                    c
                    for p, c in converted.packs.items()
                    if p == pack or Path(path).name == f"{p}.yaml"
                ),
                [],
            )
        )
        sys.stdout.write(f"wrote {path} ({count} card{'' if count == 1 else 's'})\n")
    report = Report(
        "import marvelcdb",
        tuple(diagnostics),
        tuple(str(p) for p in packs),
        {p: t for p, t, _ in read},
        strict,
    )
    if diagnostics:
        _err(render(report, "text", color=use_color(sys.stderr)).rstrip("\n"))
    _err(summary_line(report))
    if any(d.code == "CS-IO1" for d in problems) or not (read or problems):
        return 2  # (a pack that is not JSON or not UTF-8 is bad content: 1)
    return exit_code(report)
