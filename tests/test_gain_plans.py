"""Pocket Duel's gains within the game's ``RoundPlan`` (``gains``: the bound and the
superpower thresholds read from the plan, unheard events only recorded) give what the
full path gives, and step aside for a permission, a lasting effect, text changing stats
or a kernel answering for itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardscript.interpreter.agents import FirstAgent, RandomAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.pocket_duel.kernel import (
    BUNDLED,
    PocketDuelKernel,
    heroes,
    new_engine,
    pocket_duel_pool,
)
from cardscript.kernels.pocket_duel.rules import RULE

POOL = pocket_duel_pool()


class _GainsInFull(PocketDuelKernel):
    """Its own ``bound`` (the same): a gain may not read the plan (``RoundPlan.gains``)."""

    def bound(self, engine: Engine, player: int, resource: str, value: int) -> int:
        return super().bound(engine, player, resource, value)


def _engine(kernel_class: type, mine: str, theirs: str, pool: Any = POOL, seed: int = 1) -> Any:
    engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=pool)
    engine.kernel.__class__ = kernel_class
    engine.kernel.setup(engine, [[mine], [theirs]])
    return engine


def _seen(engine: Engine) -> Any:
    state = engine.state
    zones = [{z: list(u) for z, u in p.zones.items()} for p in state.players]
    resources = [dict(p.resources) for p in state.players]
    return resources, zones, list(state.history), state.state_hash(), engine.steps


def _gains_both_ways(mine: str, theirs: str, pool: Any = POOL, lasting: Any = None) -> Any:
    """Gains, heals and losses of energy past the thresholds and the bounds, with
    ``PocketDuelKernel`` and ``_GainsInFull``: what each saw after every change."""
    seen = []
    for kernel_class in (PocketDuelKernel, _GainsInFull):
        engine = _engine(kernel_class, mine, theirs, pool)
        plan = engine.kernel.round_plan(engine)
        assert plan.gains is (kernel_class is PocketDuelKernel and plan.quiet)
        if lasting is not None:
            engine.state.lasting.append(lasting(engine))
        steps = []
        for player, resource, amount in [
            (0, "energy", 1),
            (1, "energy", 2),
            (0, "health", 4),
            (0, "energy", 1),
            (1, "energy", 9),
            (0, "energy", -7),
            (0, "energy", 12),
            (1, "health", -3),
            (0, "blood", 2),
        ]:
            engine.apply("gain", RULE, player=player, resource=resource, amount=amount)
            steps.append(_seen(engine))
        seen.append(steps)
    assert seen[0] == seen[1]
    return seen[0]


def test_gains_within_the_plan_give_the_full_paths_changes() -> None:
    for mine, theirs in [("marrow-hero", "cinder-hero"), ("nell-hero", "sable-hero")]:
        steps = _gains_both_ways(mine, theirs)
        resources, zones, history = steps[-1][:3]
        assert resources[0]["energy"] >= 0 and resources[0]["blood"] == 2
        assert not zones[0]["reserve"]  # its superpower came out at its threshold
        assert ("becomes_active", 0) in [(h[0], h[2]) for h in history]
        assert ("healed", 0) in [(h[0], h[2]) for h in history]


def test_a_lasting_effect_on_a_threshold_is_read_by_the_gain() -> None:
    def lower(engine: Engine) -> dict[str, Any]:
        cards = engine.state.cards
        mine = [u for u in cards if cards[u].card_id == "cinder-superpower"]
        return {"kind": "stat", "stat": "threshold", "delta": -3, "uids": mine}

    steps = _gains_both_ways("cinder-hero", "quill-hero", lasting=lower)
    assert not steps[0][1][0]["reserve"]  # the first energy reached the lowered threshold


def test_a_permission_and_text_changing_stats_step_aside(tmp_path: Path) -> None:
    cards = tmp_path / "calm.yaml"
    cards.write_text(
        "game: pocket-duel\ncards:\n"
        "- {id: calm-hero, name: Calm, type: hero, text: 'Your hero cannot gain energy.'}\n"
        "- {id: calm-superpower, name: Calm Power, type: superpower, hero: calm-hero, "
        "superpower_kind: permanent, energy_threshold: 3, text: 'Block 1'}\n"
        "- {id: low-hero, name: Low, type: hero, text: 'Each superpower card gets -2 "
        "threshold.'}\n"
    )
    pool = BUNDLED.pool([cards])
    steps = _gains_both_ways("calm-hero", "cinder-hero", pool)
    assert all(s[0][0]["energy"] == 0 for s in steps)  # refused: the permission spoke
    # text that may change a threshold in play: the thresholds are read as ``stat`` does
    _gains_both_ways("low-hero", "cinder-hero", pool)
    engine = _engine(PocketDuelKernel, "low-hero", "cinder-hero", pool)
    kernel, state = engine.kernel, engine.state
    plan = kernel.round_plan(engine)
    assert plan.gains and plan.stat_texts == (("verb", "get"),)
    assert kernel._reached(engine, plan, state.players[1].zones["reserve"], 0)
    # "Your Defense cards get +1 attack." changes no threshold: not asked
    engine = _engine(PocketDuelKernel, "marrow-hero", "cinder-hero")
    plan = engine.kernel.round_plan(engine)
    assert plan.gains and plan.stat_texts == ()
    assert not engine.kernel._reached(engine, plan, engine.state.players[0].zones["reserve"], 1)


def test_whole_games_with_gains_within_the_plan_are_the_full_paths() -> None:
    names = heroes(POOL)
    for seed in range(30):
        picked = (names[seed % len(names)], names[(seed * 5 + 2) % len(names)])
        games = []
        for kernel_class in (PocketDuelKernel, _GainsInFull):
            engine = _engine(kernel_class, *picked, seed=seed)
            engine.kernel.play(engine)
            state = engine.state
            games.append((list(state.history), state.state_hash(), state.result, engine.steps))
        assert games[0] == games[1], seed


def test_a_gain_without_a_plan_of_this_game_takes_the_full_path() -> None:
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    engine.kernel.setup(engine, [["ivo-hero"], ["quill-hero"]])
    assert engine.kernel._plan is None or engine.kernel._plan.state is not engine.state
    engine.apply("gain", RULE, player=0, resource="energy", amount=3)
    assert engine.state.players[0].resources["energy"] == 3
    cards = engine.state.cards
    superpower = next(u for u in cards if cards[u].card_id == "ivo-superpower")
    assert engine.state.history[-1][:3] == ("becomes_active", superpower, 0)


def test_a_change_event_a_card_waits_for_is_heard(tmp_path: Path) -> None:
    """Damage and gains are only recorded where nothing hears them (``RoundPlan.silent``);
    a trigger waiting for one hears it, as with every event through ``Engine.happened``."""
    from cardscript.interpreter.select import Seat

    cards = tmp_path / "thick.yaml"
    cards.write_text(
        "game: pocket-duel\ncards:\n"
        "- {id: thick-hero, name: Thick, type: hero, text: 'Whenever you take damage, "
        "gain 1 energy.'}\n"
    )
    pool = BUNDLED.pool([cards])
    engine = _engine(PocketDuelKernel, "thick-hero", "cinder-hero", pool)
    plan = engine.kernel.round_plan(engine)
    assert "takes_damage" not in plan.silent and "gains_energy" in plan.silent
    engine.apply("deal_damage", RULE, target=Seat(0), amount=2)
    engine.kernel.resolve_pending(engine)
    assert engine.state.players[0].resources == {"health": 8, "energy": 1}
    assert [h[0] for h in engine.state.history[-2:]] == ["takes_damage", "gains_energy"]
