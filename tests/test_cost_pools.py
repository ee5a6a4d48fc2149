"""Cost steps that draw on the same cards, counted together
(``cardscript/interpreter/cost_pools.py``): "discard 2 cards, discard a card" needs 3
cards, an X is at most what the other steps leave, no card pays two steps, and a card a
later step needs is not offered. The scenarios VS-CT1, VS-CT2, VG-CT1 and VG-CT2 script
the VS System and Vanguard sides."""

from __future__ import annotations

from cardscript.interpreter import cost_pools, cost_x
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.cards import CardPool
from cardscript.interpreter.engine import Engine
from cardscript.kernels.vanguard.kernel import new_engine as vanguard_engine
from cardscript.kernels.vanguard.kernel import vanguard_pool
from cardscript.kernels.vs_system.kernel import new_engine as vs_engine
from cardscript.kernels.vs_system.kernel import vs_pool
from tests.test_cost_cards import _tiny, _zones
from tests.test_cost_x import SCENARIOS, Recorder, _asked_x

VS_POOL = vs_pool(
    [SCENARIOS / "vs-system" / f for f in ("vs-scenario-cards.yaml", "vs-ct-cost-cards.yaml")]
)
VG_POOL = vanguard_pool(
    [SCENARIOS / "vanguard" / f for f in ("vg-scenario-cards.yaml", "vg-ct-cost-cards.yaml")]
)


# ---- the counting alone -----------------------------------------------------------------


def test_steps_fit_where_every_group_has_the_cards_it_needs() -> None:
    hand = frozenset({1, 2})
    assert cost_pools.fits([(2, hand), (1, hand)]) is False
    assert cost_pools.fits([(1, hand), (1, hand)]) is True
    assert cost_pools.fits([(1, hand), (1, frozenset({2}))]) is True
    assert cost_pools.fits([(2, hand), (1, frozenset({3}))]) is True
    assert cost_pools.fits([(1, frozenset({2})), (1, frozenset({2}))]) is False


def test_the_largest_x_is_what_the_fixed_steps_leave() -> None:
    hand = frozenset({1, 2, 3, 4})
    assert cost_pools.largest([(1, hand)], [hand]) == 3
    assert cost_pools.largest([], [hand, hand]) == 2  # "discard X cards, discard X cards"
    assert cost_pools.largest([(1, frozenset({9}))], [hand]) == 4  # another pool
    assert cost_pools.largest([(2, frozenset({9}))], [hand]) == -1  # the fixed step fails


# ---- the tiny test game ---------------------------------------------------------------


def test_two_discard_steps_are_payable_with_three_cards_not_two() -> None:
    text = "Discard 2 cards, discard a card → draw 3 cards."
    agent = Recorder()
    engine, miser = _tiny(text, hand=2, agent=agent)
    (ability,) = engine.definition(miser).abilities
    assert not cost_x.payable(engine, miser, ability, 0)
    assert not engine.resolve(ability, miser, 0)  # nothing paid, nothing drawn
    assert agent.seen == []
    assert _zones(engine, 0, "hand", "discard", "deck") == (["bear"] * 2, [], ["bear"] * 3)
    engine.state.create_card("bear", 0, "hand")
    assert cost_x.payable(engine, miser, ability, 0)
    hand = list(engine.state.players[0].zones["hand"])
    assert engine.resolve(ability, miser, 0)
    assert [d.options for d in agent.seen] == [tuple(hand), (hand[2],)]
    assert engine.state.players[0].zones["discard"] == hand
    assert _zones(engine, 0, "hand", "deck") == (["bear"] * 3, [])


def test_two_equal_steps_are_two_steps() -> None:
    agent = Recorder()
    engine, miser = _tiny("Discard a card, discard a card → draw 2 cards.", hand=2, agent=agent)
    hand = list(engine.state.players[0].zones["hand"])
    (ability,) = engine.definition(miser).abilities
    assert engine.resolve(ability, miser, 0)
    assert [d.options for d in agent.seen] == [tuple(hand), (hand[1],)]
    assert engine.state.players[0].zones["discard"] == hand
    assert _zones(engine, 0, "hand", "deck") == (["bear"] * 2, ["bear"])


def test_x_of_a_discard_is_at_most_what_the_other_step_leaves() -> None:
    agent = Recorder([[1]])  # X = 2
    engine, miser = _tiny("Discard X cards, discard a card → draw X cards.", hand=3, agent=agent)
    (ability,) = engine.definition(miser).abilities
    assert engine.resolve(ability, miser, 0)
    assert _asked_x(agent) == [("choose X for the cost of miser", (1, 2), ("X = 1", "X = 2"))]
    assert _zones(engine, 0, "hand", "discard", "deck") == (["bear"] * 2, ["bear"] * 3, ["bear"])
    engine, miser = _tiny("Discard X cards, discard a card → draw X cards.", hand=1, agent=agent)
    assert not cost_x.payable(engine, miser, engine.definition(miser).abilities[0], 0)


def test_a_card_that_paid_one_step_pays_no_other() -> None:
    text = "Exhaust 2 creatures you control, discard a creature you control → draw a card."
    engine, miser = _tiny(text, hand=0, agent=Recorder())
    engine.state.create_card("bear", 0, "play")
    (ability,) = engine.definition(miser).abilities
    assert not cost_x.payable(engine, miser, ability, 0)  # 2 creatures, 3 to pay with
    assert not engine.resolve(ability, miser, 0)
    assert _zones(engine, 0, "play", "discard") == (["miser", "bear"], [])
    assert engine.state.cards[miser].states == set()
    agent = Recorder()
    engine, miser = _tiny(text, hand=0, agent=agent)
    first, second = (engine.state.create_card("bear", 0, "play").uid for _ in range(2))
    assert engine.resolve(ability, miser, 0)
    assert [(d.prompt, d.options) for d in agent.seen] == [
        ("exhaust", (miser, first, second)),
        ("discard", (second,)),  # the Miser and the first Bear are exhausted: they paid
    ]
    assert engine.state.players[0].zones["play"] == [miser, first]
    assert engine.state.players[0].zones["discard"] == [second]


def test_a_card_a_later_step_needs_is_not_offered() -> None:
    agent = Recorder()
    text = "Discard a card, discard a creature from your hand → draw 2 cards."
    engine, miser = _tiny(text, hand=0, agent=agent)
    bolt = engine.state.create_card("bolt", 0, "hand").uid
    bear = engine.state.create_card("bear", 0, "hand").uid
    (ability,) = engine.definition(miser).abilities
    assert engine.resolve(ability, miser, 0)
    assert [(d.prompt, d.options) for d in agent.seen] == [
        ("discard", (bolt,)),
        ("discard", (bear,)),
    ]
    assert engine.state.players[0].zones["discard"] == [bolt, bear]


# ---- VS System ---------------------------------------------------------------------------


def _vs(
    card: str, hand: int, answers: list[list[int]] | None = None, pool: CardPool = VS_POOL
) -> tuple[Engine, Recorder]:
    """``card`` for P1 in the front row, ``hand`` Watchful Sentinels in hand, 4 Fillers in
    the deck; P2's Sentinel in play."""
    agent = Recorder(answers)
    engine = vs_engine([agent, Recorder()], 1, pool=pool)
    state = engine.state
    state.phase, state.active = "combat_phase", 0
    state.create_card(card, 0, "front_row").data["col"] = 0
    for _ in range(hand):
        state.create_card("VST-084", 0, "hand")
    for _ in range(4):
        state.create_card("VST-054", 0, "deck")
    state.create_card("VST-084", 1, "front_row").data["col"] = 0
    return engine, agent


def test_vs_discard_2_cards_and_a_card_is_offered_with_3_cards_in_hand() -> None:
    engine, _ = _vs("VST-CT1", hand=2)
    assert engine.kernel.activatable(engine, 0) == []
    engine, _ = _vs("VST-CT1", hand=3)
    ((uid, power),) = engine.kernel.activatable(engine, 0)
    engine.kernel.activate(engine, 0, uid, power)
    assert _zones(engine, 0, "hand", "ko_pile", "deck") == (
        ["VST-054"] * 3,
        ["VST-084"] * 3,
        ["VST-054"],
    )


def test_vs_discard_x_cards_and_a_card_offers_x_up_to_the_hand_less_1() -> None:
    engine, agent = _vs("VST-CT2", hand=3, answers=[[1]])  # X = 2
    ((uid, power),) = engine.kernel.activatable(engine, 0)
    engine.kernel.activate(engine, 0, uid, power)
    assert _asked_x(agent) == [("choose X for the cost of VST-CT2", (1, 2), ("X = 1", "X = 2"))]
    assert _zones(engine, 0, "hand", "ko_pile") == (["VST-054"] * 2, ["VST-084"] * 3)
    engine, _ = _vs("VST-CT2", hand=1)
    assert engine.kernel.activatable(engine, 0) == []


# ---- Vanguard -------------------------------------------------------------------------


def _vg(
    card: str,
    soul: int,
    hand: int = 0,
    answers: list[list[int]] | None = None,
    pool: CardPool = VG_POOL,
) -> Engine:
    """``card`` on P1's vanguard circle with ``soul`` cards in the soul and ``hand`` in
    hand, 6 cards in each deck."""
    engine = vanguard_engine([Recorder(answers), FirstAgent()], 1, pool=pool)
    state = engine.state
    state.data["started"] = True
    state.phase, state.active, state.turn = "main_phase", 0, 3
    state.create_card(card, 0, "vanguard_circle")
    state.create_card("vgt-page", 1, "vanguard_circle")
    for _ in range(soul):
        state.create_card("vgt-filler", 0, "soul")
    for _ in range(hand):
        state.create_card("vgt-squire", 0, "hand")
    for player in (0, 1):
        for _ in range(6):
            state.create_card("vgt-filler", player, "deck", face_up=False)
    return engine


def _sizes(engine: Engine, *zones: str) -> tuple[int, ...]:
    return tuple(len(engine.state.players[0].zones.get(z, [])) for z in zones)


def test_vg_two_soul_blasts_need_two_soul_cards() -> None:
    engine = _vg("vgt-ct-twin-blast", soul=1)
    assert engine.kernel.acts(engine, 0) == []
    engine = _vg("vgt-ct-twin-blast", soul=2)
    ((uid, ability),) = engine.kernel.acts(engine, 0)
    engine.kernel.activate(engine, 0, uid, ability)
    assert _sizes(engine, "soul", "drop_zone", "hand", "deck") == (0, 2, 2, 4)


def test_vg_soul_blast_x_and_1_offers_x_up_to_the_soul_less_1() -> None:
    engine = _vg("vgt-ct-deep-blast", soul=3, answers=[[1]])  # X = 2
    ((uid, ability),) = engine.kernel.acts(engine, 0)
    engine.kernel.activate(engine, 0, uid, ability)
    agent = engine.agents[0]
    assert isinstance(agent, Recorder)
    assert _asked_x(agent) == [
        ("choose X for the cost of vgt-ct-deep-blast", (1, 2), ("X = 1", "X = 2"))
    ]
    assert _sizes(engine, "soul", "drop_zone", "hand") == (0, 3, 2)
    assert engine.kernel.acts(_vg("vgt-ct-deep-blast", soul=1), 0) == []


def test_vg_two_discards_from_the_hand_need_three_cards() -> None:
    engine = _vg("vgt-ct-hand-toll", soul=0, hand=2)
    assert engine.kernel.acts(engine, 0) == []
    engine = _vg("vgt-ct-hand-toll", soul=0, hand=3)
    ((uid, ability),) = engine.kernel.acts(engine, 0)
    engine.kernel.activate(engine, 0, uid, ability)
    assert _sizes(engine, "hand", "drop_zone", "deck") == (3, 3, 3)
