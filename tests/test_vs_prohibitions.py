"""VS System prohibitions on playing and recruiting (registry permissions play,
be_played, recruit, be_recruited), on exhausting (be_exhausted: attacks, reinforcement,
Activate and exhausting costs) and on powering up (be_powered_up): what they forbid is
not offered. The scenarios VS-PM3, VS-PM4, VS-PM6 and VS-PM7 script the refusals."""

from __future__ import annotations

from cardscript.interpreter.engine import Engine
from cardscript.kernels.vs_system import combat
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


def _in_row(engine: Engine, card: str, player: int, col: int, row: str = "front_row") -> int:
    made = engine.state.create_card(card, player, row)
    made.data["col"] = col
    return made.uid


def test_a_character_that_cannot_be_exhausted_is_offered_nothing_exhausting_it() -> None:
    """Unbending Sentinel ("This cannot be exhausted.") neither attacks (§7.3 step 3),
    reinforces (§7.6), uses its Activate power nor pays "Exhaust 2 characters you
    control →" (Scrap Drillmaster, the only other ready character once Brawler is
    exhausted)."""
    engine = _engine()
    kernel = engine.kernel
    unbending = _in_row(engine, "VST-PM11", 0, 0)
    brawler = _in_row(engine, "VST-008", 0, 1)
    drill = _in_row(engine, "VST-105", 0, 2)
    plain = _in_row(engine, "VST-030", 1, 0)
    assert combat.options(engine, 0) == [((brawler,), plain), ((drill,), plain)]
    assert not combat.can_attack(engine, unbending)
    engine.state.cards[brawler].states.add("exhausted")
    assert kernel.activatable(engine, 0) == []
    _in_row(engine, "VST-030", 0, 3)  # a second ready character to pay with
    assert _ids(engine, [uid for uid, _ in kernel.activatable(engine, 0)]) == ["VST-105"]
    # as a teammate behind a Sentinel defender it is no reinforcer; Mark II is
    guard = _in_row(engine, "VST-010", 1, 1)
    behind = _in_row(engine, "VST-PM11", 1, 1, "support_row")
    assert combat.reinforcers(engine, guard) == []
    engine.state.cards[behind].states.add("stunned")
    _in_row(engine, "VST-013", 1, 1, "support_row")
    assert _ids(engine, combat.reinforcers(engine, guard)) == ["VST-013"]


def test_static_dampener_keeps_its_side_from_being_offered_power_ups() -> None:
    engine = _engine()
    batman = _in_row(engine, "VST-040", 0, 0)
    other = engine.state.create_card("VST-041", 0, "hand").uid
    defender = _in_row(engine, "VST-005", 1, 0)
    assert combat.power_ups(engine, 0, [batman, defender]) == [(other, batman)]
    _in_row(engine, "VST-PM10", 1, 1)  # the opponent's: its text speaks of P2's characters
    assert combat.power_ups(engine, 0, [batman, defender]) == [(other, batman)]
    _in_row(engine, "VST-PM10", 0, 1)
    assert combat.power_ups(engine, 0, [batman, defender]) == []


def test_cannot_ready_this_turn_keeps_it_exhausted_through_the_next_recovery_phase() -> None:
    """The form offered for "It doesn't ready during your next recovery phase."
    (authors_phrasing): the recovery phase readies every card as the turn ends (§6.4
    step 3), so "this turn" covers the next one, and the card readies in the one after."""
    engine = new_engine([Recorder([[0]]), Recorder()], 1, pool=POOL)
    engine.state.phase, engine.state.active = "combat_phase", 0
    text = "Exhaust target character. It cannot ready this turn."
    engine.pool.add({"id": "hold", "name": "Hold", "type": "plot_twist", "text": text})
    held = _in_row(engine, "VST-030", 1, 0)
    other = _in_row(engine, "VST-030", 1, 1)
    engine.state.cards[other].states.add("exhausted")
    hold = engine.state.create_card("hold", 0, "hand").uid
    (ability,) = engine.definition(hold).abilities
    assert engine.resolve(ability, hold, 0)
    cards = engine.state.cards
    engine.kernel.wrap_up(engine)  # type: ignore[attr-defined]
    assert (cards[held].states, cards[other].states) == ({"exhausted"}, set())
    engine.kernel.wrap_up(engine)  # type: ignore[attr-defined]
    assert cards[held].states == set()
