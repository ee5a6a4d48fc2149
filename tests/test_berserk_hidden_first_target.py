"""A hidden card as the first target of an ability (spec berserk.md §415.3): what is not
public of the condition counts as met, what is public does not: its side ("enemy", "you
control") and its place are seen by all, so "target enemy creature" never offers your own
hidden card (it once did: every condition counted as met for any hidden card)."""

from __future__ import annotations

from pathlib import Path

from cardscript.interpreter.agents import FirstAgent
from cardscript.kernels.berserk import abilities
from cardscript.kernels.berserk.geometry import parse_cell
from cardscript.kernels.berserk.kernel import berserk_pool, new_engine

ROOT = Path(__file__).resolve().parents[1]
POOL = berserk_pool([ROOT / "tests" / "scenarios" / "berserk" / "bk-scenario-cards.yaml"])


def _offered() -> tuple[list[int | None], dict[str, int]]:
    """Test Mesmerist ("Close this → gain control of target enemy creature …") of P1 on
    C2, with a hidden card of each player and an open enemy creature: the targets its
    ability is offered at."""
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    state = engine.state
    state.phase, state.active, state.turn = "main_phase", 0, 1
    uids = {}
    for name, card_id, owner, cell, face_up in (
        ("mesmerist", "BKT-MESM", 0, "C2", True),
        ("my hidden", "BKT-C4", 0, "B1", False),
        ("enemy", "BKT-E", 1, 'C3"', True),
        ("enemy hidden", "BKT-C5", 1, 'D3"', False),
    ):
        card = state.create_card(card_id, owner, "battlefield", face_up=face_up)
        card.data["cell"] = list(parse_cell(cell))
        uids[name] = card.uid
    found = [t for u, _, t in abilities.options(engine.kernel, engine, 0) if u == uids["mesmerist"]]
    return found, uids


def test_your_own_hidden_card_is_no_enemy_creature() -> None:
    found, uids = _offered()
    assert sorted(t for t in found if t is not None) == sorted(
        [uids["enemy"], uids["enemy hidden"]]
    )
    assert uids["my hidden"] not in found
