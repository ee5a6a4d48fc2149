"""What each command does, kept apart from argument parsing (cli/main.py).

Machine output goes to stdout, human chatter to stderr. Exit codes: 0 clean, 1 problems,
2 usage or I/O error.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardscript import GAMES, safe_read
from cardscript.game_names import unknown_game_message
from cardscript.grammar.diagnostics import Diagnostic, Span, did_you_mean, error

if TYPE_CHECKING:  # (read when a scenario runs: the CLI starts without it)
    from cardscript.interpreter.scenario import ScenarioResult


def _out(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _err(text: str) -> None:
    sys.stderr.write(text + ("" if text.endswith("\n") else "\n"))


def _emit(
    command: str,
    diagnostics: Iterable[Diagnostic],
    checked: Iterable[str],
    sources: dict[str, str],
    fmt: str,
    strict: bool,
    extra_titles: dict[str, str] | None = None,
) -> int:
    from cardscript.report import Report, exit_code, render, summary_line, use_color
    from cardscript.report.step_summary import write_github_step_summary

    report = Report(
        tool_command=command,
        diagnostics=tuple(diagnostics),
        checked=tuple(checked),
        sources=sources,
        strict=strict,
    )
    # only SARIF shows rule titles; reading the code table costs a YAML parse
    titles = {**code_titles(), **(extra_titles or {})} if fmt == "sarif" else None
    output = render(report, fmt, color=use_color(sys.stdout), rule_descriptions=titles)
    if output:
        _out(output if output.endswith("\n") else output + "\n")
    _err(summary_line(report))
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
    if fmt == "github" and summary_file:
        try:
            write_github_step_summary(report, summary_file)
        except OSError as exc:
            _err(f"warning: cannot write the step summary: {exc}")
    return exit_code(report)


@cache
def code_table() -> dict[str, dict[str, str]]:
    import yaml

    text = resources.files("cardscript").joinpath("codes.yaml").read_text("utf-8")
    data: dict[str, dict[str, str]] = yaml.safe_load(text)
    return data


def code_titles() -> dict[str, str]:
    return {code: entry.get("title", code) for code, entry in code_table().items()}


# ---- validate / check ------------------------------------------------------------------


def run_validate(
    paths: list[Path],
    *,
    fmt: str,
    strict: bool,
    use_cache: bool,
    jobs: int,
    keywords_dir: str | None = None,
) -> int:
    from cardscript.cardfiles.validate import validate_paths

    progress = _progress_bar()
    try:
        run = validate_paths(
            paths, use_cache=use_cache, jobs=jobs, progress=progress, keywords_dir=keywords_dir
        )
    finally:
        if progress is not None:
            progress.close()
    if not run.checked and not run.diagnostics and not run.usage_error:
        return _no_card_files()  # (a summary "checked 0 files: no problems" says otherwise)
    code = _emit("validate", run.diagnostics, run.checked, run.sources, fmt, strict)
    if run.usage_error:
        return 2
    return code if run.checked else _no_card_files()


def _no_card_files() -> int:
    _err("error: no card files found (looked for *.yaml and *.yml)")
    return 2


class _Progress:
    """A progress bar on stderr for long runs on a terminal."""

    def __init__(self) -> None:
        from rich.progress import Progress

        self.bar = Progress(transient=True)
        self.task: Any = None
        self.started = False

    def __call__(self, done: int, total: int) -> None:
        if total < 200:
            return
        if not self.started:
            self.bar.start()
            self.task = self.bar.add_task("validating", total=total)
            self.started = True
        self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.started:
            self.bar.stop()


def _progress_bar() -> _Progress | None:
    if not sys.stderr.isatty() or os.environ.get("CI"):
        return None
    return _Progress()


def run_check(*, fmt: str, strict: bool) -> int:
    """Validate every bundled card file and keywords file."""
    from cardscript.cardfiles.validate import validate_paths
    from cardscript.games import bundled_cards_dir, load_game

    root = bundled_cards_dir()
    diagnostics: list[Diagnostic] = []
    checked: list[str] = []
    sources: dict[str, str] = {}
    for game in GAMES:
        definition = load_game(game)
        keywords = Path(definition.keyword_source)
        if keywords.is_file():
            checked.append(str(keywords))
            diagnostics.extend(definition.keyword_diagnostics)
            if definition.keyword_diagnostics:
                sources[str(keywords)] = keywords.read_text("utf-8")
    run = validate_paths([root], use_cache=True)
    diagnostics.extend(run.diagnostics)
    checked.extend(run.checked)
    sources.update(run.sources)
    from cardscript.decks.check import check_bundled_decks, rule_descriptions

    deck_problems, deck_files, deck_sources = check_bundled_decks()
    diagnostics.extend(deck_problems)
    checked.extend(deck_files)
    sources.update(deck_sources)
    return _emit("check", diagnostics, checked, sources, fmt, strict, rule_descriptions())


# ---- fmt -------------------------------------------------------------------------------


def _formatted_file(path: Path) -> bool:
    return path.suffix in (".yaml", ".yml", ".cardscript")


def run_fmt(paths: list[Path], *, check_only: bool) -> int:
    from cardscript.cli.fmt_files import format_path

    files, unreadable = safe_read.files_under(paths, _formatted_file)
    if unreadable:
        path, why = unreadable[0]
        _err(f"error: cannot read {path}: {why}")
        return 2
    if not files:  # (a path that names nothing to format is a usage error, as in validate)
        _err("error: no card files found (looked for *.yaml, *.yml and *.cardscript)")
        return 2
    changed = failed = 0
    problems: list[Diagnostic] = []
    for file in files:
        outcome = format_path(file, write=not check_only)
        problems.extend(outcome.diagnostics)
        if outcome.diagnostics:
            failed += 1
        elif outcome.changed:
            changed += 1
            _out(f"{'would reformat' if check_only else 'reformatted'} {file}\n")
    if problems:
        from cardscript.report import Report, render, use_color

        shown = {str(f) for f in files if any(d.span and d.span.file == str(f) for d in problems)}
        sources = {name: text for name in shown if (text := _source_text(Path(name)))}
        report = Report("fmt", tuple(problems), tuple(str(f) for f in files), sources)
        _err(render(report, "text", color=use_color(sys.stderr)))
    verb = "would be reformatted" if check_only else "reformatted"
    noun = "file" if len(files) == 1 else "files"
    _err(f"{len(files)} {noun} checked: {changed} {verb}, {failed} left alone because of errors")
    if any(d.code in ("CS-IO1", "CS-IO2") for d in problems):
        return 2  # a file that cannot be read or written is an I/O error, as for validate
    if failed:
        return 1
    return 1 if check_only and changed else 0


# ---- explain ---------------------------------------------------------------------------


def run_explain(thing: str, *, game: str | None, is_text: bool, cards: list[Path]) -> int:
    if game is not None and game not in GAMES:
        _err(f"error: {unknown_game_message(game)}")
        return 2
    codes = code_table()
    if not is_text and thing.upper() in codes:
        entry = codes[thing.upper()]
        lines = [f"{thing.upper()}: {entry['title']}", "", entry["meaning"]]
        if entry.get("example"):
            lines += ["", f"Example: {entry['example']}"]
        if entry.get("fix"):
            lines += ["", f"Fix: {entry['fix']}"]
        _out("\n".join(lines) + "\n")
        return 0
    rule = _deck_rule(thing)
    if not is_text and rule is not None:
        _out(rule)
        return 0
    if is_text:
        if game is None:
            _err("error: --text needs --game")
            return 2
        return _explain_text(game, thing, None)
    found = _find_card(thing, game, cards)
    if isinstance(found, str):
        _err(found)
        return 1 if not found.startswith("error: cannot") else 2
    card_game, card = found
    title = f"{card.get('name')} ({card.get('id')}, {card_game} {card.get('type')})"
    return _explain_text(card_game, str(card.get("text") or ""), title)


def _deck_rule(rule_id: str) -> str | None:
    """A deck rule's entry (``VS-DECK-SIZE``): the rule, its formats and its source."""
    from cardscript.decks.rules import load_rules

    wanted = rule_id.upper()
    for game in GAMES:
        for rule in load_rules(game).specs:
            if str(rule.get("id", "")).upper() == wanted:
                lines = [f"{rule['id']} ({game} deck rule)", "", f"{rule.get('rule', '')}."]
                if rule.get("ref"):
                    lines += ["", f"Source: {rule['ref']}"]
                for fmt, variant in (rule.get("by_format") or {}).items():
                    lines += ["", f"In the {fmt} format: {variant.get('rule', '')}."]
                return "\n".join(lines) + "\n"
    return None


def _explain_text(game: str, text: str, title: str | None) -> int:
    from cardscript.games import load_game
    from cardscript.grammar.checks import check_script
    from cardscript.grammar.explain import explain_script, outline
    from cardscript.report import Report, render, use_color

    definition = load_game(game)
    result = definition.parse(text)
    problems = list(result.diagnostics)
    if result.ok:
        problems.extend(check_script(result.script, definition.registry))
    if title:
        _out(title + "\n\n")
    if problems:
        report = Report("explain", tuple(problems), ("<text>",), {"<text>": text})
        _out(render(report, "text", color=use_color(sys.stdout)))
        return 1
    defs = {d.name: d for d in definition.keyword_defs}
    sentences = explain_script(result.script, definition.registry, defs)
    if not sentences:  # (a card with no text: its printed fields are all it has)
        _out("No rules text.\n")
        return 0
    _out("Rules text, as understood:\n")
    for n, sentence in enumerate(sentences, 1):
        _out(f"  {n}. {sentence}\n")
    _out("\nSyntax tree:\n" + outline(result.script, 1) + "\n")
    return 0


def _find_card(thing: str, game: str | None, cards: list[Path]) -> tuple[str, dict[str, Any]] | str:
    from cardscript.cardfiles.checkfile import card_entries, check_document
    from cardscript.cardfiles.validate import collect_files
    from cardscript.cardfiles.yamlsource import load_yaml_file
    from cardscript.games import bundled_cards_dir

    files, problems = collect_files(cards or [bundled_cards_dir()])
    if problems:
        return f"error: {problems[0].message}"  # ("cannot read …: why")
    names: list[str] = []
    wanted = thing.casefold()
    skipped = None  # why a file named with --cards is no card file of a known game
    for file in files:
        doc = load_yaml_file(file)
        data = doc.data
        if not isinstance(data, dict) or data.get("game") not in GAMES:
            if cards and skipped is None:
                first = next((d for d in check_document(doc).diagnostics if d.is_error), None)
                skipped = f"{first.span} was skipped: {first.message}" if first else None
            continue
        if game and data.get("game") != game:
            continue
        for _, card in card_entries(data):
            if (
                str(card.get("id", "")).casefold() == wanted
                or str(card.get("name", "")).casefold() == wanted
            ):
                return str(data.get("game")), card
            names.extend(str(card.get(k, "")) for k in ("id", "name"))
    hint = did_you_mean(thing, names)
    return (
        f'error: no card "{thing}" and no diagnostic code of that name'
        + (f"; {hint}" if hint else "")
        + (f"\n  = note: {skipped}" if skipped else "")
    )


# ---- test ------------------------------------------------------------------------------


def _scenario_file(path: Path) -> bool:
    return path.name.endswith(".scenario.yaml")


def run_test(paths: list[Path], *, fmt: str, plugins: list[str]) -> int:
    """Run scenario files; a failure is a CS-S001 diagnostic with expected against actual."""

    from cardscript.interpreter.playable import PluginError, load_plugin
    from cardscript.interpreter.scenario import run_scenario

    for plugin in plugins:
        try:
            load_plugin(plugin)
        except PluginError as exc:
            _err(f"error: cannot load plugin {plugin}: {exc}")
            return 2
    files, unreadable = safe_read.files_under(paths, _scenario_file)
    if unreadable:
        path, why = unreadable[0]
        _err(f"error: cannot read {path}: {why}")
        return 2
    if not files:  # (in CI, a wrong path would pass with nothing run)
        _err("error: no scenario files found (looked for *.scenario.yaml)")
        return 2
    problems: list[Diagnostic] = []
    unreadable_files = False  # a FIFO, a device: an I/O error (exit 2), as validate says
    for file in files:
        try:
            result = run_scenario(file)  # loads and checks the file once
            refused: Exception | None = result.refused
        except Exception as exc:  # a broken scenario file is a finding, not a crash
            refused = exc
        if refused is not None:
            unreadable_files |= any(p.code == "CS-IO1" for p in getattr(refused, "problems", ()))
            found = _not_a_scenario(refused, file)
            problems.extend(found)
            if fmt == "text":
                for problem in found:
                    hints = "".join(f"  = hint: {h}\n" for h in problem.hints)
                    _out(f"{problem.span}: error[CS-S002]: {problem.message}\n{hints}")
                _out("\n")
            continue
        if result.passed:
            continue
        problems.extend(_failed(result, file))
        if fmt == "text":
            _out(result.report() + "\n\n")
    if fmt == "text":
        failed = len({p.span.file for p in problems if p.span is not None})
        _out(f"{len(files) - failed} passed, {failed} failed\n")
        code = 1 if problems else 0
    else:
        code = _emit("test", problems, [str(f) for f in files], {}, fmt, strict=False)
    return 2 if unreadable_files else code


def _failed(result: ScenarioResult, file: Path) -> list[Diagnostic]:
    """CS-S001 for each failure of a scenario that ran, at its place in the file (the
    expectation, or the action that failed or stopped the run); the trace with the first."""
    start = Span.point(1, 1, str(file))
    if result.error is not None:
        found = [(result.error, result.error_place or start)]
    else:
        places = [*result.places, *[start] * len(result.failures)]
        found = list(zip(result.failures, places, strict=False)) or [("failed", start)]
    trace = ["trace:", *result.trace[-20:]] if result.trace else []
    return [
        error("CS-S001", f"scenario {result.name!r} failed: {said}", at, *(trace if i == 0 else []))
        for i, (said, at) in enumerate(found)
    ]


def _not_a_scenario(exc: Exception, file: Path) -> list[Diagnostic]:
    """CS-S002 for each problem of a file that is not a scenario, at its place."""
    from cardscript.interpreter.scenario import ScenarioError

    if not isinstance(exc, ScenarioError):
        return [error("CS-S002", f"not a scenario: {exc}", Span.point(1, 1, str(file)))]
    if not exc.problems:
        return [
            error("CS-S002", f"not a scenario: {exc}", Span.point(exc.line, exc.column, str(file)))
        ]
    out = []
    for problem in exc.problems:
        message = problem.message
        if problem.code.startswith("CS-Y"):
            message = f"not valid YAML: {message}"
        span = problem.span or Span.point(1, 1, str(file))
        out.append(error("CS-S002", f"not a scenario: {message}", span, *problem.hints))
    return out


# ---- schema ----------------------------------------------------------------------------


def run_schema(game: str) -> int:
    if game not in GAMES:
        _err(f"error: {unknown_game_message(game)}")
        return 2
    from cardscript.schemas import schema_path

    _out(Path(schema_path(game)).read_text("utf-8"))
    return 0


def _source_text(path: Path) -> str:
    """A file's text to show under its problems ('' if it cannot be read)."""
    try:
        return safe_read.read_bytes(path).decode("utf-8", errors="replace")
    except safe_read.UnreadableFile:
        return ""
