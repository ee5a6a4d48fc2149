"""The engine's plain answers (a stat's clamped printed value remembered per definition; a
card turned down by a selector's adjectives its definition answers) give what the full
computation gives, and step aside while a text, a state or a lasting effect speaks."""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.select import selects
from cardscript.kernels.pocket_duel.abilities import cancel_targets
from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel, new_engine, pocket_duel_pool
from cardscript.kernels.pocket_duel.rules import RULE

POOL = pocket_duel_pool()


def _game(mine: str, theirs: str) -> Engine:
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    engine.kernel.setup(engine, [[mine], [theirs]])
    return engine


def _card(engine: Engine, player: int, kind: str) -> int:
    cards = engine.state.cards
    return next(u for u in cards if cards[u].owner == player and engine.definition(u).type == kind)


def test_a_stat_is_the_printed_value_until_a_text_or_a_lasting_effect_changes_it() -> None:
    engine = _game("marrow-hero", "cinder-hero")
    defense = _card(engine, 0, "defense")
    printed = engine.definition(defense).get("attack")
    superpower = _card(engine, 0, "superpower")
    engine.apply("move", RULE, uid=defense, zone="table", player=0)
    assert engine.stat(defense, "attack") == printed
    # the kernel's own reading of a stat: "threshold" is the card's energy_threshold
    assert engine.stat(superpower, "threshold") == 2
    # "Your Defense cards get +1 attack." in play: the text speaks
    engine.apply("move", RULE, uid=superpower, zone="table", player=0)
    assert engine.stat(defense, "attack") == printed + 1
    engine.apply("move", RULE, uid=superpower, zone="reserve", player=0)
    assert engine.stat(defense, "attack") == printed
    lasting: dict[str, Any] = {"kind": "stat", "stat": "attack", "delta": -9, "uids": [defense]}
    engine.state.lasting.append(lasting)
    assert engine.stat(defense, "attack") == 0  # clamped by the kernel
    engine.state.lasting.remove(lasting)
    assert engine.stat(defense, "attack") == printed


class _FloorOfFive(PocketDuelKernel):
    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        return max(5, value)


def test_a_remembered_printed_value_is_the_kernel_classs_own() -> None:
    engine = _game("marrow-hero", "cinder-hero")
    defense = _card(engine, 0, "defense")
    printed = engine.stat(defense, "attack")
    assert printed < 5
    engine.kernel.__class__ = _FloorOfFive
    assert engine.stat(defense, "attack") == 5


class _TypeByLasting(PocketDuelKernel):
    """A kernel whose types answer lasting type changes (as Marvel Champions' do)."""

    def has_quality(self, engine: Engine, uid: int, quality: str) -> bool:
        if engine.state.lasting and quality == engine.card_type(uid):
            return True
        return super().has_quality(engine, uid, quality)


def test_a_cancel_clause_turns_down_other_types_unless_a_state_or_lasting_effect_speaks() -> None:
    engine = _game("cinder-hero", "ivo-hero")
    engine.kernel.__class__ = _TypeByLasting
    canceller, ability, target = next(
        (uid, a, t)
        for uid in engine.state.players[0].zones["hand"]
        for a, t in cancel_targets(engine.definition(uid))
        if any(q.value == "agility" for q in t.qualities)  # "cancel an opposing Agility card"
    )
    agility, strength = _card(engine, 1, "agility"), _card(engine, 1, "strength")
    for uid in (canceller, agility, strength):
        engine.apply("move", RULE, uid=uid, zone="table", player=engine.state.cards[uid].owner)
        engine.state.cards[uid].data["played"] = True
    ctx = engine.context(canceller, ability)
    assert selects(ctx, target, agility)
    assert not selects(ctx, target, strength)
    engine.state.cards[strength].states.add("agility")  # a state: the card is asked
    assert selects(ctx, target, strength)
    engine.state.cards[strength].states.clear()
    assert not selects(ctx, target, strength)
    engine.state.lasting.append({"kind": "type", "type": "agility", "uids": [strength]})
    assert selects(ctx, target, strength)
    engine.state.lasting.clear()
    assert not selects(ctx, target, strength)


class _EveryChangeThroughTheEngine(PocketDuelKernel):
    """Its own event names (the same ones): the round may not move cards or record its
    events in place (``RoundPlan.own``), so every change goes through ``Engine.apply``."""

    def event_name(self, generic: str) -> str:
        return generic


def _recording_rounds(engine: Engine) -> list[list[Any]]:
    """Every round's history as the round ends (``end_period`` empties it then)."""
    rounds: list[list[Any]] = []
    end_period = engine.end_period

    def recorded(phase: str, player: int | None = None) -> None:
        if phase == "round":
            rounds.append(list(engine.state.history))
        end_period(phase, player)

    engine.end_period = recorded  # type: ignore[method-assign]
    return rounds


def test_the_rounds_own_moves_and_events_in_place_give_the_engines_game() -> None:
    """Every round's events in order, and the game's end (state hash, result, steps), the
    same whether the round makes its own changes in place or through the engine."""
    from cardscript.interpreter.agents import RandomAgent
    from cardscript.kernels.pocket_duel.kernel import heroes

    names = heroes(POOL)
    events = 0
    for seed in range(40):
        picked = [[names[seed % len(names)]], [names[(seed * 7 + 3) % len(names)]]]
        hashes, histories = [], []
        for kernel_class in (PocketDuelKernel, _EveryChangeThroughTheEngine):
            engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=POOL)
            engine.kernel.__class__ = kernel_class
            engine.kernel.setup(engine, picked)
            histories.append(_recording_rounds(engine))
            engine.kernel.round(engine)
            plan = engine.kernel.round_plan(engine)
            assert plan.own is (kernel_class is PocketDuelKernel)
            assert ("moved" in plan.silent) is plan.own
            engine.kernel.play(engine)
            hashes.append((engine.state.state_hash(), engine.state.result, engine.steps))
        assert histories[0] == histories[1], seed
        # (a game won by a destroy ends before its last round's end: in the state hash)
        assert engine.state.turn - len(histories[0]) in (0, 1)
        assert hashes[0] == hashes[1], seed
        events += sum(len(h) for h in histories[0])
    assert events > 40 * 20  # every round's events were compared, not empty lists


def test_games_dealt_the_same_decks_share_what_their_rounds_read() -> None:
    first, second = _game("nell-hero", "sable-hero"), _game("nell-hero", "sable-hero")
    plans = [e.kernel.round_plan(e) for e in (first, second)]  # type: ignore[attr-defined]
    assert plans[0] is not plans[1]
    assert plans[1].facts is plans[0].facts
    assert sorted(plans[1].facts) == sorted(second.state.cards) == list(range(1, 17))
    assert plans[1].facts[1].definition.id == "nell-hero"
    # a card made before the decks were dealt: this game's cards are its own
    third = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    third.state.create_card("cinder-weapon", 0, "hand")
    third.kernel.setup(third, [["nell-hero"], ["sable-hero"]])
    plan = third.kernel.round_plan(third)  # type: ignore[attr-defined]
    assert plan.facts is not plans[0].facts
    assert plan.facts.get(1) is None or plan.facts[1].definition.id == "cinder-weapon"
    assert plan.of(1).definition.id == "cinder-weapon"
    assert plan.of(2).definition.id == "nell-hero"


def test_a_cancel_clause_of_printed_words_is_answered_once_per_two_definitions() -> None:
    """Every played pair of a game: the round's answer (remembered for the two card ids
    where only their definitions speak) is ``cancels``'; a card with a state is asked."""
    engine = _game("marrow-hero", "quill-hero")
    kernel = engine.kernel
    plan = kernel.round_plan(engine)  # type: ignore[attr-defined]
    plan.text_cancels.clear()
    cards = engine.state.cards
    mine = [u for u in engine.state.players[0].zones["hand"]]
    theirs = [u for u in engine.state.players[1].zones["hand"]]
    for uid in mine + theirs:
        engine.apply("move", RULE, uid=uid, zone="table", player=cards[uid].owner)
        cards[uid].data["played"] = True
    answers = {}
    for _ in range(2):  # the second time from what the first remembered
        for uid in mine:
            for other in theirs:
                facts = plan.of(uid), plan.of(other)
                got = kernel._played_cancels(  # type: ignore[attr-defined]
                    engine, plan, uid, other, *facts, plan.relation, False
                )
                want = kernel.cancels(engine, uid, other, plan.relation)  # type: ignore[attr-defined]
                assert got == want, (uid, other)
                answers[(cards[uid].card_id, cards[other].card_id)] = got
    strength = next(u for u in mine if cards[u].card_id == "marrow-strength")
    agility = next(u for u in theirs if cards[u].card_id == "quill-agility")
    assert answers[("marrow-strength", "quill-agility")] is True  # "Cancel Agility"
    assert answers[("marrow-strength", "quill-intellect")] is False
    assert plan.text_cancels == answers and len(answers) == 36  # 6 cards played against 6
    # a remembered answer is not read for a card with a state: asked again
    plan.text_cancels[("marrow-strength", "quill-agility")] = False
    cards[agility].states.add("shielded")
    assert kernel._played_cancels(  # type: ignore[attr-defined]
        engine, plan, strength, agility, plan.of(strength), plan.of(agility), plan.relation, False
    )
    plan.text_cancels[("marrow-strength", "quill-agility")] = True  # (the pool's games share it)


def _setup_values(pool: Any, heroes: list[str], data: dict[str, Any] | None = None) -> Any:
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=pool)
    engine.state.data.update(data or {})
    engine.kernel.setup(engine, [[h] for h in heroes])
    state = engine.state
    reserve = [[state.cards[u].card_id for u in p.zones.get("reserve", [])] for p in state.players]
    return [p.resources for p in state.players], reserve, state.state_hash()


def test_setup_reads_starting_values_once_per_decks_and_again_where_they_may_differ(
    tmp_path: Any,
) -> None:
    """A fresh game dealt decks already seen takes their starting values; a game with
    something set before setup (a variant) reads them, and a threshold met at setup acts."""
    from cardscript.kernels.pocket_duel.kernel import BUNDLED

    card = tmp_path / "tall.yaml"
    card.write_text(
        "game: pocket-duel\ncards:\n"
        "- {id: tall-hero, name: Tall, type: hero, text: 'Challenge: Rule starting_health "
        "is 12 for you.'}\n"
        "- {id: tall-superpower, name: Early, type: superpower, hero: tall-hero, "
        "superpower_kind: permanent, energy_threshold: 0, text: 'Block 1'}\n"
    )
    pool = BUNDLED.pool([card])
    # a threshold met at setup: read and acted on in every game, never remembered
    first = _setup_values(pool, ["tall-hero", "cinder-hero"])
    assert first[:2] == ([{"health": 10, "energy": 0}] * 2, [[], ["cinder-superpower"]])
    assert _setup_values(pool, ["tall-hero", "cinder-hero"]) == first
    assert pool.memo[("pocket duel starts", PocketDuelKernel)] == {}
    challenge = _setup_values(pool, ["tall-hero", "cinder-hero"], {"variants": ["challenge"]})
    assert challenge[0] == [{"health": 12, "energy": 0}, {"health": 10, "energy": 0}]
    # decks seen before: their values, and the game the full reading makes
    starts = POOL.memo.setdefault(("pocket duel starts", PocketDuelKernel), {})
    starts.clear()
    read = _setup_values(POOL, ["cinder-hero", "marrow-hero"])
    assert starts == {(2, ("cinder-hero",), ("marrow-hero",)): ((10, 0), (10, 0))}
    assert _setup_values(POOL, ["cinder-hero", "marrow-hero"]) == read
    assert read[:2] == (
        [{"health": 10, "energy": 0}] * 2,
        [["cinder-superpower"], ["marrow-superpower"]],
    )


def test_a_stat_without_stat_changing_text_in_play_is_the_full_computations() -> None:
    """Every card's attack and threshold as the quick answer gives it (no text of the game
    changes a stat, or none is in play) and as the full computation does (a lasting effect
    about nothing, so the full one runs): the same, with marrow's "Your Defense cards get
    +1 attack" in the reserve and on the table (then the full one answers both)."""
    for heroes in (("cinder-hero", "ivo-hero"), ("marrow-hero", "sable-hero")):
        engine = _game(*heroes)
        assert engine._know_game()[7] == (() if heroes[0] == "cinder-hero" else (("verb", "get"),))
        defense = _card(engine, 0, "defense")
        engine.apply("move", RULE, uid=defense, zone="table", player=0)
        for zone in ("reserve", "table"):
            superpower = _card(engine, 0, "superpower")
            engine.apply("move", RULE, uid=superpower, zone=zone, player=0)
            quick = {(u, s): engine.stat(u, s) for u in engine.state.cards for s in _STATS}
            engine.state.lasting.append({"kind": "note", "uids": []})
            full = {(u, s): engine.stat(u, s) for u in engine.state.cards for s in _STATS}
            engine.state.lasting.clear()
            assert quick == full
            raised = zone == "table" and heroes[0] == "marrow-hero"
            printed = engine.definition(defense).get("attack") or 0
            assert quick[(defense, "attack")] == printed + raised


_STATS = ("attack", "threshold")


def test_the_rounds_printed_attack_is_the_stats_while_no_text_may_change_it() -> None:
    """``CardFacts.attack`` is every card's attack as ``stat`` gives it with no text in
    play, and the plan's ``attack_texts`` name marrow's "Your Defense cards get +1
    attack" (the damage step asks ``stat`` while it is in play)."""
    for heroes in (("cinder-hero", "ivo-hero"), ("marrow-hero", "sable-hero")):
        engine = _game(*heroes)
        plan = engine.kernel.round_plan(engine)  # type: ignore[attr-defined]
        assert plan.attack_texts == (() if heroes[0] == "cinder-hero" else (("verb", "get"),))
        for uid in engine.state.cards:
            assert plan.of(uid).attack == engine.stat(uid, "attack")
