"""Marvel Champions asks the permissions its registry declares (attack, thwart, scheme,
defend, ready) where the rules act; the scenarios MC-PL5 to MC-PL8 script each one. Here:
the turn's options, an attack event, a thwart in card text and a stunned enemy that
"cannot attack" (it keeps its stunned card: [ASSUMPTION], ``villain.enemy_attack``)."""

from __future__ import annotations

from cardscript.interpreter.engine import Engine
from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions import villain as vphase
from cardscript.kernels.marvel_champions.base import RULE
from tests.test_cost_x_mc import _holding
from tests.test_enemy_attack_targets_mc import POOL


def _hero_with(*in_play: str, hand: tuple[str, ...] = ()) -> tuple[Engine, dict[str, int]]:
    """Solo Bulwark in hero form with these cards in play (by id: their uids)."""
    engine, _ = _holding(list(hand), pool=POOL)
    turns.change_form(engine.kernel, engine, 0)
    made = {card: engine.state.create_card(card, 0, "play").uid for card in in_play}
    return engine, made


def _basic_powers(engine: Engine) -> list[tuple[str, str]]:
    found = turns.options(engine.kernel, engine, 0)
    return [(kind, engine.definition(u).id) for kind, u in found if kind in ("attack", "thwart")]


def test_the_turn_offers_only_the_basic_powers_card_text_allows() -> None:
    engine, _ = _hero_with("mcpl-idle-ally")
    assert _basic_powers(engine) == [
        ("attack", "bulwark-hero"),
        ("thwart", "bulwark-hero"),
        ("attack", "mcpl-idle-ally"),
    ]
    engine, _ = _hero_with("mcpl-idle-ally", "mcpl-pacifist-vow")
    assert _basic_powers(engine) == [("thwart", "bulwark-hero"), ("attack", "mcpl-idle-ally")]


def test_an_attack_event_cannot_be_played_by_a_hero_that_cannot_attack() -> None:
    hand = ("bulwark-01", "mcb-01", "mcb-01")  # Shield Bash (cost 2) and two resources
    for vow, playable in (((), True), (("mcpl-pacifist-vow",), False)):
        engine, _ = _hero_with(*vow, hand=hand)
        bash = engine.state.players[0].zones["hand"][0]
        assert turns.can_play(engine.kernel, engine, 0, bash) is playable


def test_card_text_thwart_by_a_character_that_cannot_thwart_is_refused() -> None:
    engine, made = _hero_with("mcpl-idle-ally")
    k = engine.kernel
    scheme = k.main_scheme(engine)
    engine.state.cards[scheme].counters["threat"] = 5
    ally, me = made["mcpl-idle-ally"], k.identity(engine, 0)
    assert engine.apply("thwart", RULE, target=scheme, actor=ally) is False
    assert engine.state.cards[scheme].counters["threat"] == 5
    assert engine.apply("thwart", RULE, target=scheme, actor=me) is True  # THW 2
    assert engine.state.cards[scheme].counters["threat"] == 3


def test_a_stunned_enemy_that_cannot_attack_keeps_its_stunned_card() -> None:
    engine, made = _hero_with("dock-raider", hand=("mcpl-minion-stall",))
    raider = made["dock-raider"]
    engine.state.cards[raider].counters["stunned_card"] = 1
    stall = engine.state.players[0].zones["hand"][0]
    turns.play_card(engine.kernel, engine, 0, stall)
    vphase.enemy_attack(engine.kernel, engine, raider, 0, with_boost=False)
    me = engine.kernel.identity(engine, 0)
    assert engine.state.cards[raider].counters == {"stunned_card": 1}
    assert engine.state.cards[me].counters == {}
