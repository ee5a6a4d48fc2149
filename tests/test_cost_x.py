"""X chosen by a cost (``cardscript/interpreter/cost_x.py``): the payer chooses X among 1 to
what they can pay, X reaches the effects, an X that cannot be paid is never offered, and
the choice is logged and replayed. The scenarios VS-X1, VS-X2, VG-X1 and VG-X2 script it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardscript.interpreter.agents import Decision, FirstAgent, RandomAgent, ScriptedAgent
from cardscript.interpreter.cards import CardPool
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.kernels.vanguard.kernel import new_engine as vanguard_engine
from cardscript.kernels.vanguard.kernel import vanguard_pool
from cardscript.kernels.vs_system.kernel import deck_ids, vs_pool
from cardscript.kernels.vs_system.kernel import new_engine as vs_engine
from tests.testgame.kernel import new_engine as tiny_engine

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "tests" / "scenarios"
VS_POOL = vs_pool([SCENARIOS / "vs-system" / "vs-scenario-cards.yaml"])
VG_POOL = vanguard_pool([SCENARIOS / "vanguard" / "vg-scenario-cards.yaml"])


class Recorder(ScriptedAgent):
    """Scripted answers, then the first legal one; every decision it saw kept."""

    def __init__(self, answers: list[list[int]] | None = None) -> None:
        super().__init__(answers or [], FirstAgent())
        self.seen: list[Decision] = []

    def decide(self, decision: Decision) -> tuple[int, ...]:
        self.seen.append(decision)
        return super().decide(decision)


def _asked_x(agent: Recorder) -> list[tuple[str, tuple[object, ...], tuple[str, ...]]]:
    return [
        (d.prompt, tuple(d.options), tuple(d.labels))
        for d in agent.seen
        if d.prompt.startswith("choose X")
    ]


def _vs_table(endurance: int, answers: list[list[int]]) -> tuple[Engine, Recorder, int, int]:
    """Shock Battery (VST-085, "Pay X endurance → target character gets -X DEF until end
    of turn.") for P1 with ``endurance``, Watchful Sentinel (DEF 3) for P2."""
    agent = Recorder(answers)
    engine = vs_engine([agent, FirstAgent()], 1, pool=VS_POOL)
    state = engine.state
    state.phase = "combat_phase"
    state.players[0].resources["endurance"] = endurance
    battery = state.create_card("VST-085", 0, "front_row")
    sentinel = state.create_card("VST-084", 1, "front_row")
    battery.data["col"] = sentinel.data["col"] = 0
    return engine, agent, battery.uid, sentinel.uid


def test_pay_x_endurance_offers_1_to_the_endurance_and_x_reaches_the_effect() -> None:
    engine, agent, battery, sentinel = _vs_table(5, [[2], [1]])  # X = 3, the Sentinel
    ((uid, power),) = engine.kernel.activatable(engine, 0)
    assert uid == battery
    engine.kernel.activate(engine, 0, battery, power)
    assert _asked_x(agent) == [
        (
            "choose X for the cost of VST-085",
            (1, 2, 3, 4, 5),
            ("X = 1", "X = 2", "X = 3", "X = 4", "X = 5"),
        )
    ]
    assert engine.state.players[0].resources["endurance"] == 2
    assert (engine.stat(sentinel, "def"), engine.stat(battery, "def")) == (0, 1)


def test_a_power_whose_x_cannot_be_paid_is_not_offered() -> None:
    engine, _, battery, _ = _vs_table(0, [])
    assert engine.kernel.activatable(engine, 0) == []
    engine.state.players[0].resources["endurance"] = 1
    assert [u for u, _ in engine.kernel.activatable(engine, 0)] == [battery]


def _vg_table(soul: int, face_up: int, face_down: int) -> tuple[Engine, Recorder, int, int]:
    """Test Soul Scholar (VC: "Soul Blast X → draw X cards") and Test Counter Breaker
    (RC: "Counter Blast X → draw X cards") for P1, with cards in the soul and damage."""
    agent = Recorder()
    engine = vanguard_engine([agent, FirstAgent()], 1, pool=VG_POOL)
    state = engine.state
    state.data["started"] = True
    state.phase, state.active, state.turn = "main_phase", 0, 3
    scholar = state.create_card("vgt-scholar", 0, "vanguard_circle").uid
    breaker = state.create_card("vgt-breaker", 0, "rear_guard_circle")
    breaker.data["circle"] = "FL"
    state.create_card("vgt-page", 1, "vanguard_circle")
    for _ in range(soul):
        state.create_card("vgt-filler", 0, "soul")
    for n in range(face_up + face_down):
        state.create_card("vgt-filler", 0, "damage_zone", face_up=n < face_up)
    for player in (0, 1):
        for _ in range(6):
            state.create_card("vgt-filler", player, "deck", face_up=False)
    return engine, agent, scholar, breaker.uid


def _zone_sizes(engine: Engine, *zones: str) -> tuple[int, ...]:
    return tuple(len(engine.state.players[0].zones.get(z, [])) for z in zones)


def test_soul_blast_x_offers_1_to_the_soul_and_draws_x() -> None:
    engine, agent, scholar, _ = _vg_table(soul=3, face_up=0, face_down=0)
    agent.answers = [(1,)]  # X = 2; the soul cards: the first two
    (ability,) = engine.definition(scholar).abilities
    engine.kernel.activate(engine, 0, scholar, ability)
    assert _asked_x(agent) == [
        ("choose X for the cost of vgt-scholar", (1, 2, 3), ("X = 1", "X = 2", "X = 3"))
    ]
    assert _zone_sizes(engine, "soul", "drop_zone", "hand", "deck") == (1, 2, 2, 4)


def test_counter_blast_x_offers_the_face_up_damage_and_none_without_it() -> None:
    engine, agent, _, breaker = _vg_table(soul=0, face_up=2, face_down=1)
    # the Scholar's soul is empty: its [ACT] is not offered; the Breaker's is
    assert [uid for uid, _ in engine.kernel.acts(engine, 0)] == [breaker]
    (ability,) = engine.definition(breaker).abilities
    agent.answers = [(1,)]  # X = 2
    engine.kernel.activate(engine, 0, breaker, ability)
    assert _asked_x(agent) == [("choose X for the cost of vgt-breaker", (1, 2), ("X = 1", "X = 2"))]
    damage = engine.state.players[0].zones["damage_zone"]
    assert [engine.state.cards[u].face_up for u in damage] == [False, False, False]
    assert _zone_sizes(engine, "hand") == (2,)
    assert engine.kernel.acts(engine, 0) == []  # no face-up damage left


def _miser(
    life: int, deck: int, text: str = "Pay X life → draw X cards.", agent: object = None
) -> tuple[Engine, int]:
    """The tiny test game: ``text`` on a creature of P1 with ``life``."""
    engine = tiny_engine([agent or FirstAgent(), FirstAgent()])  # type: ignore[list-item]
    engine.pool.add({"id": "miser", "name": "miser", "type": "creature", "power": 1, "text": text})
    miser = engine.state.create_card("miser", 0, "play").uid
    engine.state.players[0].resources["life"] = life
    engine.state.players[1].resources["life"] = 10
    for _ in range(deck):
        engine.state.create_card("bear", 0, "deck")
    return engine, miser


def test_the_first_agent_pays_the_least_x() -> None:
    engine, miser = _miser(life=4, deck=5)
    (ability,) = engine.definition(miser).abilities
    assert engine.resolve(ability, miser, 0)
    assert (engine.state.players[0].resources["life"], _zone_sizes(engine, "hand")) == (3, (1,))


def test_no_x_to_pay_stops_the_ability_before_its_effects() -> None:
    engine, miser = _miser(life=0, deck=1)
    (ability,) = engine.definition(miser).abilities
    assert not engine.resolve(ability, miser, 0)
    assert _zone_sizes(engine, "hand", "deck") == (0, 1)


def whole_game(
    new_engine: Callable[..., Engine],
    pool: CardPool,
    decks: list[list[str]],
    seed: int,
    agents: list[object],
    log: GameLog,
) -> dict[str, object]:
    """One whole game of ``decks`` between ``agents``, logged."""
    engine = new_engine(agents, seed, pool=pool, log=log)
    engine.kernel.setup(engine, decks)
    result = engine.kernel.play(engine)
    assert result is not None
    return result


def played_and_replayed(
    game: Callable[[list[object], GameLog], dict[str, object]], agents: list[object]
) -> tuple[dict[str, object], GameLog]:
    """``game`` played by ``agents``, then replayed from its log's answers: the same result
    and the same state hashes, asserted; the result and the first log."""
    first = GameLog()
    result = game(agents, first)
    again = GameLog()
    replayed: list[object] = [ScriptedAgent(first.answers(0)), ScriptedAgent(first.answers(1))]
    assert game(replayed, again) == result
    assert again.hashes() == first.hashes() != []
    return result, first


def dawnwatch_with(
    pool: CardPool, card: str, seed: int
) -> Callable[[list[object], GameLog], dict[str, object]]:
    """A whole VS game: Dawnwatch with 4 ``card`` for its first 4 cards against Vex
    Legion, at ``seed``."""

    def game(agents: list[object], log: GameLog) -> dict[str, object]:
        decks = [
            deck_ids(pool, ROOT / "decks" / "vs-system" / name)
            for name in ("dawnwatch-starter.yaml", "vex-legion-starter.yaml")
        ]
        decks[0][:4] = [card] * 4
        return whole_game(vs_engine, pool, decks, seed, agents, log)

    return game


_vs_game = dawnwatch_with(VS_POOL, "VST-085", 1)  # 4 Shock Batteries, seed 1


def test_the_x_chosen_is_logged_and_a_replay_is_the_same_game() -> None:
    result, first = played_and_replayed(_vs_game, [RandomAgent(2), RandomAgent(3)])
    chosen = [
        (r["player"], r["answer"], r["labels"])
        for r in first.records
        if r["t"] == "decision" and r["prompt"] == "choose X for the cost of VST-085"
    ]
    assert chosen == [(0, [47], ["X = 48"]), (0, [1], ["X = 2"])]
    assert result == {"winner": 1, "reason": "endurance", "turn": 3}


def test_a_triggered_cost_whose_x_cannot_be_paid_is_not_offered() -> None:
    text = "When this attacks, pay X life → draw X cards."
    for life, asked in ((0, []), (2, ["pay the cost of miser?", "choose X for the cost of miser"])):
        agent = Recorder()
        engine, miser = _miser(life, deck=2, text=text, agent=agent)
        (ability,) = engine.definition(miser).abilities
        assert engine.resolve(ability, miser, 0) is (life > 0)
        assert [d.prompt for d in agent.seen] == asked
        assert _zone_sizes(engine, "hand") == ((1,) if life else (0,))


def test_a_triggered_cost_of_a_fixed_amount_that_cannot_be_paid_is_not_offered() -> None:
    """Costs of "pay 2 life": asked, and paid, only with 2 life or more; with 1 the ability does
    nothing and no one is asked (it was asked, and the payment failed)."""
    text = "When this attacks, pay 2 life → draw 1 card."
    for life, asked in ((1, []), (3, ["pay the cost of miser?"])):
        agent = Recorder()
        engine, miser = _miser(life, deck=2, text=text, agent=agent)
        (ability,) = engine.definition(miser).abilities
        assert engine.resolve(ability, miser, 0) is (life == 3)
        assert [d.prompt for d in agent.seen] == asked
        assert _zone_sizes(engine, "hand") == ((1,) if life == 3 else (0,))
        assert engine.state.players[0].resources["life"] == 1
