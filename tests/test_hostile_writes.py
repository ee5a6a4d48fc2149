"""Every file a command writes (fmt's card files, import's packs, play's log) is written
whole or not at all: the old file stays as it was after any error, no temporary file is
left behind, its permissions and links are kept, and a pipe no one reads is refused, not
waited on."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardscript import safe_write
from cardscript.cli.main import app

ROOT = Path(__file__).resolve().parent.parent
CARD_FILE = ROOT / "cards" / "pocket-duel" / "cinder.yaml"
PD_DECKS = ROOT / "decks" / "pocket-duel"
PLAY = [
    "play",
    "pocket-duel",
    "--deck",
    str(PD_DECKS / "cinder-vale.yaml"),
    "--deck",
    str(PD_DECKS / "ivo-brass.yaml"),
]
runner = CliRunner()


def _ugly(folder: Path, name: str = "cinder.yaml") -> tuple[Path, str]:
    """A card file fmt rewrites (a blank line opens a text)."""
    (folder / "pocket-duel").mkdir(exist_ok=True)
    path = folder / "pocket-duel" / name
    ugly = CARD_FILE.read_text("utf-8").replace("text: |\n", "text: |\n\n", 1)
    path.write_text(ugly, "utf-8")
    return path, ugly


def test_fmt_keeps_the_file_s_mode_its_link_and_its_byte_order_mark(tmp_path: Path) -> None:
    path, _ = _ugly(tmp_path)
    path.chmod(0o640)
    link = tmp_path / "link.yaml"
    link.symlink_to(path)
    result = runner.invoke(app, ["fmt", str(link)])
    assert (result.exit_code, result.stdout) == (0, f"reformatted {link}\n")
    assert link.is_symlink() and path.read_text("utf-8") == CARD_FILE.read_text("utf-8")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # (it was 0o600, mkstemp's)
    marked = tmp_path / "pocket-duel" / "marked.yaml"
    marked.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"text: |\n", b"text: |\n\n"))
    assert runner.invoke(app, ["fmt", str(marked)]).exit_code == 0
    assert marked.read_bytes() == b"\xef\xbb\xbf" + CARD_FILE.read_bytes()
    assert sorted(p.name for p in tmp_path.rglob("*")) == [
        "cinder.yaml",
        "link.yaml",
        "marked.yaml",
        "pocket-duel",
    ]


def test_fmt_of_a_file_named_with_250_characters_is_written(tmp_path: Path) -> None:
    # the temporary file was ".<name>.<random>.tmp": too long a name, "internal error:
    # OSError: [Errno 36] File name too long", exit 3
    path, _ = _ugly(tmp_path, "a" * 245 + ".yaml")
    result = runner.invoke(app, ["fmt", str(path)])
    assert (result.exit_code, result.stdout) == (0, f"reformatted {path}\n")
    assert path.read_text("utf-8") == CARD_FILE.read_text("utf-8")


def test_fmt_that_cannot_write_leaves_the_file_as_it_was_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, ugly = _ugly(tmp_path)

    def full_disk(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safe_write.os, "fsync", full_disk)
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(
        f"error[CS-IO2]: cannot write file: No space left on device\n --> {path}:1:1\n"
    )
    assert result.stderr.endswith("1 file checked: 0 reformatted, 1 left alone because of errors\n")
    assert path.read_text("utf-8") == ugly
    assert [p.name for p in path.parent.iterdir()] == ["cinder.yaml"]  # no temporary left


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_play_log_to_a_pipe_no_one_reads_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "log.jsonl"
    os.mkfifo(fifo)
    done = subprocess.run(  # (a subprocess: an open() that blocks fails, not hangs, the test)
        [
            sys.executable,
            "-c",
            "from cardscript.cli.main import app; app()",
            *PLAY,
            "--log",
            str(fifo),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"error: cannot write {fifo}: no program is reading from this pipe\n"


def test_play_log_errors_are_said_and_an_old_log_survives_a_game_that_never_starts(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    result = runner.invoke(app, [*PLAY, "--log", str(folder)])
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: cannot write {folder}: Is a directory\n",
    )
    missing = tmp_path / "no" / "game.jsonl"
    result = runner.invoke(app, [*PLAY, "--log", str(missing)])
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: cannot write {missing}: No such file or directory\n",
    )
    old = tmp_path / "game.jsonl"
    old.write_text("the last game's log\n", "utf-8")
    old.chmod(0o644)
    bad_deck = tmp_path / "empty.yaml"
    bad_deck.write_text("", "utf-8")
    result = runner.invoke(app, [*PLAY[:3], str(bad_deck), *PLAY[4:], "--log", str(old)])
    assert result.exit_code == 1  # (an empty deck file is read: its content is wrong)
    assert old.read_text("utf-8") == "the last game's log\n"  # (open(…, "w") emptied it)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.yaml", "game.jsonl", "logs"]
    result = runner.invoke(app, [*PLAY, "--log", str(old)])
    assert result.exit_code == 0
    assert old.read_text("utf-8").startswith('{"t": "game", "game": "pocket-duel"')
    assert stat.S_IMODE(old.stat().st_mode) == 0o644


def test_import_writes_its_card_files_with_the_usual_mode(tmp_path: Path) -> None:
    pack = ROOT / "tests" / "fixtures" / "decks" / "marvelcdb" / "cor.json"
    out = tmp_path / "out"
    result = runner.invoke(app, ["import", "marvelcdb", str(pack), "--out", str(out)])
    assert result.exit_code == 0, result.output
    mask = os.umask(0o022)
    os.umask(mask)
    assert [(p.name, stat.S_IMODE(p.stat().st_mode)) for p in out.iterdir()] == [
        ("cor.yaml", 0o666 & ~mask)
    ]
