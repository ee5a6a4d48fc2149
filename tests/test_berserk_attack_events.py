"""Each kind of attack has its «При [тип атаки]…» events (``kinds.ATTACK_EVENTS``, §216.11,
§401): the attack ability's Wounds object emits its own, and for a strike «при ударе»
("strikes") and, where melee, «при ближнем ударе», so "whenever this throws at a
creature" triggers on a throw only, and Unity copies by those events
(``unity.ON_ATTACK``). The scenarios BK-UN1–BK-UN3 and BK-ST1–BK-ST3 script them."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.berserk import abilities, unity
from cardscript.kernels.berserk.geometry import parse_cell
from cardscript.kernels.berserk.kernel import berserk_pool, new_engine
from cardscript.kernels.berserk.kinds import ATTACK_EVENTS, ATTACK_TRIGGERS

ROOT = Path(__file__).resolve().parents[1]
POOL = berserk_pool([ROOT / "tests" / "scenarios" / "berserk" / "bk-scenario-cards.yaml"])


def _attack(ability: str, cell: str) -> tuple[Engine, int, int]:
    """The Arsenal Adept (P1, C1; every attack ability at 1-1-1, and for each kind "whenever
    this <attacks so> a creature, place a counter on this") uses ``ability`` on the
    Reflector (P2, on ``cell``), rolling 6."""
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    state = engine.state
    state.phase, state.active, state.turn = "main_phase", 0, 1
    uids = []
    for card_id, owner, where in (("BKT-ARSN", 0, "C1"), ("BKT-R", 1, cell)):
        card = state.create_card(card_id, owner, "battlefield")
        card.data["cell"] = list(parse_cell(where))
        uids.append(card.uid)
    state.data["rolls"] = [6]
    found = abilities.find(engine, uids[0], ability)
    abilities.declare(engine.kernel, engine, uids[0], found, uids[1])  # type: ignore[arg-type]
    return engine, uids[0], uids[1]


@pytest.mark.parametrize(
    ("ability", "cell", "events"),
    [
        ("Shot", 'C2"', ["shoots"]),
        ("Throw", 'C2"', ["throws_at"]),
        ("Discharge", 'C2"', ["discharges_at"]),
        # a strike through a row is a strike, not a melee one (DICT «Удар Через Ряд»)
        ("Strike Through a Row", 'C2"', ["row_strikes", "strikes"]),
        ("Special Strike", 'C1"', ["special_strikes", "melee_strikes", "strikes"]),
        ("Magic Strike", 'C1"', ["magic_strikes", "melee_strikes", "strikes"]),
    ],
)
def test_each_attack_ability_emits_its_own_events_and_triggers_its_own_ability(
    ability: str, cell: str, events: list[str]
) -> None:
    engine, adept, foe = _attack(ability, cell)
    heard = [(name, subject) for name, subject, *_ in engine.state.history]
    assert [h for h in heard if h[0] in ATTACK_TRIGGERS - {"attacks"}] == [
        (event, adept) for event in events
    ]
    # the attack's 1 wound; of its six "whenever this …" abilities, the one counter
    assert engine.state.cards[foe].counters == {"wound": 1}
    assert engine.state.cards[adept].counters == {"counter": 1}


def test_unity_copies_of_each_kind_only_the_abilities_of_that_kind() -> None:
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    adept = engine.state.create_card("BKT-ARSN", 0, "deck", face_up=False).uid
    # its lines 7-12: shoots, throws at, discharges at, special, magic, through a row
    assert {kind: unity.attack_abilities(engine, adept, kind) for kind in ATTACK_EVENTS} == {
        "simple_strike": [],
        "shot": ["BKT-ARSN#6"],
        "throw": ["BKT-ARSN#7"],
        "discharge": ["BKT-ARSN#8"],
        "special_strike": ["BKT-ARSN#9"],
        "magic_strike": ["BKT-ARSN#10"],
        "row_strike": ["BKT-ARSN#11"],
    }
    fletcher = engine.state.create_card("BKT-UNF", 0, "deck", face_up=False).uid
    assert [unity.attack_abilities(engine, fletcher, k) for k in ("shot", "simple_strike")] == [
        ["BKT-UNF#2"],
        ["BKT-UNF#3"],
    ]


def test_unity_copies_the_strike_abilities_every_strike_triggers() -> None:
    """A «При ударе» ability is of the type of every strike, a «При ближнем ударе» one of
    the melee strikes, a «При простом ударе» one of the simple strike only."""
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    blade = engine.state.create_card("BKT-BLADE", 0, "deck", face_up=False).uid
    # its lines 5-7: strikes, makes a melee strike at, makes a simple strike at
    assert {kind: unity.attack_abilities(engine, blade, kind) for kind in ATTACK_EVENTS} == {
        "simple_strike": ["BKT-BLADE#4", "BKT-BLADE#5", "BKT-BLADE#6"],
        "shot": [],
        "throw": [],
        "discharge": [],
        "special_strike": ["BKT-BLADE#4", "BKT-BLADE#5"],
        "magic_strike": ["BKT-BLADE#4", "BKT-BLADE#5"],
        "row_strike": ["BKT-BLADE#4"],
    }
