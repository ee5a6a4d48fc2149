"""Marvel Champions: seeded random games (solo and two-handed) against the Grimhold
scenario end with a result and no error; the decks are legal 40-card decks (same-seed and
CLI replay checks for every game: test_whole_games.py)."""

from __future__ import annotations

from pathlib import Path

from cardscript.interpreter.agents import RandomAgent
from cardscript.kernels.marvel_champions.kernel import deck_ids, mc_pool, new_engine

ROOT = Path(__file__).resolve().parents[1]
POOL = mc_pool()
DECKS = [
    deck_ids(POOL, ROOT / "decks" / "marvel-champions" / "ember-lynx.yaml"),
    deck_ids(POOL, ROOT / "decks" / "marvel-champions" / "bulwark.yaml"),
]


def test_decks_are_an_identity_and_40_cards() -> None:
    for deck in DECKS:
        assert POOL[deck[0]].type == "hero"
        assert len(deck[1:]) == 40
        assert {POOL[c].type for c in deck[1:]} == {
            "ally",
            "event",
            "support",
            "upgrade",
            "resource",
        }


def test_100_random_games_end_with_a_result() -> None:
    reasons: dict[str, int] = {}
    for seed in range(100):
        decks = DECKS if seed % 2 else [DECKS[(seed // 2) % 2]]
        agents = [RandomAgent(2 * seed + n) for n in range(len(decks))]
        engine = new_engine(agents, seed, pool=POOL)
        engine.kernel.setup(engine, decks)
        result = engine.kernel.play(engine)
        assert result is not None and result["winner"] in (0, None)
        assert len(engine.state.players) == len(decks)
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
    assert set(reasons) <= {
        "villain defeated",
        "heroes defeated",
        "main scheme completed",
        "round limit",
    }


def test_an_unlimited_encounter_deal_ends_when_nothing_is_left(tmp_path: Path) -> None:
    # "unlimited" is 10^9 deals: each one past the empty encounter deck did nothing and
    # cost no step, so the game hung (found by fuzzing)
    from typer.testing import CliRunner

    from cardscript.cli.main import app

    cards = tmp_path / "sweep.yaml"
    cards.write_text(
        "game: marvel-champions\nset: FZ\ncards:\n- {id: fz-sweep, name: Sweep Card,"
        " type: upgrade, cost: 1, resources: [energy], aspect: protection,"
        " text: 'Rule encounter_cards_per_player is unlimited for each player.'}\n"
    )
    deck = tmp_path / "deck.yaml"
    bulwark = (ROOT / "decks" / "marvel-champions" / "bulwark.yaml").read_text()
    deck.write_text(bulwark.replace("2x bulwark-pro-02", "2x fz-sweep"))
    played = CliRunner().invoke(
        app,
        ["play", "marvel-champions", "--deck", str(deck), "--seed", "1", "--cards", str(cards)],
    )
    assert played.exit_code == 0, played.stderr
    # (109 steps: Surge is its keyword's text now, its reveal a step of its own, K4)
    assert played.stdout.splitlines()[-1] == "the players lose (heroes defeated, turn 6, 109 steps)"


def test_a_type_change_chosen_by_type_asks_the_type_before_it(tmp_path: Path) -> None:
    # "each treachery … becomes a minion": whether a card is a treachery asked its type,
    # which asked the group again: a RecursionError, an internal error (found by fuzzing)
    from typer.testing import CliRunner

    from cardscript.cli.main import app

    cards = tmp_path / "turn.yaml"
    cards.write_text(
        "game: marvel-champions\nset: FZ\ncards:\n- {id: fz-turn, name: Turncoat Wave,"
        " type: treachery, quantity: 3, boost: 1, set_code: grimhold, text: 'When Revealed:"
        " each treachery in the encounter deck becomes a minion until the end of the game.'}\n"
    )
    deck = str(ROOT / "decks" / "marvel-champions" / "bulwark.yaml")
    played = CliRunner().invoke(
        app, ["play", "marvel-champions", "--deck", deck, "--seed", "2", "--cards", str(cards)]
    )
    assert played.exit_code == 0, played.stderr
    assert played.stdout.splitlines()[-1] == (  # (151: Surge's reveal a step, K4)
        "the players lose (main scheme completed, turn 9, 151 steps)"
    )
