"""Choices: the agents' answers to the engine's decisions, checked and logged. Where an
agent answers by the count alone (a random one: see ``agents.Agent``) and no log records
the decisions, it is asked by the count (``one_of``, ``some_of``) and no decision is
built: a random game makes one or two choices every round."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from cardscript.interpreter.agents import (
    BY_COUNT,
    Agent,
    Decision,
    IllegalAnswer,
    Labels,
    RandomAgent,
    answers_by_count,
    check_answer,
)

if TYPE_CHECKING:
    from cardscript.interpreter.log import GameLog
    from cardscript.interpreter.parts import EngineParts
else:
    EngineParts = object


class Choices(EngineParts):
    """Decisions asked of the agents (a mixin of ``Engine``)."""

    agents: Sequence[Agent]
    log: GameLog | None
    _answerers: tuple[Any, list[Any]] | None

    def one_of(self, player: int, n: int) -> int | None:
        """The index ``player``'s agent picks of n options where it answers by the count
        alone, no decision built; None where it must see the decision (a log records it,
        or its class decides otherwise)."""
        if self.log is None:
            agent = self.agents[player]
            if _ONE_OF.get(type(agent)) or answers_by_count(agent, "one_of"):
                picked: int = agent.one_of(n)  # type: ignore[attr-defined]
                if 0 <= picked < n:
                    return picked
                self.illegal_one_of(player, n, picked)
        return None

    def one_of_answerers(self) -> list[Callable[[int], int] | None]:
        """Each seat's agent's ``one_of`` where ``one_of`` asks it, else None: for a
        caller asking round after round, read once (the caller checks each answer is
        below n, and calls ``illegal_one_of`` if not)."""
        agents = self.agents
        known = self._answerers  # (read once per game: its agents, while they are these)
        if known is not None and known[0] is agents:
            return known[1]
        if self.log is not None:
            found: list[Callable[[int], int] | None] = [None] * len(agents)
        else:
            # a random agent's ``one_of`` is its generator's ``below`` itself (what
            # ``RandomAgent.one_of`` calls: one call, not two, for a choice every round;
            # not a subclass's, which may answer otherwise)
            found = [
                (agent.rng.below if type(agent) is RandomAgent else agent.one_of)  # type: ignore[attr-defined]
                if _ONE_OF.get(type(agent)) or answers_by_count(agent, "one_of")
                else None
                for agent in agents
            ]
        self._answerers = (agents, found)
        return found

    def illegal_one_of(self, player: int, n: int, picked: int) -> NoReturn:
        """``player``'s agent answered a choice of one of n with ``picked``."""
        raise IllegalAnswer(f"{self.agents[player].name}: one_of({n}) answered {picked}")

    def some_of(self, player: int, n: int, least: int, most: int) -> tuple[int, ...] | None:
        """``one_of`` for a choice of ``least`` to ``most`` of n options ("up to 1
        target"): the indices picked, checked as ``choose`` checks them."""
        if self.log is None:
            agent = self.agents[player]
            if _SOME_OF.get(type(agent)) or answers_by_count(agent, "some_of"):
                picked = tuple(agent.some_of(n, least, most))  # type: ignore[attr-defined]
                if not picked and least <= 0:  # the usual answers: none, or one of n
                    return picked
                if len(picked) == 1 and 0 <= picked[0] < n and least <= 1 <= most:
                    return picked
                decision = Decision(player, "targets", "", tuple(range(n)), (), least, most)
                try:
                    return check_answer(decision, picked)
                except IllegalAnswer:
                    raise IllegalAnswer(
                        f"{agent.name}: some_of({n}, {least}, {most}) answered {list(picked)}"
                    ) from None
        return None

    def choose(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: Sequence[Any],
        labels: Sequence[str] | None = None,
        least: int = 1,
        most: int = 1,
    ) -> tuple[int, ...]:
        if not options:
            return ()
        if kind != "order":
            picked = self.by_count(player, len(options), least, most)
            if picked is not None:
                return picked
        return self._decided(player, kind, prompt, options, labels, least, most)

    def by_count(self, player: int, n: int, least: int, most: int) -> tuple[int, ...] | None:
        """``choose``'s answer for a choice of ``least`` to ``most`` of n options where
        the agent answers by the count (``one_of``, ``some_of``); None where it must see
        the decision. (A caller asks first and builds the options' labels only then.)"""
        if least == 1 == most:
            picked = self.one_of(player, n)
            return None if picked is None else (picked,)
        return self.some_of(player, n, least, most)

    def _decided(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: Sequence[Any],
        labels: Sequence[str] | None,
        least: int,
        most: int,
    ) -> tuple[int, ...]:
        """``choose`` where the agent sees the decision: its answer checked and logged."""
        if type(labels) is not Labels:  # (not ``isinstance``: an ABC's check costs more)
            labels = tuple(labels or [str(o) for o in options])
        # a named tuple made without calling its class (half the cost; one per choice)
        options = tuple(options)
        decision = _new(Decision, (player, kind, prompt, options, labels, least, most))
        answer = tuple(self.agents[player].decide(decision))
        # the usual answers, one of the options where one may be picked or none where
        # none may be ("up to 1 target"), checked here; any other through
        # ``check_answer`` (the same test, and the error)
        if len(answer) == 1:
            plain = 0 <= answer[0] < len(options) and least <= 1 <= most and kind != "order"
        else:
            plain = not answer and least <= 0 <= most and kind != "order"
        if not plain:
            answer = check_answer(decision, answer)
        if self.log is not None:
            self.log.decision(self, decision, answer)  # type: ignore[arg-type]
        return answer

    def show(self, player: int, uids: Sequence[int]) -> None:
        """Show cards to ``player`` alone ("look at"): to an agent that sees what it is
        shown (``Agent.see``: a human at the terminal); no other, nor the log, learns which."""
        see = getattr(self.agents[player], "see", None)
        if see is not None:
            see([self.describe(uid) for uid in uids])  # type: ignore[attr-defined]

    def may(self, player: int, prompt: str) -> bool:
        picked = self.one_of(player, 2)  # yes or no: asked by the count where it may be
        if picked is None:
            options, labels = (True, False), ("yes", "no")
            return self._decided(player, "yes_no", prompt, options, labels, 1, 1) == (0,)
        return picked == 0


_new = tuple.__new__
_ONE_OF, _SOME_OF = BY_COUNT["one_of"], BY_COUNT["some_of"]  # (read each choice)
