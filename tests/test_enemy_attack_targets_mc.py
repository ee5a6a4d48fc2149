"""Marvel Champions enemy attacks against characters that "cannot be attacked" (G05 step
4, read for the attacking enemy): [ASSUMPTION] the attack is not made, and such a
character does not defend (``villain.may_attack``). The scenarios MC-PL3a to MC-PL3e
script the villain, a minion, a defender and card text."""

from __future__ import annotations

from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions import villain as vphase
from cardscript.kernels.marvel_champions.kernel import mc_pool
from tests.test_cost_x_mc import ROOT, _holding

FOLDER = ROOT / "tests" / "scenarios" / "marvel-champions"
POOL = mc_pool([FOLDER / "mc-scenario-cards.yaml", FOLDER / "mc-pl-cards.yaml"])


def _stunned_raider_attacks(ward: str | None) -> tuple[dict[str, int], dict[str, int]]:
    """A stunned Dock Raider attacks Bulwark (hero form), behind ``ward`` if any: the
    raider's counters and the hero's after it."""
    engine, _ = _holding([], pool=POOL)
    k = engine.kernel
    turns.change_form(k, engine, 0)
    if ward is not None:
        engine.state.create_card(ward, 0, "play")
    raider = engine.state.create_card("dock-raider", 0, "play").uid
    engine.state.cards[raider].counters["stunned_card"] = 1
    vphase.enemy_attack(k, engine, raider, 0, with_boost=False)
    me = k.identity(engine, 0)
    assert me is not None
    return engine.state.cards[raider].counters, engine.state.cards[me].counters


def test_a_stunned_enemy_keeps_its_stun_when_its_target_cannot_be_attacked() -> None:
    # the attack is not made, so the stunned card is not spent on it (G49 "would attack")
    assert _stunned_raider_attacks("mcpl-minion-ward") == ({"stunned_card": 1}, {})
    # (without the ward the stunned card is discarded instead of the attack)
    assert _stunned_raider_attacks(None) == ({}, {})


def test_only_an_attack_chosen_in_text_is_narrowed() -> None:
    showdown = POOL.cards["mct-showdown"].abilities[0]  # "The villain attacks a hero."
    jab = POOL.cards["mcpl-villain-jab"].abilities[0]  # "The villain deals 2 damage to a hero."
    assert (vphase.attacks_in_text(showdown), vphase.attacks_in_text(jab)) == (True, False)
