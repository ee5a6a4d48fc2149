"""The calls of card text written out (Pocket Duel's bench, issue 6): a game's first
change read straight to its primitive, a random agent's "up to 1" answer without
sorting, its ``one_of`` read as its generator's ``below``, an "if … and …" of resources
asking its second test only where the first holds, a kernel's verb table read in place,
a move's event named without ``_emit``, the zone's own list read for a choice, and
Pocket Duel's rule values, block pool and heals waiting for the damage without a call
each. Each gives what the plain path gives, and steps aside where that could differ."""

from __future__ import annotations

from typing import Any

import pytest

from cardscript.grammar import ast
from cardscript.interpreter import conditions
from cardscript.interpreter.agents import Decision, RandomAgent
from cardscript.interpreter.cards import compile_card
from cardscript.interpreter.conditions import condition_read
from cardscript.interpreter.context import Seat
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.state import Rng
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine
from cardscript.kernels.pocket_duel.rules import RULE
from tests.test_direct_moves import _run
from tests.test_text_fast_paths import POOL, _game, _Replacing


def _plain_some_of(rng: Rng, n: int, least: int, most: int) -> tuple[int, ...]:
    """``RandomAgent.some_of`` as first written: a shuffle of all n, then the first of
    them, as many as one more draw says, sorted."""
    high = min(most, n)
    if least == high == 1:
        return (rng.below(n),)
    indices = list(range(n))
    rng.shuffle(indices)
    count = least + rng.below(high - least + 1) if high >= least else 0
    return tuple(sorted(indices[:count]))


@pytest.mark.parametrize("least, most", [(0, 1), (0, 2), (1, 2), (1, 3), (0, 9), (2, 2)])
def test_a_random_some_of_is_the_plain_shuffle_and_count(least: int, most: int) -> None:
    counts = set()
    for seed in range(40):
        for n in (0, 1, 2, 3, 6):
            agent, plain = RandomAgent(seed), Rng(RandomAgent(seed).rng.state)
            answer = agent.some_of(n, least, most)
            assert answer == _plain_some_of(plain, n, least, most)
            assert agent.rng.state == plain.state  # the same draws
            counts.add(len(answer))
    assert {0, 1} <= counts or least > 0  # none and one: the answers written out


class _OwnOneOf(RandomAgent):
    """Answers one of n with the last, by the count and by its decision alike."""

    def one_of(self, n: int) -> int:
        return n - 1

    def decide(self, decision: Decision) -> tuple[int, ...]:
        return (len(decision.options) - 1,)


def test_a_random_agents_one_of_is_its_generators_below_and_no_other_agents() -> None:
    engine = _game(4)
    plain = RandomAgent(7)
    engine.agents = [RandomAgent(7), _OwnOneOf(8)]
    answerers = engine.one_of_answerers()
    first, second = answerers
    assert first is not None and second is not None
    assert first.__self__ is engine.agents[0].rng  # type: ignore[attr-defined]
    assert [first(n) for n in (1, 2, 3, 5, 2)] == [plain.one_of(n) for n in (1, 2, 3, 5, 2)]
    assert engine.agents[0].rng.state == plain.rng.state  # type: ignore[attr-defined]
    assert second(5) == 4  # a subclass's own ``one_of``, not its generator's
    logged = _game(4, log=GameLog())
    assert logged.one_of_answerers() == [None, None]  # a log sees each decision


def _talent(engine: Engine) -> ast.Condition:
    """Quill's talent: "if the opponent's health is 2 or less and your health is 6 or
    more"."""
    node = POOL["quill-hero"].abilities[0].node
    step = node.effects.steps[0]  # type: ignore[attr-defined]
    assert isinstance(step, ast.Conditional)
    return step.condition


@pytest.mark.parametrize("theirs", [1, 2, 3])
@pytest.mark.parametrize("mine", [5, 6, 7])
def test_both_resource_tests_read_alone_are_the_conditions_test(theirs: int, mine: int) -> None:
    engine = _game(2)
    condition = _talent(engine)
    read = condition_read(condition)
    assert read is not None
    for controller in (0, 1):
        players = engine.state.players
        players[controller].resources["health"] = mine
        players[1 - controller].resources["health"] = theirs
        ctx = engine.context(None, controller=controller)
        held = theirs <= 2 and mine >= 6
        assert read(engine, controller) is conditions.test(ctx, condition) is held


def test_a_move_names_its_event_by_the_kernel_as_emit_did() -> None:
    class Renaming(PocketDuelKernel):
        def event_name(self, generic: str) -> str:
            return f"{generic}!"

    engine = _game(3)
    engine.kernel.__class__ = Renaming
    hand = engine.state.players[0].zones["hand"]
    moved, removed = hand[0], hand[1]
    engine.apply("move", RULE, uid=moved, zone="discard_pile", player=0)
    engine.apply("remove_from_game", RULE, uid=removed)
    names = [h[0] for h in engine.state.history[-2:]]
    assert names == ["moved!", "removed!"]
    assert engine.state.history[-2][1:3] == (moved, 0)
    assert engine.state.history[-1][1:3] == (removed, 0)


class _Verbs(PocketDuelKernel):
    """Names "block" by another primitive: blocking twice as much."""

    def verbs(self) -> dict[str, str]:
        return {"block": "block_twice"}

    def primitives(self) -> dict[str, Any]:
        table = super().primitives()
        block = table["block"]

        def twice(engine: Engine, cause: Any, player: int, amount: int, **rest: Any) -> None:
            block(engine, cause, player=player, amount=2 * amount, **rest)

        return {**table, "block_twice": twice}


def _block_2() -> Any:
    found = [
        a
        for d in POOL.cards.values()
        for a in d.abilities
        if a.plan.direct is not None and a.node.effects.steps[0].action.name == "block"  # type: ignore[union-attr]
    ]
    assert found
    return found[0]


@pytest.mark.parametrize("read_first", [False, True])
def test_a_text_of_a_kernels_verb_goes_to_the_primitive_its_table_names(read_first: bool) -> None:
    ability = _block_2()
    plain, renamed = _game(5), _game(5)
    renamed.kernel.__class__ = _Verbs
    renamed._direct = renamed._changes = None  # (the table read again, for the new class)
    if read_first:
        assert renamed.kernel.verb("block") == "block_twice"  # the table read: in place
    else:
        assert renamed.kernel._verbs is None  # not yet: ``verb`` reads it
    for engine in (plain, renamed):
        assert engine.resolve(ability, None, 0) is True
    pools = [e.state.data["round"]["block"]["0"] for e in (plain, renamed)]
    assert pools[1] == 2 * pools[0] > 0


def test_a_block_makes_the_rounds_pool_where_there_is_none_and_adds_to_it() -> None:
    ability = _block_2()
    engine = _game(6)
    engine.state.data.pop("round", None)
    engine.resolve(ability, None, 1)
    first = engine.state.data["round"]["block"]["1"]
    engine.state.data["round"].pop("block")
    engine.resolve(ability, None, 1)
    engine.resolve(ability, None, 1)
    assert engine.state.data["round"]["block"] == {"1": 2 * first}


def test_the_rule_values_are_read_again_for_new_cards_or_a_lasting_effect() -> None:
    engine = _game(7)
    kernel = engine.kernel
    fixed = kernel.rules(engine)
    assert fixed is kernel._rules_of_game(engine).fixed
    assert fixed["block_success_minimum"] == engine.rule("block_success_minimum")
    known = kernel._game_rules
    engine.state.next_uid += 1  # a card made: read again
    assert kernel.rules(engine) == fixed and kernel._game_rules is not known
    engine.state.lasting.append({"kind": "stat", "uids": [], "stat": "x"})
    assert kernel.rules(engine) == {}  # every rule asked of the engine


def test_all_cards_of_your_discard_pile_move_as_the_general_path_moves_them() -> None:
    """The zone's own list is read for a choice; all its cards are taken as a copy, as
    their moves change the zone."""
    card = {
        "id": "everything-back",
        "type": "rest",
        "text": "Effect: Return all cards from your discard pile to your hand.",
    }
    ability = compile_card(card, _game(0).game).abilities[0]
    assert ability.plan.direct is not None
    for seed in range(4):
        for how in ({}, {"logged": True}):
            direct = _run(ability, seed, seed % 2, True, **how)
            general = _run(ability, seed, seed % 2, False, **how)
            assert direct == general
            assert direct[1][seed % 2]["discard_pile"] == []


def _fresh(log: GameLog | None = None) -> Engine:
    """A game set up, no change made yet (its primitives' table not read)."""
    engine = new_engine([RandomAgent(1), RandomAgent(2)], 1, pool=POOL, log=log)
    engine.kernel.setup(engine, [["cinder-hero"], ["quill-hero"]])
    assert engine._changes is None
    return engine


def test_a_games_first_change_of_card_text_reads_the_table_and_goes_straight_to_it() -> None:
    first, later = _fresh(), _game()
    for engine in (first, later):
        engine.state.players[0].resources["energy"] = 0
    before = first.steps
    run = first.applier("gain", RULE)
    assert first.steps == before + 1  # counted as ``apply`` counts it
    assert run == first.kernel._primitives["gain"]  # the primitive itself
    run(first, RULE, player=0, resource="energy", amount=2)
    later.apply("gain", RULE, player=0, resource="energy", amount=2)
    assert first.state.players[0].resources == later.state.players[0].resources


def test_a_games_first_change_goes_through_apply_where_a_log_or_a_replacement_speaks() -> None:
    logged = _fresh(GameLog())
    replacing = _fresh()
    replacing.kernel.__class__ = _Replacing
    for engine in (logged, replacing):
        before = engine.steps
        run = engine.applier("gain", RULE)
        assert engine.steps == before  # ``apply`` counts it, once
        assert run != engine.kernel._primitives["gain"]
        run(engine, RULE, player=0, resource="energy", amount=1)
        assert engine.steps == before + 1
    assert any(r["t"] == "change" and r["change"] == "gain" for r in logged.log.records)  # type: ignore[union-attr]


def test_a_heal_waiting_for_the_damage_is_kept_as_gain_keeps_it() -> None:
    """ "Heal 2" in the effect step: the seat healed kept with its cause and amount (§10),
    as ``_gain``'s first answer keeps it; no health gained yet."""
    ability = POOL["sable-rest"].abilities[0]
    kept = []
    for direct in (True, False):
        engine = _game(8)
        engine.kernel._heals = heals = []
        health = engine.state.players[1].resources["health"]
        if direct:
            assert engine.resolve(ability, None, 1) is True
        else:
            cause = ability.plan.cause(None)
            engine.kernel._gain(engine, cause, 1, "health", 2)
        assert engine.state.players[1].resources["health"] == health
        kept.append(heals)
    assert kept[0] == kept[1] == [(ability.plan.cause(None), Seat(1), 2)]


def test_a_successful_block_is_listed_in_the_rounds_data_each_time() -> None:
    engine = _game(9)
    kernel = engine.kernel
    least = int(engine.rule("block_success_minimum"))
    engine.state.data.pop("round", None)
    kernel._blocked(engine, 1, None, least - 1)  # too little: not a successful block
    assert "successful_block" not in engine.state.data.get("round", {})
    kernel._blocked(engine, 1, None, least)
    kernel._blocked(engine, 0, None, least + 1)
    kernel._blocked(engine, 1, None, least)
    assert engine.state.data["round"]["successful_block"] == [1, 0, 1]
    assert [h[0] for h in engine.state.history[-3:]] == ["blocks"] * 3
