"""A standing "get" read without a context (issue 6): who "Your Defense cards" covers is
worked out from the card's definition and its controller against the text's
(``selected_by_definition``), as ``selects`` with the text's context says; it steps aside
(None) where a card has states, something lasting is in play, or an adjective is the
kernel's own (the card's play or face, not its definition's)."""

from __future__ import annotations

from typing import Any

import pytest

from cardscript.grammar import ast
from cardscript.grammar.parser import parse_script
from cardscript.interpreter import characteristics
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.card_plans import _plan, selected_by_definition
from cardscript.interpreter.characteristics import _stat_changes
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.select import selects
from cardscript.kernels.pocket_duel.kernel import new_engine, pocket_duel_pool

POOL = pocket_duel_pool()

# standing texts whose subject asks only definitions and controllers
TEXTS = [
    "Your Defense cards get +1 attack.",
    "Each Defense card gets +1 attack.",
    "Your opponent's Defense cards get +1 attack.",
    "Other Defense cards get +1 attack.",
    "Your non-Defense cards get +1 attack.",
    "Your Weapon cards get +1 attack.",
    "Your cards get +1 attack.",
    "Each other card gets +1 attack.",
]
# the kernel's own adjectives: the card's face, its play this round
OWN = ["Your face-down cards get +1 attack.", "Opposing cards get +1 attack."]


def _standing(engine: Engine, text: str) -> ast.EffectAbility:
    script = parse_script(text, engine.game.registry)
    assert script.script is not None and not script.diagnostics
    node = script.script.lines[0].ability
    assert isinstance(node, ast.EffectAbility)
    return node


def _subject(engine: Engine, text: str) -> ast.Cards:
    subject = _standing(engine, text).effects.steps[0].subject  # type: ignore[union-attr]
    assert isinstance(subject, ast.Cards)
    return subject


def _table(seed: int = 1) -> tuple[Engine, int, int]:
    """Two Marrows, each with their hand cards and their superpower on the
    table: (the engine, player 0's superpower, player 1's)."""
    engine = new_engine([FirstAgent(), FirstAgent()], seed, pool=POOL)
    engine.kernel.setup(engine, [["marrow-hero"], ["marrow-hero"]])
    state, powers = engine.state, []
    for player in (0, 1):
        for uid in list(state.players[player].zones["hand"]):
            state.move(uid, "table", player=player)
        power = next(
            u
            for u, c in state.cards.items()
            if c.owner == player and c.card_id == "marrow-superpower"
        )
        state.move(power, "table", player=player)
        powers.append(power)
    return engine, powers[0], powers[1]


def _general(engine: Engine, source: int, subject: ast.Cards, uid: int) -> bool:
    return selects(engine.context(source), subject, uid)


@pytest.mark.parametrize("text", TEXTS)
def test_a_standing_texts_reader_by_definition_is_what_selects_says(text: str) -> None:
    """Every card of the game (in play or not, either player's) for either player's
    text: answered without a context, and as the text's context answers."""
    for seed in range(3):
        engine, *sources = _table(seed)
        subject = _subject(engine, text)
        plan = _plan(subject)
        assert plan.by_definition
        covered = set()
        for source in sources:
            for uid in engine.state.cards:
                said = selected_by_definition(engine, plan, source, uid)
                assert said is not None
                assert said == _general(engine, source, subject, uid)
                if said:
                    covered.add(uid)
        assert covered  # (some card is meant: the comparison says something)


@pytest.mark.parametrize("text", TEXTS + OWN)
def test_the_reader_steps_aside_for_states_lasting_effects_and_own_qualities(
    text: str,
) -> None:
    engine, mine, theirs = _table()
    subject = _subject(engine, text)
    plan = _plan(subject)
    state = engine.state
    in_play = [u for u in state.cards if state.cards[u].zone == "table"]
    if text in OWN:  # not the definition's: asked with the context
        assert all(selected_by_definition(engine, plan, mine, u) is None for u in in_play)
        return
    marked = in_play[0]
    state.cards[marked].states.add("face_down")
    assert selected_by_definition(engine, plan, mine, marked) is None
    state.cards[marked].states.clear()
    assert selected_by_definition(engine, plan, mine, marked) is not None
    state.lasting.append({"kind": "stat", "uids": [], "stat": "defense"})
    assert all(selected_by_definition(engine, plan, theirs, u) is None for u in in_play)


def test_a_verdict_is_remembered_per_definition_and_read_again_for_another() -> None:
    engine, mine, _ = _table()
    plan = _plan(_subject(engine, "Your Defense cards get +1 attack."))
    defense = next(u for u in engine.state.cards if engine.definition(u).type == "defense")
    weapon = next(u for u in engine.state.cards if engine.definition(u).type == "weapon")
    selected_by_definition(engine, plan, mine, defense)
    selected_by_definition(engine, plan, mine, weapon)
    assert plan.standing[engine.definition(defense).id][2] is True
    assert plan.standing[engine.definition(weapon).id][2] is False
    # a verdict made for another definition of that id is not taken (a pool changed)
    card_id = engine.definition(defense).id
    plan.standing[card_id] = (object(), type(engine.kernel), False)  # type: ignore[assignment]
    engine.state.move(defense, "table", player=0)
    assert selected_by_definition(engine, plan, mine, defense) is True
    assert plan.standing[card_id][0] is engine.definition(defense)


def test_a_text_the_context_speaks_in_has_no_plan_to_read_without_one() -> None:
    engine, *_ = _table()
    where = "Your Defense cards get +X attack, where X is the number of cards in your hand."
    node = _standing(engine, where)
    assert [change[3] for change in _stat_changes(node, "attack")] == [None]
    node = _standing(engine, "Your Defense cards get +1 attack.")
    assert [change[3] is not None for change in _stat_changes(node, "attack")] == [True]


def _stats(engine: Engine) -> list[int]:
    return [engine.stat(u, s) for u in sorted(engine.state.cards) for s in ("attack", "defense")]


@pytest.mark.parametrize("change", ["none", "states", "lasting", "controller", "hand"])
def test_every_stat_is_what_the_general_path_reads(
    change: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Marrow's superpower in play on both sides: every card's stats with the reader by
    definition as without it (the context asked for every text), as cards get states,
    something lasting starts, a card changes sides or goes back to a hand."""
    engine, mine, _ = _table()
    state = engine.state
    on_table = [u for u in state.cards if state.cards[u].zone == "table" and u != mine]
    if change == "states":
        state.cards[on_table[0]].states.add("face_down")
    elif change == "lasting":
        state.lasting.append({"kind": "stat", "uids": [on_table[1]], "stat": "attack", "delta": 2})
    elif change == "controller":
        for uid in on_table:
            state.cards[uid].controller = 1 - state.cards[uid].controller
    elif change == "hand":
        state.move(on_table[0], "hand", player=state.cards[on_table[0]].owner)
    fast = _stats(engine)
    general: Any = lambda *args: None  # noqa: E731 (every text asks its context)
    monkeypatch.setattr(characteristics, "selected_by_definition", general)
    assert _stats(engine) == fast
    # (the superpower speaks: a Defense card of the table has its +1)
    printed = [engine.kernel.printed(engine, u, "attack") for u in on_table]
    assert [engine.stat(u, "attack") for u in on_table] != printed


def test_a_stat_reads_the_standing_get_text_in_play_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``stat`` hands what it read of the "get" text in play to ``_stat_deltas`` (the
    clock has not moved); with something lasting it has not read it, and
    ``_stat_deltas`` does."""
    from cardscript.interpreter.play_index import _GETS, PlayIndex

    engine, *_ = _table()
    defense = next(
        u
        for u, c in engine.state.cards.items()
        if c.zone == "table" and c.controller == 0 and engine.definition(u).type == "defense"
    )
    asked: list[Any] = []
    in_play = PlayIndex.in_play

    def counted(self: Engine, key: Any) -> Any:
        asked.append(key)
        return in_play(self, key)

    monkeypatch.setattr(PlayIndex, "in_play", counted)
    printed = engine.kernel.printed(engine, defense, "attack")
    assert engine.stat(defense, "attack") == printed + 1
    assert asked.count(_GETS) == 1
    asked.clear()
    engine.state.lasting.append({"kind": "stat", "uids": [], "stat": "defense"})
    assert engine.stat(defense, "attack") == printed + 1
    assert asked.count(_GETS) == 1
