"""Looking at cards is private, revealing them public: "look at" shows the cards to the
looking player alone (``Agent.see``); the log, its transcript and the events say who looked
and how many, never which, and no "revealed" event is heard."""

from __future__ import annotations

from collections.abc import Sequence

from cardscript.interpreter.agents import FirstAgent, TerminalAgent
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.transcript import transcript
from tests.testgame.kernel import new_engine


class Watcher(FirstAgent):
    """The first legal answer; remembers what it is shown."""

    def __init__(self) -> None:
        self.seen: list[list[str]] = []

    def see(self, labels: Sequence[str]) -> None:
        self.seen.append(list(labels))


def _played(text: str) -> tuple[Engine, GameLog, Watcher, Watcher]:
    """P1 plays a creature with ``text``; P1's deck, bottom to top: bear, golem, dove."""
    log, mine, theirs = GameLog(), Watcher(), Watcher()
    engine = new_engine([mine, theirs], log=log)
    for player in engine.state.players:
        player.resources["life"] = 10  # (a player at 0 life has lost: nothing would trigger)
    engine.pool.add({"id": "seer", "name": "Seer", "type": "creature", "power": 1, "text": text})
    for card_id in ("bear", "golem", "dove"):
        engine.state.create_card(card_id, 0, "deck")
    engine.state.create_card("seer", 0, "hand")
    engine.kernel.main(engine, 0)
    return engine, log, mine, theirs


def test_look_shows_the_cards_to_the_looking_player_alone() -> None:
    engine, log, mine, theirs = _played(
        "When this enters play, look at the top 2 cards of your deck."
    )
    assert mine.seen == [["Dove [deck]", "Armored Golem [deck]"]]
    assert theirs.seen == []
    looks = [r for r in log.records if r["t"] == "change" and r["change"] == "look"]
    assert looks == [
        {
            "t": "change",
            "change": "look",
            "args": {"player": 0, "count": 2},
            "cause": {"card": "seer", "ability": "seer#0", "at": "1:1"},
        }
    ]
    events = [r["name"] for r in log.records if r["t"] == "event"]
    assert "looked_at" in events and "revealed" not in events
    lines = transcript(log, engine)
    assert "look by seer at 1:1: player P1, count 2" in lines
    assert "looked_at: player P1, amount 2" in lines
    assert not any("Dove" in line or "Golem" in line for line in lines)


def test_reveal_stays_public() -> None:
    engine, log, mine, theirs = _played(
        "When this enters play, reveal the top 2 cards of your deck."
    )
    assert mine.seen == theirs.seen == []
    revealed = [r["subject"] for r in log.records if r["t"] == "event" and r["name"] == "revealed"]
    assert [engine.state.cards[uid].card_id for uid in revealed] == ["dove", "golem"]


def test_a_human_at_the_terminal_is_told_what_they_look_at() -> None:
    written: list[str] = []
    TerminalAgent(write=written.append).see(["Dove [deck]", "Armored Golem [deck]"])
    assert written == ["\nyou look at: Dove [deck], Armored Golem [deck]\n"]
