"""Activated abilities a card has gained in play (granted by standing text, lent for a
period) are offered like its printed ones in VS System (payment powers), Marvel Champions
(Actions) and Vanguard ([ACT]), each with its limits counted for its own key; a lent one is
gone when its period ends. The scenarios VS-GR2, MC-GA1 and VG-GA1 play them out."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.named_ability import named
from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions.kernel import mc_pool
from cardscript.kernels.marvel_champions.kernel import new_engine as mc_engine
from cardscript.kernels.vanguard.kernel import new_engine as vg_engine
from cardscript.kernels.vanguard.kernel import vanguard_pool
from cardscript.kernels.vs_system.kernel import new_engine as vs_engine
from cardscript.kernels.vs_system.kernel import vs_pool

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
VS = SCENARIOS / "vs-system"
MC = SCENARIOS / "marvel-champions"
VG = SCENARIOS / "vanguard"


def _offered(engine: Engine, found: list[tuple[int, CompiledAbility]]) -> list[tuple[str, str]]:
    return [(engine.state.cards[u].card_id, a.origin) for u, a in found]


def _vs_table(*front: str) -> Engine:
    engine = vs_engine(
        [FirstAgent(), FirstAgent()],
        1,
        pool=vs_pool([VS / "vs-scenario-cards.yaml", VS / "vs-grant-cards.yaml"]),
    )
    state = engine.state
    state.players[0].resources["endurance"] = 50
    for col, card_id in enumerate(front):
        state.create_card(card_id, 0, "front_row").data["col"] = col
    for _ in range(3):
        state.create_card("VST-054", 0, "deck", face_up=False)
    return engine


def test_vs_a_power_granted_by_standing_text_is_offered_once_per_turn_for_each_card() -> None:
    engine = _vs_table("VST-GR2", "VST-030", "VST-031")
    kernel = engine.kernel
    # the Captain's "other characters you control": Plain and Flier, not the Captain
    assert _offered(engine, kernel.activatable(engine, 0)) == [
        ("VST-030", "granted"),
        ("VST-031", "granted"),
    ]
    plain, power = kernel.activatable(engine, 0)[0]
    kernel.activate(engine, 0, plain, power)
    assert engine.state.players[0].resources["endurance"] == 49
    assert _offered(engine, kernel.activatable(engine, 0)) == [("VST-031", "granted")]
    assert ("activate", (plain, power)) not in kernel.priority_options(engine, 0, True, 0)


def test_vs_a_power_lent_until_end_of_turn_is_offered_until_the_turn_ends() -> None:
    engine = _vs_table("VST-030")
    kernel, state = engine.kernel, engine.state
    plain = state.players[0].zones["front_row"][0]
    twist = state.create_card("VST-GR3", 0, "ko_pile").uid
    assert kernel.activatable(engine, 0) == []
    engine.resolve(engine.definition(twist).abilities[0], twist, 0)
    offered = kernel.activatable(engine, 0)
    assert _offered(engine, offered) == [("VST-030", "granted")]
    assert ("activate", offered[0]) in kernel.priority_options(engine, 0, True, 0)
    engine.end_period("turn")
    assert kernel.activatable(engine, 0) == []
    assert [o for o in kernel.priority_options(engine, 0, True, 0) if o[0] == "activate"] == []
    with pytest.raises(
        ValueError, match=r"^Plain \[front_row\] has no payment power 'granted' now$"
    ):
        kernel.scenario_action(engine, "activate", {"card": "VST-030", "ability": "granted"})
    assert "exhausted" not in state.cards[plain].states


def test_vs_without_text_that_gives_powers_the_offers_stay_the_printed_ones() -> None:
    engine = vs_engine(
        [FirstAgent(), FirstAgent()], 1, pool=vs_pool([VS / "vs-scenario-cards.yaml"])
    )
    engine.state.create_card("VST-050", 0, "equipment")
    assert engine._keywords_move() is None
    assert _offered(engine, engine.kernel.activatable(engine, 0)) == [("VST-050", "text")]
    assert engine.kernel._kept.gains is False


def _mc_table(*in_play: str) -> Engine:
    pool = mc_pool([MC / "mc-scenario-cards.yaml", MC / "mc-ga-cards.yaml"])
    engine = mc_engine([FirstAgent()], 1, pool=pool)
    deck = ["bulwark-hero", *["mcb-01"] * 9]
    engine.kernel.setup(engine, [deck])
    for card_id in in_play:
        engine.state.create_card(card_id, 0, "play")
    return engine


def test_mc_an_action_granted_to_allies_is_offered_while_the_ally_is_ready() -> None:
    engine = _mc_table("mcga-quartermaster", "mct-no-thwart")
    k = engine.kernel
    offered = [(u, a) for u, a in turns.activatable(k, engine, 0) if a.origin != "text"]
    assert _offered(engine, offered) == [("mct-no-thwart", "granted")]
    turns.activate(k, engine, 0, *offered[0])
    assert [a for _, a in turns.activatable(k, engine, 0) if a.origin != "text"] == []


def test_mc_an_action_lent_until_the_end_of_the_round_is_used_once_then_gone() -> None:
    engine = _mc_table("mct-no-thwart")
    k, state = engine.kernel, engine.state
    lesson = state.create_card("mcga-field-lesson", 0, "discard").uid
    engine.resolve(engine.definition(lesson).abilities[0], lesson, 0)
    (ally,) = [
        u for u in state.players[0].zones["play"] if state.cards[u].card_id == "mct-no-thwart"
    ]
    lent = turns.in_play_actions(engine, ally)
    assert [a.origin for a in lent] == ["granted"]
    assert (ally, lent[0]) in turns.activatable(k, engine, 0)
    turns.activate(k, engine, 0, ally, lent[0])
    assert (ally, lent[0]) not in turns.activatable(k, engine, 0)  # limit 1 per round
    engine.end_period("round")
    assert turns.in_play_actions(engine, ally) == []


def _vg_table(vanguard: str, *rear: tuple[str, str]) -> Engine:
    pool = vanguard_pool([VG / "vg-scenario-cards.yaml", VG / "vg-ga-cards.yaml"])
    engine = vg_engine([FirstAgent(), FirstAgent()], 1, pool=pool)
    state = engine.state
    state.phase = "main_phase"
    state.create_card(vanguard, 0, "vanguard_circle")
    for card_id, circle in rear:
        state.create_card(card_id, 0, "rear_guard_circle").data["circle"] = circle
    for _ in range(3):
        state.create_card("vgt-filler", 0, "deck", face_up=False)
    return engine


def test_vg_an_act_granted_by_a_cont_is_offered_once_per_turn_for_each_unit() -> None:
    engine = _vg_table("vgt-ga-standard", ("vgt-knight", "FL"), ("vgt-archer", "FR"))
    kernel = engine.kernel
    assert _offered(engine, kernel.acts(engine, 0)) == [
        ("vgt-knight", "granted"),
        ("vgt-archer", "granted"),
    ]
    kernel.activate(engine, 0, *kernel.acts(engine, 0)[0])
    assert _offered(engine, kernel.acts(engine, 0)) == [("vgt-archer", "granted")]
    with pytest.raises(
        ValueError,
        match=r"^Test Rallying Standard \[vanguard_circle\] has no \[ACT\] ability; "
        r"no \[ACT\] 'granted'$",
    ):
        kernel.scenario_action(engine, "act", {"card": "vgt-ga-standard", "ability": "granted"})


def test_vg_an_act_lent_until_end_of_turn_is_gone_when_the_turn_ends() -> None:
    engine = _vg_table("vgt-ga-mentor", ("vgt-archer", "FR"))
    kernel, state = engine.kernel, engine.state
    state.create_card("vgt-filler", 0, "damage_zone")
    mentor = state.players[0].zones["vanguard_circle"][0]
    (act,) = [a for u, a in kernel.acts(engine, 0) if u == mentor]
    kernel.activate(engine, 0, mentor, act)
    assert _offered(engine, kernel.acts(engine, 0)) == [("vgt-archer", "granted")]
    engine.end_period("turn")
    assert _offered(engine, kernel.acts(engine, 0)) == []
    with pytest.raises(
        ValueError,
        match=r"^Test Archer \[rear_guard_circle\] has no \[ACT\] ability; no \[ACT\] number 1$",
    ):
        kernel.scenario_action(engine, "act", {"card": "vgt-archer", "ability": 1})


def test_an_ability_is_named_by_index_by_how_it_came_or_by_its_keyword() -> None:
    pool = vanguard_pool([VG / "vg-scenario-cards.yaml"])
    boost = pool["vgt-page"].abilities
    printed = pool["vgt-aleph"].abilities
    lent = pool.granted("vgt-aleph", "[ACT](RC): Draw a card.", 7)
    found = (*printed, *lent)
    assert named(found, 0) is printed[0]
    assert named(found, "1") is lent[0]
    assert named(found, "granted") is lent[0]
    assert named(found, 2) is None
    assert named(found, "copied") is None
    assert named(boost, "Boost") is boost[0]
