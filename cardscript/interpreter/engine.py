"""The game-independent engine: every change goes through here.

A kernel drives the game (turn structure, timing, its primitives); the engine gives it the
machinery every game shares: computed characteristics, rule hooks with the Golden Rule,
permissions where "cannot" beats "can", triggers matched to events, replacement and
prevention consulted before a change, choices through agents, a step budget, loop
detection, and a log where every change names its cause down to the script's line:col.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from cardscript.grammar import ast
from cardscript.interpreter import cost_x
from cardscript.interpreter.agents import Agent
from cardscript.interpreter.cards import CardDef, CardPool, CompiledAbility
from cardscript.interpreter.characteristics import Characteristics
from cardscript.interpreter.choices import Choices
from cardscript.interpreter.effects import pay_costs, run_steps
from cardscript.interpreter.events import (
    BudgetExceeded,
    Cause,
    Event,
    LoopDetected,
    PendingTrigger,
    PrimitiveFn,
)
from cardscript.interpreter.golden_rule import GoldenRule
from cardscript.interpreter.keywords_in_play import KeywordsInPlay, _Gains
from cardscript.interpreter.periods import Periods
from cardscript.interpreter.play_index import NO_GAME, GameFacts, PlayIndex, _overrides
from cardscript.interpreter.select import Context, RulesError, Target, resolve_targets, selects
from cardscript.interpreter.state import GameState, new_state
from cardscript.interpreter.step_plans import ability_plan
from cardscript.interpreter.triggers import matching_triggers, queue_lone

if TYPE_CHECKING:
    from cardscript.interpreter.kernel import Kernel
    from cardscript.interpreter.log import GameLog

__all__ = [
    "BudgetExceeded",
    "Cause",
    "Engine",
    "Event",
    "LoopDetected",
    "PendingTrigger",
    "PrimitiveFn",
]


@dataclass
class Engine(PlayIndex, KeywordsInPlay, Characteristics, GoldenRule, Periods, Choices):
    """One game in play: its state, its kernel, its agents (see the module's docstring;
    the mixins hold the machinery by job)."""

    game: Any  # cardscript.games.Game: the registry and keyword definitions
    pool: CardPool
    kernel: Kernel
    agents: Sequence[Agent]
    state: GameState
    budget: int = 200_000
    log: GameLog | None = None
    steps: int = 0
    pending: list[PendingTrigger] = field(default_factory=list)
    # the last causes, for naming cards in errors
    recent: deque[Cause] = field(default_factory=partial(deque, (), 12))
    _loop_seen: dict[tuple[str, int | None, int], int] = field(default_factory=dict)
    _loop_pairs: set[tuple[str, int | None]] = field(default_factory=set)  # seen once
    _lazy_loops: bool | None = None  # may a loop be found one round later?
    _definitions: dict[int, CardDef] = field(default_factory=dict)
    # the index of the abilities in play (``PlayIndex._play``) is for this state at this
    # clock (a new state, or a zone change since: checked again)
    _play_clock: int = -1
    _play_state: GameState | None = None
    _text_varies: bool | None = None
    # who hears every event, read at the first one (``_heard``): the kernel names trigger
    # sources of its own, it checks something after every event, or a log records them;
    # until then, everyone
    _trigger_sources: bool | None = None
    _after_event: bool = True
    _hears_every: bool = True
    # how a change is run: (may the kernel replace it, its primitives by name where it
    # has no ``primitive`` of its own); read at the first change
    _changes: tuple[bool, dict[str, PrimitiveFn] | None] | None = None
    # the primitives by name, when no replacement and no log can speak and the kernel has
    # no ``primitive`` of its own: a change goes straight to its primitive
    _direct: dict[str, PrimitiveFn] | None = None
    # (the agents, each seat's ``one_of`` answerer): ``Choices.one_of_answerers``, read once
    _answerers: tuple[Any, list[Any]] | None = None
    # the pool whose cards were read (its ``version``), by ``_know_pool``, which also sets
    # the pool's memos ``GoldenRule._terms`` and ``_fixed_rules`` (not fields: the engine
    # reads them only once it has read its pool)
    _pool_version: int = -1
    # what the cards of this game can speak of (``PlayIndex.game_keys``, ``GameFacts``);
    # one attribute: an engine with 30 attributes or more reads every one of them slower
    _game: GameFacts = NO_GAME
    # keywords gained in play: ``KeywordsInPlay._kw``, not a field (see there)
    # the replacement effects whose own effects are running (by ability key): none applies
    # to the events it causes itself ("if this would be destroyed, destroy it instead"
    # does not loop); not a field: an instance has it only while one runs
    _replacing: ClassVar[tuple[str, ...]] = ()
    # the steps of the cost being paid still to come after the "pay" step paying now that
    # pay the same resource (``cost_resources.keeping``), so that a kernel whose sources
    # are spent whole keeps them payable; not a field: set only while such a step is paid
    cost_after: ClassVar[tuple[tuple[ast.Action, int], ...]] = ()

    @classmethod
    def new(
        cls,
        game: Any,
        pool: CardPool,
        kernel: Kernel,
        agents: Sequence[Agent],
        seed: int,
        names: Sequence[str] | None = None,
        *,
        log: GameLog | None = None,
        budget: int = 200_000,
    ) -> Engine:
        """A new game's engine: what ``cls(...)`` makes, field for field in order, made
        without calling the class (its ``__init__`` is a call from C into Python, and a
        default factory a call per field; one per game)."""
        # (the names made once per count read here: a call costs more than the lookup)
        seats = names or _SEAT_NAMES.get(len(agents)) or _seat_names(len(agents))
        state = new_state(game.registry.game, seats, seed)
        if cls is not Engine:  # a subclass may have fields of its own: its class makes it
            return cls(game, pool, kernel, agents, state, budget=budget, log=log)
        engine: Engine = _bare(cls)
        engine.game = game
        engine.pool = pool
        engine.kernel = kernel
        engine.agents = agents
        engine.state = state
        engine.budget = budget
        engine.log = log
        engine.steps = 0
        engine.pending = []
        engine.recent = deque((), 12)  # noqa: RUF037 (by position: a keyword costs more)
        engine._loop_seen = {}
        engine._loop_pairs = set()
        engine._lazy_loops = None
        engine._definitions = {}
        engine._play_clock = -1
        engine._play_state = None
        engine._text_varies = None
        engine._trigger_sources = None
        engine._after_event = True
        engine._hears_every = True
        engine._changes = None
        engine._direct = None
        engine._answerers = None
        engine._pool_version = -1
        engine._game = NO_GAME
        return engine

    def _know_pool(self) -> None:
        """Read what the pool's cards can speak of (again, when cards were added)."""
        kernel, pool = self.kernel, self.pool
        if kernel.rule_keywords:
            pool.know_rule_keywords(kernel.rule_keywords)
        self._pool_version = pool.version
        # shared by the pool's games: a new engine finds them filled (a pool's memo is
        # emptied when its cards change)
        memo = pool.memo
        found = memo.get((_POOL_READ, type(kernel)))
        if found is None:
            found = memo[_POOL_READ, type(kernel)] = (
                memo.setdefault("hook terms", {}),
                memo.setdefault(("fixed rules", type(kernel)), {}),
                *pool.moving_keywords(kernel.ability_copiers),
                pool.blanks(),
            )
        self._terms, self._fixed_rules, moving, gain_keys, blanks = found
        self._game = NO_GAME  # read again for the new pool
        # (never through ``__dict__``: reading it makes every attribute of the engine slower)
        if moving or gain_keys or blanks:
            setattr(self, "_kw", _Gains(moving, gain_keys, blanks))  # noqa: B010 (a ClassVar)
        elif self._kw is not None:
            delattr(self, "_kw")

    # ---- reading cards --------------------------------------------------------------
    def describe(self, target: Target) -> str:
        if isinstance(target, int):
            definition = self._definitions.get(target) or self.definition(target)
            return f"{definition.name} [{self.state.cards[target].zone}]"
        return self.state.players[target.index].name

    def context(
        self,
        source: int | None,
        ability: CompiledAbility | None = None,
        controller: int | None = None,
        event: Event | None = None,
    ) -> Context:
        if controller is None:
            controller = self.state.cards[source].controller if source is not None else 0
        if ability is None or not ability.keyword_values:
            return Context(self, controller, source, ability, event)
        return Context(self, controller, source, ability, event, ability_plan(ability).bindings)

    # ---- changes --------------------------------------------------------------------
    def apply(self, change: str, cause: Cause, **args: Any) -> Any:
        """Run one primitive: count it, let replacements speak, log it."""
        self._count(cause)
        direct = self._direct
        if direct is not None:
            primitive = direct.get(change)
            if primitive is not None:
                return primitive(self, cause, **args)
        return self._apply_in_full(change, cause, args)

    def applier(self, change: str, cause: Cause) -> PrimitiveFn:
        """What ``apply(change, cause, **args)`` runs, called as ``f(engine, cause,
        **args)``: the primitive itself where nothing else could speak (no replacement, no
        log, the kernel's own table), counted now as ``apply`` counts it; ``apply``
        otherwise. The keyword arguments then go straight to the primitive: ``apply``'s
        ``**args`` makes a dict and unpacks it again for every change."""
        direct = self._direct
        if direct is None and self._changes is None:
            # the game's first change: its table read now, not through ``apply`` in full
            # (the first change of a Pocket Duel game is nearly always card text's)
            self._know_changes()
            direct = self._direct
        if direct is not None:
            primitive = direct.get(change)
            if primitive is not None:
                # ``_count`` written out: once for nearly every change of card text
                self.steps = steps = self.steps + 1
                self.recent.append(cause)
                if steps > self.budget:
                    self._over_budget()
                return primitive
        found = _APPLY_AS.get(change)
        if found is None:
            found = _APPLY_AS[change] = partial(_apply_as, change)
        return found

    def _count(self, cause: Cause) -> None:
        """One more change: the step budget, and the causes last involved."""
        self.steps = steps = self.steps + 1
        self.recent.append(cause)
        if steps > self.budget:
            self._over_budget()

    def _over_budget(self) -> None:
        raise BudgetExceeded(
            f"the game took more than {self.budget:,} steps; the cards last involved: "
            + ", ".join(sorted({c.card for c in self.recent if c.card}))
        )

    def _know_changes(self) -> tuple[bool, dict[str, PrimitiveFn] | None]:
        """Read once per game: whether the kernel's class has its own ``replaceable`` (the
        base kernel's is always None), the primitives' table (None where its class has
        its own ``primitive``) and ``_direct``, the table where nothing else could speak
        (no replacement, no log)."""
        kernel = self.kernel
        own = _OWN_CHANGES.get(type(kernel))
        if own is None:
            own = _OWN_CHANGES[type(kernel)] = (
                _overrides(kernel, "replaceable"),
                _overrides(kernel, "primitive"),
            )
        table = None if own[1] else kernel._primitives
        changes = self._changes = (own[0], table)
        if not own[0] and table is not None and self.log is None:
            self._direct = table
        return changes

    def _apply_in_full(self, change: str, cause: Cause, args: dict[str, Any]) -> Any:
        """``apply`` where a replacement may speak, a log records the change, the kernel
        names its primitives itself, or there is no such primitive."""
        kernel = self.kernel
        changes = self._changes
        if changes is None:
            changes = self._know_changes()
        if changes[0]:
            event_id = kernel.replaceable(change, args)
            if event_id is not None and self.replacement(event_id, args):
                return None
        table = changes[1]
        primitive = table.get(change) if table is not None else kernel.primitive(change)
        if primitive is None:
            raise RulesError(f"the {self.game.registry.game} kernel has no primitive {change!r}")
        if self.log is not None:
            self.log.change(self, change, cause, args)
        return primitive(self, cause, **args)

    def emit(self, event: Event) -> None:
        """Record an event and queue the triggered abilities it matches."""
        state = self.state
        state.history.append((event.name, event.subject, event.player, state.turn))
        self._heard(event)

    def happened(
        self,
        name: str,
        subject: int | None = None,
        player: int | None = None,
        obj: int | None = None,
        amount: int | None = None,
        source: int | None = None,
        data: tuple[tuple[str, Any], ...] = (),
    ) -> None:
        """``emit(Event(name, …))``, making the ``Event`` only when something reads it (a
        log, a trigger in play waiting for it, a kernel's ``after_event``): most events
        are only recorded in the history."""
        state = self.state
        state.history.append((name, subject, player, state.turn))
        game = self._game
        if game[1] != state.next_uid:
            game = self._know_game()
        if name in game[3]:  # some card of the game waits for it
            # (and a card that has left play may hear its own leaving: an event with data
            # about a card goes the whole way, ``triggers.own_leaving``)
            if self._hears_every or (data and subject is not None):
                self._heard(_new(Event, (name, subject, player, obj, amount, source, data)))
                return
            # (``_heard`` written out: no log, no kernel's sources or ``after_event``)
            lone = game[8].get(name)
            listening: Sequence[tuple[int, CompiledAbility, Any]]
            if lone is not None and self._kw is None:  # (``in_play``'s answer, sooner)
                card = state.cards[lone[0]]
                if card.zone not in self.kernel.play_zones:
                    return
                if lone[2] is not None:  # its one trigger asks only the subject, player
                    c = card.controller
                    queue_lone(self, lone, c, name, subject, player, obj, amount, source, data)
                    return
                listening = lone[1]
            else:
                listening = self.in_play(("event", name))
            if listening:  # one is in play: ask it
                event = _new(Event, (name, subject, player, obj, amount, source, data))
                self.pending.extend(matching_triggers(self, event, listening))
        elif self._hears_every:
            self._heard(_new(Event, (name, subject, player, obj, amount, source, data)))

    def _heard(self, event: Event) -> None:
        """The log, the triggers and the kernel hear an event (already in the history)."""
        if self.log is not None:
            self.log.event(self, event)
        # most events have no listener in play: skip the matching then
        sources = self._trigger_sources
        if sources is None:
            sources = self._trigger_sources = _overrides(self.kernel, "trigger_sources")
            self._after_event = _overrides(self.kernel, "after_event")
            self._hears_every = self.log is not None or sources or self._after_event
        state = self.state
        game = self._game
        if game[1] != state.next_uid:
            game = self._know_game()
        name = event.name
        if name in game[3]:  # some card of the game waits for it: is one in play?
            listening = self.in_play(("event", name))
            # (or the card the event is about, just gone from play: ``own_leaving``)
            if listening or sources or (event.data and event.subject is not None):
                self.pending.extend(matching_triggers(self, event, listening))
        elif sources:
            self.pending.extend(matching_triggers(self, event, ()))
        if self._after_event:
            self.kernel.after_event(self, event)

    def take_pending(self) -> list[PendingTrigger]:
        pending, self.pending = self.pending, []
        return pending

    def replacement(self, event_id: str, args: dict[str, Any]) -> bool:
        """Apply the newest (or chosen) replacement effect of ``event_id`` for ``args``'s
        card; True when one replaced the event. A kernel may ask where its rules put a
        replacement after other steps (Marvel Champions: after the interrupts to damage)."""
        subject = args.get("uid")
        applied: set[str] = args.setdefault("_replaced", set())
        found: list[tuple[int, int, CompiledAbility, ast.Replacement]] = []
        replacing = self._replacing
        for source, ability, node in self._statics(ast.Replacement):
            if node.event != event_id or ability.key in applied or ability.key in replacing:
                continue
            ctx = self.context(source, ability)
            if subject is not None and selects(ctx, node.subject, subject):
                found.append((self.state.cards[source].timestamp, source, ability, node))
        if not found:
            return False
        chosen = self.kernel.choose_replacement(self, found, args)
        _, source, ability, node = chosen
        applied.add(ability.key)
        ctx = self.context(source, ability)
        ctx.it = [subject] if subject is not None else []
        setattr(self, "_replacing", (*replacing, ability.key))  # noqa: B010 (a ClassVar)
        try:
            run_steps(ctx, node.effects)
        finally:
            setattr(self, "_replacing", replacing)  # noqa: B010
        return True

    # ---- abilities ------------------------------------------------------------------
    def resolve(
        self,
        ability: CompiledAbility,
        source: int | None,
        controller: int,
        event: Event | None = None,
        pay: bool = True,
        targets: dict[int, list[Target]] | None = None,
        chosen_x: Mapping[str, int] | None = None,
    ) -> bool:
        """Run an ability's text: costs (if any, and ``pay``), then effects. Returns
        whether the effects ran (a cost that could not be paid stops them). ``targets``
        are the ones chosen when the ability was put on a chain or stack
        (``choose_targets``); those no longer legal are dropped. ``chosen_x``: the X its
        costs' payer chose where they were paid before (``cost_x.bind``)."""
        plan = ability.plan  # its runners, read once
        if controller is None:  # (``context``'s reading; never, in practice)
            controller = self.state.cards[source].controller if source is not None else 0
        if plan.quick and (
            not plan.guard(self, controller) if plan.guard is not None else not targets
        ):
            # its one step is "if …" of what the game alone says and that does not hold
            # (the text does nothing), or a plain step that reads nothing but the game
            # and its controller: no context is made to read it
            direct = plan.direct
            if (
                direct is None
                or self.state.result is not None
                or direct(self, controller, plan.causes.get(source) or plan.cause(source))
                is not False
            ):
                if plan.counted:
                    self.count_use(ability, source)
                return True
            # (the cards it chooses among need a context after all: made here)
        ctx = Context(
            self,
            controller,
            source,
            ability,
            event,
            plan.bindings,
            plan.causes.get(source) or plan.cause(source),
        )
        if targets:
            ctx.chosen = dict(targets)
        if chosen_x:
            ctx.bindings = {**ctx.bindings, **chosen_x}
        costs = plan.costs
        if costs is not None and pay:
            if plan.triggered and (
                not cost_x.payable(self, source, ability, controller)  # (not even asked)
                or not self.may(controller, f"pay the cost of {ability.card_id}?")
            ):
                return False
            if cost_x.bind(ctx, ability.node) is None:
                return False  # no X can be paid
            if not pay_costs(ctx, ability):
                return False
            ctx.did = True
        # (a new context's ``did`` is True already)
        only = plan.only
        if only is not None:
            if self.state.result is None:
                only(ctx)
        elif plan.effects is not None:
            plan.effects(ctx)
        else:
            return False
        if plan.counted:
            self.count_use(ability, source)
        return True

    def choose_targets(
        self,
        ability: CompiledAbility,
        source: int | None,
        controller: int,
        event: Event | None = None,
        chosen_x: Mapping[str, int] | None = None,
    ) -> dict[int, list[Target]]:
        """Choose an ability's targets now, for games where they are chosen as it is
        played (VS System's chain, Berserk's stack, Marvel Champions' G46 step 5), keyed
        by where the selector is written in the card's text. Pass the result to
        ``resolve(..., targets=…)``. ``chosen_x``: the X its cost's payer chose ("X
        target minions")."""
        chosen: dict[int, list[Target]] = {}
        targeted = _targeted_selectors(ability)
        if not targeted:
            return chosen
        ctx = self.context(source, ability, controller, event)
        if chosen_x:
            ctx.bindings = {**ctx.bindings, **chosen_x}
        for node in targeted:
            assert node.span is not None
            chosen[node.span.offset] = resolve_targets(ctx, node, "choose a target")
        return chosen

    def end(self, winner: int | None, reason: str) -> None:
        if self.state.result is None:
            self.state.result = {"winner": winner, "reason": reason, "turn": self.state.turn}
            if self.log is not None:
                self.log.result(self)


_new = tuple.__new__


def _apply_as(change: str, engine: Engine, cause: Cause, **args: Any) -> Any:
    """``Engine.applier``'s answer where ``apply`` must run in full."""
    return engine.apply(change, cause, **args)


# kernel class -> (its own ``replaceable``, its own ``primitive``): ``_apply_in_full``
_OWN_CHANGES: dict[type, tuple[bool, bool]] = {}
_POOL_READ = "engine's pool"  # the pool's memo by kernel class (``Engine._know_pool``)
_APPLY_AS: dict[str, PrimitiveFn] = {}  # per change: ``_apply_as`` of it
_SEAT_NAMES: dict[int, tuple[str, ...]] = {}
_bare = object.__new__


def _seat_names(players: int) -> tuple[str, ...]:
    """P1, P2, …: the players' names where none are given (made once per count)."""
    found = _SEAT_NAMES.get(players)
    if found is None:
        found = _SEAT_NAMES[players] = tuple(f"P{i + 1}" for i in range(players))
    return found


def _targeted(node: ast.Cards) -> bool:
    q = node.quantifier
    return q is not None and (q.kind in ("target", "n_targets") or (q.kind == "up_to" and q.target))


_TARGETED: dict[int, tuple[CompiledAbility, tuple[ast.Cards, ...]]] = {}


def _targeted_selectors(ability: CompiledAbility) -> tuple[ast.Cards, ...]:
    """The "target" selectors of an ability's effects, in text order (remembered per
    ability: definitions never change)."""
    found = _TARGETED.get(id(ability))
    if found is not None and found[0] is ability:
        return found[1]
    effects = getattr(ability.node, "effects", None)
    nodes = tuple(
        node
        for node in (effects.walk() if effects is not None else ())
        if isinstance(node, ast.Cards) and node.span is not None and _targeted(node)
    )
    if len(_TARGETED) > 20_000:
        _TARGETED.clear()  # pools come and go (tests): keep the memory bounded
    _TARGETED[id(ability)] = (ability, nodes)
    return nodes
