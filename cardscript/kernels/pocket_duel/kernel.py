"""The Pocket Duel kernel: one game of simultaneous hidden plays (spec pocket-duel.md §5–§12).

A round (§6): each player secretly chooses a card from hand, both are revealed, cancels
are worked out at the same time (type relations from the rule hooks ``<type>_cancels``
and the card script's ``cancel`` clauses, +``energy_per_cancel`` at once), uncancelled
cards deal their attack minus the opponent's block, "On hit" abilities run, then the
other effects (uncancelled cards first, then triggered "despite cancel" effects such as
Breakthrough), destroy is checked, and the round ends: played cards to the discard pile,
cancelled ones back to hand, playable superpowers to their ``after_play`` place, Rest
energy, the health check with the tie rule and sudden death.

Everything a card says runs through the engine (``Engine.resolve`` / ``Engine.apply``);
the kernel only adds Pocket Duel's primitives (block, cancel, destroy, damage with
blocks, healing after damage, energy with superpower thresholds).

Scenario actions (``do:``):

* ``round``: ``play: [card of P1, card of P2]`` (``null``: nothing);
* ``setup``: ``heroes: [hero, hero]`` or ``decks: [[ids], [ids]]``;
* ``gain_energy`` (``player``, ``amount``), ``end_check`` (the health check alone), ``game``;
* matches (§13): ``match`` (``format``, ``teams``, ``first_to``), ``match_game`` (``picks``,
  and ``winner`` to record a result without playing), ``match_result`` (``winner``),
  ``transfer`` (``player``, ``card``, ``to``, ``allowed``: the expected answer);
* the Automa (§14): ``automa_setup`` (``hero``, ``automa_hero``, ``automa``: its seat), or
  ``setup: {automa: {player: 1, hero_card: …}}`` with the zones given (``automa_deck``:
  the top is the last card).

Whole matches: ``play_match`` (Standard, Conquest, Legacy between two agents) and
``play_automa_legacy`` (Legacy against the Automa's team from an Automa Legacy card).
Rule hooks honoured (registry.yaml): starting_health, health_max, starting_energy,
energy_max, energy_per_cancel, rest_energy, rest_energy_at_round_end, cancel_scheme,
<type>_cancels, same_type_cancels, cancelled_effects_ignored, cancelled_returns_to_hand,
played_to_discard, on_hit_minimum, block_success_minimum, damage_before_healing,
weapon_destroys_rest, mutual_destroy_wins, lose_at_health, sudden_death,
reserve_resets_energy, threshold_spends_energy, transfers_per_defeat, automa_uses_may,
automa_discards_face_down, automa_reshuffle_on_rest.
[ASSUMPTION] not in the rules: when neither player has a card to play the game ends on
health (equal: no winner); a game stops after 200 rounds the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardscript.grammar import ast
from cardscript.interpreter import primitives
from cardscript.interpreter.cards import CardDef, CardPool, CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.kernel import Kernel
from cardscript.interpreter.playable import BundledGame
from cardscript.interpreter.select import Seat, Target, selects
from cardscript.kernels.pocket_duel.automa import (
    AutomaAgent,
    automa_choose,
    automa_face_down,
    automa_hero_card,
    automa_setup,
    start_automa,
)
from cardscript.kernels.pocket_duel.formats import heroes_of, match_plan, play_planned_match
from cardscript.kernels.pocket_duel.matches import (
    pick_heroes,
    record_game,
    setup_match_game,
    start_match,
    transfer,
)
from cardscript.kernels.pocket_duel.rules import GAME, PD_X2, RULE, TYPES

_STATIC_VERBS = frozenset({"get", "have", "gain_keyword", "lose_keyword", "can", "cannot"})


def _is_verb(clause: ast.Node, verb: str, name: str) -> bool:
    return (
        isinstance(clause, ast.Clause)
        and clause.action.verb == verb
        and (clause.action.name or "") == name
    )


def _clauses(ability: CompiledAbility) -> list[ast.Clause]:
    node = ability.node
    if not isinstance(node, ast.EffectAbility):
        return []
    out: list[ast.Clause] = []
    for step in node.effects.steps:
        if isinstance(step, ast.Clause):
            out.append(step)
        elif isinstance(step, ast.Conditional | ast.Otherwise):
            out.append(step.clause)
    return out


# id(definition) -> (definition, its abilities by kind)
_KINDS: dict[int, tuple[CardDef, dict[str, tuple[CompiledAbility, ...]]]] = {}


def _of_kind(definition: CardDef, kind: str) -> tuple[CompiledAbility, ...]:
    """A card's abilities of one kind (``_kind_of``), in text order; remembered per
    definition: definitions never change."""
    found = _KINDS.get(id(definition))
    if found is None or found[0] is not definition:
        if len(_KINDS) > 5_000:
            _KINDS.clear()  # pools come and go (tests): keep the memory bounded
        groups: dict[str, list[CompiledAbility]] = {}
        for ability in definition.abilities:
            groups.setdefault(_kind_of(ability), []).append(ability)
        found = _KINDS[id(definition)] = (definition, {k: tuple(v) for k, v in groups.items()})
    return found[1].get(kind, ())


def _kind_of(ability: CompiledAbility) -> str:
    node = ability.node
    if not isinstance(node, ast.EffectAbility):
        return "other"
    clauses = _clauses(ability)
    if clauses and all(_is_verb(c, "primitive", "cancel") for c in clauses):
        return "cancel"
    if clauses and all(_is_verb(c, "primitive_amount", "block") for c in clauses):
        return "block"
    if ability.line.label is not None and ability.line.label.name == "on_hit":
        return "on_hit"
    if node.condition is not None or node.during is not None:
        return "static"
    if clauses and all(c.action.verb in _STATIC_VERBS and c.duration is None for c in clauses):
        return "static"
    return "effect"


_START = {"hero": "table", "superpower": "reserve"}  # where a card starts (§5); else hand

# (id(pool), its number of cards, hero) -> (pool, the hero's set): pools only grow
_HERO_SETS: dict[tuple[int, int, str], tuple[CardPool, tuple[str, ...]]] = {}


class PocketDuelKernel(Kernel):
    game = GAME
    play_zones = ("table", "automa_hero")  # the Automa hero card's text works (§14)
    deck_zone = "hand"
    hand_zone = "hand"
    discard_zone = "discard_pile"
    removed_zone = "removed"
    life_resource = "health"
    default_resource = "energy"
    turn_phase = "round"
    max_rounds = 200
    agent_kinds = ("automa",)
    formats = ("standard", "best-of-three", "conquest", "legacy")
    variants = ("challenge",)
    computed_hooks = frozenset({"energy_max"})  # from the thresholds of the game's cards

    def agent_for(self, kind: str, engine: Engine, player: int) -> Any:
        return AutomaAgent(engine) if kind == "automa" else None

    def setup_for(self, engine: Engine, decks: Sequence[Sequence[str]], kinds: list[str]) -> None:
        """With ``--agent automa`` the Automa plays its deck's hero from its Automa hero
        card (§14.1); otherwise the normal setup."""
        fmt = str(engine.state.data.get("format") or "standard")
        if fmt != "standard":
            engine.state.data["pending_match"] = match_plan(engine, fmt, decks, kinds)
            return
        if any(len(heroes_of(engine, deck)) > 1 for deck in decks):
            raise ValueError(
                "a standard game is one hero per deck; a team of 3 heroes plays a conquest "
                "or a legacy match (--format conquest, --format legacy)"
            )
        if "automa" not in kinds:
            self.setup(engine, decks)
            return
        automa = kinds.index("automa")
        hero = self._hero_card_id(engine, decks[automa])
        human = self._hero_card_id(engine, decks[1 - automa])
        automa_setup(engine, human, automa_hero_card(engine, hero), automa)

    @staticmethod
    def _hero_card_id(engine: Engine, deck: Sequence[str]) -> str:
        for card_id in deck:
            if engine.pool[card_id].type == "hero":
                return card_id
        raise ValueError("a Pocket Duel deck names its hero")

    def __init__(self) -> None:
        super().__init__()
        self._heals: list[tuple[Cause, Target, int]] | None = None  # deferred (§10)
        self._energy_max: tuple[tuple[Any, ...], Any] | None = None

    # ---- primitives -------------------------------------------------------------------
    def primitives(self) -> dict[str, Any]:
        return {
            "deal_damage": self._deal_damage,
            "heal": self._heal,
            "gain": self._gain,
            "lose": self._lose,
            "pay": self._pay,
            "destroy": self._destroy,
            "cancel": self._cancel,
            "block": self._block,
            "move": self._move,
        }

    def _move(self, engine: Engine, cause: Cause, uid: int, zone: str, **kw: Any) -> None:
        primitives.move(engine, cause, uid, zone, **kw)
        if zone != self.discard_zone:
            engine.state.cards[uid].states.discard("face_down")

    def _round(self, engine: Engine) -> dict[str, Any]:
        data = engine.state.data
        found = data.get("round")
        if found is None:
            found = data["round"] = {}
        return found

    def _deal_damage(
        self,
        engine: Engine,
        cause: Cause,
        target: Target,
        amount: int,
        kind: str | None = None,
        source: int | None = None,
        qualities: tuple[str, ...] = (),
    ) -> int:
        """Damage to a hero: blocks of this round take it first unless it is unblockable
        (or already blocked, as an attack is in the damage step)."""
        if not isinstance(target, Seat) or amount <= 0:
            return 0
        player = target.index
        blocked = 0
        if "unblockable" not in qualities and "attack" not in qualities:
            pool = self._round(engine).setdefault("block", {})
            left = pool.get(str(player), 0)
            blocked = min(left, amount)
            pool[str(player)] = left - blocked
            amount -= blocked
            if blocked:
                self._blocked(engine, player, source, blocked)
        if amount <= 0:
            return 0
        res = engine.state.players[player].resources
        res["health"] = res.get("health", 0) - amount
        if source is not None and "attack" not in qualities:
            by = self._round(engine).setdefault("dealt_by", {})
            by[str(source)] = by.get(str(source), 0) + amount
        engine.emit(Event("takes_damage", player=player, amount=amount, source=source))
        return amount

    def _blocked(self, engine: Engine, player: int, source: int | None, amount: int) -> None:
        if amount >= int(engine.rule("block_success_minimum", player=player)):
            self._round(engine).setdefault("successful_block", []).append(player)
            engine.emit(Event("blocks", player=player, amount=amount, obj=source))
            if source is not None:
                engine.emit(Event("blocked", subject=source, amount=amount))

    def _heal(
        self, engine: Engine, cause: Cause, target: Target, amount: int, kind: str | None = None
    ) -> None:
        if isinstance(target, Seat):
            self._gain(engine, cause, target.index, "health", amount)

    def _gain(self, engine: Engine, cause: Cause, player: int, resource: str, amount: int) -> bool:
        if resource == "health" and self._heals is not None:
            self._heals.append((cause, Seat(player), amount))  # damage first (§10)
            return True
        if (
            resource in ("health", "energy")
            and engine.permissions_speak()
            and engine.permitted(f"gain_{resource}", self._hero(engine, player)) is False
        ):
            return False
        res = engine.state.players[player].resources
        before = res.get(resource, 0)
        res[resource] = self.bound(engine, player, resource, before + amount)
        if resource == "energy":
            if res[resource] > before:
                engine.emit(Event("gains_energy", player=player, amount=res[resource] - before))
            self.check_thresholds(engine, player)
        elif resource == "health":
            engine.emit(Event("healed", player=player, amount=res[resource] - before))
        return True

    def _lose(self, engine: Engine, cause: Cause, player: int, resource: str, amount: int) -> None:
        res = engine.state.players[player].resources
        value = res.get(resource, 0) - amount
        res[resource] = max(0, value) if resource == "energy" else value
        engine.emit(Event("lost", player=player, amount=amount, data=(("resource", resource),)))

    def _pay(self, engine: Engine, cause: Cause, player: int, resource: str, amount: int) -> bool:
        res = engine.state.players[player].resources
        if res.get(resource, 0) < amount:
            return False
        res[resource] = res.get(resource, 0) - amount
        engine.emit(Event("paid", player=player, amount=amount, data=(("resource", resource),)))
        return True

    def _destroy(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        """Destroy a hero: its player loses at the end of the effect step (§11)."""
        if not isinstance(target, Seat):
            return False
        if engine.permitted("be_destroyed", self._hero(engine, target.index)) is False:
            return False
        destroyed = self._round(engine).setdefault("destroyed", [])
        if target.index not in destroyed:
            destroyed.append(target.index)
        return True

    def _cancel(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        """``cancel`` outside the cancel step (an effect): the card is cancelled now."""
        if not isinstance(target, int) or not engine.state.cards[target].data.get("played"):
            return False
        card = engine.state.cards[target]
        if card.data.get("cancelled"):
            return False
        self._mark_cancelled(engine, target, 1 - card.controller)
        return True

    def _block(
        self, engine: Engine, cause: Cause, player: int, amount: int, kind: str | None = None
    ) -> None:
        pool = self._round(engine).setdefault("block", {})
        pool[str(player)] = min(10**9, pool.get(str(player), 0) + amount)

    # ---- questions the engine asks ----------------------------------------------------
    def bound(self, engine: Engine, player: int, resource: str, value: int) -> int:
        if resource == "health":
            return min(value, int(engine.rule("health_max", player=player)))
        if resource == "energy":
            return max(0, min(value, int(engine.rule("energy_max", player=player))))
        return value

    def hook_default(self, engine: Engine, hook: str, default: Any) -> Any:
        if hook == "energy_max":
            # the same while the game's cards are the same: remembered for them
            state = engine.state
            key = (id(state), state.next_uid, len(state.cards), id(engine.pool), default)
            if self._energy_max is not None and self._energy_max[0] == key:
                return self._energy_max[1]
            thresholds = [
                int(engine.pool[c.card_id].get("energy_threshold", 0) or 0)
                for c in state.cards.values()
                if engine.pool[c.card_id].type == "superpower"
            ]
            value = max([int(default), *thresholds])
            self._energy_max = (key, value)
            return value
        return default

    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        return max(0, value)

    def printed(self, engine: Engine, uid: int, stat: str) -> int:
        if stat == "threshold":
            stat = "energy_threshold"
        value = engine.definition(uid).get(stat, 0)
        return value if isinstance(value, int) else 0

    def has_quality(self, engine: Engine, uid: int, quality: str) -> bool:
        card = engine.state.cards[uid]
        definition = engine.definition(uid)
        if quality in ("cancelled", "revealed", "blocked"):
            return bool(card.data.get(quality))
        if quality in ("permanent", "playable"):
            return definition.get("superpower_kind") == quality
        if quality == "transferable":
            return definition.get("transferable", True) is not False
        if quality == "face_up":
            return card.face_up
        if quality == "face_down":
            return not card.face_up
        if quality == "opposing":  # without a reader: any card played this round
            return bool(card.data.get("played"))
        return super().has_quality(engine, uid, quality)

    def quality_for(
        self, engine: Engine, uid: int, quality: str, controller: int, source: int | None = None
    ) -> bool:
        if quality == "opposing":  # played this round by the other player
            card = engine.state.cards[uid]
            return bool(card.data.get("played")) and card.controller != controller
        return self.has_quality(engine, uid, quality)

    def is_a(self, engine: Engine, uid: int, noun: str) -> bool:
        if noun == "ability_card":
            return engine.definition(uid).type in TYPES
        return super().is_a(engine, uid, noun)

    # ---- setup ------------------------------------------------------------------------
    def hero_set(self, engine: Engine, hero: str) -> list[str]:
        pool = engine.pool
        key = (id(pool), len(pool.cards), hero)
        found = _HERO_SETS.get(key)
        if found is None or found[0] is not pool:
            own = (c.id for c in pool.cards.values() if c.get("hero") == hero)
            if len(_HERO_SETS) > 1_000:
                _HERO_SETS.clear()
            found = _HERO_SETS[key] = (
                pool,
                (hero, *sorted(i for i in own if pool[i].type in TYPES)),
            )
        return list(found[1])

    def setup(self, engine: Engine, decks: Sequence[Sequence[str]]) -> None:
        """§5: hero on the table, superpower in reserve, the other 6 cards in hand."""
        state = engine.state
        state.phase = "round"
        for player, deck in enumerate(decks):
            ids = list(deck)
            if len(ids) == 1 and engine.pool[ids[0]].type == "hero":
                ids = self.hero_set(engine, ids[0])
            for card_id in ids:
                state.create_card(card_id, player, _START.get(engine.pool[card_id].type, "hand"))
            res = state.players[player].resources
            res["health"] = int(engine.rule("starting_health", player=player))
            res["energy"] = int(engine.rule("starting_energy", player=player))
        for player in range(len(state.players)):
            self.check_thresholds(engine, player)

    def _hero(self, engine: Engine, player: int) -> int:
        for uid in engine.state.players[player].zones.get("table", ()):
            if engine.definition(uid).type == "hero":
                return uid
        return 0

    def check_thresholds(self, engine: Engine, player: int) -> None:
        """§10: a superpower in reserve whose threshold is reached becomes active
        (permanent: onto the table) or comes into hand (playable)."""
        energy = engine.state.players[player].resources.get("energy", 0)
        for uid in list(engine.state.players[player].zones.get("reserve", ())):
            definition = engine.definition(uid)
            if definition.type != "superpower":
                continue
            threshold = engine.stat(uid, "threshold")
            if energy < threshold:
                continue
            if engine.permitted("leave_reserve", uid) is False:
                continue
            if engine.rule("threshold_spends_energy", player=player):
                resources = engine.state.players[player].resources
                resources["energy"] = energy = energy - threshold
            zone = "table" if definition.get("superpower_kind") == "permanent" else "hand"
            engine.apply("move", RULE, uid=uid, zone=zone, player=player)
            engine.emit(Event("becomes_active", subject=uid, player=player))

    # ---- the game ---------------------------------------------------------------------
    def play(self, engine: Engine) -> dict[str, Any]:
        """One game, or the whole match that ``setup_for`` planned (``--format``)."""
        plan = engine.state.data.pop("pending_match", None)
        if plan is not None:
            return play_planned_match(engine, plan)
        return self.play_game(engine)

    def play_game(self, engine: Engine) -> dict[str, Any]:
        state = engine.state
        while state.result is None:
            if state.turn >= self.max_rounds:
                self._by_health(engine, "round limit")
                break
            if not any(self._playable(engine, p) for p in range(len(state.players))):
                self._by_health(engine, "no cards left")  # [ASSUMPTION] not in the rules
                break
            self.round(engine)
        assert state.result is not None
        return state.result

    def _by_health(self, engine: Engine, reason: str) -> None:
        a, b = (p.resources.get("health", 0) for p in engine.state.players[:2])
        engine.end(0 if a > b else 1 if b > a else None, reason)

    def _playable(self, engine: Engine, player: int) -> list[int]:
        hand = engine.state.players[player].zones.get("hand", [])
        if not engine.permissions_speak():
            return list(hand)
        return [u for u in hand if engine.permitted("be_played", u) is not False]

    def choose_card(self, engine: Engine, player: int) -> int | None:
        """Step 1: a secret choice from hand (the other player's choice is not shown)."""
        options = self._playable(engine, player)
        if not options:
            return None
        labels = [engine.describe(u) for u in options]
        (picked,) = engine.choose(
            player, "action", "choose a card to play face down", options, labels
        )
        return options[picked]

    def round(self, engine: Engine, chosen: Mapping[int, int | None] | None = None) -> None:
        state = engine.state
        state.turn += 1
        state.data["round"] = {}
        n = len(state.players)
        automa = self.automa_player(engine)
        engine.emit(Event("start:round", player=state.active))
        self.resolve_pending(engine)
        if state.result is not None:
            return
        # the Automa chooses against the hand as it was before the human's play (§14.2)
        hands = [list(p.zones.get("hand", ())) for p in state.players] if automa is not None else []
        played: list[int | None] = [None] * n
        for player in range(n):
            if player == automa:
                continue  # the Automa plays after the human has chosen (§14.2)
            if chosen is not None:
                played[player] = chosen.get(player)
            else:
                played[player] = self.choose_card(engine, player)
        if automa is not None:
            played[automa] = automa_choose(engine, automa, hands[1 - automa])
        # ---- step 1: reveal
        state.step = "play_step"
        for player, uid in enumerate(played):
            if uid is None:
                continue
            engine.apply("move", RULE, uid=uid, zone="table", player=player)
            card = state.cards[uid]
            card.data.update({"played": True, "revealed": True})
            card.face_up = True
            engine.emit(Event("plays", player=player, obj=uid))
            engine.emit(Event("played", subject=uid, player=player))
        for player, uid in enumerate(played):
            if uid is not None:
                engine.emit(Event("revealed", subject=uid, player=player))
        # ---- step 2: cancel (simultaneous)
        state.step = "cancel_step"
        pairs = []
        for player, uid in enumerate(played):
            other = played[(player + 1) % n] if n > 1 else None
            if uid is not None and other is not None and self.cancels(engine, uid, other):
                pairs.append((uid, other))
        for canceller, victim in pairs:
            self._mark_cancelled(engine, victim, state.cards[canceller].controller, canceller)
        for player, uid in enumerate(played):
            if uid is not None and not engine.rule("rest_energy_at_round_end", uid=uid):
                amount = self._rest_amount(engine, uid)  # a variant: Rest energy at once
                if amount:
                    engine.apply(
                        "gain", Cause(rule="Rest"), player=player, resource="energy", amount=amount
                    )
        # ---- step 3: damage (simultaneous), blocks
        state.step = "damage_step"
        for player, uid in enumerate(played):
            if uid is not None and self._live(engine, uid):
                self._blocks_of(engine, uid, player)
        dealt: dict[int, int] = {}
        hits: list[tuple[int, int, int]] = []
        for player, uid in enumerate(played):
            if uid is None or not self._live(engine, uid):
                continue
            opp = (player + 1) % n
            raw = engine.stat(uid, "attack")
            pool = self._round(engine).setdefault("block", {})
            left = pool.get(str(opp), 0)
            if engine.permitted("be_blocked", uid) is False:
                left = 0
            blocked = min(raw, left)
            pool[str(opp)] = pool.get(str(opp), 0) - blocked
            hits.append((uid, opp, raw - blocked))
            if blocked:
                state.cards[uid].data["blocked"] = True
                self._blocked(engine, opp, uid, blocked)
        for uid, opp, amount in hits:
            if amount <= 0:
                continue
            cause = Cause(card=state.cards[uid].card_id, rule="attack")
            dealt[uid] = engine.apply(
                "deal_damage",
                cause,
                target=Seat(opp),
                amount=amount,
                kind="damage",
                source=uid,
                qualities=("attack",),
            )
        # ---- step 4: effects
        state.step = "effect_step"
        self._heals = [] if engine.rule("damage_before_healing") else None
        try:
            minimum = int(engine.rule("on_hit_minimum"))
            hit: set[int] = set()
            for player, uid in enumerate(played):
                if uid is not None and dealt.get(uid, 0) >= minimum:
                    hit.add(uid)
                    engine.emit(Event("hits", subject=uid, player=player, amount=dealt[uid]))
                    self._run(engine, uid, player, "on_hit")
            for player, uid in enumerate(played):
                if uid is not None and self._live(engine, uid):
                    self._run(engine, uid, player, "effect")
                    # §8: "On hit" as soon as the card has dealt damage, by its effect too
                    by_effect = self._round(engine).get("dealt_by", {}).get(str(uid), 0)
                    if uid not in hit and by_effect >= minimum and self._live(engine, uid):
                        hit.add(uid)
                        engine.emit(Event("hits", subject=uid, player=player, amount=by_effect))
                        self._run(engine, uid, player, "on_hit")
            self.resolve_pending(engine)
            self._type_destroys(engine, played)
            heals, self._heals = self._heals or [], None
            for cause, target, amount in heals:
                engine.apply("heal", cause, target=target, amount=amount, kind=None)
        finally:
            self._heals = None
        if automa is not None:
            automa_face_down(engine, played[automa])
        if self._check_destroy(engine):
            return
        # ---- step 5: end of round
        state.step = "end_step"
        self._end_of_round(engine, played)

    def automa_player(self, engine: Engine) -> int | None:
        automa = engine.state.data.get("automa")
        return None if automa is None else int(automa["player"])

    def _live(self, engine: Engine, uid: int) -> bool:
        card = engine.state.cards[uid]
        return card.zone == "table" and not card.data.get("cancelled")

    def _type(self, engine: Engine, uid: int) -> str:
        return engine.definition(uid).type

    def cancels(self, engine: Engine, uid: int, other: int) -> bool:
        """Does ``uid`` cancel ``other``? The type relation from the rule hooks (the
        3-cycle PD-X1 by default, or PD-X2), then the card script's cancel clauses."""
        mine, theirs = self._type(engine, uid), self._type(engine, other)
        if engine.permissions_speak() and (
            engine.permitted("be_cancelled", other) is False
            or engine.permitted("cancel", uid) is False
        ):
            return False
        if mine == theirs:
            if engine.rule("same_type_cancels", uid=uid):
                return True  # off by default: same types do not cancel (§7.4 REC)
        elif mine in TYPES:
            if engine.rule("cancel_scheme", uid=uid) == "pd_x2":
                if theirs in PD_X2.get(mine, ()):
                    return True
            elif str(engine.rule(f"{mine}_cancels", uid=uid)).casefold() == theirs:
                return True
        controller = engine.state.cards[uid].controller
        for ability in _of_kind(engine.definition(uid), "cancel"):
            ctx = engine.context(uid, ability, controller)
            for clause in _clauses(ability):
                target = clause.action.target
                if target is not None and selects(ctx, target, other):
                    return True
        return False

    def _mark_cancelled(
        self, engine: Engine, victim: int, canceller: int, by: int | None = None
    ) -> None:
        card = engine.state.cards[victim]
        card.data["cancelled"] = True
        engine.emit(Event("cancelled", subject=victim, player=card.controller, obj=by))
        engine.emit(Event("cancels", player=canceller, obj=victim, subject=None))
        gain = int(engine.rule("energy_per_cancel", player=canceller))
        if gain:
            engine.apply(
                "gain", Cause(rule="cancel"), player=canceller, resource="energy", amount=gain
            )

    def _blocks_of(self, engine: Engine, uid: int, player: int) -> None:
        """The block a played card gives its player this round (Block X, "you block…")."""
        if engine.permitted("block", uid) is False:
            return
        for ability in _of_kind(engine.definition(uid), "block"):
            engine.resolve(ability, uid, player)

    def _run(self, engine: Engine, uid: int, player: int, kind: str) -> None:
        for ability in _of_kind(engine.definition(uid), kind):
            if engine.state.result is not None:
                return
            if engine.within_limits(ability, uid):
                engine.resolve(ability, uid, player)

    def resolve_pending(self, engine: Engine) -> None:
        """Triggered abilities resolve in seat order, each in the order it triggered."""
        if not engine.pending:
            return  # nothing triggered: no chain to run or close
        while engine.state.result is None:
            pending = engine.take_pending()
            if not pending:
                break
            pending.sort(key=lambda p: p.controller)
            for trigger in pending:
                if not self._heard(engine, trigger.source, trigger.event):
                    continue
                engine.loop_guard(trigger)
                engine.resolve(trigger.ability, trigger.source, trigger.controller, trigger.event)
        engine.chain_done()

    def _heard(self, engine: Engine, source: int, event: Event) -> bool:
        """A cancelled card's effects are ignored (§7.4) unless they are about its
        being cancelled ("when this is cancelled": Breakthrough)."""
        card = engine.state.cards[source]
        if not card.data.get("cancelled") or not engine.rule("cancelled_effects_ignored"):
            return True
        return event.name == "cancelled" and event.subject == source

    def _type_destroys(self, engine: Engine, played: list[int | None]) -> None:
        """The Weapon type effect: an uncancelled Weapon destroys an opponent who played
        Rest this round, cancelled or not (§11)."""
        n = len(played)
        for player, uid in enumerate(played):
            other = played[(player + 1) % n] if n > 1 else None
            if uid is None or other is None or self._type(engine, uid) != "weapon":
                continue
            if self._type(engine, other) != "rest" or not self._live(engine, uid):
                continue
            if engine.rule("weapon_destroys_rest", uid=uid):
                engine.apply(
                    "destroy",
                    Cause(card=engine.state.cards[uid].card_id, rule="Weapon destroys Rest"),
                    target=Seat((player + 1) % n),
                )

    def _check_destroy(self, engine: Engine) -> bool:
        if engine.state.result is not None:
            return True
        destroyed = self._round(engine).pop("destroyed", [])
        for player in destroyed:
            engine.emit(Event("destroyed", subject=self._hero(engine, player), player=player))
        if len(destroyed) == 1:
            engine.end(1 - destroyed[0], "destroyed")
            return True
        if len(destroyed) > 1 and engine.rule("mutual_destroy_wins"):
            engine.end(None, "both destroyed")
            return True
        return False

    def _end_of_round(self, engine: Engine, played: list[int | None]) -> None:
        state = engine.state
        rest_energy: list[tuple[int, int]] = []
        for player, uid in enumerate(played):
            if uid is None:
                continue
            card = state.cards[uid]
            cancelled = bool(card.data.get("cancelled"))
            if engine.rule("rest_energy_at_round_end", uid=uid):
                amount = self._rest_amount(engine, uid)  # read while the card is in play
                if amount:
                    rest_energy.append((player, amount))
            if card.zone == "table":
                self._put_away(engine, uid, player, cancelled)
            card.data.clear()
        rest = Cause(rule="Rest")
        for player, amount in rest_energy:
            engine.apply("gain", rest, player=player, resource="energy", amount=amount)
        engine.emit(Event("end:round", player=state.active))
        self.resolve_pending(engine)
        engine.end_period("round")
        if not self._check_destroy(engine):
            self.end_check(engine)
        if engine.log is not None:
            engine.log.step(engine, f"round {state.turn}")

    def _rest_amount(self, engine: Engine, uid: int) -> int:
        """The Rest type effect: energy from an uncancelled Rest card (§10, B2)."""
        if self._type(engine, uid) != "rest" or engine.state.cards[uid].data.get("cancelled"):
            return 0
        return int(engine.rule("rest_energy", uid=uid))

    def _put_away(self, engine: Engine, uid: int, player: int, cancelled: bool) -> None:
        definition = engine.definition(uid)
        if cancelled and engine.rule("cancelled_returns_to_hand", uid=uid):
            engine.apply("move", RULE, uid=uid, zone="hand", player=player)
            engine.emit(Event("returns_to_hand", subject=uid, player=player))
            return
        after = definition.get("after_play") if definition.type == "superpower" else None
        if after == "remove":
            engine.apply("remove_from_game", RULE, uid=uid)
        elif after == "reserve":
            engine.apply("move", RULE, uid=uid, zone="reserve", player=player)
            if engine.rule("reserve_resets_energy", player=player):
                state_res = engine.state.players[player].resources
                state_res["energy"] = 0
        elif after is None and not engine.rule("played_to_discard", uid=uid):
            engine.apply("move", RULE, uid=uid, zone="hand", player=player)
        else:
            engine.apply("discard", RULE, uid=uid)

    def end_check(self, engine: Engine) -> None:
        """§12: a hero at ≤ 0 ends the game, higher health wins; equal at ≤ 0 starts
        sudden death, which ends at the first round the values differ."""
        state = engine.state
        a, b = (p.resources.get("health", 0) for p in state.players[:2])
        limit = int(engine.rule("lose_at_health"))
        sudden = bool(state.data.get("sudden_death"))
        if not sudden and a > limit and b > limit:
            return
        if a == b:
            if engine.rule("sudden_death"):
                state.data["sudden_death"] = True
                return
            engine.end(None, "draw")
            return
        engine.end(0 if a > b else 1, "sudden death" if sudden else "health")

    # ---- scenarios --------------------------------------------------------------------
    def scenario_setup(self, engine: Engine, setup: Mapping[str, Any]) -> None:
        state = engine.state
        state.phase = "round"
        if setup.get("sudden_death"):
            state.data["sudden_death"] = True
        automa = setup.get("automa")
        if automa is not None:
            start_automa(engine, int(automa.get("player", 1)), str(automa["hero_card"]))
        for player in range(len(state.players)):
            res = state.players[player].resources
            res.setdefault("health", int(engine.rule("starting_health", player=player)))
            res.setdefault("energy", int(engine.rule("starting_energy", player=player)))

    def scenario_action(self, engine: Engine, name: str, action: dict[str, Any]) -> None:
        state = engine.state
        if name == "round":
            chosen: dict[int, int | None] = {}
            for player, card_id in enumerate(action.get("play", [])):
                if card_id is None:
                    chosen[player] = None
                    continue
                hand = state.players[player].zones.get("hand", [])
                found = [u for u in hand if state.cards[u].card_id == card_id]
                if not found:
                    raise ValueError(f"{card_id} is not in player {player + 1}'s hand")
                chosen[player] = found[0]
            self.round(engine, chosen)
        elif name == "setup":
            decks = action.get("decks") or [[h] for h in action["heroes"]]
            self.setup(engine, decks)
        elif name == "gain_energy":
            engine.apply(
                "gain",
                Cause(rule="scenario"),
                player=int(action.get("player", 0)),
                resource="energy",
                amount=int(action.get("amount", 1)),
            )
        elif name == "end_check":
            self.end_check(engine)
        elif name == "game":
            self.play_game(engine)
        elif name == "automa_setup":
            automa_setup(
                engine, action["hero"], action["automa_hero"], int(action.get("automa", 1))
            )
        elif name == "match":
            start_match(engine, action["format"], action["teams"], action.get("first_to"))
        elif name == "match_game":
            # pick heroes, then either set the game up or record a given winner
            pick_heroes(engine, action.get("picks"))
            if "winner" in action:
                record_game(engine, int(action["winner"]))
            else:
                setup_match_game(engine)
        elif name == "match_result":
            record_game(engine, int(action["winner"]))
        elif name == "transfer":
            if not transfer(engine, int(action.get("player", 0)), action["card"], action["to"]):
                raise ValueError(f"the transfer of {action['card']} is refused")
        else:
            super().scenario_action(engine, name, action)


BUNDLED = BundledGame(GAME, PocketDuelKernel)
pocket_duel_pool = BUNDLED.pool
new_engine = BUNDLED.new_engine


def heroes(pool: CardPool) -> list[str]:
    return sorted(c.id for c in pool.cards.values() if c.type == "hero")


BUNDLED.register()
