"""The game-independent engine, exercised through the tiny test game in tests/testgame."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardscript.interpreter.agents import (
    Decision,
    FirstAgent,
    IllegalAnswer,
    Labels,
    RandomAgent,
    ScriptedAgent,
    ScriptExhausted,
    TerminalAgent,
    answers_by_count,
)
from cardscript.interpreter.engine import BudgetExceeded, Cause, Engine, Event, LoopDetected
from cardscript.interpreter.kernel import Kernel
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.select import Seat
from tests.testgame.kernel import TinyKernel, new_engine

DECK = [
    "bear",
    "imp",
    "banner",
    "shepherd",
    "knight",
    "golem",
    "dove",
    "scholar",
    "bolt",
    "smite",
    "ward",
    "lure",
    "choice",
] * 2
RULE = Cause(rule="test")


def _table(answers: list[list[int]] | None = None, **kw: object) -> Engine:
    agents = [ScriptedAgent(answers or [], FirstAgent()), FirstAgent()]
    engine = new_engine(agents, **kw)  # type: ignore[arg-type]
    for player in engine.state.players:
        player.resources["life"] = 10
    return engine


def _put(engine: Engine, card_id: str, player: int = 0, zone: str = "play") -> int:
    return engine.state.create_card(card_id, player, zone).uid


def _creature(engine: Engine, card_id: str, text: str) -> None:
    """A creature of power 1 with ``text`` added to the game's pool."""
    engine.pool.add({"id": card_id, "name": card_id, "type": "creature", "power": 1, "text": text})


def _life(engine: Engine, player: int) -> int:
    return engine.state.players[player].resources["life"]


def test_triggered_ability_runs_and_the_log_names_its_source() -> None:
    log = GameLog()
    engine = _table(log=log)
    imp = _put(engine, "imp", zone="hand")
    engine.kernel.main(engine, 0)  # the first agent plays the first card in hand: the imp
    assert engine.state.cards[imp].zone == "play"
    assert _life(engine, 1) == 9
    damage = [r for r in log.records if r["t"] == "change" and r["change"] == "deal_damage"]
    assert damage[0]["cause"] == {"card": "imp", "ability": "imp#0", "at": "1:1"}


def test_a_change_caused_by_card_text_names_the_acting_instance() -> None:
    engine = _table()
    imp = _put(engine, "imp", zone="hand")
    seen: list[Cause] = []
    apply = engine.apply

    def spy(change: str, cause: Cause, **args: object) -> object:
        seen.append(cause)
        return apply(change, cause, **args)

    engine.apply = spy  # type: ignore[method-assign]
    engine.kernel.main(engine, 0)
    damage = [c for c in seen if c.card == "imp"]
    assert [c.source for c in damage] == [imp]
    assert "source" not in damage[0].as_dict()  # the log names cards, not instances


def test_trigger_on_another_card_and_controller_filter() -> None:
    engine = _table()
    _put(engine, "shepherd")
    _put(engine, "bear", zone="hand")
    _put(engine, "bear", player=1, zone="hand")
    engine.kernel.main(engine, 0)
    assert _life(engine, 0) == 11  # "a creature you control enters play"
    engine.kernel.main(engine, 1)
    assert _life(engine, 0) == 11  # the opponent's creature does not count


def test_continuous_stat_change_starts_and_stops_with_its_source() -> None:
    engine = _table()
    bear = _put(engine, "bear")
    enemy = _put(engine, "bear", player=1)
    banner = _put(engine, "banner")
    assert (engine.stat(bear, "power"), engine.stat(enemy, "power")) == (3, 2)
    assert engine.stat(banner, "power") == 1  # it is a creature you control too
    engine.apply("move", RULE, uid=banner, zone="discard")
    assert engine.stat(bear, "power") == 2


def test_lasting_effect_ends_with_its_period() -> None:
    engine = _table()
    bear = _put(engine, "bear")
    engine.state.lasting.append(
        {"kind": "stat", "stat": "power", "delta": 2, "uids": [bear], "until": "turn"}
    )
    assert engine.stat(bear, "power") == 4
    engine.end_period("turn")
    assert engine.stat(bear, "power") == 2


def _gets(engine: Engine, uid: int, text: str) -> None:
    from cardscript.grammar.parser import parse_script
    from cardscript.interpreter.effects import run_steps

    script = parse_script(f"When this enters play, this gets {text}.", engine.game.registry)
    assert script.script is not None
    ability = script.script.lines[0].ability
    run_steps(engine.context(uid), ability.effects)  # type: ignore[union-attr]


def test_until_end_of_the_next_turn_and_of_your_opponents_turn() -> None:
    engine = _table()
    bear = _put(engine, "bear")  # power 2, player 0's turn
    _gets(engine, bear, "+1 power until end of the next turn")
    _gets(engine, bear, "+10 power until end of your opponent's turn")
    _gets(engine, bear, "+100 power until end of turn")
    assert engine.stat(bear, "power") == 113
    engine.end_period("turn")  # the end of player 0's turn: only "until end of turn" stops
    assert engine.stat(bear, "power") == 13
    engine.state.active = 1
    engine.end_period("turn")  # the end of the next turn, the opponent's: both stop
    assert engine.stat(bear, "power") == 2
    _gets(engine, bear, "+10 power until end of your opponent's turn")  # in their turn
    assert engine.stat(bear, "power") == 12
    engine.end_period("turn", player=1)  # ends with the opponent's turn it was made in
    assert engine.stat(bear, "power") == 2


def test_replacement_instead_of_destroy() -> None:
    engine = _table()
    knight = _put(engine, "knight", zone="hand")
    engine.kernel.main(engine, 0)
    assert engine.state.cards[knight].counters == {"shield": 2}
    engine.apply("destroy", RULE, target=knight)
    assert (engine.state.cards[knight].zone, engine.state.cards[knight].counters) == (
        "play",
        {"shield": 1},
    )


def test_a_replacement_does_not_replace_what_its_own_effect_does() -> None:
    # "destroy it instead" destroys: the same replacement does not apply to that again
    # (before: a recursion with no end, an internal error)
    engine = _table()
    _creature(engine, "stubborn", "If this would be destroyed, destroy it instead.")
    wall = _put(engine, "stubborn")
    engine.apply("destroy", RULE, target=wall)
    assert engine.state.cards[wall].zone == "discard"
    assert engine.steps == 2  # the destroy replaced, and the one its effect made


def test_prevention_armor_counts_per_turn() -> None:
    engine = _table()
    golem = _put(engine, "golem")
    engine.apply("deal_damage", RULE, target=golem, amount=1, kind="damage", source=None)
    engine.apply("deal_damage", RULE, target=golem, amount=1, kind="damage", source=None)
    assert engine.state.cards[golem].counters.get("damage", 0) == 0
    engine.apply("deal_damage", RULE, target=golem, amount=1, kind="damage", source=None)
    assert engine.state.cards[golem].zone == "discard"  # 1 damage ≥ its power 1


def test_standing_prevention_budget_starts_again_each_turn() -> None:
    """The engine's own reading of "prevent the first X damage dealt to this each turn"
    (Armor 2 of the test game): 2 a turn, again after the turn ends."""
    engine = _table()
    golem = _put(engine, "golem")
    dealt = engine.apply("deal_damage", RULE, target=golem, amount=2, kind="damage", source=None)
    assert (dealt, engine.state.used) == (0, {f"{golem}:golem#0:prevented": 2})
    engine.end_period("turn")
    dealt = engine.apply("deal_damage", RULE, target=golem, amount=2, kind="damage", source=None)
    assert (dealt, engine.state.cards[golem].zone) == (0, "play")


def test_standing_prevention_of_a_player_by_a_kind_of_card() -> None:
    """ "Dealt to you by <cards>": a player's damage, only from cards the selector names."""
    engine = _table()
    _creature(engine, "warder", "Prevent the first 2 damage dealt to you by creatures each turn.")
    _put(engine, "warder")
    bear = _put(engine, "bear", player=1)
    bolt = _put(engine, "bolt", player=1)
    you = Seat(0)
    engine.apply("deal_damage", RULE, target=you, amount=3, kind="damage", source=bolt)
    assert _life(engine, 0) == 7  # a spell: nothing prevented
    engine.apply("deal_damage", RULE, target=you, amount=3, kind="damage", source=bear)
    assert _life(engine, 0) == 6  # a creature: 2 prevented
    engine.apply("deal_damage", RULE, target=Seat(1), amount=3, kind="damage", source=bear)
    assert _life(engine, 1) == 7  # the other player: not covered


def test_a_number_rule_set_to_unlimited_is_a_whole_number_past_any_game() -> None:
    # a float infinity broke the kernels' ``int(...)`` (an internal error; found by fuzzing)
    engine = _table()
    _creature(engine, "glutton", "Rule draw_count is unlimited for you.")
    _put(engine, "glutton")
    for _ in range(3):
        _put(engine, "bear", zone="deck")
    assert (engine.rule("draw_count", player=0), engine.rule("draw_count", player=1)) == (
        10**9,
        1,
    )
    engine.kernel.turn(engine)  # it draws what the deck has
    assert engine.state.players[0].zones["deck"] == []


def test_where_x_is_speaks_for_the_cost_too() -> None:
    # "pay X life" read X before the effects bound it: "X has no value here" (a game error)
    engine = _table()
    _creature(
        engine, "hoarder", "Pay X life → draw X cards, where X is the number of cards in your hand."
    )
    hoarder = _put(engine, "hoarder")
    for zone, count in (("hand", 2), ("deck", 5)):
        for _ in range(count):
            _put(engine, "bear", zone=zone)
    (ability,) = engine.definition(hoarder).abilities
    assert engine.resolve(ability, hoarder, 0)
    assert (_life(engine, 0), len(engine.state.players[0].zones["hand"])) == (8, 4)


def test_rule_hooks_default_and_overridden_by_card_text() -> None:
    engine = _table()
    assert engine.rule("draw_count", player=0) == 1
    _put(engine, "scholar")
    assert (engine.rule("draw_count", player=0), engine.rule("draw_count", player=1)) == (2, 1)
    dove = _put(engine, "dove")
    bear = _put(engine, "bear")
    assert (engine.rule("attack_damage", uid=dove), engine.rule("attack_damage", uid=bear)) == (
        False,
        True,
    )


def test_cannot_beats_can() -> None:
    engine = _table()
    bear = _put(engine, "bear")
    assert engine.permitted("be_attacked", bear) is None  # no text speaks: the kernel decides
    _put(engine, "lure", player=1)
    assert engine.permitted("be_attacked", bear) is True
    _put(engine, "ward")
    assert engine.permitted("be_attacked", bear) is False


def test_choose_one_asks_and_runs_the_chosen_effect() -> None:
    engine = _table(answers=[[0], [1]])  # play the first card (Fork), then option 2
    _put(engine, "choice", zone="hand")
    engine.kernel.main(engine, 0)
    assert (_life(engine, 0), _life(engine, 1)) == (10, 8)


def test_targets_are_chosen_by_the_controller() -> None:
    engine = _table(answers=[[0], [1]])  # play Bolt, target the second creature offered
    _put(engine, "bolt", zone="hand")
    first = _put(engine, "bear", player=1)
    second = _put(engine, "bear", player=1)
    for _n in range(3):
        engine.state.create_card("bear", 0, "deck")
    engine.kernel.main(engine, 0)
    assert engine.state.cards[second].zone == "discard"
    assert engine.state.cards[first].zone == "play"
    assert len(engine.state.players[0].zone("hand")) == 1  # "then draw a card"


def test_step_budget_names_the_runaway_card() -> None:
    engine = _table(kernel=TinyKernel(loop_check=False), budget=500)
    sprite = _put(engine, "flicker")
    with pytest.raises(BudgetExceeded, match=r"more than 500 steps.*flicker"):
        engine.apply("exhaust", RULE, target=sprite)
        engine.kernel.resolve_pending(engine)


def test_loop_is_detected_and_named() -> None:
    engine = _table()
    sprite = _put(engine, "flicker")
    with pytest.raises(LoopDetected, match="Flicker Sprite"):
        engine.apply("exhaust", RULE, target=sprite)
        engine.kernel.resolve_pending(engine)


class _RaisingKernel(TinyKernel):
    """The base on_loop (it raises): the engine reads the state only once a trigger
    resolves a second time in the chain."""

    on_loop = Kernel.on_loop


def _loop_reads(kernel: TinyKernel) -> list[int]:
    """The engine's step count at each state read of the flicker loop, up to the error."""
    engine = _table(kernel=kernel)
    sprite = _put(engine, "flicker")
    reads: list[int] = []
    loop_key = engine.state.loop_key

    def counted() -> int:
        reads.append(engine.steps)
        return loop_key()

    engine.state.loop_key = counted  # type: ignore[method-assign]
    with pytest.raises(LoopDetected, match="Flicker Sprite"):
        engine.apply("exhaust", RULE, target=sprite)
        engine.kernel.resolve_pending(engine)
    return reads


def test_loop_is_detected_with_the_base_policy_one_round_later() -> None:
    # a kernel with its own on_loop: the state at every resolution, found at the first
    # repeat; with the base one (it raises) the reads start at the second resolution
    assert _loop_reads(TinyKernel()) == [1, 2, 3]
    assert _loop_reads(_RaisingKernel()) == [3, 4, 5]


def _play_game(seed: int, log: GameLog | None = None, agents: list[object] | None = None) -> Engine:
    engine = new_engine(
        agents or [RandomAgent(seed), RandomAgent(seed + 1)],
        seed,  # type: ignore[arg-type]
        log=log,
    )
    engine.kernel.setup(engine, [DECK, DECK])
    engine.kernel.play(engine)
    return engine


def test_same_seed_same_game_and_replay_verifies_every_hash() -> None:
    first, second = GameLog(), GameLog()
    a = _play_game(7, first)
    b = _play_game(7, second)
    assert first.hashes() == second.hashes() and len(first.hashes()) > 3
    assert a.state.result == b.state.result
    replay = GameLog()
    c = _play_game(7, replay, [ScriptedAgent(first.answers(0)), ScriptedAgent(first.answers(1))])
    assert replay.hashes() == first.hashes()
    assert c.state.result == a.state.result
    different = GameLog()
    _play_game(8, different)
    assert different.hashes() != first.hashes()


def test_determinism_across_processes() -> None:
    code = (
        "import sys, json; sys.path.insert(0, '.');"
        "from tests.test_engine import _play_game; from cardscript.interpreter.log import GameLog;"
        "log = GameLog(); _play_game(11, log); print(json.dumps(log.hashes()))"
    )
    root = Path(__file__).resolve().parent.parent
    runs = [
        subprocess.run(
            [sys.executable, "-c", code],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": str(n), "PATH": ""},
        )
        for n in (1, 2)
    ]
    first, second = (json.loads(r.stdout) for r in runs)
    assert first == second and len(first) > 3


def test_agents() -> None:
    decision = Decision(0, "targets", "pick", ("a", "b", "c"), ("a", "b", "c"), 1, 2)
    assert FirstAgent().decide(decision) == (0,)
    assert RandomAgent(3).decide(decision) == RandomAgent(3).decide(decision)
    order = Decision(0, "order", "order", ("x", "y"), ("x", "y"), 2, 2)
    assert sorted(RandomAgent(5).decide(order)) == [0, 1]
    scripted = ScriptedAgent([[2]])
    assert scripted.decide(decision) == (2,)
    with pytest.raises(ScriptExhausted, match="no scripted answer left for: pick"):
        scripted.decide(decision)
    said: list[str] = []
    replies = iter(["9", "x", "2 3"])
    human = TerminalAgent(read=lambda prompt: next(replies), write=said.append)
    assert human.decide(decision) == (1, 2)
    assert "that is not a legal answer here\n" in said
    assert "please answer with the numbers of your choices\n" in said


def test_one_of_n_answers_as_decide_does_and_is_asked_only_where_nothing_records() -> None:
    """An agent's ``one_of`` is its ``decide`` answer to one of n: the engine asks it
    instead of building the decision, but not for any other kind of choice or while a
    log records the decisions."""
    for seed in range(20):
        by_count, by_decision = RandomAgent(seed), RandomAgent(seed)
        for n in (1, 2, 3, 7, 9):
            pick = Decision(0, "action", "pick", tuple(range(n)), (), 1, 1)
            assert (by_count.one_of(n),) == by_decision.decide(pick)
    assert FirstAgent().one_of(5) == 0

    class Counting(RandomAgent):
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            self.asked: list[str] = []

        def one_of(self, n: int) -> int:
            self.asked.append("one_of")
            return super().one_of(n)

        def decide(self, decision: Decision) -> tuple[int, ...]:
            self.asked.append("decide")
            return super().decide(decision)

    quick, full = Counting(4), Counting(4)
    unlogged = new_engine([quick, FirstAgent()])
    logged = new_engine([full, FirstAgent()], log=GameLog())
    for engine in (unlogged, logged):
        for _ in range(5):
            engine.choose(0, "action", "pick", ["a", "b", "c"])
        engine.choose(0, "targets", "up to 1", ["a", "b"], None, 0, 1)
        engine.choose(0, "order", "order", ["a"], None, 1, 1)
    assert quick.asked == ["one_of"] * 5 + ["decide", "decide"]
    assert full.asked == ["decide"] * 7
    assert quick.rng.state == full.rng.state  # the same draws either way

    class Watching(RandomAgent):  # a decide of its own: it is asked that, every time
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            self.seen: list[str] = []

        def decide(self, decision: Decision) -> tuple[int, ...]:
            self.seen.append(decision.prompt)
            return super().decide(decision)

    watching = Watching(4)
    engine = new_engine([watching, FirstAgent()])
    assert engine.choose(0, "action", "pick", ["a", "b", "c"]) == (RandomAgent(4).one_of(3),)
    assert watching.seen == ["pick"]
    for method in ("one_of", "some_of"):
        assert answers_by_count(RandomAgent(1), method) and answers_by_count(FirstAgent(), method)
        assert not answers_by_count(watching, method)
        assert not answers_by_count(ScriptedAgent([]), method)


def test_labels_are_built_only_when_read() -> None:
    built: list[int] = []

    def make() -> list[str]:
        built.append(1)
        return ["pass", "attack"]

    engine = new_engine([RandomAgent(1), RandomAgent(2)])
    assert engine.choose(0, "action", "priority", [None, "a"], Labels(make)) in ((0,), (1,))
    assert built == []  # a random agent never reads them
    log = GameLog()
    engine = new_engine([ScriptedAgent([[1]]), FirstAgent()], log=log)
    assert engine.choose(0, "action", "priority", [None, "a"], Labels(make)) == (1,)
    assert built == [1] and log.records[-1]["labels"] == ["attack"]
    labels = Labels(make)
    assert labels == ("pass", "attack") and repr(labels) == repr(("pass", "attack"))
    assert built == [1, 1]


def test_an_illegal_answer_is_refused_with_the_decision_named() -> None:
    engine = _table(answers=[[5]])
    _put(engine, "bear", zone="hand")
    with pytest.raises(IllegalAnswer, match=r"illegal answer \[5\] to: play a card"):
        engine.kernel.main(engine, 0)


def test_events_reach_the_history_for_this_turn_filters() -> None:
    engine = _table()
    bear = _put(engine, "bear")
    engine.emit(Event("attacks", subject=bear, player=0))
    assert engine.state.history[-1] == ("attacks", bear, 0, 0)  # (event, subject, player, turn)
    engine.end_period("turn")
    assert engine.state.history == []


def test_player_targets_are_seats() -> None:
    engine = _table()
    engine.apply("deal_damage", RULE, target=Seat(1), amount=4, kind="damage", source=None)
    assert _life(engine, 1) == 6


def test_set_before_add_and_newest_set_wins() -> None:
    engine = _table()
    bear = _put(engine, "bear", player=1)
    _put(engine, "banner", player=1)  # +1 power to its controller's creatures
    assert engine.stat(bear, "power") == 3
    _put(engine, "shrink")  # sets the opponent's creatures to 1, before the +1
    assert engine.stat(bear, "power") == 2
    engine.state.lasting.append(
        {"kind": "set", "stat": "power", "value": 5, "uids": [bear], "until": "turn"}
    )
    assert engine.stat(bear, "power") == 6  # the newest set (lasting) wins, then the +1
    # every set, oldest first, with its card (a lasting effect has none); without them
    assert [v for _, v in engine.stat_sets(bear, "power")] == [1, 5]
    assert engine.stat_sets(bear, "power")[1][0] is None
    assert engine.stat(bear, "power", fixed=False) == 3


def test_an_override_changes_only_its_own_rule() -> None:
    engine = _table()
    _put(engine, "scholar")  # "Rule draw_count is 2 for you."
    assert engine.rule("draw_count", player=0) == 2
    assert engine.rule("attack_damage", player=0) is True


def test_targets_chosen_when_played_and_dropped_if_no_longer_legal() -> None:
    engine = _table(answers=[[1]])  # choose the second creature as Bolt's target
    bolt = _put(engine, "bolt", zone="stack")
    first = _put(engine, "bear", player=1)
    second = _put(engine, "bear", player=1)
    for _ in range(2):
        engine.state.create_card("bear", 0, "deck")
    ability = engine.definition(bolt).abilities[0]
    chosen = engine.choose_targets(ability, bolt, 0)
    assert list(chosen.values()) == [[second]]
    engine.resolve(ability, bolt, 0, targets=chosen)
    assert engine.state.cards[second].zone == "discard"  # 3 damage ≥ its power 2
    assert engine.state.cards[first].counters.get("damage", 0) == 0
    # chosen again, then the target leaves play before the ability resolves
    third = _put(engine, "bear", player=1)
    chosen = {offset: [third] for offset in chosen}
    engine.apply("move", RULE, uid=third, zone="hand", player=1)
    engine.resolve(ability, bolt, 0, targets=chosen)
    assert engine.state.cards[first].counters.get("damage", 0) == 0  # nobody else is hit
    assert len(engine.state.players[0].zone("hand")) == 2  # "then draw a card" still happens


def _cast(engine: Engine, card_id: str) -> int:
    """Resolve a spell's text from the discard pile, where it lies once cast."""
    uid = _put(engine, card_id, zone="discard")
    engine.resolve(engine.definition(uid).abilities[0], uid, 0)
    return uid


@pytest.mark.parametrize(("grows", "later"), [(False, 2), (True, 3)])
def test_a_lasting_effect_on_a_group_covers_later_arrivals_only_where_the_kernel_says(
    grows: bool, later: int
) -> None:
    engine = _table()
    engine.kernel.lasting_covers_arrivals = grows  # Marvel Champions: True (MC2-T-072)
    bear = _put(engine, "bear")
    _cast(engine, "rally")
    newcomer = _put(engine, "bear")
    assert (engine.stat(bear, "power"), engine.stat(newcomer, "power")) == (3, later)
    assert engine.stat(_put(engine, "bear", player=1), "power") == 2  # not a creature you control
    engine.end_period("turn")
    assert engine.stat(newcomer, "power") == 2


def test_a_delayed_effect_runs_when_its_period_ends() -> None:
    engine = _table()
    _put(engine, "bear", zone="deck")
    loan = _put(engine, "loan", zone="play")
    engine.resolve(engine.definition(loan).abilities[0], loan, 0)
    assert len(engine.state.players[0].zone("hand")) == 1  # drawn now
    assert engine.state.cards[loan].zone == "play"  # discarded later
    assert [e["kind"] for e in engine.state.lasting] == ["delayed"]
    engine.end_period("turn")
    assert engine.state.cards[loan].zone == "discard"
    assert engine.state.lasting == []


def test_create_cards_makes_what_create_card_makes_one_by_one() -> None:
    from cardscript.interpreter.state import new_state

    plan = [("hero", "table"), ("a", "hand"), ("b", "reserve"), ("c", "hand")]
    one, bulk = new_state("g", ["P1", "P2"], 5), new_state("g", ["P1", "P2"], 5)
    for state in (one, bulk):
        state.create_card("first", 1, "hand")
    for card_id, zone in plan:
        one.create_card(card_id, 0, zone)
    bulk.create_cards(0, plan)
    assert bulk.snapshot() == one.snapshot()
    assert bulk.loop_key() == one.loop_key()
    assert list(bulk.cards.values()) == list(one.cards.values())
    assert (bulk.clock, bulk.next_uid) == (one.clock, one.next_uid) == (5, 6)
    # every card its own states and counters, to change alone
    bulk.cards[2].states.add("exhausted")
    bulk.cards[2].counters["damage"] = 1
    bulk.cards[2].data["row"] = 1
    assert [(c.states, c.counters, c.data) for c in bulk.cards.values()][1:3] == [
        ({"exhausted"}, {"damage": 1}, {"row": 1}),
        (set(), {}, {}),
    ]


def test_cards_and_states_made_without_their_classes_defaults_are_the_classes() -> None:
    """``new_state`` and ``create_card(s)`` give every field itself (a default factory or
    ``__init__`` costs a call): what they make equals what the classes make, field for
    field, and no field is missed (a field added to ``Card`` must be added there too)."""
    from dataclasses import fields

    from cardscript.interpreter.state import Card, GameState, Player, Rng, new_state

    state = new_state("g", ["P1", "P2"], 5)
    assert state == GameState(game="g", players=[Player(0, "P1"), Player(1, "P2")], rng=Rng(5))
    state.create_cards(1, [("a", "hand")])
    card = state.create_card("b", 0, "table", face_up=False)
    assert state.cards[1] == Card(1, "a", 1, 1, "hand", timestamp=1)
    assert card == Card(2, "b", 0, 0, "table", face_up=False, timestamp=2)
    assert all(hasattr(card, f.name) for f in fields(Card))
    assert card.states is not state.cards[1].states and card.data is not state.cards[1].data


def test_a_finished_game_is_freed_without_the_garbage_collector() -> None:
    """The kernel makes its table of primitives when the engine reads it and keeps none
    of its bound methods: no reference cycle holds a played game's state."""
    import gc
    import weakref

    from cardscript.interpreter import primitives
    from cardscript.kernels.pocket_duel.kernel import new_engine

    engine = new_engine([FirstAgent(), FirstAgent()], 3)
    table = engine.kernel._primitives
    assert set(primitives.GENERIC) <= set(table) and table["deal_damage"].__self__ is engine.kernel
    engine.kernel.setup(engine, [["cinder-hero"], ["marrow-hero"]])
    engine.kernel.play(engine)
    state, kernel = weakref.ref(engine.state), weakref.ref(engine.kernel)
    enabled = gc.isenabled()
    gc.disable()
    try:
        del engine, table
        assert state() is None and kernel() is None
    finally:
        if enabled:
            gc.enable()


def test_a_player_orders_their_simultaneous_triggers_as_in_every_game() -> None:
    """The test game orders triggers with ``triggers.in_chosen_order``: the order asked
    reads each trigger as its card and where its text is (it read the card ids), and the
    answer is the order they resolve in (first to resolve first)."""
    from tests.test_cost_x import Recorder

    log = GameLog()
    agent = Recorder([[0], [1, 0]])  # play the imp; the imp's own trigger first
    engine = new_engine([agent, FirstAgent()], log=log)
    for player in engine.state.players:
        player.resources["life"] = 10
    _put(engine, "shepherd")
    _put(engine, "imp", zone="hand")
    engine.kernel.main(engine, 0)
    (order,) = [d for d in agent.seen if d.kind == "order"]
    assert (order.prompt, tuple(order.labels)) == (
        "order your triggers",
        ("Shepherd [play]: 1:1", "Spark Imp [play]: 1:1"),
    )
    changes = [r["change"] for r in log.records if r["t"] == "change" and "card" in r["cause"]]
    assert changes == ["deal_damage", "gain"]
    assert (_life(engine, 0), _life(engine, 1)) == (11, 9)
