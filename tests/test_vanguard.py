"""Cardfight!! Vanguard: seeded random games between the two trial decks end with a result
and no error (same-seed and CLI replay checks for every game: test_whole_games.py)."""

from __future__ import annotations

from pathlib import Path

from cardscript.interpreter.agents import FirstAgent, RandomAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.vanguard.battle import check
from cardscript.kernels.vanguard.kernel import VanguardKernel, deck_ids, new_engine, vanguard_pool

ROOT = Path(__file__).resolve().parents[1]
POOL = vanguard_pool()
DECKS = [
    deck_ids(POOL, ROOT / "decks" / "vanguard" / "lanternguard-trial.yaml"),
    deck_ids(POOL, ROOT / "decks" / "vanguard" / "mirecoil-trial.yaml"),
]


def test_trial_decks_are_50_cards_with_16_triggers() -> None:
    for deck in DECKS:
        assert len(deck) == 50
        triggers = [c for c in deck if POOL[c].get("trigger") != "none"]
        assert len(triggers) == 16
        assert sum(1 for c in deck if POOL[c].get("trigger") == "heal") <= 4


def test_100_random_games_end_with_a_result() -> None:
    reasons: dict[str, int] = {}
    for seed in range(100):
        decks = DECKS if seed % 2 else DECKS[::-1]
        engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=POOL)
        engine.kernel.setup(engine, decks)
        result = engine.kernel.play(engine)
        assert result is not None and result["winner"] in (0, 1, None)
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
    assert reasons.get("damage", 0) > 0


def _checked_trigger(rules: dict[str, object]) -> tuple[Engine, VanguardKernel, int]:
    """A Critical trigger drive-checked under a kernel whose rule defaults are ``rules``;
    the first agents give its power and critical to the vanguard."""

    class Ruled(VanguardKernel):
        def hook_default(self, engine: Engine, hook: str, default: object) -> object:
            return rules.get(hook, default)

    kernel = Ruled()
    engine = Engine.new(POOL.game, POOL, kernel, [FirstAgent(), FirstAgent()], 1)
    engine.state.data["started"] = True
    vanguard = engine.state.create_card("LNT-001", 0, "vanguard_circle").uid
    for card_id in ("LNT-001", "LNT-001", "LNT-003"):  # the Critical trigger on top
        engine.state.create_card(card_id, 0, "deck", face_up=False)
    engine.state.create_card("LNT-001", 1, "deck", face_up=False)
    check(engine, kernel, 0, "drive")
    return engine, kernel, vanguard


def test_trigger_power_and_duration_are_the_rules() -> None:
    """The keyword texts carry no power: changing trigger_power or trigger_duration
    changes every trigger."""
    base = POOL["LNT-001"].get("power")
    engine, kernel, vanguard = _checked_trigger({})
    assert (engine.stat(vanguard, "power"), engine.stat(vanguard, "critical")) == (base + 5000, 2)
    kernel.end_turn(engine)
    assert (engine.stat(vanguard, "power"), engine.stat(vanguard, "critical")) == (base, 1)
    engine, kernel, vanguard = _checked_trigger({"trigger_power": 8000})
    assert engine.stat(vanguard, "power") == base + 8000
    engine, kernel, vanguard = _checked_trigger({"trigger_duration": "end_of_next_turn"})
    kernel.end_turn(engine)
    assert (engine.stat(vanguard, "power"), engine.stat(vanguard, "critical")) == (base + 5000, 2)
    engine.state.active = 1
    kernel.end_turn(engine)
    assert (engine.stat(vanguard, "power"), engine.stat(vanguard, "critical")) == (base, 1)
