"""A prohibition on what a card attacks is asked with the card or player attacked ("This
cannot attack characters with cost 5 or more.", "Your hero cannot attack villains."):
only the attacks it names are refused, in the attacks offered to agents (VS System
``combat.options``, Marvel Champions ``player.options`` and an "(attack)" event's
targets); one that names nothing ("This cannot attack.") still refuses them all. The
scenarios VS-AT1 and MC-AT1 script the attacks."""

from __future__ import annotations

from cardscript.interpreter.engine import Engine
from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions.kernel import mc_pool
from cardscript.kernels.vs_system import combat
from cardscript.kernels.vs_system.kernel import new_engine as vs_engine
from cardscript.kernels.vs_system.kernel import vs_pool
from tests.test_cost_x import SCENARIOS, Recorder
from tests.test_cost_x_mc import _holding

VS_POOL = vs_pool(
    [
        SCENARIOS / "vs-system" / "vs-scenario-cards.yaml",
        SCENARIOS / "vs-system" / "vs-at-attack-cards.yaml",
    ]
)
MC_FOLDER = SCENARIOS / "marvel-champions"
MC_POOL = mc_pool([MC_FOLDER / "mc-scenario-cards.yaml", MC_FOLDER / "mc-at-attack-cards.yaml"])


def _vs_attacks(attacker: str, *stunned: bool) -> list[tuple[tuple[str, ...], str | None]]:
    """The attacks P1 may declare with ``attacker`` against Nimrod (cost 5) and Plain
    (cost 2), each stunned or not: as card ids (None: P2 itself)."""
    engine = vs_engine([Recorder(), Recorder()], 1, pool=VS_POOL)
    state = engine.state
    state.phase, state.active = "combat_phase", 0
    state.create_card(attacker, 0, "front_row").data["col"] = 0
    for col, (card, down) in enumerate(zip(("VST-014", "VST-030"), stunned, strict=True)):
        made = state.create_card(card, 1, "front_row")
        made.data["col"] = col
        if down:
            made.states.update({"stunned", "exhausted"})
    return [
        (tuple(state.cards[a].card_id for a in group), _id(engine, d))
        for group, d in combat.options(engine, 0)
    ]


def _id(engine: Engine, uid: int | None) -> str | None:
    return None if uid is None else engine.state.cards[uid].card_id


def test_vs_offers_the_attacks_on_what_the_prohibition_does_not_name() -> None:
    assert _vs_attacks("VST-AT1", False, False) == [(("VST-AT1",), "VST-030")]
    assert _vs_attacks("VST-AT1", False, True) == []  # (Nimrod only, §7.2: no direct attack)
    assert _vs_attacks("VST-AT1", True, True) == [(("VST-AT1",), None)]  # the player: no card


def test_vs_a_prohibition_naming_nothing_refuses_every_attack() -> None:
    assert _vs_attacks("VST-AT2", False, False) == []
    assert _vs_attacks("VST-AT2", True, True) == []


def _mc_hero(*in_play: str, hand: tuple[str, ...] = ()) -> tuple[Engine, Recorder]:
    """Solo Bulwark in hero form with these cards in play."""
    engine, agent = _holding(list(hand), pool=MC_POOL)
    turns.change_form(engine.kernel, engine, 0)
    for card in in_play:
        engine.state.create_card(card, 0, "play")
    return engine, agent


def _attacks(engine: Engine) -> list[str]:
    found = turns.options(engine.kernel, engine, 0)
    return [engine.definition(u).id for kind, u in found if kind == "attack"]


def test_mc_offers_a_basic_attack_while_some_enemy_may_be_attacked() -> None:
    # "Your hero cannot attack villains.": with only the villain there, no attack
    engine, _ = _mc_hero("mcat-truce-pact")
    assert _attacks(engine) == []
    engine, _ = _mc_hero("mcat-truce-pact", "dock-raider")
    assert _attacks(engine) == ["bulwark-hero"]
    k = engine.kernel
    assert [
        engine.definition(u).id for u in k.attack_targets(engine, 0, k.identity(engine, 0))
    ] == ["dock-raider"]


def test_mc_an_attack_event_chooses_among_the_enemies_the_hero_may_attack() -> None:
    hand = ("bulwark-01", "mcb-01", "mcb-01")  # Shield Bash (cost 2) and two resources
    engine, _ = _mc_hero("mcat-truce-pact", hand=hand)
    bash = engine.state.players[0].zones["hand"][0]
    assert turns.can_play(engine.kernel, engine, 0, bash) is False  # the villain alone
    engine, agent = _mc_hero("mcat-truce-pact", "dock-raider", hand=hand)
    bash = engine.state.players[0].zones["hand"][0]
    (raider,) = engine.kernel.engaged(engine, 0)
    assert turns.can_play(engine.kernel, engine, 0, bash) is True
    turns.play_card(engine.kernel, engine, 0, bash)
    # the target is chosen as the attack is declared, before its window (S013)
    assert [list(d.options) for d in agent.seen if d.prompt == "choose a target"] == [[raider]]
    assert engine.state.cards[raider].zone == "encounter_discard"  # 4 damage, 2 hit points
    assert engine.state.cards[engine.kernel.villain(engine)].counters == {}
