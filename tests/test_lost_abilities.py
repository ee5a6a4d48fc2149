""" "Loses all abilities" (Berserk §407.3–407.4): parsed, written back, refused where it
cannot be said (CS-T037), and in play a lasting effect that takes a card's own abilities,
printed keywords included, and leaves those other cards gave it. The scenarios BK-LA1a
and BK-LA1b play it."""

from __future__ import annotations

from pathlib import Path

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.formatter import format_script
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.berserk.geometry import parse_cell
from cardscript.kernels.berserk.kernel import berserk_pool, new_engine
from tests.test_equal_to_stats import _problems

ROOT = Path(__file__).resolve().parents[1]
POOL = berserk_pool([ROOT / "tests" / "scenarios" / "berserk" / "bk-scenario-cards.yaml"])


def _clause(text: str) -> tuple[ast.Clause, str]:
    game = load_game("berserk")
    result = game.parse(text)
    assert result.diagnostics == ()
    ability = result.script.lines[0].ability
    step = ability.effects.steps[0]  # type: ignore[union-attr]
    assert isinstance(step, ast.Clause)
    return step, format_script(result.script, game.registry).strip()


def test_loses_all_abilities_parses_as_its_own_verb_and_round_trips() -> None:
    text = "Close this → target enemy creature loses all abilities until the end of the turn."
    step, written = _clause(text)
    assert step.action.verb == "lose_abilities"
    assert step.duration is not None and step.duration.phase.phase == "turn"
    assert isinstance(step.subject, ast.Cards) and step.subject.noun == "creature"
    assert written == text
    step, written = _clause("close this → each enemy creature lose all abilities.")
    assert written == "Close this → each enemy creature loses all abilities."
    # "lose all" and a resource is still a resource lost
    lost = load_game("berserk").parse("Close this → lose all gold crystals.")
    assert lost.diagnostics == ()


def test_a_player_losing_all_abilities_is_refused_at_the_player() -> None:
    assert _problems("berserk", "Close this → your opponent loses all abilities.") == [
        (
            "CS-T037",
            1,
            14,
            '"loses all abilities" is said of cards: a player has no abilities to lose',
            (
                'perhaps try the cards a player controls: "each card an opponent controls '
                'loses all abilities"',
            ),
        )
    ]


def test_a_line_that_holds_cannot_take_all_abilities() -> None:
    text = "While this is closed, each enemy creature loses all abilities."
    assert _problems("berserk", text) == [
        (
            "CS-T037",
            1,
            43,
            '"loses all abilities" happens as a step runs and lasts until the end of its '
            "period, not while a line holds",
            (
                'perhaps try a trigger or a cost before it: "… → each enemy creature loses all '
                'abilities."',
            ),
        )
    ]
    assert _problems("berserk", "Close this → target creature loses all abilities.") == []


def _battle(*cards: tuple[str, int, str]) -> tuple[Engine, dict[str, int]]:
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    state = engine.state
    state.phase, state.active, state.turn = "main_phase", 0, 1
    uids = {}
    for card_id, owner, where in cards:
        card = state.create_card(card_id, owner, "battlefield")
        card.data["cell"] = list(parse_cell(where))
        uids[card_id] = card.uid
    return engine, uids


def test_a_card_that_lost_all_abilities_has_no_printed_ones_until_the_period_ends() -> None:
    engine, uids = _battle(("MRF-016", 0, "A3"), ("BKT-PM", 1, 'C1"'))
    mourner, knight = uids["MRF-016"], uids["BKT-PM"]
    assert engine.has_keyword(knight, "protection_from_magic")
    assert len(engine.card_abilities(knight)) == 4
    engine.resolve(engine.definition(mourner).abilities[0], mourner, 0)
    assert engine.lost_all() == {knight}
    assert not engine.has_keyword(knight, "protection_from_magic")
    assert engine.card_abilities(knight) == ()
    # the Mourner's own text is untouched
    assert len(engine.card_abilities(mourner)) == 1
    engine.end_period("turn")
    assert engine.lost_all() == frozenset()
    assert engine.has_keyword(knight, "protection_from_magic")


def test_with_no_duration_it_lasts_the_battle_and_keeps_what_other_cards_gave() -> None:
    engine, uids = _battle(("BKT-DIS3", 0, "C3"), ("BKT-WARD", 1, 'A1"'))
    engine.pool.add(
        {
            "id": "HOLLOW",
            "name": "Hollowing",
            "type": "creature",
            "cost": 1,
            "elite": False,
            "element": "swamps",
            "life": 1,
            "movement": 1,
            "strike": "1-1-1",
            "text": "Close this → target enemy creature loses all abilities.",
        }
    )
    hollow = engine.state.create_card("HOLLOW", 1, "battlefield")
    hollow.data["cell"] = list(parse_cell('B1"'))
    ward, priest = uids["BKT-WARD"], uids["BKT-DIS3"]
    engine.resolve(engine.definition(ward).abilities[0], ward, 1)
    engine.resolve(engine.definition(hollow.uid).abilities[0], hollow.uid, 1)
    assert [e["until"] for e in engine.state.lasting if e["kind"] == "abilities_lost"] == ["battle"]
    assert engine.has_keyword(priest, "protection_from_magic")  # acquired: kept
    assert not engine.has_keyword(priest, "discharge")  # printed: gone
    engine.end_period("turn")
    assert priest in engine.lost_all()


def test_formation_and_its_linked_lines_count_as_acquired_and_are_kept() -> None:
    """DICT «Строй»: Formation-linked abilities count as acquired, so "loses all
    abilities" keeps them (§407.4), with the Formation that links them: the Hirdman in
    formation keeps Protection from Magic; its printed keywords of no label go."""
    engine, uids = _battle(("MRF-016", 0, "A3"), ("BKT-HIRD", 1, 'D1"'), ("BKT-FRM2", 1, 'E1"'))
    hirdman = uids["BKT-HIRD"]
    assert engine.has_keyword(hirdman, "protection_from_magic")
    engine.state.lasting.append(
        {"kind": "abilities_lost", "uids": [hirdman], "until": "turn", "timestamp": 0}
    )
    assert engine.lost_all() == {hirdman}
    assert engine.has_keyword(hirdman, "formation")
    assert engine.has_keyword(hirdman, "protection_from_magic")
