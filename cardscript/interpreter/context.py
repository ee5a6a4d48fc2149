"""The context card text is read in (``Context``: its card, controller, "it", X…), the
targets it names (``Seat``, a card's uid), its amounts, and the error a text raises when
the rules cannot do what it asks."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from cardscript.grammar import ast

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.engine import Engine, Event
    from cardscript.interpreter.events import Cause


@dataclass(frozen=True, order=True)
class Seat:
    """A player, as a target."""

    index: int

    def __init__(self, index: int) -> None:
        # by hand: the generated frozen __init__ goes through object.__setattr__
        self.__dict__["index"] = index


Target = int | Seat  # a card uid, or a player


class Context:
    """Everything an ability's text refers to while it runs (slots and a written-out
    ``__init__``: one is made for nearly every text the engine reads)."""

    __slots__ = (
        "ability",
        "actor",
        "bindings",
        "cause",
        "chosen",
        "condition_held",
        "controller",
        "did",
        "engine",
        "event",
        "it",
        "last_amount",
        "paid",
        "player",
        "source",
    )

    def __init__(
        self,
        engine: Engine,
        controller: int,
        source: int | None = None,
        ability: CompiledAbility | None = None,
        event: Event | None = None,
        bindings: Mapping[str, int] | None = None,
        cause: Cause | None = None,
    ) -> None:
        self.engine = engine
        self.controller = controller
        self.source = source
        self.ability = ability
        self.event = event
        # "it", the values of X and the targets chosen earlier are replaced, never changed
        # in place: a new context shares the empty ones (one is made for nearly every text
        # read) and a child its parent's
        self.it: Sequence[Target] = ()
        self.bindings: Mapping[str, int] = _NO_BINDINGS if bindings is None else bindings
        self.did = True  # did the last step happen ("if you do")
        self.chosen: Mapping[int, list[Target]] = _NO_CHOICES
        self.condition_held = True  # the last "if" step's test ("otherwise")
        # "that many": the event's number, until a step's
        self.last_amount = 0 if event is None or event.amount is None else event.amount
        self.actor: int | None = None  # a card as the subject: "target creature suffers 2 wounds"
        # a player as the subject, acting: "each player discards their hand" (their own)
        self.player: int | None = None
        self.cause = cause  # of its changes (``effects.cause_of``), made once
        self.paid: tuple[int, ...] = ()  # cards that paid its costs: one pays one step

    def child(self, controller: int | None = None) -> Context:
        """A copy (every action with a subject makes one), acting for ``controller`` if
        given; "it" and the bindings are shared: they are replaced, never changed in place."""
        child = _new_context(Context)
        child.engine, child.source = self.engine, self.source
        child.controller = self.controller if controller is None else controller
        child.ability, child.event, child.did = self.ability, self.event, self.did
        child.chosen, child.condition_held = self.chosen, self.condition_held
        child.last_amount, child.actor, child.player = self.last_amount, self.actor, self.player
        child.it, child.bindings, child.cause = self.it, self.bindings, self.cause
        child.paid = self.paid
        return child

    def amount(self, node: ast.Amount | None, default: int = 1) -> int:
        if node is None:
            return default
        kind = node.kind
        if kind == "int":
            return int(node.value or 0)
        if kind == "var":
            name = str(node.value)
            if name not in self.bindings:
                raise RulesError(f"{name} has no value here", self)
            return self.bindings[name]
        if kind == "that_many":
            return self.last_amount
        found = _WORDS.get(kind)
        if found is None:
            raise RulesError(f"unknown amount {kind!r}", self)
        return found


# the amounts written as words, which mean the same number in every context
_WORDS = {"a": 1, "an": 1, "all": 10**9, "no": 0}


def fixed_amount(node: ast.Amount | None, default: int = 1) -> int | None:
    """``Context.amount`` of an amount that needs no context (a number, "a", "all",
    "no"), worked out once per text; None where the context speaks (X, "that many") or
    the amount is unknown (``Context.amount`` says so as the text runs)."""
    if node is None:
        return default
    if node.kind == "int":
        return int(node.value or 0)
    return _WORDS.get(node.kind)


_new_context = object.__new__
_NO_CHOICES: Mapping[int, list[Target]] = MappingProxyType({})
_NO_BINDINGS: Mapping[str, int] = MappingProxyType({})


class RulesError(RuntimeError):
    """A card asked for something the rules cannot do; names the card and its line."""

    def __init__(self, message: str, ctx: Context | None = None) -> None:
        where = ""
        if ctx is not None and ctx.ability is not None:
            where = f" ({ctx.ability.card_id}, ability at {ctx.ability.where})"
        super().__init__(message + where)


# ``Comparison.holds`` of its words, as the operator's own function (no Python call); any
# other wording asks ``holds`` itself
_HOLDS: dict[str, Callable[[int, int], bool]] = {
    "or more": operator.ge,
    "or greater": operator.ge,
    "at least": operator.ge,
    "or less": operator.le,
    "or fewer": operator.le,
    "at most": operator.le,
    "more than": operator.gt,
    "fewer than": operator.lt,
    "less than": operator.lt,
    "exactly": operator.eq,
    "": operator.eq,  # (a bare number: exactly, but in a condition's count, ``conditions``)
}
