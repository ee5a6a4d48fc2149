"""One digest of many games: every decision (who, what kind, the prompt, the option
labels, the answer) and each game's final state hash. A speed change must leave a bench's
fingerprint as it was: the same games, choice for choice."""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.agents import Agent, Decision


class Recorder:
    """An agent's answers, passed on unchanged and fed into a digest with their decision."""

    def __init__(self, agent: Agent, digest: Any) -> None:
        self.agent, self.digest, self.name = agent, digest, agent.name

    def decide(self, decision: Decision) -> tuple[int, ...]:
        answer = self.agent.decide(decision)
        labels = tuple(decision.labels)
        seen = (decision.player, decision.kind, decision.prompt, labels, answer)
        self.digest.update(repr(seen).encode())
        return answer
