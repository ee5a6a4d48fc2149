"""Berserk and Marvel Champions: vocabulary, keywords and the card-text corpus.

Every good text parses clean, passes the semantic checks, round-trips through the formatter
and formats idempotently; every wrong text gives exactly its listed diagnostics (code,
line, column, message, hints); the keyword files define the whole catalogue of each game;
together the good texts use every construct of the language that the game has.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardscript.games import keyword_id, load_game
from cardscript.grammar import ast
from cardscript.grammar.formatter import format_script
from tests.corpus_constructs import constructs

CORPUS = Path(__file__).parent / "corpus"
GAMES = ("berserk", "marvel-champions")
ERRORS_FILE = CORPUS / "errors-berserk-marvel.yaml"


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
    # Berserk cards carry their Russian names.
    assert sum(1 for g, n, _ in GOOD if g == "berserk" and re.search("[а-яё]", n, re.I)) >= 5


# ---- the keyword catalogues --------------------------------------------------------------

#: Berserk: the 59 named abilities of the Dictionary (spec berserk.md §20.0), the attack kinds
#: (§20.2), the protection variants (§20.3) and the Glossary phrases cards print as keywords.
BERSERK_CATALOGUE = """
    Vanguard | Unanswerable Strike | Incorporeality | Blessing | Armor | Vampirism |
    Resurrection | Summon | Shot | Wrath | Range | Gift of Life | Finishing Blow |
    Soulcatcher | Unity | Thirst | Protection from | Healing | Incarnation | Concentration |
    Agility | Magic Strike | Maneuver | Camouflage | Meditation | Throw | Directed Strike |
    Clumsiness | Attack Experience | Defense Experience | Shooting Experience |
    Throwing Experience | Discharge Experience | Horde | Special Strike | Poisoning |
    Redistribution | Flight | Curse | Leap | Discharge | Regeneration | Stealth |
    Steadfastness | Fear | Formation | Hideout | Teleportation | Thick Skin | Precision |
    Carrion Feeding | Fading | Strike Through a Row | Uniqueness | Vulnerability |
    Vulnerability to | Plague | Shield of Arkhaal | Fury
"""
BERSERK_EXTRA = """
    Simple Strike | Protection from Spells | Protection from Sudden Actions |
    Protection from Poison | Protection from Shots | Protection from Magic |
    Protection from Discharges | Protection from Magic Strikes | Does Not Fight |
    Actions per Turn | Takes No Wounds from | Incarnations per Battle
"""
#: Marvel Champions: the keywords of the Rules Reference (G51; part 2 §5.1).
MARVEL_CATALOGUE = """
    Uses | Toughness | Overkill | Surge | Restricted | Guard | Peril | Retaliate | Quickstrike
"""
#: Keywords whose value is a strike X-Y-Z, and those whose value is a number.
STRIKE_KEYWORDS = {
    "simple_strike",
    "shot",
    "magic_strike",
    "throw",
    "special_strike",
    "discharge",
    "strike_through_a_row",
}
NUMBER_KEYWORDS = {
    "berserk": {
        "armor",
        "range",
        "gift_of_life",
        "finishing_blow",
        "soulcatcher",
        "unity",
        "thirst",
        "healing",
        "incarnation",
        "clumsiness",
        "attack_experience",
        "defense_experience",
        "shooting_experience",
        "throwing_experience",
        "discharge_experience",
        "poisoning",
        "redistribution",
        "regeneration",
        "fear",
        "fading",
        "shield_of_arkhaal",
        "fury",
    },
    "marvel-champions": {"uses", "retaliate"},
}


def _names(block: str) -> set[str]:
    return {keyword_id(n) for n in block.split("|") if n.strip()}


def test_berserk_defines_the_whole_catalogue() -> None:
    defined = {keyword_id(k.name): k for k in load_game("berserk").keyword_defs}
    catalogue = _names(BERSERK_CATALOGUE)
    assert len(catalogue) == 59
    assert sorted(catalogue - defined.keys()) == []
    assert sorted(_names(BERSERK_EXTRA) - defined.keys()) == []
    assert defined["armor"].params == ("X",)
    for name in STRIKE_KEYWORDS:
        assert defined[name].params == ("X-Y-Z",), name
    for name in NUMBER_KEYWORDS["berserk"]:
        assert defined[name].params == ("X",), name


def test_marvel_champions_defines_the_whole_catalogue() -> None:
    defined = {keyword_id(k.name): k for k in load_game("marvel-champions").keyword_defs}
    assert sorted(defined) == sorted(_names(MARVEL_CATALOGUE))
    for name, keyword in defined.items():
        wanted = ("X",) if name in NUMBER_KEYWORDS["marvel-champions"] else ()
        assert keyword.params == wanted, name


def test_armor_is_written_as_in_the_brief() -> None:
    definition = load_game("berserk")
    armor = next(k for k in definition.keyword_defs if k.name == "Armor")
    text = format_script(ast.Script(lines=(ast.AbilityLine(ability=armor),)), definition.registry)
    assert " ".join(text.split()) == (
        "keyword Armor X: prevent the first X wounds dealt to this by non-magic attacks each "
        "turn; rule regained_is_new is on for this."  # lost, then gained: a new Armor X (T-29)
    )


# ---- construct coverage ------------------------------------------------------------------

#: Constructs of the language the corpus of each game must use. What a game lacks is left
#: out on purpose: Berserk has no hand, no drawing and no discarding, and nothing is removed
#: from its game; Marvel Champions is cooperative (no opponents), has no player resource pool
#: to gain or lose, and no verb that takes an amount of damage.
COMMON = """
    version label keyword_list keyword_list_many keyword_arg
    triggered triggered_cost activated effect:plain effect:while effect:during replacement
    replacement_object rule:for rule:while rule:global
    timing:when timing:whenever timing:at timing:after timing:before
    event:subject event:moment event:bare event_object:by event_object:from event_object:on
    event_object:to moment:start moment:end moment:beginning
    step:if step:for_each step:choice joiner:comma joiner:then joiner:and joiner:sentence_then
    clause_subject may per_each duration duration:no_the where
    mod:once_per mod:twice_per mod:max_per mod:only_when
    action:get action:have action:gain_keyword action:lose_keyword action:can action:cannot
    action:prevent action:heal action:move action:search action:shuffle action:shuffle_into
    action:reveal action:look action:primitive action:place action:remove_counters
    action:deal action:pay action:gain action:gain_control action:named_cost
    prevent:the_first prevent:that prevent:of_that prevent:amount prevent:each
    move:put move:return move:take
    placement:to placement:into placement:on_top_of placement:at_the_bottom_of
    placement:under face
    test:is_state test:is_state:not test:in_zone test:in_zone:not test:has_counters
    test:stat_cmp test:you_did test:you_did_not test:you_control logic:and logic:or
    amount:int amount:var amount:a amount:an amount:that_many amount:all
    compare:or_more compare:or_less compare:or_fewer compare:or_greater compare:exact
    phase_owner:your phase_owner:the phase_owner:each phase_owner:this phase_owner:the_next
    phase_owner:that_player's
    possessor:your possessor:their possessor:the possessor:its_owner's
    possessor:its_controller's possessor:each_player's possessor:that_player's
    quantifier:a quantifier:an quantifier:each quantifier:all quantifier:every
    quantifier:any quantifier:another quantifier:the quantifier:other quantifier:target
    quantifier:n_targets quantifier:up_to quantifier:up_to_target quantifier:each_other
    quantifier:all_other quantifier:top quantifier:bottom
    quality:adj quality:adj:non quality:name quality:possessor
    filter:you_control filter:attr filter:stat filter:keyword filter:without_keyword
    filter:zone filter:named filter:other_than_this filter:history
    selector:this selector:this_noun selector:it selector:them selector:that
    player:you player:each_player player:its_controller player:its_owner
    player:the_active_player player:that_player
"""
REQUIRED = {
    "berserk": set(
        (
            COMMON
            + """
            rule:int rule:signed rule:word rule:adj mod:any_time
            action:lose action:primitive_amount test:resource_cmp heal:on
            event_object:with move:move placement:onto placement:on
            phase_owner:an_opponent's possessor:its possessor:an_opponent's
            possessor:the_opponent's quality:possessor:opponent filter:opponent_controls
            player:the_opponent player:an_opponent player:each_opponent player:your_opponent
            keyword_arg:TRIPLE keyword_arg:VAR keyword_arg:STRING keyword_arg:WORD
            keyword_arg:NOUN keyword_arg:ADJ
            """
        ).split()
    ),
    "marvel-champions": set(
        (
            COMMON
            + """
            label_qualifier rule:int rule:signed rule:word rule:adj
            action:draw action:discard action:remove_card keyword_arg:COUNTER
            delay action:become noun_list step:in_player_order test:paid_with
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
