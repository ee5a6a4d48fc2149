"""Deck legality: every fixture deck gives exactly its expected diagnostics; text lists and
MarvelCDB exports get the same verdict as the YAML deck; the MarvelCDB importer; the rules
files; the CLI's formats and exit codes.

Fixtures: tests/fixtures/decks/<game>/cards.yaml (the card pool), decks/ (the decks) and
expected.yaml (deck file -> its diagnostics); tests/fixtures/decks/marvelcdb/ holds
hand-written cards and decks in MarvelCDB's format and the card files the importer must
write from them.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from cardscript import GAMES
from cardscript.cli.fmt_files import format_source
from cardscript.cli.main import app
from cardscript.decks import check_bundled_decks, check_paths, load_pool, read_deck_text
from cardscript.decks.check import check_deck, rule_descriptions
from cardscript.decks.checks import KINDS
from cardscript.decks.files import read_deck
from cardscript.decks.mcdb_cards import convert_packs, read_packs
from cardscript.decks.mcdb_text import plain, split_keywords, traits
from cardscript.decks.mcdb_write import card_file_text
from cardscript.decks.overrides import card_overrides
from cardscript.decks.pool import CardPool
from cardscript.decks.rules import deck_hooks, load_rules
from cardscript.grammar.diagnostics import Diagnostic
from cardscript.schemas import validator

FIXTURES = Path(__file__).parent / "fixtures" / "decks"
MCDB = FIXTURES / "marvelcdb"
RUNNER = CliRunner()


def _pool(game: str) -> CardPool:
    return load_pool([FIXTURES / game / "cards.yaml"], bundled=False)


def _as_dict(d: Diagnostic) -> dict[str, Any]:
    assert d.span is not None
    out: dict[str, Any] = {"code": d.code}
    if d.severity.value != "error":
        out["severity"] = d.severity.value
    out.update(line=d.span.line, column=d.span.column, message=d.message, hints=list(d.hints))
    return out


def _check(path: Path, pool: CardPool, fmt: str | None = None) -> list[Diagnostic]:
    return sorted(check_paths([path], pool=pool, fmt=fmt).diagnostics, key=Diagnostic.sort_key)


def _cases() -> list[tuple[str, str, list[dict[str, Any]]]]:
    out = []
    for game in GAMES:
        expected = yaml.safe_load((FIXTURES / game / "expected.yaml").read_text("utf-8"))
        out.extend((game, name, diagnostics) for name, diagnostics in expected.items())
    return out


CASES = _cases()


# ---- every deck, exactly -----------------------------------------------------------------


@pytest.mark.parametrize(("game", "deck", "expected"), CASES, ids=[f"{g}/{d}" for g, d, _ in CASES])
def test_deck_gives_exactly_its_diagnostics(game: str, deck: str, expected: list[dict]) -> None:
    found = _check(FIXTURES / game / "decks" / deck, _pool(game))
    assert [_as_dict(d) for d in found] == expected


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_ten_decks_legal_and_illegal(game: str) -> None:
    cases = [expected for g, _, expected in CASES if g == game]
    assert len(cases) >= 10
    assert any(not e for e in cases) and sum(1 for e in cases if e) >= 6
    listed = {name for g, name, _ in CASES if g == game}
    on_disk = {p.name for p in (FIXTURES / game / "decks").iterdir()}
    assert listed == on_disk


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_the_game_is_exercised(game: str) -> None:
    codes = {d["code"] for g, _, expected in CASES if g == game for d in expected}
    assert set(load_rules(game).ids()) <= codes


# ---- the same deck in every format gets the same verdict -----------------------------------


ROUND_TRIPS = [
    ("vs-system", "legal-constructed.yaml", "legal-constructed.txt"),
    ("vs-system", "too-small.yaml", "too-small.txt"),
    ("marvel-champions", "legal-kestrel-justice.yaml", "legal-kestrel-justice.txt"),
    ("marvel-champions", "legal-kestrel-justice.yaml", "legal-kestrel-justice.json"),
    ("marvel-champions", "two-aspects.yaml", "two-aspects.json"),
    ("pocket-duel", "legal-conquest.yaml", "legal-conquest.txt"),
    ("pocket-duel", "team-duplicate.yaml", "team-size.txt"),
    ("berserk", "legal-constructed.yaml", "legal-constructed.txt"),
    ("vanguard", "legal.yaml", "legal.txt"),
]


def _verdict(diagnostics: list[Diagnostic]) -> list[tuple[str, str]]:
    return sorted((d.code, d.message) for d in diagnostics)


@pytest.mark.parametrize(("game", "first", "second"), ROUND_TRIPS)
def test_text_and_marvelcdb_decks_get_the_yaml_verdict(game: str, first: str, second: str) -> None:
    pool = _pool(game)
    one = _check(FIXTURES / game / "decks" / first, pool)
    two = _check(FIXTURES / game / "decks" / second, pool)
    if first == "team-duplicate.yaml":  # different decks, same kind of violation
        assert {d.code for d in one} == {d.code for d in two} == {"PD-HEROES"}
        return
    assert _verdict(one) == _verdict(two)


def test_marvelcdb_deck_checks_against_marvelcdb_packs_directly() -> None:
    pool = load_pool([MCDB / "kes.json", MCDB / "cor.json"], bundled=False)
    deck = FIXTURES / "marvel-champions" / "decks" / "legal-kestrel-justice.json"
    assert _check(deck, pool) == []
    assert len(pool.game("marvel-champions")) == 33


def test_deck_format_option_overrides_the_decks_own() -> None:
    deck = FIXTURES / "vs-system" / "decks" / "legal-constructed.yaml"
    found = _check(deck, _pool("vs-system"), fmt="starter")
    assert [(d.code, d.hints) for d in found] == [("VS-DECK-SIZE", ("remove 20 cards",))]


# ---- readers -------------------------------------------------------------------------------


def test_text_list_sections_comments_and_counts() -> None:
    text = """game: vs-system
My Deck
// comment
Characters (8):
4x Captain Rook, Harbor Guardian
Gull Scout x4   # inline note
3 × Anchor Chain
Sideboard:
2 Tidal Surge
# Maybe
1 Harbor Lighthouse
"""
    deck = read_deck_text(text, "deck.txt")
    assert deck is not None and deck.diagnostics == ()
    assert deck.name == "My Deck"
    assert [(e.ref, e.count, e.section, e.span.line) for e in deck.entries] == [
        ("Captain Rook, Harbor Guardian", 4, "main", 5),
        ("Gull Scout", 4, "main", 6),
        ("Anchor Chain", 3, "main", 7),
        ("Tidal Surge", 2, "sideboard", 9),
        ("Harbor Lighthouse", 1, "sideboard", 11),
    ]


def test_text_list_problems_are_positioned() -> None:
    deck = read_deck_text("3x Gull Scout\nGull Scout\n0 Anchor Chain\n", "d.txt")
    assert deck is not None
    assert [(d.code, str(d.span)) for d in deck.diagnostics] == [
        ("CS-D002", "d.txt:2:1"),
        ("CS-D003", "d.txt:3:1"),
        ("CS-D004", "d.txt:1:1"),
    ]
    with_game = read_deck_text("3x Gull Scout\n", "d.txt", game="vs-system")
    assert with_game is not None and with_game.game == "vs-system"
    assert with_game.diagnostics == ()


def test_a_negative_count_is_told_as_a_count_and_a_list_marker_is_no_sign() -> None:
    # both were CS-D002 "… gives no number of copies", hint "1x -3x Gull Scout" / "1x - 2 …"
    text = "-3x Gull Scout\n- 2 Anchor Chain\n* 4x Tidal Surge\n"
    deck = read_deck_text(text, "d.txt", game="vs-system")
    assert deck is not None
    assert [(d.code, str(d.span), d.message, d.hints) for d in deck.diagnostics] == [
        (
            "CS-D003",
            "d.txt:1:1",
            "the number of copies must be a whole number from 1 to 9999, not -3",
            ('perhaps try "3x Gull Scout"',),
        ),
    ]
    # a list marker before a line is not its sign ("- 2 …" pasted from notes)
    assert [(e.ref, e.count, e.span.column) for e in deck.entries] == [
        ("Anchor Chain", 2, 3),
        ("Tidal Surge", 4, 3),
    ]


def test_a_count_after_the_name_without_x_is_hinted_as_a_count() -> None:
    # the hint was "1x Gull Scout 4"; a larger number reads as part of a name
    text = "3x Anchor Chain\nGull Scout 4\nAgent 47\n"
    deck = read_deck_text(text, "d.txt", game="vs-system")
    assert deck is not None
    assert [(d.code, str(d.span), d.message, d.hints) for d in deck.diagnostics] == [
        (
            "CS-D002",
            "d.txt:2:1",
            '"Gull Scout 4" gives no number of copies',
            ('perhaps try "4x Gull Scout" (or "1x Gull Scout 4")',),
        ),
        (
            "CS-D002",
            "d.txt:3:1",
            '"Agent 47" gives no number of copies',
            ('perhaps try "1x Agent 47"',),
        ),
    ]


def test_marvelcdb_deck_reader() -> None:
    path = FIXTURES / "marvel-champions" / "decks" / "two-aspects.json"
    deck = read_deck_text(path.read_text("utf-8"), str(path))
    assert deck is not None and deck.diagnostics == ()
    assert deck.fields == {"identity": "90001a", "aspects": ["justice", "aggression"]}
    assert deck.name == "Justice and Aggression"
    assert sum(e.count for e in deck.entries) == 42
    rally = next(e for e in deck.entries if e.ref == "90040")
    assert (rally.span.line, rally.span.column) == (12, 61)


@pytest.mark.parametrize(
    ("text", "code", "where"),
    [
        ('{"hero_code": "1", "slots": {', "CS-D006", "1:30"),
        ('{"hero_code": "1", "slots": {}, "meta": "aspect"}', "CS-D006", "1:41"),
        ('{"hero_code": "1", "slots": {"2": "x"}}', "CS-D003", "1:30"),
        ('[{"code": "01001"}]', "CS-D001", "1:1"),
    ],
)
def test_marvelcdb_deck_problems(text: str, code: str, where: str) -> None:
    deck = read_deck_text(text, "d.json")
    assert deck is not None
    assert [(d.code, str(d.span).removeprefix("d.json:")) for d in deck.diagnostics] == [
        (code, where)
    ]


def test_yaml_card_files_are_not_decks_inside_folders() -> None:
    run = check_paths([FIXTURES / "vs-system"], pool=_pool("vs-system"))
    assert all("/decks/" in f for f in run.checked)
    assert len(run.checked) == len(list((FIXTURES / "vs-system" / "decks").iterdir()))


# ---- the Golden Rule -----------------------------------------------------------------------


def test_army_is_a_keyword_not_python() -> None:
    first = card_overrides("vs-system", "Army")[0]
    assert (first.hook, first.value, first.scope, first.via) == (
        "copy_limit",
        "unlimited",
        "this",
        'its keyword "Army"',
    )
    assert card_overrides("vs-system", "Flight") != ()
    assert card_overrides("vs-system", "") == ()


def test_only_unconditional_overrides_count_for_deck_building() -> None:
    assert card_overrides("vanguard", "Boost") == ()  # "… while this is back-row"
    found = card_overrides("vanguard", "rule deck_size is 60.")
    assert [(o.hook, o.value, o.scope) for o in found] == [("deck_size", "60", "deck")]


def test_deck_wide_override_changes_a_deck_rule() -> None:
    pool = _pool("vanguard")
    card = dict(pool.game("vanguard").by_id["lg-006"].data)
    card.update(id="LG-099", name="Rule Bender", text="rule deck_size is 52.")
    pool.cards["vanguard"].append(
        type(pool.cards["vanguard"][0])("vanguard", "LG-099", "Rule Bender", "unit", card, "x")
    )
    pool._games.clear()
    text = (FIXTURES / "vanguard" / "decks" / "too-big.yaml").read_text("utf-8")
    deck = read_deck_text(
        text.replace("8 Endless Lamplighter", "7 Endless Lamplighter\n  - 1 Rule Bender"),
        "big.yaml",
    )
    assert deck is not None
    found = [d for d in check_deck(deck, pool) if d.code == "VG-DECK-SIZE"]
    assert found == []
    deck2 = read_deck_text(
        text.replace("8 Endless Lamplighter", "8 Endless Lamplighter\n  - 1 Rule Bender"),
        "big.yaml",
    )
    assert deck2 is not None
    (size,) = [d for d in check_deck(deck2, pool) if d.code == "VG-DECK-SIZE"]
    assert size.message.startswith('This deck has 53 cards ("Rule Bender" changes it to 52)')


# ---- rules as data -------------------------------------------------------------------------

# Hooks deck rules use that the kernel's registry does not declare yet (the deck checker
# reads them anyway): tell the kernel's owner.
PENDING_HOOKS: dict[str, set[str]] = {}


@pytest.mark.parametrize("game", GAMES)
def test_rules_files(game: str) -> None:
    rules = load_rules(game)
    assert rules.game == game
    from cardscript.decks.check import kinds_for

    kinds = kinds_for(game)
    for fmt in rules.formats:
        for rule in rules.for_format(fmt):
            assert rule.kind in kinds
            assert rule.rule and rule.ref and re.fullmatch(r"[A-Z]+(-[A-Z0-9]+)+", rule.id)


@pytest.mark.parametrize("game", GAMES)
def test_deck_hooks_are_registry_hooks(game: str) -> None:
    from cardscript.games import base_registry

    try:
        declared = {t.id for t in base_registry(game).sections.get("hooks", ())}
    except FileNotFoundError:
        pytest.skip(f"{game} has no registry yet")
    missing = set(deck_hooks(game)) - declared - PENDING_HOOKS.get(game, set())
    assert not missing


def test_rule_ids_are_unique_across_games() -> None:
    ids = [i for g in GAMES for i in load_rules(g).ids()]
    assert len(ids) == len(set(ids))
    assert set(rule_descriptions()) == set(ids)
    assert set(KINDS) >= {"deck_size", "copy_limit", "count", "known_cards"}


def test_formats_per_game() -> None:
    assert {g: list(load_rules(g).formats) for g in GAMES} == {
        "vs-system": ["constructed", "starter"],
        "pocket-duel": ["standard", "conquest", "legacy"],
        "berserk": ["constructed", "draft", "sealed"],
        "marvel-champions": ["standard"],
        "vanguard": ["standard"],
    }


def test_bundled_sample_decks_are_legal() -> None:
    diagnostics, checked, sources = check_bundled_decks()
    assert diagnostics == [] and sources == {}
    assert any(f.endswith("skyguard-constructed.yaml") for f in checked)
    assert any(f.endswith("skyguard-starter.yaml") for f in checked)


# ---- the MarvelCDB importer ----------------------------------------------------------------


def _converted():  # type: ignore[no-untyped-def]
    packs, problems = read_packs([MCDB / "kes.json", MCDB / "cor.json", MCDB / "rep.json"])
    assert problems == []
    return convert_packs(packs)


def test_importer_writes_the_expected_card_files() -> None:
    converted = _converted()
    assert list(converted.packs) == ["kes", "cor", "rep"]
    for pack, cards in converted.packs.items():
        text = card_file_text(pack, cards, converted.comments, converted.sources[pack])
        assert text == (MCDB / "expected" / f"{pack}.yaml").read_text("utf-8")
        data = yaml.safe_load(text)
        assert list(validator("marvel-champions").iter_errors(data)) == []
        # what the importer writes is what ``fmt`` writes ("Rule …", not "rule …")
        assert format_source(Path(f"{pack}.yaml"), text) in ((None, []), (text, []))


def test_importer_leaves_out_what_the_schema_cannot_hold() -> None:
    assert [
        (d.code, str(d.span).rsplit("/", 1)[1], d.message) for d in _converted().diagnostics
    ] == [
        (
            "CS-M002",
            "cor.json:72:3",
            'card 90067 ("Chimichanga Stand") is left out: its aspect '
            '"pool" is not one of: aggression, justice, leadership, protection, basic, hero',
        ),
        (
            "CS-M002",
            "cor.json:76:3",
            'card 90097 ("Mystery Crate") is left out: the card type '
            '"evidence_means" has no place in a Marvel Champions card file',
        ),
        (
            "CS-M002",
            "rep.json:3:3",
            "card 90199 is a reprint of 99999, which is not in the input; it is left out",
        ),
    ]


def test_importer_leaves_out_a_card_whose_counts_are_not_numbers() -> None:
    base = {"code": "91001", "cost": 1, "faction_code": "basic", "name": "Odd Crate"}
    cards = [
        {**base, "type_code": "support", "resource_energy": {"n": 1}},
        {**base, "code": "91002", "type_code": "support", "resource_mental": "two"},
        {
            **base,
            "code": "91003",
            "faction_code": "encounter",
            "type_code": "treachery",
            "set_code": "x",
            "boost": -1,
        },
        {**base, "code": "91004", "type_code": "support", "resource_wild": "2"},
        {**base, "code": "91005", "type_code": "support", "resource_physical": 10**40},
    ]
    text = json.dumps(cards)
    converted = convert_packs([("odd.json", text, cards)])
    assert [d.message for d in converted.diagnostics] == [
        'card 91001 ("Odd Crate") is left out: its "resource_energy" is {"n": 1}, not a'
        " whole number",
        'card 91002 ("Odd Crate") is left out: its "resource_mental" is "two", not a whole number',
        'card 91003 ("Odd Crate") is left out: its "boost" is -1, below 0',
        f'card 91005 ("Odd Crate") is left out: its "resource_physical" is {10**40}, more than 99',
    ]
    assert [c["resources"] for c in converted.cards] == [["wild", "wild"]]


def test_importer_leaves_out_a_card_whose_words_or_lists_are_of_another_kind(
    tmp_path: Path,
) -> None:
    # each stopped the import with "internal error: TypeError: …" (exit 3)
    base = {"cost": 1, "faction_code": "basic", "name": "Odd Crate", "type_code": "support"}
    cards = [
        {**base, "code": "91001", "traits": 10**30},
        {**base, "code": "91002", "flavor": -1},
        {**base, "code": "91003", "text": ["Guard."]},
        {**base, "code": "91004", "deck_requirements": True},
        {**base, "code": "91005", "deck_options": 1.5},
        {**base, "code": "91006", "traits": "Tool."},
    ]
    pack = tmp_path / "odd.json"
    pack.write_text(json.dumps(cards, indent=1), "utf-8")
    result = RUNNER.invoke(app, ["import", "marvelcdb", str(pack), "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    left_out = re.findall(r"warning\[CS-M002\]: (.*)\n +--> (.*)\n", result.stderr)
    assert left_out == [
        (
            f'card 91001 ("Odd Crate") is left out: its "traits" is {10**30}, not text',
            f"{pack}:7:3",
        ),
        ('card 91002 ("Odd Crate") is left out: its "flavor" is -1, not text', f"{pack}:15:3"),
        (
            'card 91003 ("Odd Crate") is left out: its "text" is ["Guard."], not text',
            f"{pack}:23:3",
        ),
        (
            'card 91004 ("Odd Crate") is left out: its "deck_requirements" is true, not a list',
            f"{pack}:33:3",
        ),
        (
            'card 91005 ("Odd Crate") is left out: its "deck_options" is 1.5, not a list',
            f"{pack}:41:3",
        ),
    ]
    written = yaml.safe_load((tmp_path / "o" / "odd.yaml").read_text("utf-8"))
    assert [c["id"] for c in written["cards"]] == ["91006"]


def test_importer_fields() -> None:
    cards = {c["id"]: c for c in _converted().cards}
    assert cards["90001a"]["back"] == "90001b" and cards["90001b"]["back"] == "90001a"
    assert cards["90005"]["subtitle"] == "Ada Reyes"
    assert cards["90005"]["owner"] == "90001a" and cards["90005"]["aspect"] == "hero"
    assert cards["90023"]["max_per_deck"] == 1 and cards["90023"]["text"] == "Restricted\n"
    assert cards["90090"]["text"] == "Guard, Toughness, Retaliate 1\n"
    assert cards["90095"]["hit_points"] == {"value": 14, "per_player": True}
    assert cards["90095"]["atk"] == {"value": 2, "star": True}
    assert cards["90096"]["boost"] == {"icons": 1, "star": True}
    assert cards["90010a"]["text"] == "Rule aspect_count is 2.\n"
    assert cards["90121"]["name"] == "Steady Resolve"  # a reprint takes its original's data
    assert cards["90008"]["owner"] == "90001a"


@pytest.mark.parametrize(
    ("text", "keywords", "max_per_deck", "printed"),
    [
        ("Guard. Toughness.", ("Guard", "Toughness"), None, ""),
        (
            "Retaliate 2.<br/><b>When Defeated</b>: Draw 1 card.",
            ("Retaliate 2",),
            None,
            "When Defeated: Draw 1 card.",
        ),
        (
            "Uses (3 charge counters). <i>(Enters play with 3 counters.)</i>\n<b>Action</b>: X.",
            ("Uses 3 charge counters",),
            None,
            "Action: X.",
        ),
        ("Max 1 per deck.\nRestricted.", ("Restricted",), 1, ""),
        ("Max 1 per player.", (), None, "Max 1 per player."),
        ("Guardian of the gate. Surge.", (), None, "Guardian of the gate. Surge."),
        ("Surge. Peril.<br/>Quickstrike.", ("Surge", "Peril", "Quickstrike"), None, ""),
        (
            "Overkill. Pay 1 [energy] &amp; [[Aerial]].",
            ("Overkill",),
            None,
            "Pay 1 energy & Aerial.",
        ),
    ],
)
def test_keyword_recognition(
    text: str, keywords: tuple[str, ...], max_per_deck: int | None, printed: str
) -> None:
    found = split_keywords(text)
    assert (found.keywords, found.max_per_deck, found.printed) == (keywords, max_per_deck, printed)


def test_plain_text_and_traits() -> None:
    assert plain("<b>Hero Action</b> <i>(attack)</i>: Deal 2 [per_hero] damage.") == (
        "Hero Action (attack): Deal 2 per player damage."
    )
    assert traits("S.H.I.E.L.D. Soldier.") == ["S.H.I.E.L.D.", "Soldier"]
    assert traits("Avenger. Gamma.") == ["Avenger", "Gamma"]
    assert traits(None) == []


def test_cli_import(tmp_path: Path) -> None:
    result = RUNNER.invoke(
        app,
        [
            "import",
            "marvelcdb",
            str(MCDB / "kes.json"),
            str(MCDB / "cor.json"),
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cor.yaml", "kes.yaml"]
    assert (tmp_path / "kes.yaml").read_text("utf-8") == (MCDB / "expected" / "kes.yaml").read_text(
        "utf-8"
    )
    strict = RUNNER.invoke(
        app, ["import", "marvelcdb", str(MCDB / "cor.json"), "--out", str(tmp_path), "--strict"]
    )
    assert strict.exit_code == 1  # two cards left out: warnings fail under --strict
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", "utf-8")
    # bad content, not a usage or I/O error: exit 1, as validate gives for a bad card file
    assert (
        RUNNER.invoke(app, ["import", "marvelcdb", str(bad), "--out", str(tmp_path)]).exit_code == 1
    )
    bad.write_bytes(b'[{"code": "01001", "name": "Caf\xe9"}]')
    latin = RUNNER.invoke(app, ["import", "marvelcdb", str(bad), "--out", str(tmp_path)])
    assert latin.exit_code == 1
    assert "error[CS-Y002]: file is not valid UTF-8: invalid byte 0xe9" in latin.output
    assert "bad.json:1:32" in latin.output
    missing = RUNNER.invoke(
        app, ["import", "marvelcdb", str(tmp_path / "nope.json"), "--out", str(tmp_path)]
    )
    assert missing.exit_code == 2


# ---- the CLI -------------------------------------------------------------------------------


def _deck_cli(*args: str, game: str = "vs-system") -> Any:
    return RUNNER.invoke(
        app,
        [
            "deck",
            "check",
            *args,
            "--no-bundled-cards",
            "--cards",
            str(FIXTURES / game / "cards.yaml"),
        ],
    )


VS_DECKS = FIXTURES / "vs-system" / "decks"


def test_cli_exit_codes() -> None:
    assert _deck_cli(str(VS_DECKS / "legal-constructed.yaml")).exit_code == 0
    assert _deck_cli(str(VS_DECKS / "too-small.yaml")).exit_code == 1
    assert _deck_cli(str(VS_DECKS / "ambiguous-name.yaml")).exit_code == 0  # a warning
    assert _deck_cli(str(VS_DECKS / "ambiguous-name.yaml"), "--strict").exit_code == 1
    assert _deck_cli(str(VS_DECKS / "nope.yaml")).exit_code == 2
    assert _deck_cli(str(VS_DECKS / "too-small.txt"), "--game", "vs-sytem").exit_code == 2
    assert _deck_cli(str(VS_DECKS / "too-small.yaml"), "--deck-format", "bogus").exit_code == 2
    assert _deck_cli(str(VS_DECKS / "too-small.yaml"), "--format", "xml").exit_code == 2
    assert (
        _deck_cli(str(VS_DECKS / "legal-constructed.yaml"), "--format-name", "starter").exit_code
        == 1
    )
    assert _deck_cli(str(FIXTURES / "marvelcdb" / "expected")).exit_code == 2  # no decks
    assert _deck_cli(str(VS_DECKS)).exit_code == 1


def test_a_deck_that_is_not_utf8_is_bad_content_at_its_first_bad_byte(tmp_path: Path) -> None:
    deck = tmp_path / "latin.yaml"
    deck.write_bytes("deck: X\ngame: vs-system\ncards:\n  - 4 Caf\xe9\n".encode("latin-1"))
    result = _deck_cli(str(deck))
    assert result.exit_code == 1  # bad content, not a usage or I/O error
    assert "error[CS-Y002]: file is not valid UTF-8: invalid byte 0xe9" in result.stdout
    assert "latin.yaml:4:10" in result.stdout
    assert "= hint: save the file as UTF-8" in result.stdout


def test_cli_text_output() -> None:
    result = _deck_cli(str(VS_DECKS / "copy-name.yaml"))
    assert result.exit_code == 1
    assert 'error[VS-COPY-NAME]: This deck has 5 × "Harbor Lighthouse"' in result.stdout
    assert "copy-name.yaml:4:5" in result.stdout
    assert '= hint: remove 1 copy of "Harbor Lighthouse" (FXT-004)' in result.stdout


def test_cli_json_output() -> None:
    result = _deck_cli(str(VS_DECKS / "copy-name.yaml"), "--format", "json")
    document = json.loads(result.stdout)
    assert document["command"] == "deck check"
    assert document["summary"] == {"files": 1, "errors": 2, "warnings": 0, "notes": 0}
    assert [(d["code"], d["line"]) for d in document["diagnostics"]] == [
        ("VS-COPY-NAME", 4),
        ("VS-COPY-NAME", 5),
    ]


def test_cli_github_sarif_junit_output() -> None:
    deck = str(VS_DECKS / "copy-name.yaml")
    github = _deck_cli(deck, "--format", "github")
    assert github.stdout.startswith("::error file=") and "VS-COPY-NAME" in github.stdout
    sarif = json.loads(_deck_cli(deck, "--format", "sarif").stdout)
    rules = sarif["runs"][0]["tool"]["driver"]["rules"]
    assert rules[0]["id"] == "VS-COPY-NAME"
    assert rules[0]["shortDescription"]["text"] == (
        "A deck has at most 4 copies of a card with the same name"
    )
    junit = ET.fromstring(_deck_cli(deck, "--format", "junit").stdout)
    assert junit.find(".//failure") is not None
    legal = _deck_cli(str(VS_DECKS / "legal-constructed.yaml"), "--format", "junit")
    assert legal.exit_code == 0 and ET.fromstring(legal.stdout).find(".//failure") is None


def test_cli_marvelcdb_deck_with_pack_pool() -> None:
    result = RUNNER.invoke(
        app,
        [
            "deck",
            "check",
            str(FIXTURES / "marvel-champions" / "decks" / "two-aspects.json"),
            "--no-bundled-cards",
            "--cards",
            str(MCDB / "kes.json"),
            "--cards",
            str(MCDB / "cor.json"),
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 1
    codes = [d["code"] for d in json.loads(result.stdout)["diagnostics"]]
    assert codes == ["MC-DECK-05", "MC-DECK-05"]


def test_a_card_file_given_with_cards_that_is_broken_yaml_is_told_every_time(
    tmp_path: Path,
) -> None:
    """It was skipped in silence ("checked 1 file: no problems", exit 0), and the deck was
    checked without the cards the author meant to add."""
    broken = tmp_path / "extra.yaml"
    broken.write_text("game: vs-system\ncards:\n  - id: x\n    type: [\n", "utf-8")
    deck = str(Path(__file__).parent.parent / "decks" / "vs-system" / "skyguard-starter.yaml")
    for _ in range(2):  # (the second read comes from the pool's cache of files)
        result = RUNNER.invoke(app, ["deck", "check", deck, "--cards", str(broken)])
        assert result.exit_code == 1
        assert result.output.splitlines()[:2] == [
            "error[CS-Y001]: expected the node content, but found '<stream end>' (while "
            "parsing a flow node)",
            f" --> {broken}:5:1",
        ]
    report = RUNNER.invoke(app, ["deck", "check", deck, "--cards", str(broken), "-f", "json"])
    assert report.exit_code == 1
    (problem,) = json.loads(report.stdout)["diagnostics"]
    assert (problem["code"], problem["line"], problem["column"]) == ("CS-Y001", 5, 1)


def test_a_count_that_is_no_number_is_quoted_as_yaml_writes_it(tmp_path: Path) -> None:
    """Python's spellings ('three', True, None) were shown to authors of YAML files."""
    deck = tmp_path / "deck.yaml"
    deck.write_text(
        "deck: T\ngame: vs-system\ncards:\n  Stormcrow: three\n  Gull Scout: true\n"
        "  Anchor Chain: ~\n  Tidal Surge: 2.5\n",
        "utf-8",
    )
    found = read_deck(str(deck))
    assert found is not None
    said = [(d.span.line, d.message.rsplit(", not ", 1)[1]) for d in found.diagnostics]
    assert said == [(4, '"three"'), (5, "true"), (6, "null"), (7, "2.5")]


@pytest.mark.parametrize("quantity", ["three", "3 - energy - energy", "[3]", "true", "0"])
def test_a_hero_card_whose_quantity_is_not_a_number_asks_no_count(
    tmp_path: Path, quantity: str
) -> None:
    """A card file given with --cards is read as it is (``validate`` reports it): a hero
    card whose "quantity" is not a number of 1 or more asks the deck for no count of it,
    and the rest is checked as before; no internal error."""
    cards = (FIXTURES / "marvel-champions" / "cards.yaml").read_text("utf-8")
    assert cards.count("    quantity: 3\n") >= 1
    broken = tmp_path / "cards.yaml"
    broken.write_text(cards.replace("    quantity: 3\n", f"    quantity: {quantity}\n", 1), "utf-8")
    decks = FIXTURES / "marvel-champions" / "decks"
    for deck, fixed in (("legal-kestrel-justice.yaml", []), ("too-small.yaml", None)):
        pool = load_pool([broken], bundled=False)
        found = [_as_dict(d) for d in _check(decks / deck, pool)]
        intact = [_as_dict(d) for d in _check(decks / deck, _pool("marvel-champions"))]
        assert found == (intact if fixed is None else fixed)
    result = _deck_cli(str(decks / "legal-kestrel-justice.yaml"), "--cards", str(broken))
    assert result.exit_code == 0 and "internal error" not in result.output
