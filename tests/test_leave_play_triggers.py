"""Triggers on a card leaving play ("whenever a card is discarded", "when a rear-guard you
control is retired"): the event is recorded after the move, so a selector naming no zone
sees the card as it last was in play (the zone it left, its controller there); a selector
naming a zone sees it where it is now. Every game with such an event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.playable import BundledGame
from cardscript.kernels.berserk.kernel import BUNDLED as BERSERK
from cardscript.kernels.marvel_champions.kernel import BUNDLED as MARVEL
from cardscript.kernels.pocket_duel.kernel import BUNDLED as POCKET_DUEL
from cardscript.kernels.vanguard.kernel import BUNDLED as VANGUARD
from cardscript.kernels.vs_system.kernel import BUNDLED as VS_SYSTEM

RULE = Cause(rule="test")


def _engine(tmp_path: Path, bundled: BundledGame, cards: str) -> Engine:
    """A game of ``bundled`` with the bundled cards and ``cards`` (a card file's text)."""
    path = tmp_path / "cards.yaml"
    path.write_text(f"game: {bundled.game}\nset: LV\ncards:\n{cards}")
    return bundled.new_engine([FirstAgent(), FirstAgent()], 1, extra=[path])


def _resolve_pending(engine: Engine) -> list[tuple[int, str]]:
    """Resolve what triggered, in order: (its card, the event it heard) of each."""
    heard = []
    for trigger in engine.take_pending():
        heard.append((trigger.source, trigger.event.name))
        engine.resolve(trigger.ability, trigger.source, trigger.controller, trigger.event)
    return heard


def _hand(engine: Engine, player: int = 0) -> int:
    return len(engine.state.players[player].zones.get("hand", ()))


def _card_file(template: str, *cards: tuple[str, str, str]) -> str:
    """``template`` (a card entry with ``{id}``, ``{name}``, ``{text}``) filled for each
    (id, name, text)."""
    return "".join(template.format(id=i, name=n, text=t) for i, n, t in cards)


# ---- Pocket Duel: the played cards put away at the end of the round -----------------------

# each hero's talent: "<when>, gain 1 energy."
_PD_TALENTS = {
    "tidy": "Whenever a card is discarded",
    "keeper": "Whenever a card you control is discarded",
    "pile": "Whenever a card in your discard pile is discarded",
    "palm": "Whenever a card in your hand is discarded",
    "back": "Whenever a card returns to hand",
    "gone": "Whenever a card is removed",
}
_PD_HEROES = "".join(
    f"- {{id: {name}-hero, name: {name.title()}, type: hero, difficulty: 1,"
    f" text: '{when}, gain 1 energy.'}}\n"
    for name, when in _PD_TALENTS.items()
)


def _duel(tmp_path: Path, first: str, second: str) -> Engine:
    """``first`` with Nell's cards against ``second`` with Cinder's."""
    engine = _engine(tmp_path, POCKET_DUEL, _PD_HEROES)
    kernel: Any = engine.kernel
    nell = kernel.hero_set(engine, "nell-hero")[1:]
    cinder = kernel.hero_set(engine, "cinder-hero")[1:]
    kernel.setup(engine, [[first, *nell], [second, *cinder]])
    return engine


def _uid(engine: Engine, card_id: str) -> int:
    return next(u for u, c in engine.state.cards.items() if c.card_id == card_id)


def _energy(engine: Engine) -> list[int]:
    return [p.resources["energy"] for p in engine.state.players]


def _round(engine: Engine, first: str | None, second: str | None) -> None:
    chosen = {0: first, 1: second}
    engine.kernel.round(  # type: ignore[attr-defined]
        engine, {p: None if c is None else _uid(engine, c) for p, c in chosen.items()}
    )


def test_pd_a_card_put_away_to_the_discard_pile_is_heard_once(tmp_path: Path) -> None:
    engine = _duel(tmp_path, "tidy-hero", "cinder-hero")
    _round(engine, "nell-strength", None)  # the one card played goes to the discard pile
    assert _energy(engine) == [1, 0]
    assert [p.resources["health"] for p in engine.state.players] == [10, 8]
    assert engine.state.cards[_uid(engine, "nell-strength")].zone == "discard_pile"


def test_pd_the_discarded_card_is_seen_under_its_controller_on_the_table(
    tmp_path: Path,
) -> None:
    engine = _duel(tmp_path, "tidy-hero", "keeper-hero")
    _round(engine, "nell-strength", None)  # Tidy's card, not Keeper's
    assert _energy(engine) == [1, 0]
    _round(engine, None, "cinder-strength")  # Keeper's own card
    assert _energy(engine) == [2, 1]


def test_pd_a_selector_naming_a_zone_sees_the_card_where_it_is_now(tmp_path: Path) -> None:
    engine = _duel(tmp_path, "pile-hero", "palm-hero")
    _round(engine, "nell-strength", "cinder-strength")  # each in its owner's pile now
    # the pile's: its own card is in its discard pile; the hand's: neither is in a hand
    assert _energy(engine) == [1, 0]


def test_pd_a_cancelled_card_returning_to_hand_is_heard(tmp_path: Path) -> None:
    engine = _duel(tmp_path, "back-hero", "cinder-hero")
    # Comet Fist cancels Agility: Nell's player gains 1 energy for it (§7), and the
    # cancelled card returns to its owner's hand
    _round(engine, "nell-strength", "cinder-agility")
    assert engine.state.cards[_uid(engine, "cinder-agility")].zone == "hand"
    assert _energy(engine) == [2, 0]


def test_pd_a_card_removed_from_the_table_is_heard(tmp_path: Path) -> None:
    engine = _duel(tmp_path, "gone-hero", "cinder-hero")
    uid = _uid(engine, "nell-strength")
    engine.state.move(uid, "table", player=0)
    engine.apply("remove_from_game", RULE, uid=uid)
    assert _resolve_pending(engine) == [(_uid(engine, "gone-hero"), "removed")]
    assert _energy(engine) == [1, 0]
    hand = _uid(engine, "nell-weapon")  # from the hand: never in play
    engine.apply("remove_from_game", RULE, uid=hand)
    assert _resolve_pending(engine) == []


_ECHO = (
    "- {id: echo-strength, name: Echo Knuckle, type: strength, hero: nell-hero, attack: 1,"
    " text: 'When this is discarded, gain 1 energy.'}\n"
)


def _echo_duel(tmp_path: Path) -> Engine:
    """Cinder (no talent heard here) with a Strength card that hears its own discarding,
    against Cinder's own cards."""
    engine = _engine(tmp_path, POCKET_DUEL, _ECHO)
    kernel: Any = engine.kernel
    cinder = kernel.hero_set(engine, "cinder-hero")
    kernel.setup(engine, [[*cinder, "echo-strength"], cinder])
    return engine


def test_pd_a_card_hears_its_own_discarding_from_the_table(tmp_path: Path) -> None:
    engine = _echo_duel(tmp_path)
    _round(engine, "echo-strength", None)  # played alone: put away to the discard pile
    assert engine.state.cards[_uid(engine, "echo-strength")].zone == "discard_pile"
    assert _energy(engine) == [1, 0]


def test_pd_a_card_discarded_from_hand_does_not_hear_it(tmp_path: Path) -> None:
    engine = _echo_duel(tmp_path)
    engine.apply("discard", RULE, uid=_uid(engine, "echo-strength"))  # never in play
    assert engine.state.cards[_uid(engine, "echo-strength")].zone == "discard_pile"
    assert _resolve_pending(engine) == [] and _energy(engine) == [0, 0]


# ---- Vanguard: retired, ridden, put into soul -----------------------------------------

_VG_UNIT = """\
- id: {id}
  name: {name}
  type: unit
  grade: 1
  power: 8000
  shield: 5000
  clan: Mirecoil
  trigger: none
  skill: boost
  text: |
    {text}
"""
_VG_CARDS = _card_file(
    _VG_UNIT,
    (
        "LV-001",
        "Drop Watcher",
        "[AUTO](VC): When a rear-guard you control is retired, draw 1 card.",
    ),
    (
        "LV-002",
        "Soul Watcher",
        "[AUTO](RC): When a vanguard you control is ridden, draw 1 card.\n"
        "    [AUTO](RC): When a vanguard you control is put into soul, draw 1 card.",
    ),
    ("LV-003", "Soul Diver", "[AUTO](VC): When this unit is put into soul, draw 1 card."),
)
_VANILLA = "MRC-006"  # Mudcrawler: Boost alone


def _vanguard(tmp_path: Path) -> Engine:
    engine = _engine(tmp_path, VANGUARD, _VG_CARDS)
    for player in (0, 1):
        for _ in range(5):
            engine.state.create_card(_VANILLA, player, "deck")
    return engine


def _rear_guard(engine: Engine, card_id: str, player: int, circle: str) -> int:
    card = engine.state.create_card(card_id, player, "rear_guard_circle")
    card.data["circle"] = circle
    return card.uid


def test_vg_a_retired_rear_guard_is_seen_on_its_circle_under_its_controller(
    tmp_path: Path,
) -> None:
    engine = _vanguard(tmp_path)
    watcher = engine.state.create_card("LV-001", 0, "vanguard_circle").uid
    mine = _rear_guard(engine, _VANILLA, 0, "FL")
    theirs = _rear_guard(engine, _VANILLA, 1, "FL")
    engine.apply("retire", RULE, target=theirs)  # not one "you control"
    assert _resolve_pending(engine) == []
    engine.apply("retire", RULE, target=mine)
    assert engine.state.cards[mine].zone == "drop_zone"
    assert _resolve_pending(engine) == [(watcher, "retired")]
    assert (_hand(engine, 0), _hand(engine, 1)) == (1, 0)


def test_vg_the_ridden_vanguard_is_seen_on_the_vanguard_circle(tmp_path: Path) -> None:
    engine = _vanguard(tmp_path)
    engine.state.create_card(_VANILLA, 0, "vanguard_circle")
    watcher = _rear_guard(engine, "LV-002", 0, "FL")
    rider = engine.state.create_card(_VANILLA, 0, "hand").uid
    engine.apply("ride", RULE, target=rider)
    heard = _resolve_pending(engine)
    assert heard == [(watcher, "ridden"), (watcher, "put_into_soul")]
    assert _hand(engine) == 2
    # a card put into soul from the deck was never a vanguard
    engine.apply("soul_charge", RULE, player=0, amount=1)
    assert _resolve_pending(engine) == []
    assert len(engine.state.players[0].zones["soul"]) == 2


def test_vg_a_vanguard_put_into_soul_hears_it_as_on_its_circle(tmp_path: Path) -> None:
    engine = _vanguard(tmp_path)
    diver = engine.state.create_card("LV-003", 0, "vanguard_circle").uid
    engine.apply("ride", RULE, target=engine.state.create_card(_VANILLA, 0, "hand").uid)
    assert engine.state.cards[diver].zone == "soul"
    assert _resolve_pending(engine) == [(diver, "put_into_soul")]  # its label: (VC)
    assert _hand(engine) == 1


_VG_STRONG = _card_file(
    _VG_UNIT,
    (
        "LV-009",
        "Strong Watcher",
        "[AUTO](VC): When a rear-guard you control with power 10000 or more is retired,"
        " draw 1 card.",
    ),
    ("LV-010", "Banner Bearer", "[CONT](RC): Rear-guards you control get +2000 power."),
)


def test_vg_a_retired_rear_guard_is_seen_with_the_power_text_gave_it(tmp_path: Path) -> None:
    engine = _engine(tmp_path, VANGUARD, _VG_STRONG)
    for _ in range(5):
        engine.state.create_card(_VANILLA, 0, "deck")
    watcher = engine.state.create_card("LV-009", 0, "vanguard_circle").uid
    plain = _rear_guard(engine, _VANILLA, 0, "FL")  # 8000
    engine.apply("retire", RULE, target=plain)
    assert _resolve_pending(engine) == []
    bearer = _rear_guard(engine, "LV-010", 0, "RL")  # 8000, and +2000 by its own text
    boosted = _rear_guard(engine, _VANILLA, 0, "FR")  # 8000 + 2000 by the bearer's
    assert engine.stat(boosted, "power") == 10000
    engine.apply("retire", RULE, target=boosted)
    assert _resolve_pending(engine) == [(watcher, "retired")]
    engine.apply("retire", RULE, target=bearer)
    assert _resolve_pending(engine) == [(watcher, "retired")]
    assert _hand(engine) == 2
    assert engine.state.players[0].zones["rear_guard_circle"] == []


# ---- Berserk: goes to the graveyard -----------------------------------------------------

_BK_CREATURE = """\
- id: {id}
  name: {name}
  type: creature
  cost: 2
  elite: false
  element: forest
  life: 3
  movement: 1
  strike: 1-1-1
  text: |
    {text}
"""
_BK_CARDS = _card_file(
    _BK_CREATURE,
    (
        "LV-001",
        "Grave Watcher",
        "Whenever a creature goes to the graveyard, place a counter on this.",
    ),
    (
        "LV-002",
        "Own Grave Watcher",
        "Whenever a creature you control goes to the graveyard, place a counter on this.",
    ),
    (
        "LV-003",
        "Leap Watcher",
        "Whenever a creature with Leap goes to the graveyard, place a counter on this.",
    ),
)


def test_bk_a_creature_gone_to_the_graveyard_is_seen_in_its_squad(tmp_path: Path) -> None:
    engine = _engine(tmp_path, BERSERK, _BK_CARDS)
    state = engine.state
    watcher = state.create_card("LV-001", 0, "battlefield")
    own = state.create_card("LV-002", 0, "battlefield")  # the dead creature is not its
    victim = state.create_card("GRW-001", 1, "battlefield").uid
    state.create_card("GRW-001", 1, "battlefield")  # (player 2 keeps a creature)
    engine.apply("destroy", RULE, target=victim)
    assert state.cards[victim].zone == "graveyard"
    assert _resolve_pending(engine) == [(watcher.uid, "goes_to_graveyard")]
    assert sum(watcher.counters.values()) == 1
    assert sum(own.counters.values()) == 0


def test_bk_a_creature_without_what_the_selector_asks_is_not_heard(tmp_path: Path) -> None:
    engine = _engine(tmp_path, BERSERK, _BK_CARDS)
    state = engine.state
    watcher = state.create_card("LV-003", 0, "battlefield")
    scout = state.create_card("GRW-001", 1, "battlefield").uid  # Leap
    archer = state.create_card("GRW-002", 1, "battlefield").uid  # no Leap
    state.create_card("GRW-002", 1, "battlefield")
    engine.apply("destroy", RULE, target=archer)
    assert _resolve_pending(engine) == []
    engine.apply("destroy", RULE, target=scout)
    assert _resolve_pending(engine) == [(watcher.uid, "goes_to_graveyard")]
    assert sum(watcher.counters.values()) == 1


_BK_FLYERS = _BK_CARDS + _card_file(
    _BK_CREATURE,
    (
        "LV-005",
        "Sky Watcher",
        "Whenever a flying creature goes to the graveyard, place a counter on this.",
    ),
    ("LV-006", "Kite Rider", "Flight"),  # flying by its text alone (no printed subtype)
)


def test_bk_a_creature_is_seen_with_what_its_text_gave_it_as_it_died(tmp_path: Path) -> None:
    # "flying" reads a rule its own Flight sets (``text_qualities``): its text in play
    engine = _engine(tmp_path, BERSERK, _BK_FLYERS)
    state = engine.state
    watcher = state.create_card("LV-005", 0, "battlefield")
    walker = state.create_card("GRW-002", 1, "battlefield").uid
    rider = state.create_card("LV-006", 1, "battlefield").uid
    state.create_card("GRW-002", 1, "battlefield")
    assert engine.kernel.has_quality(engine, rider, "flying")
    engine.apply("destroy", RULE, target=walker)
    assert _resolve_pending(engine) == []
    engine.apply("destroy", RULE, target=rider)
    assert state.cards[rider].zone == "graveyard"
    assert _resolve_pending(engine) == [(watcher.uid, "goes_to_graveyard")]
    assert sum(watcher.counters.values()) == 1


# ---- Marvel Champions: is discarded -----------------------------------------------------

_MC_CARDS = """\
- id: lv-watcher
  name: Scrap Watcher
  type: support
  cost: 1
  aspect: basic
  text: |
    Forced Response: After an ally is discarded, draw 1 card.
- id: lv-granter
  name: Drill Sergeant
  type: ally
  cost: 1
  aspect: basic
  atk: 1
  thw: 1
  hit_points: 2
  text: |
    Allies you control have Retaliate 1.
- id: lv-grudge
  name: Grudge Keeper
  type: support
  cost: 1
  aspect: basic
  text: |
    Forced Response: After an ally with Retaliate is discarded, draw 1 card.
"""
_TEXTLESS_ALLY = "mcb-05"


def test_mc_a_discarded_ally_is_seen_in_play(tmp_path: Path) -> None:
    engine = _engine(tmp_path, MARVEL, _MC_CARDS)
    state = engine.state
    watcher = state.create_card("lv-watcher", 0, "play").uid
    for _ in range(3):
        state.create_card(_TEXTLESS_ALLY, 0, "deck")
    in_play = state.create_card(_TEXTLESS_ALLY, 0, "play").uid
    in_hand = state.create_card(_TEXTLESS_ALLY, 0, "hand").uid
    engine.apply("discard", RULE, uid=in_hand)  # never in play
    assert _resolve_pending(engine) == []
    engine.apply("discard", RULE, uid=in_play)
    assert state.cards[in_play].zone == "discard"
    assert _resolve_pending(engine) == [(watcher, "is_discarded")]
    assert _hand(engine) == 1


def test_mc_an_ally_hears_its_own_discarding_from_play_only(tmp_path: Path) -> None:
    text = "- {id: lv-echo, name: Echo Scout, type: ally, cost: 1, aspect: basic, atk: 1,"
    text += " thw: 1, hit_points: 2, text: 'Forced Response: After this is discarded,"
    text += " draw 1 card.'}\n"
    engine = _engine(tmp_path, MARVEL, text)
    state = engine.state
    for _ in range(3):
        state.create_card(_TEXTLESS_ALLY, 0, "deck")
    in_hand = state.create_card("lv-echo", 0, "hand").uid
    in_play = state.create_card("lv-echo", 0, "play").uid
    engine.apply("discard", RULE, uid=in_hand)  # never in play: its text never worked
    assert _resolve_pending(engine) == []
    engine.apply("discard", RULE, uid=in_play)
    assert _resolve_pending(engine) == [(in_play, "is_discarded")]
    assert _hand(engine) == 1


_MC_ENCOUNTER_WATCHER = (
    "- {id: lv-sweeper, name: Alley Sweeper, type: support, cost: 1, aspect: basic,"
    " text: 'Forced Response: After an encounter card is discarded, draw 1 card.'}\n"
)


def test_mc_a_boost_card_is_heard_discarded_a_card_from_the_deck_is_not(tmp_path: Path) -> None:
    # the boost zone is out of play, but heard as play is (Kernel.heard_leaving, MC-ATK-3)
    engine = _engine(tmp_path, MARVEL, _MC_ENCOUNTER_WATCHER)
    state, kernel = engine.state, engine.kernel
    assert kernel.heard_leaving == ("boost",)
    watcher = state.create_card("lv-sweeper", 0, "play").uid
    for _ in range(3):
        state.create_card(_TEXTLESS_ALLY, 0, "deck")
    boost = state.create_card("crushing-blow", 0, "boost", face_up=False, shared=True).uid
    deck = state.create_card("dark-plans", 0, "encounter_deck", face_up=False, shared=True).uid
    kernel.to_discard(engine, deck)  # type: ignore[attr-defined]  # (never used: not heard)
    assert _resolve_pending(engine) == []
    kernel.to_discard(engine, boost)  # type: ignore[attr-defined]
    assert state.cards[boost].zone == "encounter_discard"
    assert _resolve_pending(engine) == [(watcher, "is_discarded")]
    assert _hand(engine) == 1


def test_only_marvel_champions_hears_a_zone_out_of_play() -> None:
    kernels = (BERSERK, POCKET_DUEL, VANGUARD, VS_SYSTEM)
    assert [b.kernel().heard_leaving for b in kernels] == [(), (), (), ()]


_MC_TIRED_WATCHER = (
    "- {id: lv-tired, name: Night Nurse Station, type: support, cost: 1, aspect: basic,"
    " text: 'Forced Response: After an exhausted ally is discarded, draw 1 card.'}\n"
)


def test_mc_a_discarded_ally_is_seen_with_its_states_in_play(tmp_path: Path) -> None:
    # discarding clears an ally's states (``to_discard``): the event keeps them
    engine = _engine(tmp_path, MARVEL, _MC_TIRED_WATCHER)
    state = engine.state
    watcher = state.create_card("lv-tired", 0, "play").uid
    for _ in range(3):
        state.create_card(_TEXTLESS_ALLY, 0, "deck")
    ready = state.create_card(_TEXTLESS_ALLY, 0, "play").uid
    tired = state.create_card(_TEXTLESS_ALLY, 0, "play").uid
    engine.apply("exhaust", RULE, target=tired)
    engine.apply("discard", RULE, uid=ready)
    assert _resolve_pending(engine) == []
    engine.apply("discard", RULE, uid=tired)
    assert state.cards[tired].states == set()  # (as it is now: in the discard pile)
    assert _resolve_pending(engine) == [(watcher, "is_discarded")]
    assert _hand(engine) == 1
    assert state.cards[tired].states == set()  # (seen as it was, left as it is)


def test_mc_a_discarded_ally_is_seen_with_the_keywords_text_gave_it(tmp_path: Path) -> None:
    engine = _engine(tmp_path, MARVEL, _MC_CARDS)
    state = engine.state
    grudge = state.create_card("lv-grudge", 0, "play").uid
    granter = state.create_card("lv-granter", 0, "play").uid
    other = state.create_card(_TEXTLESS_ALLY, 0, "play").uid
    for _ in range(3):
        state.create_card(_TEXTLESS_ALLY, 0, "deck")
    assert engine.has_keyword(other, "retaliate")
    zones = {p.index: {z: list(u) for z, u in p.zones.items()} for p in state.players}
    clock = state.clock
    engine.apply("discard", RULE, uid=granter)
    assert state.clock == clock + 1  # the discard's move (the look back leaves no trace)
    after = {p.index: {z: list(u) for z, u in p.zones.items()} for p in state.players}
    # its own text gave it Retaliate in play: it is seen with it
    assert _resolve_pending(engine) == [(grudge, "is_discarded")]
    assert _hand(engine) == 1
    # what its text gave the others went with it; the game is as it was left
    assert not engine.has_keyword(other, "retaliate")
    assert not engine.has_keyword(granter, "retaliate")
    assert state.cards[granter].zone == "discard"
    assert zones[0]["play"] == [grudge, granter, other]
    assert after[0]["play"] == [grudge, other]
    assert after[0]["discard"] == [granter]
    assert state.clock == clock + 2  # (and the draw's)


def test_mc_an_ally_that_never_had_the_keyword_is_not_heard(tmp_path: Path) -> None:
    engine = _engine(tmp_path, MARVEL, _MC_CARDS)
    state = engine.state
    state.create_card("lv-grudge", 0, "play")
    plain = state.create_card(_TEXTLESS_ALLY, 0, "play").uid
    engine.apply("discard", RULE, uid=plain)
    assert _resolve_pending(engine) == []
    assert state.players[0].zones["discard"] == [plain]


# ---- VS System: KO'd (heard before the move: as before) ---------------------------------

_VS_CARDS = """\
- id: LV-001
  name: Mourner
  type: character
  cost: 1
  version: Watcher
  team: Dawnwatch
  atk: 1
  def: 1
  text: |
    Whenever a character you control is KO'd, draw a card.
"""


def test_vs_a_kod_character_is_heard_in_play_as_before(tmp_path: Path) -> None:
    engine = _engine(tmp_path, VS_SYSTEM, _VS_CARDS)
    state = engine.state
    watcher = state.create_card("LV-001", 0, "front_row").uid
    for _ in range(3):
        state.create_card("DWN-001", 0, "deck")
    mine = state.create_card("DWN-001", 0, "front_row").uid
    theirs = state.create_card("DWN-001", 1, "front_row").uid
    engine.apply("ko", RULE, target=theirs)
    assert _resolve_pending(engine) == []
    engine.apply("ko", RULE, target=mine)
    assert state.cards[mine].zone == "ko_pile"
    assert _resolve_pending(engine) == [(watcher, "ko")]
    assert _hand(engine) == 1
