"""VS System: seeded random games between the two starter decks end with a result and no
error (same-seed and CLI replay checks for every game: test_whole_games.py)."""

from __future__ import annotations

from pathlib import Path

from cardscript.interpreter.agents import FirstAgent, RandomAgent
from cardscript.kernels.vs_system.kernel import deck_ids, new_engine, vs_pool

ROOT = Path(__file__).resolve().parents[1]
POOL = vs_pool()
DECKS = [
    deck_ids(POOL, ROOT / "decks" / "vs-system" / "dawnwatch-starter.yaml"),
    deck_ids(POOL, ROOT / "decks" / "vs-system" / "vex-legion-starter.yaml"),
]


def test_starter_decks_are_40_cards_of_20_or_more_different_cards() -> None:
    for deck in DECKS:
        assert len(deck) == 40
        assert len(set(deck)) >= 20
        types = {POOL[c].type for c in deck}
        assert types == {"character", "equipment", "location", "plot_twist"}


def test_100_random_games_end_with_a_result() -> None:
    reasons: dict[str, int] = {}
    for seed in range(100):
        decks = DECKS if seed % 2 else DECKS[::-1]
        engine = new_engine([RandomAgent(2 * seed), RandomAgent(2 * seed + 1)], seed, pool=POOL)
        engine.kernel.setup(engine, decks)
        result = engine.kernel.play(engine)
        assert result is not None and result["winner"] in (0, 1, None)
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
    assert reasons.get("endurance", 0) > 0


def test_the_payment_powers_offered_follow_flips_stuns_and_formation_moves() -> None:
    """The priority options keep a player's holdings while their zones hold the same
    cards and no face or stun changed: a flip, a stun and a move must show."""
    from cardscript.interpreter.engine import Cause

    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    kernel, state, test = engine.kernel, engine.state, Cause(rule="test")
    state.players[0].resources["endurance"] = 50
    reyes = state.create_card("DWN-010", 0, "front_row")
    ilsa = state.create_card("VEX-008", 0, "support_row")
    tower = state.create_card("DWN-019", 0, "resource_row", face_up=False)
    reyes.data["col"], ilsa.data["col"] = 0, 1
    assert [u for u, _ in kernel.activatable(engine, 0)] == [reyes.uid, ilsa.uid]
    engine.apply("flip", test, target=tower.uid)  # its text works face up
    assert [u for u, _ in kernel.activatable(engine, 0)] == [reyes.uid, ilsa.uid, tower.uid]
    engine.apply("stun", test, target=ilsa.uid)
    assert [u for u, _ in kernel.activatable(engine, 0)] == [reyes.uid, tower.uid]
    kernel.move_character(engine, 0, reyes.uid, "support_row", 0)  # front row empty now
    engine.apply("recover", test, target=ilsa.uid)
    engine.apply("ready", test, target=ilsa.uid)  # the stun exhausted her
    assert [u for u, _ in kernel.activatable(engine, 0)] == [ilsa.uid, reyes.uid, tower.uid]


def test_formation_offers_every_slot_of_both_rows_but_the_characters_own() -> None:
    """§6.2: characters move freely between rows and slots: the columns in use, the gap
    between them and one more on the right, in both rows."""
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    kernel, state = engine.kernel, engine.state
    reyes = state.create_card("DWN-010", 0, "front_row")
    ilsa = state.create_card("VEX-008", 0, "support_row")
    reyes.data["col"], ilsa.data["col"] = 0, 2
    assert kernel.formation_slots(engine, 0, ilsa.uid) == [
        ("front_row", 0),
        ("front_row", 1),
        ("front_row", 2),
        ("front_row", 3),
        ("support_row", 0),
        ("support_row", 1),
        ("support_row", 3),
    ]
    kernel.move_character(engine, 0, ilsa.uid, "front_row", 0)  # taken: they swap
    assert (state.cards[ilsa.uid].zone, state.cards[ilsa.uid].data["col"]) == ("front_row", 0)
    assert (state.cards[reyes.uid].zone, state.cards[reyes.uid].data["col"]) == ("support_row", 2)


def test_cancel_takes_the_newest_link_of_the_card_off_the_chain() -> None:
    """§8.2: a cancelled link leaves the chain unresolved, the links under it stay; a
    recruit cancelled (A16) sends the card waiting on the chain to its owner's KO'd pile."""
    from cardscript.interpreter.engine import Cause

    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=POOL)
    state, test = engine.state, Cause(rule="test")
    recruit = state.create_card("DWN-001", 0, "chain")
    twist = state.create_card("DWN-014", 1, "ko_pile")
    links = [
        {"kind": "recruit", "uid": recruit.uid, "player": 0, "row": "front_row", "col": 0},
        {"kind": "plot_twist", "uid": twist.uid, "player": 1, "targets": {}},
        {"kind": "plot_twist", "uid": twist.uid, "player": 1, "targets": {"0": {}}},
    ]
    state.data["chain"] = [dict(link) for link in links]
    assert engine.apply("cancel", test, target=twist.uid) is True
    assert state.data["chain"] == links[:2]
    assert engine.apply("cancel", test, target=recruit.uid) is True
    assert state.data["chain"] == [links[1]]
    assert (recruit.zone, state.players[0].zone("ko_pile")) == ("ko_pile", [recruit.uid])
    assert engine.apply("cancel", test, target=recruit.uid) is False  # nothing of it left
    assert state.data["chain"] == [links[1]]
