"""Pocket Duel: whole seeded games between random heroes end with a result and no error."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cardscript.cli.play_cmd import play_one
from cardscript.cli.replay_cmd import run_replay
from cardscript.interpreter.agents import FirstAgent, RandomAgent
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.transcript import transcript
from cardscript.kernels.pocket_duel.kernel import (
    BUNDLED,
    PocketDuelKernel,
    heroes,
    new_engine,
    pocket_duel_pool,
)

POOL = pocket_duel_pool()
HEROES = heroes(POOL)
TYPES = {"strength", "weapon", "intellect", "defense", "agility", "rest", "superpower"}


def test_the_hand_written_baseline_plays_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The speed comparison in bench/ is fair only while bench/pocket_duel_handwritten.py
    plays the engine's games: same heroes, winner, reason and rounds, seed for seed."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "bench"))
    from pocket_duel_bench import engine_games  # type: ignore[import-not-found]
    from pocket_duel_handwritten import play_games  # type: ignore[import-not-found]

    theirs, mine = engine_games(300), play_games(300)
    assert theirs == mine
    assert {r[2] for r in mine} >= {"health", "destroyed", "no cards left"}
    # ``--split`` times the setups alone: the same heroes, none played
    setups = engine_games(20, play=False)
    assert setups == play_games(20, play=False)
    assert [r[0] for r in setups] == [r[0] for r in mine[:20]]
    assert {r[1:] for r in setups} == {(None, "set up", 0)}


def test_the_bench_prints_the_median_of_its_runs_paired_ratios(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With ``--runs N`` the bench prints each figure's best run, and the median of the
    runs' hand-written / engine ratios with their range (one line, only for N > 1)."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "bench"))
    from pocket_duel_bench import main  # type: ignore[import-not-found]

    main(4, runs=3)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and lines[0].startswith("engine:       4 games, ")
    assert lines[1].startswith("hand-written: 4 games, ")
    paired = re.fullmatch(
        r"each run's pair, hand-written / engine: median (\S+)x, from (\S+)x to (\S+)x", lines[2]
    )
    assert paired is not None
    low, middle, high = float(paired[2]), float(paired[1]), float(paired[3])
    assert 0 < low <= middle <= high
    main(4, runs=1)
    assert len(capsys.readouterr().out.splitlines()) == 2  # (one pair: no median)


def test_bytecodes_per_round_are_the_same_every_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--bytecodes`` is a measure that does not move with the machine's load: the same
    games count the same bytecodes, file by file, whatever ran before in the process
    (a collection's finalizers are not counted), and the tracer is gone afterwards."""
    import gc
    import sys

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "bench"))
    from bytecodes import count  # type: ignore[import-not-found]
    from pocket_duel_bench import bytecodes, engine_games  # type: ignore[import-not-found]

    engine_games(3)  # (what the first games remember, remembered before counting)
    tracer, collecting = sys.gettrace(), gc.isenabled()
    first, second = count(lambda: engine_games(3)), count(lambda: engine_games(3))
    assert first == second and first.by_file["round.py"] > 0
    assert gc.isenabled() is collecting  # (no collection while counting, as before after)
    # the different bytecodes: fewer than those executed (a round's loops run some again)
    assert 0 < first.distinct < first.by_file.total()
    assert sys.gettrace() is tracer
    bytecodes(3, top=2)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 games, ") and lines[0].endswith(
        " rounds; bytecodes per round (setup included, second pass):"
    )
    assert (
        lines[1].startswith("engine ") and ", hand-written " in lines[1] and lines[1].endswith("x")
    )
    assert lines[2].startswith("different bytecodes run: engine ") and lines[2].endswith("x")
    assert len(lines) == 5


def test_the_bench_counts_calls_the_same_for_the_same_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--calls``: the same games make the same calls, Python and built-in, whatever
    ran before; the profile hook is gone afterwards; the report's lines."""
    import sys

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "bench"))
    from bytecodes import calls  # type: ignore[import-not-found]
    from pocket_duel_bench import call_counts, engine_games  # type: ignore[import-not-found]

    engine_games(3)
    hook = sys.getprofile()
    first, second = calls(lambda: engine_games(3)), calls(lambda: engine_games(3))
    assert (first.python, first.builtin) == (second.python, second.builtin)
    assert first.python["state.py:move"] > 0 and first.builtin["list.append"] > 0
    assert sys.getprofile() is hook
    call_counts(3, top=2)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 games, ") and lines[0].endswith(
        " rounds; calls per round (setup included, second pass):"
    )
    assert lines[1].startswith("Python functions: engine ") and lines[1].endswith("x")
    assert lines[2].startswith("built-ins:        engine ") and lines[2].endswith("x")
    assert [line.split(":")[0] for line in lines[3:]] == [
        "  engine Python",
        "  engine built-in",
        "  hand-written Python",
        "  hand-written built-in",
    ]


def test_the_library_has_six_complete_heroes() -> None:
    assert len(HEROES) >= 6
    for hero in HEROES:
        own = [c for c in POOL.cards.values() if c.get("hero") == hero and c.type in TYPES]
        assert {c.type for c in own} == TYPES and len(own) == 7
        assert POOL[hero].get("difficulty") in (1, 2, 3)
    assert {POOL[h].get("difficulty") for h in HEROES} == {1, 2, 3}


def test_200_random_games_end_with_a_result() -> None:
    reasons: dict[str, int] = {}
    for seed in range(200):
        pick = random.Random(seed)
        decks = [[pick.choice(HEROES)], [pick.choice(HEROES)]]
        engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=POOL)
        engine.kernel.setup(engine, decks)
        result = engine.kernel.play(engine)
        assert result is not None and result["winner"] in (0, 1, None)
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
    assert reasons.get("health", 0) > 0 and reasons.get("destroyed", 0) > 0


def test_first_agents_play_to_the_end() -> None:
    for a in HEROES:
        for b in HEROES:
            engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
            engine.kernel.setup(engine, [[a], [b]])
            assert engine.kernel.play(engine)["reason"]


def test_same_seed_same_game() -> None:
    games = []
    for _ in range(2):
        engine = new_engine([RandomAgent(5), RandomAgent(6)], 7, pool=POOL)
        engine.kernel.setup(engine, [[HEROES[0]], [HEROES[1]]])
        engine.kernel.play(engine)
        games.append(engine.state.state_hash())
    assert games[0] == games[1]


def _deck(tmp_path: Path, hero: str) -> str:
    ids = [hero, *sorted(c.id for c in POOL.cards.values() if c.get("hero") == hero)]
    ids = [i for i in ids if POOL[i].type in TYPES or i == hero]
    lines = "".join(f"  - 1x {POOL[i].name}\n" for i in ids)
    path = tmp_path / f"{hero}.yaml"
    path.write_text(
        f"game: pocket-duel\ndeck: {POOL[hero].name}\nhero: {hero}\ncards:\n{lines}", "utf-8"
    )
    return str(path)


def test_play_one_from_deck_files_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    decks = [_deck(tmp_path, HEROES[0]), _deck(tmp_path, HEROES[-1])]
    log_file = tmp_path / "game.jsonl"
    with log_file.open("w", encoding="utf-8") as stream:
        engine, _ = play_one("pocket-duel", decks, ["random", "random"], 11, log_stream=stream)
    assert engine.state.result is not None
    hands = [len(p.zones.get("hand", [])) for p in engine.state.players]
    assert all(n <= 7 for n in hands)
    assert run_replay(str(log_file), []) == 0
    assert "replay identical" in capsys.readouterr().out


@pytest.mark.parametrize("fmt", ["standard", "conquest", "legacy"])
def test_random_matches_end_with_a_match_winner(fmt: str) -> None:
    from cardscript.kernels.pocket_duel.matches import play_match

    for seed in range(10):
        pick = random.Random(seed)
        shuffled = pick.sample(HEROES, 6)
        teams = (
            [[shuffled[0]], [shuffled[1]]] if fmt == "standard" else [shuffled[:3], shuffled[3:]]
        )
        engine = new_engine([RandomAgent(seed), RandomAgent(seed + 99)], seed, pool=POOL)
        result = play_match(engine, fmt, teams, 2 if fmt == "standard" else None)
        assert result["reason"] in (f"{fmt} match", "match limit")
        if result["reason"] != "match limit":
            match = engine.state.data["match"]
            assert match["wins"][result["winner"]] == match["first_to"]
            for hero, cards in match["sets"].items():
                assert len(cards) == 8 and cards[0] == hero


def test_random_games_against_the_automa() -> None:
    from cardscript.kernels.pocket_duel.automa import automa_setup

    automa_heroes = sorted(c.id for c in POOL.cards.values() if c.type == "automa_hero")
    assert len(automa_heroes) >= 6
    for seed in range(60):
        pick = random.Random(seed)
        engine = new_engine([RandomAgent(seed), FirstAgent()], seed, pool=POOL)
        automa_setup(engine, pick.choice(HEROES), pick.choice(automa_heroes))
        result = engine.kernel.play(engine)
        assert result["winner"] in (0, 1, None)
        automa = engine.state.players[1].zones
        assert len(automa.get("automa_deck", [])) + len(automa.get("automa_discard", [])) == 5


def test_a_rule_override_changes_only_its_own_rule() -> None:
    """Nell Orrery's talent (energy_per_cancel 2) must not touch starting_health."""
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    engine.kernel.setup(engine, [["nell-hero"], ["cinder-hero"]])
    nell = engine.state.players[0]
    assert nell.resources == {"health": 10, "energy": 0}
    assert engine.rule("energy_per_cancel", player=0) == 2
    assert engine.rule("energy_per_cancel", player=1) == 1
    kernel = engine.kernel
    assert isinstance(kernel, PocketDuelKernel)
    hand = {engine.definition(u).type: u for u in nell.zones["hand"]}
    other = {engine.definition(u).type: u for u in engine.state.players[1].zones["hand"]}
    kernel.round(engine, {0: hand["intellect"], 1: other["strength"]})
    assert nell.resources["energy"] == 2


def test_legacy_matches_against_the_automa() -> None:
    from cardscript.kernels.pocket_duel.automa import play_automa_legacy

    legacy = sorted(c.id for c in POOL.cards.values() if c.type == "automa_legacy")
    assert len(legacy) == 2
    for seed in range(10):
        card = POOL[legacy[seed % 2]]
        human = [h for h in HEROES if h not in card.get("team")][:3]
        engine = new_engine([RandomAgent(seed), FirstAgent()], seed, pool=POOL)
        result = play_automa_legacy(engine, human, card.id)
        assert result["reason"] in ("legacy match", "match limit")
        match = engine.state.data["match"]
        assert match["out"][1] == card.get("hero_order")[: len(match["out"][1])]
        for hero, cards in match["sets"].items():
            kinds = sorted(POOL[c].type for c in cards[1:])
            assert cards[0] == hero and kinds == sorted(TYPES)


def test_rule_values_are_remembered_only_where_no_card_or_lasting_effect_speaks() -> None:
    """The kernel reads a rule once per game only when no card of the game overrides it
    (the Golden Rule), and asks the engine every time while a lasting effect is in play."""
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    engine.kernel.setup(engine, [["nell-hero"], ["cinder-hero"]])
    kernel = engine.kernel
    assert isinstance(kernel, PocketDuelKernel)
    rules = kernel.rules(engine)
    assert "energy_per_cancel" not in rules  # Nell's superpower overrides it
    assert rules["played_to_discard"] is True and rules["on_hit_minimum"] == 1
    cancels = kernel.type_cancels(engine)
    assert cancels is not None
    assert cancels["strength", "agility"] and not cancels["agility", "strength"]
    engine.state.lasting.append({"kind": "rule", "hook": "played_to_discard", "value": False})
    assert kernel.rules(engine) == {} and kernel.type_cancels(engine) is None


def test_a_card_that_blocks_blocks_for_its_player(tmp_path: Path) -> None:
    # Block is a player's change: "this blocks" gives the card's controller the block
    # (the engine passed the card to the block primitive, which takes a player: a crash)
    cards = tmp_path / "wall.yaml"
    cards.write_text(
        "game: pocket-duel\nset: LV\ncards:\n- {id: lv-wall, name: Wall, type: defense,"
        " hero: cinder-hero, attack: 0, text: 'Effect: this blocks 2 damage.'}\n"
    )
    engine = BUNDLED.new_engine([FirstAgent(), FirstAgent()], 1, extra=[cards])
    wall = engine.state.create_card("lv-wall", 1, "table").uid
    (effect,) = engine.definition(wall).abilities
    engine.resolve(effect, wall, 1)
    assert engine.state.data["round"]["block"] == {"1": 2}


def test_only_a_superpower_is_put_into_the_reserve(tmp_path: Path) -> None:
    # the reserve holds only superpowers (§10): a Weapon "put into your reserve" stays in
    # the discard pile, and the transcript has the move asked and nothing moved
    cards = tmp_path / "stash.yaml"
    cards.write_text(
        "game: pocket-duel\nset: LV\ncards:\n- {id: lv-stash, name: Stash, type: intellect,"
        " hero: cinder-hero, attack: 0,"
        " text: 'Effect: put target card from your discard pile into your reserve.'}\n"
    )
    log = GameLog()
    engine = BUNDLED.new_engine([FirstAgent(), FirstAgent()], 1, log=log, extra=[cards])
    stash = engine.state.create_card("lv-stash", 0, "table").uid
    spear = engine.state.create_card("cinder-weapon", 0, "discard_pile").uid
    (effect,) = engine.definition(stash).abilities
    engine.resolve(effect, stash, 0)
    assert engine.state.cards[spear].zone == "discard_pile"
    assert transcript(log, engine) == [
        "P1 chose Ash-Tipped Spear [discard_pile] for: put to reserve",
        f"move by lv-stash at 1:1: card Ash-Tipped Spear#{spear}, zone reserve, player P1,"
        " position None, face_up None",
    ]
