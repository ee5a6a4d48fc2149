"""Pocket Duel and Vanguard: vocabulary, keywords and the card-text corpus.

Every good text parses clean, passes the semantic checks, round-trips through the formatter
and formats idempotently; every wrong text gives exactly its listed diagnostics (code,
line, column, message, hints); together the good texts use every construct of the
language that the game has.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from cardscript.games import load_game
from tests.corpus_constructs import constructs

CORPUS = Path(__file__).parent / "corpus"
GAMES = ("pocket-duel", "vanguard")
ERRORS_FILE = CORPUS / "errors-pocket-duel-vanguard.yaml"


def _load(path: Path) -> list[dict[str, Any]]:
    return yaml.safe_load(path.read_text("utf-8"))


GOOD = [(game, e["name"], e["text"]) for game in GAMES for e in _load(CORPUS / f"{game}.yaml")]
WRONG = _load(ERRORS_FILE)


def test_corpus_sizes() -> None:
    for game in GAMES:
        assert sum(1 for g, _, _ in GOOD if g == game) >= 15, game
        assert sum(1 for e in WRONG if e["game"] == game) >= 10, game
        names = [n for g, n, _ in GOOD if g == game]
        assert len(names) == len(set(names)), f"{game}: duplicate card names"
    assert {e["game"] for e in WRONG} == set(GAMES)


# ---- construct coverage ------------------------------------------------------------------

#: Constructs of the language the corpus of each game must use. What a game lacks is left
#: out on purpose: counters (neither game), named costs (Pocket Duel), drawing (Pocket Duel
#: has no deck), player resources paid or gained and dealt damage (this era of Vanguard),
#: "prevent N of that" (Pocket Duel: no trigger comes before the damage, CS-T012).
COMMON = """
    version label label_qualifier keyword_list keyword_list_many
    triggered triggered_cost activated effect:plain effect:while effect:during replacement
    rule:for rule:while
    timing:when timing:whenever timing:at timing:after timing:before
    event:subject event:moment event_object:by
    step:if step:for_each step:choice joiner:comma joiner:then joiner:and joiner:sentence_then
    clause_subject may per_each duration
    mod:once_per mod:twice_per mod:max_per mod:only_when
    action:get action:have action:gain_keyword action:lose_keyword action:can action:cannot
    action:prevent action:heal action:discard action:move action:search action:shuffle
    action:shuffle_into action:reveal action:look action:primitive
    placement:to placement:into placement:on_top_of placement:at_the_bottom_of face
    test:is_state test:is_state:not test:in_zone test:resource_cmp test:stat_cmp
    test:you_did test:you_did_not test:you_control logic:and
    amount:int amount:var amount:that_many
    quantifier:a quantifier:each quantifier:all quantifier:every quantifier:any
    quantifier:another quantifier:the quantifier:target quantifier:n_targets quantifier:up_to
    quantifier:each_other quantifier:all_other quantifier:top quantifier:bottom
    quality:adj quality:adj:non quality:possessor
    filter:you_control filter:attr filter:stat filter:keyword filter:without_keyword
    filter:zone filter:named filter:other_than_this filter:history
    selector:this selector:it selector:them selector:that selector:player
"""
REQUIRED = {
    # no activated ability: Pocket Duel never activates one (CS-T008)
    "pocket-duel": set(
        (
            COMMON
            + """
            action:deal action:gain action:lose action:pay action:remove_card
            action:primitive_amount keyword_arg prevent:the_first amount:all
            """
        ).split()
    )
    - {"activated"},
    "vanguard": set(
        (
            COMMON
            + """
            action:draw action:named_cost event:bare prevent:that logic:or
            filter:opponent_controls amount:a
            """
        ).split()
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_corpus_uses_every_construct_of_the_game(game: str) -> None:
    definition = load_game(game)
    found: set[str] = set()
    for g, _, text in GOOD:
        if g == game:
            found.update(constructs(definition.parse(text).script))
    assert sorted(REQUIRED[game] - found) == []
