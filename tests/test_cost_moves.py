"""Cost steps that move cards from a zone ("put a card from your hand into your soul",
"put 2 cards from your hand at the bottom of your deck") are costs counted in cards
(``cardscript/interpreter/cost_cards.py``): offered only where they can be paid in full,
paid in full or not at all, and counted together with the other steps drawing on the
same hand (``cost_pools``). The scenarios VG-RC1 and VG-RC2 script them."""

from __future__ import annotations

from cardscript.interpreter.engine import Engine
from cardscript.kernels.vanguard.kernel import vanguard_pool
from tests.test_cost_pools import _sizes, _vg
from tests.test_cost_x import SCENARIOS, Recorder

POOL = vanguard_pool(
    [SCENARIOS / "vanguard" / f for f in ("vg-scenario-cards.yaml", "vg-rc-cost-cards.yaml")]
)


def _table(card: str, hand: int, answers: list[list[int]] | None = None) -> Engine:
    return _vg(card, soul=0, hand=hand, answers=answers, pool=POOL)


def _resolved(engine: Engine) -> bool:
    """The [ACT] resolved without the playability check (``acts`` refuses it)."""
    (uid,) = engine.state.players[0].zones["vanguard_circle"]
    (ability,) = engine.definition(uid).abilities
    return engine.resolve(ability, uid, 0)


def test_a_discard_and_a_put_into_the_soul_need_2_cards_in_hand() -> None:
    engine = _table("vgt-rc-soul-toll", hand=1)
    assert engine.kernel.acts(engine, 0) == []
    assert not _resolved(engine)  # the card was discarded, then nothing went to the soul
    assert _sizes(engine, "hand", "drop_zone", "soul", "deck") == (1, 0, 0, 6)


def test_a_discard_and_a_put_into_the_soul_take_2_different_cards() -> None:
    engine = _table("vgt-rc-soul-toll", hand=2)
    hand = list(engine.state.players[0].zones["hand"])
    ((uid, ability),) = engine.kernel.acts(engine, 0)
    engine.kernel.activate(engine, 0, uid, ability)
    zones = engine.state.players[0].zones
    assert (zones["drop_zone"], zones["soul"]) == ([hand[0]], [hand[1]])
    assert _sizes(engine, "hand", "deck") == (2, 4)


def test_put_2_cards_into_the_soul_with_1_card_moves_nothing() -> None:
    engine = _table("vgt-rc-soul-pair", hand=1)
    assert engine.kernel.acts(engine, 0) == []
    assert not _resolved(engine)  # the one card went to the soul, and a card was drawn
    assert _sizes(engine, "hand", "soul", "deck") == (1, 0, 6)


def test_a_put_at_the_bottom_and_a_discard_need_3_cards_in_hand() -> None:
    engine = _table("vgt-rc-deck-toll", hand=2)
    assert engine.kernel.acts(engine, 0) == []
    assert not _resolved(engine)
    assert _sizes(engine, "hand", "drop_zone", "deck") == (2, 0, 6)
    engine = _table("vgt-rc-deck-toll", hand=3, answers=[[0, 2]])
    hand = list(engine.state.players[0].zones["hand"])
    ((uid, ability),) = engine.kernel.acts(engine, 0)
    engine.kernel.activate(engine, 0, uid, ability)
    agent = engine.agents[0]
    assert isinstance(agent, Recorder)
    assert [(d.prompt, d.options) for d in agent.seen] == [
        ("put to deck", tuple(hand)),
        ("discard", (hand[1],)),
    ]
    zones = engine.state.players[0].zones
    assert (zones["deck"][:2], zones["drop_zone"]) == ([hand[2], hand[0]], [hand[1]])
    assert _sizes(engine, "hand", "deck") == (3, 5)
