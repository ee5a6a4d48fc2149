"""Cards chosen and moved without a context (``direct_steps._chosen``,
``select.picked_without_context``): "Return up to 1 target card from your discard pile to
your hand", "Remove target card in the opponent's discard pile". The same choices and
changes as the general path, and the general path wherever a card or the kernel needs
the context."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardscript.grammar import ast
from cardscript.interpreter.agents import Decision
from cardscript.interpreter.card_plans import _plan, context_free
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.step_plans import steps_runner
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel
from tests.test_step_plans import _selector
from tests.test_text_fast_paths import POOL, _game, _seen, _spread

MOVES = [
    a
    for d in POOL.cards.values()
    for a in d.abilities
    if isinstance(a.node, ast.EffectAbility | ast.Triggered)
    and a.plan.direct is not None
    and a.node.effects.steps[0].action.verb in ("move", "remove_card")  # type: ignore[union-attr]
]


class _Recorder:
    """Answers at random (seeded) and keeps every decision it was asked, labels read."""

    def __init__(self, seed: int) -> None:
        self.rng, self.asked = random.Random(seed), []  # type: ignore[var-annotated]

    def decide(self, decision: Decision) -> tuple[int, ...]:
        self.asked.append((*decision[:4], tuple(decision.labels), *decision[5:]))
        most = min(decision.most, len(decision.options))
        return tuple(range(self.rng.randint(decision.least, most)))


def _run(ability: Any, seed: int, controller: int, direct: bool, **how: Any) -> Any:
    """A game with cards in the discard piles, the ability resolved (``direct``) or its
    effects run on a context (the general path); what it did."""
    engine = _game(seed, log=GameLog() if how.get("logged") else None)
    agents = engine.agents = [_Recorder(seed), _Recorder(seed + 1)]  # type: ignore[list-item]
    state = engine.state
    for player in (0, 1):  # every card of the hands in the discard piles
        for uid in list(state.players[player].zones["hand"]):
            state.move(uid, "discard_pile", player=player)
        if how.get("states"):
            state.cards[state.players[player].zones["discard_pile"][seed % 3]].states.add("x")
    if how.get("lasting"):
        engine.state.lasting.append({"kind": "stat", "uids": [], "stat": "x"})
    source = None
    if direct:
        assert engine.resolve(ability, source, controller) is True
    else:
        ctx = engine.context(source, ability, controller)
        ctx.cause = ability.plan.cause(source)
        steps_runner(ability.node.effects)(ctx)
    zones = [p.zones for p in engine.state.players]
    records = engine.log.records if engine.log is not None else None
    return _seen(engine), zones, [a.asked for a in agents], records


def test_the_moves_run_without_a_context_are_the_pools_choices_from_a_pile() -> None:
    keys = {a.key for a in MOVES}
    assert {"nell-rest#0", "cinder-intellect#1", "marrow-weapon#0"} <= keys
    assert "sable-agility#1" not in keys  # "you may": the controller is asked first


@pytest.mark.parametrize("ability", MOVES, ids=lambda a: a.key)
@pytest.mark.parametrize("how", [{}, {"states": True}, {"lasting": True}, {"logged": True}])
def test_a_move_without_a_context_is_the_general_paths(ability: Any, how: dict[str, Any]) -> None:
    """The same decisions (options, labels, bounds), changes, causes, steps and zones;
    with a card's states or a lasting effect the direct runner steps aside."""
    asked = []
    for seed in range(10):
        controller = seed % 2
        direct = _run(ability, seed, controller, True, **how)
        general = _run(ability, seed, controller, False, **how)
        assert direct == general
        asked += direct[2]
    assert any(asked)  # choices were asked: the piles had such cards


def _resolved_directly(key: str, **how: Any) -> bool:
    """Did the ability's direct runner do it (not False: no context needed)?"""
    card_id, index = key.split("#")
    ability = POOL[card_id].abilities[int(index)]
    engine = _game(3)
    _spread(engine)
    if how.get("lasting"):
        engine.state.lasting.append({"kind": "stat", "uids": [], "stat": "x"})
    for player in (0, 1):
        for uid in engine.state.players[player].zones["discard_pile"]:
            engine.state.cards[uid].states = {"face_down"} if how.get("states") else set()
    direct = ability.plan.direct
    assert direct is not None
    return direct(engine, 0, ability.plan.cause(None)) is not False


def test_the_direct_move_steps_aside_where_a_card_asks_more_than_its_definition() -> None:
    # "up to 1 target Strength card": a card with states, or a lasting effect, is asked
    # in full on a context; "target card" asks nothing of a card but that it is one
    assert _resolved_directly("cinder-intellect#1")
    assert not _resolved_directly("cinder-intellect#1", states=True)
    assert not _resolved_directly("cinder-intellect#1", lasting=True)
    assert _resolved_directly("nell-rest#0", states=True, lasting=True)


class _Picky(PocketDuelKernel):
    """Lets no card be chosen as a target."""

    def may_choose(self, engine: Engine, ctx: Any, target: Any, span: Any = None) -> bool:
        return False


def test_a_kernel_that_speaks_on_targets_is_asked() -> None:
    """With its own ``may_choose`` the general path runs: nothing may be chosen, nothing
    moves (a direct runner that stayed on would move a card)."""
    ability = POOL["nell-rest"].abilities[0]
    for picky in (False, True):
        engine = _game(2)
        _spread(engine)
        engine.agents = [_Recorder(0), _Recorder(1)]  # type: ignore[list-item]
        engine.agents[0].rng.randint = lambda a, b: b  # type: ignore[attr-defined]
        if picky:
            engine.kernel.__class__ = _Picky
        pile = list(engine.state.players[0].zones["discard_pile"])
        engine.resolve(ability, None, 0)
        left = engine.state.players[0].zones["discard_pile"]
        assert (left == pile) == picky
        assert len(left) == len(pile) - (0 if picky else 1)


@pytest.mark.parametrize(
    ("text", "free"),
    [
        ("up to 1 target card from your discard pile", True),
        ("up to 1 target Strength card from your discard pile", True),
        ("target card in the opponent's discard pile", True),
        ("all cards from your discard pile", True),
        ("another card from your discard pile", False),  # "another": the text's own card
        ("up to X target cards from your discard pile", False),  # X: the context's
        ("target card", False),  # the play zones: the general path
    ],
)
def test_which_choices_need_no_context(text: str, free: bool) -> None:
    assert context_free(_plan(_selector(text))) == free
