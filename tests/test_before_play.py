"""A trigger at a moment before any card is in play (CS-T036, a warning): the registry
marks the edges of the periods that come before (``before_play``), Berserk's from the start
of the preliminary phase to the start of the placement step (§300.1, §302–§305)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from cardscript.cli.main import app
from cardscript.games import load_game
from cardscript.grammar.checks import check_script
from cardscript.grammar.diagnostics import Severity
from cardscript.grammar.refusals import RegistryError
from cardscript.grammar.registry import registry_from_data

HINT = 'perhaps try "At the start of the reveal step, you gain 1 gold.", when the cards are in play'


def _checked(text: str, game_name: str = "berserk") -> list[tuple[object, ...]]:
    """Each diagnostic of the checks: code, severity, message, line, column, hints."""
    game = load_game(game_name)
    result = game.parse(text)
    assert result.ok, result.diagnostics
    return [
        (d.code, d.severity, d.message, d.span.line, d.span.column, d.hints)
        for d in check_script(result.script, game.registry)
        if d.span is not None
    ]


def test_a_trigger_at_the_start_of_the_preliminary_phase_never_runs() -> None:
    assert _checked("At the start of the preliminary phase, you gain 1 gold.") == [
        (
            "CS-T036",
            Severity.WARNING,
            "no card is in play yet at the start of the preliminary phase, so this trigger "
            "never runs in a game",
            1,
            4,
            (HINT,),
        )
    ]


@pytest.mark.parametrize(
    ("moment", "said"),
    [
        ("the beginning of the deal step", "the beginning of the deal step"),
        ("the end of the deal step", "the end of the deal step"),
        ("the start of the set preparation step", "the start of the set preparation step"),
        ("the end of the set preparation step", "the end of the set preparation step"),
        ("the start of the squad recruitment step", "the start of the squad recruitment step"),
        ("the end of the recruitment step", "the end of the squad recruitment step"),
        ("the start of the placement step", "the start of the placement step"),
    ],
)
def test_every_moment_before_the_placement_is_dead(moment: str, said: str) -> None:
    assert _checked(f"Armor 1\nAt {moment}, you gain 1 gold.") == [
        (
            "CS-T036",
            Severity.WARNING,
            f"no card is in play yet at {said}, so this trigger never runs in a game",
            2,
            4,
            (HINT,),
        )
    ]


@pytest.mark.parametrize(
    "moment",
    [
        "the end of the placement step",  # the cards are on the battlefield, hidden (§305)
        "the start of the reveal step",
        "the start of the battle",  # in the battle start step (§300.5, §307)
        "the end of the preliminary phase",
        "the start of your turn",
    ],
)
def test_moments_with_cards_in_play_are_heard(moment: str) -> None:
    assert _checked(f"At {moment}, you gain 1 gold.") == []


def test_the_registry_marks_the_edges_before_play() -> None:
    registry = load_game("berserk").registry
    marked = {t.id: t.before_play for t in registry.terms("PHASE") if t.before_play}
    assert marked == {
        "preliminary_phase": ("start",),
        "deal_step": ("start", "end"),
        "set_preparation_step": ("start", "end"),
        "recruitment_step": ("start", "end"),
        "placement_step": ("start",),
    }
    others = {  # a match before its first game's setup, setup before its step 1
        "pocket-duel": {"match": ("start",)},
        "vs-system": {},
        "vanguard": {},
        "marvel-champions": {"setup": ("start",)},
    }
    for game, edges in others.items():
        phases = load_game(game).registry.terms("PHASE")
        assert {t.id: t.before_play for t in phases if t.before_play} == edges


def test_a_before_play_edge_is_start_or_end() -> None:
    data = {"game": "g", "phases": [{"id": "deal", "forms": ["deal"], "before_play": ["middle"]}]}
    with pytest.raises(RegistryError) as raised:
        registry_from_data(data)
    assert str(raised.value) == "phase deal: before_play holds start and end only"


def validated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, card: str) -> Result:
    """`cardscript validate` on ``card.yaml`` written in ``tmp_path``, with its own cache."""
    monkeypatch.setenv("CARDSCRIPT_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "card.yaml").write_text(card, encoding="utf-8")
    return CliRunner().invoke(app, ["validate", str(tmp_path / "card.yaml")])


def test_validate_reports_it_as_a_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    card = tmp_path / "card.yaml"
    result = validated(
        tmp_path,
        monkeypatch,
        "game: berserk\nset: TST\ncards:\n- id: TST-1\n  name: Test Herald\n"
        "  type: creature\n  cost: 3\n  elite: false\n  element: forest\n  life: 6\n"
        "  movement: 1\n  strike: 1-1-1\n  text: |\n"
        "    At the start of the preliminary phase, you gain 1 gold.\n",
    )
    assert result.exit_code == 0
    out = result.stdout
    assert (
        "warning[CS-T036]: no card is in play yet at the start of the preliminary phase, so "
        "this trigger never runs in a game\n"
        f"  --> {card}:14:8\n"
    ) in out
    assert f"= hint: {HINT}" in out
    assert "checked 1 file: 0 errors, 1 warning" in result.output
    strict = CliRunner().invoke(app, ["validate", "--strict", str(card)])
    assert strict.exit_code == 1


# ---- moments the kernel never raises (``unheard``, with the reason) ---------------------


@pytest.mark.parametrize(
    ("game", "text", "column", "said"),
    [
        (
            "marvel-champions",
            "Forced Response: At the end of the game, draw 1 card.",
            21,
            "the end of the game: the game is over, and no ability resolves after it",
        ),
        (
            "pocket-duel",
            "Talent: At the end of the game, gain 1 energy.",
            12,
            "the end of the game: the game is over, and nothing runs after it",
        ),
        (
            "pocket-duel",
            "Talent: At the end of the match, gain 1 energy.",
            12,
            "the end of the match: the match is over with its last game, and nothing runs after it",
        ),
        (
            "vanguard",
            "[AUTO](VC): At the end of the game, Soul Charge 1.",
            16,
            "the end of the fight: the fight is over as a player loses, and nothing runs after it",
        ),
        (
            "berserk",
            "At the end of the battle, you gain 1 gold.",
            4,
            "the end of the battle: the battle is over as a player wins or loses, and nothing "
            "runs after it",
        ),
    ],
)
def test_a_trigger_at_an_unheard_moment_never_runs(
    game: str, text: str, column: int, said: str
) -> None:
    assert _checked(text, game) == [
        (
            "CS-T036",
            Severity.WARNING,
            f"nothing is heard at {said}, so this trigger never runs in a game",
            1,
            column,
            (),
        )
    ]


@pytest.mark.parametrize(
    ("game", "text", "column", "fixed"),
    [
        (  # Appendix II step 1 puts the identities in play; the game begins after setup
            "marvel-champions",
            "Forced Response: At the start of setup, draw 1 card.",
            21,
            "Forced Response: At the start of the game, draw 1 card.",
        ),
        (  # a match begins before its first game's setup (§13, §5)
            "pocket-duel",
            "Talent: At the start of the match, gain 1 energy.",
            12,
            "Talent: At the start of the game, gain 1 energy.",
        ),
    ],
)
def test_other_games_moments_before_play(game: str, text: str, column: int, fixed: str) -> None:
    (found,) = _checked(text, game)
    assert found[:2] == ("CS-T036", Severity.WARNING)
    assert found[3:] == (1, column, (f'perhaps try "{fixed}", when the cards are in play',))


def test_an_unheard_edge_is_start_or_end_with_a_reason() -> None:
    for unheard in ({"middle": "why"}, {"end": ""}):
        data = {"game": "g", "phases": [{"id": "game", "forms": ["game"], "unheard": unheard}]}
        with pytest.raises(RegistryError) as raised:
            registry_from_data(data)
        assert str(raised.value) == "phase game: unheard gives start or end each a reason"


def test_the_start_of_the_game_is_heard_where_its_kernel_raises_it() -> None:
    """Marvel Champions, Pocket Duel and Vanguard raise the start of the game (the fight):
    no warning."""
    assert (
        _checked("Forced Response: At the start of the game, draw 1 card.", "marvel-champions")
        == []
    )
    assert _checked("Talent: At the start of the game, gain 1 energy.", "pocket-duel") == []
    assert _checked("[AUTO](VC): At the start of the fight, Soul Charge 1.", "vanguard") == []


# ---- a moment before another: only where the kernel raises one (``heard_before``) -------


@pytest.mark.parametrize(
    ("game", "text", "column", "said", "fixed"),
    [
        (
            "marvel-champions",
            "Forced Interrupt: Before the start of the round, draw 1 card.",
            26,
            "the start of the round: Marvel Champions raises no moment before another",
            "Forced Interrupt: At the start of the round, draw 1 card.",
        ),
        (
            "vs-system",
            "Before the start of your turn, draw a card.",
            8,
            "the start of your turn: VS System raises no moment before another",
            "At the start of your turn, draw a card.",
        ),
        (
            "berserk",
            "Before the end of your turn, you gain 1 gold.",
            8,
            "the end of your turn: Berserk raises a moment before the start of the turn only",
            "At the end of your turn, you gain 1 gold.",
        ),
    ],
)
def test_a_trigger_before_a_moment_no_kernel_raises_never_runs(
    game: str, text: str, column: int, said: str, fixed: str
) -> None:
    assert _checked(text, game) == [
        (
            "CS-T036",
            Severity.WARNING,
            f"nothing is heard before {said}, so this trigger never runs in a game",
            1,
            column,
            (f'perhaps try "{fixed}"',),
        )
    ]


def test_before_the_start_of_your_turn_is_heard_in_berserk() -> None:
    assert _checked("Before the start of your turn, you gain 1 gold.") == []


def test_a_heard_before_edge_is_start_or_end() -> None:
    data = {"game": "g", "phases": [{"id": "turn", "forms": ["turn"], "heard_before": ["mid"]}]}
    with pytest.raises(RegistryError) as raised:
        registry_from_data(data)
    assert str(raised.value) == "phase turn: heard_before holds start and end only"


# ---- a delayed step at the end of a period the kernel never ends (``never_ends``) -------


@pytest.mark.parametrize(
    ("game", "text", "column", "said", "fixed"),
    [
        (
            "marvel-champions",
            "Forced Response: After you play this, draw 1 card at the end of the game.",
            65,
            "the game: the game is over, and no ability resolves after it",
            "Forced Response: After you play this, draw 1 card at the end of the turn.",
        ),
        (
            "pocket-duel",
            "Effect: Gain 1 energy at the end of the game.",
            37,
            "the game: the game is over, and nothing runs after it",
            "Effect: Gain 1 energy at the end of the round.",
        ),
        (
            "pocket-duel",
            "Effect: Gain 1 energy at the end of the match.",
            37,
            "the match: the match is over with its last game, and nothing runs after it",
            "Effect: Gain 1 energy at the end of the round.",
        ),
        (
            "vanguard",
            "[AUTO](VC): When this attacks, Soul Charge 1 at the end of the game.",
            60,
            "the fight: the fight is over as a player loses, and nothing runs after it",
            "[AUTO](VC): When this attacks, Soul Charge 1 at the end of the turn.",
        ),
        (
            "berserk",
            "When this attacks, you gain 1 gold at the end of the battle.",
            50,
            "the battle: the battle is over as a player wins or loses, and nothing runs after it",
            "When this attacks, you gain 1 gold at the end of the turn.",
        ),
    ],
)
def test_a_delay_until_the_end_of_the_game_never_runs(
    game: str, text: str, column: int, said: str, fixed: str
) -> None:
    assert _checked(text, game) == [
        (
            "CS-T036",
            Severity.WARNING,
            f"nothing is heard at the end of {said}, so this delayed step never runs in a game",
            1,
            column,
            (f'perhaps try "{fixed}"',),
        )
    ]


@pytest.mark.parametrize(
    ("game", "text"),
    [  # Berserk's kernel ends an attack and a fight, though no card hears their ends (§216)
        ("berserk", "When this attacks, you gain 1 gold at the end of the attack."),
        ("berserk", "When this attacks, you gain 1 gold at the end of the fight."),
        (
            "marvel-champions",
            "Forced Response: After you play this, draw 1 card at the end of the round.",
        ),
        # what lasts until the end of the game lasts for good
        ("marvel-champions", "Target obligation becomes a minion until the end of the game."),
        ("pocket-duel", "Effect: This gets +1 attack until the end of the game."),
    ],
)
def test_a_delay_at_the_end_of_a_period_that_ends_is_not_warned(game: str, text: str) -> None:
    assert _checked(text, game) == []


def test_the_registries_mark_the_periods_that_never_end() -> None:
    marked = {
        game: [t.id for t in load_game(game).registry.terms("PHASE") if t.never_ends]
        for game in ("pocket-duel", "vs-system", "vanguard", "berserk", "marvel-champions")
    }
    assert marked == {
        "pocket-duel": ["match", "game"],
        "vs-system": [],
        "vanguard": ["fight"],
        "berserk": ["battle"],
        "marvel-champions": ["game"],
    }


def test_a_period_that_never_ends_has_its_end_unheard() -> None:
    data = {"game": "g", "phases": [{"id": "game", "forms": ["game"], "never_ends": True}]}
    with pytest.raises(RegistryError) as raised:
        registry_from_data(data)
    assert str(raised.value) == "phase game: never_ends needs its end unheard, with why"
