"""Berserk and Marvel Champions: vocabulary, keywords and the card-text corpus.

Every good text parses clean, passes the semantic checks, round-trips through the formatter
and formats idempotently; every wrong text gives exactly its listed diagnostics (code,
line, column, message, hints); the keyword files define the whole catalogue of each game;
together the good texts use every construct of the language that the game has.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardscript.games import base_registry, keyword_id, load_game
from cardscript.grammar import ast
from cardscript.grammar.checks import check_script
from cardscript.grammar.formatter import format_script
from cardscript.grammar.registry import WORD_CLASSES

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


@pytest.mark.parametrize(("game", "name", "text"), GOOD, ids=[f"{g}:{n}" for g, n, _ in GOOD])
def test_good_text_round_trips(game: str, name: str, text: str) -> None:
    definition = load_game(game)
    first = definition.parse(text)
    assert [d.message for d in first.diagnostics] == []
    assert [d.message for d in check_script(first.script, definition.registry)] == []
    formatted = format_script(first.script, definition.registry)
    second = definition.parse(formatted)
    assert second.diagnostics == ()
    assert second.script == first.script
    assert format_script(second.script, definition.registry) == formatted


@pytest.mark.parametrize("entry", WRONG, ids=[f"{e['game']}:{e['text'][:40]}" for e in WRONG])
def test_wrong_text_diagnostics(entry: dict[str, Any]) -> None:
    definition = load_game(entry["game"])
    result = definition.parse(entry["text"])
    found = list(result.diagnostics)
    if result.ok:
        found.extend(check_script(result.script, definition.registry))
    actual = [
        {
            "code": d.code,
            "line": d.span.line if d.span else None,
            "column": d.span.column if d.span else None,
            "message": d.message,
            "hints": list(d.hints),
        }
        for d in found
    ]
    assert actual == entry["diagnostics"]


@pytest.mark.parametrize("game", GAMES)
def test_keywords_file_is_clean(game: str) -> None:
    definition = load_game(game)
    assert definition.keyword_diagnostics == ()
    assert definition.keyword_defs
    for keyword in definition.keyword_defs:
        script = ast.Script(lines=keyword.body)
        assert check_script(script, definition.registry, params=keyword.params) == []
        # A keyword body formats and parses back to itself.
        line = ast.AbilityLine(ability=keyword)
        text = format_script(ast.Script(lines=(line,)), definition.registry)
        again = definition.parse(text)
        assert again.diagnostics == ()
        assert again.script.lines == (line,)


#: Where each game's rule hooks must point: a section of its spec digest.
SECTION_MARK = {
    "berserk": re.compile(r"§\d|\bA\d+\b|DICT|GLOSS|INTRO"),
    "marvel-champions": re.compile(r"\bG\d\d\b|MC-[A-Z]|\bD-\d+|GAP-\d+|§\d|Appendix"),
}


@pytest.mark.parametrize("game", GAMES)
def test_every_registry_entry_is_documented(game: str) -> None:
    registry = base_registry(game)
    for token_class in WORD_CLASSES:
        for term in registry.terms(token_class):
            assert term.doc, f"{token_class} {term.id} has no doc"
    hooks = registry.terms("HOOK")
    assert len(hooks) >= 20
    for hook in hooks:
        assert hook.kind in ("bool", "int", "word"), hook.id
        assert hook.default is not None, hook.id
        assert SECTION_MARK[game].search(hook.doc), f"hook {hook.id} names no spec section"


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
        "keyword Armor X: prevent the first X wounds dealt to this by non-magic attacks each turn."
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
            """
        ).split()
    ),
}
_JOINERS = {",": "comma", ", then": "then", ", and": "and", ". then": "sentence_then"}
_RULE_VALUES = {"INT": "int", "SIGNED": "signed", "WORD": "word", "ADJ": "adj"}


def _constructs(script: ast.Script) -> Iterator[str]:
    """Names of the constructs a text uses (spaces in words become "_")."""
    for name in _raw_constructs(script):
        yield name.replace(" ", "_")


def _raw_constructs(script: ast.Script) -> Iterator[str]:
    if script.version is not None:
        yield "version"
    for line in script.lines:
        if line.label is not None:
            yield "label"
            if line.label.qualifier:
                yield "label_qualifier"
        for mod in line.mods:
            yield f"mod:{mod.kind}"
        for node in line.walk():
            if isinstance(node, ast.KeywordList):
                yield "keyword_list_many" if len(node.keywords) > 1 else "keyword_list"
            elif isinstance(node, ast.KeywordUse) and node.args:
                yield "keyword_arg"
                yield from (f"keyword_arg:{a.kind}" for a in node.args)
            elif isinstance(node, ast.Triggered):
                yield f"timing:{node.timing}"
                yield "triggered_cost" if node.costs is not None else "triggered"
            elif isinstance(node, ast.Activated):
                yield "activated"
            elif isinstance(node, ast.EffectAbility):
                kind = "while" if node.condition else "during" if node.during else "plain"
                yield f"effect:{kind}"
            elif isinstance(node, ast.Replacement):
                yield "replacement"
                yield from ("replacement_object",) * (node.obj is not None)
            elif isinstance(node, ast.RuleOverride):
                yield f"rule:{_RULE_VALUES[node.value_kind]}"
                yield from ("rule:for",) * (node.scope is not None)
                yield from ("rule:while",) * (node.condition is not None)
                if node.scope is None and node.condition is None:
                    yield "rule:global"
            elif isinstance(node, ast.Event):
                yield f"event:{'moment' if node.moment else 'subject' if node.subject else 'bare'}"
                if node.obj is not None and node.obj.preposition:
                    yield f"event_object:{node.obj.preposition}"
            elif isinstance(node, ast.Moment):
                yield f"moment:{node.edge}"
            elif isinstance(node, ast.Duration):
                yield from ("duration:no_the",) * (not node.the)
            elif isinstance(node, ast.Steps):
                yield from (f"joiner:{_JOINERS[j]}" for j in node.joiners)
                yield from ("where",) * bool(node.where)
            elif isinstance(node, ast.Conditional):
                yield "step:if"
            elif isinstance(node, ast.ForEach):
                yield "step:for_each"
            elif isinstance(node, ast.Choice):
                yield "step:choice"
            elif isinstance(node, ast.Clause):
                yield from ("clause_subject",) * (node.subject is not None)
                yield from ("may",) * node.optional
                yield from ("per_each",) * (node.per_each is not None)
                yield from ("duration",) * (node.duration is not None)
            elif isinstance(node, ast.Action):
                yield f"action:{node.verb}"
                if node.verb == "prevent":
                    yield f"prevent:{node.word or 'amount'}"
                    yield from ("prevent:each",) * (node.period is not None)
                elif node.verb == "heal" and node.word:
                    yield f"heal:{node.word}"
                elif node.verb == "move":
                    yield f"move:{node.word}"
            elif isinstance(node, ast.Destination):
                yield f"placement:{node.placement}"
                yield from ("face",) * (node.face is not None)
            elif isinstance(node, ast.Test):
                yield f"test:{node.kind}" + (":not" if node.negated else "")
            elif isinstance(node, ast.Condition):
                yield from (f"logic:{op}" for op in node.ops)
            elif isinstance(node, ast.Comparison):
                yield f"compare:{node.op or 'exact'}"
            elif isinstance(node, ast.Amount):
                yield f"amount:{node.kind}"
            elif isinstance(node, ast.PhaseRef) and node.owner:
                yield f"phase_owner:{node.owner}"
            elif isinstance(node, ast.ZoneRef) and node.possessor:
                yield f"possessor:{node.possessor}"
            elif isinstance(node, ast.Quantifier):
                yield f"quantifier:{node.kind}"
                yield from ("quantifier:up_to_target",) * (node.kind == "up_to" and node.target)
            elif isinstance(node, ast.Quality):
                yield f"quality:{node.kind}" + (":non" if node.negated else "")
                if node.kind == "possessor" and "opponent" in node.value:
                    yield "quality:possessor:opponent"
            elif isinstance(node, ast.Filter):
                yield f"filter:{node.kind}"
            elif isinstance(node, ast.ThisCard):
                yield "selector:this_noun" if node.noun else "selector:this"
            elif isinstance(node, ast.It):
                yield "selector:them" if node.word == "them" else "selector:it"
            elif isinstance(node, ast.ThatCard):
                yield "selector:that"
            elif isinstance(node, ast.Player):
                yield f"player:{node.who}"


@pytest.mark.parametrize("game", GAMES)
def test_corpus_uses_every_construct_of_the_game(game: str) -> None:
    definition = load_game(game)
    found: set[str] = set()
    for g, _, text in GOOD:
        if g == game:
            found.update(_constructs(definition.parse(text).script))
    assert sorted(REQUIRED[game] - found) == []
