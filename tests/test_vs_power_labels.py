"""VS System: the labels of the triggered powers a player puts on the chain one at a
time (A6). Two that would read the same (one power triggered twice) say what each
heard, as ``trigger_labels`` does; different powers keep VS's own wording."""

from __future__ import annotations

from pathlib import Path

from cardscript.interpreter.agents import Decision, FirstAgent
from cardscript.kernels.vs_system.chain import push_triggers
from cardscript.kernels.vs_system.kernel import new_engine

CARDS = Path(__file__).parent / "scenarios" / "vs-system" / "vs-scenario-cards.yaml"


class _Asked(FirstAgent):
    """The first option, every decision kept."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[Decision] = []

    def decide(self, decision: Decision) -> tuple[int, ...]:
        self.asked.append(decision)
        return super().decide(decision)


def _asked_on_stuns(*watchers: str, both: bool = True) -> tuple[list[int], list[Decision]]:
    """P1's ``watchers`` in the support row hear Guard (P2) stunned, and with ``both``
    Striker (P1) stunned before it; the decisions P1 is asked putting the powers on the
    chain."""
    asked = _Asked()
    engine = new_engine([asked, FirstAgent()], 1, extra=[CARDS])
    state = engine.state
    for col, card in enumerate(watchers):
        state.create_card(card, 0, "support_row").data["col"] = col
    striker = state.create_card("VST-001", 0, "front_row").uid
    guard = state.create_card("VST-002", 1, "front_row").uid
    for uid, player in ((striker, 0), (guard, 1))[0 if both else 1 :]:
        engine.happened("stunned", subject=uid, player=player)
    assert push_triggers(engine, engine.kernel)
    return [striker, guard], asked.asked


def test_one_power_triggered_twice_says_whom_each_heard_stunned() -> None:
    (striker, guard), asked = _asked_on_stuns("VST-081")
    (decision,) = asked
    assert decision.prompt == "which triggered power goes on the chain first?"
    assert list(decision.labels) == [
        "Stun Watcher [support_row] at 1:1 (stunned Striker [front_row])",
        "Stun Watcher [support_row] at 1:1 (stunned Guard [front_row])",
    ]
    assert [t.event.subject for t in decision.options] == [striker, guard]


def test_different_powers_keep_their_plain_labels() -> None:
    _, asked = _asked_on_stuns("VST-081", "VST-082", both=False)
    assert [list(d.labels) for d in asked] == [
        ["Stun Watcher [support_row] at 1:1", "Grim Watcher [support_row] at 1:1"]
    ]


def test_two_powers_each_triggered_twice_each_say_what_they_heard() -> None:
    _, asked = _asked_on_stuns("VST-081", "VST-082")
    # four powers in the order they triggered: P1 picks the first of four, of the three
    # left (the one Stun Watcher left reads plainly), of two (the last one unasked): each
    # picks the first
    assert [list(d.labels) for d in asked] == [
        [
            "Stun Watcher [support_row] at 1:1 (stunned Striker [front_row])",
            "Grim Watcher [support_row] at 1:1 (stunned Striker [front_row])",
            "Stun Watcher [support_row] at 1:1 (stunned Guard [front_row])",
            "Grim Watcher [support_row] at 1:1 (stunned Guard [front_row])",
        ],
        [
            "Grim Watcher [support_row] at 1:1 (stunned Striker [front_row])",
            "Stun Watcher [support_row] at 1:1",
            "Grim Watcher [support_row] at 1:1 (stunned Guard [front_row])",
        ],
        ["Stun Watcher [support_row] at 1:1", "Grim Watcher [support_row] at 1:1"],
    ]
