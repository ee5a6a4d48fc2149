"""A card put onto a cell from the deck (``kernels/berserk/movement.py``, GLOSS «Поместить
карту на клетку»): "search your deck for …, then put it onto a free adjacent cell" takes
the found creature into the squad on a free cell next to the searcher, the controller
choosing the cell (logged, replayed). The scenarios BK-SR1a–c script the rulebook cases."""

from __future__ import annotations

from pathlib import Path

from cardscript.interpreter.agents import FirstAgent, RandomAgent
from cardscript.interpreter.log import GameLog
from cardscript.kernels.berserk import abilities
from cardscript.kernels.berserk.geometry import cell_name, parse_cell
from cardscript.kernels.berserk.kernel import berserk_pool, deck_ids, new_engine
from tests.test_cost_x import Recorder, played_and_replayed, whole_game

ROOT = Path(__file__).resolve().parents[1]
POOL = berserk_pool([ROOT / "tests" / "scenarios" / "berserk" / "bk-scenario-cards.yaml"])


def test_the_cells_offered_are_the_free_ones_next_to_the_searcher() -> None:
    agent, log = Recorder([[0], [5]]), GameLog()  # the Mountain Elite; D2
    engine = new_engine([agent, FirstAgent()], 1, pool=POOL, log=log)
    state = engine.state
    state.phase, state.active, state.turn = "main_phase", 0, 1
    uids = []
    for card_id, cell in (("BKT-SR-SEEK", "C2"), ("BKT-E", "B2"), ("BKT-E", 'C3"')):
        card = state.create_card(card_id, 1 if cell.endswith('"') else 0, "battlefield")
        card.data["cell"] = list(parse_cell(cell))
        uids.append(card.uid)
    found = [state.create_card(c, 0, "deck", face_up=False).uid for c in ("BKT-M2", "BKT-W")]
    ability = abilities.find(engine, uids[0], "0")
    abilities.declare(engine.kernel, engine, uids[0], ability, None)  # type: ignore[arg-type]
    assert [(d.prompt, tuple(d.labels)) for d in agent.seen] == [
        ("search deck", ("Mountain Elite [deck]",)),
        ("choose a cell", ("B3", "B1", "C3", "C1", "D3", "D2", "D1")),  # not B2, taken
    ]
    elite = state.cards[found[0]]
    assert (elite.zone, cell_name(tuple(elite.data["cell"])), elite.face_up) == (
        "battlefield",
        "D2",
        True,
    )
    picked = [r for r in log.records if r["t"] == "decision" and r["prompt"] == "choose a cell"]
    assert [(r["player"], r["answer"], r["labels"]) for r in picked] == [(0, [5], ["D2"])]


def _game(agents: list[object], log: GameLog) -> dict[str, object]:
    """Greenwood with 4 Pathfinders for its first 4 cards against Stonehold, seed 1."""
    decks = [
        deck_ids(POOL, ROOT / "decks" / "berserk" / f"{name}-starter.yaml")
        for name in ("greenwood", "stonehold")
    ]
    decks[0][:4] = ["BKT-SR-SEEK"] * 4
    return whole_game(new_engine, POOL, decks, 1, agents, log)


def test_a_game_with_searches_onto_cells_plays_and_replays_the_same() -> None:
    result, log = played_and_replayed(_game, [RandomAgent(2), RandomAgent(3)])
    put = [
        r["args"]["uid"]
        for r in log.records
        if r["t"] == "change" and r["change"] == "move" and r["cause"]["card"] == "BKT-SR-SEEK"
    ]
    entered = [r["subject"] for r in log.records if r.get("name") == "enters_squad"]
    assert put == entered == [28, 14]  # the two found cards, nothing else entering
    assert result == {"winner": None, "reason": "turn limit", "turn": 60}
