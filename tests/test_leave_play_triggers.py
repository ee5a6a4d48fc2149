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
from cardscript.kernels.pocket_duel.kernel import BUNDLED as POCKET_DUEL
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
