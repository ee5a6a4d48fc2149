"""Every effect verb and named cost a game's checker accepts has a primitive in its kernel;
the verbs that name a player's game action are refused as effects (CS-T007), and the core
actions a game has nothing for are refused (CS-T009)."""

from __future__ import annotations

import importlib

import pytest

from cardscript import GAMES
from cardscript.content import package_name
from cardscript.games import base_registry, load_game
from cardscript.grammar.checks import check_script
from cardscript.interpreter.kernel import Kernel

# Accepted with no primitive, where play stops with "the <game> kernel has no primitive":
# none now. A verb added to a registry without one fails the test (or is listed here until
# it gets one, or is refused as a game verb); the test fails too when the list is wrong.
STILL_MISSING: dict[str, list[str]] = {}


def _kernel(game: str) -> Kernel:
    module = importlib.import_module(f"cardscript.kernels.{package_name(game)}.kernel")
    bundled: Kernel = module.BUNDLED.kernel()
    return bundled


def _unrunnable(game: str) -> list[str]:
    """The verbs (effects and named costs) card text may use that the kernel cannot run."""
    kernel, registry = _kernel(game), base_registry(game)
    refused = {r.verb for r in registry.refusals if r.what == "game verb"}
    words = [t for t in registry.terms("VERB") if t.id not in refused] + list(
        registry.terms("COST")
    )
    return [t.id for t in words if kernel.primitive(kernel.verb(t.id)) is None]


@pytest.mark.parametrize("game", GAMES)
def test_every_effect_verb_the_checker_accepts_has_a_primitive(game: str) -> None:
    assert _unrunnable(game) == STILL_MISSING.get(game, [])


def _check(game: str, text: str) -> list[tuple[str, int, int, str, tuple[str, ...]]]:
    definition = load_game(game)
    result = definition.parse(text)
    assert result.diagnostics == ()
    return [
        (d.code, d.span.line, d.span.column, d.message, d.hints)
        for d in check_script(result.script, definition.registry)
        if d.span is not None
    ]


def test_a_player_s_game_action_is_refused_as_an_effect_where_it_is_written() -> None:
    assert _check("pocket-duel", "On hit: the opponent plays target card.") == [
        (
            "CS-T007",
            1,
            22,
            '"play" cannot be an effect in Pocket Duel: each player plays their one card '
            "of the round face down in step 1 (§6)",
            (),
        )
    ]
    assert _check("pocket-duel", "Transfer this.") == [
        (
            "CS-T007",
            1,
            1,
            '"transfer" cannot be an effect in Pocket Duel: a Legacy transfer is the '
            "defeated hero's player's choice between the games of a match (§13)",
            (),
        )
    ]
    assert _check("vs-system", "When this attacks, draw a card, then recruit a character.") == [
        (
            "CS-T007",
            1,
            38,
            '"recruit" cannot be an effect in VS System: a player recruits in their '
            "recruit step, paying the cost in resource points (§9.1)",
            ('perhaps try "put target character in your hand into your front row"',),
        )
    ]


def test_the_hint_for_recruit_is_itself_clean_card_text() -> None:
    assert (
        _check(
            "vs-system", "When this attacks, put target character in your hand into your front row."
        )
        == []
    )


def test_an_activated_ability_is_refused_where_no_rule_activates_one() -> None:
    """Pocket Duel has no actions but the round's card (§6): "cost → effect" would never
    be used, so the checker says so at the ability; other games keep theirs."""
    text = "Block 1\nPay X energy → deal X damage to the opponent."
    assert _check("pocket-duel", text) == [
        (
            "CS-T008",
            2,
            1,
            "an activated ability is never used in Pocket Duel: a player only chooses the "
            "card to play each round (§6), so nothing would pay its cost",
            (
                'perhaps try "Effect: …", which runs when the card is played, or a cost on a '
                'trigger: "When …, pay 1 energy → …"',
            ),
        )
    ]
    assert _check("pocket-duel", "When this is revealed, pay 1 energy → heal 1.") == []
    assert _check("vs-system", "Pay 1 endurance → draw a card.") == []


def test_a_heal_with_no_target_is_the_acting_player_s() -> None:
    """A bare "heal 2 wounds" heals the acting player (``actions._heal``), as "heal 2
    wounds from you" does: refused where a player has nothing to heal (Berserk, §15)."""
    assert _check("berserk", "Close this → heal 2 wounds.") == [
        (
            "CS-T009",
            1,
            14,
            '"heal" from a player means nothing in Berserk: a player has no wounds, only '
            "creatures are wounded and healed (§15)",
            ('perhaps try "heal 2 wounds from target creature you control"',),
        )
    ]
    assert _check("pocket-duel", "Effect: Heal 2.") == []  # a hero's health is healed (§10)
