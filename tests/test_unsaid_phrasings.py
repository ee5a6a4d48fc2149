"""Phrasings of the rules digests the card script said otherwise or not at all: a heal
"beyond its maximum hit points" (Marvel Champions G57, S118; CS-T038 where no such
maximum exists), and the hints that give the digests' wording back in the card script's
("may exceed your maximum HP", "gains +2 HP", "minion X", "engaged with the first
player", "does not stand", "each alter-ego player", "you may play …", "to a rear-guard
circle"). The scenario S118b plays the heal."""

from __future__ import annotations

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.formatter import format_script
from tests.test_equal_to_stats import _problems


def _heal(text: str) -> tuple[ast.Action, str]:
    game = load_game("marvel-champions")
    result = game.parse(text)
    assert result.diagnostics == ()
    step = result.script.lines[0].ability.effects.steps[0]  # type: ignore[union-attr]
    assert isinstance(step, ast.Clause)
    return step.action, format_script(result.script, game.registry).strip()


def test_a_heal_beyond_the_maximum_parses_and_is_written_back_with_its_stat() -> None:
    action, written = _heal("Heal 3 damage from your hero beyond its maximum hit points.")
    assert (action.verb, action.beyond, action.word) == ("heal", "hit_points", "from")
    assert written == "Heal 3 damage from your hero beyond its maximum hit points."
    action, written = _heal("heal 2 damage from target ally beyond your maximum HP.")
    assert action.beyond == "hit_points"
    assert written == "Heal 2 damage from target ally beyond its maximum hit points."
    action, written = _heal("Heal 3 damage from your hero.")
    assert action.beyond is None
    assert (
        _problems("marvel-champions", "Heal 3 damage from your hero beyond its maximum HP.") == []
    )


def test_a_heal_beyond_a_stat_that_caps_no_heal_is_refused() -> None:
    text = "Heal 3 damage from your hero beyond its maximum ATK."
    assert _problems("marvel-champions", text) == [
        (
            "CS-T038",
            1,
            1,
            "ATK is no maximum that a heal stops at in Marvel Champions, so a heal cannot go "
            "beyond it",
            ('perhaps try "heal 3 damage from your hero beyond its maximum hit points"',),
        )
    ]
    # a game with no such maximum: the heal alone
    text = "Close this → heal 2 wounds on target creature beyond its maximum life."
    assert _problems("berserk", text) == [
        (
            "CS-T038",
            1,
            14,
            "life is no maximum that a heal stops at in Berserk, so a heal cannot go beyond it",
            ('perhaps try "heal 2 wounds on target creature"',),
        )
    ]


def _hint(game: str, text: str) -> tuple[str, int, int, tuple[str, ...]]:
    (found,) = [p for p in _problems(game, text)]
    return found[0], found[1], found[2], found[4]


def test_a_heal_that_may_exceed_the_maximum_is_pointed_at_the_heal_that_says_so() -> None:
    text = "Heal 3 damage from your hero. This may exceed your maximum HP."
    assert _hint("marvel-champions", text) == (
        "CS-P002",
        1,
        40,
        (
            "a heal goes beyond the maximum where it says so: perhaps try "
            '"Heal 3 damage from your hero beyond its maximum hit points"',
        ),
    )
    assert _hint("marvel-champions", "Heal 3; this may exceed your maximum HP.")[3] == (
        'a heal goes beyond the maximum where it says so: perhaps try "Heal 3 beyond its '
        'maximum hit points"',
    )


def test_a_stat_gained_is_a_stat_the_card_gets() -> None:
    assert _hint("marvel-champions", "Your hero gains +2 HP.") == (
        "CS-P001",
        1,
        17,
        ('a card\'s stat changes with "gets": perhaps try "Your hero gets +2 HP"',),
    )
    assert _hint("vs-system", "Characters you control gain +1 ATK until end of turn.")[3] == (
        'a card\'s stat changes with "gets": perhaps try "Characters you control get +1 ATK '
        'until end of turn"',
    )


def test_a_card_named_by_a_letter_is_named_in_quotes() -> None:
    text = "Search the encounter deck for minion X and reveal it."
    assert _hint("marvel-champions", text) == (
        "CS-P001",
        1,
        38,
        ('a card is named in quotes: perhaps try "a minion named «X»"',),
    )


def test_a_minion_put_into_play_engaged_with_a_player_goes_to_their_play_area() -> None:
    text = (
        "Put target minion in the encounter discard pile into play engaged with the first player."
    )
    assert _hint("marvel-champions", text) == (
        "CS-P001",
        1,
        59,
        (
            "a card put into a player's play area engages that player: perhaps try "
            '"into the first player\'s play area"',
        ),
    )
    fixed = "Put target minion in the encounter discard pile into the first player's play area."
    assert _problems("marvel-champions", fixed) == []


def test_what_a_card_does_not_do_is_what_it_cannot_do() -> None:
    text = "This unit does not stand in your stand phase."
    assert _hint("vanguard", text) == (
        "CS-P001",
        1,
        11,
        ('what a card may not do is said with "cannot": perhaps try "This unit cannot stand"',),
    )
    assert _problems("vanguard", "This unit cannot stand.") == []


def test_a_player_named_by_a_form_before_it_gets_the_form_after_it() -> None:
    assert _hint("marvel-champions", "Each alter-ego player discards 1 card.") == (
        "CS-P001",
        1,
        16,
        (
            "a player's quality comes after the player: perhaps try "
            '"Each player in alter-ego form"',
        ),
    )


def test_what_may_be_done_at_any_time_is_said_with_can() -> None:
    text = "You may play allies from your discard pile."
    assert _hint("marvel-champions", text) == (
        "CS-P001",
        1,
        9,
        (
            'what may be done at any time is said with "can": perhaps try "You can play allies '
            'from your discard pile"',
        ),
    )
    assert _problems("marvel-champions", "You can play allies from your discard pile.") == []


def test_a_zone_named_with_an_article_is_named_by_whose_it_is() -> None:
    text = "Call a card from your soul to a rear-guard circle."
    assert _hint("vanguard", text) == (
        "CS-P001",
        1,
        31,
        (
            'a zone is named by whose it is: perhaps try "Call a card from your soul to your '
            'rear-guard circle"',
        ),
    )
    assert _problems("vanguard", "Call a card from your soul to your rear-guard circle.") == []
