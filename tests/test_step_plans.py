"""The plans of card text (``step_plans``: an ability's runners worked out once) do what
the general path (``effects.run_clause``, ``Context.amount``) does, and hand over to it
where the text or the moment asks for more."""

from __future__ import annotations

from typing import Any

import pytest

from cardscript.grammar import ast
from cardscript.interpreter.actions import cause_of
from cardscript.interpreter.agents import RandomAgent
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.effects import action_of, run_step
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.events import Cause
from cardscript.interpreter.select import (
    Context,
    RulesError,
    _zone_places,
    fixed_amount,
    zone_place,
)
from cardscript.interpreter.step_plans import steps_runner
from cardscript.kernels.pocket_duel.kernel import new_engine, pocket_duel_pool

POOL = pocket_duel_pool()
# "Block 2" ("you block 2 damage"), "On hit: You may deal 1 damage to the opponent.",
# "Effect: The opponent loses 1 energy.", "Effect: Return up to 1 target card from your
# discard pile to your hand.", "Effect: Gain 1 energy.", "Effect: Heal 1."
ABILITIES = [
    "cinder-defense#0",
    "cinder-weapon#0",
    "quill-intellect#1",
    "cinder-rest#0",
    "ivo-intellect#1",
    "sable-intellect#1",
]


def _ability(key: str) -> CompiledAbility:
    card_id, index = key.split("#")
    return POOL[card_id].abilities[int(index)]


def _game(seed: int) -> Engine:
    engine = new_engine([RandomAgent(seed), RandomAgent(seed + 1)], seed, pool=POOL)
    engine.kernel.setup(engine, [["cinder-hero"], ["quill-hero"]])
    state = engine.state
    for uid in list(state.players[0].zones["hand"])[:3]:  # something to return
        state.move(uid, "discard_pile", player=0)
    return engine


def _source(engine: Engine, key: str) -> int:
    """The card of the ability, or any card where its hero does not play (the text runs
    all the same)."""
    card_id = key.split("#")[0]
    return next((u for u, c in engine.state.cards.items() if c.card_id == card_id), 0)


def _after(engine: Engine, ctx: Context) -> tuple[Any, ...]:
    return ctx.did, list(ctx.it), ctx.last_amount, engine.state.state_hash()


@pytest.mark.parametrize("key", ABILITIES)
def test_a_plan_does_what_the_general_path_does(key: str) -> None:
    ability = _ability(key)
    effects = ability.node.effects  # type: ignore[attr-defined]
    for seed in range(12):  # the agents answer "may" and the targets both ways
        planned, general = _game(seed), _game(seed)
        source = _source(planned, key)
        ctx = planned.context(source, ability, 0)
        steps_runner(effects)(ctx)
        slow = general.context(source, ability, 0)
        for step in effects.steps:
            run_step(slow, step)  # ``run_clause``: the general path
        assert _after(planned, ctx) == _after(general, slow)


def test_targets_chosen_earlier_take_the_general_path() -> None:
    """ "You block 2 damage" runs on the context itself, unless targets were chosen as
    the ability was played: then ``run_clause`` reads them (here: none of them is "you",
    so nobody blocks)."""
    ability = _ability("cinder-defense#0")
    subject = ability.node.effects.steps[0].subject  # type: ignore[attr-defined]
    assert isinstance(subject, ast.Player) and subject.span is not None
    for chosen, blocked in ((None, 2), ({subject.span.offset: [1]}, 0)):
        engine = _game(1)
        engine.resolve(ability, _source(engine, "cinder-defense#0"), 0, targets=chosen)
        assert engine.state.data.get("round", {}).get("block", {}).get("0", 0) == blocked


def test_an_amount_that_needs_the_context_is_read_as_the_text_runs() -> None:
    engine = _game(1)
    gain = ast.Clause(ast.Action(verb="gain", name="energy", amount=ast.Amount("var", "X")))
    ctx = engine.context(None, controller=0)
    ctx.bindings = {"X": 3}
    before = engine.state.players[0].resources["energy"]
    run = action_of(gain)
    assert run is not None
    run(ctx)
    assert engine.state.players[0].resources["energy"] == before + 3 == ctx.last_amount + before
    assert fixed_amount(ast.Amount("var", "X")) is None
    assert fixed_amount(ast.Amount("that_many")) is None
    assert [fixed_amount(ast.Amount(k, v)) for k, v in (("int", 4), ("a", None))] == [4, 1]
    # an amount the rules do not know is said as the text runs, not when it is planned
    unknown = ast.Clause(ast.Action(verb="gain", name="energy", amount=ast.Amount("bogus")))
    run = action_of(unknown)
    assert run is not None
    with pytest.raises(RulesError, match="unknown amount"):
        run(ctx)


def test_a_context_makes_its_cause_once_and_its_children_share_it() -> None:
    engine = _game(1)
    ability = _ability("cinder-defense#0")
    ctx = engine.context(5, ability, 0)
    cause = cause_of(ctx)
    assert cause == Cause.new(card=ability.card_id, ability=ability.key, at=ability.where, source=5)
    assert cause_of(ctx) is cause and cause_of(ctx.child()) is cause
    assert cause_of(engine.context(None)) == Cause.new(rule="card text")


def test_a_zone_of_yours_is_the_first_of_its_places() -> None:
    engine = _game(1)
    for player in (0, 1):
        ctx = engine.context(None, controller=player)
        for possessor in ("your", "", None, "the opponent's", "each player's"):
            zone = ast.ZoneRef("hand", possessor)
            assert zone_place(ctx, zone) == _zone_places(ctx, zone)[0]
