"""The server rechecks a changed buffer card by card: a card text it has seen is not
parsed again, and what it publishes stays exactly what ``validate`` says of the text."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import cardscript.games
from cardscript.cardfiles.validate import validate_paths
from cardscript.grammar.diagnostics import Diagnostic
from cardscript.lsp.diagnostics import lsp_diagnostic
from cardscript.lsp.positions import Positions
from tests.test_lsp import notify, opened, request, run

ROOT = Path(__file__).resolve().parent.parent
FILES = [
    "berserk/greenwood-starter.yaml",
    "marvel-champions/bulwark.yaml",
    "vs-system/dawnwatch-starter.yaml",
    "pocket-duel/automa.yaml",
    "vanguard/lanternguard.yaml",
]
_WORD = re.compile(r" (your|target|this|each) ")
_CARD = re.compile(r"^ *- ", re.MULTILINE)


def misspelt(text: str) -> str:
    """The last "your", "target", "this" or "each" of the text written with two letters
    swapped: one card text changes, and is wrong."""
    last = list(_WORD.finditer(text))[-1]
    word = last.group(1)
    return text[: last.start(1)] + word[1] + word[0] + word[2:] + text[last.end(1) :]


def lines_above(text: str) -> str:
    """Two comment lines after the first: every card moves down by two lines."""
    first, _, rest = text.partition("\n")
    return f"{first}\n# one line more\n# and another\n{rest}"


def first_card_gone(text: str) -> str:
    """The first card taken out: the cards below it move up."""
    start, after = list(_CARD.finditer(text))[:2]
    return text[: start.start()] + text[after.start() :]


EDITS = [misspelt, lines_above, first_card_gone]


def validate_says(on_disk: Path, text: str) -> list[dict[str, Any]]:
    """``validate FILE``'s problems in this file, as LSP diagnostics."""
    on_disk.write_text(text, "utf-8")
    said = validate_paths([on_disk], use_cache=False).diagnostics
    positions = Positions(text)
    return [
        lsp_diagnostic(d, positions)
        for d in sorted(said, key=Diagnostic.sort_key)
        if d.span is None or d.span.file == str(on_disk)
    ]


def published_for(uri: str, texts: list[str]) -> list[list[dict[str, Any]]]:
    """The diagnostics the server publishes on opening the first text, then on each change
    to the next (full sync)."""
    changes = [
        notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": n}, "contentChanges": [{"text": text}]},
        )
        for n, text in enumerate(texts[1:], start=2)
    ]
    _, written, log = run(request(1, "initialize"), opened(texts[0], uri), *changes)
    assert log == ""
    return [m["params"]["diagnostics"] for m in written[1:]]


@pytest.mark.parametrize("name", FILES)
def test_diagnostics_after_each_edit_are_validate_s(tmp_path: Path, name: str) -> None:
    on_disk = tmp_path / name  # (its folder names its game, as in cards/)
    on_disk.parent.mkdir()
    texts = [(ROOT / "cards" / name).read_text("utf-8")]
    for edit in EDITS:
        texts.append(edit(texts[-1]))
    texts.append(texts[0])  # (back to the start: every text seen before)
    published = published_for(on_disk.as_uri(), texts)
    assert published == [validate_says(on_disk, text) for text in texts]
    # the edits are seen: a misspelt word, then positions that move
    assert [len(found) for found in published][1] > len(published[0])
    assert published[1] != published[2] != published[3]


def test_only_the_card_texts_that_changed_are_parsed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed: list[str] = []
    parse = cardscript.games.parse_script

    def counted(text: str, registry: Any) -> Any:
        parsed.append(text)
        return parse(text, registry)

    monkeypatch.setattr(cardscript.games, "parse_script", counted)
    on_disk = tmp_path / "vs-system" / "dawnwatch.yaml"
    on_disk.parent.mkdir()
    text = (ROOT / "cards" / "vs-system" / "dawnwatch-starter.yaml").read_text("utf-8")
    texts = [text, misspelt(text), lines_above(misspelt(text)), text]
    published_for(on_disk.as_uri(), texts[:1])  # (the game's keywords file is read once)
    counts = []
    for n in range(1, len(texts) + 1):
        parsed.clear()
        published_for(on_disk.as_uri(), texts[:n])
        counts.append(len(parsed))
    # 21 cards, 21 texts, 19 different ones ("Draw a card." twice, …)
    assert (len(list(_CARD.finditer(text))), text.count("\n  text:")) == (21, 21)
    # opening parses each different text once; a change, only the text it changed:
    # the misspelt one; lines above it and the first text again, none
    assert counts == [19, 20, 20, 20]
