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
    nothing but n (a random one) may also have ``one_of(n) -> int``, the index it picks:
    the engine then asks that without building the decision (``Engine.one_of``; never
    while a log records the decisions, nor of a subclass with a ``decide`` of its own:
    ``answers_one_of``). An answer outside [0, n) is an ``IllegalAnswer``."""

    name: str

    def decide(self, decision: Decision) -> tuple[int, ...]:
        """Indices into ``decision.options`` (a permutation for ``order``)."""
        ...


def answers_one_of(agent: Agent) -> bool:
    """May the engine ask ``agent.one_of(n)`` for its ``decide``'s answer? Only where
    the class that gives it ``one_of`` gives it ``decide`` too: a subclass deciding
    otherwise (one watching the decisions, say) is asked ``decide``. Per class, once."""
    cls = type(agent)
    found = _ONE_OF.get(cls)
    if found is None:
        owner = next((c for c in cls.__mro__ if "one_of" in c.__dict__), None)
        found = _ONE_OF[cls] = (
            owner is not None
            and owner.__dict__["one_of"] is not None
            and getattr(cls, "decide", None) is owner.__dict__.get("decide")
        )
    return found


_ONE_OF: dict[type, bool] = {}


class FirstAgent:
    """Always the first legal answer: the simplest deterministic opponent."""

    name = "first"

    def one_of(self, n: int) -> int:
        """``decide``'s answer to a choice of one of n (see ``Agent``)."""
        return 0

    def decide(self, decision: Decision) -> tuple[int, ...]:
        if decision.kind == "order":
            return tuple(range(len(decision.options)))
        return tuple(range(min(max(decision.least, 1), len(decision.options))))


class RandomAgent:
    """Uniform random answers from its own seeded generator (never the game's RNG)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def one_of(self, n: int) -> int:
        """``decide``'s answer to a choice of one of n: one draw (see ``Agent``)."""
        return self.rng.below(n)

    def decide(self, decision: Decision) -> tuple[int, ...]:
        n = len(decision.options)
        most = decision.most
        low, high = decision.least, most if most < n else n  # (``min``: a builtin call)
        if low == high == 1 and decision.kind != "order":
            return (self.rng.below(n),)  # one of n: one draw, not a shuffle of all n
        indices = list(range(n))
        self.rng.shuffle(indices)
        if decision.kind == "order":
            return tuple(indices)
        count = low + self.rng.below(high - low + 1) if high >= low else 0
        return tuple(sorted(indices[:count]))


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
            raise ScriptExhausted(f"no scripted answer left for: {decision.prompt}")
        return self.answers.pop(0)


class ScriptExhausted(RuntimeError):
    """A scripted agent was asked more questions than its script answers."""


class TerminalAgent:
    """A human at the terminal: prints the options and reads the answer."""

    name = "human"

    def __init__(
        self, read: Callable[[str], str] = input, write: Callable[[str], Any] = sys.stdout.write
    ) -> None:
        self.read, self.write = read, write

    def decide(self, decision: Decision) -> tuple[int, ...]:
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
            f"illegal answer {list(picked)} to: {decision.prompt} (options {list(decision.labels)})"
        )
    return picked


class IllegalAnswer(ValueError):
    """An agent answered outside the decision's options."""


def make_agent(kind: str, seed: int) -> Agent:
    if kind == "random":
        return RandomAgent(seed)
    if kind == "first":
        return FirstAgent()
    if kind == "human":
        return TerminalAgent()
    raise ValueError(f"unknown agent {kind!r}; choose random, first or human")
