"""Hover and completion read the keywords as the editor has them: those a keywords buffer
defines (saved or not), in the buffer itself and in the card files beside it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from cardscript.cli.main import app
from tests.test_lsp import WYRMS, at, item, notify, opened, session, span

KEYWORDS_URI = "file:///cards/vs-system/keywords.cardscript"  # (beside test_lsp.URI, a card file)
# the bundled VS System keywords, with Range changed, Soar new, and Skyborn using them
KEYWORDS = """\
keyword Flight:
  rule can_attack_protected is on for this.
keyword Range:
  rule can_attack_protected is on for this.
keyword Soar:
  rule can_attack_from_support is on for this.
keyword Army:
  rule copy_limit is unlimited for this;
  rule unique is off for this.
keyword Skyborn:
  Flight, Range, Soar.
"""
FROM_SUPPORT = "can_attack_from_support (May attack from the support row (§7.1); Range turns it on)"
PROTECTED = "can_attack_protected (May attack protected characters (§7.2); Flight turns it on)"


def shown(name: str, rule: str) -> str:
    return (
        f"**{name}** (keyword)\n\nDefines the keyword {name}: Rule change (card text beats the "
        f"rules): {rule} becomes on for this; normally off."
    )


def results(answers: list[dict[str, Any]]) -> list[Any]:
    return [a["result"] for a in answers if "id" in a]


def test_hover_in_a_keywords_buffer_shows_the_keywords_it_defines() -> None:
    answers = session(
        at("textDocument/hover", 2, 10, 10, KEYWORDS_URI),  # "Range", changed here
        at("textDocument/hover", 3, 10, 17, KEYWORDS_URI),  # "Soar", defined here only
        at("textDocument/hover", 4, 10, 3, KEYWORDS_URI),  # "Flight", as bundled
        text=KEYWORDS,
        uri=KEYWORDS_URI,
    )
    assert results(answers) == [
        {
            "contents": {"kind": "markdown", "value": shown("Range", PROTECTED)},
            "range": span(10, 10, 10, 15),
        },
        {
            "contents": {"kind": "markdown", "value": shown("Soar", FROM_SUPPORT)},
            "range": span(10, 17, 10, 21),
        },
        {
            "contents": {"kind": "markdown", "value": shown("Flight", PROTECTED)},
            "range": span(10, 2, 10, 8),
        },
    ]


def test_completion_in_a_keywords_buffer_offers_the_keywords_it_defines() -> None:
    [answer] = session(
        at("textDocument/completion", 2, 10, 17, KEYWORDS_URI),  # after "Flight, Range, "
        text=KEYWORDS,
        uri=KEYWORDS_URI,
    )
    here = span(10, 17, 10, 17)
    assert answer["result"]["items"][:5] == [
        item(n, label, 14, "keyword", here)
        for n, label in enumerate(["Army", "Flight", "Range", "Skyborn", "Soar"])
    ]


def test_a_card_file_reads_the_keywords_of_the_open_keywords_buffer_beside_it() -> None:
    card = WYRMS.replace("Flihgt", "Soar")  # "Soar" at UTF-16 columns 111-115 of line 3
    changed = KEYWORDS.replace(
        "Soar:\n  rule can_attack_from_support", "Soar:\n  rule can_attack_protected"
    )
    change = {
        "textDocument": {"uri": KEYWORDS_URI, "version": 2},
        "contentChanges": [{"text": changed}],
    }
    answers = session(
        at("textDocument/hover", 2, 3, 112),  # no keywords buffer open: the bundled game's
        opened(KEYWORDS, KEYWORDS_URI),
        at("textDocument/hover", 3, 3, 112),
        at("textDocument/completion", 4, 3, 113),  # after "So"
        notify("textDocument/didChange", change),
        at("textDocument/hover", 5, 3, 112),  # the buffer as changed, unsaved
        notify("textDocument/didClose", {"textDocument": {"uri": KEYWORDS_URI}}),
        at("textDocument/hover", 6, 3, 112),  # closed: the bundled game's again
        text=card,
    )
    word = span(3, 111, 3, 115)
    assert results(answers) == [
        None,
        {"contents": {"kind": "markdown", "value": shown("Soar", FROM_SUPPORT)}, "range": word},
        {"isIncomplete": False, "items": [item(0, "Soar", 14, "keyword", span(3, 111, 3, 113))]},
        {"contents": {"kind": "markdown", "value": shown("Soar", PROTECTED)}, "range": word},
        None,
    ]


def test_a_keywords_buffer_of_another_folder_is_not_read() -> None:
    card = WYRMS.replace("Flihgt", "Soar")
    other = "file:///cards/berserk/keywords.cardscript"  # (not the card file's folder)
    mine = "file:///elsewhere/vs-system/keywords.cardscript"  # (its game, another folder)
    answers = session(
        opened(KEYWORDS, other),
        opened(KEYWORDS, mine),
        at("textDocument/hover", 2, 3, 112),
        text=card,
    )
    assert results(answers) == [None]


def test_complete_on_a_keywords_file_offers_the_keywords_it_defines(tmp_path: Path) -> None:
    keywords = tmp_path / "vs-system" / "keywords.cardscript"
    keywords.parent.mkdir()
    keywords.write_text(KEYWORDS, "utf-8")
    # after the "So" of "Soar" in "  Flight, Range, Soar."
    result = CliRunner().invoke(app, ["complete", str(keywords), "--at", "11:20"])
    assert (result.exit_code, result.output) == (0, "Soar  keyword\n")
