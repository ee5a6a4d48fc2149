"""A cost step that changes its own card is offered only where the change may be made:
not where a permission forbids it ("This cannot ready." with "Ready this → draw a
card.": ``cost_cards.this_payable``, which asks what the primitive asks as it runs,
``primitives.unless_forbidden``). The scenarios VS-CP1, VG-CP1 and BK-OP1 script the use."""

from __future__ import annotations

import pytest

from cardscript.games import load_game
from cardscript.grammar.layout import format_text
from cardscript.interpreter.engine import Engine
from cardscript.kernels.berserk import abilities
from cardscript.kernels.berserk.kernel import berserk_pool
from cardscript.kernels.berserk.kernel import new_engine as berserk_engine
from cardscript.kernels.vanguard.kernel import new_engine as vanguard_engine
from cardscript.kernels.vanguard.kernel import vanguard_pool
from cardscript.kernels.vs_system.kernel import new_engine as vs_engine
from cardscript.kernels.vs_system.kernel import vs_pool
from tests.test_cost_x import SCENARIOS, Recorder

VS_POOL = vs_pool([SCENARIOS / "vs-system" / "vs-cp-cost-cards.yaml"])
VG_POOL = vanguard_pool([SCENARIOS / "vanguard" / "vg-cp-cost-cards.yaml"])
BK_POOL = berserk_pool([SCENARIOS / "berserk" / "bk-op-open-cards.yaml"])


def _vs(card: str, *states: str) -> tuple[Engine, int]:
    engine = vs_engine([Recorder(), Recorder()], 1, pool=VS_POOL)
    engine.state.phase, engine.state.active = "combat_phase", 0
    found = engine.state.create_card(card, 0, "front_row")
    found.data["col"] = 0
    found.states.update(states)
    return engine, found.uid


def _vs_offered(engine: Engine) -> list[str]:
    return [engine.definition(u).id for u, _ in engine.kernel.activatable(engine, 0)]


def _vg(card: str, *states: str) -> tuple[Engine, int]:
    engine = vanguard_engine([Recorder(), Recorder()], 1, pool=VG_POOL)
    engine.state.phase, engine.state.active = "main_phase", 0
    found = engine.state.create_card(card, 0, "rear_guard_circle")
    found.data["circle"] = "FR"
    found.states.update(states)
    return engine, found.uid


def _vg_acts(engine: Engine) -> list[str]:
    kernel = engine.kernel
    return [engine.definition(u).id for u, _ in kernel.acts(engine, 0)]  # type: ignore[attr-defined]


def _bk(card: str, *states: str) -> tuple[Engine, int]:
    engine = berserk_engine([Recorder(), Recorder()], 1, pool=BK_POOL)
    engine.state.phase, engine.state.active = "main_phase", 0
    found = engine.state.create_card(card, 0, "battlefield")
    found.data["cell"] = [2, 1]
    found.states.update(states)
    return engine, found.uid


def _bk_offered(engine: Engine) -> list[str]:
    options = abilities.options(engine.kernel, engine, 0)  # type: ignore[arg-type]
    return [engine.definition(u).id for u, _, _ in options]


# (the table, what it offers, the card forbidden the change, the card that may, its state)
GAMES = {
    "vs-system": (_vs, _vs_offered, "VST-CP2", "VST-CP1", "exhausted"),
    "vanguard": (_vg, _vg_acts, "vgt-cp-stuck-spring", "vgt-cp-spring", "rested"),
    "berserk": (_bk, _bk_offered, "BKT-OP-STUCK", "BKT-OP-SPRING", "closed"),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_change_of_this_is_not_offered_where_a_permission_forbids_it(game: str) -> None:
    # "This cannot ready." / "stand." / "be opened." with "Ready" / "Stand" / "Open this →"
    table, offered, stuck, _, state = GAMES[game]
    engine, _ = table(stuck, state)
    assert offered(engine) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_change_of_this_is_offered_where_it_changes_the_card(game: str) -> None:
    table, offered, _, free, state = GAMES[game]
    engine, uid = table(free, state)
    assert offered(engine) == [free]
    engine.state.cards[uid].states.clear()
    assert offered(engine) == []  # already so: the cost changes nothing


def test_cannot_be_opened_is_the_berserk_open_permission() -> None:
    # the passive form the rulebook's digest reads too, written back in the canonical one
    registry = load_game("berserk").registry
    assert format_text("This cannot be opened.", registry).text == "This cannot open.\n"
