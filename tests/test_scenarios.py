"""The scenario runner: how a failing scenario reports expected against actual."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardscript.cli.main import app
from cardscript.interpreter.scenario import run_scenario

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
SCENARIOS = Path(__file__).parent / "scenarios"


def test_failures_say_expected_and_actual() -> None:
    result = run_scenario(FIXTURES / "wrong-expectations.yaml")
    assert not result.passed
    assert result.failures == [
        "players.Bob.life: expected 8, got 9",
        'players.Anna.zones.hand: expected ["imp"], got []',
        "players.Carol: no such player",
        'cards.imp.zone: expected "discard", got "play"',
        "cards.imp.power: expected 5, got 1",
        'events: expected ["damaged", "enters_play"] in this order; "enters_play" did not '
        'come (events were ["moved", "enters_play", "damaged"])',
        'log: no change matching "destroy by imp"',
    ]
    assert "deal_damage by imp at 1:1" in result.report()  # the trace follows


def test_each_failure_is_told_at_its_expectation() -> None:
    """file:line:col of the value that differs (CI points at the line), in the report
    and in ``cardscript test``'s diagnostics, one per failure."""
    fixture = FIXTURES / "wrong-expectations.yaml"
    result = run_scenario(fixture)
    assert [(p.line, p.column) for p in result.places] == [
        (14, 29),  # Bob's life: 8
        (15, 26),  # Anna's hand: [imp]
        (16, 5),  # Carol: no such player (the key)
        (18, 25),  # the imp's zone: discard
        (18, 49),  # its power: 5
        (19, 21),  # "enters_play" did not come
        (20, 9),  # "destroy by imp"
    ]
    assert result.places[0].file == str(fixture)
    assert result.report().splitlines()[1] == (
        f"  {fixture}:14:29: players.Bob.life: expected 8, got 9"
    )
    said = CliRunner().invoke(
        app,
        ["test", str(fixture), "--plugin", "tests.testgame.kernel:register", "-f", "json"],
    )
    found = json.loads(said.stdout)["diagnostics"]
    assert [(d["code"], d["line"], d["column"]) for d in found] == [
        ("CS-S001", 14, 29),
        ("CS-S001", 15, 26),
        ("CS-S001", 16, 5),
        ("CS-S001", 18, 25),
        ("CS-S001", 18, 49),
        ("CS-S001", 19, 21),
        ("CS-S001", 20, 9),
    ]
    assert found[6]["message"] == (
        "scenario 'deliberately wrong expectations' failed: log: no change matching "
        '"destroy by imp"'
    )


def test_a_failed_action_and_a_run_that_stopped_are_told_at_the_action(tmp_path: Path) -> None:
    # VS-AT1a with the wrong targets expected of its first action (line 43)
    bundled = SCENARIOS / "vs-system" / "VS-AT1a-cannot-attack-costly-characters.scenario.yaml"
    text = bundled.read_text("utf-8").replace("targets: [VST-030]", "targets: [VST-014]")
    text = text.replace("- vs-", f"- {bundled.parent}/vs-")
    checked = _written(tmp_path / "checked.scenario.yaml", text)
    stopped = _written(
        tmp_path / "stopped.scenario.yaml",
        "game: pocket-duel\n"
        "setup:\n"
        "  players:\n"
        "    - zones: {hand: [cinder-strength]}\n"
        "    - zones: {hand: [ivo-agility]}\n"
        "actions:\n"
        "  - {do: round, play: [cinder-strength, ivo-agility]}\n"
        "  - {do: round, play: [cinder-strength, null]}\n"
        "expect: {}\n",
    )
    result = run_scenario(checked)
    assert [(p.line, p.column) for p in result.places] == [(43, 3)]
    assert result.failures[0].startswith("action 1 (can_attack): ")
    result = run_scenario(stopped)
    assert result.error == "ValueError: cinder-strength is not in player 1's hand"
    assert result.error_place is not None
    assert (result.error_place.line, result.error_place.column) == (8, 5)
    assert f"  {stopped}:8:5: could not run: ValueError: " in result.report()


def test_an_unknown_action_is_reported_not_raised() -> None:
    result = run_scenario(FIXTURES / "bad-action.yaml")
    assert result.error == "ValueError: the testgame kernel has no scenario action 'fly'"


def test_allowed_false_expects_the_kernel_to_refuse(tmp_path: Path) -> None:
    fixture = FIXTURES / "refusal-expected.yaml"
    assert run_scenario(fixture).passed
    legal = tmp_path / "legal.yaml"
    text = fixture.read_text("utf-8").replace("hand: [imp]", "hand: [imp, imp]")
    legal.write_text(text, "utf-8")
    assert run_scenario(legal).error == "ValueError: the action play should have been refused"


def test_deck_scenario_failures_say_expected_and_actual() -> None:
    result = run_scenario(FIXTURES / "deck-wrong-expectations.yaml")
    assert result.failures == [
        "legal: expected true, got false",
        "diagnostics: expected 2, got 4",
        'diagnostics[0].code: expected "VG-COPY-LIMIT", got "VG-UNKNOWN-CARD"',
        'diagnostics[1].code: expected "VG-HEAL-LIMIT", got "VG-DECK-SIZE"',
        'diagnostics[1].message: expected "nothing", got "This deck has 5 cards; a deck has '
        'exactly 50 cards (rules «Сбор колоды»; digest §4)"',
    ]
    # what the checker found follows, at the scenario file's own lines (the deck is at 5-6)
    assert result.trace[0].startswith('6:3 VG-UNKNOWN-CARD "Lantern Squire" is not a card')
    assert result.trace[1] == (
        "5:3 VG-DECK-SIZE This deck has 5 cards; a deck has exactly 50 cards (rules «Сбор "
        "колоды»; digest §4) (hint: add 45 cards)"
    )


def test_a_deck_scenario_needs_a_literal_block() -> None:
    listed = run_scenario(FIXTURES / "deck-not-a-block.yaml")  # the schema says so
    assert listed.error == 'not a scenario: 3:7: "deck" must be text, not a list'
    plain = FIXTURES / "deck-plain-scalar.yaml"
    assert run_scenario(plain).error == "a deck scenario's 'deck:' is a literal block (deck: |)"


def test_cli_runs_scenarios_with_exit_codes() -> None:
    runner = CliRunner()
    ok = runner.invoke(
        app, ["test", "tests/scenarios/testgame", "--plugin", "tests.testgame.kernel:register"]
    )
    assert ok.exit_code == 0 and ok.stdout.endswith("3 passed, 0 failed\n")
    bad = runner.invoke(
        app,
        [
            "test",
            str(FIXTURES / "wrong-expectations.yaml"),
            "--plugin",
            "tests.testgame.kernel:register",
            "-f",
            "json",
        ],
    )
    assert bad.exit_code == 1
    assert '"code": "CS-S001"' in bad.stdout
    missing = runner.invoke(app, ["test", "no/such/dir"])
    assert missing.exit_code == 2


def test_a_broken_scenario_file_is_reported_where_it_breaks(tmp_path: Path) -> None:
    broken = tmp_path / "broken.scenario.yaml"
    broken.write_text("game: pocket-duel\nsource: a: b\n", "utf-8")
    result = CliRunner().invoke(app, ["test", str(broken)])
    assert result.exit_code == 1
    assert result.stdout == (
        f"{broken}:2:10: error[CS-S002]: not a scenario: not valid YAML: mapping values are "
        "not allowed here\n"
        '  = hint: quote a value that contains ": ", e.g. text: "Cost: 2"\n'
        "\n0 passed, 1 failed\n"
    )


def test_a_scenario_of_the_wrong_shape_gets_every_problem_at_its_place(tmp_path: Path) -> None:
    """scenario.schema.json: wrong kinds and misspelt keys are CS-S002 at the node, with a
    did-you-mean; the scenario is not run (no traceback from a half-read file)."""
    bad = tmp_path / "shapes.scenario.yaml"
    bad.write_text(
        "game: pocket-duel\n"
        "seed: one\n"
        "expect:\n"
        "  players:\n"
        "    Anna: {resource: {health: 9}}\n"
        "  cards: {card: x}\n"
        "  events: null\n"
        "  result: {winner: 0, reson: destroyed}\n",
        "utf-8",
    )
    result = CliRunner().invoke(app, ["test", str(bad)])
    assert result.exit_code == 1
    assert result.stdout == (
        f'{bad}:2:7: error[CS-S002]: not a scenario: "seed" must be a whole number, not text\n'
        f"{bad}:5:12: error[CS-S002]: not a scenario: the expected player "
        '"Anna" has no field "resource"\n'
        '  = hint: did you mean "resources"?\n'
        f'{bad}:6:10: error[CS-S002]: not a scenario: "cards" must be a list, not a mapping '
        "of fields\n"
        f'{bad}:7:11: error[CS-S002]: not a scenario: "events" must be a list, not empty\n'
        f"{bad}:8:23: error[CS-S002]: not a scenario: the expected result has no field "
        '"reson"\n'
        '  = hint: did you mean "reason"?\n'
        "\n0 passed, 1 failed\n"
    )
    assert run_scenario(bad).error == (
        'not a scenario: 2:7: "seed" must be a whole number, not text'
    )


def test_answers_of_the_wrong_shape_are_told_at_their_place(tmp_path: Path) -> None:
    """Each used to stop the run with Python's words: "KeyError: 'player'", "TypeError:
    'int' object is not iterable", "int() argument must be…"."""
    bad = tmp_path / "answers.scenario.yaml"
    bad.write_text(
        "game: pocket-duel\n"
        "actions:\n"
        "  - {do: round, answers: [{}]}\n"
        "  - {do: round, answers: [3, [-1], {player: 1, choose: 0}]}\n"
        "  - {do: round, answers: [{player: x, choose: [0]}, {player: 1, chose: [0]}]}\n"
        "expect: {}\n",
        "utf-8",
    )
    result = CliRunner().invoke(app, ["test", str(bad)])
    assert result.exit_code == 1
    refused = f"{bad}:{{}}: error[CS-S002]: not a scenario: {{}}\n"
    assert result.stdout == (
        refused.format("3:27", 'an answer needs the field "player"')
        + '  = hint: perhaps try adding "player: …"\n'
        + refused.format("3:27", 'an answer needs the field "choose"')
        + '  = hint: perhaps try adding "choose: …"\n'
        + refused.format(
            "4:27", '"answers" must be a list or a mapping of fields, not a whole number'
        )
        + refused.format("4:31", '"answers" must be at least 0, not -1')
        + refused.format("4:56", '"choose" must be a list, not a whole number')
        + refused.format("5:36", '"player" must be a whole number, not text')
        + refused.format("5:65", 'an answer has no field "chose"')
        + '  = hint: did you mean "choose"?\n'
        + "\n0 passed, 1 failed\n"
    )


def test_action_keys_of_the_wrong_kind_are_told_at_their_place(tmp_path: Path) -> None:
    """The keys every kernel shares (scenario.schema.json) and each kernel's own
    (``Kernel.scenario_action_fields``): each used to stop the run with Python's words
    ("TypeError: unhashable type: 'list'", "IndexError: cannot fit 'int' into an
    index-sized integer", "KeyError: -1")."""
    files = {
        "shared": "game: berserk\nactions:\n  - {do: strike, attacker: 7, player: {seat: 1}}\n",
        "pd": "game: pocket-duel\nactions:\n  - {do: round, play: t-defense}\n"
        "  - {do: match, format: standard, teams: [[cinder-hero], sable-hero], first_to: 0}\n",
        "mc": "game: marvel-champions\nactions:\n"
        f"  - {{do: setup, decks: [[bulwark-hero]], first_player: {10**30}}}\n"
        '  - {do: attack, card: bulwark-hero, new: "yes"}\n',
        "bk": "game: berserk\nactions:\n  - {do: strike, rolls: [7, six]}\n",
    }
    for name, text in files.items():
        (tmp_path / f"{name}.scenario.yaml").write_text(text + "expect: {}\n", "utf-8")
    result = CliRunner().invoke(
        app, ["test", *(str(tmp_path / f"{n}.scenario.yaml") for n in files)]
    )
    assert result.exit_code == 1
    said = [line.removeprefix(f"{tmp_path}/") for line in result.stdout.splitlines()]
    refused = "{}: error[CS-S002]: not a scenario: {}"
    assert said == [
        refused.format("shared.scenario.yaml:3:28", '"attacker" must be text, not a whole number'),
        '  = hint: perhaps try "7" in quotes',
        refused.format(
            "shared.scenario.yaml:3:39",
            '"player" must be a whole number or true or false or empty, not a mapping of fields',
        ),
        "",
        refused.format("pd.scenario.yaml:3:23", '"play" must be a list, not text'),
        refused.format("pd.scenario.yaml:4:58", '"teams" must be a list, not text'),
        refused.format("pd.scenario.yaml:4:81", '"first_to" must be at least 1, not 0'),
        "",
        refused.format("mc.scenario.yaml:3:56", f'"first_player" must be at most 7, not {10**30}'),
        refused.format("mc.scenario.yaml:4:43", '"new" must be true or false, not text'),
        "",
        refused.format("bk.scenario.yaml:3:26", '"rolls" must be at most 6, not 7'),
        refused.format("bk.scenario.yaml:3:29", '"rolls" must be a whole number, not text'),
        "",
        "0 passed, 4 failed",
    ]


def test_decks_naming_cards_no_file_defines_are_told_at_each_card(tmp_path: Path) -> None:
    """It used to stop the run with "could not run: KeyError: 'nonesuch'"."""
    bad = _written(
        tmp_path / "decks.scenario.yaml",
        "game: marvel-champions\nactions:\n  - do: setup\n"
        '    decks: [[bulwark-hero, nonesuch], [ember-lynx-hro, ""]]\nexpect: {}\n',
    )
    result = CliRunner().invoke(app, ["test", str(bad)])
    assert result.exit_code == 1
    unknown = (
        "{}: error[CS-S002]: not a scenario: the decks name card {}, which neither the "
        "bundled cards nor the scenario's card files (cards:) define\n"
    )
    assert result.stdout == (
        unknown.format(f"{bad}:4:28", '"nonesuch"')
        + unknown.format(f"{bad}:4:40", '"ember-lynx-hro"')
        + '  = hint: did you mean "ember-lynx-hero"?\n'
        + unknown.format(f"{bad}:4:56", '""')
        + "\n0 passed, 1 failed\n"
    )


def test_an_action_without_a_field_its_kernel_needs_is_told_at_the_action(tmp_path: Path) -> None:
    """It was "could not run: KeyError: 'zone'", with no place (``allowed: false`` too)."""
    said = _tested(
        tmp_path,
        put="game: marvel-champions\nactions:\n  - {do: setup, decks: [[bulwark-hero]]}\n"
        "  - {do: put, card: bulwark-01}\n",
        move="game: vanguard\nactions:\n  - {do: move, from: front_left, allowed: false}\n",
    )
    assert said == (
        'put.scenario.yaml:4:5: error[CS-S002]: not a scenario: the action "put" needs the '
        'field "zone"\n\n'
        'move.scenario.yaml:3:5: error[CS-S002]: not a scenario: the action "move" needs the '
        'field "to"\n\n0 passed, 2 failed\n'
    )
    put = tmp_path / "put.scenario.yaml"
    assert run_scenario(put).error == 'not a scenario: 4:5: the action "put" needs the field "zone"'


def test_a_set_up_card_s_own_keys_of_the_wrong_kind_are_told_at_their_place(
    tmp_path: Path,
) -> None:
    """``Kernel.scenario_card_fields``: each was "could not run: TypeError: int() argument
    must be…" or "IndexError: string index out of range"."""
    zone = "game: {}\nsetup:\n  players:\n    - zones:\n        {}:\n{}expect: {{}}\n"
    files = [
        _written(
            tmp_path / "vs.scenario.yaml",
            zone.format(
                "vs-system",
                "front_row",
                "          - {card: VST-030, col: {}}\n          - {card: VST-008, col: -1}\n",
            ),
        ),
        _written(
            tmp_path / "bk.scenario.yaml",
            zone.format("berserk", "battlefield", '          - {card: BKT-Z, cell: ""}\n'),
        ),
        _written(
            tmp_path / "vg.scenario.yaml",
            zone.format("vanguard", "rear_guard_circle", "          - {card: x, circle: FC}\n"),
        ),
    ]
    result = CliRunner().invoke(app, ["test", *map(str, files)])
    assert result.exit_code == 1
    said = [line.removeprefix(f"{tmp_path}/") for line in result.stdout.splitlines()]
    refused = "{}: error[CS-S002]: not a scenario: {}"
    assert said == [
        refused.format(
            "vs.scenario.yaml:6:34", '"col" must be a whole number, not a mapping of fields'
        ),
        refused.format("vs.scenario.yaml:7:34", '"col" must be at least 0, not -1'),
        "",
        refused.format("bk.scenario.yaml:6:33", '"cell" has the wrong form: ""'),
        '  = hint: a column A to E and a row 1 to 3, primed for the second seat: B2, B2"',
        "",
        refused.format(
            "vg.scenario.yaml:6:31", '"FC" is not a value for "circle"; expected FL, FR, BL, BC, BR'
        ),
        "",
        "0 passed, 3 failed",
    ]


def test_a_player_beyond_the_game_s_seats_is_told_at_its_place(tmp_path: Path) -> None:
    """Each was "could not run: IndexError: list index out of range"."""
    said = _tested(
        tmp_path,
        three="game: pocket-duel\nsetup:\n  players:\n    - {name: A}\n    - {name: B}\n"
        "    - {name: C}\n",
        fourth="game: pocket-duel\nactions:\n  - {do: gain_energy, player: 3, amount: 1}\n",
    )
    assert said == (
        "three.scenario.yaml:6:7: error[CS-S002]: not a scenario: the setup names 3 players, "
        "but the game seats 2\n\n"
        'fourth.scenario.yaml:3:31: error[CS-S002]: not a scenario: "player" is 3, but the '
        "players are 0 to 1\n\n0 passed, 2 failed\n"
    )


def _tested(folder: Path, **texts: str) -> str:
    """``cardscript test`` on scenario files NAME.scenario.yaml (each ends ``expect: {}``):
    its report, which must fail, with the folder left out."""
    paths = [_written(folder / f"{n}.scenario.yaml", t + "expect: {}\n") for n, t in texts.items()]
    result = CliRunner().invoke(app, ["test", *map(str, paths)])
    assert result.exit_code == 1
    return result.stdout.replace(f"{folder}/", "")


def _written(path: Path, text: str) -> Path:
    path.write_text(text, "utf-8")
    return path


def test_a_hostile_scenario_file_is_refused_not_expanded(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.scenario.yaml"
    rows = ["game: pocket-duel", 'a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    rows += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 9)]
    bomb.write_text("\n".join([*rows, "expect: {}"]) + "\n", "utf-8")
    result = CliRunner().invoke(app, ["test", str(bomb)])
    assert result.exit_code == 1
    assert (
        "error[CS-S002]: not a scenario: not valid YAML: YAML aliases expand to more than "
        "500,000 nodes\n"
    ) in result.stdout
    assert result.stdout.endswith("0 passed, 1 failed\n")


def test_a_card_id_defined_twice_stops_the_scenario_where_it_is(tmp_path: Path) -> None:
    scenario = (
        Path(__file__).parent / "scenarios" / "pocket-duel" / "PD-T06a-end-check-win.scenario.yaml"
    )
    text = scenario.read_text("utf-8").replace("setup:", "cards: [extra.yaml]\nsetup:")
    (tmp_path / "s.scenario.yaml").write_text(text, "utf-8")
    card = "  - {id: %s, name: Extra, type: hero, difficulty: 1, text: ''}\n"
    extra = tmp_path / "extra.yaml"
    extra.write_text("game: pocket-duel\nset: X\ncards:\n" + card % "x-1" + card % "x-1", "utf-8")
    twice = run_scenario(tmp_path / "s.scenario.yaml")
    assert twice.error == (
        f'{extra}:5:10: card id "x-1" is already defined by {extra}:4:10; perhaps try a new id'
    )
    bundled = run_scenario_with(
        tmp_path, "game: pocket-duel\nset: X\ncards:\n" + card % "cinder-hero"
    )
    assert bundled == (
        f'{extra}:4:10: card id "cinder-hero" is already defined by the bundled '
        "cards; perhaps try a new id"
    )
    broken = run_scenario_with(tmp_path, "game: pocket-duel\ncards: [\n")
    assert broken == (
        f"{extra}:3:1: expected the node content, but found '<stream end>' "
        "(while parsing a flow node)"
    )


def run_scenario_with(folder: Path, cards: str) -> str | None:
    (folder / "extra.yaml").write_text(cards, "utf-8")
    return run_scenario(folder / "s.scenario.yaml").error


def test_a_setup_naming_an_unknown_card_says_which_and_offers_the_nearest(
    tmp_path: Path,
) -> None:
    folder = Path(__file__).parent / "scenarios" / "pocket-duel"
    scenario = folder / "PD-C2-1b-it-is-the-superpower-put-into-the-reserve.scenario.yaml"
    text = scenario.read_text("utf-8").replace(
        "discard_pile: [t-sp-playable]}", "discard_pile: [t-sp-playabel]}", 1
    )
    (tmp_path / "s.scenario.yaml").write_text(text, "utf-8")
    cards = folder / "pd-scenario-cards.yaml"
    (tmp_path / cards.name).write_text(cards.read_text("utf-8"), "utf-8")
    assert run_scenario(tmp_path / "s.scenario.yaml").error == (
        'setup: P1\'s discard_pile names card "t-sp-playabel", which neither the bundled '
        'cards nor the scenario\'s card files (cards:) define; perhaps try "t-sp-playable"'
    )


def test_an_answer_that_does_not_fit_is_told_in_words(tmp_path: Path) -> None:
    # was "IllegalAnswer: illegal answer [1] to: …": the class name of our own error
    folder = Path(__file__).parent / "scenarios" / "marvel-champions"
    cards = folder / "mc-scenario-cards.yaml"
    (tmp_path / cards.name).write_text(cards.read_text("utf-8"), "utf-8")
    scenario = tmp_path / "s.scenario.yaml"
    scenario.write_text(
        "game: marvel-champions\nscenario: an answer that does not fit\nseed: 1\n"
        "cards: [mc-scenario-cards.yaml]\nactions:\n- do: setup\n  decks:\n"
        "  - [bulwark-hero, mcb-01, mcb-01, mcb-01, mcb-01, mcb-01, mcb-01, mcb-01]\n"
        "- do: enemy_attack\n  enemy: grimhold-1\n  player: 0\n  answers:\n  - [1]\n"
        "expect:\n  players:\n    P1:\n      zones:\n        deck: []\n",
        "utf-8",
    )
    assert run_scenario(scenario).error == (
        "the answers (answers:) do not fit: illegal answer [1] to: Grimhold attacks "
        "(options ['no defender'])"
    )


def _copied(tmp_path: Path, game: str, name: str, *cards: str) -> str:
    """A bundled scenario's text, its card files copied beside the copy to come."""
    folder = Path(__file__).parent / "scenarios" / game
    for card_file in cards:
        (tmp_path / card_file).write_text((folder / card_file).read_text("utf-8"), "utf-8")
    return (folder / name).read_text("utf-8")


def test_a_check_action_that_finds_otherwise_is_a_failure_at_its_action(tmp_path: Path) -> None:
    # was "could not run: AssertionError: VST-AT1 direct attack: True": Python's word
    text = _copied(
        tmp_path,
        "vs-system",
        "VS-AT1b-may-attack-the-player.scenario.yaml",
        "vs-scenario-cards.yaml",
        "vs-at-attack-cards.yaml",
    )
    (tmp_path / "s.scenario.yaml").write_text(
        text.replace("  player: true", "  player: false", 1), "utf-8"
    )
    result = run_scenario(tmp_path / "s.scenario.yaml")
    assert (result.error, result.failures) == (
        None,
        ["action 1 (can_attack): VST-AT1 direct attack: True"],
    )


def test_a_seat_is_a_number_but_in_vs_system_s_can_attack(tmp_path: Path) -> None:
    # was "IndexError: list index out of range": true is seat 1 to Python, and a solo
    # Marvel Champions game has seat 0 alone
    text = _copied(
        tmp_path,
        "marvel-champions",
        "MC-DF2a-main-scheme-completed-at-once.scenario.yaml",
        "mc-scenario-cards.yaml",
        "mc-df-cards.yaml",
    )
    (tmp_path / "s.scenario.yaml").write_text(
        text.replace(
            "card: mcdf-mounting-plot, player: 0}", "card: mcdf-mounting-plot, player: true}"
        ),
        "utf-8",
    )
    assert run_scenario(tmp_path / "s.scenario.yaml").error == (
        'not a scenario: 18:50: "player" must be a whole number or empty, not true or false'
    )


def test_what_a_check_expects_holds_ids_not_mappings(tmp_path: Path) -> None:
    # was "TypeError: '<' not supported between instances of 'dict' and 'dict'"
    (tmp_path / "s.scenario.yaml").write_text(
        "game: vs-system\nscenario: expected mappings\nseed: 1\nactions:\n"
        "- do: reinforcers\n  defender: SKY-002\n  expected: [{a: 1}]\nexpect: {}\n",
        "utf-8",
    )
    assert run_scenario(tmp_path / "s.scenario.yaml").error == (
        'not a scenario: 7:14: "expected" must be text or a whole number, not a mapping of fields'
    )


def test_picks_for_fewer_seats_leave_the_others_to_choose(tmp_path: Path) -> None:
    # was "IndexError: list index out of range"
    text = _copied(tmp_path, "pocket-duel", "PD-T12-legacy-transfer.scenario.yaml")
    (tmp_path / "s.scenario.yaml").write_text(
        text.replace("picks: [sable-hero, cinder-hero]", "picks: [sable-hero]", 1), "utf-8"
    )
    result = run_scenario(tmp_path / "s.scenario.yaml")
    assert (result.error, result.failures) == (None, [])  # P2's first choice: Cinder Vale
