"""How simultaneous triggers are ordered (``triggers.in_chosen_order`` and kin): each
player their own (Berserk, Vanguard), one player all of them (Marvel Champions' first
player, MC-FORCED-3), or a trigger at a time (VS System's chain, A6)."""

from __future__ import annotations

from collections.abc import Sequence

from cardscript.interpreter.agents import Decision, ScriptedAgent
from cardscript.interpreter.engine import Engine, Event
from cardscript.interpreter.events import PendingTrigger
from cardscript.interpreter.triggers import (
    by_controller,
    in_chosen_order,
    one_at_a_time,
    trigger_labels,
)
from cardscript.kernels.berserk.kernel import new_engine
from tests.test_trigger_labels import _with_ability


class Asked(ScriptedAgent):
    """A scripted agent that keeps the decisions it was asked."""

    def __init__(self, answers: Sequence[Sequence[int]], seen: list[Decision]) -> None:
        super().__init__(answers)
        self.seen = seen

    def decide(self, decision: Decision) -> tuple[int, ...]:
        self.seen.append(decision)
        return super().decide(decision)


def _table(
    first: Sequence[Sequence[int]] = (), second: Sequence[Sequence[int]] = ()
) -> tuple[Engine, list[Decision], list[PendingTrigger], list[str]]:
    """Three triggers of three different cards on the battlefield, in the order they
    triggered: P2's (controller 1), then two of P1's; and how ``trigger_labels`` reads
    each alone."""
    seen: list[Decision] = []
    engine = new_engine([Asked(first, seen), Asked(second, seen)], 1)
    owners = (1, 0, 0)
    uids = [
        engine.state.create_card(c, p, "battlefield").uid
        for c, p in zip(_with_ability(3), owners, strict=True)
    ]
    pending = [
        PendingTrigger(engine.definition(u).abilities[0], u, p, Event("enters_play"))
        for u, p in zip(uids, owners, strict=True)
    ]
    labels = [trigger_labels(engine, [t])[0] for t in pending]
    return engine, seen, pending, labels


def test_each_player_orders_their_own() -> None:
    engine, seen, (theirs, a, b), labels = _table(first=[[1, 0]])
    order = in_chosen_order(engine, [theirs, a, b], [0, 1], "order them")
    assert order == [b, a, theirs]
    # P2, with one, is not asked
    assert [(d.player, d.kind, d.prompt, d.labels, d.least, d.most) for d in seen] == [
        (0, "order", "order them", (labels[1], labels[2]), 2, 2)
    ]


def test_one_orderer_orders_every_players_triggers() -> None:
    # the first player (P2 here) orders all three, shown grouped by player order
    engine, seen, (theirs, a, b), labels = _table(second=[[2, 0, 1]])
    order = in_chosen_order(engine, [theirs, a, b], [1, 0], "order the forced", orderer=1)
    assert order == [b, theirs, a]
    assert [(d.player, d.kind, d.prompt, d.labels, d.least, d.most) for d in seen] == [
        (1, "order", "order the forced", (labels[0], labels[1], labels[2]), 3, 3)
    ]


def test_one_orderer_is_not_asked_about_one_trigger() -> None:
    engine, seen, (theirs, _, _), _ = _table()
    assert in_chosen_order(engine, [theirs], [0, 1], "order", orderer=0) == [theirs]
    assert seen == []


def test_by_controller_keeps_each_players_order_and_puts_a_stranger_first() -> None:
    _, _, (theirs, a, b), _ = _table()
    assert by_controller([a, theirs, b], [1, 0]) == [theirs, a, b]
    # a controller out of the game (not among the players) goes with the first player's
    gone = PendingTrigger(a.ability, a.source, 5, a.event)
    assert by_controller([a, theirs, gone, b], [1, 0]) == [theirs, gone, a, b]


def _where(engine: Engine, triggers: Sequence[PendingTrigger]) -> list[str]:
    return [f"{engine.describe(t.source)} at {t.ability.where}" for t in triggers]


def test_one_at_a_time_asks_for_each_next_one_as_the_caller_goes() -> None:
    engine, seen, (theirs, a, b), _ = _table(first=[[1]])
    picks = one_at_a_time(engine, [a, theirs, b], [1, 0], "which first?", _where)
    done: list[tuple[str, object]] = []
    for trigger in picks:
        # the caller acts on each (VS: its targets chosen) before the next is asked
        done.append(("took", trigger))
        done.append(("asked so far", len(seen)))
    assert done == [
        ("took", theirs),  # P2 first, alone: not asked
        ("asked so far", 0),
        ("took", b),  # P1 picked the second of two
        ("asked so far", 1),
        ("took", a),  # the last one left: not asked
        ("asked so far", 1),
    ]
    (decision,) = seen
    assert (decision.player, decision.kind, decision.prompt, decision.labels) == (
        0,
        "option",
        "which first?",
        tuple(_where(engine, [a, b])),
    )
    assert (decision.least, decision.most) == (1, 1)
