"""Options that would read the same told apart (``apart.placed``): two cards of one name
in play, say where each is: a Berserk cell, a Vanguard circle, a VS System column, in
Marvel Champions whose play area and which of the name there ("P1 #2"). Labels that
differ stay as they were; two alike in a hand (the same choice) too."""

from __future__ import annotations

from pathlib import Path

from cardscript.interpreter.agents import Decision, FirstAgent
from cardscript.interpreter.apart import described
from cardscript.interpreter.engine import Event
from cardscript.interpreter.events import PendingTrigger
from cardscript.interpreter.triggers import trigger_labels
from cardscript.kernels.berserk.geometry import parse_cell
from cardscript.kernels.berserk.kernel import berserk_pool
from cardscript.kernels.berserk.kernel import new_engine as berserk_engine
from cardscript.kernels.marvel_champions.kernel import new_engine as mc_engine
from cardscript.kernels.vanguard.kernel import new_engine as vanguard_engine
from cardscript.kernels.vs_system.kernel import new_engine as vs_engine
from tests.test_vs_power_labels import _Asked

BK_CARDS = Path(__file__).parent / "scenarios" / "berserk" / "bk-scenario-cards.yaml"
VS_CARDS = Path(__file__).parent / "scenarios" / "vs-system" / "vs-scenario-cards.yaml"


class _Ends(_Asked):
    """The last option (end the turn, the phase), every decision kept."""

    def decide(self, decision: Decision) -> tuple[int, ...]:
        super().decide(decision)
        return (len(decision.options) - 1,)


def test_berserk_main_phase_strikes_between_two_pairs_say_the_cells() -> None:
    # two Test Attackers (P1, B1 and C1) facing two Test Reflectors (P2, B1" and C1")
    asked = _Ends()
    engine = berserk_engine([asked, FirstAgent()], 1, pool=berserk_pool([BK_CARDS]))
    state = engine.state
    state.phase, state.active, state.turn = "main_phase", 0, 1
    for card_id, owner, cell in (
        ("BKT-A", 0, "B1"),
        ("BKT-A", 0, "C1"),
        ("BKT-R", 1, 'B1"'),
        ("BKT-R", 1, 'C1"'),
    ):
        state.create_card(card_id, owner, "battlefield").data["cell"] = list(parse_cell(cell))
    engine.kernel.main_phase(engine, 0)
    (decision,) = asked.asked
    assert list(decision.labels) == [
        'Test Attacker strikes Test Reflector (B1 → B1")',
        'Test Attacker strikes Test Reflector (B1 → C1")',
        'Test Attacker strikes Test Reflector (C1 → B1")',
        'Test Attacker strikes Test Reflector (C1 → C1")',
        "move Test Attacker to A1",  # (labels that differ: as they were)
        "move Test Attacker to B2",
        "move Test Attacker to D1",
        "move Test Attacker to C2",
        "end turn",
    ]


def test_berserk_two_copies_hearing_one_moment_say_their_cells() -> None:
    engine = berserk_engine([FirstAgent(), FirstAgent()], 1)
    rider = berserk_pool().cards["STH-006"]  # Crag Goat Rider: Vanguard, a moment's trigger
    state = engine.state
    copies = []
    for cell in ("A2", "D1"):
        card = state.create_card(rider.id, 0, "battlefield")
        card.data["cell"] = list(parse_cell(cell))
        copies.append(card.uid)
    ability = engine.definition(copies[0]).abilities[-1]
    moment = Event("start:vanguard_step", player=1)
    heard = [PendingTrigger(ability, uid, 0, moment) for uid in copies]
    where = ability.where
    assert trigger_labels(engine, heard) == [
        f"Crag Goat Rider [battlefield]: {where} (start:vanguard step) (A2)",
        f"Crag Goat Rider [battlefield]: {where} (start:vanguard step) (D1)",
    ]


def test_vanguard_attacks_on_two_rear_guards_of_one_name_say_the_circles() -> None:
    asked = _Ends()
    engine = vanguard_engine([asked, FirstAgent()], 1)
    state = engine.state
    state.active, state.turn = 0, 2
    state.create_card("MRC-002", 0, "vanguard_circle")  # Bog Lurker
    state.create_card("MRC-008", 1, "vanguard_circle")  # Bogwitch
    for circle in ("FL", "FR"):  # two Brightwick Archers
        state.create_card("LNT-007", 1, "rear_guard_circle").data["circle"] = circle
    engine.kernel.battle_phase(engine, 0)
    assert [list(d.labels) for d in asked.asked] == [
        [
            "Bog Lurker [vanguard_circle] attacks Bogwitch [vanguard_circle]",
            "Bog Lurker [vanguard_circle] attacks Brightwick Archer [rear_guard_circle] (VC → FL)",
            "Bog Lurker [vanguard_circle] attacks Brightwick Archer [rear_guard_circle] (VC → FR)",
            "end the battle phase",
        ]
    ]


def test_marvel_champions_minions_of_one_name_say_whose_and_which() -> None:
    engine = mc_engine([FirstAgent(), FirstAgent()], 1)
    state = engine.state
    mine = [state.create_card("grimhold-enforcer", 0, "play").uid for _ in range(2)]
    theirs = state.create_card("grimhold-enforcer", 1, "play").uid
    held = [state.create_card("ember-lynx-agg-05", 0, "hand").uid for _ in range(2)]
    assert described(engine, [*mine, theirs]) == [
        "Grimhold Enforcer [play] (P1 #1)",
        "Grimhold Enforcer [play] (P1 #2)",
        "Grimhold Enforcer [play] (P2)",
    ]
    assert described(engine, [mine[0], theirs]) == [
        "Grimhold Enforcer [play] (P1 #1)",
        "Grimhold Enforcer [play] (P2)",
    ]
    # two Iron Trainers in a hand are the same choice: as they were
    assert described(engine, held) == ["Iron Trainer [hand]", "Iron Trainer [hand]"]


def test_vs_system_says_the_column_of_two_characters_alike() -> None:
    # two stunned Plains (front row, columns 1 and 3) and a Guard: which to recover
    asked = _Asked()
    engine = vs_engine([asked, FirstAgent()], 1, extra=[VS_CARDS])
    for card_id, col in (("VST-030", 0), ("VST-030", 2), ("VST-002", 1)):
        card = engine.state.create_card(card_id, 0, "front_row")
        card.data["col"] = col
        card.states.add("stunned")
    engine.kernel.wrap_up(engine)
    recover = [d for d in asked.asked if d.prompt == "recover which?"]
    assert [list(d.labels) for d in recover] == [
        ["Plain [front_row] (column 1)", "Plain [front_row] (column 3)", "Guard [front_row]"]
    ]


def test_vs_system_says_which_resource_two_plot_twists_alike_are() -> None:
    # two face-up Steady Ranks and a face-down resource between them: placement order
    engine = vs_engine([FirstAgent(), FirstAgent()], 1, extra=[VS_CARDS])
    state = engine.state
    first = state.create_card("VST-052", 0, "resource_row").uid
    state.create_card("VST-030", 0, "resource_row").face_up = False
    third = state.create_card("VST-052", 0, "resource_row").uid
    name = engine.definition(first).name
    assert described(engine, [first, third]) == [
        f"{name} [resource_row] (resource 1)",
        f"{name} [resource_row] (resource 3)",
    ]
