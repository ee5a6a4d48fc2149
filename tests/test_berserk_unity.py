"""Unity X (``kernels/berserk/unity.py``, DICT «Единение», A19): as the creature attacks
with a simple strike, its controller may show X cheaper creatures with Unity from their
deck; it gains their «При ударе» abilities, which strike in this attack's Wounds object as
its own, and has them only until the attack ends. The scenario BK-UNITY scripts one."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from cardscript.interpreter.agents import FirstAgent, RandomAgent
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.kernels.berserk import strike
from cardscript.kernels.berserk.geometry import parse_cell
from cardscript.kernels.berserk.kernel import berserk_pool, deck_ids, new_engine
from tests.test_cost_x import Recorder, played_and_replayed, whole_game

ROOT = Path(__file__).resolve().parents[1]
POOL = berserk_pool([ROOT / "tests" / "scenarios" / "berserk" / "bk-scenario-cards.yaml"])


def _attack(
    leader: str, deck: list[str], answers: list[list[int]]
) -> tuple[Engine, Recorder, int, int]:
    """``leader`` of P1 on C1 strikes the Bystander (life 6) facing it, no defender, 6
    against 1 (a strong blow, none back), with ``deck`` as P1's deck."""
    agent = Recorder(answers)
    engine = new_engine([agent, FirstAgent()], 1, pool=POOL)
    state = engine.state
    state.phase, state.active, state.turn = "main_phase", 0, 1
    uids = []
    for card_id, owner, cell in ((leader, 0, "C1"), ("BKT-E", 1, 'C1"')):
        card = state.create_card(card_id, owner, "battlefield")
        card.data["cell"] = list(parse_cell(cell))
        uids.append(card.uid)
    for card_id in deck:
        state.create_card(card_id, 0, "deck", face_up=False)
    state.data["rolls"] = [6, 1]
    strike.attack(engine.kernel, engine, uids[0], uids[1], None)  # type: ignore[arg-type]
    return engine, agent, uids[0], uids[1]


def _wounds(engine: Engine, uid: int) -> int:
    return engine.state.cards[uid].counters.get("wound", 0)


def test_only_cheaper_creatures_with_unity_are_offered() -> None:
    # the Peer has Unity at the Leader's cost, the Lone Striker no Unity, the Elder costs more
    deck = ["BKT-UNP", "BKT-UNS", "BKT-UNK", "BKT-UNE"]
    _, agent, _, _ = _attack("BKT-UNL", deck, [])
    assert [(d.prompt, tuple(d.labels), d.least, d.most) for d in agent.seen] == [
        ("you may reveal 1 cheaper creature with Unity in your deck?", ("yes", "no"), 1, 1),
        ("reveal", ("Test Unity Kin [deck]",), 1, 1),
    ]


def test_the_gained_ability_strikes_as_the_leaders_own_and_ends_with_the_attack() -> None:
    engine, _, leader, foe = _attack("BKT-UNL", ["BKT-UNK"], [])  # yes; the Kin
    assert _wounds(engine, foe) == 3  # the blow's 1, the Kin's «При ударе» 2
    assert engine.state.lasting == []
    assert engine.card_abilities(leader) == engine.definition(leader).abilities
    assert engine.state.cards[leader].counters == {}  # its «При нападении» is not copied


def test_declined_nothing_is_gained_and_nothing_is_copied_from_the_leader_itself() -> None:
    engine, _, _, foe = _attack("BKT-UNL", ["BKT-UNK"], [[1]])  # no
    assert _wounds(engine, foe) == 1
    # the Kin attacking with no cheaper creature with Unity in its deck: its own ability once
    engine, _, _, foe = _attack("BKT-UNK", ["BKT-UNL", "BKT-UNK"], [])
    assert _wounds(engine, foe) == 3


def test_unity_2_gains_only_from_two_different_names() -> None:
    """The Elder (Unity 2, cost 5): two Kin are one name, nothing gained; the Kin and the
    Cousin (Unity 3: any X, A19), both abilities."""
    engine, agent, elder, foe = _attack("BKT-UNE", ["BKT-UNK", "BKT-UNK"], [])
    assert [tuple(d.labels) for d in agent.seen][1] == (
        "Test Unity Kin [deck]",
        "Test Unity Kin [deck]",
    )
    assert (_wounds(engine, foe), engine.state.cards[elder].counters) == (1, {})
    engine, _, elder, foe = _attack("BKT-UNE", ["BKT-UNK", "BKT-UNC"], [])
    assert (_wounds(engine, foe), engine.state.cards[elder].counters) == (3, {"counter": 1})


def _game(agents: list[object], log: GameLog) -> dict[str, object]:
    """Greenwood with 4 Leaders, 3 Kin and 3 Cousins for its first 10 cards against
    Stonehold, seed 1."""
    decks = [
        deck_ids(POOL, ROOT / "decks" / "berserk" / f"{name}-starter.yaml")
        for name in ("greenwood", "stonehold")
    ]
    decks[0][:10] = ["BKT-UNL"] * 4 + ["BKT-UNK"] * 3 + ["BKT-UNC"] * 3
    return whole_game(new_engine, POOL, decks, 1, agents, log)


def test_a_game_with_unity_plays_and_replays_the_same() -> None:
    result, log = played_and_replayed(_game, [RandomAgent(2), RandomAgent(3)])
    copied = [  # the changes of abilities copied in play (numbered from 1000 on)
        (r["cause"]["card"], r["change"])
        for r in log.records
        if r["t"] == "change" and int(r["cause"].get("ability", "#0").rpartition("#")[2]) >= 1000
    ]
    # (since triggered abilities are declared by §405.2–405.3, a "may" one asked before
    # its targets and the Forest Scout's "Before reveal:" move never passed by, the
    # random game goes otherwise)
    assert Counter(copied) == {("BKT-UNL", "add_counters"): 1}
    assert result == {"winner": None, "reason": "turn limit", "turn": 60}
