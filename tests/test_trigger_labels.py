"""The labels a player reads when ordering simultaneous triggers (``trigger_labels``): one
ability triggered twice reads as two different choices."""

from __future__ import annotations

from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Event
from cardscript.interpreter.events import PendingTrigger
from cardscript.interpreter.triggers import trigger_labels
from cardscript.kernels.berserk.kernel import berserk_pool, new_engine


def _with_ability(n: int = 1) -> list[str]:
    """``n`` different bundled Berserk cards with an ability (different names)."""
    names: dict[str, str] = {}
    for card in berserk_pool().cards.values():
        if card.abilities:
            names.setdefault(card.name, card.id)
    return list(names.values())[:n]


def test_one_ability_triggered_twice_says_what_each_heard() -> None:
    engine = new_engine([FirstAgent(), FirstAgent()], 1)
    jar, first, second = (
        engine.state.create_card(c, 0, "battlefield").uid for c in _with_ability(3)
    )
    ability = engine.definition(jar).abilities[0]
    name = engine.describe(jar)  # (the same ability of another card: its own label)
    twice = [
        PendingTrigger(ability, jar, 0, Event("is_destroyed", subject=first)),
        PendingTrigger(ability, jar, 0, Event("is_destroyed", subject=second)),
        PendingTrigger(ability, first, 0, Event("is_destroyed", subject=second)),
    ]
    where = ability.where
    assert trigger_labels(engine, twice) == [
        f"{name}: {where} (is destroyed {engine.describe(first)})",
        f"{name}: {where} (is destroyed {engine.describe(second)})",
        f"{engine.describe(first)}: {where}",
    ]


def test_different_abilities_keep_their_plain_labels() -> None:
    engine = new_engine([FirstAgent(), FirstAgent()], 1)
    (card_id,) = _with_ability()
    jar = engine.state.create_card(card_id, 0, "battlefield").uid
    ability = engine.definition(jar).abilities[0]
    alone = [PendingTrigger(ability, jar, 0, Event("enters_play"))]
    assert trigger_labels(engine, alone) == [f"{engine.describe(jar)}: {ability.where}"]


def test_one_ability_heard_twice_of_one_subject_says_whom_each_was_about() -> None:
    # one attacker attacking two enemies (Marvel Champions' MC-TG2): the subject alike,
    # the object tells the two apart; a card event with no object keeps its subject alone
    engine = new_engine([FirstAgent(), FirstAgent()], 1)
    jar, first, second = (
        engine.state.create_card(c, 0, "battlefield").uid for c in _with_ability(3)
    )
    ability = engine.definition(jar).abilities[0]
    name, where = engine.describe(jar), ability.where
    heard = [
        PendingTrigger(ability, jar, 0, Event("attacks", subject=first, obj=second)),
        PendingTrigger(ability, jar, 0, Event("attacks", subject=first, obj=jar)),
        PendingTrigger(ability, jar, 0, Event("attacks", subject=second)),
    ]
    by = engine.describe(first)
    assert trigger_labels(engine, heard) == [
        f"{name}: {where} (attacks {by} → {engine.describe(second)})",
        f"{name}: {where} (attacks {by} → {name})",
        f"{name}: {where} (attacks {engine.describe(second)})",
    ]
