"""A scenario action's answers (``answers:``): one queue per player, filled anew by each
action and checked when it ends.

An answer no question takes fails the scenario at its action: a stale answer would hide
a changed engine, and one carried over would answer the next action's questions. A
question with no answer left takes the first legal option, except for the players the
action names in ``no_other_questions:`` (``true``: every player), whose every question
must be answered: that is how a scenario shows that something is not offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardscript.interpreter.agents import Decision, FirstAgent, ScriptedAgent
from cardscript.interpreter.scenario_failure import ScenarioMismatch
from cardscript.wording import as_written


class Answers:
    """Each player's scripted answers for the action being performed."""

    def __init__(self) -> None:
        self.queues: dict[int, ScriptedAgent] = {}

    def agent(self, player: int) -> ScriptedAgent:
        return self.queues.setdefault(player, ScriptedAgent([], FIRST))

    def load(self, action: Mapping[str, Any]) -> None:
        """The action's answers, in each player's order; nothing left of the last action."""
        strict = action.get("no_other_questions", False)
        for agent in self.queues.values():
            agent.answers.clear()
            agent.fallback = FIRST
        for answer in action.get("answers", []):
            if isinstance(answer, Mapping):
                self.agent(int(answer["player"])).answers.append(tuple(answer["choose"]))
            else:
                self.agent(0).answers.append(tuple(answer))
        for player in self.queues if strict is True else strict or ():
            self.agent(int(player)).fallback = Unscripted(int(player))

    def unasked(self) -> str | None:
        """The answers no question took, each player's in the file's order, in words."""
        left = [(p, a.answers) for p, a in sorted(self.queues.items()) if a.answers]
        if not left:
            return None
        count = sum(len(answers) for _, answers in left)
        told = "; ".join(
            f"player {p}: {', '.join(as_written(list(a)) for a in answers)}" for p, answers in left
        )
        were = "answer was" if count == 1 else "answers were"
        return f"{count} {were} never asked for: {told}"


FIRST = FirstAgent()


class Unscripted:
    """The fallback of a player the action says is asked nothing beyond its answers: a
    question then fails the scenario, told with its options."""

    name = "unscripted"

    def __init__(self, player: int) -> None:
        self.player = player

    def decide(self, decision: Decision) -> tuple[int, ...]:
        raise ScenarioMismatch(
            f"player {self.player} was asked {as_written(decision.prompt)} (options "
            f"{as_written(list(decision.labels))}), and no answer was left for it "
            "(no_other_questions)"
        )
