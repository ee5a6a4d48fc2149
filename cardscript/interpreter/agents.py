"""Choices: one small protocol for every decision a player makes, and the agents.

A ``Decision`` says who decides, what kind of choice it is and the options; an agent
answers with the chosen option indices. Every answer is logged, so a game can be replayed
with a ``ScriptedAgent`` fed from its log.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, NamedTuple, Protocol

from cardscript.interpreter.state import Rng

KINDS = ("targets", "option", "yes_no", "order", "action")


class Decision(NamedTuple):
    """A choice for ``player``: pick between ``least`` and ``most`` of ``options``.

    kinds: targets (cards or players), option (one of several effects), yes_no ("may"),
    order (simultaneous triggers: answer is a permutation), action (next legal action).
    A named tuple: immutable, and cheap to make for every choice.
    """

    player: int
    kind: str
    prompt: str
    options: tuple[Any, ...]
    labels: Sequence[str]  # a tuple, or ``Labels`` built when first read
    least: int = 1
    most: int = 1


class Labels(Sequence[str]):
    """Option labels built when first read: an agent that never reads them (a random
    one) leaves them unbuilt; the log and a human read them as a tuple."""

    __slots__ = ("_built", "_make")

    def __init__(self, make: Callable[[], Iterable[str]]) -> None:
        self._make: Callable[[], Iterable[str]] | None = make
        self._built: tuple[str, ...] = ()

    @classmethod
    def each(cls, describe: Callable[[Any], str], items: Iterable[Any]) -> Labels:
        """Each item's label by ``describe``, built when first read (no closure made)."""
        return cls(partial(map, describe, items))

    def built(self) -> tuple[str, ...]:
        if self._make is not None:
            self._built, self._make = tuple(self._make()), None
        return self._built

    def __getitem__(self, index: Any) -> Any:
        return self.built()[index]

    def __len__(self) -> int:
        return len(self.built())

    def __eq__(self, other: object) -> bool:
        return self.built() == (other.built() if isinstance(other, Labels) else other)

    def __hash__(self) -> int:
        return hash(self.built())

    def __repr__(self) -> str:
        return repr(self.built())


class Agent(Protocol):
    """Answers decisions. An agent whose answer to a choice of one of n options reads
    nothing but n (a random one) may also have ``one_of(n) -> int``, the index it picks,
    and one whose answer to a choice of ``least`` to ``most`` of n reads nothing but the
    three numbers ``some_of(n, least, most) -> tuple[int, ...]``, the indices it picks:
    the engine then asks those without building the decision (``Engine.one_of``,
    ``Engine.some_of``; never while a log records the decisions, nor of a subclass with
    a ``decide`` of its own: ``answers_by_count``). An answer ``decide`` could not give
    is an ``IllegalAnswer``. An agent may also have ``see(labels)``: the cards shown to
    its player alone ("look at the top 3 cards of your deck", ``Choices.show``)."""

    name: str

    def decide(self, decision: Decision) -> tuple[int, ...]:
        """Indices into ``decision.options`` (a permutation for ``order``)."""
        ...


def answers_by_count(agent: Agent, method: str) -> bool:
    """May the engine ask ``agent``'s ``method`` ("one_of" or "some_of") for its
    ``decide``'s answer? Only where the class that gives it ``method`` gives it
    ``decide`` too: a subclass deciding otherwise (one watching the decisions, say) is
    asked ``decide``. Per class, once."""
    known = BY_COUNT[method]
    cls = type(agent)
    found = known.get(cls)
    if found is None:
        owner = next((c for c in cls.__mro__ if method in c.__dict__), None)
        found = known[cls] = (
            owner is not None
            and owner.__dict__[method] is not None
            and getattr(cls, "decide", None) is owner.__dict__.get("decide")
        )
    return found


# per method, per agent class: does ``answers_by_count`` say yes
BY_COUNT: dict[str, dict[type, bool]] = {"one_of": {}, "some_of": {}}


class FirstAgent:
    """Always the first legal answer: the simplest deterministic opponent."""

    name = "first"

    def one_of(self, n: int) -> int:
        """``decide``'s answer to a choice of one of n (see ``Agent``)."""
        return 0

    def some_of(self, n: int, least: int, most: int) -> tuple[int, ...]:
        """``decide``'s answer to a choice of ``least`` to ``most`` of n (see ``Agent``)."""
        return tuple(range(min(max(least, 1), n)))

    def decide(self, decision: Decision) -> tuple[int, ...]:
        if decision.kind == "order":
            return tuple(range(len(decision.options)))
        return self.some_of(len(decision.options), decision.least, decision.most)


class RandomAgent:
    """Uniform random answers from its own seeded generator (never the game's RNG)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def one_of(self, n: int) -> int:
        """``decide``'s answer to a choice of one of n: one draw (see ``Agent``)."""
        return self.rng.below(n)

    def some_of(self, n: int, least: int, most: int) -> tuple[int, ...]:
        """``decide``'s answer to a choice of ``least`` to ``most`` of n (see ``Agent``):
        a shuffle of all n, then how many of the first to take."""
        high = most if most < n else n  # (not ``min``: a builtin call)
        if least == high == 1:
            return (self.rng.below(n),)  # one of n: one draw, not a shuffle of all n
        indices = list(range(n))
        self.rng.shuffle(indices)
        count = least + self.rng.below(high - least + 1) if high >= least else 0
        if count <= 1:  # ("up to 1 target": none or the first, without sorting)
            return (indices[0],) if count else ()
        return tuple(sorted(indices[:count]))

    def decide(self, decision: Decision) -> tuple[int, ...]:
        if decision.kind != "order":
            return self.some_of(len(decision.options), decision.least, decision.most)
        indices = list(range(len(decision.options)))
        self.rng.shuffle(indices)
        return tuple(indices)


class ScriptedAgent:
    """Answers from a list, in order (tests, scenarios and replays)."""

    name = "scripted"

    def __init__(self, answers: Iterable[Sequence[int]], fallback: Agent | None = None) -> None:
        self.answers = [tuple(a) for a in answers]
        self.fallback = fallback

    def decide(self, decision: Decision) -> tuple[int, ...]:
        if not self.answers:
            if self.fallback is not None:
                return self.fallback.decide(decision)
            raise ScriptExhausted(f"no scripted answer left for: {decision.prompt}", decision)
        return self.answers.pop(0)


class ScriptExhausted(RuntimeError):
    """A scripted agent was asked more questions than its script answers: ``decision``
    is the one it could not answer (a replay says whose, and where)."""

    def __init__(self, message: str, decision: Decision | None = None) -> None:
        super().__init__(message)
        self.decision = decision


class TerminalAgent:
    """A human at the terminal: prints the options and reads the answer."""

    name = "human"

    def __init__(
        self,
        read: Callable[[str], str] | None = None,
        write: Callable[[str], Any] | None = None,
    ) -> None:
        # (looked up when used: the terminal may be another stream by then, as in a test)
        self.read = read or (lambda prompt: input(prompt))
        self.write = write or (lambda text: sys.stdout.write(text))
        # what the player is shown before each decision: the game since their last one
        # (``view.Watcher.news``), given once the game's log exists
        self.news: Callable[[int], Sequence[str]] | None = None

    def decide(self, decision: Decision) -> tuple[int, ...]:
        if self.news is not None:
            for line in self.news(decision.player):
                self.write(f"{line}\n")
        self.write(f"\n{decision.prompt}\n")
        for n, label in enumerate(decision.labels, 1):
            self.write(f"  {n}. {label}\n")
        while True:
            raw = self.read(self._ask(decision)).replace(",", " ").split()
            try:
                picked = tuple(int(x) - 1 for x in raw)
            except ValueError:
                self.write("please answer with the numbers of your choices\n")
                continue
            if _valid(decision, picked):
                return picked
            self.write("that is not a legal answer here\n")

    def see(self, labels: Sequence[str]) -> None:
        """Cards shown to this player alone."""
        self.write(f"\nyou look at: {', '.join(labels) or 'no cards'}\n")

    @staticmethod
    def _ask(decision: Decision) -> str:
        if decision.kind == "order":
            return "order (all numbers, first to resolve first): "
        if decision.least == decision.most == 1:
            return "your choice: "
        return f"choose {decision.least} to {decision.most} (numbers): "


def _valid(decision: Decision, picked: tuple[int, ...]) -> bool:
    n = len(decision.options)
    if len(picked) == 1 and decision.kind != "order":  # the usual answer: one option
        return 0 <= picked[0] < n and decision.least <= 1 <= decision.most
    if any(not 0 <= i < n for i in picked) or len(set(picked)) != len(picked):
        return False
    if decision.kind == "order":
        return len(picked) == n
    return decision.least <= len(picked) <= decision.most


def check_answer(decision: Decision, picked: tuple[int, ...]) -> tuple[int, ...]:
    """The answer if it is legal; otherwise a clear error naming the decision."""
    if not _valid(decision, picked):
        raise IllegalAnswer(
            f"illegal answer {list(picked)} to: {decision.prompt} "
            f"(options {list(decision.labels)})",
            decision,
            picked,
        )
    return picked


class IllegalAnswer(ValueError):
    """An agent answered outside the decision's options; ``decision`` and ``answer`` where
    the decision was built (a replay says which answer of the log does not fit)."""

    def __init__(
        self, message: str, decision: Decision | None = None, answer: tuple[int, ...] = ()
    ) -> None:
        super().__init__(message)
        self.decision = decision
        self.answer = answer


def make_agent(kind: str, seed: int) -> Agent:
    if kind == "random":
        return RandomAgent(seed)
    if kind == "first":
        return FirstAgent()
    if kind == "human":
        return TerminalAgent()
    raise ValueError(f"unknown agent {kind!r}; choose random, first or human")
