"""The game-independent engine: every change goes through here.

A kernel drives the game (turn structure, timing, its primitives); the engine gives it the
machinery every game shares: computed characteristics, rule hooks with the Golden Rule,
permissions where "cannot" beats "can", triggers matched to events, replacement and
prevention consulted before a change, choices through agents, a step budget, loop
detection, and a log where every change names its cause down to the script's line:col.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from cardscript.grammar import ast
from cardscript.interpreter.agents import Agent, Decision, Labels, check_answer
from cardscript.interpreter.cards import CardDef, CardPool, CompiledAbility
from cardscript.interpreter.lasting import covered, in_group, run_delayed
from cardscript.interpreter.select import Context, RulesError, Seat, Target, candidates, selects
from cardscript.interpreter.state import GameState, new_state

if TYPE_CHECKING:
    from cardscript.interpreter.kernel import Kernel
    from cardscript.interpreter.log import GameLog


class Event(NamedTuple):
    """Something that happened: ``name`` is an event id of the game's registry. A named
    tuple: immutable, and the cheapest record to make (one is made for nearly every
    change)."""

    name: str
    subject: int | None = None  # the card it happened to (or that did it)
    player: int | None = None
    obj: int | None = None  # the other card involved (the attacked one…)
    amount: int | None = None
    source: int | None = None  # the card whose effect caused it
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.data).get(key, default)


class Cause(NamedTuple):
    """Why a change happened: the card, the ability and where its text says so (a named
    tuple, as Event: one is made for every change a card's text causes)."""

    card: str | None = None
    ability: str | None = None
    at: str | None = None
    rule: str | None = None  # a kernel rule, when no card caused it
    # The card instance whose text acts ("this attacks you" needs the attacker); not logged,
    # since instance numbers say nothing to a reader.
    source: int | None = None

    def as_dict(self) -> dict[str, str]:
        return {
            k: v
            for k, v in (
                ("card", self.card),
                ("ability", self.ability),
                ("at", self.at),
                ("rule", self.rule),
            )
            if v
        }


class PendingTrigger(NamedTuple):
    ability: CompiledAbility
    source: int
    controller: int
    event: Event


class KeywordView(NamedTuple):
    """Keywords gained and lost in play (``Engine._keywords_now``), by card."""

    by_key: dict[Any, list[tuple[int, CompiledAbility, Any]]]  # by ``play_index`` key
    abilities: dict[int, tuple[CompiledAbility, ...]]
    names: dict[int, frozenset[str]]  # the keywords gained
    lost: dict[int, frozenset[str]]


@dataclass
class _Gains:
    """What the engine keeps about keywords gained in play (``Engine._keywords_now``)."""

    moving: frozenset[str]  # the keywords that may be gained or lost
    gain_keys: frozenset[Any]  # the ``play_index`` keys gained ones bring
    gaining: bool = False  # being worked out: only printed keywords count meanwhile
    key: tuple[Any, ...] = ()
    view: KeywordView | None = None


class BudgetExceeded(RuntimeError):
    """A game took more steps than its budget: a runaway effect, named with its cards."""


class LoopDetected(RuntimeError):
    """The same state came back within one chain of triggers: an endless loop."""


@dataclass
class Engine:
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
    recent: deque[Cause] = field(default_factory=lambda: deque(maxlen=12))
    _loop_seen: dict[tuple[str, int | None, int], int] = field(default_factory=dict)
    _loop_pairs: set[tuple[str, int | None]] = field(default_factory=set)  # seen once
    _lazy_loops: bool | None = None  # may a loop be found one round later?
    _definitions: dict[int, CardDef] = field(default_factory=dict)
    # the abilities of the cards in play by ``CardDef.play_index`` key, for one zone
    # membership: every zone change goes through ``GameState.move``/``create_card``, which
    # tick ``state.clock``, so the index is rebuilt when the clock (or the state) changes
    _play: dict[Any, list[tuple[int, CompiledAbility, Any]]] = field(default_factory=dict)
    _play_clock: int = -1
    _play_state: GameState | None = None
    _play_uids: list[int] = field(default_factory=list)  # the cards the index was built for
    _text_varies: bool | None = None
    _play_seen: dict[tuple[Any, ...], Any] = field(default_factory=dict)  # uids -> index
    _variant_labels: frozenset[str] | None = None
    _trigger_sources: bool | None = None  # does the kernel name trigger sources of its own?
    _after_event: bool = True  # does it check anything after an event?
    _replaces: bool | None = None  # may a change of its be replaced?
    _terms: dict[str, Any] = field(default_factory=dict)  # rule hook id -> registry term
    # what no card of the pool can change, for ``_pool_version``: rule values no text overrides
    # (and the kernel does not work out from the game), whether any text speaks of
    # permissions, the events some trigger waits for
    _pool_version: int = -1
    _fixed_rules: dict[str, Any] = field(default_factory=dict)
    # does any text speak of permissions; the events some trigger waits for (one attribute:
    # an engine with 30 attributes or more reads every one of them slower)
    _speaks: tuple[bool, frozenset[str]] = (True, frozenset())
    # keywords gained and lost in play (``_keywords_now``): may any text of the pool change
    # them; are they being worked out (then only printed text counts); the last view
    # Keywords gained in play: an instance attribute only for a pool whose text (or rules)
    # can move keywords; not a field, since an object with 30 attributes or more reads
    # every one of them slower (Python's shared instance keys), and the engine is hot.
    _kw: ClassVar[_Gains | None] = None

    @classmethod
    def new(
        cls,
        game: Any,
        pool: CardPool,
        kernel: Kernel,
        agents: Sequence[Agent],
        seed: int,
        names: Sequence[str] | None = None,
        **kw: Any,
    ) -> Engine:
        names = list(names or [f"P{i + 1}" for i in range(len(agents))])
        return cls(game, pool, kernel, agents, new_state(game.registry.game, names, seed), **kw)

    def _know_pool(self) -> None:
        """Read what the pool's cards can speak of (again, when cards were added)."""
        if self.kernel.rule_keywords:
            self.pool.know_rule_keywords(self.kernel.rule_keywords)
        self._pool_version = self.pool.version
        # shared by the pool's games: a new engine finds them filled
        memo = self.pool.memo
        self._terms = memo.setdefault("hook terms", {})
        self._fixed_rules = memo.setdefault(("fixed rules", type(self.kernel)), {})
        facts = memo.get("speaks of")
        if facts is None:
            keys = self.pool.play_keys()
            heard = frozenset(k[1] for k in keys if isinstance(k, tuple) and k[0] == "event")
            facts = memo["speaks of"] = (("verb", "permission") in keys, heard)
        self._speaks = facts
        moving, gain_keys = self.pool.moving_keywords()
        # (never through ``__dict__``: reading it makes every attribute of the engine slower)
        if moving or gain_keys:
            setattr(self, "_kw", _Gains(moving, gain_keys))  # noqa: B010 (a ClassVar)
        elif self._kw is not None:
            delattr(self, "_kw")

    # ---- definitions and cards ------------------------------------------------------
    def definition(self, uid: int) -> CardDef:
        # a card instance never changes its definition: remember it (a hot path)
        found = self._definitions.get(uid)
        if found is None:
            found = self._definitions[uid] = self.pool[self.state.cards[uid].card_id]
        return found

    def cards_in(self, places: Iterable[tuple[str, int | None]]) -> list[int]:
        out: list[int] = []
        for zone, owner in places:
            if owner is None:
                for player in self.state.players:
                    out.extend(player.zones.get(zone, ()))
                out.extend(self.state.shared.get(zone, ()))
            else:
                out.extend(self.state.players[owner].zones.get(zone, ()))
        return out

    def describe(self, target: Target) -> str:
        if isinstance(target, int):
            definition = self._definitions.get(target) or self.definition(target)
            return f"{definition.name} [{self.state.cards[target].zone}]"
        return self.state.players[target.index].name

    def active_abilities(self) -> Iterable[tuple[int, CompiledAbility]]:
        """Abilities of cards whose text works now (in play, not switched off)."""
        kernel, off = self.kernel, self.variants_off()
        for uid in self.cards_in((z, None) for z in kernel.play_zones):
            if kernel.text_active(self, uid):
                for ability in self.definition(uid).abilities:
                    if not _switched_off(ability, off):
                        yield uid, ability

    def _statics(self, kind: type) -> Iterable[tuple[int, CompiledAbility, Any]]:
        return self.abilities_of(kind)

    def abilities_of(self, kind: type) -> Iterable[tuple[int, CompiledAbility, Any]]:
        """(card, ability, its node) for the active abilities of one AST kind."""
        return self.in_play(kind)

    def in_play(self, key: Any) -> Sequence[tuple[int, CompiledAbility, Any]]:
        """(card, ability, its node) for the active abilities under one ``play_index`` key
        (an AST kind, ``("event", name)``, ``("hook", id)``, ``("verb", verb)``), cards in
        zone order. Remembered while the zones stay as they are (the clock has not moved);
        for a kernel with its own ``text_active`` the cards are asked afresh every time,
        unless it ticks the clock whenever text switches on or off (``text_ticks_clock``)."""
        state = self.state
        if state.clock == self._play_clock and state is self._play_state:
            if self._kw is not None:
                return self._with_gained(key, self._play.get(key, ()))
            return self._play.get(key, ())
        if self.pool.version != self._pool_version:
            self._know_pool()
        if key not in self.pool.play_keys():
            return ()  # no card of the game has such an ability
        varies = self._text_varies
        if varies is None:
            varies = self._text_varies = _text_varies(self.kernel)
        if varies:
            found: Sequence[tuple[int, CompiledAbility, Any]] = self._scan_play(key)
        else:
            self._refresh_play()
            found = self._play.get(key, ())
        return self._with_gained(key, found) if self._kw is not None else found

    def _with_gained(
        self, key: Any, found: Sequence[tuple[int, CompiledAbility, Any]]
    ) -> Sequence[tuple[int, CompiledAbility, Any]]:
        """``found`` and the abilities under ``key`` of keywords gained in play."""
        kw = self._kw
        if kw is None or kw.gaining or key not in kw.gain_keys:
            return found
        gained = self._keywords_now().by_key.get(key)
        return [*found, *gained] if gained else found

    # ---- keywords gained and lost in play -----------------------------------------------
    def card_abilities(self, uid: int, kind: type | None = None) -> tuple[CompiledAbility, ...]:
        """The card's abilities now (of one AST kind): printed, with its printed keywords'
        (``CardDef.abilities``), and those of the keywords it has gained in play."""
        definition = self.definition(uid)
        printed = definition.abilities if kind is None else definition.by_kind.get(kind, ())
        kw = self._keywords_move()
        if kw is None or (kind is not None and kind not in kw.gain_keys):
            return printed
        gained = self._keywords_now().abilities.get(uid)
        if not gained:
            return printed
        if kind is not None:
            gained = tuple(a for a in gained if type(a.node) is kind)
        return printed + gained

    def _keywords_move(self) -> _Gains | None:
        if self.pool.version != self._pool_version:
            self._know_pool()
        kw = self._kw
        return None if kw is None or kw.gaining else kw

    def _keywords_now(self) -> KeywordView:
        """The keywords cards in play have gained and lost now, and the abilities the gained
        ones bring: from lasting effects ("gains Plague", "loses Poisoning X") and standing
        text ("Formation: this has Protection from Magic"), a keyword's own "this has"
        included. A lost keyword cannot be gained (§407.5). Worked out again when anything
        happened (a change, an event, a zone change, a lasting effect, a new step); while
        it is worked out, only printed keywords count."""
        state = self.state
        key = (
            id(state),
            self.steps,
            state.clock,
            id(state.lasting),
            len(state.lasting),
            len(state.history),
            state.phase,
            state.step,
            state.turn,
        )
        kw = self._kw
        assert kw is not None
        view = kw.view
        if view is not None and key == kw.key:
            return view
        kw.gaining = True
        try:
            view = self._work_out_keywords()
        finally:
            kw.gaining = False
        kw.key, kw.view = key, view
        return view

    def _work_out_keywords(self) -> KeywordView:
        from cardscript.interpreter.cards import play_keys, use_key

        state = self.state
        kernel = self.kernel
        zones = kernel.play_zones
        gains: dict[int, list[ast.KeywordUse]] = {}
        lost: dict[int, set[str]] = {}
        # a keyword that comes back as a new ability, gained after it was lost (DICT «Броня Х»)
        regained: dict[int, list[tuple[ast.KeywordUse, int]]] = {}
        for effect in state.lasting:  # oldest first
            if effect["kind"] != "keyword":
                continue
            for uid in covered(self, effect) if "group" in effect else effect["uids"]:
                if effect["gain"]:
                    args = tuple(ast.Arg("WORD", str(v)) for v in effect.get("args", ()))
                    use = ast.KeywordUse(effect["keyword"], args)
                    if use.name in lost.get(uid, ()) and self.pool.regained_is_new(use.name):
                        regained.setdefault(uid, []).append((use, effect.get("timestamp", 0)))
                    else:
                        gains.setdefault(uid, []).append(use)
                else:
                    lost.setdefault(uid, set()).update(self.pool.brought(effect["keyword"]))
                    regained.pop(uid, None)  # lost again: the regained copy goes too
        texts = list(self.in_play(("verb", "keywords")))
        done: set[tuple[int, tuple[str, tuple[str, ...]]]] = set()
        # by card: each gained keyword, the abilities and keywords it brings
        brings: dict[int, list[tuple[str, tuple[CompiledAbility, ...], set[str]]]] = {}
        written: dict[int, list[tuple[str, int]]] = {}  # abilities granted written out
        while True:
            for source, ability, node in texts:
                if not self._static_applies(source, ability, node):
                    continue
                ctx = self.context(source, ability)
                for step in node.effects.steps:
                    if (
                        not isinstance(step, ast.Clause)
                        or step.action.verb not in _GRANTS
                        or step.duration is not None
                    ):
                        continue
                    subject = step.subject
                    if subject is None or isinstance(subject, ast.ThisCard):
                        targets = [source]
                    else:
                        targets = [t for t in candidates(ctx, subject) if isinstance(t, int)]
                    if step.action.verb == "grant_ability":
                        for uid in targets:
                            written.setdefault(uid, []).append((step.action.text or "", source))
                        continue
                    for uid in targets:
                        for use in step.action.keywords:
                            if step.action.verb == "lose_keyword":
                                lost.setdefault(uid, set()).update(self.pool.brought(use.name))
                            else:
                                gains.setdefault(uid, []).append(use)
            texts = []
            for uid, uses in gains.items():
                card = state.cards[uid]
                if card.zone not in zones or not kernel.text_active(self, uid):
                    continue
                definition = self.definition(uid)
                printed = {use_key(k) for k in definition.keywords}
                for use in uses:
                    wanted = use_key(use)
                    if wanted in printed or (uid, wanted) in done:
                        continue
                    done.add((uid, wanted))
                    brought, keywords = self.pool.gained(card.card_id, use)
                    named = {k.name for k in keywords}
                    brings.setdefault(uid, []).append((use.name, brought, named))
                    texts.extend(
                        (uid, a, a.node) for a in brought if ("verb", "keywords") in play_keys(a)
                    )
            if not texts:
                break
        for uid, again in regained.items():
            card = state.cards[uid]
            if card.zone in zones and kernel.text_active(self, uid):
                for new_use, instance in again:
                    brought, keywords = self.pool.gained(card.card_id, new_use, instance)
                    brings.setdefault(uid, []).append(("", brought, {k.name for k in keywords}))
        for uid, grants in written.items():
            card = state.cards[uid]
            if card.zone in zones and kernel.text_active(self, uid):
                for text, source in dict.fromkeys(grants):
                    brings.setdefault(uid, []).append(
                        ("", self.pool.granted(card.card_id, text, source), set())
                    )
        index: dict[Any, list[tuple[int, CompiledAbility, Any]]] = {}
        kept: dict[int, tuple[CompiledAbility, ...]] = {}
        names: dict[int, frozenset[str]] = {}
        for uid, found in brings.items():
            gone = lost.get(uid, set())
            mine: list[CompiledAbility] = []
            have: set[str] = set()
            for name, brought, named in found:
                if not name and named:  # regained as a new ability: it is had again
                    have |= named
                    mine.extend(brought)
                    continue
                if name in gone:
                    continue  # a lost keyword brings nothing, nor can it be gained (§407.5)
                have |= named - gone
                mine.extend(a for a in brought if _keyword_id(a.origin) not in gone)
            kept[uid] = tuple(mine)
            names[uid] = frozenset(have)
            for ability in mine:
                for k in play_keys(ability):
                    index.setdefault(k, []).append((uid, ability, ability.node))
        return KeywordView(index, kept, names, {u: frozenset(n) for u, n in lost.items()})

    def _scan_play(self, key: Any) -> list[tuple[int, CompiledAbility, Any]]:
        kernel, off = self.kernel, self.variants_off()
        out: list[tuple[int, CompiledAbility, Any]] = []
        for uid in self.cards_in((z, None) for z in kernel.play_zones):
            found = self.definition(uid).play_index.get(key)
            if found and kernel.text_active(self, uid):
                out.extend((uid, a, a.node) for a in found if not _switched_off(a, off))
        return out

    def variants_off(self) -> frozenset[str]:
        """Labels of lines that work only in a variant of the game (registry labels of
        type ``variant``, e.g. Pocket Duel's "Challenge:") whose variant is not on:
        ``state.data["variants"]``, set when the game is set up."""
        labels = self._variant_labels
        if labels is None:
            terms = self.game.registry.terms("LABEL")
            labels = self._variant_labels = frozenset(t.id for t in terms if t.kind == "variant")
        if not labels:
            return labels
        return labels.difference(self.state.data.get("variants", ()))

    def _refresh_play(self) -> None:
        """The index for the cards in play now (never for a kernel whose text varies)."""
        state = self.state
        kernel = self.kernel
        zones = kernel.play_zones
        if len(zones) == 1 and not state.shared:  # one play zone, each player's: in seat order
            uids = [u for p in state.players for u in p.zones.get(zones[0], ())]
        else:
            uids = self.cards_in((z, None) for z in zones)
        if kernel.text_ticks_clock:
            uids = [u for u in uids if kernel.text_active(self, u)]
        if uids != self._play_uids or state is not self._play_state:
            if state is not self._play_state:
                self._play_seen.clear()
            # the same cards in play again (between two plays, say): the same index; the
            # same instances of the same cards in another game of the pool, too
            off = self.variants_off()
            key = (*uids, off) if off else tuple(uids)
            index = self._play_seen.get(key)
            if index is None:
                if len(self._play_seen) > 256:
                    self._play_seen.clear()
                cards = state.cards
                shared = self.pool.memo.setdefault("play indexes", {})
                both = (key, tuple([cards[uid].card_id for uid in uids]), off)
                index = shared.get(both)
                if index is None:
                    if len(shared) > 4096:
                        shared.clear()
                    index = shared[both] = self._index_play(uids, off)
                self._play_seen[key] = index
            self._play = index
            self._play_uids = uids
            self._play_state = state
        self._play_clock = state.clock

    def _index_play(
        self, uids: list[int], off: frozenset[str]
    ) -> dict[Any, list[tuple[int, CompiledAbility, Any]]]:
        """Read-only once built: it is shared by every game of the pool, as each card
        instance's entries are."""
        index: dict[Any, list[tuple[int, CompiledAbility, Any]]] = {}
        entries = self.pool.memo.setdefault("play entries", {})
        cards = self.state.cards
        for uid in uids:
            both = (uid, cards[uid].card_id, off)
            mine = entries.get(both)
            if mine is None:
                if len(entries) > 4096:
                    entries.clear()
                grouped = self.definition(uid).play_index.items()
                mine = entries[both] = [
                    (k, [(uid, a, a.node) for a in found if not _switched_off(a, off)])
                    for k, found in grouped
                ]
            for key, found in mine:
                have = index.get(key)
                if have is None:
                    index[key] = list(found)
                else:
                    have.extend(found)
        return index

    # ---- computed characteristics ---------------------------------------------------
    def stat(self, uid: int, stat: str, fixed: bool = True) -> int:
        """Printed value; then changes that set it ("has ATK 0"), the newest winning; then
        changes that add to it, static abilities first and lasting effects in timestamp
        order; then those that multiply it ("double", "half"), a fraction rounded up; the
        kernel clamps last (e.g. negative counts as 0). A kernel whose ``set_overrides``
        is on (Marvel Champions, Berserk) adds and multiplies first and lets a set value
        override them all. ``fixed=False``: without the changes that set it (a kernel that
        picks among them itself, ``stat_sets``)."""
        value = self.kernel.printed(self, uid, stat)
        if (
            not self.state.lasting
            and not self.in_play(("verb", "set_stat"))
            and not self.in_play(("verb", "get"))
        ):
            return self.kernel.clamp(self, uid, stat, value)  # no text changes any stat now
        sets = self.stat_sets(uid, stat) if fixed else ()
        newest = sets[-1][1] if sets else None
        total = value if newest is None or self.kernel.set_overrides else newest
        scales: list[Fraction] = []
        for delta in self._stat_deltas(uid, stat):
            if isinstance(delta, Fraction):
                scales.append(delta)
            else:
                total += delta
        for effect in self.state.lasting:
            if effect.get("stat") != stat or not self.covers(effect, uid):
                continue
            if effect["kind"] == "stat":
                total += effect["delta"]
            elif effect["kind"] == "scale":
                scales.append(SCALES[effect["scale"]])
        if scales:  # whole numbers unless something multiplies
            total = math.ceil(math.prod(scales, start=Fraction(total)))
        if newest is not None and self.kernel.set_overrides:
            total = newest
        return self.kernel.clamp(self, uid, stat, total)

    def card_type(self, uid: int) -> str:
        """The card's type: printed, or as the newest lasting change made it ("target
        obligation becomes a minion": only a minion now, MC2-T-068)."""
        kind = self.definition(uid).type
        if not self.state.lasting:
            return kind
        for effect in self.state.lasting:
            if effect["kind"] == "type" and self.covers(effect, uid):
                kind = effect["type"]  # kept in timestamp order: the newest wins
        return kind

    def covers(self, effect: dict[str, Any], uid: int) -> bool:
        """Does the lasting effect cover the card: one it found when it started, or one its
        group holds now where the kernel lets a group grow (``lasting.py``)?"""
        return uid in effect["uids"] or ("group" in effect and in_group(self, effect, uid))

    def stat_sets(self, uid: int, stat: str) -> list[tuple[int | None, int]]:
        """The changes that set a card's stat now, as (the card whose text or effect it
        is, the value), oldest first: standing text by its card's timestamp, then lasting
        effects in timestamp order (the last one is the newest)."""
        found: list[tuple[int, int | None, int]] = []
        for source, ability, node in self.in_play(("verb", "set_stat")):
            if not self._static_applies(source, ability, node):
                continue
            for step in node.effects.steps:
                if (
                    not isinstance(step, ast.Clause)
                    or step.action.verb != "set_stat"
                    or step.action.name != stat
                    or step.subject is None
                    or step.duration is not None
                ):
                    continue
                ctx = self.context(source, ability)
                if selects(ctx, step.subject, uid):
                    stamp = self.state.cards[source].timestamp
                    found.append((stamp, source, ctx.amount(step.action.amount)))
        found.sort(key=lambda f: f[0])  # stable: the later in zone order wins a tie
        out = [(source, value) for _, source, value in found]
        for effect in self.state.lasting:
            if effect["kind"] == "set" and effect["stat"] == stat and self.covers(effect, uid):
                out.append((None, effect["value"]))  # lasting effects are in timestamp order
        return out

    def _stat_deltas(self, uid: int, stat: str) -> Iterable[int | Fraction]:
        """What static abilities change a stat by: an int adds, a Fraction multiplies."""
        for source, ability, node in self.in_play(("verb", "get")):
            if not any(  # cheap first: does this text change this stat at all?
                isinstance(step, ast.Clause) and any(m.stat == stat for m in step.action.stat_mods)
                for step in node.effects.steps
            ):
                continue
            if not self._static_applies(source, ability, node):
                continue
            for step in node.effects.steps:
                if not isinstance(step, ast.Clause) or step.action.verb != "get":
                    continue
                if step.duration is not None or step.subject is None:
                    continue
                mods = [mod for mod in step.action.stat_mods if mod.stat == stat]
                if not mods:
                    continue  # it changes other stats: who it covers does not matter
                ctx = self.context(source, ability)
                _bind_where(ctx, node.effects)
                if selects(ctx, step.subject, uid):
                    for mod in mods:
                        yield SCALES.get(mod.delta) or _delta(mod.delta, ctx)

    def _static_applies(
        self, source: int, ability: CompiledAbility, node: ast.EffectAbility
    ) -> bool:
        if not self.kernel.static_active(self, source, ability):
            return False
        if node.condition is not None:
            from cardscript.interpreter.select import test

            return test(self.context(source, ability), node.condition)
        if node.during is not None:
            return self.kernel.during(self, self.state.cards[source].controller, node.during)
        return True

    def context(
        self,
        source: int | None,
        ability: CompiledAbility | None = None,
        controller: int | None = None,
        event: Event | None = None,
    ) -> Context:
        if controller is None:
            controller = self.state.cards[source].controller if source is not None else 0
        ctx = Context(self, controller, source, ability, event)
        if event is not None and event.amount is not None:
            ctx.last_amount = event.amount  # "that many": the event's number, until a step's
        if ability is not None and ability.keyword_values:
            ctx.bindings.update(ability.int_values)
        return ctx

    # ---- the Golden Rule: hooks and permissions ---------------------------------------
    def rule(self, hook: str, uid: int | None = None, player: int | None = None) -> Any:
        """A rule's value for a card (or player): the registry's default, changed by the
        newest active card text that overrides it."""
        if self.pool.version != self._pool_version:
            self._know_pool()
        fixed = self._fixed_rules.get(hook, _UNSET)
        if fixed is not _UNSET:  # no card of the game can override it: only lasting effects
            return self._lasting_rule(hook, uid, fixed) if self.state.lasting else fixed
        term = self._terms.get(hook)
        if term is None:
            term = self.game.registry.term("HOOK", hook)
            if term is None:
                raise RulesError(f"the kernel asked for an unknown rule hook {hook!r}")
            self._terms[hook] = term
        value = self.kernel.hook_default(self, hook, term.default)
        if ("hook", hook) not in self.pool.play_keys():
            if hook not in self.kernel.computed_hooks:
                self._fixed_rules[hook] = value
            return self._lasting_rule(hook, uid, value) if self.state.lasting else value
        best = -1
        for source, ability, node in self.in_play(("hook", hook)):
            ctx = self.context(source, ability)
            if node.condition is not None:
                from cardscript.interpreter.select import test

                if not test(ctx, node.condition):
                    continue
            if node.scope is not None:
                targets = candidates(ctx, node.scope)
                if (
                    uid is not None
                    and uid not in targets
                    # a rule "for you" covers the cards you control as well
                    and Seat(self.state.cards[uid].controller) not in targets
                ):
                    continue
                if uid is None and (player is None or Seat(player) not in targets):
                    continue
            stamp = self.state.cards[source].timestamp
            if stamp >= best:
                best, value = stamp, _rule_value(node, term.default, ctx)
        return self._lasting_rule(hook, uid, value)

    def _lasting_rule(self, hook: str, uid: int | None, value: Any) -> Any:
        """``value`` as the lasting effects that set the rule leave it (the newest wins)."""
        for effect in self.state.lasting:
            if (
                effect["kind"] == "rule"
                and effect["hook"] == hook
                and (uid is None or self.covers(effect, uid))
            ):
                value = effect["value"]
        return value

    def permissions_speak(self) -> bool:
        """Could card text in play or a lasting effect allow or forbid anything now? When
        not, ``permitted`` is None for everything (a kernel may skip asking card by card)."""
        if self.state.lasting:
            return True
        if self.pool.version != self._pool_version:
            self._know_pool()
        return self._speaks[0] and bool(self.in_play(("verb", "permission")))

    def permitted(self, permission: str, uid: int, obj: int | None = None) -> bool | None:
        """True or False if card text allows or forbids it ("cannot" beats "can"); None
        when no text speaks, and the kernel's rule decides."""
        if not self.permissions_speak():
            return None
        texts = self.in_play(("verb", "permission"))
        allowed = forbidden = False
        for source, ability, node in texts:
            if not self._static_applies(source, ability, node):
                continue
            for step in node.effects.steps:
                if not isinstance(step, ast.Clause) or step.action.verb not in ("can", "cannot"):
                    continue
                if step.action.name != permission or step.subject is None:
                    continue
                ctx = self.context(source, ability)
                if not selects(ctx, step.subject, uid):
                    continue
                if (
                    obj is not None
                    and step.action.event_object is not None
                    and not selects(ctx, step.action.event_object.selector, obj)
                ):
                    continue
                if step.action.verb == "cannot":
                    forbidden = True
                else:
                    allowed = True
        for effect in self.state.lasting:
            if (
                effect["kind"] == "permission"
                and effect["name"] == permission
                and self.covers(effect, uid)
            ):
                forbidden |= not effect["allowed"]
                allowed |= effect["allowed"]
        if forbidden:
            return False
        return True if allowed else None

    def has_keyword(self, uid: int, keyword: str) -> bool:
        kw = self._keywords_move()
        if kw is not None and keyword in kw.moving:
            view = self._keywords_now()
            if keyword in view.names.get(uid, ()):
                return True  # gained, or regained as a new ability after a loss
            if keyword in view.lost.get(uid, ()):
                return False
            return self.definition(uid).has_keyword(keyword)
        if self.definition(uid).has_keyword(keyword):
            lost = any(
                e["kind"] == "keyword"
                and not e["gain"]
                and e["keyword"] == keyword
                and self.covers(e, uid)
                for e in self.state.lasting
            )
            return not lost
        return any(
            e["kind"] == "keyword" and e["gain"] and e["keyword"] == keyword and self.covers(e, uid)
            for e in self.state.lasting
        )

    def ability_lost(self, uid: int, ability: CompiledAbility) -> bool:
        """Is this keyword ability of the card gone with its keyword (§407.5)? A printed
        copy is gone while the keyword is lost; a copy gained in play counts while it is
        had, a keyword regained as a new ability included (DICT «Броня Х»)."""
        if not ability.origin.startswith("keyword:"):
            return False
        keyword = _keyword_id(ability.origin)
        kw = self._keywords_move()
        if kw is not None and keyword in kw.moving:
            view = self._keywords_now()
            if ability in view.abilities.get(uid, ()):
                return False
            if keyword in view.lost.get(uid, ()):
                return True
        return not self.has_keyword(uid, keyword)

    # ---- choices --------------------------------------------------------------------
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
        decision = Decision(
            player,
            kind,
            prompt,
            tuple(options),
            labels if isinstance(labels, Labels) else tuple(labels or (str(o) for o in options)),
            least,
            most,
        )
        answer = check_answer(decision, tuple(self.agents[player].decide(decision)))
        if self.log is not None:
            self.log.decision(self, decision, answer)
        return answer

    def may(self, player: int, prompt: str) -> bool:
        return self.choose(player, "yes_no", prompt, (True, False), ("yes", "no")) == (0,)

    # ---- changes --------------------------------------------------------------------
    def apply(self, change: str, cause: Cause, **args: Any) -> Any:
        """Run one primitive: count it, let replacements speak, log it."""
        self.steps = steps = self.steps + 1
        self.recent.append(cause)
        if steps > self.budget:
            raise BudgetExceeded(
                f"the game took more than {self.budget:,} steps; the cards last involved: "
                + ", ".join(sorted({c.card for c in self.recent if c.card}))
            )
        kernel = self.kernel
        replaces = self._replaces
        if replaces is None:  # the base kernel's replaceable is always None
            replaces = self._replaces = _overrides(kernel, "replaceable")
        if replaces:
            event_id = kernel.replaceable(change, args)
            if event_id is not None and self.replacement(event_id, args):
                return None
        primitive = kernel.primitive(change)
        if primitive is None:
            raise RulesError(f"the {self.game.registry.game} kernel has no primitive {change!r}")
        if self.log is not None:
            self.log.change(self, change, cause, args)
        return primitive(self, cause, **args)

    def emit(self, event: Event) -> None:
        """Record an event and queue the triggered abilities it matches."""
        state = self.state
        name = event.name
        state.history.append(
            {"event": name, "subject": event.subject, "player": event.player, "turn": state.turn}
        )
        if self.log is not None:
            self.log.event(self, event)
        # most events have no listener in play: skip the matching then
        sources = self._trigger_sources
        if sources is None:
            sources = self._trigger_sources = _overrides(self.kernel, "trigger_sources")
            self._after_event = _overrides(self.kernel, "after_event")
        if self.pool.version != self._pool_version:
            self._know_pool()
        if sources or (name in self._speaks[1] and self.in_play(("event", name))):
            from cardscript.interpreter.triggers import matching_triggers

            self.pending.extend(matching_triggers(self, event))
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
        for source, ability, node in self._statics(ast.Replacement):
            if node.event != event_id or ability.key in applied:
                continue
            ctx = self.context(source, ability)
            if subject is not None and selects(ctx, node.subject, subject):
                found.append((self.state.cards[source].timestamp, source, ability, node))
        if not found:
            return False
        chosen = self.kernel.choose_replacement(self, found, args)
        _, source, ability, node = chosen
        applied.add(ability.key)
        from cardscript.interpreter.effects import run_steps

        ctx = self.context(source, ability)
        ctx.it = [subject] if subject is not None else []
        run_steps(ctx, node.effects)
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
    ) -> bool:
        """Run an ability's text: costs (if any, and ``pay``), then effects. Returns
        whether the effects ran (a cost that could not be paid stops them). ``targets``
        are the ones chosen when the ability was put on a chain or stack
        (``choose_targets``); those no longer legal are dropped."""
        from cardscript.interpreter.effects import run_steps

        ctx = self.context(source, ability, controller, event)
        if targets:
            ctx.chosen = dict(targets)
        node = ability.node
        costs = getattr(node, "costs", None)
        if costs is not None and pay:
            if isinstance(node, ast.Triggered) and not self.may(
                controller, f"pay the cost of {ability.card_id}?"
            ):
                return False
            run_steps(ctx, costs)
            if not ctx.did:
                return False
        effects = getattr(node, "effects", None)
        if effects is None:
            return False
        ctx.did = True
        run_steps(ctx, effects)
        self.count_use(ability, source)
        return True

    def choose_targets(
        self,
        ability: CompiledAbility,
        source: int | None,
        controller: int,
        event: Event | None = None,
    ) -> dict[int, list[Target]]:
        """Choose an ability's targets now, for games where they are chosen as it is
        played (VS System's chain, Berserk's stack), keyed by where the selector is
        written in the card's text. Pass the result to ``resolve(..., targets=…)``."""
        from cardscript.interpreter.select import resolve_targets

        chosen: dict[int, list[Target]] = {}
        targeted = _targeted_selectors(ability)
        if not targeted:
            return chosen
        ctx = self.context(source, ability, controller, event)
        for node in targeted:
            assert node.span is not None
            chosen[node.span.offset] = resolve_targets(ctx, node, "choose a target")
        return chosen

    def count_use(self, ability: CompiledAbility, source: int | None) -> None:
        """One more use against the ability's limits (also when its effects were cancelled)."""
        if ability.line.mods:
            key = f"{source}:{ability.key}"
            self.state.used[key] = self.state.used.get(key, 0) + 1

    def within_limits(self, ability: CompiledAbility, source: int | None) -> bool:
        if not ability.line.mods:
            return True  # no "once per …": nothing to count
        used = self.state.used.get(f"{source}:{ability.key}", 0)
        for mod in ability.line.mods:
            limit = {
                "once_per": 1,
                "twice_per": 2,
                "max_per": mod.count,
                "limit_per": mod.count,
            }.get(mod.kind)
            if mod.kind in ("max_per", "limit_per") and limit is None:
                var = next((w[4:] for w in mod.words if w.startswith("VAR:")), None)
                values = dict(ability.keyword_values)
                limit = int(values[var]) if var in values and values[var].isdigit() else None
            if limit is not None and used >= limit:
                return False
        return True

    # ---- periods --------------------------------------------------------------------
    def end_period(self, phase: str, player: int | None = None) -> None:
        """A phase or period of ``player`` (default: the active player) ended: lasting
        effects "until end of" it stop, delayed ones "at the end of" it run, and limits
        "once per" it reset. An effect that waits for another player's period
        (``ends_for``) or for a later end (``skip``, as "until end of the next turn") stays."""
        whose = self.state.active if player is None else player
        kept, due = [], []
        for e in self.state.lasting:
            if e.get("until") != phase or ("ends_for" in e and whose not in e["ends_for"]):
                kept.append(e)
            elif e.get("skip"):
                kept.append({**e, "skip": e["skip"] - 1})
            elif e["kind"] == "delayed":
                due.append(e)
        self.state.lasting = kept
        if self.state.used:
            periods = self._limit_periods()
            self.state.used = {
                k: v for k, v in self.state.used.items() if periods.get(k.split(":", 1)[1]) != phase
            }
        if phase == self.kernel.turn_phase:
            self.state.history.clear()
        for effect in due:  # at once, no ability initiated (MC G14)
            run_delayed(self, effect)

    def _limit_periods(self) -> dict[str, str | None]:
        periods: dict[str, str | None] = {}
        gained = self.pool.memo.get("gained by key", {}).values()
        for ability in [a for c in self.pool.cards.values() for a in c.abilities] + [*gained]:
            for mod in ability.line.mods:
                if mod.period:
                    periods[ability.key] = mod.period
        return periods

    def loop_guard(self, trigger: PendingTrigger) -> None:
        """Call before each trigger resolves inside one chain: the same trigger about to
        resolve in the same state twice means the chain never ends (Berserk §103.4 cuts
        it at the first exact repeat); the kernel decides what then.

        With the base ``Kernel.on_loop`` (it raises) the state is read only from a
        trigger's second resolution in the chain on: a loop then raises one round later,
        the same error, and a chain without repeats (nearly all) never reads the state."""
        pair = (trigger.ability.key, trigger.source)
        lazy = self._lazy_loops
        if lazy is None:
            lazy = self._lazy_loops = not _overrides(self.kernel, "on_loop")
        if lazy and pair not in self._loop_pairs:
            self._loop_pairs.add(pair)
            return
        key = (*pair, self.state.loop_key())
        if key in self._loop_seen:
            seen = {k[0] for k in self._loop_seen} | {k[0] for k in self._loop_pairs}
            cards = {self.pool[k.split("#", 1)[0]].name for k in seen}
            self.kernel.on_loop(self, sorted(cards))
        self._loop_seen[key] = self.steps

    def chain_done(self) -> None:
        self._loop_seen.clear()
        self._loop_pairs.clear()

    def end(self, winner: int | None, reason: str) -> None:
        if self.state.result is None:
            self.state.result = {"winner": winner, "reason": reason, "turn": self.state.turn}
            if self.log is not None:
                self.log.result(self)


_UNSET = object()
_GRANTS = frozenset({"have", "gain_keyword", "lose_keyword", "grant_ability"})
_OVERRIDES: dict[tuple[type, str], bool] = {}


def _overrides(kernel: Kernel, method: str) -> bool:
    """Does the kernel's class have its own ``method`` (not the base ``Kernel``'s)?"""
    key = (type(kernel), method)
    found = _OVERRIDES.get(key)
    if found is None:
        from cardscript.interpreter.kernel import Kernel

        found = _OVERRIDES[key] = getattr(key[0], method) is not getattr(Kernel, method)
    return found


def _text_varies(kernel: Kernel) -> bool:
    """Does the kernel switch card text off by itself (its own ``text_active``), at
    moments the clock does not mark?"""
    return _overrides(kernel, "text_active") and not kernel.text_ticks_clock


def _targeted(node: ast.Cards) -> bool:
    q = node.quantifier
    return q is not None and (q.kind in ("target", "n_targets") or (q.kind == "up_to" and q.target))


SCALES = {"double": Fraction(2), "half": Fraction(1, 2)}  # multiplying modifiers


def _delta(text: str, ctx: Context) -> int:
    sign = -1 if text.startswith("-") else 1
    body = text[1:]
    if body.isdigit():
        return sign * int(body)
    return sign * ctx.bindings.get(body, 0)


def _bind_where(ctx: Context, steps: ast.Steps) -> None:
    for binding in steps.where:
        ctx.bindings[binding.name] = len(candidates(ctx, binding.selector))


def _rule_value(node: ast.RuleOverride, default: Any, ctx: Context) -> Any:
    if node.switch is not None:
        return node.switch
    if node.value.casefold() == "unlimited":
        return math.inf
    if node.value_kind == "INT":
        return int(node.value)
    if node.value_kind == "SIGNED":
        return int(default or 0) + int(node.value)
    if node.value_kind == "VAR":
        return ctx.amount(ast.Amount(kind="var", value=node.value))
    return node.value


PrimitiveFn = Callable[..., Any]


def _keyword_id(origin: str) -> str:
    """The keyword id behind an ability's origin ("keyword:Armor" -> "armor")."""
    return origin.removeprefix("keyword:").casefold().replace(" ", "_")


def _switched_off(ability: CompiledAbility, off: frozenset[str]) -> bool:
    label = ability.line.label
    return bool(off) and label is not None and label.name in off


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
