"""Pocket Duel and Vanguard: vocabulary, keywords and the card-text corpus.

Every good text parses clean, passes the semantic checks, round-trips through the formatter
and formats idempotently; every wrong text gives exactly its listed diagnostics (code,
line, column, message, hints); together the good texts use every construct of the
language that the game has.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardscript.games import base_registry, load_game
from cardscript.grammar import ast
from cardscript.grammar.checks import check_script
from cardscript.grammar.formatter import format_script
from cardscript.grammar.registry import WORD_CLASSES

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


@pytest.mark.parametrize("game", GAMES)
def test_every_registry_entry_is_documented(game: str) -> None:
    registry = base_registry(game)
    for token_class in WORD_CLASSES:
        for term in registry.terms(token_class):
            assert term.doc, f"{token_class} {term.id} has no doc"
    hooks = registry.terms("HOOK")
    assert hooks
    for hook in hooks:
        assert hook.kind in ("bool", "int", "word"), hook.id
        assert hook.default is not None, hook.id
        assert "§" in hook.doc, f"hook {hook.id} names no spec section"


# ---- construct coverage ------------------------------------------------------------------

#: Constructs of the language the corpus of each game must use. What a game lacks is left
#: out on purpose: counters (neither game), named costs (Pocket Duel), drawing (Pocket Duel
#: has no deck), player resources paid or gained and dealt damage (this era of Vanguard).
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
    "pocket-duel": set(
        (
            COMMON
            + """
            action:deal action:gain action:lose action:pay action:remove_card
            action:primitive_amount keyword_arg prevent:the_first prevent:of_that amount:all
            """
        ).split()
    ),
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
_JOINERS = {",": "comma", ", then": "then", ", and": "and", ". then": "sentence_then"}


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
            elif isinstance(node, ast.RuleOverride):
                yield from ("rule:for",) * (node.scope is not None)
                yield from ("rule:while",) * (node.condition is not None)
            elif isinstance(node, ast.Event):
                yield f"event:{'moment' if node.moment else 'subject' if node.subject else 'bare'}"
                if node.obj is not None and node.obj.preposition:
                    yield f"event_object:{node.obj.preposition}"
            elif isinstance(node, ast.Steps):
                yield from (f"joiner:{_JOINERS[j]}" for j in node.joiners)
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
                    yield f"prevent:{node.word}"
            elif isinstance(node, ast.Destination):
                yield f"placement:{node.placement}"
                yield from ("face",) * (node.face is not None)
            elif isinstance(node, ast.Test):
                yield f"test:{node.kind}" + (":not" if node.negated else "")
            elif isinstance(node, ast.Condition):
                yield from (f"logic:{op}" for op in node.ops)
            elif isinstance(node, ast.Amount):
                yield f"amount:{node.kind}"
            elif isinstance(node, ast.Quantifier):
                yield f"quantifier:{node.kind}"
            elif isinstance(node, ast.Quality):
                yield f"quality:{node.kind}" + (":non" if node.negated else "")
            elif isinstance(node, ast.Filter):
                yield f"filter:{node.kind}"
            elif isinstance(node, ast.ThisCard):
                yield "selector:this"
            elif isinstance(node, ast.It):
                yield "selector:them" if node.word == "them" else "selector:it"
            elif isinstance(node, ast.ThatCard):
                yield "selector:that"
            elif isinstance(node, ast.Player):
                yield "selector:player"


@pytest.mark.parametrize("game", GAMES)
def test_corpus_uses_every_construct_of_the_game(game: str) -> None:
    definition = load_game(game)
    found: set[str] = set()
    for g, _, text in GOOD:
        if g == game:
            found.update(_constructs(definition.parse(text).script))
    assert sorted(REQUIRED[game] - found) == []
