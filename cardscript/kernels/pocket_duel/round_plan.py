"""What every Pocket Duel round reads of a game, read once per game: each card's
definition, type and abilities by kind, the rule values no card of the game overrides, the
type relation, whether any card of the game speaks of permissions, and which of the
round's own events some card of the game waits for.

A round reads these a dozen times (each played card's type, its blocks, its "On hit"
text, the rule values of the cancel, damage and end steps). The round still asks the
engine whenever a lasting effect is in play, as the Golden Rule needs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardscript.grammar import ast
from cardscript.interpreter.cards import STANDING_PREVENTION, CardDef, CardPool, CompiledAbility
from cardscript.interpreter.characteristics import _stat_changes
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.golden_rule import _PERMISSION
from cardscript.interpreter.play_index import _GETS, _SETS, _overrides
from cardscript.interpreter.select import Seat
from cardscript.interpreter.state import GameState
from cardscript.kernels.pocket_duel.abilities import cancel_targets, of_kind
from cardscript.kernels.pocket_duel.changes import _OWN_QUALITIES, SEAT_KEYS, PocketDuelChanges
from cardscript.kernels.pocket_duel.game_rules import _ASK
from cardscript.kernels.pocket_duel.quick_round import plain_round


@dataclass(frozen=True, slots=True)
class CardFacts:
    """A card definition as the round reads it (definitions never change). Slots, not a
    named tuple: the round reads its fields a dozen times, and Python 3.11 specializes
    an attribute read of a slot, never one of a named tuple's field."""

    definition: CardDef
    type: str
    blocks: tuple[CompiledAbility, ...]
    on_hit: tuple[CompiledAbility, ...]
    effects: tuple[CompiledAbility, ...]
    cancels_by_text: bool  # it has cancel clauses ("Cancel Agility")
    # each of them asks only what the definitions answer, and "opposing": whether it
    # cancels a card played against it is the same for the same two definitions
    cancels_by_print: bool
    after_play: str | None  # a superpower's "remove" or "reserve"; else None
    attack_cause: Cause  # the cause of its attack's damage
    # a superpower's printed threshold as ``stat`` answers it with no text changing
    # stats (``PocketDuelChanges.printed``, clamped); None for any other card
    threshold: int | None = None
    # its printed attack as ``stat`` answers it with no text changing attack (clamped)
    attack: int = 0


def card_facts(pool: CardPool, card_id: str) -> CardFacts:
    """A card's ``CardFacts``, made once per pool (shared by the pool's games)."""
    memo: dict[str, CardFacts] = pool.memo.setdefault("pocket duel card facts", {})
    found = memo.get(card_id)  # (a pool's memo is emptied when a card is added)
    if found is None:
        definition = pool[card_id]
        after = definition.get("after_play") if definition.type == "superpower" else None
        found = memo[card_id] = CardFacts(
            definition,
            definition.type,
            of_kind(definition, "block"),
            of_kind(definition, "on_hit"),
            of_kind(definition, "effect"),
            bool(cancel_targets(definition)),
            all(_by_print(target) for _, target in cancel_targets(definition)),
            after,
            Cause.new(card=card_id, rule="attack"),
            _printed_threshold(definition),
            _printed(definition, "attack"),
        )
    return found


def _printed_threshold(definition: CardDef) -> int | None:
    if definition.type != "superpower":
        return None
    return _printed(definition, "energy_threshold")


def _printed(definition: CardDef, field: str) -> int:
    """A stat as ``PocketDuelChanges.printed`` reads it, clamped as its ``clamp`` does."""
    value = definition.fields.get(field, 0)
    return value if isinstance(value, int) and value > 0 else 0


def _by_print(target: ast.Node) -> bool:
    """Does a cancel clause's selector ask of a card only its noun "card" and
    adjectives its definition answers, or "opposing" (as "an opposing Agility card")?"""
    if not isinstance(target, ast.Cards) or target.filters or target.also:
        return False
    return target.noun == "card" and all(
        q.kind == "adj" and (q.value == "opposing" or q.value not in _OWN_QUALITIES)
        for q in target.qualities
    )


# the events the round procedure itself records (its moves' events among them)
ROUND_EVENTS = frozenset(
    {"start:round", "plays", "played", "revealed", "moved", "hits", "returns_to_hand"}
    | {"end:round", "discarded", "removed"}
)
# the reveal's own events and its moves' (``RoundPlan.reveal_silent``: all only recorded)
_REVEAL_EVENTS = frozenset({"moved", "plays", "played", "revealed"})
# the events of the kernel's changes the primitives record (``PocketDuelChanges``)
CHANGE_EVENTS = frozenset({"gains_energy", "healed", "takes_damage", "lost"})


class RoundPlan:
    """One game's ``CardFacts`` by card, its remembered rule values (``rules``, valid
    while no lasting effect is in play; ``GameRules``), the type relation as a table
    (``relation``, or None when a card of the game can change it), ``quiet``: no card
    of the game speaks of permissions (only a lasting effect then could), and ``silent``:
    the round's events that are only recorded in the history, as ``Engine.happened``
    would (no log, no trigger waits for them, the kernel hears no event itself); then
    ``own`` too: the round's moves, which nothing can replace, are made in place;
    ``reveal_silent``: the reveal's "moved", "plays", "played" and "revealed" are in
    ``silent``;
    ``effect_rules``: the effect step's (damage_before_healing, on_hit_minimum) while
    ``rules`` holds, None if a card of the game overrides either; ``lose_at``: the
    health check's ``lose_at_health`` the same way (None: ask); ``opponents``: each
    seat's opponent (``opponents``); ``discards``: while ``rules`` holds, the played
    cards go to the discard pile (``played_to_discard``) in place, only recorded;
    ``text_cancels``: whether a card's cancel clauses cancel a card played against it,
    by the two card ids, for cards whose clauses ask only their definitions
    (``CardFacts.cancels_by_print``), filled as rounds ask while ``relation`` and
    ``quiet`` hold (shared by the pool's games with the same relation); ``gains``: a
    gain within this plan reads only ``rules`` and, while no text of ``stat_texts``
    (the game's keys of text changing stats) is in play, the printed thresholds
    (``quiet``, the kernel's bound, rules and thresholds are Pocket Duel's);
    ``attack_texts``: the same keys for attack, while no text of them is in play
    ``CardFacts.attack`` is what ``stat`` answers (None where the kernel's printed stats
    are not Pocket Duel's: ask ``stat``); ``quick``: two seats and all of ``quiet``,
    ``own``, ``reveal_silent``, ``discards``, a ``relation``, ``effect_rules`` and
    ``lose_at``, with the start of the round and an attack's damage only recorded, and
    ``RoundKernel``'s round (``quick_round``). Made again for a new game or when cards
    are added (``RoundEnd.round_plan``)."""

    __slots__ = (
        "attack_texts",
        "discards",
        "effect_rules",
        "facts",
        "gains",
        "lose_at",
        "next_uid",
        "opponents",
        "own",
        "pool",
        "quick",
        "quiet",
        "relation",
        "reveal_silent",
        "rules",
        "silent",
        "stat_texts",
        "state",
        "text_cancels",
    )
    facts: dict[int, CardFacts]
    rules: dict[str, Any]
    relation: Any
    quiet: bool
    silent: frozenset[str]
    text_cancels: dict[tuple[str, str], bool]
    stat_texts: tuple[Any, ...]
    attack_texts: tuple[Any, ...] | None
    own: bool
    reveal_silent: bool
    effect_rules: tuple[Any, int] | None
    gains: bool
    lose_at: int | None
    discards: bool
    opponents: tuple[tuple[int, str, Seat], ...]
    quick: bool

    def __init__(self, engine: Engine, kernel: PocketDuelChanges) -> None:
        state = engine.state
        self.state: GameState = state
        self.next_uid = state.next_uid
        self.pool = pool = engine.pool
        # the same for every game dealt the same decks (``PocketDuelKernel.setup``) by
        # this kernel class, with a log or without: made once for them, all of it
        dealt = kernel.dealt
        if dealt is not None and dealt[0] is state and dealt[1] == state.next_uid:
            memo = pool.memo.get((_PLANS, type(kernel)))
            if memo is None:
                memo = pool.memo[_PLANS, type(kernel)] = {}
            key = (dealt[2], engine.log is None)
            shared = memo.get(key)
            if shared is None:
                if len(memo) > 1_000:
                    memo.clear()
                shared = memo[key] = _shared(engine, kernel)
                shared[0].update({u: card_facts(pool, c.card_id) for u, c in state.cards.items()})
            else:
                kernel.know_rules(engine, shared[1], shared[2])
        else:
            shared = _shared(engine, kernel)
        (
            self.facts,
            self.rules,
            self.relation,
            self.quiet,
            self.silent,
            self.text_cancels,
            self.stat_texts,
            self.attack_texts,
            self.own,
            self.reveal_silent,
            self.effect_rules,
            self.gains,
            self.lose_at,
            self.discards,
            self.opponents,
            self.quick,
        ) = shared

    def of(self, uid: int) -> CardFacts:
        """The facts of card ``uid`` of this game."""
        found = self.facts.get(uid)
        if found is None:  # (a card the game did not start with: not shared)
            self.facts = {**self.facts, uid: card_facts(self.pool, self.state.cards[uid].card_id)}
            found = self.facts[uid]
        return found


# players -> each seat's opponent (the next seat): its seat, its key in the round's block
# pool and the target (immutable: made once)
_OPPONENTS: dict[int, tuple[tuple[int, str, Seat], ...]] = {}


def opponents(n: int) -> tuple[tuple[int, str, Seat], ...]:
    """Each of ``n`` seats' opponent: (its seat, its block pool key, the target)."""
    found = _OPPONENTS.get(n)
    if found is None:
        seats = [(o, SEAT_KEYS[o] if o < 2 else str(o), Seat(o)) for o in range(n)]
        found = _OPPONENTS[n] = tuple(seats[(player + 1) % n] for player in range(n))
    return found


_Shared = tuple[
    dict[int, CardFacts],
    dict[str, Any],
    Any,
    bool,
    frozenset[str],
    dict[tuple[str, str], bool],
    tuple[Any, ...],
    tuple[Any, ...] | None,
    bool,
    bool,
    tuple[Any, int] | None,
    bool,
    int | None,
    bool,
    tuple[tuple[int, str, Seat], ...],
    bool,
]
_PLANS = "pocket duel round plans"  # the pool's memo by kernel class (``RoundPlan``)


def _shared(engine: Engine, kernel: PocketDuelChanges) -> _Shared:
    """What a ``RoundPlan`` of this game holds but its state, ``next_uid`` and pool, in
    the order of ``RoundPlan.__init__`` (its facts by card: so far none); all of it the
    same for the games of one player count, decks, kernel class and log or not."""
    game_rules = kernel._rules_of_game(engine)
    keys = engine.game_keys()
    heard = {k[1] for k in keys if isinstance(k, tuple) and k[0] == "event"}
    own = engine.log is None and _plain_changes(kernel)
    silent = (ROUND_EVENTS | CHANGE_EVENTS) - heard if own else frozenset()
    if STANDING_PREVENTION in keys:  # an attack's damage may be prevented: not in place
        silent -= {"takes_damage"}
    quiet = _PERMISSION not in keys
    rules = game_rules.fixed
    later = rules.get("damage_before_healing", _ASK)
    minimum = rules.get("on_hit_minimum", _ASK)
    lose_at = rules.get("lose_at_health", _ASK)
    effect_rules = None if _ASK in (later, minimum) else (later, int(minimum))
    relation = game_rules.cancels
    discards = own and "discarded" in silent and rules.get("played_to_discard") is True
    players = len(engine.state.players)
    return (
        {},
        rules,
        relation,
        quiet,
        silent,
        _text_cancels(engine, kernel, relation),
        _stat_texts(engine, keys, "threshold"),
        _stat_texts(engine, keys, "attack") if _plain_stats(kernel) else None,
        own,
        silent >= _REVEAL_EVENTS,
        effect_rules,
        quiet and _plain_gains(kernel),
        None if lose_at is _ASK else int(lose_at),
        discards,
        opponents(players),
        # (read here, not per game: every part is the same for the games sharing it)
        players == 2
        and quiet
        and own
        and silent >= _REVEAL_EVENTS
        and relation is not None
        and effect_rules is not None
        and discards
        and lose_at is not _ASK
        and "start:round" in silent
        and "takes_damage" in silent
        and plain_round(kernel),
    )


def _text_cancels(
    engine: Engine, kernel: PocketDuelChanges, relation: dict[tuple[str, str], bool] | None
) -> dict[tuple[str, str], bool]:
    """``RoundPlan.text_cancels`` of a game: the answers depend on the two definitions
    and, where the types do not cancel, on the relation (its values: ``_cancels``), so
    the pool's games of one kernel class with the same relation share them."""
    if relation is None:
        return {}  # (never filled: without the relation the clauses are asked each time)
    memo = engine.pool.memo.setdefault(("pocket duel text cancels", type(kernel)), {})
    key = frozenset(relation.items())
    found = memo.get(key)
    if found is None:
        if len(memo) > 100:
            memo.clear()
        found = memo[key] = {}
    return found


def _stat_texts(engine: Engine, keys: frozenset[Any], stat: str) -> tuple[Any, ...]:
    """The ``play_index`` keys of the game's text that may change ``stat``: any that
    sets a stat, and any "get" that a keyword gained in play brings or that changes
    ``stat`` (``stat`` reads the printed value while none of them is in play)."""
    found = []
    if _SETS in keys:
        found.append(_SETS)
    if _GETS in keys:
        pool = engine.pool
        ids = {c.card_id for c in engine.state.cards.values()}
        if _GETS in pool.moving_keywords()[1] or any(
            _stat_changes(a.node, stat)  # type: ignore[arg-type]
            for card_id in ids
            for a in pool[card_id].play_index.get(_GETS, ())
        ):
            found.append(_GETS)
    return tuple(found)


# kernel class -> may the round make its moves and record its events in place?
_PLAIN: dict[type, bool] = {}


def _plain_changes(kernel: PocketDuelChanges) -> bool:
    """Does the kernel run changes and hear events as the engine's plain path does: no
    replacement, no primitives or event names or listeners of its own, and Pocket Duel's
    own move, damage and gain (those the round makes in place)?"""
    found = _PLAIN.get(type(kernel))
    if found is None:
        engine_facing = ("replaceable", "primitive", "event_name", "trigger_sources")
        found = not any(_overrides(kernel, m) for m in (*engine_facing, "after_event")) and all(
            getattr(type(kernel), m) is getattr(PocketDuelChanges, m)
            for m in ("_move", "_deal_damage", "_gain", "primitives")
        )
        _PLAIN[type(kernel)] = found
    return found


# kernel class -> are its gain's bound, rules and thresholds Pocket Duel's own?
_PLAIN_GAINS: dict[type, bool] = {}


def _plain_gains(kernel: PocketDuelChanges) -> bool:
    """Does the kernel bound gains, read rules and stats and check thresholds as
    ``PocketDuelChanges`` does (what ``RoundPlan.gains`` lets a gain skip)?"""
    found = _PLAIN_GAINS.get(type(kernel))
    if found is None:
        found = _PLAIN_GAINS[type(kernel)] = _plain_stats(kernel) and all(
            getattr(type(kernel), m) is getattr(PocketDuelChanges, m)
            for m in ("bound", "rules", "_rules_of_game", "check_thresholds")
        )
    return found


# kernel class -> are its printed stats Pocket Duel's own?
_PLAIN_STATS: dict[type, bool] = {}


def _plain_stats(kernel: PocketDuelChanges) -> bool:
    """Does the kernel read and clamp printed stats as ``PocketDuelChanges`` does (what
    ``CardFacts`` holds of them)?"""
    found = _PLAIN_STATS.get(type(kernel))
    if found is None:
        found = _PLAIN_STATS[type(kernel)] = (
            all(
                getattr(type(kernel), m) is getattr(PocketDuelChanges, m)
                for m in ("printed", "clamp")
            )
            and type(kernel).printed_by_definition is PocketDuelChanges.printed_by_definition
        )
    return found
