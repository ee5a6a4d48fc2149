"""Deck scenarios: a rulebook example about deck building, checked by ``cardscript deck check``.

A scenario file with a ``deck:`` key instead of ``setup``/``actions`` holds a deck list (the
plain-text format, a literal block) and the exact problems the checker must find in it:

    game: vanguard
    scenario: VG-T01c Deck legality — 17 triggers
    source: vanguard.md §12 VG-T01
    format: standard             # optional: the deck's format
    cards: [vg-deck-cards.yaml]  # card files besides the bundled ones (optional)
    bundled_cards: true          # false: the scenario's cards alone
    deck: |
      4 Lantern Squire
      …
    expect:
      legal: false
      diagnostics:               # exactly these, in this order; each names what it checks
        - {code: VG-TRIGGER-COUNT, line: 7, column: 3, message: "This deck has …"}

Positions are the scenario file's own (the deck block is mapped back into the file), so a
failure points at the deck line in the scenario.
"""

from __future__ import annotations

from pathlib import Path

from cardscript.decks.check import check_deck
from cardscript.decks.pool import load_pool
from cardscript.decks.textdeck import read_text_deck
from cardscript.interpreter.scenario import ScenarioResult
from cardscript.interpreter.scenario_blocks import compare_diagnostics, read_block, shown


def run_deck_scenario(path: str | Path) -> ScenarioResult:
    result, block = read_block(path, "deck", "deck")
    if block is None:
        return result
    data = block.data
    extra = [Path(path).parent / p for p in data.get("cards", [])]
    pool = load_pool(extra, bundled=bool(data.get("bundled_cards", True)))
    if pool.problems:
        result.error = "; ".join(d.message for d in pool.problems)
        return result
    deck = read_text_deck(block.text, str(path), game=str(data["game"]))
    fmt = data.get("format")
    found = [block.in_file(d) for d in check_deck(deck, pool, fmt=str(fmt) if fmt else None)]
    result.failures = compare_diagnostics(found, data.get("expect", {}))
    if result.failures:
        result.trace = [shown(d) for d in found]
    return result
