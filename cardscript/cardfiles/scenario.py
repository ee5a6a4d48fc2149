"""Card-file scenarios: a rulebook example about what a card file says (VS-T01: the
collector number and its colour). A scenario file with a ``card_file:`` literal block is
validated like ``cardscript validate`` would a file, and each card's printed fields are
compared with the expected ones:

    game: vs-system
    scenario: VS-T01 Collector number
    card_file: |
      game: vs-system
      set: DJL
      set_name: "DC: Justice League of America"
      cards:
      - {id: DJL-022, name: Superman, version: Avatar of Peace, number: 22, print: white, …}
    expect:
      diagnostics: []            # validate's, at the scenario file's lines
      cards:
      - {id: DJL-022, title: "Superman, Avatar of Peace", set: DJL, number: 22, rarity: common}
"""

from __future__ import annotations

from pathlib import Path

from cardscript.cardfiles.checkfile import card_entries, check_document
from cardscript.cardfiles.printed import printed_fields
from cardscript.cardfiles.yamlsource import load_yaml_text
from cardscript.interpreter.scenario import ScenarioResult
from cardscript.interpreter.scenario_blocks import compare_diagnostics, read_block, shown
from cardscript.wording import differs


def run_card_file_scenario(path: str | Path) -> ScenarioResult:
    result, block = read_block(path, "card_file", "card-file")
    if block is None:
        return result
    data = block.data
    doc = load_yaml_text(block.text, str(path))
    found = [block.in_file(d) for d in check_document(doc).diagnostics]
    expect = data.get("expect", {})
    result.failures = compare_diagnostics(found, expect)
    envelope = doc.data if isinstance(doc.data, dict) else {}
    cards = {str(c.get("id")): printed_fields(envelope, c) for _, c in card_entries(doc.data)}
    for wanted in expect.get("cards", []):
        card = cards.get(str(wanted.get("id")))
        if card is None:
            result.failures.append(f"cards.{wanted.get('id')}: not in the file")
            continue
        for key, value in wanted.items():
            if card.get(key) != value:
                result.failures.append(differs(f"cards.{wanted['id']}.{key}", value, card.get(key)))
    if result.failures:
        result.trace = [shown(d) for d in found]
    return result
