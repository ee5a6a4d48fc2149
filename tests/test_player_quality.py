"""Players named with a quality (Marvel Champions' forms, G11, S031): "each player in
alter-ego form" parses, is written back, names those who have it in an effect and a
condition, and is refused with an adjective no player has or of one player (CS-T039).
The scenario S031b plays a treachery that says it."""

from __future__ import annotations

from pathlib import Path

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.formatter import format_script
from cardscript.interpreter.agents import FirstAgent
from cardscript.kernels.marvel_champions.kernel import deck_ids, mc_pool, new_engine
from cardscript.kernels.marvel_champions.player import change_form
from tests.test_equal_to_stats import _problems

ROOT = Path(__file__).resolve().parents[1]


def test_a_player_with_a_quality_parses_and_is_written_back() -> None:
    game = load_game("marvel-champions")
    text = "When Revealed: each player in alter-ego form discard a card."
    result = game.parse(text)
    assert result.diagnostics == ()
    step = result.script.lines[0].ability.effects.steps[0]  # type: ignore[union-attr]
    assert isinstance(step, ast.Clause) and isinstance(step.subject, ast.Player)
    assert (step.subject.who, step.subject.quality) == ("each player", "in_alter_ego_form")
    written = format_script(result.script, game.registry).strip()
    assert written == "When Revealed: Each player in alter-ego form discards a card."
    assert game.parse(written).script == result.script
    for text in (
        "Deal 1 damage to each player in hero form.",
        "If each player in hero form has 2 or more cards in their hand, draw 1 card.",
    ):
        again = game.parse(text)
        assert again.diagnostics == ()
        assert format_script(again.script, game.registry).strip() == text
        assert _problems("marvel-champions", text) == []


def test_for_each_player_with_a_quality_parses_and_is_written_back() -> None:
    """ "For each player in alter-ego form, …": read after "for each" too. "for each each
    opponent ready, …" was read (a selector) but written back as "For each opponent
    ready, …", which did not parse (found by tests/test_language_properties.py)."""
    game = load_game("marvel-champions")
    text = "For each player in alter-ego form, draw a card."
    result = game.parse(text)
    assert result.diagnostics == ()
    step = result.script.lines[0].ability.effects.steps[0]  # type: ignore[union-attr]
    assert isinstance(step, ast.ForEach) and isinstance(step.selector, ast.Player)
    assert (step.selector.who, step.selector.quality) == ("each player", "in_alter_ego_form")
    assert step.selector.span is not None
    assert (step.selector.span.column, step.selector.span.end_column) == (10, 34)
    assert format_script(result.script, game.registry).strip() == text
    assert _problems("marvel-champions", text) == []
    assert _problems("marvel-champions", "For each player stunned, draw a card.") == [
        (
            "CS-T039",
            1,
            10,
            '"each player stunned": a player is never stunned in Marvel Champions',
            ('perhaps try "each player in hero form" or "each player in alter-ego form"',),
        )
    ]
    # after a step too ("… for each player in alter-ego form"), as after other words
    for said in ("for each player in alter-ego form", "for each each player in alter-ego form"):
        read = game.parse(f"Draw 1 card {said}.")
        assert read.diagnostics == ()
        written = format_script(read.script, game.registry).strip()
        assert written == "Draw 1 card for each player in alter-ego form."
        assert game.parse(written).script == read.script
    vs = load_game("vs-system")
    read = vs.parse("Ongoing: for each each opponent ready, draw a card.")
    written = format_script(read.script, vs.registry).strip()
    assert written == "Ongoing: For each opponent ready, draw a card."
    assert vs.parse(written).script == read.script


def test_an_adjective_no_player_has_is_refused_with_those_a_player_has() -> None:
    assert _problems("marvel-champions", "Each player exhausted discards a card.") == [
        (
            "CS-T039",
            1,
            1,
            '"each player exhausted": a player is never exhausted in Marvel Champions',
            ('perhaps try "each player in hero form" or "each player in alter-ego form"',),
        )
    ]
    assert _problems("vs-system", "Each player exhausted draws 1 card.")[0][4] == (
        'perhaps try "each player" alone',
    )


def test_one_player_named_with_a_quality_is_a_condition() -> None:
    assert _problems("marvel-champions", "You in hero form draw 1 card.") == [
        (
            "CS-T039",
            1,
            1,
            '"you in hero form" names one player already: whether you are in hero form is a '
            "condition",
            ('perhaps try "if you are in hero form, …"',),
        )
    ]


def test_only_the_players_with_the_quality_act_and_are_counted() -> None:
    pool = mc_pool()
    decks = [
        deck_ids(pool, ROOT / "decks" / "marvel-champions" / "ember-lynx.yaml"),
        deck_ids(pool, ROOT / "decks" / "marvel-champions" / "bulwark.yaml"),
    ]
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=pool)
    engine.kernel.setup(engine, decks)
    change_form(engine.kernel, engine, 0, voluntary=True)  # P1 to hero form; P2 stays
    hands = [len(p.zones["hand"]) for p in engine.state.players]
    engine.pool.add(
        {
            "id": "TEST-DRAW",
            "name": "Test Draw",
            "type": "event",
            "aspect": "basic",
            "cost": 0,
            "text": "Each player in alter-ego form draws 1 card.",
        }
    )
    card = engine.state.create_card("TEST-DRAW", 0, "discard").uid
    engine.resolve(engine.definition(card).abilities[0], card, 0)
    assert [len(p.zones["hand"]) for p in engine.state.players] == [hands[0], hands[1] + 1]
