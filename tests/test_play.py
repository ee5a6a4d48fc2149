"""play, simulate and replay through the tiny test game (registered by tests/conftest.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardscript.cli.main import app

DECKS = Path(__file__).parent / "testgame" / "decks"
PLUGIN = ["--plugin", "tests.testgame.kernel:register"]
runner = CliRunner()


def _play(tmp_path: Path, seed: int = 3) -> tuple[int, str, Path]:
    log = tmp_path / "game.jsonl"
    result = runner.invoke(
        app,
        [
            "play",
            "testgame",
            "--deck",
            str(DECKS / "beasts.txt"),
            "--deck",
            str(DECKS / "guards.txt"),
            "--seed",
            str(seed),
            "--log",
            str(log),
            *PLUGIN,
        ],
    )
    return result.exit_code, result.stdout, log


def test_play_prints_a_readable_log_and_the_result(tmp_path: Path) -> None:
    code, out, log = _play(tmp_path)
    assert code == 0
    assert "P1 chose" in out and "deal_damage by" in out
    assert out.rstrip().splitlines()[-1].endswith("steps)")
    header = json.loads(log.read_text().splitlines()[0])
    assert header["t"] == "game" and header["game"] == "testgame" and header["seed"] == 3
    assert len(header["decks"][0]) == 16


def test_replay_verifies_every_hash_and_finds_a_difference(tmp_path: Path) -> None:
    _, _, log = _play(tmp_path)
    same = runner.invoke(app, ["replay", str(log), *PLUGIN])
    assert same.exit_code == 0 and same.stdout.startswith("replay identical:")
    lines = log.read_text().splitlines()
    for n, line in enumerate(lines):
        record = json.loads(line)
        if record["t"] == "step":
            record["hash"] = "0" * 16
            lines[n] = json.dumps(record)
            break
    log.write_text("\n".join(lines) + "\n")
    differs = runner.invoke(app, ["replay", str(log), *PLUGIN])
    assert differs.exit_code == 1
    assert "replay differs at step 1: the log says 0000000000000000" in differs.stderr


def test_simulate_reports_win_rates(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "testgame",
            "--deck",
            str(DECKS / "beasts.txt"),
            "--deck",
            str(DECKS / "beasts.txt"),
            "-n",
            "12",
            "--jobs",
            "1",
            *PLUGIN,
        ],
    )
    assert result.exit_code == 0
    first = result.stdout.splitlines()[0]
    assert first == "12 games, 12 finished, 0 errors"
    wins = [int(line.split(": ")[1].split()[0]) for line in result.stdout.splitlines()[1:3]]
    draws = int(result.stdout.splitlines()[3].split(": ")[1])
    assert sum(wins) + draws == 12


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    unknown = runner.invoke(app, ["play", "vangard", "--deck", "a.txt", "--deck", "b.txt"])
    assert unknown.exit_code == 2
    assert unknown.stderr == 'error: unknown game "vangard"; did you mean "vanguard"?\n'
    missing = runner.invoke(app, ["replay", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 2


def test_pocket_duel_against_the_automa_from_the_command_line(tmp_path: Path) -> None:
    decks = Path(__file__).resolve().parent.parent / "decks" / "pocket-duel"
    log = tmp_path / "solo.jsonl"
    played = runner.invoke(
        app,
        [
            "play",
            "pocket-duel",
            "--deck",
            str(decks / "cinder-vale.yaml"),
            "--deck",
            str(decks / "sable-wren.yaml"),
            "--agent",
            "random",
            "--agent",
            "automa",
            "--seed",
            "4",
            "--log",
            str(log),
        ],
    )
    assert played.exit_code == 0, played.stderr
    header = json.loads(log.read_text().splitlines()[0])
    assert header["agents"] == ["random", "automa"]
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and replayed.stdout.startswith("replay identical:")
    bogus = runner.invoke(
        app,
        [
            "play",
            "pocket-duel",
            "--deck",
            str(decks / "cinder-vale.yaml"),
            "--deck",
            str(decks / "sable-wren.yaml"),
            "--agent",
            "bogus",
        ],
    )
    assert bogus.exit_code == 2
    assert "unknown agent 'bogus': random, first, human, automa" in bogus.stderr
    # the help names the agents every game has, and says a game may add its own
    shown = " ".join(runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).stdout.split())
    assert "random, first, human, or one the game adds (Pocket Duel: automa)" in shown


def test_one_deck_per_player_as_many_players_as_the_game_allows(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent / "decks"
    deck = str(root / "pocket-duel" / "cinder-vale.yaml")
    alone = runner.invoke(app, ["play", "pocket-duel", "--deck", deck, "--agent", "automa"])
    assert alone.exit_code == 2
    assert alone.stderr == "error: pocket-duel is played with 2 decks, one per player; 1 given\n"
    many = runner.invoke(app, ["simulate", "pocket-duel", *["--deck", deck] * 3, "-n", "1"])
    assert many.exit_code == 2
    assert many.stderr == "error: pocket-duel is played with 2 decks, one per player; 3 given\n"
    wrong = runner.invoke(app, ["play", "vanguard", "--deck", deck, "--deck", deck])
    assert wrong.exit_code == 1  # (the deck is read: what it says is for another game)
    assert wrong.stderr == f"error: {deck}:2:7: this is a pocket-duel deck, not a vanguard deck\n"
    log = tmp_path / "solo.jsonl"
    solo = runner.invoke(
        app,
        [
            *["play", "marvel-champions", "--log", str(log)],
            *["--deck", str(root / "marvel-champions" / "bulwark.yaml")],
        ],
    )
    assert solo.exit_code == 0
    header = json.loads(log.read_text().splitlines()[0])
    assert header["decks"][0][:2] == ["bulwark-hero", "bulwark-01"]  # the identity first
    assert len(header["decks"][0]) == 41


def test_replay_of_a_log_naming_unknown_cards_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text('{"t": "game", "game": "berserk", "seed": 1, "decks": [["x"], ["y"]]}\n')
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 1  # (what the log says: it was 2, a usage error's code)
    assert result.stderr == (
        f"error: {log}:1: the log's decks name cards that are not in the berserk card pool: x, y\n"
    )


PD_DECKS = Path(__file__).resolve().parent.parent / "decks" / "pocket-duel"
TEAMS = [
    "--deck",
    str(PD_DECKS / "team-of-embers.yaml"),
    "--deck",
    str(PD_DECKS / "wild-court.yaml"),
]
SOLOS = ["--deck", str(PD_DECKS / "cinder-vale.yaml"), "--deck", str(PD_DECKS / "sable-wren.yaml")]


def _play_and_replay(tmp_path: Path, *args: str) -> tuple[dict[str, object], str]:
    log = tmp_path / "match.jsonl"
    played = runner.invoke(app, ["play", "pocket-duel", *args, "--log", str(log)])
    assert played.exit_code == 0, played.stderr
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and replayed.stdout.startswith("replay identical:")
    return json.loads(log.read_text().splitlines()[0]), played.stdout.splitlines()[-1]


def test_pocket_duel_matches_from_the_command_line(tmp_path: Path) -> None:
    # the team decks say "format: conquest"; --format overrides it
    header, last = _play_and_replay(tmp_path, *TEAMS, "--seed", "3")
    assert header["format"] == "conquest" and "(conquest match," in last
    header, last = _play_and_replay(tmp_path, *TEAMS, "--format", "legacy", "--seed", "4")
    assert header["format"] == "legacy" and "(legacy match," in last
    header, last = _play_and_replay(tmp_path, *SOLOS, "--format", "best-of-three", "--seed", "5")
    assert "(standard match," in last  # first to two wins
    # Legacy against the Automa: its team is an Automa Legacy card's
    automa = ["--agent", "random", "--agent", "automa"]
    reversed_teams = [*TEAMS[2:], *TEAMS[:2]]
    header, last = _play_and_replay(tmp_path, *reversed_teams, *automa, "--format", "legacy")
    assert header["agents"] == ["random", "automa"] and "(legacy match," in last
    # the challenge variant is in the log, so the replay plays it too
    header, _ = _play_and_replay(tmp_path, *SOLOS, *automa, "--variant", "challenge")
    assert header["variants"] == ["challenge"]


def test_formats_and_variants_that_cannot_be_played_are_usage_errors() -> None:
    cases = [
        (
            [*SOLOS, "--format", "conquset"],
            "unknown format 'conquset' for pocket-duel; did you mean \"conquest\"?",
        ),
        (
            [*SOLOS, "--format", "conquest"],
            "a conquest match needs a team of 3 heroes per deck; deck 1 has 1",
        ),
        (
            [*TEAMS, "--format", "standard"],
            "a standard game is one hero per deck; a team of 3 heroes plays a conquest or a "
            "legacy match (--format conquest, --format legacy)",
        ),
        (
            [*SOLOS, "--variant", "chalenge"],
            "unknown variant 'chalenge' for pocket-duel; did you mean \"challenge\"?",
        ),
        (
            [*TEAMS, "--agent", "random", "--agent", "automa"],
            "against the Automa: a standard game, or a legacy match with the Automa's team as "
            "the second deck (§14.4)",
        ),
    ]
    same_team = ["--deck", str(PD_DECKS / "wild-court.yaml")] * 2
    cases.append(([*same_team, "--format", "conquest"], "a hero may be in only one team (B16)"))
    for args, message in cases:
        result = runner.invoke(app, ["play", "pocket-duel", *args])
        assert (result.exit_code, result.stderr) == (2, f"error: {message}\n"), args


def test_play_reads_each_deck_file_once(tmp_path: Path, monkeypatch: Any) -> None:
    """The deck's cards and the format it names come from one reading of the file."""
    import cardscript.decks.files as files

    read: list[str] = []
    real = files.read_deck

    def counting(path: Any, *args: Any, **kwargs: Any) -> Any:
        read.append(Path(path).name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(files, "read_deck", counting)
    result = runner.invoke(app, ["play", "pocket-duel", *TEAMS, "--seed", "3"])
    assert result.exit_code == 0, result.stdout
    assert sorted(read) == ["team-of-embers.yaml", "wild-court.yaml"]


def test_replay_of_a_log_that_is_not_one_says_where(tmp_path: Path) -> None:
    header = '{"t": "game", "game": "pocket-duel", "seed": 1, "decks": [["a"], ["b"]]}'
    cases = [
        ([header, '{"t": "decision", "player": 0}'], '2: a "decision" record needs "answer"'),
        (
            [header, '{"t": "decision", "player": 0, "answer": ["1"]}'],
            '2: "answer" of a "decision" record must be a list of option numbers',
        ),
        ([header, "[1, 2]"], "2: a log record is a JSON object"),
        (
            [header, '{"t": "stpe"}'],
            "2: no log record type 'stpe'; the types are: game, "
            "decision, step, result, error, change, event, random",
        ),
        (
            [header, '{"t": ["step"]}'],
            "2: no log record type ['step']; the types are: game, "
            "decision, step, result, error, change, event, random",
        ),
        (['{"t": "step", "hash": "0"}'], "1: a log starts with its game header"),
        (
            [header.replace('"seed": 1', '"seed": "1"')],
            '1: "seed" of a "game" record must be a whole number',
        ),
        (
            [header, "{not json"],
            "2:2: not a log record (Expecting property name enclosed in double quotes)",
        ),
    ]
    log = tmp_path / "game.jsonl"
    for lines, said in cases:
        log.write_text("\n".join(lines) + "\n", "utf-8")
        result = runner.invoke(app, ["replay", str(log)])
        assert (result.exit_code, result.stderr) == (1, f"error: {log}:{said}\n")


def test_any_two_bundled_pocket_duel_heroes_play_to_a_result() -> None:
    """Issue 6, point 7: each of the six heroes has a bundled Standard deck, and every
    pairing (a hero against itself too) plays from the command line to a result."""
    solos = sorted(p for p in PD_DECKS.glob("*.yaml") if "hero:" in p.read_text())
    heroes = [p.read_text().split("hero: ")[1].strip() for p in solos]
    assert heroes == [
        "Cinder Vale",
        "Ivo Brass",
        "Marrow Thorne",
        "Nell Orrery",
        "Quill Harrow",
        "Sable Wren",
    ]
    for first in solos:
        for second in solos:
            played = runner.invoke(
                app, ["play", "pocket-duel", "--deck", str(first), "--deck", str(second)]
            )
            assert played.exit_code == 0, (first.name, second.name, played.stderr)
            last = played.stdout.rstrip().splitlines()[-1]
            ended = r"(P1 wins|P2 wins|no winner) \(.+, turn \d+, \d+ steps\)"
            assert re.fullmatch(ended, last), last


def test_a_game_without_a_winner_says_so() -> None:
    decks = [str(PD_DECKS / "nell-orrery.yaml"), str(PD_DECKS / "marrow-thorne.yaml")]
    played = runner.invoke(app, ["play", "pocket-duel", "--deck", decks[0], "--deck", decks[1]])
    assert played.exit_code == 0
    assert played.stdout.rstrip().splitlines()[-4:] == [
        "",
        "P1: energy 1, health 2",  # equal health when no card is left: neither wins
        "P2: energy 1, health 2",
        "no winner (no cards left, turn 9, 57 steps)",
    ]


def test_simulate_plays_each_seed_s_game_as_play_does_without_a_log() -> None:
    """A simulated game keeps no log (no state hash at every step), and is the game
    ``play`` plays with the same seed: the same winner, reason, rounds and steps."""
    from cardscript.cli.play_cmd import play_one
    from cardscript.cli.simulate_cmd import _simulate_one

    decks = [str(PD_DECKS / "ivo-brass.yaml"), str(PD_DECKS / "quill-harrow.yaml")]
    ids = [["ivo-hero"], ["quill-hero"]]
    for seed in range(1, 9):
        engine, log = play_one("pocket-duel", decks, ["random", "random"], seed)
        result = engine.state.result or {}
        simulated = _simulate_one(("pocket-duel", ids, seed, [], [], None, []))
        assert simulated.error is None
        assert (simulated.winner, simulated.reason, simulated.turns, simulated.steps) == (
            result["winner"],
            result["reason"],
            result["turn"],
            engine.steps,
        )
        assert log.hashes()  # (``play`` hashed its steps; the simulation had nothing to)


def test_simulate_plays_the_format_the_decks_name_or_says_why_it_cannot() -> None:
    teams = [str(PD_DECKS / "team-of-embers.yaml"), str(PD_DECKS / "wild-court.yaml")]
    args = ["simulate", "pocket-duel", "--deck", teams[0], "--deck", teams[1], "-j", "1"]
    matches = runner.invoke(app, [*args, "-n", "6"])  # the decks name conquest
    assert matches.exit_code == 0, matches.stderr
    assert matches.stdout.splitlines()[0] == "6 games, 6 finished, 0 errors"
    legacy = runner.invoke(app, [*args, "-n", "3", "--format", "legacy"])
    assert legacy.exit_code == 0 and legacy.stdout.startswith("3 games, 3 finished, 0 errors")
    one_game = runner.invoke(app, [*args, "-n", "3", "--format", "standard"])
    assert one_game.exit_code == 2 and one_game.stdout == ""
    assert one_game.stderr == (
        "error: a standard game is one hero per deck; a team of 3 heroes plays a conquest or "
        "a legacy match (--format conquest, --format legacy)\n"
    )
    unknown = runner.invoke(app, [*args, "-n", "3", "--variant", "chalenge"])
    assert unknown.exit_code == 2
    assert unknown.stderr == (
        "error: unknown variant 'chalenge' for pocket-duel; did you mean \"challenge\"?\n"
    )


def test_simulate_refuses_no_games_and_negative_workers() -> None:
    decks = [
        "--deck",
        str(PD_DECKS / "ivo-brass.yaml"),
        "--deck",
        str(PD_DECKS / "quill-harrow.yaml"),
    ]
    for option, value, named, least in (
        ("-n", "0", "'-n' / '--games'", 1),
        ("-n", "-3", "'-n' / '--games'", 1),
        ("--jobs", "-1", "'--jobs' / '-j'", 0),
    ):
        refused = runner.invoke(app, ["simulate", "pocket-duel", *decks, option, value])
        assert refused.exit_code == 2 and refused.stdout == ""
        assert refused.stderr.endswith(
            f"Error: Invalid value for {named}: Input should be greater than or equal to {least}\n"
        )


def test_an_extra_card_file_that_cannot_join_the_pool_is_a_content_error(tmp_path: Path) -> None:
    decks = Path(__file__).resolve().parent.parent / "decks" / "pocket-duel"
    both = ["--deck", str(decks / "cinder-vale.yaml"), "--deck", str(decks / "sable-wren.yaml")]
    again = tmp_path / "again.yaml"
    hero = "- {id: cinder-hero, name: X, type: hero, index: 1/8, difficulty: 1, text: ''}\n"
    again.write_text("game: pocket-duel\nset: X\ncards:\n" + hero)
    played = runner.invoke(app, ["play", "pocket-duel", *both, "--cards", str(again)])
    assert played.exit_code == 1 and played.stdout == ""
    assert played.stderr == (
        f'error: {again}:4:8: card id "cinder-hero" is already defined by the bundled cards;'
        " perhaps try a new id\n"
    )
    garbled = tmp_path / "garbled.yaml"
    garbled.write_bytes(b"game: pocket-duel\n\xff\n")
    simulated = runner.invoke(
        app, ["simulate", "pocket-duel", *both, "-n", "2", "--cards", str(garbled)]
    )
    assert simulated.exit_code == 1 and simulated.stdout == ""  # (as validate says it)
    assert simulated.stderr == f"error: {garbled}:2:1: file is not valid UTF-8: invalid byte 0xff\n"


def test_a_plugin_that_cannot_load_is_named_in_a_usage_error() -> None:
    decks = Path(__file__).resolve().parent.parent / "decks" / "pocket-duel"
    both = ["--deck", str(decks / "cinder-vale.yaml"), "--deck", str(decks / "sable-wren.yaml")]
    said = {
        "no_such_module_here": "importing it failed: ModuleNotFoundError: No module named"
        " 'no_such_module_here'",
        "json:no_such_function": "module 'json' has no function 'no_such_function'",
        "json:loads": "calling it failed: TypeError: loads() missing 1 required positional"
        " argument: 's'",
    }
    for plugin, why in said.items():
        for command in (["play", "pocket-duel", *both], ["test", "tests"]):
            result = runner.invoke(app, [*command, "--plugin", plugin])
            assert result.exit_code == 2 and result.stdout == ""
            assert result.stderr == f"error: cannot load plugin {plugin}: {why}\n"


def test_play_takes_only_card_files_validate_accepts(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent
    decks = root / "decks" / "pocket-duel"
    both = ["--deck", str(decks / "cinder-vale.yaml"), "--deck", str(decks / "sable-wren.yaml")]
    vs_deck = str(root / "decks" / "vs-system" / "skyguard-constructed.yaml")
    other = str(root / "cards" / "pocket-duel" / "ivo.yaml")
    wrong = runner.invoke(
        app, ["play", "vs-system", "--deck", vs_deck, "--deck", vs_deck, "--cards", other]
    )
    assert (wrong.exit_code, wrong.stdout) == (1, "")
    assert (
        wrong.stderr
        == f"error: {other}:2:7: this is a pocket-duel card file, not a vs-system one\n"
    )
    misspelt = tmp_path / "misspelt.yaml"
    head = "game: pocket-duel\nset: X\ncards:\n- id: x-hero\n  name: X\n  type: hero\n"
    misspelt.write_text(head + "  index: 1/8\n  difficulty: 1\n  text: |\n    Talent: Flihgt\n")
    bad_text = runner.invoke(app, ["play", "pocket-duel", *both, "--cards", str(misspelt)])
    assert (bad_text.exit_code, bad_text.stdout) == (1, "")
    assert bad_text.stderr.startswith(f'error: {misspelt}:10:13: unknown word "Flihgt" after ":"')
    unfinished = tmp_path / "unfinished.yaml"
    unfinished.write_text(head + "  text: ''\n")
    schema = runner.invoke(app, ["simulate", "pocket-duel", *both, "--cards", str(unfinished)])
    assert (schema.exit_code, schema.stdout) == (1, "")
    assert schema.stderr == f'error: {unfinished}:4:3: a hero card needs the field "difficulty"\n'


def test_workers_are_bounded_by_the_games_and_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardscript import workers

    monkeypatch.setattr(workers.os, "cpu_count", lambda: 2)
    assert [workers.worker_count(j, t) for j, t in [(0, 100), (3, 100), (99999, 100)]] == [2, 3, 8]
    assert [workers.worker_count(j, t) for j, t in [(99999, 3), (0, 1), (5, 0)]] == [3, 1, 1]
    decks = Path(__file__).resolve().parent.parent / "decks" / "pocket-duel"
    both = ["--deck", str(decks / "cinder-vale.yaml"), "--deck", str(decks / "sable-wren.yaml")]
    many = runner.invoke(app, ["simulate", "pocket-duel", *both, "-n", "2", "-j", "99999"])
    assert many.exit_code == 0
    assert many.stdout.splitlines()[0] == "2 games, 2 finished, 0 errors"


def test_a_pool_with_extra_files_is_compiled_once_while_they_stay_the_same(
    tmp_path: Path,
) -> None:
    # simulate made the whole pool again for every game with --cards (18 s for 200 games)
    from cardscript.interpreter.playable import bundled_pool

    extra = tmp_path / "extra.yaml"
    hero = "- {id: zz-hero, name: Zed, type: hero, index: 1/8, difficulty: 1, text: ''}\n"
    extra.write_text("game: pocket-duel\nset: ZZ\ncards:\n" + hero)
    first = bundled_pool("pocket-duel", [extra])
    assert bundled_pool("pocket-duel", [extra]) is first
    extra.write_text("game: pocket-duel\nset: ZZ\ncards:\n" + hero.replace("Zed", "Zeb"))
    again = bundled_pool("pocket-duel", [extra])
    assert again is not first and again["zz-hero"].name == "Zeb"


def test_replay_of_a_header_that_cannot_be_played_says_its_line(tmp_path: Path) -> None:
    # an unknown format stopped the replay with an internal error (KeyError, exit 3), an
    # unknown variant replayed as "differs at step 1", the others had no file:line
    header = {"t": "game", "game": "pocket-duel", "seed": 1, "decks": [["cinder-hero"]] * 2}
    cases = [
        (
            {"format": "conquset"},
            "unknown format 'conquset' for pocket-duel; did you mean \"conquest\"?",
        ),
        (
            {"format": "conquest"},
            "a conquest match needs a team of 3 heroes per deck; deck 1 has 1",
        ),
        (
            {"variants": ["chalenge"]},
            "unknown variant 'chalenge' for pocket-duel; did you mean \"challenge\"?",
        ),
        (
            {"decks": [["cinder-hero"]] * 3},
            "pocket-duel is played with 2 decks, one per player; 3 given",
        ),
        ({"game": "pocket-dul"}, 'unknown game "pocket-dul"; did you mean "pocket-duel"?'),
        (
            {"game": "berserk", "decks": [["GRW-001"]] * 2, "format": "x"},
            "berserk has no match formats: one game is played",
        ),
    ]
    log = tmp_path / "game.jsonl"
    for changed, said in cases:
        log.write_text("\n  \n" + json.dumps({**header, **changed}) + "\n", "utf-8")
        result = runner.invoke(app, ["replay", str(log)])
        assert (result.exit_code, result.stdout, result.stderr) == (
            1,
            "",
            f"error: {log}:3: {said}\n",
        )


def test_simulate_says_how_the_games_ended_and_a_cooperative_game_s_wins_are_the_players() -> None:
    from cardscript.cli.simulate_cmd import Outcome, summary

    outcomes = [
        Outcome(1, 0, "villain defeated", 8, 200),
        Outcome(2, None, "main scheme completed", 7, 150),
        Outcome(3, None, "main scheme completed", 9, 250),
        Outcome(4, None, "heroes defeated", 6, 100),
    ]
    assert summary(outcomes, ["P1", "P2"], cooperative=True) == (
        "4 games, 4 finished, 0 errors\n"
        "  the players win: 1 (25.0%)\n"
        "  the players lose: 3\n"
        "  ended by: main scheme completed 2, villain defeated 1, heroes defeated 1\n"
        "  average length: 7.5 turns, 175 steps\n"
    )
    versus = [Outcome(1, 1, "health", 6, 40), Outcome(2, None, "no cards left", 8, 50)]
    assert summary(versus, ["P1", "P2"]) == (
        "2 games, 2 finished, 0 errors\n"
        "  P1: 0 wins (0.0%)\n"
        "  P2: 1 win (50.0%)\n"
        "  no winner: 1\n"
        "  ended by: health 1, no cards left 1\n"
        "  average length: 7.0 turns, 45 steps\n"
    )


def test_what_the_files_say_is_exit_1_and_a_file_that_cannot_be_read_exit_2(
    tmp_path: Path,
) -> None:
    """As ``validate`` and ``deck check`` say it: a deck or card file that is read but
    wrong is content (1), one that is not there is I/O (2)."""
    decks = Path(__file__).resolve().parent.parent / "decks" / "pocket-duel"
    deck = str(decks / "cinder-vale.yaml")
    not_a_deck = tmp_path / "not-a-deck.yaml"
    not_a_deck.write_text("game: pocket-duel\nhero: nobody\n", "utf-8")
    wrong = runner.invoke(app, ["play", "pocket-duel", "--deck", deck, "--deck", str(not_a_deck)])
    assert (wrong.exit_code, wrong.stderr) == (
        1,
        f"error: {not_a_deck}:1:1: this YAML file is not a deck: a deck file has a top-level "
        '"deck:" key with the deck\'s name\n',
    )
    gone = tmp_path / "gone.yaml"
    missing = runner.invoke(app, ["simulate", "pocket-duel", "--deck", deck, "--deck", str(gone)])
    assert (missing.exit_code, missing.stderr) == (
        2,
        f"error: {gone}:1:1: cannot read file: No such file or directory\n",
    )
    extra = runner.invoke(
        app, ["play", "pocket-duel", "--deck", deck, "--deck", deck, "--cards", str(gone)]
    )
    assert (extra.exit_code, extra.stderr) == (
        2,
        f"error: {gone}:1:1: cannot read file: No such file or directory\n",
    )
