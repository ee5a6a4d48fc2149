"""VS System prohibitions on playing and recruiting (registry permissions play,
be_played, recruit, be_recruited): a card they forbid is not offered. The scenarios
VS-PM3 and VS-PM4 script the refusals."""

from __future__ import annotations

from cardscript.interpreter.engine import Engine
from cardscript.kernels.vs_system.kernel import new_engine, vs_pool
from tests.test_cost_x import SCENARIOS, Recorder

POOL = vs_pool(
    [
        SCENARIOS / "vs-system" / "vs-scenario-cards.yaml",
        SCENARIOS / "vs-system" / "vs-permission-cards.yaml",
    ]
)


def _engine() -> Engine:
    engine = new_engine([Recorder(), Recorder()], 1, pool=POOL)
    engine.state.phase, engine.state.active = "combat_phase", 0
    return engine


def _ids(engine: Engine, uids: list[int]) -> list[str]:
    return [engine.definition(u).id for u in uids]


def test_the_opponent_of_lockdown_is_offered_no_plot_twist() -> None:
    engine = _engine()
    state = engine.state
    for player in (0, 1):
        state.create_card("VST-054", player, "resource_row")
    lockdown = state.create_card("VST-PM3", 0, "hand").uid
    state.create_card("VST-070", 0, "hand")
    state.create_card("VST-070", 1, "hand")
    kernel = engine.kernel
    assert _ids(engine, kernel.playable_twists(engine, 1)) == ["VST-070"]
    kernel.play_twist(engine, 0, lockdown)
    assert _ids(engine, kernel.playable_twists(engine, 1)) == []
    assert [o for o in kernel.priority_options(engine, 1, False, 0) if o[0] == "plot_twist"] == []
    offered = [o for o in kernel.priority_options(engine, 0, False, 0) if o[0] == "plot_twist"]
    assert _ids(engine, [uid for _, uid in offered]) == ["VST-070"]


def test_gatekeeper_keeps_costly_characters_from_being_offered() -> None:
    engine = _engine()
    state = engine.state
    state.phase, state.step = "build_phase", "recruit_step"
    state.data["step_player"] = 0
    state.players[0].resources["resource_points"] = 3
    brawler = state.create_card("VST-008", 0, "hand").uid
    plain = state.create_card("VST-030", 0, "hand").uid
    kernel = engine.kernel
    assert kernel.recruitable(engine, 0) == [brawler, plain]
    gate = state.create_card("VST-PM4", 1, "front_row")
    gate.data["col"] = 0
    assert kernel.recruitable(engine, 0) == [plain]
