"""Cards picked at random (``cardscript/interpreter/random_pick.py``): the sampler draws on
the state's seeded RNG (exact picks for a seed, no repeats, the count capped by what is
there, the fewest draws, nothing drawn for no card), nobody is asked, the log says which
cards were picked at random, and a logged game replays. The scenarios PD-RD1 and VS-RD1
script it in play; the corpus holds the texts and the refusals (CS-T020)."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardscript.cli.main import app
from cardscript.games import load_game
from cardscript.grammar.checks import check_script
from cardscript.grammar.explain import explain_script
from cardscript.grammar.formatter import format_script
from cardscript.interpreter.agents import RandomAgent
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.random_pick import at_random, sample
from cardscript.interpreter.state import Rng
from cardscript.interpreter.transcript import transcript
from cardscript.kernels.vs_system.kernel import vs_pool
from tests.test_cost_x import (
    ROOT,
    SCENARIOS,
    Recorder,
    _miser,
    dawnwatch_with,
    played_and_replayed,
)


class CountingRng(Rng):
    """An RNG that counts its draws (``below``)."""

    draws = 0

    def below(self, n: int) -> int:
        self.draws += 1
        return super().below(n)


def test_the_picks_for_a_seed_are_exact() -> None:
    # seed 7: below(4) is 3, then below(3) is 0 (of the rest: index 1)
    assert sample(Rng(7), 4, 2) == [1, 3]
    assert sample(Rng(1), 3, 1) == [2]  # below(3) is 2: PD-RD1a's third card
    assert sample(Rng(3), 4, 2) == [0, 1]


def test_a_pick_never_repeats_a_card_and_keeps_the_order_found() -> None:
    seen = set()
    for seed in range(200):
        picked = sample(Rng(seed), 5, 2)
        assert len(set(picked)) == 2 and picked == sorted(picked)
        seen.add(tuple(picked))
    assert seen == set(combinations(range(5), 2))  # every pair can come


@pytest.mark.parametrize(
    ("n", "k", "picked", "draws"),
    [
        (3, 5, [0, 1, 2], 0),  # more asked than there are: all of them, nothing drawn
        (1, 2, [0], 0),
        (4, 4, [0, 1, 2, 3], 0),
        (0, 1, [], 0),  # no card: nothing drawn
        (4, 0, [], 0),
        (5, 4, [0, 1, 2, 4], 1),  # 4 of 5: the one left out is drawn
        (6, 2, [1, 3], 2),
    ],
)
def test_the_count_is_capped_by_what_is_there_with_the_fewest_draws(
    n: int, k: int, picked: list[int], draws: int
) -> None:
    rng = CountingRng(11)
    assert sample(rng, n, k) == picked
    assert rng.draws == draws


def _tiny(text: str, hand: int, log: GameLog | None = None) -> tuple[object, int, Recorder]:
    agent = Recorder()
    engine, miser = _miser(life=5, deck=0, text=text, agent=agent)
    engine.log = log
    for _ in range(hand):
        engine.state.create_card("bear", 0, "hand")
    return engine, miser, agent


def test_a_random_discard_asks_nobody_and_the_log_says_it_was_picked_at_random() -> None:
    log = GameLog()
    engine, miser, agent = _tiny("When this attacks, discard 2 cards at random.", 4, log)
    hand = list(engine.state.players[0].zones["hand"])
    rng_before = engine.state.rng.state
    (ability,) = engine.definition(miser).abilities
    engine.resolve(ability, miser, 0)
    expected = [hand[i] for i in sample(Rng(rng_before), 4, 2)]
    assert engine.state.players[0].zones["discard"] == expected
    assert agent.seen == []
    (record,) = [r for r in log.records if r["t"] == "random"]
    assert record == {
        "t": "random",
        "player": 0,
        "prompt": "discard",
        "picked": expected,
        "labels": ["Bear [hand]", "Bear [hand]"],
    }
    assert "Bear [hand], Bear [hand] picked at random for P1 (nobody chose): discard" in (
        transcript(log, engine)
    )
    assert not [r for r in log.records if r["t"] == "decision"]


def test_no_card_to_pick_draws_nothing_and_logs_nothing() -> None:
    log = GameLog()
    engine, miser, agent = _tiny("When this attacks, discard 2 random cards.", 0, log)
    rng_before = engine.state.rng.state
    (ability,) = engine.definition(miser).abilities
    engine.resolve(ability, miser, 0)
    assert engine.state.rng.state == rng_before
    assert [r for r in log.records if r["t"] == "random"] == []
    assert agent.seen == []
    assert at_random(engine, 0, "discard", [], 3) == []


def test_a_random_cost_is_paid_by_the_game_not_the_payer() -> None:
    engine, miser, agent = _tiny("Discard a card at random → gain 1 life.", 3)
    hand = list(engine.state.players[0].zones["hand"])
    rng_before = engine.state.rng.state
    (ability,) = engine.definition(miser).abilities
    assert engine.resolve(ability, miser, 0)
    (index,) = sample(Rng(rng_before), 3, 1)
    assert engine.state.players[0].zones["discard"] == [hand[index]]
    assert engine.state.players[0].resources["life"] == 6
    assert [d.prompt for d in agent.seen if d.prompt == "discard"] == []


def test_explain_says_the_cards_are_picked_at_random() -> None:
    game = load_game("pocket-duel")
    script = game.parse("Effect: Your opponent discards 2 random cards.").script
    (line,) = explain_script(script, game.registry)
    assert line.endswith(
        ' Picked at random by the game (its seeded random numbers; no player chooses): "2 '
        'random cards".'
    )


RD_CARDS = [
    SCENARIOS / "vs-system" / n for n in ("vs-scenario-cards.yaml", "vs-rd-random-cards.yaml")
]
RD_POOL = vs_pool(RD_CARDS)


# Dawnwatch with 4 Scrap Gamblers ("Discard a card at random → draw 2 cards."), seed 5
_vs_game = dawnwatch_with(RD_POOL, "VST-RD1", 5)


def test_a_game_with_random_picks_is_the_same_game_again_from_its_answers() -> None:
    result, first = played_and_replayed(_vs_game, [RandomAgent(3), RandomAgent(4)])
    picks = [r for r in first.records if r["t"] == "random"]
    assert len(picks) == 36
    assert all(r["player"] == 0 and r["prompt"] == "discard" for r in picks)
    assert all(len(r["picked"]) == 1 for r in picks)
    assert result == {"winner": 1, "reason": "endurance", "turn": 14}


def test_cardscript_replay_verifies_a_logged_game_with_random_picks(tmp_path: Path) -> None:
    deck = (ROOT / "decks" / "vs-system" / "dawnwatch-starter.yaml").read_text("utf-8")
    ours = tmp_path / "gamblers.yaml"
    ours.write_text(deck.replace("  - 7x DWN-001", "  - 4x VST-RD1\n  - 3x DWN-001"), "utf-8")
    log = tmp_path / "game.jsonl"
    extra = [arg for path in RD_CARDS for arg in ("--cards", str(path))]
    theirs = str(ROOT / "decks" / "vs-system" / "vex-legion-starter.yaml")
    args = ["play", "vs-system", "--deck", str(ours), "--deck", theirs, "--seed", "3"]
    played = CliRunner().invoke(app, [*args, *extra, "--log", str(log)])
    assert played.exit_code == 0, played.stderr
    assert "picked at random for P1 (nobody chose): discard" in played.stdout
    records = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert len([r for r in records if r["t"] == "random"]) == 25
    replayed = CliRunner().invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.stderr
    assert replayed.stdout.startswith("replay identical:")


def test_both_forms_read_as_a_random_quantifier_and_keep_the_form_written() -> None:
    game = load_game("pocket-duel")
    for text, count, postfix, at in (
        ("Effect: The opponent discards a card at random.", "a", True, (1, 38)),
        ("Effect: The opponent discards 2 random cards.", 2, False, (1, 31)),
        ("Effect: Discard X cards at random.", "X", True, (1, 25)),
    ):
        (line,) = game.parse(text).script.lines
        (clause,) = line.ability.effects.steps  # type: ignore[union-attr]
        q = clause.action.target.quantifier
        assert (q.kind, q.count.value or q.count.kind, q.postfix) == ("random", count, postfix)
        assert q.span is not None and (q.span.line, q.span.column) == at
        assert format_script(game.parse(text).script, game.registry) == text + "\n"


def test_a_player_at_random_after_for_each_is_written_back_as_written() -> None:
    """ "For each" writes "each opponent" as "opponent"; "each opponent at random" kept
    whole, else the formatter dropped "at random" (found by the grammar's sampler)."""
    game = load_game("pocket-duel")
    text = "Effect: For each each opponent at random, gain 1 energy."
    result = game.parse(text)
    assert format_script(result.script, game.registry) == text + "\n"
    (problem,) = check_script(result.script, game.registry)
    assert (problem.code, problem.span.column, problem.message, problem.hints) == (  # type: ignore[union-attr]
        "CS-T020",
        18,
        '"each opponent at random": the game picks cards at random, not players',
        ('perhaps try "each opponent"',),
    )
