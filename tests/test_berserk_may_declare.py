"""Whether a Berserk triggered ability must be declared (``kernels/berserk/may_declare.py``,
§405.2–405.3): without «может» it is declared, and a "Before reveal:" line is then no line
to pass by; with it, its player is asked as it would be declared. Scenarios BK-DC1–3 and
BK-RV3 script the cases; here, what is offered and what counts as «может»."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardscript.grammar import ast
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.cards import CompiledAbility
from cardscript.kernels.berserk import may_declare
from cardscript.kernels.berserk.geometry import parse_cell
from cardscript.kernels.berserk.kernel import berserk_pool, new_engine
from tests.test_cost_x import Recorder

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "scenarios" / "berserk"
POOL = berserk_pool([FOLDER / n for n in ("bk-scenario-cards.yaml", "bk-reveal-cards.yaml")])


def _reveal_step(mine: list[tuple[str, str]], answers: list[list[int]]) -> Recorder:
    """P1's hidden cards on their cells, P2's Attacker on C1"; the reveal step."""
    agent = Recorder(answers)
    engine = new_engine([agent, FirstAgent()], 1, pool=POOL)
    state = engine.state
    state.phase, state.active, state.turn = "preliminary_phase", 0, 0
    state.data["first"] = 0
    for card_id, owner, cell in [*((c, 0, at) for c, at in mine), ("BKT-A", 1, 'C1"')]:
        card = state.create_card(card_id, owner, "battlefield", face_up=False)
        card.data["cell"] = list(parse_cell(cell))
    engine.kernel.scenario_action(engine, "reveal_step", {})
    return agent


def test_no_pass_is_offered_while_a_before_reveal_line_without_may_is_left() -> None:
    agent = _reveal_step([("BKT-RV-LOOKOUT", "C1"), ("BKT-RV-WARY", "B1")], [[0], [2], [1]])
    assert [(d.prompt, tuple(d.labels)) for d in agent.seen] == [
        ("reveal step", ("Test Lookout: 1:1", "Test Wary Lookout: 1:1")),
        ("choose a cell", ("B2", 'B1"', "C2", "D2", "D1", 'D1"')),  # C2
        ("reveal step", ("Test Wary Lookout: 1:1", "pass")),
    ]


def test_a_lone_before_reveal_line_without_may_is_declared_unasked() -> None:
    agent = _reveal_step([("BKT-RV-DRUM", "C1")], [])
    assert [d.prompt for d in agent.seen] == []


def _first(text: str, folder: Path) -> CompiledAbility:
    """The first ability of a test creature with ``text`` (a pool of its own)."""
    path = folder / "may.yaml"
    card = {"id": "BKT-MAY", "name": "Test May", "type": "creature", "cost": 3}
    card |= {"elite": False, "element": "forest", "life": 6, "movement": 1}
    card |= {"strike": "1-1-1", "text": text}
    path.write_text(yaml.safe_dump({"game": "berserk", "set": "BKT", "cards": [card]}))
    return berserk_pool([path])["BKT-MAY"].abilities[0]


@pytest.mark.parametrize(
    ("text", "optional"),
    [
        ("Whenever this receives wounds, you may place a counter on this.", True),
        ("At the start of the vanguard step, this may strike target adjacent enemy card.", True),
        ("Whenever this receives wounds, you may close this → place a counter on this.", True),
        ("Before reveal: You may move this to a free adjacent cell.", True),
        ("Whenever this receives wounds, place a counter on this.", False),
        ("Whenever this receives wounds, close this → place a counter on this.", False),
        ("Whenever this receives wounds, your opponent may place a counter on this.", False),
        (
            "Whenever this receives wounds, place a counter on this, "
            "then you may place a counter on this.",
            False,
        ),
        (
            "Whenever this receives wounds, you may place a counter on this, then if you do not, "
            "place a counter on this.",
            False,
        ),
    ],
)
def test_what_counts_as_may(text: str, optional: bool, tmp_path: Path) -> None:
    ability = _first(text, tmp_path)
    assert may_declare.optional(ability) is optional
    answered = may_declare.answered(ability)
    opening = [
        s
        for n in answered.node.walk()
        if isinstance(n, ast.Steps)
        for s in n.steps[:1]
        if isinstance(s, ast.Clause) and s.optional
    ]
    assert (answered is ability) is not optional
    assert not optional or not opening  # declared: its «может» is asked no more
