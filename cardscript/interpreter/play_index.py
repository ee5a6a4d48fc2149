"""Which card text works now: the abilities of the cards in play, indexed by kind (an AST
kind, an event, a rule hook, a verb) and remembered while the zones stay as they are."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, cast

from cardscript.interpreter.cards import CardDef, CompiledAbility
from cardscript.interpreter.state import GameState

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.kernel import Kernel
    from cardscript.interpreter.parts import EngineParts
else:
    EngineParts = object


class PlayIndex(EngineParts):
    """The engine's index of card text in play (a mixin of ``Engine``)."""

    _definitions: dict[int, CardDef]
    # the abilities of the cards in play by ``CardDef.play_index`` key, for one zone
    # membership: every zone change goes through ``GameState.move``/``create_card``, which
    # tick ``state.clock``, so the index is checked when the clock moves: the one made for
    # those cards before (in any game of the same cards, ``_index_for``), or made from the
    # last one for the cards that came, left or moved (``_patched``), or anew. Not fields
    # of the engine: a new one starts with none (read only once ``_play_state`` is a state)
    _play: _Index
    _play_uids: Sequence[int] = ()  # the cards ``_play`` is for
    _play_clock: int
    _play_state: GameState | None
    _text_varies: bool | None

    def definition(self, uid: int) -> CardDef:
        # a card instance never changes its definition: remember it (a hot path)
        found = self._definitions.get(uid)
        if found is None:
            found = self._definitions[uid] = self.pool[self.state.cards[uid].card_id]
        return found

    def cards_read(self) -> KnownCards:
        """What the engine has read of this game's cards (each card's definition, and the
        facts ``_know_game`` reads, with the pool's version), for a game that will have
        the same cards by instance (``know_cards``)."""
        definitions = {uid: self.definition(uid) for uid in self.state.cards}
        return definitions, (self.pool.version, self._know_game()[2:])

    def know_cards(self, known: KnownCards) -> None:
        """Take ``cards_read`` of an earlier game with the same cards by instance and
        kernel class (a game set up from a kept starting state): read again where the pool
        has changed since."""
        definitions, facts = known
        self._definitions.update(definitions)
        self._know_game(facts)

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

    def active_abilities(self) -> Iterable[tuple[int, CompiledAbility]]:
        """Abilities of cards whose text works now (in play, not switched off)."""
        kernel, off = self.kernel, self.variants_off()
        for uid in self.cards_in((z, None) for z in kernel.play_zones):
            if kernel.text_active(cast("Engine", self), uid):
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
                return self._with_gained(key, self._play[key])
            return self._play[key]
        game = self._game  # (``game_keys`` written out: asked at every zone change)
        if game[1] != state.next_uid:
            game = self._know_game()
        found: Sequence[tuple[int, CompiledAbility, Any]]
        lones = game[6]  # (none where the kernel switches text off: asked first)
        if lones:
            lone = lones.get(key)
            if lone is not None:  # one card has it, its text works in play: is it there?
                found = lone[1] if state.cards[lone[0]].zone in self.kernel.play_zones else ()
                return self._with_gained(key, found) if self._kw is not None else found
        if key not in game[2]:
            return ()  # no card of the game has such an ability
        few = game[9].get(key)
        if few is not None:  # a few cards have it: one alone in play has its entries
            alone = _alone_in_play(state, self.kernel.play_zones, few)
            if alone is not None:
                return self._with_gained(key, alone) if self._kw is not None else alone
        varies = self._text_varies
        if varies is None:
            varies = self._text_varies = _text_varies(self.kernel)
        if varies:
            found = self._scan_play(key)
        else:
            self._refresh_play()
            found = self._play[key]
        return self._with_gained(key, found) if self._kw is not None else found

    def game_keys(self) -> frozenset[Any]:
        """The ``play_index`` keys of the cards of this game, and of the abilities of every
        keyword some text can give a card: no card in play has any other (a pool's other
        cards may, but they are not in this game)."""
        game, state = self._game, self.state
        if game[1] == state.next_uid:
            return game[2]
        return self._know_game()[2]

    def _know_game(self, known: tuple[int, tuple[Any, ...]] | None = None) -> GameFacts:
        """Read what the game's cards speak of again (a new state, or new cards), or take
        ``known``: (the pool's version, ``GameFacts`` past ``next_uid``) as a game of the
        same cards by instance and kernel class read them (``PocketDuelKernel.setup``)."""
        pool = self.pool
        if pool.version != self._pool_version:
            self._know_pool()
        state = self.state
        if known is not None and known[0] == pool.version:
            self._game = game = (state, state.next_uid, *known[1])
            return game
        cards = state.cards
        # which card is which instance: all the facts depend on (and the kernel's rules)
        # (the ids read in C: once per game, a comprehension was a fifth of the cost)
        layout = (type(self.kernel), tuple(cards), tuple(map(_CARD_ID, cards.values())))
        memo = pool.memo.setdefault("game facts", {})  # shared by the pool's games
        found = memo.get(layout)
        if found is None:
            if len(memo) > 4096:
                memo.clear()
            found = memo[layout] = _facts_of(self, frozenset(layout[2]))
        self._game = game = (state, state.next_uid, *found)
        return game

    def _with_gained(
        self, key: Any, found: Sequence[tuple[int, CompiledAbility, Any]]
    ) -> Sequence[tuple[int, CompiledAbility, Any]]:
        """``found`` (printed abilities), less those of the cards that lost all their
        abilities (``lost_all``), and the abilities under ``key`` of keywords gained in play."""
        kw = self._kw
        if kw is not None and kw.blanks and found:
            lost = self.lost_all()
            if lost:
                found = [f for f in found if f[0] not in lost or self.kept_when_lost(f[1])]
        if kw is None or kw.gaining or key not in kw.gain_keys:
            return found
        gained = self._keywords_now().by_key.get(key)
        return [*found, *gained] if gained else found

    def _scan_play(self, key: Any) -> list[tuple[int, CompiledAbility, Any]]:
        kernel, off = self.kernel, self.variants_off()
        out: list[tuple[int, CompiledAbility, Any]] = []
        for uid in self.cards_in((z, None) for z in kernel.play_zones):
            found = self.definition(uid).play_index.get(key)
            if found and kernel.text_active(cast("Engine", self), uid):
                out.extend((uid, a, a.node) for a in found if not _switched_off(a, off))
        return out

    def variants_off(self) -> frozenset[str]:
        """Labels of lines that work only in a variant of the game (registry labels of
        type ``variant``, e.g. Pocket Duel's "Challenge:") whose variant is not on:
        ``state.data["variants"]``, set when the game is set up."""
        labels = self._variant_labels()
        variants = self.state.data.get("variants") if labels else None
        return labels.difference(variants) if variants else labels

    def _variant_labels(self) -> frozenset[str]:
        """The registry's variant labels, for every game of the pool (its memo)."""
        labels = self.pool.memo.get("variant labels")
        if labels is None:
            terms = self.game.registry.terms("LABEL")
            labels = frozenset(t.id for t in terms if t.kind == "variant")
            self.pool.memo["variant labels"] = labels
        return labels

    def _refresh_play(self) -> None:
        """The index for the cards in play now (never for a kernel whose text varies)."""
        state = self.state
        kernel = self.kernel
        zones = kernel.play_zones
        if not state.shared:  # the players' play zones, zone by zone in seat order
            uids: list[int] = []
            for zone in zones:  # (whole zones added in C, not card by card)
                for p in state.players:
                    uids += p.zones.get(zone, ())
        else:
            uids = self.cards_in((z, None) for z in zones)
        if kernel.text_ticks_clock:
            uids = kernel.texts_active(cast("Engine", self), uids)
        if uids != self._play_uids or state is not self._play_state:
            self._play = self._index_for(state, uids)
            self._play_uids = uids
            self._play_state = state
        self._play_clock = state.clock

    def _index_for(self, state: GameState, uids: list[int]) -> _Index:
        """The index for the cards ``uids`` in play. For a few cards, the one made for them
        before, in this game or another with the same cards by instance (``GameFacts``):
        a few cards come back as the same few sets (Pocket Duel's heroes, and each round's
        cards: 3 times in 4), more rarely (in VS System, 1 time in 60, and a remembered
        index costs a copy when patched). Else made from the index of the cards in play
        before (``_patched``), or anew."""
        off = self.variants_off()
        game = self._game
        if game[1] != state.next_uid:
            game = self._know_game()
        made = game[5].get(off)
        if made is None:
            made = game[5][off] = ({}, {})
        indexes, entries = made
        few = len(uids) <= _FEW
        if few:
            cards = tuple(uids)
            # by the hash of the cards (one hash, and no tuple kept for the garbage collector
            # to visit), so checked: other cards may have the same
            key = hash(cards)
            index = indexes.get(key)
            if index is not None and index.uids == cards:
                return index
        if state is self._play_state and off == self._play.off:
            index = self._patched(self._play, self._play_uids, uids, entries)
        else:
            index = _Index([self._entries_of(uid, off, entries) for uid in uids], off)
        if few:
            if len(indexes) > 4096:
                indexes.clear()
            index.uids = cards
            indexes[key] = index
        return index

    def _patched(
        self, index: _Index, old: Sequence[int], new: list[int], entries: Entries
    ) -> _Index:
        """The index for the cards ``new`` made from ``index`` (for the cards ``old``):
        a key's list stays right unless a card with entries under it left, came, or changed
        its place among the others. Only cards between the common start and the common end
        of the two lists did, so only their keys are left out (made again when asked).
        ``index`` is patched itself unless it is remembered (``_index_for``)."""
        n_old, n_new = len(old), len(new)
        most = min(n_old, n_new)
        start = 0
        while start < most and old[start] == new[start]:
            start += 1
        most -= start
        end = 0
        while end < most and old[n_old - 1 - end] == new[n_new - 1 - end]:
            end += 1
        cards, off = index.cards, index.off
        came = [self._entries_of(uid, off, entries) for uid in new[start : n_new - end]]
        now = [*cards[:start], *came, *cards[n_old - end :]]
        if index.uids is not None:  # remembered: a copy
            index, shared = _Index(now, off), index
            index.update(shared)
        else:
            index.cards = now
        pop = index.pop
        for entries_of_card in (*cards[start : n_old - end], *came):
            for key in entries_of_card:
                pop(key, None)
        return index

    def _entries_of(
        self, uid: int, off: frozenset[str], entries: Entries
    ) -> dict[Any, list[tuple[int, CompiledAbility, Any]]]:
        """A card's entries under each of its ``play_index`` keys, lines ``off`` left out,
        from ``entries`` (``GameFacts``: every game of the same cards by instance shares
        them; read-only once made)."""
        found = entries.get(uid)
        if found is None:
            grouped = self.definition(uid).play_index.items()
            found = entries[uid] = {
                k: [(uid, a, a.node) for a in found if not _switched_off(a, off)]
                for k, found in grouped
            }
        return found


# each card's entries (``_entries_of``) by its instance
Entries = dict[int, dict[Any, list[tuple[int, CompiledAbility, Any]]]]
# what ``_know_game`` read: (the state, its ``next_uid``, the ``play_index`` keys of the
# game's cards, the events some trigger of theirs waits for, the rule values none of them
# overrides (filled as ``rule`` asks), by the lines left out: the indexes of a few cards
# in play remembered, by the cards' hash (``_index_for``), and each card's entries by its
# instance (``_entries_of``); the keys only one card has, with (that card, its entries),
# for a kernel that never switches text in play off and lines no variant leaves out: the
# entries while the card is in a play zone (``in_play``, no index made); the keys of
# stat-changing text among the game's keys, ``Characteristics.stat``; the lone keys of
# events by the event's name, with the entries' ``lone_verdict``, ``Engine.happened``;
# the keys a few cards have, with each card and its entries, ``in_play``). True while
# ``next_uid`` is: an engine's state is never
# replaced, a card is made only by ``GameState.create_card`` (which counts it), and cards
# join the pool before its games make theirs (a change to the pool is read then). Shared
# by the games whose cards are the same instances of the same cards, for one kernel
GameFacts = tuple[
    Any,
    int,
    frozenset[Any],
    frozenset[str],
    dict[str, Any],
    dict[frozenset[str], tuple[dict[int, "_Index"], Entries]],
    dict[Any, tuple[int, list[tuple[int, CompiledAbility, Any]]]],
    tuple[Any, ...],
    dict[str, tuple[int, list[tuple[int, CompiledAbility, Any]], int | None]],
    dict[Any, tuple[tuple[int, list[tuple[int, CompiledAbility, Any]]], ...]],
]
NO_GAME: GameFacts = (None, -1, frozenset(), frozenset(), {}, {}, {}, (), {}, {})
# what an engine read of a game's cards (``PlayIndex.cards_read``): each card's definition
# by instance, and the pool's version with ``GameFacts`` past ``next_uid``
KnownCards = tuple[dict[int, CardDef], tuple[int, tuple[Any, ...]]]
# a card of the game and its entries under a key (``_lone_keys``)
_Held = tuple[int, list[tuple[int, CompiledAbility, Any]]]
_SETS, _GETS = ("verb", "set_stat"), ("verb", "get")  # the keys of stat-changing text


def _facts_of(engine: PlayIndex, ids: frozenset[str]) -> tuple[Any, ...]:
    """``GameFacts`` past ``next_uid`` for a game of these cards (made empty, filled as
    the game asks, but for the keys one card has)."""
    pool = engine.pool
    keys = set(pool.moving_keywords()[1])
    for card_id in ids:
        keys.update(pool[card_id].play_index)
    heard = frozenset(k[1] for k in keys if isinstance(k, tuple) and k[0] == "event")
    stats = tuple(k for k in (_SETS, _GETS) if k in keys)
    from cardscript.interpreter.triggers import lone_verdict  # (it imports this module)

    lone, few = _lone_keys(engine)
    by_event = {
        k[1]: (*v, lone_verdict(v[1]))
        for k, v in lone.items()
        if isinstance(k, tuple) and k[0] == "event"
    }
    return frozenset(keys), heard, {}, {}, lone, stats, by_event, few


def _lone_keys(engine: PlayIndex) -> tuple[dict[Any, _Held], dict[Any, tuple[_Held, ...]]]:
    """The ``play_index`` keys exactly one card of the game has, with that card and its
    entries under the key: where text in play always works (the kernel has no
    ``text_active`` or ``texts_active`` of its own) and no variant can leave a line of
    them out, the cards in play have these entries under the key exactly while that card
    is in a play zone (a card is listed in the zone its ``zone`` names: ``GameState``).
    And likewise the keys 2 to ``_FEW`` cards have, with each card and its entries
    (``_alone_in_play``)."""
    kernel = engine.kernel
    if _overrides(kernel, "text_active") or _overrides(kernel, "texts_active"):
        return {}, {}
    variant = engine._variant_labels()
    holders: dict[Any, list[int]] = {}
    for uid in engine.state.cards:
        for key in engine.definition(uid).play_index:
            holders.setdefault(key, []).append(uid)
    lone, few = {}, {}
    for key, uids in holders.items():
        if len(uids) > _FEW:
            continue
        held = tuple((u, _entries(engine.definition(u).play_index[key], u)) for u in uids)
        if any(a.line.label is not None and a.line.label.name in variant for a in _lines(held)):
            continue
        if len(held) == 1:
            lone[key] = held[0]
        else:
            few[key] = held
    return lone, few


def _entries(
    abilities: Sequence[CompiledAbility], uid: int
) -> list[tuple[int, CompiledAbility, Any]]:
    return [(uid, a, a.node) for a in abilities]


def _lines(held: tuple[_Held, ...]) -> Iterable[CompiledAbility]:
    return (entry[1] for _, entries in held for entry in entries)


def _alone_in_play(
    state: GameState, zones: tuple[str, ...], few: tuple[_Held, ...]
) -> Sequence[tuple[int, CompiledAbility, Any]] | None:
    """The entries of the one card of ``few`` in a play zone (none: no entries); None
    where more are (then the index puts their entries in zone order)."""
    cards = state.cards
    found: Sequence[tuple[int, CompiledAbility, Any]] | None = None
    for uid, entries in few:
        if cards[uid].zone in zones:
            if found is not None:
                return None
            found = entries
    return () if found is None else found


class _Index(dict[Any, Sequence[tuple[int, CompiledAbility, Any]]]):
    """The entries under each ``play_index`` key of the cards in play, in zone order,
    each key's list made when it is first asked for: between two zone changes a game asks
    for a few keys of the many its cards have."""

    __slots__ = ("cards", "off", "uids")

    def __init__(
        self,
        cards: list[dict[Any, list[tuple[int, CompiledAbility, Any]]]],
        off: frozenset[str] = frozenset(),
    ) -> None:
        super().__init__()
        self.cards = cards  # each card's entries by key, in zone order (one per card)
        self.off = off  # the variant lines left out
        # the cards it is remembered for (``_index_for``), for every game: never patched
        self.uids: tuple[int, ...] | None = None

    def __missing__(self, key: Any) -> Sequence[tuple[int, CompiledAbility, Any]]:
        # (most cards in play have nothing under a key: asked first, without a call)
        found = [entry for card in self.cards if key in card for entry in card[key]]
        self[key] = found
        return found


_CARD_ID = attrgetter("card_id")

# the most cards in play whose index is remembered (``_index_for``)
_FEW = 4

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


def _switched_off(ability: CompiledAbility, off: frozenset[str]) -> bool:
    label = ability.line.label
    return bool(off) and label is not None and label.name in off
