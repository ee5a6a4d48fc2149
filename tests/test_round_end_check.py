"""The end of the round reads the game's ``RoundPlan`` (the health check's ``lose_at``,
the put-away's ``discards``) while it holds, and asks the engine where a kernel computes
the hook or a lasting effect sets the rule."""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine, pocket_duel_pool

POOL = pocket_duel_pool()


class _LosesAtFive(PocketDuelKernel):
    """A hero at 5 health or less loses: a value its own code gives."""

    computed_hooks = PocketDuelKernel.computed_hooks | {"lose_at_health"}

    def hook_default(self, engine: Engine, hook: str, default: Any) -> Any:
        if hook == "lose_at_health":
            return 5
        return super().hook_default(engine, hook, default)


def _engine(kernel_class: type[PocketDuelKernel]) -> Any:
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    engine.kernel.__class__ = kernel_class
    engine.kernel.setup(engine, [["nell-hero"], ["sable-hero"]])
    return engine


def _checked(engine: Any, health: int) -> Any:
    """The result of the health check with the first hero at ``health``, the second above."""
    players = engine.state.players
    players[0].resources["health"] = health
    players[1].resources["health"] = health + 10
    engine.kernel.end_check(engine)
    return engine.state.result


def test_the_plans_limit_is_the_engines() -> None:
    engine = _engine(PocketDuelKernel)
    limit = int(engine.rule("lose_at_health"))
    assert engine.kernel.round_plan(engine).lose_at == limit
    assert _checked(engine, limit + 1) is None
    assert _checked(engine, limit) is not None


def test_a_computed_limit_is_asked_of_the_engine() -> None:
    engine = _engine(_LosesAtFive)
    assert engine.kernel.round_plan(engine).lose_at is None
    assert _checked(engine, 6) is None
    assert _checked(engine, 5) is not None


def test_a_lasting_effect_on_the_limit_is_read() -> None:
    engine = _engine(PocketDuelKernel)
    plan = engine.kernel.round_plan(engine)
    assert plan.lose_at is not None
    effect = {"kind": "rule", "hook": "lose_at_health", "value": plan.lose_at + 4, "uids": []}
    engine.state.lasting.append(effect)
    assert _checked(engine, plan.lose_at + 5) is None
    assert _checked(engine, plan.lose_at + 4) is not None


class _DiscardsByItsCode(PocketDuelKernel):
    """Played cards go to the discard pile: a value its own code gives."""

    computed_hooks = PocketDuelKernel.computed_hooks | {"played_to_discard"}

    def hook_default(self, engine: Engine, hook: str, default: Any) -> Any:
        if hook == "played_to_discard":
            return True
        return super().hook_default(engine, hook, default)


def _put_away(engine: Any) -> list[str]:
    """Where the two played cards go after a round: each player's first card of the
    type both hands hold (the same types: neither cancels the other)."""
    state = engine.state
    hands = [p.zones["hand"] for p in state.players]
    kind = next(engine.definition(u).type for u in hands[0] if u in _of_types(engine, hands[1]))
    chosen = {
        p: next(u for u in h if engine.definition(u).type == kind) for p, h in enumerate(hands)
    }
    engine.kernel.round(engine, chosen)
    return [state.cards[u].zone for u in chosen.values()]


def _of_types(engine: Any, hand: list[int]) -> Any:
    """The cards of ``engine``'s game whose type a card of ``hand`` has."""
    types = {engine.definition(u).type for u in hand}
    return {u for u in engine.state.cards if engine.definition(u).type in types}


def test_the_played_cards_go_to_the_discard_pile_in_place_or_through_the_engine() -> None:
    zones = []
    for kernel_class in (PocketDuelKernel, _DiscardsByItsCode):
        engine = _engine(kernel_class)
        assert engine.kernel.round_plan(engine).discards is (kernel_class is PocketDuelKernel)
        zones.append(_put_away(engine))
    assert zones[0] == zones[1] == [engine.kernel.discard_zone] * 2


def test_a_lasting_effect_on_the_put_away_is_read() -> None:
    engine = _engine(PocketDuelKernel)
    assert engine.kernel.round_plan(engine).discards
    uids = list(engine.state.cards)  # (a rule of cards: the effect covers them all)
    effect = {"kind": "rule", "hook": "played_to_discard", "value": False, "uids": uids}
    engine.state.lasting.append(effect)
    assert _put_away(engine) == ["hand", "hand"]


class _Seen(PocketDuelKernel):
    """Keeps each round's history as the end of the round finds it (it is emptied then)."""

    seen: list[Any]

    def _end_of_round(self, engine: Engine, *args: Any) -> None:
        self.seen.extend(engine.state.history)
        super()._end_of_round(engine, *args)


def _hits(lasting: bool) -> int:
    """The "hits" of a few rounds, with or without a lasting effect that makes an "On
    hit" need 99 damage (the effect step then asks the engine, not the plan)."""
    engine = _engine(_Seen)
    kernel = engine.kernel
    kernel.seen = []
    if lasting:
        uids = list(engine.state.cards)
        effect = {"kind": "rule", "hook": "on_hit_minimum", "value": 99, "uids": uids}
        engine.state.lasting.append(effect)
    for _ in range(6):
        if engine.state.result is None:
            kernel.round(engine)
    return sum(1 for e in kernel.seen if e[0] == "hits")


def test_a_lasting_effect_on_the_effect_steps_rule_is_read() -> None:
    assert _hits(False) > 0
    assert _hits(True) == 0
