"""A heal the kernel refuses ("cannot be healed") returns False, so the engine sees it:
"it" after the heal is not the card (``actions._changed``). Marvel Champions'
``verbs.heal`` and Berserk's ``field._heal`` returned None, read as done: the step after
the heal acted on the card that was not healed."""

from __future__ import annotations

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.berserk.kernel import berserk_pool
from cardscript.kernels.berserk.kernel import new_engine as berserk_engine
from cardscript.kernels.marvel_champions.base import RULE
from cardscript.kernels.marvel_champions.kernel import mc_pool
from tests.test_cost_x_mc import ROOT, _holding

SCENARIOS = ROOT / "tests" / "scenarios"

MC_TEXT = "Heal 2 damage from target minion, then place 1 all-purpose token on it."
BK_TEXT = "Heal 1 wound from target creature, then place 1 counter on it."
BK_UNHEALABLE = {
    "id": "bk-unhealable",
    "name": "Test Unhealable",
    "type": "creature",
    "cost": 3,
    "elite": False,
    "element": "forest",
    "life": 6,
    "movement": 1,
    "strike": "1-2-3",
    "text": "This cannot be healed.",
}


def _resolve(engine: Engine, text: str, kind: str, zone: str) -> None:
    """P1 resolves a probe card of ``text`` (of type ``kind``, in ``zone``; added to the
    engine's own pool)."""
    probe = engine.pool.add({"id": "probe", "name": "Probe", "type": kind, "text": text})
    source = engine.state.create_card("probe", 0, zone).uid
    engine.resolve(probe.abilities[0], source, 0)


def _mc_after(minion: str) -> tuple[dict[str, int], object]:
    """Marvel Champions: ``MC_TEXT`` at the one minion (3 damage): its counters, and what
    the heal primitive answers for it then."""
    engine, _ = _holding(
        [], pool=mc_pool([SCENARIOS / "marvel-champions" / "mc-scenario-cards.yaml"])
    )
    uid = engine.state.create_card(minion, 0, "play").uid
    engine.state.cards[uid].counters["damage"] = 3
    _resolve(engine, MC_TEXT, "event", "resolving")
    return dict(engine.state.cards[uid].counters), engine.apply(
        "heal", RULE, target=uid, amount=1, kind=None
    )


def test_marvel_champions_a_refused_heal_is_false_and_it_is_not_the_card() -> None:
    # Test Scarred "cannot be healed": no heal, no token (before: the token was placed)
    assert _mc_after("mct-scarred") == ({"damage": 3}, False)
    # Dock Raider is healed 2 and gets the token; a heal done is no refusal
    assert _mc_after("dock-raider") == ({"damage": 1, "all_purpose": 1}, None)


def _bk_after(creature: str) -> tuple[dict[str, int], object]:
    """Berserk: ``BK_TEXT`` at P2's one creature (2 wounds): its counters, and what the
    heal primitive answers for it then."""
    pool = berserk_pool([SCENARIOS / "berserk" / "bk-scenario-cards.yaml"])
    engine = berserk_engine([FirstAgent(), FirstAgent()], 1, pool=pool)
    engine.pool.add(BK_UNHEALABLE)
    state = engine.state
    state.phase, state.active, state.turn = "main_phase", 0, 1
    uid = state.create_card(creature, 1, "battlefield").uid
    state.cards[uid].data["cell"] = [1, 1]
    state.cards[uid].counters["wound"] = 2
    _resolve(engine, BK_TEXT, "creature", "hand")
    return dict(state.cards[uid].counters), engine.apply("heal", RULE, target=uid, amount=1)


def test_berserk_a_refused_heal_is_false_and_it_is_not_the_card() -> None:
    # "This cannot be healed": no wound healed, no counter (before: the counter was placed)
    assert _bk_after("bk-unhealable") == ({"wound": 2}, False)
    # the Test Reflector is healed 1 and gets the counter
    assert _bk_after("BKT-R") == ({"wound": 1, "counter": 1}, None)
