"""The plans of card text (``step_plans``: an ability's runners worked out once) do what
the general path (``effects.run_clause``, ``Context.amount``) does, and hand over to it
where the text or the moment asks for more."""

from __future__ import annotations

from typing import Any

import pytest

from cardscript.grammar import ast
from cardscript.interpreter.agents import RandomAgent
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.causes import cause_of
from cardscript.interpreter.context import fixed_amount
from cardscript.interpreter.effects import action_of, run_step
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.events import Cause
from cardscript.interpreter.select import (
    Context,
    RulesError,
    Seat,
    _zone_places,
    zone_place,
)
from cardscript.interpreter.step_plans import ability_plan, steps_runner
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine, pocket_duel_pool

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
        resolved = _game(seed)  # ``Engine.resolve``: a plain step's action run directly
        resolved.resolve(ability, source, 0)
        assert resolved.state.state_hash() == general.state.state_hash()


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
    assert (ctx.child().controller, ctx.child(1).controller, ctx.child(1).cause) == (0, 1, cause)
    assert cause_of(engine.context(None)) == Cause.new(rule="card text")


def test_a_zone_of_yours_is_the_first_of_its_places() -> None:
    engine = _game(1)
    for player in (0, 1):
        ctx = engine.context(None, controller=player)
        for possessor in ("your", "", None, "the opponent's", "each player's"):
            zone = ast.ZoneRef("hand", possessor)
            assert zone_place(ctx, zone) == _zone_places(ctx, zone)[0]


def _selector(text: str) -> ast.Cards:
    """The target of "Return <text> to your hand." as Pocket Duel reads it."""
    from cardscript.grammar.parser import parse_script

    script = parse_script(f"Effect: Return {text} to your hand.", _game(0).game.registry)
    assert script.script is not None
    clause = script.script.lines[0].ability.effects.steps[0]  # type: ignore[union-attr]
    assert isinstance(clause.action.target, ast.Cards)
    return clause.action.target


SELECTORS = [
    "up to 1 target card from your discard pile",
    "up to 1 target Strength card from your discard pile",
    "up to 1 target card from the opponent's discard pile",
    "another card from your hand",
    "target card",
]


@pytest.mark.parametrize("text", SELECTORS)
def test_a_selectors_candidates_are_the_cards_it_matches(text: str) -> None:
    """``candidates`` reads "your" zone and a noun alone directly; ``_matches`` of every
    card of its zones answers the same, for every selector."""
    from cardscript.interpreter.select import _matches, _plan, _zones_of, candidates

    selector = _selector(text)
    plan = _plan(selector)
    for seed in range(3):
        engine = _game(seed)
        for player in (0, 1):
            ctx = engine.context(_source(engine, "cinder-rest#0"), controller=player)
            listed = engine.cards_in(_zones_of(ctx, plan.zone))
            matched = [u for u in listed if _matches(ctx, plan, plan.rest, u)]
            assert candidates(ctx, selector) == matched


class _Picky(PocketDuelKernel):
    """A kernel that speaks on targets: no card with an even uid, and the opponent picks."""

    def may_choose(self, engine: Engine, ctx: Context, target: Any, span: Any = None) -> bool:
        return isinstance(target, int) and target % 2 == 1

    def target_chooser(self, engine: Engine, ctx: Context, found: list[Any]) -> int:
        return 1 - ctx.controller


def test_a_kernel_that_speaks_on_targets_is_asked() -> None:
    from cardscript.interpreter.agents import Decision
    from cardscript.interpreter.select import resolve_targets

    asked: list[Decision] = []

    class Asked(RandomAgent):
        def decide(self, decision: Decision) -> tuple[int, ...]:
            asked.append(decision)
            return super().decide(decision)

    selector = _selector("up to 1 target card from your discard pile")
    for kernel, chooser, odd in ((PocketDuelKernel, 0, False), (_Picky, 1, True)):
        engine = new_engine([Asked(1), Asked(2)], 1, pool=POOL)
        engine.kernel.setup(engine, [["cinder-hero"], ["quill-hero"]])
        for uid in list(engine.state.players[0].zones["hand"])[:4]:
            engine.state.move(uid, "discard_pile", player=0)
        engine.kernel.__class__ = kernel
        asked.clear()
        resolve_targets(engine.context(None, controller=0), selector, "return")
        (decision,) = asked
        assert decision.player == chooser
        assert all(u % 2 == 1 for u in decision.options) == odd
        assert len(decision.options) == (2 if odd else 4)


def _resources(engine: Engine, mine: int, theirs: int) -> None:
    engine.state.players[0].resources["health"] = mine
    engine.state.players[1].resources["health"] = theirs


def test_a_condition_checks_as_test_does() -> None:
    from cardscript.interpreter.conditions import condition_check
    from cardscript.interpreter.select import test

    def cmp(value: ast.Amount, op: str | None, possessor: str | None) -> ast.Test:
        comparison = ast.Comparison(value, op)
        return ast.Test("resource_cmp", comparison=comparison, name="health", possessor=possessor)

    tests = [
        cmp(ast.Amount("int", 2), "or less", "the opponent's"),
        cmp(ast.Amount("int", 6), "or more", "your"),
        cmp(ast.Amount("var", "X"), None, None),
        ast.Test("you_did"),
        ast.Test("resource_cmp", name="health"),  # no comparison: through ``_test``
    ]
    conditions = [ast.Condition((t,)) for t in tests] + [
        ast.Condition((a, b), (op,)) for a in tests for b in tests for op in ("and", "or")
    ]
    conditions.append(ast.Condition(tuple(tests[:3]), ("or", "and")))
    engine = _game(1)
    for mine, theirs, did in ((6, 2, True), (5, 2, False), (9, 4, True), (1, 1, False)):
        _resources(engine, mine, theirs)
        ctx = engine.context(None, controller=0)
        ctx.bindings, ctx.did = {"X": 4}, did
        for condition in conditions:
            assert condition_check(condition)(ctx) == test(ctx, condition), condition


def test_a_game_over_runs_no_more_text() -> None:
    """The plan of a text of one step asks whether the game is over, as every step does."""
    for key in ("ivo-intellect#1", "quill-hero#0"):
        engine = _game(1)
        _resources(engine, 6, 2)  # quill-hero's "if": the opponent is destroyed
        ability = _ability(key)
        assert ability_plan(ability).only is not None
        engine.state.result = {"winner": 0, "reason": "test", "turn": 1}
        before = engine.state.state_hash()
        assert engine.resolve(ability, _source(engine, key), 0)
        assert engine.state.state_hash() == before
        engine.state.result = None
        engine.resolve(ability, _source(engine, key), 0)
        assert engine.state.state_hash() != before


def test_an_abilitys_changes_name_it_and_its_card() -> None:
    """The cause an ability's plan remembers per card is the one ``cause_of`` makes."""
    engine = _game(1)
    ability = _ability("ivo-intellect#1")
    for source in (3, 4, 3):
        engine.recent.clear()
        engine.resolve(ability, source, 0)
        expected = cause_of(engine.context(source, ability, 0))
        assert expected.source == source and expected in engine.recent


def test_cards_chosen_earlier_are_moved_while_still_legal() -> None:
    """ "Return up to 1 target card from your discard pile": the action reads the
    selector's plan; targets chosen as the ability was played still decide, those no
    longer in the pile dropped."""
    ability = _ability("cinder-rest#0")
    target = ability.node.effects.steps[0].action.target  # type: ignore[attr-defined]
    assert isinstance(target, ast.Cards) and target.span is not None
    engine = _game(1)
    pile = engine.state.players[0].zones["discard_pile"]
    kept, gone = pile[0], engine.state.players[0].zones["hand"][0]
    engine.resolve(
        ability, _source(engine, "cinder-rest#0"), 0, targets={target.span.offset: [gone, kept]}
    )
    assert engine.state.cards[kept].zone == "hand" and engine.state.cards[gone].zone == "hand"
    assert kept not in pile and len(pile) == 2


def test_the_players_a_text_names() -> None:
    """ "The opponent" is the first of the others, without listing them all."""
    from cardscript.interpreter.select import players

    engine = _game(1)
    for n in (1, 2, 3, 4):
        engine.state.players = engine.state.players[:1] * n
        for me in range(n):
            ctx = engine.context(None, controller=me)
            others = [(me + k) % n for k in range(1, n)]
            assert players(ctx, "you") == [me]
            assert players(ctx, "the opponent") == players(ctx, "your opponent") == others[:1]
            assert players(ctx, "each opponent") == others
            assert players(ctx, "each player") == [me, *others]


def test_a_context_reads_x_and_the_events_number() -> None:
    from cardscript.interpreter.engine import Event

    engine = _game(1)
    block = _ability("cinder-defense#0")  # Block X, X = 2
    assert dict(engine.context(3, block, 0).bindings) == {"X": 2}
    assert dict(engine.context(3, _ability("cinder-rest#0"), 0).bindings) == {}
    assert engine.context(3, block, 0, Event("blocks", amount=4)).last_amount == 4
    assert engine.context(3, block, 0, Event("blocks")).last_amount == 0
    assert engine.context(3, block).controller == engine.state.cards[3].controller


def test_a_comparisons_operator_is_what_its_words_say() -> None:
    from cardscript.interpreter.context import _HOLDS

    for words, holds in _HOLDS.items():
        comparison = ast.Comparison(ast.Amount("int", 3), words or None)
        for value in range(6):
            assert holds(value, 3) == comparison.holds(value, 3), words


def test_an_actions_change_names_what_its_clause_says() -> None:
    """The keyword arguments of a change, with and without an acting card or a place: the
    actions call ``apply`` without ``**`` where they have nothing more to give."""
    engine = _game(1)
    calls: list[tuple[str, dict[str, Any]]] = []

    def record(change: str, cause: Cause, **args: Any) -> None:
        calls.append((change, args))

    def applier(change: str, cause: Cause) -> Any:  # (``apply``'s, run later)
        return lambda engine, cause, **args: record(change, cause, **args)

    engine.apply = record  # type: ignore[method-assign]
    engine.applier = applier  # type: ignore[method-assign]
    block = ast.Clause(ast.Action("primitive_amount", "block", ast.Amount("int", 2), word="damage"))
    destroy = ast.Clause(ast.Action("primitive", "destroy", target=ast.Player("the opponent")))
    send = ast.Clause(
        ast.Action("primitive", "destroy", destination=ast.Destination("to", ast.ZoneRef("hand")))
    )
    theirs = engine.state.players[1].zones["hand"][0]  # a card of the other player
    for actor in (None, theirs):
        ctx = engine.context(3, controller=0)
        ctx.actor = actor
        for clause in (block, destroy, send):
            run = action_of(clause)
            assert run is not None
            run(ctx)
    on = {"player": 0, "amount": 2, "kind": "damage"}
    place = {"target": 3, "zone": "hand", "player": None}
    assert calls == [
        ("block", on),
        ("destroy", {"target": Seat(1)}),
        ("destroy", place),
        # Block is a player's (its primitive takes no card): the acting card's controller
        ("block", {**on, "player": 1}),
        ("destroy", {"target": Seat(1), "actor": theirs}),
        ("destroy", {**place, "actor": theirs}),
    ]
