"""A keyword's lines become abilities of the cards that have it, so a keywords file gets
the checks of a card text on each body (games.game_from_keywords), reported at their
line:col in the file, by ``cardscript check`` (through load_game) and by ``cardscript
validate`` given the file. Before, only parse errors and CS-K00x were reported there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardscript.cli.main import app
from cardscript.games import load_game

runner = CliRunner()

# MC keywords with and without a value, for the keyword-argument checks
_RETALIATE = (
    "keyword Retaliate X:\n"
    "  after this is attacked, deal X damage to the attacker.\n"
    "keyword Steady:\n"
    "  rule excess_damage_carries is on for this.\n"
)

# (game, the body's line, code, column, message); each body is the last line of its file
CASES = [
    (
        "vs-system",
        "When this is recruited, recruit a character.",
        "CS-T007",
        27,
        '"recruit" cannot be an effect in VS System: a player recruits in their recruit '
        "step, paying the cost in resource points (§9.1)",
    ),
    (
        "pocket-duel",
        "Pay 2 energy → deal 2 damage to the opponent.",
        "CS-T008",
        3,
        "an activated ability is never used in Pocket Duel: a player only chooses the card "
        "to play each round (§6), so nothing would pay its cost",
    ),
    (
        "pocket-duel",
        "Effect: Draw 1 card.",
        "CS-T009",
        11,
        '"draw" means nothing in Pocket Duel: a player has no deck, the 6 ability cards '
        "start in hand (§5) and come back there from the discard pile",
    ),
    (
        "pocket-duel",
        "Effect: Put target Strength card from your discard pile into your reserve.",
        "CS-T010",
        22,
        "a Strength card never goes into the reserve in Pocket Duel: the reserve holds only "
        "superpowers, which wait there for their energy threshold (§10)",
    ),
    (
        "pocket-duel",
        "Effect: If this has 3 or more energy, gain 1 health.",
        "CS-T011",
        14,
        'only a player has energy, and "this" is a card',
    ),
    (
        "pocket-duel",
        "Whenever you take damage, prevent 1 of that damage.",
        "CS-T012",
        29,
        '"prevent 1 of that damage" comes too late in Pocket Duel: a trigger on "takes '
        'damage" resolves once the damage is dealt, so none of it is left to prevent',
    ),
    (
        "vs-system",
        "When this attacks, you may prevent the first 2 breakthrough dealt to you each turn.",
        "CS-T013",
        30,
        '"prevent the first 2 breakthrough dealt to you each turn" is a standing '
        "prevention, which works as a line of its own while its card is in play, not as a "
        "step that runs once",
    ),
    (
        "vs-system",
        "When this attacks, in player order, draw a card at the end of the turn until none remain.",
        "CS-T014",
        39,
        '"at the end of the turn" cannot be repeated in player order: "until none remain" '
        "counts what the players act on now, and a delayed step acts only then",
    ),
    (
        "marvel-champions",
        "When this enters play, if this has 2 all-purpose tokens, draw 1 card.",
        "CS-T019",
        38,
        'a bare number counts that many or more: "this has 2 all-purpose tokens" holds '
        "with 2 or more",
    ),
    ("vs-system", "Gets +1 ATK.", "CS-T002", 3, '"gets" needs to say which card gets it'),
    ("vs-system", "When this enters play, draw Y cards.", "CS-T003", 31, "Y is not defined here"),
    (
        "vs-system",
        "If you do, draw a card.",
        "CS-T004",
        3,
        '"if you do" needs something before it to do',
    ),
    (
        "vs-system",
        "Rule ready_in_recovery is 3.",
        "CS-T005",
        3,
        'rule ready_in_recovery is on or off, not "3"',
    ),
    (
        "berserk",
        'Creatures you control have "close this → nonsense".',
        "CS-T006",
        25,
        'the granted ability does not read: unknown word "nonsense" after "→"; expected a '
        'card or object noun, a state or quality, an effect verb, a named cost, "a", "all", …',
    ),
    ("marvel-champions", "Retaliate.", "CS-T001", 3, "Retaliate needs a number"),
    (
        "marvel-champions",
        "Steady 2.",
        "CS-T001",
        10,
        'Steady takes nothing after it, but "2" follows',
    ),
    ("marvel-champions", "Retaliate Y.", "CS-T003", 13, "Y is not defined here"),
]


def _keywords(root: Path, game: str, body: str) -> tuple[Path, int]:
    """A keywords file whose last keyword has ``body``, and that line's number."""
    before = _RETALIATE if game == "marvel-champions" else ""
    text = f"{before}keyword Probe:\n  {body}\n"
    (root / game).mkdir(parents=True, exist_ok=True)
    path = root / game / "keywords.cardscript"
    path.write_text(text, "utf-8")
    return path, text.count("\n")


@pytest.mark.parametrize(("game", "body", "code", "column", "message"), CASES)
def test_a_keyword_body_gets_the_checks_of_a_card_text_at_its_place_in_the_file(
    tmp_path: Path, game: str, body: str, code: str, column: int, message: str
) -> None:
    path, line = _keywords(tmp_path, game, body)
    found = load_game(game, str(tmp_path)).keyword_diagnostics
    assert [(d.code, str(d.span), d.message) for d in found] == [
        (code, f"{path}:{line}:{column}", message)
    ]


def test_a_keywords_parameters_are_defined_in_its_body(tmp_path: Path) -> None:
    _keywords(tmp_path, "marvel-champions", "Retaliate X.")
    text = (tmp_path / "marvel-champions" / "keywords.cardscript").read_text("utf-8")
    (tmp_path / "marvel-champions" / "keywords.cardscript").write_text(
        text.replace("keyword Probe:", "keyword Probe X:"), "utf-8"
    )
    assert load_game("marvel-champions", str(tmp_path)).keyword_diagnostics == ()


@pytest.mark.parametrize("given", ["the file", "its folder"])
def test_validate_given_a_keywords_file_reports_its_problems_at_their_place(
    tmp_path: Path, given: str
) -> None:
    """Named on the command line, or found in a folder given (as card files are: a CI job
    running "cardscript validate cards/" checks its keywords too; other *.cardscript files
    are left alone)."""
    path, _ = _keywords(tmp_path, "vs-system", "Gets +1 ATK.")
    (tmp_path / "vs-system" / "notes.cardscript").write_text("not a keywords file\n", "utf-8")
    named = path if given == "the file" else tmp_path
    result = runner.invoke(app, ["validate", "--no-cache", "--format", "json", str(named)])
    assert result.exit_code == 1
    assert result.stderr == "checked 1 file: 1 error, 0 warnings\n"
    [found] = json.loads(result.stdout)["diagnostics"]
    assert (found["code"], found["file"], found["line"], found["column"]) == (
        "CS-T002",
        str(path),
        2,
        3,
    )


def test_validate_reads_a_keywords_files_game_from_its_folder(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    path = folder / "keywords.cardscript"
    path.write_text("keyword Probe:\n  Gets +1 ATK.\n", "utf-8")
    result = runner.invoke(app, ["validate", "--no-cache", str(path)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:2] == [
        'error[CS-C003]: a keywords file\'s game is the folder it is in, and "cards" names '
        "none of: vs-system, pocket-duel, berserk, marvel-champions, vanguard",
        f" --> {path}:1:1",
    ]
    assert result.stdout.splitlines()[-1] == (
        '  = hint: perhaps try a folder named after its game: "vs-system/keywords.cardscript"'
    )
