"""Pocket Duel's changes (the primitives card text and the round name: damage with
blocks, healing after damage, energy with superpower thresholds, block, cancel, destroy)
and the questions the engine asks the kernel (bounds, hook defaults, qualities, nouns)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.interpreter import primitives
from cardscript.interpreter.cards import STANDING_PREVENTION, CardDef, CompiledAbility
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.kernel import Kernel
from cardscript.interpreter.select import Seat, Target
from cardscript.kernels.pocket_duel.game_rules import GameRules, known_rules, rule_in
from cardscript.kernels.pocket_duel.rules import CANCEL, RULE, TYPES

if TYPE_CHECKING:
    from cardscript.kernels.pocket_duel.round_plan import RoundPlan

# the qualities Pocket Duel answers itself; any other is a printed field or a state
_OWN_QUALITIES = frozenset(
    {"cancelled", "revealed", "blocked", "permanent", "playable", "transferable"}
    | {"face_up", "face_down", "opposing"}
)
# (id(definition), quality) -> (definition, has it): definitions never change
_PRINTED_QUALITIES: dict[tuple[int, str], tuple[CardDef, bool]] = {}
_ASK_ENGINE: dict[str, Any] = {}  # the rules while a lasting effect is in play: none known
_ASK = object()  # a rule value not remembered: ask the engine
SEAT_KEYS = ("0", "1")  # the players' keys in the round's data (JSON: keys are strings)
# the rule hook bounding each resource that has a maximum
_MAXIMUM = {"health": "health_max", "energy": "energy_max"}


class PocketDuelChanges(Kernel):
    """The primitives and answers; the round (``RoundKernel``) builds on them."""

    printed_by_definition = True  # ``printed`` reads the card's fields, ``clamp`` the value
    printed_qualities = True  # all but its own are the printed fields' without states
    # a player is their hero (the Automa: its hero card): "Your opponent cannot gain
    # energy." speaks of the hero the kernel asks ("gain energy", "be destroyed", "play")
    player_cards = frozenset({"hero", "automa_hero"})

    def __init__(self) -> None:
        super().__init__()
        self._heals: list[tuple[Cause, Target, int]] | None = None  # deferred (§10)
        self._energy_max: tuple[tuple[Any, ...], Any] | None = None
        self._game_rules: GameRules | None = None
        # (the state, its next uid, the decks) of the game ``setup`` dealt: the games
        # dealt the same decks share what their rounds read (``RoundPlan``)
        self.dealt: tuple[Any, int, Any] | None = None
        self._plan: RoundPlan | None = None  # this game's (``RoundEnd.round_plan``)

    def rules(self, engine: Engine) -> dict[str, Any]:
        """The rule values no card of this game overrides (``game_rules``); a hook not in
        it is asked of the engine (``engine.rule``)."""
        state = engine.state
        if state.lasting:
            return _ASK_ENGINE
        # (``_rules_of_game`` written out: asked several times a round)
        known = self._game_rules
        if known is None or known.state is not state or known.next_uid != state.next_uid:
            known = self._game_rules = GameRules(engine)
        return known.fixed

    def type_cancels(self, engine: Engine) -> dict[tuple[str, str], bool] | None:
        """Which type cancels which by the rule hooks (§7), when no card of this game and
        no lasting effect can change it; else None."""
        return None if engine.state.lasting else self._rules_of_game(engine).cancels

    def know_rules(
        self, engine: Engine, fixed: dict[str, Any], cancels: dict[tuple[str, str], bool] | None
    ) -> None:
        """This game's rule values are ``fixed`` and its relation ``cancels``, as another
        game dealt the same decks read them (``RoundPlan``)."""
        self._game_rules = known_rules(engine.state, fixed, cancels)

    def _rules_of_game(self, engine: Engine) -> GameRules:
        """This game's ``GameRules``, read again for a new game or new cards."""
        known, state = self._game_rules, engine.state
        if known is None or known.state is not state or known.next_uid != state.next_uid:
            known = self._game_rules = GameRules(engine)
        return known

    def _current_plan(self, engine: Engine) -> RoundPlan | None:
        """This game's ``RoundPlan`` while it holds (the same game, no card made since);
        None otherwise (``RoundEnd.round_plan`` makes a new one)."""
        plan, state = self._plan, engine.state
        if plan is None or plan.state is not state or plan.next_uid != state.next_uid:
            return None
        return plan

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

    def _move(
        self,
        engine: Engine,
        cause: Cause,
        uid: int,
        zone: str,
        player: int | None = None,
        position: int | None = None,
        face_up: bool | None = None,
    ) -> bool:
        if zone == "reserve" and engine.definition(uid).type != "superpower":
            return False  # the reserve holds only superpowers (§10): the card stays
        primitives.move(engine, cause, uid, zone, player, position, face_up)
        states = engine.state.cards[uid].states
        if states and zone != self.discard_zone:
            states.discard("face_down")
        return True

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
        if "attack" not in qualities and "unblockable" not in qualities:  # (attacks: one look)
            pool = self._round(engine).setdefault("block", {})
            key = SEAT_KEYS[player] if player < 2 else str(player)
            left = pool.get(key, 0)
            blocked = left if left < amount else amount
            pool[key] = left - blocked
            amount -= blocked
            if blocked:
                self._blocked(engine, player, source, blocked)
        state = engine.state
        if amount > 0 and (state.lasting or STANDING_PREVENTION in engine.game_keys()):
            # prevention: of the damage dealt, which blocked damage is not (§8)
            amount = self.prevent(engine, target, amount, kind, source, qualities)
        if amount <= 0:
            return 0
        res = state.players[player].resources
        res["health"] = res.get("health", 0) - amount
        if source is not None and "attack" not in qualities:
            by = self._round(engine).setdefault("dealt_by", {})
            by[str(source)] = by.get(str(source), 0) + amount
        self._record(engine, self._current_plan(engine), "takes_damage", player, amount, source)
        return amount

    def _blocked(self, engine: Engine, player: int, source: int | None, amount: int) -> None:
        least = self.rules(engine).get("block_success_minimum", _ASK)  # (``rule_in`` written out)
        if least is _ASK:
            least = engine.rule("block_success_minimum", None, player)
        if amount >= int(least):
            # (``_round`` written out, without ``setdefault``'s list made every block)
            data = engine.state.data
            rnd: dict[str, Any] | None = data.get("round")
            if rnd is None:
                rnd = data["round"] = {}
            found = rnd.get("successful_block")
            if found is None:
                rnd["successful_block"] = [player]
            else:
                found.append(player)
            engine.happened("blocks", None, player, source, amount)
            if source is not None:
                engine.happened("blocked", source, None, None, amount)

    def _heal(
        self, engine: Engine, cause: Cause, target: Target, amount: int, kind: str | None = None
    ) -> None:
        if isinstance(target, Seat):
            heals = self._heals
            if heals is not None:  # (``_gain``'s first answer, the seat itself kept: §10)
                heals.append((cause, target, amount))
                return
            self._gain(engine, cause, target.index, "health", amount)

    def _gain(self, engine: Engine, cause: Cause, player: int, resource: str, amount: int) -> bool:
        if resource == "health" and self._heals is not None:
            self._heals.append((cause, Seat(player), amount))  # damage first (§10)
            return True
        hook = _MAXIMUM.get(resource, "")  # (health and energy: bounded, permitted)
        state = engine.state
        # this game's plan, current: it answers the permission (none speaks), the bound
        # and the thresholds (``RoundPlan.gains``)
        plan = self._plan  # (``_current_plan`` written out: every gain)
        if (
            plan is None
            or not plan.gains
            or state.lasting
            or plan.next_uid != state.next_uid
            or plan.state is not state
        ):
            plan = None
            if (
                hook
                and engine.permissions_speak()
                and (hero := self._hero(engine, player))
                # (the card whose effect gains: "cannot gain energy by Weapon cards")
                and engine.permitted(f"gain_{resource}", hero, cause.source) is False
            ):
                return False
        res = state.players[player].resources
        before = res.get(resource, 0)
        if plan is None or not hook:
            value = self.bound(engine, player, resource, before + amount)
        else:  # (the plan's rules: ``bound`` without asking ``rules``, ``_bounded`` written out)
            most = plan.rules.get(hook, _ASK)
            most = int(engine.rule(hook, None, player) if most is _ASK else most)
            value = before + amount
            if value > most:
                value = most
            if value < 0 and resource != "health":
                value = 0
        res[resource] = value
        if resource == "energy":
            if value > before:
                self._record(engine, plan, "gains_energy", player, value - before)
            reserve = state.players[player].zones.get("reserve")
            if reserve and (plan is None or self._reached(engine, plan, reserve, value)):
                self.check_thresholds(engine, player, cause.source)
        elif resource == "health":
            self._record(engine, plan, "healed", player, value - before)
        return True

    @staticmethod
    def _record(
        engine: Engine,
        plan: RoundPlan | None,
        event: str,
        player: int,
        amount: int,
        source: int | None = None,
    ) -> None:
        """``engine.happened(event, None, player, None, amount, source)``: only recorded
        in the history where nothing hears it (``RoundPlan.silent`` of a current plan)."""
        if plan is not None and event in plan.silent:
            state = engine.state
            state.history.append((event, None, player, state.turn))
        else:
            engine.happened(event, None, player, None, amount, source)

    @staticmethod
    def _reached(engine: Engine, plan: RoundPlan, reserve: list[int], energy: int) -> bool:
        """Could a card in reserve become active at ``energy``: a superpower whose
        printed threshold it reaches, or a card the plan has no facts of yet, or any
        while text changing stats is in play? (Else ``check_thresholds`` finds none.)"""
        for key in plan.stat_texts:
            if engine.in_play(key):
                return True
        facts = plan.facts
        for uid in reserve:
            found = facts.get(uid)
            if found is None:
                return True
            threshold = found.threshold
            if threshold is not None and threshold <= energy:
                return True
        return False

    def _lose(self, engine: Engine, cause: Cause, player: int, resource: str, amount: int) -> None:
        res = engine.state.players[player].resources
        value = res.get(resource, 0) - amount
        # (not ``max``: a builtin call costs more than the test)
        res[resource] = value if value > 0 or resource != "energy" else 0
        engine.happened("lost", player=player, amount=amount, data=(("resource", resource),))

    def _pay(self, engine: Engine, cause: Cause, player: int, resource: str, amount: int) -> bool:
        res = engine.state.players[player].resources
        if res.get(resource, 0) < amount:
            return False
        res[resource] = res.get(resource, 0) - amount
        engine.happened("paid", player=player, amount=amount, data=(("resource", resource),))
        return True

    def _destroy(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        """Destroy a hero: its player loses at the end of the effect step (§11)."""
        if not isinstance(target, Seat):
            return False
        # ("cannot be destroyed by Weapon cards": the card whose text destroys is named)
        hero = self._hero(engine, target.index)
        if hero and engine.permitted("be_destroyed", hero, cause.source) is False:
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
        # the card whose text cancels is named ("cannot be cancelled by Weapon cards"), as
        # the cancel step names the canceller (``RoundKernel._cancels``)
        by = cause.source
        if engine.permissions_speak() and (
            engine.permitted("be_cancelled", target, by) is False
            or (by is not None and engine.permitted("cancel", by, target) is False)
        ):
            return False
        self._mark_cancelled(engine, target, 1 - card.controller, by)
        return True

    def _mark_cancelled(
        self, engine: Engine, victim: int, canceller: int, by: int | None = None
    ) -> None:
        card = engine.state.cards[victim]
        card.data["cancelled"] = True
        engine.happened("cancelled", victim, card.controller, by)
        engine.happened("cancels", None, canceller, victim)
        gain = self.rules(engine).get("energy_per_cancel", _ASK)  # (``rule_in`` written out)
        gain = int(engine.rule("energy_per_cancel", None, canceller) if gain is _ASK else gain)
        if gain:  # (the canceller gives it: "cannot gain energy by Strength cards")
            self._gain_energy(engine, self._caused_by(engine, CANCEL, by), canceller, gain)

    def _caused_by(self, engine: Engine, cause: Cause, uid: int | None) -> Cause:
        """``cause`` naming the played card ``uid`` that gives the change (``Cause.source``,
        which ``_gain`` gives to "gain energy"), where a permission may speak; the rule's
        own cause where none can (the current plan is ``quiet``: nothing asks it)."""
        plan, state = self._plan, engine.state
        if uid is None or (
            plan is not None
            and plan.quiet
            and not state.lasting
            and plan.state is state
            and plan.next_uid == state.next_uid
        ):
            return cause
        return Cause.new(rule=cause.rule, source=uid)

    def _gain_energy(self, engine: Engine, cause: Cause, player: int, amount: int) -> None:
        """The round's ``engine.apply("gain", cause, player=…, resource="energy",
        amount=…)``: made in place, counted as ``apply`` counts it, where the game's
        ``RoundPlan`` lets the round make its own changes (``own``)."""
        plan, state = self._plan, engine.state
        if plan is not None and plan.own and plan.state is state and engine.steps < engine.budget:
            engine.steps += 1
            engine.recent.append(cause)
            self._gain(engine, cause, player, "energy", amount)
        else:
            engine.apply("gain", cause, player=player, resource="energy", amount=amount)

    def _block(
        self, engine: Engine, cause: Cause, player: int, amount: int, kind: str | None = None
    ) -> None:
        # (``_round`` written out, and no ``setdefault``: its default dict would be made
        # at every "Block 2" though the round's pool is there after the first)
        data = engine.state.data
        found: dict[str, Any] | None = data.get("round")
        if found is None:
            found = data["round"] = {}
        pool: dict[str, int] | None = found.get("block")
        if pool is None:
            pool = found["block"] = {}
        key = SEAT_KEYS[player] if player < 2 else str(player)
        total = pool.get(key, 0) + amount
        pool[key] = total if total < 10**9 else 10**9

    # ---- questions the engine asks ----------------------------------------------------
    def bound(self, engine: Engine, player: int, resource: str, value: int) -> int:
        hook = _MAXIMUM.get(resource)
        if hook is None:
            return value
        return _bounded(engine, self.rules(engine), hook, player, resource, value)

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

    def static_active(self, engine: Engine, uid: int, ability: CompiledAbility) -> bool:
        """A cancelled card's text is ignored (§7.4), its standing lines too."""
        if not engine.state.cards[uid].data.get("cancelled"):
            return True
        return not rule_in(engine, self.rules(engine), "cancelled_effects_ignored", uid)

    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        return value if value > 0 else 0  # (not ``max``: a builtin call for every stat)

    def printed(self, engine: Engine, uid: int, stat: str) -> int:
        if stat == "threshold":
            stat = "energy_threshold"
        value = engine.definition(uid).fields.get(stat, 0)
        return value if isinstance(value, int) else 0

    def has_quality(self, engine: Engine, uid: int, quality: str) -> bool:
        card = engine.state.cards[uid]
        definition = engine.definition(uid)
        if quality not in _OWN_QUALITIES:
            if card.states:
                return super().has_quality(engine, uid, quality)
            # without states the answer is the printed fields': remembered per definition
            # (a type is asked of every card a cancel clause looks at)
            key = (id(definition), quality)
            found = _PRINTED_QUALITIES.get(key)
            if found is None or found[0] is not definition:
                if len(_PRINTED_QUALITIES) > 20_000:
                    _PRINTED_QUALITIES.clear()  # pools come and go (tests)
                found = (definition, super().has_quality(engine, uid, quality))
                _PRINTED_QUALITIES[key] = found
            return found[1]
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
        # "opposing" without a reader: any card played this round
        return bool(card.data.get("played"))

    def printed_quality(self, engine: Engine, uid: int, quality: str) -> bool | None:
        if quality in _OWN_QUALITIES:
            return None  # the card's play, face or controller: not its definition's
        return Kernel.has_quality(self, engine, uid, quality)  # (no states: the fields')

    def quality_for(
        self, engine: Engine, uid: int, quality: str, controller: int, source: int | None = None
    ) -> bool:
        if quality == "opposing":  # played this round by the other player
            card = engine.state.cards[uid]
            return bool(card.data.get("played")) and card.controller != controller
        return self.has_quality(engine, uid, quality)

    def is_a(self, engine: Engine, uid: int, noun: str) -> bool:
        if noun == "card":
            return True  # (the base kernel's first answer, without the call: every target)
        if noun == "ability_card":
            return engine.definition(uid).type in TYPES
        return super().is_a(engine, uid, noun)

    # ---- heroes and superpowers -------------------------------------------------------
    def _hero(self, engine: Engine, player: int) -> int:
        """The card that stands for ``player`` (``player_cards``): their hero on the
        table, or the Automa's hero card (§14.1); 0 for a seat with neither (a
        scenario's setup), of which no permission is then asked."""
        zones = engine.state.players[player].zones
        for uid in zones.get("table", ()):
            if engine.definition(uid).type == "hero":
                return uid
        for uid in zones.get("automa_hero", ()):
            return uid
        return 0

    def check_thresholds(self, engine: Engine, player: int, by: int | None = None) -> None:
        """§10: a superpower in reserve whose threshold is reached becomes active
        (permanent: onto the table) or comes into hand (playable); ``by``, the card whose
        effect gave the energy ("cannot leave the reserve by Weapon cards"), if any."""
        reserve = engine.state.players[player].zones.get("reserve")
        if not reserve:
            return
        energy = engine.state.players[player].resources.get("energy", 0)
        for uid in list(reserve):
            definition = engine.definition(uid)
            if definition.type != "superpower":
                continue
            threshold = engine.stat(uid, "threshold")
            if energy < threshold:
                continue
            if engine.permitted("leave_reserve", uid, by) is False:
                continue
            if rule_in(engine, self.rules(engine), "threshold_spends_energy", None, player):
                resources = engine.state.players[player].resources
                resources["energy"] = energy = energy - threshold
            zone = "table" if definition.get("superpower_kind") == "permanent" else "hand"
            engine.apply("move", RULE, uid=uid, zone=zone, player=player)
            engine.happened("becomes_active", uid, player)


def _bounded(
    engine: Engine, rules: dict[str, Any], hook: str, player: int, resource: str, value: int
) -> int:
    """``value`` within the maximum ``hook`` (``rules``' value, else the engine's); energy
    never below 0 (``PocketDuelChanges.bound``)."""
    most = rules.get(hook, _ASK)  # (``rule_in`` written out: every gain)
    most = int(engine.rule(hook, None, player) if most is _ASK else most)
    value = value if value < most else most  # (``min`` and ``max``: builtin calls)
    return value if resource == "health" or value > 0 else 0
