"""Conditions whose subject is a player ("if you are in hero form", "if the opponent has 2
or more cards in their hand"): the kernel answers a player's quality
(``Kernel.player_quality``), and "their" zone is the zone of each player the subject
names. Both were always false: the tests looked at cards alone."""

from __future__ import annotations

from pathlib import Path

from cardscript.games import Game, load_game
from cardscript.grammar import ast
from cardscript.interpreter import select
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions.kernel import deck_ids, mc_pool, new_engine
from tests.testgame.kernel import new_engine as tiny_engine
from tests.testgame.kernel import tiny_game

ROOT = Path(__file__).resolve().parents[1]


def _holds(game: Game, engine: Engine, text: str, controller: int, source: int) -> bool:
    """The condition of ``text`` ("if …, draw 1 card."), read by ``controller``."""
    parsed = game.parse(text)
    assert parsed.diagnostics == ()
    ability = parsed.script.lines[0].ability
    assert isinstance(ability, ast.EffectAbility)
    (step,) = ability.effects.steps
    assert isinstance(step, ast.Conditional)
    return select.test(engine.context(source, None, controller), step.condition)


def test_a_players_form_is_their_identitys() -> None:
    pool = mc_pool()
    decks = [
        deck_ids(pool, ROOT / "decks" / "marvel-champions" / name)
        for name in ("bulwark.yaml", "ember-lynx.yaml")
    ]
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=pool)
    engine.kernel.setup(engine, decks)
    game, k = load_game("marvel-champions"), engine.kernel
    turns.change_form(k, engine, 0, voluntary=False)  # P1 in hero form, P2 in alter-ego form
    source = k.identity(engine, 0)
    assert source is not None
    texts = (
        "if you are in hero form, draw 1 card.",
        "if you are not in hero form, draw 1 card.",
        "if you are in alter-ego form, draw 1 card.",
        "if each player is in hero form, draw 1 card.",
        "if the active player is in hero form, draw 1 card.",
    )
    seen = [[_holds(game, engine, t, p, source) for t in texts] for p in (0, 1)]
    assert seen == [[True, False, False, False, True], [False, True, True, False, True]]
    turns.change_form(k, engine, 1, voluntary=False)
    assert [_holds(game, engine, texts[3], p, source) for p in (0, 1)] == [True, True]


def test_their_zone_is_the_subject_players() -> None:
    engine = tiny_engine([FirstAgent(), FirstAgent()])
    state, game = engine.state, tiny_game()
    for _ in range(3):
        state.create_card("bear", 1, "hand")
    source = state.create_card("bear", 0, "play").uid
    state.create_card("bear", 0, "hand")
    texts = (
        "if the opponent has 2 or more cards in their hand, draw 1 card.",
        "if the opponent has no cards in their hand, draw 1 card.",
        "if each player has 1 or more cards in their hand, draw 1 card.",
        "if each player has 2 or more cards in their hand, draw 1 card.",
        "if you have 2 or more cards in your hand, draw 1 card.",
    )
    assert [_holds(game, engine, t, 0, source) for t in texts] == [True, False, True, False, False]
    assert [_holds(game, engine, t, 1, source) for t in texts] == [False, False, True, False, True]
