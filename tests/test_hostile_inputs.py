"""Seeded mutations of the bundled files, fed to the CLI: every run ends with exit 0, 1 or
2 and never with a traceback (bad input is a finding, not a crash). The mutations are what
hand-edited files get wrong: a cut line, a moved line, a stray bracket or quote, a value
of the wrong kind, a wrong indent."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardscript.cli.main import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
STRAYS = [
    "{",
    "]",
    ": ",
    "- ",
    "&a ",
    "*a",
    '"',
    "'",
    "\t",
    "99999999999999999999",
    "null",
    "[[[[[[[[",
    "→",
    "X",
    ".inf",
    "<<: *a",
    "? ",
    "!!python/object:os.system ",
]
VALUES = ["[1, 2]", "{a: 1}", '"x"', "3", "-5", "null", "yes", "1.5"]


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n") or [""]
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        line, op = lines[i], rng.randrange(7)
        cut = rng.randint(0, len(line))
        if op == 0 and len(lines) > 1:
            lines.pop(i)
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            lines[i] = line[:cut] + rng.choice(STRAYS) + line[cut:]
        elif op == 3:
            lines[i] = line[:cut] + line[cut + rng.randint(1, 5) :]
        elif op == 4:
            lines = lines[: max(i, 1)]
        elif op == 5 and ": " in line:
            lines[i] = line.partition(": ")[0] + ": " + rng.choice(VALUES)
        else:
            lines[i] = " " * rng.randint(0, 6) + line.lstrip()
    return "\n".join(lines)


def _runs(kind: str, path: Path) -> list[list[str]]:
    game = path.parent.name
    if kind == "card":
        return [["validate", str(path)], ["fmt", "--check", str(path)]]
    if kind == "deck":
        return [
            ["deck", "check", str(path)],
            ["play", game, "--deck", str(path), "--deck", str(path), "--seed", "1"],
        ]
    return [["test", str(path)]]


SOURCES = {
    "card": sorted((ROOT / "cards").glob("*/*.yaml"))
    + sorted((ROOT / "cards").glob("*/*.cardscript")),
    "deck": sorted((ROOT / "decks").glob("*/*.*")),
    "scenario": sorted((ROOT / "tests" / "scenarios").glob("*/*.scenario.yaml"))[::25],
}


@pytest.mark.parametrize("kind", sorted(SOURCES))
def test_mutated_files_never_crash_the_cli(kind: str, tmp_path: Path) -> None:
    rng = random.Random(f"hostile {kind}")
    for n in range(12):
        source = rng.choice(SOURCES[kind])
        folder = tmp_path / str(n) / source.parent.name  # decks name their game by folder
        folder.mkdir(parents=True)
        if kind == "scenario":  # the card files a scenario names sit beside it
            for other in source.parent.glob("*.yaml"):
                if not other.name.endswith(".scenario.yaml"):
                    shutil.copy(other, folder / other.name)
        path = folder / source.name
        path.write_text(mutate(source.read_text("utf-8"), rng), "utf-8")
        for args in _runs(kind, path):
            result = runner.invoke(app, args)
            crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
            assert not crashed and result.exit_code in (0, 1, 2), (args, path.read_text("utf-8"))


FIFO_COMMANDS = [
    (["validate", "{f}"], 2, "error[CS-IO1]: cannot read file: not a regular file"),
    (["fmt", "{f}"], 2, "error[CS-IO1]: cannot read file: not a regular file"),
    (["deck", "check", "{f}"], 2, "error[CS-IO1]: cannot read file: not a regular file"),
    (["import", "marvelcdb", "{f}", "--out", "{d}"], 2, "cannot read file: not a regular file"),
    (["replay", "{f}"], 2, "error: {f}:1:1: cannot read file: not a regular file"),
    # (test said it as a failed scenario, exit 1: an I/O error is 2, as for the others)
    (["test", "{f}"], 2, "{f}:1:1: error[CS-S002]: not a scenario: cannot read file: not a "),
    (["complete", "{f}", "--at", "1:1"], 2, "error: cannot read {f}: not a regular file"),
    (
        ["play", "pocket-duel", "--deck", "{f}", "--deck", "{f}"],
        2,
        "error: {f}:1:1: cannot read file: not a regular file",
    ),
]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize(("args", "code", "message"), FIFO_COMMANDS)
def test_a_fifo_is_refused_by_every_command_without_blocking(
    tmp_path: Path, args: list[str], code: int, message: str
) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    filled = [a.format(f=fifo, d=tmp_path / "out") for a in args]
    # a subprocess with a timeout: a read that blocks fails the test instead of hanging it
    done = subprocess.run(
        [sys.executable, "-c", "from cardscript.cli.main import app; app()", *filled],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == code, done.stderr
    assert message.format(f=fifo) in done.stdout + done.stderr


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["validate"], "error[CS-IO1]: cannot read {p}: File name too long"),
        (["deck", "check"], "error[CS-IO1]: cannot read {p}: File name too long"),
        (["fmt", "--check"], "error: cannot read {p}: File name too long"),
        (["test"], "error: cannot read {p}: File name too long"),
    ],
)
def test_a_path_too_long_is_an_io_error(command: list[str], said: str) -> None:
    long = "a" * 5000  # (``Path.is_dir`` raises for it: every command finds files alike)
    result = runner.invoke(app, [*command, long])
    assert result.exit_code == 2
    assert said.format(p=long) in result.stdout + result.stderr


def test_fmt_and_test_skip_hidden_folders(tmp_path: Path) -> None:
    card_file = ROOT / "cards" / "pocket-duel" / "cinder.yaml"
    hidden = tmp_path / ".venv" / "cards"
    hidden.mkdir(parents=True)
    ugly = card_file.read_text("utf-8").replace("text: |\n", "text: |\n\n", 1)
    (hidden / "cinder.yaml").write_text(ugly, "utf-8")
    (hidden / "broken.scenario.yaml").write_text("{", "utf-8")
    # nothing found outside the hidden folder: a usage error (exit 2), as validate says
    formatted = runner.invoke(app, ["fmt", "--check", str(tmp_path)])
    assert (formatted.exit_code, formatted.stdout, formatted.stderr) == (
        2,
        "",
        "error: no card files found (looked for *.yaml, *.yml and *.cardscript)\n",
    )
    tested = runner.invoke(app, ["test", str(tmp_path)])
    assert (tested.exit_code, tested.stdout, tested.stderr) == (
        2,
        "",
        "error: no scenario files found (looked for *.scenario.yaml)\n",
    )
    assert (hidden / "cinder.yaml").read_text("utf-8") == ugly


def test_an_escaped_utf16_half_in_a_card_file_is_an_error_not_a_crash(tmp_path: Path) -> None:
    card_file = tmp_path / "cards.yaml"
    card = "  - {id: X-1, name: A, type: character, cost: 1, version: v, team: t, atk: 1, def: 1"
    card_file.write_text(f'game: vs-system\nset: X\ncards:\n{card}, text: "\\ud800"}}\n', "utf-8")
    # the cache is written too: it held the lone surrogate and could not be saved
    result = runner.invoke(app, ["validate", str(card_file)])
    assert result.exit_code == 1, result.output
    assert result.stdout.startswith(
        "error[CS-Y001]: escape \\ud800 is half of a UTF-16 surrogate pair, not a character\n"
        f" --> {card_file}:4:94\n"
    )


CARD = (
    "game: berserk\nset: X\ncards:\n- id: X-1\n  name: A\n  type: creature\n  cost: 1\n"
    "  elite: false\n  element: forest\n  life: 1\n  movement: 1\n  strike: 1-1-1\n"
    "  text: |\n    {text}\n"
)


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_a_file_name_that_is_not_utf8_is_printed_with_its_bytes_escaped(
    tmp_path: Path, encoding: str
) -> None:
    # a strict output (PYTHONIOENCODING, or a locale such as en_US.UTF-8) could not write
    # the name's stray byte: "internal error: UnicodeEncodeError", exit 3
    (tmp_path / os.fsdecode(b"bad\xff.yaml")).write_text(CARD.format(text="frobnicate"))
    (tmp_path / os.fsdecode(b"ugly\xfe.yaml")).write_text(CARD.format(text="leap"))

    def cli(*args: str) -> tuple[int, str, str]:
        done = subprocess.run(
            [sys.executable, "-c", "from cardscript.cli.main import run; run()", *args],
            capture_output=True,
            cwd=tmp_path,
            env={**os.environ, "PYTHONIOENCODING": encoding, "NO_COLOR": "1"},
            timeout=60,
            check=False,
        )
        return done.returncode, done.stdout.decode(encoding), done.stderr.decode(encoding)

    bad, ugly, missing = (os.fsdecode(n) for n in (b"bad\xff.yaml", b"ugly\xfe.yaml", b"no\xfd"))
    code, out, err = cli("validate", "--no-cache", bad, missing)
    assert (code, err) == (2, "checked 1 file: 2 errors, 0 warnings\n")
    assert out.splitlines()[:2] == [
        'error[CS-P002]: unknown word "frobnicate"; expected a keyword, a card or object noun, '
        "a state or quality, an effect verb, a named cost, an ability label, "
        + ("…" if encoding == "utf-8" else "\\u2026"),
        "  --> bad\\xff.yaml:14:5",
    ]
    assert "error[CS-IO1]: cannot read no\\xfd: no such file or folder\n --> no\\xfd:1:1\n" in out
    code, out, _ = cli("validate", "--no-cache", "--format", "json", bad)
    assert (code, json.loads(out)["diagnostics"][0]["file"]) == (1, "bad\\xff.yaml")
    assert cli("fmt", "--check", ugly) == (
        1,
        "would reformat ugly\\xfe.yaml\n",
        "1 file checked: 1 would be reformatted, 0 left alone because of errors\n",
    )
    assert cli("fmt", ugly)[:2] == (0, "reformatted ugly\\xfe.yaml\n")
