"""Berserk: seeded random games between the three starter decks end with a result and no
error; the strike table and the cell notation (same-seed and CLI replay checks for every
game: test_whole_games.py)."""

from __future__ import annotations

import itertools
from pathlib import Path

from cardscript.interpreter.agents import RandomAgent
from cardscript.kernels.berserk.geometry import cell_name, parse_cell
from cardscript.kernels.berserk.kernel import berserk_pool, deck_ids, new_engine
from cardscript.kernels.berserk.strike import MEDIUM, STRONG, WEAK, table, tier

ROOT = Path(__file__).resolve().parents[1]
POOL = berserk_pool()
NAMES = ("greenwood", "stonehold", "mirefolk")
DECKS = [deck_ids(POOL, ROOT / "decks" / "berserk" / f"{n}-starter.yaml") for n in NAMES]
PAIRS = list(itertools.permutations(range(3), 2))


def test_starter_decks_are_30_cards_of_15_or_more_different_cards_of_one_element() -> None:
    for deck in DECKS:
        assert len(deck) == 30
        assert len(set(deck)) >= 15
        assert len({POOL[c].get("element") for c in deck}) == 1
    assert len({POOL[d[0]].get("element") for d in DECKS}) == 3


def test_100_random_games_end_with_a_result() -> None:
    reasons: dict[str, int] = {}
    for seed in range(100):
        a, b = PAIRS[seed % len(PAIRS)]
        engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=POOL)
        engine.kernel.setup(engine, [DECKS[a], DECKS[b]])
        result = engine.kernel.play(engine)
        assert result is not None and result["winner"] in (0, 1, None)
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
    assert reasons.get("no creatures", 0) > 0


def test_strike_table() -> None:
    assert table(5, 4) == (WEAK, None)
    assert table(6, 4) == (MEDIUM, WEAK)
    assert table(6, 3) == (MEDIUM, None)
    assert table(6, 2) == (STRONG, WEAK)
    assert table(9, 1) == (STRONG, None)
    assert table(3, 4) == (WEAK, None)
    assert table(2, 4) == (None, None)
    assert table(2, 5) == (None, WEAK)
    assert table(2, 6) == (WEAK, MEDIUM)
    assert table(-1, 6) == (None, MEDIUM)
    assert table(4, 4) == (WEAK, None)
    assert table(5, 5) == (None, WEAK)
    assert [tier(r) for r in (-2, 3, 4, 5, 6, 9)] == [WEAK, WEAK, MEDIUM, MEDIUM, STRONG, STRONG]


def test_cells() -> None:
    assert parse_cell("A3") == (0, 0)
    assert parse_cell("C1") == (2, 2)
    assert parse_cell('D1"') == (3, 3)
    assert parse_cell("E3'") == (4, 5)
    assert [cell_name(parse_cell(c)) for c in ("B2", 'B2"')] == ["B2", 'B2"']


def test_a_keyword_granted_by_a_keyword_counts_as_the_cards_own() -> None:
    card = {"id": "X1", "name": "Striker", "type": "creature", "text": "Unanswerable Strike\n"}
    definition = POOL.add(card)
    assert [k.name for k in definition.keywords] == ["unanswerable_strike", "directed_strike"]
    assert [a.origin for a in definition.abilities] == [
        "keyword:Unanswerable Strike",
        "keyword:Unanswerable Strike",
        "keyword:Directed Strike",
    ]
    both = POOL.add({**card, "id": "X2", "text": "Unanswerable Strike, Directed Strike\n"})
    assert [a.origin for a in both.abilities].count("keyword:Directed Strike") == 1
    del POOL.cards["X1"], POOL.cards["X2"]
