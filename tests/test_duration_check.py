"""A duration on a step that happens once (CS-T034), and the changes a duration ends,
a power written out and lent "until end of turn" among them."""

from __future__ import annotations

from cardscript.grammar.duration_check import LASTING_VERBS
from cardscript.interpreter import actions, lasting_steps
from cardscript.interpreter.agents import FirstAgent
from cardscript.kernels.vs_system.kernel import new_engine
from tests.test_equal_to_stats import _problems


def test_a_resource_lost_until_the_end_of_the_round_is_refused_at_its_duration() -> None:
    """Before, it validated and the energy was lost for good: the duration was dropped."""
    text = "On hit: The opponent loses 1 energy until the end of the round."
    assert _problems("pocket-duel", text) == [
        (
            "CS-T034",
            1,
            37,
            '"until the end of the round" does not end "the opponent loses 1 energy": it '
            "happens once, and only a change that lasts (a stat, a keyword or ability, a "
            "permission, a type, control) ends with a period",
            (
                'perhaps try "the opponent loses 1 energy" alone, or a step at the end of '
                "the round that undoes it",
            ),
        )
    ]


def test_the_duration_is_quoted_as_written_and_its_period_as_owned() -> None:
    text = "Target character gets +1 ATK, then you draw a card this turn."
    assert _problems("vs-system", text) == [
        (
            "CS-T034",
            1,
            52,
            '"this turn" does not end "you draw a card": it happens once, and only a change '
            "that lasts (a stat, a keyword or ability, a permission, a type, control) ends "
            "with a period",
            (
                'perhaps try "you draw a card" alone, or a step at the end of this turn that '
                "undoes it",
            ),
        )
    ]
    mine = "Draw 2 cards until the end of your turn."
    assert [p[3].split(":")[0] for p in _problems("vs-system", mine)] == [
        '"until the end of your turn" does not end "draw 2 cards"'
    ]


def test_every_change_that_lasts_keeps_its_duration() -> None:
    for game, text in (
        ("vs-system", "Target character gets +1 ATK until end of turn."),
        ("vs-system", "Your opponent cannot play plot twists until end of turn."),
        ("vs-system", 'Target character you control has "Flight" until end of turn.'),
        ("berserk", "Target creature loses Poisoning until end of turn."),
        ("berserk", "Gain control of target enemy creature until the end of your turn."),
        ("marvel-champions", "Target obligation becomes a minion until the end of the game."),
        ("vanguard", "Target unit you control gains Boost until end of turn."),
    ):
        assert _problems(game, text) == [], text


def test_the_verbs_that_last_are_those_the_engine_makes_lasting_effects_of() -> None:
    """The check's list and the interpreter's runners say the same: each lasting verb's
    runner is one of ``lasting_steps`` (or control taken), and no other verb's is."""
    runners = actions._AS_WRITTEN
    lasting = {
        verb
        for verb, run in runners.items()
        if run.__module__ == lasting_steps.__name__ or run is actions._gain_control
    }
    assert lasting == LASTING_VERBS
    assert set(actions._ACTIONS) - set(runners) <= set(actions._ACTIONS) - LASTING_VERBS


def test_a_power_lent_until_end_of_turn_is_had_until_the_turn_ends() -> None:
    engine = new_engine([FirstAgent(), FirstAgent()], seed=1)
    engine.pool.add(
        {
            "id": "LEND",
            "name": "Borrowed Fury",
            "type": "plot_twist",
            "threshold": 1,
            "text": 'Target character you control has "Whenever this attacks, gain 2 '
            'endurance." until end of turn.',
        }
    )
    engine.pool.add(
        {"id": "PLAIN", "name": "Plain", "type": "character", "cost": 2, "atk": 2, "def": 2}
    )
    plain = engine.state.create_card("PLAIN", 0, "front_row").uid
    twist = engine.state.create_card("LEND", 0, "ko_pile").uid
    assert [a.origin for a in engine.card_abilities(plain)] == []
    engine.resolve(engine.definition(twist).abilities[0], twist, 0)
    lent = engine.card_abilities(plain)
    assert [(a.origin, a.line.ability.__class__.__name__) for a in lent] == [
        ("granted", "Triggered")
    ]
    assert [(e["kind"], e["uids"], e["until"], e["giver"]) for e in engine.state.lasting] == [
        ("grant", [plain], "turn", twist)
    ]
    engine.end_period("turn")
    assert engine.card_abilities(plain) == ()
    assert engine.state.lasting == []
