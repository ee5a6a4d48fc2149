"""The typed AST of the card script.

Every node is a frozen dataclass with a source ``span`` (excluded from equality, so that
``parse(format(ast)) == ast`` compares meaning, not layout). Words from the game's
registry are stored by their canonical id ("atk", "ko_pile"), never as typed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields, replace
from typing import Any

from cardscript.grammar.diagnostics import Span
from cardscript.once import once_per_object

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


@dataclass(frozen=True, kw_only=True)
class Node:
    span: Span | None = field(default=None, compare=False, repr=False)

    def children(self) -> list[Node]:
        names = _FIELD_NAMES.get(type(self))
        if names is None:  # dataclasses.fields() is slow to ask on every walk
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in fields(self))
        out: list[Node] = []
        for name in names:
            value = getattr(self, name)
            if isinstance(value, Node):
                out.append(value)
            elif isinstance(value, tuple):
                out.extend(v for v in value if isinstance(v, Node))
        return out

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first."""
        return iter(_walked(self))


@once_per_object(4096)  # (every check of a line walks it again)
def _walked(top: Node) -> tuple[Node, ...]:
    nodes: list[Node] = []
    stack: list[Node] = [top]
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(reversed(node.children()))
    return tuple(nodes)


def rewritten(node: object, change: Callable[[Node], Node]) -> object:
    """``node`` (a node, a tuple of them, or any value) with ``change`` applied to every
    node below it, children first; what ``change`` leaves alone stays the same object."""
    if isinstance(node, Node):
        changes: dict[str, Any] = {}
        for name in (f.name for f in fields(node) if f.name != "span"):
            value = getattr(node, name)
            new = rewritten(value, change)
            if new is not value:
                changes[name] = new
        return change(replace(node, **changes) if changes else node)
    if isinstance(node, tuple):
        items = tuple(rewritten(v, change) for v in node)
        return items if any(a is not b for a, b in zip(items, node, strict=True)) else node
    return node


def with_node(line: AbilityLine, old: Node, new: Node) -> AbilityLine:
    """``line`` with the node ``old`` (that very object) replaced by ``new``: how a check
    shows the line written another way."""
    fixed = rewritten(line, lambda node: new if node is old else node)
    assert isinstance(fixed, AbilityLine)
    return fixed


# ---- amounts, comparisons, references --------------------------------------------------


LETTERS = ("X", "Y", "Z", "N")  # the letters a number is written with (the lexer's VAR)


@dataclass(frozen=True)
class Amount(Node):
    """A number in text: 3, X, "a"/"an" (one), "that many", "all"."""

    kind: str  # "int" | "var" | "a" | "an" | "that_many" | "all"
    value: int | str | None = None


@dataclass(frozen=True)
class Comparison(Node):
    value: Amount
    op: str | None = None  # "or more", "at least", "exactly", … | None (a bare number)

    def holds(self, value: int, wanted: int) -> bool:
        """Whether ``value`` compares to ``wanted`` (the amount, worked out) as written."""
        op = self.op
        if op in ("or more", "or greater", "at least"):
            return value >= wanted
        if op in ("or less", "or fewer", "at most"):
            return value <= wanted
        if op == "more than":
            return value > wanted
        if op in ("fewer than", "less than"):
            return value < wanted
        return value == wanted


@dataclass(frozen=True)
class PhaseRef(Node):
    phase: str
    owner: str | None = None  # "your" | "the" | "each" | "this" | "the next" | "an opponent's" ...


@dataclass(frozen=True)
class ZoneRef(Node):
    zone: str
    possessor: str | None = None


@dataclass(frozen=True)
class Moment(Node):
    edge: str  # "start" | "beginning" | "end"
    phase: PhaseRef
    the: bool = True


@dataclass(frozen=True)
class Duration(Node):
    phase: PhaseRef
    the: bool = False
    # written "this turn", as printed cards say it: "until the end of this turn", which
    # it is (layout only: fmt keeps the form)
    short: bool = field(default=False, compare=False)


# ---- selectors -------------------------------------------------------------------------


@dataclass(frozen=True)
class ThisCard(Node):
    noun: str | None = None


@dataclass(frozen=True)
class ThisPossessed(Node):
    """Something of this card: "this unit's attack" (``owner`` is the card's noun)."""

    noun: str
    owner: str | None = None


@dataclass(frozen=True)
class It(Node):
    word: str = "it"  # "it" | "itself" | "them"


@dataclass(frozen=True)
class ThatCard(Node):
    noun: str
    word: str = "that"  # "that" | "those"


@dataclass(frozen=True)
class Player(Node):
    who: str  # canonical words: "you", "each opponent", "its controller", ...
    # "a random opponent", "an opponent at random": written, and refused (CS-T020); who is
    # then "player" or "opponent" in the first form
    random: Quantifier | None = None
    # "each player in alter-ego form": those of them with a player's quality (an ADJ id)
    quality: str | None = None


@dataclass(frozen=True)
class Quality(Node):
    """An adjective (state, element...), a quoted trait/team, or a possessor before the noun."""

    kind: str  # "adj" | "name" | "possessor"
    value: str
    negated: bool = False


# "no characters" is "a character" denied, "no other character" "another character": the
# quantifiers said only of a condition's subject, and the ones whose test they deny
DENYING: dict[str, str] = {"no": "a", "no other": "another"}


@dataclass(frozen=True)
class Quantifier(Node):
    """How many of the cards a selector covers it means, and who picks them.

    ``random``: the game picks ``count`` of them with its seeded RNG, nobody chooses;
    written "a random card", "2 random cards" or, ``postfix``, "2 cards at random" (then
    ``written`` is the quantifier before the noun, kept for layout; ``count`` is None
    where it says no number: "each card at random", refused by CS-T020).
    """

    kind: str  # a, an, each, all, every, any, another, the, other, target, n_targets, up_to,
    #            random, ...
    count: Amount | None = None
    target: bool = False  # "up to 2 target ..." vs "up to 2 ..."; "target random card"
    postfix: bool = False  # random: "… at random" after the selector
    written: Quantifier | None = None

    @property
    def chooses(self) -> bool:
        """Are its cards chosen as a step runs ("target", "2 target", "up to 2 target")?"""
        return self.target or self.kind in ("target", "n_targets")


@dataclass(frozen=True)
class Filter(Node):
    """A condition after the noun: "you control", "with team "X"", "in your hand"..."""

    kind: str
    name: str | None = None  # attr / stat / keyword / event id
    value: str | None = None  # quoted value, preposition
    comparison: Comparison | None = None
    zone: ZoneRef | None = None
    phase: str | None = None


@dataclass(frozen=True)
class Cards(Node):
    noun: str
    quantifier: Quantifier | None = None
    qualities: tuple[Quality, ...] = ()
    filters: tuple[Filter, ...] = ()
    plural: bool | None = None  # as written, where no quantifier decides ("your vanguard")
    also: tuple[str, ...] = ()  # more nouns of a list: "ready character and attachment"


Selector = ThisCard | ThisPossessed | It | ThatCard | Player | Cards


# ---- conditions ------------------------------------------------------------------------


@dataclass(frozen=True)
class Test(Node):
    """One test in a condition. ``kind`` names its form; unused fields stay None."""

    kind: str  # is_state, in_zone, has_counters, resource_cmp, stat_cmp, you_did, you_did_not,
    #            you_control, paid_with, has_resource, is_a, happened_this
    subject: Selector | None = None
    negated: bool = False
    state: str | None = None
    zone: ZoneRef | None = None
    comparison: Comparison | None = None
    name: str | None = None  # counter / resource / stat id
    possessor: str | None = None
    kind_of: Selector | None = None  # is_a: what the subject is ("a Weapon card")
    phase: str | None = None  # happened_this: the period ("this round")
    # "if you control no characters", "if no card was cancelled this round": the subject
    # says "no" (or "no other"), and the test is the same test of "a" ("another") denied
    none: bool = False


@dataclass(frozen=True)
class Condition(Node):
    tests: tuple[Test, ...]
    ops: tuple[str, ...] = ()  # "and" / "or" between consecutive tests


# ---- actions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class StatMod(Node):
    delta: str  # "+1", "-2", "+X"; or "double" / "half" (a multiplying modifier)
    stat: str


@dataclass(frozen=True)
class KeywordUse(Node):
    name: str
    args: tuple[Arg, ...] = ()


@dataclass(frozen=True)
class Arg(Node):
    """A keyword argument: a number, X, a strike triple, a quoted name or a word."""

    kind: str  # token class: INT, VAR, TRIPLE, STRING, WORD, ADJ, NOUN, COUNTER, ...
    value: str
    plural: bool | None = None  # registry words: as written ("from influences")


@dataclass(frozen=True)
class Destination(Node):
    placement: str  # "to" | "into" | "onto" | "on" | "under" | "on top of" | "at the bottom of"
    zone: ZoneRef
    face: str | None = None  # "face up" | "face down"


@dataclass(frozen=True)
class EventObject(Node):
    selector: Selector
    preposition: str | None = None


@dataclass(frozen=True)
class Action(Node):
    """One effect verb with its arguments. ``verb`` names the construct:

    deal, prevent, heal, draw, discard, gain, gain_control, lose, pay, move, place,
    remove_counters, remove_card, search, shuffle, shuffle_into, reveal, look, get, have,
    gain_keyword, lose_keyword, lose_abilities ("loses all abilities"), grant_ability, can,
    cannot, primitive, primitive_amount,
    named_cost, redirect ("redirect it to X": the kernel verb ``name`` with X), redirected
    (a constant redirection, "attacks at ``source`` are redirected to ``target``", an
    ability of its own; ``word`` "abilities": "abilities aimed at …", any ability naming a
    target).
    """

    verb: str
    name: str | None = None  # registry id: damage kind, resource, counter, verb, cost, noun...
    amount: Amount | None = None
    target: Selector | None = None
    source: Selector | None = None  # prevent ... by X
    qualities: tuple[Quality, ...] = ()
    zone: ZoneRef | None = None
    destination: Destination | None = None
    stat_mods: tuple[StatMod, ...] = ()
    keywords: tuple[KeywordUse, ...] = ()
    event_object: EventObject | None = None
    word: str | None = None  # surface verb/preposition kept for layout: "put", "from", "the first"
    flag: bool = False  # deal/prevent: "dealt"; remove: "from the game"
    period: str | None = None  # prevent ... each <phase>
    text: str | None = None  # grant_ability: the ability written out, quoted
    beyond: str | None = None  # heal: the stat whose maximum it may exceed (a registry id)


@dataclass(frozen=True)
class Clause(Node):
    action: Action
    subject: Selector | None = None
    optional: bool = False  # "may"
    per_each: Selector | None = None
    duration: Duration | None = None
    delay: PhaseRef | None = None  # "at the end of the round": a delayed effect, run then
    instead: bool = False  # "…, draw 2 cards instead": in place of the step before it


@dataclass(frozen=True)
class Conditional(Node):
    condition: Condition
    clause: Clause


@dataclass(frozen=True)
class Otherwise(Node):
    """Runs when the conditional step before it did not."""

    clause: Clause


@dataclass(frozen=True)
class ForEach(Node):
    selector: Selector
    clause: Clause


@dataclass(frozen=True)
class Choice(Node):
    options: tuple[Clause, ...]


@dataclass(frozen=True)
class InPlayerOrder(Node):
    """ "In player order, each player may discard a card in … until none remain": the
    players take turns at the clause, in player order and round again, until it finds
    nothing more to act on (or a whole round passes with nobody acting)."""

    clause: Clause


Step = Clause | Conditional | Otherwise | ForEach | Choice | InPlayerOrder


@dataclass(frozen=True)
class Steps(Node):
    steps: tuple[Step, ...]
    # between consecutive steps: ",", ", then", ", and", "and", ". then", "." (a new sentence)
    joiners: tuple[str, ...] = ()
    where: tuple[Binding, ...] = ()  # ", where X is the number of …", "… is its ATK"
    declared: tuple[DeclaredNumber, ...] = ()  # ", where X is chosen on declaration"

    @property
    def ends_instead(self) -> bool:
        """Does the last clause say "instead" (a replacement's, or a choice's last option)?"""
        return last_clause(self.steps[-1]).instead

    def with_instead(self, instead: bool) -> Steps:
        """These steps with "instead" set on their last clause, or taken off it: it ends a
        replacement (``Replacement.instead``), before any ", where X is …"."""
        last = self.steps[-1]
        clause = last_clause(last)
        if clause.instead == instead:
            return self
        marked = replace(clause, instead=instead)
        if isinstance(last, Clause):
            step: Step = marked
        elif isinstance(last, Choice):
            step = replace(last, options=(*last.options[:-1], marked))
        else:
            step = replace(last, clause=marked)
        return replace(self, steps=(*self.steps[:-1], step))


def last_clause(step: Step) -> Clause:
    """The step's clause (a choice's last option)."""
    if isinstance(step, Clause):
        return step
    return step.options[-1] if isinstance(step, Choice) else step.clause


@dataclass(frozen=True)
class StatValue(Node):
    """A card's stat as a number, read as the step resolves: "its ATK" (a ``possessor``
    word: the card a condition's "if its ATK is …" reads) or "your hero's ATK" (the card
    the ``holder`` selector means)."""

    stat: str
    possessor: str | None = None
    holder: Selector | None = None


@dataclass(frozen=True)
class Binding(Node):
    """X defined by a count, "where X is the number of characters you control", or by a
    card's stat, "where X is your hero's ATK" (``StatValue``)."""

    name: str
    selector: Selector | StatValue


@dataclass(frozen=True)
class DeclaredNumber(Node):
    """X chosen by the ability's controller as it is declared: "where X is chosen on
    declaration" (Berserk's "of the chosen cost", §415.3)."""

    name: str


# ---- events and abilities --------------------------------------------------------------


@dataclass(frozen=True)
class Event(Node):
    """What a trigger waits for: ``subject`` does ``event`` (to ``obj``), or a moment."""

    event: str | None = None
    subject: Selector | None = None
    obj: EventObject | None = None
    moment: Moment | None = None
    would: bool = False  # written "would attack": the event about to happen (an interrupt)


@dataclass(frozen=True)
class KeywordList(Node):
    keywords: tuple[KeywordUse, ...]


@dataclass(frozen=True)
class Triggered(Node):
    timing: str  # when | whenever | at | after | before
    event: Event
    effects: Steps
    costs: Steps | None = None


@dataclass(frozen=True)
class Activated(Node):
    costs: Steps
    effects: Steps


@dataclass(frozen=True)
class EffectAbility(Node):
    """Text with no trigger or cost: one-shot on events and plot twists, continuous on
    permanents (the kernel decides by card type). ``condition``/``during`` limit when."""

    effects: Steps
    condition: Condition | None = None
    during: PhaseRef | None = None


@dataclass(frozen=True)
class Replacement(Node):
    subject: Selector
    event: str
    effects: Steps
    obj: EventObject | None = None
    # its last clause said "instead" (the builder takes it off that clause, which is then
    # no "instead" step of its own: ``Steps.with_instead``); CS-T024 where it did not
    instead: bool = True


@dataclass(frozen=True)
class RuleOverride(Node):
    hook: str
    value: str
    value_kind: str  # INT | SIGNED | WORD | ADJ
    scope: Selector | None = None
    condition: Condition | None = None

    @property
    def switch(self) -> bool | None:
        """True for "on"/"true"/"yes", False for "off"/"false"/"no", else None."""
        return _SWITCHES.get(self.value.casefold())


@dataclass(frozen=True)
class Label(Node):
    name: str
    qualifier: tuple[str, ...] = ()


@dataclass(frozen=True)
class Mod(Node):
    """A limit or timing restriction in parentheses after an ability."""

    kind: str  # once_per | twice_per | max_per | only_when | any_time
    period: str | None = None
    count: int | None = None
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class AbilityLine(Node):
    ability: Ability
    label: Label | None = None
    mods: tuple[Mod, ...] = ()


@dataclass(frozen=True)
class KeywordDef(Node):
    name: str
    params: tuple[str, ...]
    body: tuple[AbilityLine, ...]


@dataclass(frozen=True)
class Script(Node):
    """A whole card text: its abilities in order, and the language version if declared."""

    lines: tuple[AbilityLine, ...]
    version: int | None = None


Ability = (
    KeywordList | KeywordDef | Triggered | Activated | EffectAbility | Replacement | RuleOverride
)


_SWITCHES = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}
