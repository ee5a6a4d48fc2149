"""``cardscript explain``: a card (by id or name, bundled or from --cards), a diagnostic
code, a deck rule, or a text with --game; what it cannot find is said, with a hint."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardscript.cli.main import app

runner = CliRunner()


def _explain(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["explain", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_bundled_card_by_id_or_name() -> None:
    code, out, _ = _explain("cinder-rest")
    assert code == 0
    assert out.splitlines()[:3] == [
        "Banked Coals (cinder-rest, pocket-duel rest)",
        "",
        "Rules text, as understood:",
    ]
    assert "return up to 1 target card from your discard pile to your hand." in out
    assert "\nSyntax tree:\n  Script\n" in out
    assert _explain("banked coals")[1] == out  # (the name, in any case)


def test_a_card_without_rules_text_says_so() -> None:
    assert _explain("mcb-03") == (
        0,
        "Firm Grip (mcb-03, marvel-champions resource)\n\nNo rules text.\n",
        "",
    )


def test_a_diagnostic_code_and_a_deck_rule() -> None:
    code, out, _ = _explain("cs-p002")
    assert code == 0 and out.startswith("CS-P002: Unknown word\n\n")
    code, out, _ = _explain("VS-DECK-SIZE")
    assert code == 0
    assert out.startswith("VS-DECK-SIZE (vs-system deck rule)\n\n")
    assert "In the starter format: A starter deck has exactly 40 cards.\n" in out


def test_a_text_needs_its_game() -> None:
    code, out, _ = _explain("--text", "Flight", "--game", "vs-system")
    assert code == 0
    assert out.splitlines()[1].startswith("  1. Keyword Flight: ")
    assert _explain("--text", "Flight") == (2, "", "error: --text needs --game\n")
    assert _explain("x", "--game", "vs-sys") == (
        2,
        "",
        'error: unknown game "vs-sys"; did you mean "vs-system"?\n',
    )


def test_what_is_not_found_is_said_with_a_hint(tmp_path: Path) -> None:
    assert _explain("banked coils") == (
        1,
        "",
        'error: no card "banked coils" and no diagnostic code of that name;'
        ' did you mean "Banked Coals"?\n',
    )
    missing = tmp_path / "none.yaml"
    assert _explain("x", "--cards", str(missing)) == (
        2,
        "",
        f"error: cannot read {missing}: no such file or folder\n",
    )


def test_a_file_of_no_known_game_holds_no_card(tmp_path: Path) -> None:
    odd = tmp_path / "odd.yaml"
    odd.write_text("game: [mental]\ncards:\n- {id: x-1, name: Odd, type: resource}\n")
    assert _explain("x-1", "--cards", str(odd)) == (
        1,
        "",
        'error: no card "x-1" and no diagnostic code of that name\n'
        f"  = note: {odd}:1:7 was skipped: the game is \"['mental']\"; a card file names one"
        " of: vs-system, pocket-duel, berserk, marvel-champions, vanguard\n",
    )
