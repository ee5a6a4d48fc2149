"""The shorter ways card text is run give exactly what the general path gives, and step
aside where a log, a replacement, a card's states or a lasting effect could see the
difference: a change straight to its primitive (``applier``), a zone's cards turned down
or passed by their definitions' verdicts (``by_verdicts``), a choice's numbers read once
per selector (``_Plan.picks``)."""

from __future__ import annotations

from typing import Any

import pytest

from cardscript.grammar import ast
from cardscript.interpreter.agents import Decision, RandomAgent
from cardscript.interpreter.card_plans import _matches, _plan, _printed_verdict, by_verdicts
from cardscript.interpreter.engine import BudgetExceeded, Engine
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.select import _cards, _zones_of, chosen_cards
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine, pocket_duel_pool
from cardscript.kernels.pocket_duel.rules import RULE
from tests.test_step_plans import _selector  # "Return <text> to your hand."'s target

POOL = pocket_duel_pool()


def _game(seed: int = 1, log: GameLog | None = None) -> Engine:
    engine = new_engine([RandomAgent(seed), RandomAgent(seed + 1)], seed, pool=POOL, log=log)
    engine.kernel.setup(engine, [["cinder-hero"], ["quill-hero"]])
    engine.apply("lose", RULE, player=1, resource="energy", amount=0)  # the first change
    return engine


def _seen(engine: Engine) -> tuple[Any, ...]:
    return engine.steps, list(engine.recent), engine.state.state_hash()


def test_a_change_straight_to_its_primitive_is_what_apply_does() -> None:
    direct, general = _game(), _game()
    for engine in (direct, general):
        engine.state.players[0].resources["energy"] = 0
    run = direct.applier("gain", RULE)
    assert run == direct.kernel._primitives["gain"]  # the primitive itself
    assert run(direct, RULE, player=0, resource="energy", amount=2) is True
    assert general.apply("gain", RULE, player=0, resource="energy", amount=2) is True
    assert _seen(direct) == _seen(general)


def test_the_change_goes_through_apply_where_a_log_records_it() -> None:
    log = GameLog()
    engine = _game(log=log)
    before = engine.steps
    run = engine.applier("gain", RULE)
    assert engine.steps == before  # ``apply`` counts it, once
    run(engine, RULE, player=0, resource="energy", amount=1)
    assert engine.steps == before + 1
    assert any(r["t"] == "change" and r["change"] == "gain" for r in log.records)


class _Replacing(PocketDuelKernel):
    def replaceable(self, change: str, args: dict[str, Any]) -> str | None:
        self.asked = [*getattr(self, "asked", []), change]
        return None


def test_the_change_goes_through_apply_where_a_replacement_may_speak() -> None:
    engine = _game()
    engine.kernel = kernel = _Replacing()
    engine._changes, engine._direct = None, None  # read again for this kernel
    engine.applier("gain", RULE)(engine, RULE, player=0, resource="energy", amount=1)
    engine.applier("gain", RULE)(engine, RULE, player=0, resource="energy", amount=1)
    assert kernel.asked == ["gain", "gain"]


def test_a_change_straight_to_its_primitive_counts_against_the_budget() -> None:
    engine = _game()
    engine.budget = engine.steps
    with pytest.raises(BudgetExceeded):
        engine.applier("gain", RULE)


SELECTORS = [
    "up to 1 target Weapon card from your discard pile",
    "up to 1 target Defense card from your hand",
    "target opposing Strength card",
    "up to 2 target Agility cards from your hand",
    "another Rest card from your hand",
    "up to 1 target card from your discard pile",
]


def _spread(engine: Engine) -> None:
    """Cards in the discard piles, one of them with a state."""
    state = engine.state
    for player in (0, 1):
        for uid in list(state.players[player].zones["hand"])[:4]:
            state.move(uid, "discard_pile", player=player)
    state.cards[state.players[0].zones["hand"][0]].states.add("face_down")
    state.cards[state.players[0].zones["discard_pile"][0]].states.add("face_down")


@pytest.mark.parametrize("text", SELECTORS)
def test_a_zones_cards_by_their_definitions_verdicts_are_those_it_matches(text: str) -> None:
    """``_cards`` turns cards down, or passes their adjectives, by their definitions'
    verdicts while nothing lasting is in play; ``_matches`` of every card answers the
    same (a card with a state asked in full), and so it does with a lasting effect."""
    selector = _selector(text)
    plan = _plan(selector)
    for seed in range(4):
        engine = _game(seed)
        _spread(engine)
        for lasting in (False, True):
            if lasting:  # then every card is asked in full
                engine.state.lasting.append({"kind": "stat", "uids": [], "stat": "x"})
            for player in (0, 1):
                ctx = engine.context(None, controller=player)
                listed = engine.cards_in(_zones_of(ctx, plan.zone))
                assert by_verdicts(ctx, plan, listed) == [
                    u for u in listed if _matches(ctx, plan, plan.rest, u)
                ]
                assert _cards(ctx, plan) == [u for u in listed if _matches(ctx, plan, plan.rest, u)]


def test_a_verdict_passes_a_cards_adjectives_only_where_its_definition_answers_them() -> None:
    engine = _game()
    _spread(engine)
    weapon = next(u for u in engine.state.cards if engine.definition(u).type == "weapon")
    rest = next(u for u in engine.state.cards if engine.definition(u).type == "rest")
    plan = _plan(_selector("up to 1 target Weapon card from your discard pile"))
    assert _printed_verdict(engine, plan, weapon)[2:] == (False, True)
    assert _printed_verdict(engine, plan, rest)[2:] == (True, False)
    # "opposing": the card's play, not its definition's: asked of the card every time
    plan = _plan(_selector("target opposing Weapon card"))
    assert _printed_verdict(engine, plan, weapon)[2:] == (False, False)


@pytest.mark.parametrize(
    ("text", "least", "most"),
    [
        ("up to 1 target card from your discard pile", 0, 1),
        ("up to 2 target cards from your discard pile", 0, 2),
        ("target card in your discard pile", 1, 1),
        ("2 target cards in your discard pile", 2, 2),
        ("up to X target cards from your discard pile", 0, 3),
        ("up to 9 target cards from your discard pile", 0, 4),  # no more than there are
    ],
)
def test_a_choice_among_a_zones_cards_asks_for_its_quantifiers_numbers(
    text: str, least: int, most: int
) -> None:
    asked: list[Decision] = []

    class Asked(RandomAgent):
        def decide(self, decision: Decision) -> tuple[int, ...]:
            asked.append(decision)
            return super().decide(decision)

    engine = new_engine([Asked(1), Asked(2)], 1, pool=POOL)
    engine.kernel.setup(engine, [["cinder-hero"], ["quill-hero"]])
    _spread(engine)
    ctx = engine.context(None, controller=0)
    ctx.bindings = {"X": 3}
    listed = list(engine.state.players[0].zones["discard_pile"])
    picked = chosen_cards(ctx, _plan(_selector(text)), "return")
    (decision,) = asked
    assert (decision.options, decision.least, decision.most) == (tuple(listed), least, most)
    assert all(u in listed for u in picked)
    assert least <= len(picked) <= most


def test_every_card_of_a_zone_is_a_card_and_each_takes_them_all() -> None:
    engine = _game()
    _spread(engine)
    ctx = engine.context(None, controller=0)
    listed = list(engine.state.players[0].zones["discard_pile"])
    assert _cards(ctx, _plan(_selector("up to 1 target card from your discard pile"))) == listed
    assert chosen_cards(ctx, _plan(_selector("each card from your discard pile")), "") == listed
    top = chosen_cards(ctx, _plan(_selector("the top 2 cards of your discard pile")), "")
    assert top == listed[-2:][::-1]


def test_an_abilitys_plan_is_read_once_and_is_ability_plans() -> None:
    from cardscript.interpreter.step_plans import ability_plan

    for definition in POOL.cards.values():
        for ability in definition.abilities:
            plan = ability.plan
            assert plan is ability_plan(ability) is ability.plan
            assert plan.quick == (plan.guard is not None or plan.direct is not None)


@pytest.mark.parametrize(("mine", "theirs"), [(6, 2), (9, 1), (5, 2), (6, 3), (1, 9)])
def test_a_text_whose_one_if_step_fails_on_the_game_alone_is_not_read(
    mine: int, theirs: int
) -> None:
    """ "At the end of the round, if the opponent's health is 2 or less and your health
    is 6 or more, destroy the opponent": its test asked before a context is made; the
    game is the general path's (``steps_runner`` on a context) either way."""
    from cardscript.interpreter.step_plans import steps_runner

    ability = POOL["quill-hero"].abilities[0]
    assert ability.plan.guard is not None
    guarded, general = _game(), _game()
    for engine in (guarded, general):
        engine.state.players[0].resources["health"] = mine
        engine.state.players[1].resources["health"] = theirs
    assert guarded.resolve(ability, None, 0) is True
    ctx = general.context(None, ability, 0)
    steps_runner(ability.node.effects)(ctx)  # type: ignore[attr-defined]
    assert ctx.condition_held == (mine >= 6 and theirs <= 2)
    assert _seen(guarded) == _seen(general)
    assert guarded.state.data == general.state.data


def test_a_test_the_context_speaks_in_is_no_guard() -> None:
    from cardscript.interpreter.conditions import condition_read

    def cmp(value: ast.Amount) -> ast.Test:
        return ast.Test("resource_cmp", comparison=ast.Comparison(value, "or more"), name="x")

    fixed, var = cmp(ast.Amount("int", 2)), cmp(ast.Amount("var", "X"))
    assert condition_read(ast.Condition((fixed, fixed), ("and",))) is not None
    assert condition_read(ast.Condition((fixed, var), ("and",))) is None
    assert condition_read(ast.Condition((fixed, ast.Test("you_did")), ("or",))) is None
    for definition in POOL.cards.values():  # texts with costs are paid first: no guard
        for ability in definition.abilities:
            if getattr(ability.node, "costs", None) is not None:
                assert ability.plan.guard is None


DIRECT = [
    a
    for d in POOL.cards.values()
    for a in d.abilities
    if isinstance(a.node, ast.EffectAbility | ast.Triggered) and a.plan.direct is not None
]


def test_the_texts_run_without_a_context_are_the_plain_ones() -> None:
    texts = {str(a.line.ability.effects.steps[0].action.verb) for a in DIRECT}  # type: ignore[union-attr]
    # and choices from a pile: ``test_direct_moves``
    assert texts == {"gain", "lose", "heal", "primitive_amount", "move", "remove_card", "deal"}
    # "You may deal 1 damage to the opponent.", "Deal 1 unblockable damage to the opponent."
    for key in ("cinder-weapon#0", "quill-superpower#0"):
        card_id, index = key.split("#")
        assert POOL[card_id].abilities[int(index)].plan.direct is not None
    # "You may return a card from your discard pile to your hand": its cards may need a
    # context once the controller has said yes (the general path asks it then)
    assert POOL["sable-agility"].abilities[1].plan.direct is None
    from cardscript.interpreter.direct_steps import direct_step

    def gain(amount: ast.Amount, **clause: Any) -> ast.Clause:
        return ast.Clause(ast.Action("gain", "energy", amount), **clause)

    one, x, that_many = ast.Amount("int", 1), ast.Amount("var", "X"), ast.Amount("that_many")
    assert direct_step(gain(one), None) is not None
    assert direct_step(gain(x), {"X": 2}) is not None
    assert direct_step(gain(x), None) is None  # no value: the general path says so
    assert direct_step(gain(that_many), None) is None  # the context's number
    assert direct_step(gain(one, optional=True), None) is not None  # asked, then run
    assert direct_step(gain(one, subject=ast.Player("each player")), None) is None


@pytest.mark.parametrize("ability", DIRECT, ids=lambda a: a.key)
def test_a_text_run_without_a_context_does_what_the_general_path_does(ability: Any) -> None:
    """ "Gain 1 energy", "The opponent loses 1 energy", "Heal 2", "Block 2": the same
    changes, counted and caused alike, as the clause's runner on a context; with targets
    chosen earlier the general path runs them."""
    from cardscript.interpreter.step_plans import steps_runner

    for seed, controller in ((1, 0), (2, 1), (3, 0)):
        direct, general, chosen = _game(seed), _game(seed), _game(seed)
        for engine in (direct, general, chosen):
            for player in engine.state.players:
                player.resources.update(energy=1, health=4)
        source = next(iter(direct.state.cards))
        assert direct.resolve(ability, source, controller) is True
        assert chosen.resolve(ability, source, controller, targets={-1: []}) is True
        ctx = general.context(source, ability, controller)
        ctx.cause = ability.plan.cause(source)
        steps_runner(ability.node.effects)(ctx)
        assert _seen(direct) == _seen(general) == _seen(chosen)
        assert direct.state.data == general.state.data == chosen.state.data


def test_a_card_in_play_is_selected_where_it_is_listed() -> None:
    """``selects`` of a selector without a zone: a card of a play zone listed there (its
    controller's, another player's), never one its zone names but no list holds."""
    from cardscript.interpreter.select import selects

    engine = _game()
    state = engine.state
    uid = state.players[0].zones["hand"][0]
    selector = _selector("target card")
    ctx = engine.context(None, controller=0)
    assert not selects(ctx, selector, uid)  # in a hand: not in play
    state.move(uid, "table", player=0)
    assert selects(ctx, selector, uid)
    state.cards[uid].controller = 1  # listed under player 0's table all the same
    assert selects(ctx, selector, uid)
    state.players[0].zones["table"].remove(uid)
    assert not selects(ctx, selector, uid)
    state.shared.setdefault("table", []).append(uid)
    assert selects(ctx, selector, uid)


@pytest.mark.parametrize("logged", [False, True])
def test_remove_target_card_chooses_among_the_zones_cards_and_removes_it(logged: bool) -> None:
    """ "On hit: Remove target card in the opponent's discard pile." (its selector read
    once): one of the pile's cards, chosen by the text's controller, leaves the game; the
    change goes through ``apply`` where a log records it."""
    log = GameLog() if logged else None
    engine = _game(log=log)
    _spread(engine)
    pile = list(engine.state.players[1].zones["discard_pile"])
    steps = engine.steps
    engine.resolve(POOL["marrow-weapon"].abilities[0], None, 0)
    (gone,) = set(pile) - set(engine.state.players[1].zones["discard_pile"])
    assert engine.state.cards[gone].zone == engine.kernel.removed_zone
    assert engine.steps == steps + 1
    if log is not None:
        changes = [r for r in log.records if r["t"] == "change"]
        assert changes[-1]["change"] == "remove_from_game"
        assert changes[-1]["args"] == {"uid": gone}
        assert changes[-1]["cause"]["ability"] == "marrow-weapon#0"


@pytest.mark.parametrize(
    ("kind", "least", "most", "legal"),
    [
        ("targets", 0, 1, True),  # "up to 1 target": none may be picked
        ("targets", 0, 0, True),
        ("targets", 1, 1, False),
        ("targets", 1, 2, False),
        ("order", 0, 1, False),  # an order names every option
    ],
)
def test_choose_takes_an_empty_answer_where_check_answer_does(
    kind: str, least: int, most: int, legal: bool
) -> None:
    from cardscript.interpreter.agents import IllegalAnswer, ScriptedAgent, check_answer

    engine = _game()
    engine.agents = [ScriptedAgent([()]), ScriptedAgent([])]
    decision = Decision(0, kind, "p", (5, 6), ("a", "b"), least, most)
    if legal:
        assert check_answer(decision, ()) == ()
        assert engine.choose(0, kind, "p", (5, 6), ("a", "b"), least, most) == ()
    else:
        with pytest.raises(IllegalAnswer):
            check_answer(decision, ())
        with pytest.raises(IllegalAnswer):
            engine.choose(0, kind, "p", (5, 6), ("a", "b"), least, most)


def test_a_card_returned_to_your_hand_goes_where_zone_place_says() -> None:
    """ "Return … to your hand": the controller's hand read in place, as ``zone_place``
    reads it, for either player."""
    from cardscript.interpreter.select import zone_place

    ability = POOL["ivo-rest"].abilities[0]
    destination = ability.node.effects.steps[0].action.destination  # type: ignore[attr-defined]
    for controller in (0, 1):
        engine = _game(controller + 3)
        _spread(engine)
        before = set(engine.state.players[controller].zones["discard_pile"])
        for _ in range(6):  # until a card is chosen ("up to 1": none, at times)
            engine.resolve(ability, None, controller)
        zone, owner = zone_place(engine.context(None, controller=controller), destination.zone)
        moved = before - set(engine.state.players[controller].zones["discard_pile"])
        assert moved and owner == controller
        assert all(u in engine.state.players[owner].zones[zone] for u in moved)


def _ability(card_id: str, index: int) -> Any:
    return POOL[card_id].abilities[index]


@pytest.mark.parametrize("answer", [0, 1], ids=["yes", "no"])
@pytest.mark.parametrize("logged", [False, True], ids=["plain", "logged"])
def test_a_may_step_run_without_a_context_asks_as_the_general_path_asks(
    answer: int, logged: bool
) -> None:
    """ "On hit: You may deal 1 damage to the opponent." run without a context: the
    controller is asked the same question (prompt, options, labels) by an agent that
    sees it, and the damage is dealt, counted and logged only on a yes."""
    ability = _ability("cinder-weapon", 0)
    assert ability.plan.direct is not None
    from cardscript.interpreter.step_plans import steps_runner

    class Answers(RandomAgent):
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            self.asked: list[tuple[Any, ...]] = []

        def decide(self, decision: Decision) -> tuple[int, ...]:
            self.asked.append((decision.player, decision.kind, decision.prompt, decision.options))
            self.asked.append(tuple(decision.labels))
            return (answer,)

    seen = []
    for direct in (True, False):
        engine = _game(3, log=GameLog() if logged else None)
        agents = [Answers(1), Answers(2)]
        engine.agents = agents
        engine.state.players[1].resources["health"] = 7
        source = next(iter(engine.state.cards))
        if direct:
            assert engine.resolve(ability, source, 0) is True
        else:
            ctx = engine.context(source, ability, 0)
            ctx.cause = ability.plan.cause(source)
            steps_runner(ability.node.effects)(ctx)
        records = engine.log.records if engine.log is not None else None
        health = engine.state.players[1].resources["health"]
        seen.append((agents[0].asked + agents[1].asked, _seen(engine), records, health))
    assert seen[0] == seen[1]
    asked, _, records, health = seen[0]
    assert asked == [
        (0, "yes_no", "you may deal 1 damage to the opponent?", (True, False)),
        ("yes", "no"),
    ]
    assert health == (6 if answer == 0 else 7)
    if logged:
        assert records is not None
        dealt = [r for r in records if r.get("t") == "change" and r.get("change") == "deal_damage"]
        assert len(dealt) == (1 if answer == 0 else 0)


def test_a_deal_step_run_without_a_context_deals_to_the_words_players() -> None:
    """ "Deal 1 unblockable damage to the opponent.": the opponent of the text's
    controller takes it, from either seat, with the damage's quality, as the general path."""
    ability = _ability("quill-superpower", 0)
    assert ability.plan.direct is not None
    for controller in (0, 1):
        engine = _game(4)
        before = [p.resources["health"] for p in engine.state.players]
        assert engine.resolve(ability, next(iter(engine.state.cards)), controller) is True
        after = [p.resources["health"] for p in engine.state.players]
        assert after[1 - controller] == before[1 - controller] - 1
        assert after[controller] == before[controller]
