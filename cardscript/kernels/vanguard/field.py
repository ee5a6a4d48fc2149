"""Vanguard's field and primitives (spec vanguard.md §2, §6, §9, §10, §11): the base of
``VanguardKernel``.

Circles: the vanguard circle (zone ``vanguard_circle``), five rear-guard circles (zone
``rear_guard_circle``; the circle FL, FR, BL, BC or BR in ``card.data["circle"]``) and the
guardian circle. The primitives the card script's verbs and costs name (rest, stand,
retire, call, ride, superior call/ride, drive/damage check, flip, Counter Blast, Soul
Blast, Soul Charge, heal), what nouns and adjectives cover, labels with circles, the state
check and the queue of [AUTO] abilities (no stack, §10 REC).
"""

from __future__ import annotations

from typing import Any

from cardscript.grammar import ast
from cardscript.interpreter import primitives
from cardscript.interpreter.apart import described
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, Event, PendingTrigger
from cardscript.interpreter.events import left_from
from cardscript.interpreter.kernel import Kernel
from cardscript.interpreter.moments import crossing
from cardscript.interpreter.select import Seat, Target
from cardscript.interpreter.triggers import in_chosen_order
from cardscript.kernels.vanguard import battle as fight

GAME = "vanguard"
RULE = Cause(rule="turn structure")
CIRCLES = ("FL", "FR", "BL", "BC", "BR")
CIRCLE_ZONES = ("vanguard_circle", "rear_guard_circle")
COLUMNS = {"FL": "BL", "BL": "FL", "FR": "BR", "BR": "FR"}
LEAVE_EVENTS = frozenset({"retired", "ridden", "put_into_soul"})
CHECK_EVENTS = frozenset({"moved", "drawn", "takes_damage", "retired", "shuffled"})


class FieldKernel(Kernel):
    game = GAME
    play_zones = ("vanguard_circle", "rear_guard_circle", "guardian_circle")
    deck_zone = "deck"
    hand_zone = "hand"
    discard_zone = "drop_zone"
    removed_zone = "drop_zone"
    life_resource = "damage"
    default_resource = "damage"
    turn_phase = "turn"
    max_turns = 120
    max_main_actions = 40

    def __init__(self) -> None:
        super().__init__()
        self._checked = 0  # pending triggers already filtered by their labels

    # ---- primitives -------------------------------------------------------------------
    def primitives(self) -> dict[str, Any]:
        return {
            "move": self._move,
            "discard": self._discard,
            "rest": primitives.set_state("rested", True, "rested"),
            # ("This cannot stand.": effects, the stand phase and costs alike)
            "stand": primitives.unless_forbidden("stand", self._stand, ("rested", False)),
            "retire": self._retire,
            "call": self._call,
            "superior_call": self._superior_call,
            "ride": self._ride,
            "superior_ride": self._ride,
            "drive_check": self._check("drive"),
            "damage_check": self._check("damage"),
            "flip": self._flip,
            "counter_blast": self._counter_blast,
            "soul_blast": self._soul_blast,
            "soul_charge": self._soul_charge,
            "heal": self._heal,
            "deal_damage": fight.deal_damage,  # (damage checks, not the generic life loss)
        }

    def _move(self, engine: Engine, cause: Cause, uid: int, zone: str, **kw: Any) -> None:
        card = engine.state.cards[uid]
        before, left = card.zone, left_from(card)
        if zone == "rear_guard_circle" and before != zone:
            self.place_rc(engine, cause, uid, kw.get("player"), None, "superior_call")
            return
        if zone == "vanguard_circle" and before != zone:
            self.place_vc(engine, cause, uid)
            return
        primitives.move(engine, cause, uid, zone, **kw)
        if before in CIRCLE_ZONES or zone not in CIRCLE_ZONES:
            card.states.discard("rested")
            card.data.pop("circle", None)
        if zone == "soul":
            engine.emit(Event("put_into_soul", subject=uid, player=card.owner, data=left))
        if zone == "deck":
            card.face_up = False
        elif kw.get("face_up") is None:
            card.face_up = True  # only the deck and Counter Blast hide a card

    def _discard(self, engine: Engine, cause: Cause, uid: int) -> None:
        card = engine.state.cards[uid]
        left = left_from(card)
        self._move(engine, cause, uid, "drop_zone")
        engine.emit(Event("discarded", subject=uid, player=card.owner, data=left))

    def _stand(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int) or "rested" not in engine.state.cards[target].states:
            return False
        engine.state.cards[target].states.discard("rested")
        engine.emit(Event("stands", subject=target, player=engine.state.cards[target].controller))
        return True

    def _retire(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        if card.zone != "rear_guard_circle" or engine.permitted("be_retired", target) is False:
            return False
        left = (*left_from(card), ("circle", card.data.get("circle")))
        self._move(engine, cause, target, "drop_zone")
        engine.emit(Event("retired", subject=target, player=card.owner, data=left))
        return True

    def _call(self, engine: Engine, cause: Cause, target: Target, **kw: Any) -> bool:
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        if card.zone == "hand" and not self.call_grade_ok(engine, target):
            return False
        self.place_rc(engine, cause, target, card.controller, kw.get("circle"), "call")
        return True

    def _superior_call(self, engine: Engine, cause: Cause, target: Target, **kw: Any) -> bool:
        if not isinstance(target, int):
            return False
        player = kw.get("player")
        owner = engine.state.cards[target].owner if player is None else player
        self.place_rc(engine, cause, target, owner, kw.get("circle"), "superior_call")
        return True

    def _ride(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        self.place_vc(engine, cause, target)
        return True

    def _check(self, kind: str) -> Any:
        def run(engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
            if isinstance(target, Seat):
                player = target.index
            else:
                player = engine.state.cards[target].controller
            return fight.check(engine, self, player, kind) is not None

        return run

    def _flip(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        card.face_up = not card.face_up
        engine.emit(Event("flipped", subject=target, player=card.owner))
        return True

    def _counter_blast(self, engine: Engine, cause: Cause, player: int, amount: int) -> bool:
        """Turn ``amount`` face-up damage cards face down, all or nothing (§9.3)."""
        face_up = [u for u in self.zone(engine, player, "damage_zone") if self._face_up(engine, u)]
        if len(face_up) < amount:
            return False
        picked = engine.choose(
            player,
            "targets",
            f"Counter Blast {amount}",
            face_up,
            [engine.describe(u) for u in face_up],
            amount,
            amount,
        )
        for index in picked:
            engine.state.cards[face_up[index]].face_up = False
            engine.emit(Event("flipped", subject=face_up[index], player=player))
        return True

    def _face_up(self, engine: Engine, uid: int) -> bool:
        return engine.state.cards[uid].face_up

    def _soul_blast(self, engine: Engine, cause: Cause, player: int, amount: int) -> bool:
        soul = list(self.zone(engine, player, "soul"))
        if len(soul) < amount:
            return False
        picked = engine.choose(
            player,
            "targets",
            f"Soul Blast {amount}",
            soul,
            [engine.describe(u) for u in soul],
            amount,
            amount,
        )
        for index in picked:
            self._move(engine, cause, soul[index], "drop_zone")
        return True

    def _soul_charge(self, engine: Engine, cause: Cause, player: int, amount: int) -> bool:
        """An effect, not a payment: as many as the deck has (§9.3 REC)."""
        deck = self.zone(engine, player, "deck")
        for _ in range(amount):
            if not deck or engine.state.result is not None:
                break
            self._move(engine, cause, deck[-1], "soul", player=player)
            engine.state.cards[self.zone(engine, player, "soul")[-1]].face_up = True
        return True

    def _heal(
        self, engine: Engine, cause: Cause, target: Target, amount: int, kind: str | None = None
    ) -> bool:
        """Heal: a damage card of the player's choice to the drop zone. A Heal trigger
        heals only if its player's damage is at least the opponent's (§9.2)."""
        player = target.index if isinstance(target, Seat) else engine.state.cards[target].owner
        if self._from_keyword(engine, cause, "Heal Trigger"):
            mine = len(self.zone(engine, player, "damage_zone"))
            theirs = len(self.zone(engine, 1 - player, "damage_zone"))
            if engine.rule("heal_needs_parity", player=player) and mine < theirs:
                return False
            if engine.rule("heal_optional", player=player) and not engine.may(player, "heal?"):
                return False
        for _ in range(amount):
            damage = list(self.zone(engine, player, "damage_zone"))
            if not damage:
                return False
            (picked,) = engine.choose(
                player,
                "targets",
                "heal which damage?",
                damage,
                [engine.describe(u) for u in damage],
            )
            self._move(engine, cause, damage[picked], "drop_zone")
            engine.emit(Event("healed", player=player, amount=1))
        return True

    def _from_keyword(self, engine: Engine, cause: Cause, keyword: str) -> bool:
        if cause.ability is None or cause.card is None:
            return False
        index = int(cause.ability.rsplit("#", 1)[1])
        abilities = engine.pool[cause.card].abilities
        return index < len(abilities) and abilities[index].origin == f"keyword:{keyword}"

    def grade(self, engine: Engine, uid: int | None) -> int:
        return -1 if uid is None else engine.stat(uid, "grade")

    def call_grade_ok(self, engine: Engine, uid: int) -> bool:
        player = engine.state.cards[uid].controller
        if not engine.rule("call_grade_limit", uid=uid):
            return True
        return self.grade(engine, uid) <= self.grade(engine, self.vanguard(engine, player))

    # ---- placing units ----------------------------------------------------------------
    def place_rc(
        self,
        engine: Engine,
        cause: Cause,
        uid: int,
        player: int | None,
        circle: str | None,
        how: str,
    ) -> None:
        """Put a card onto an RC: the rear-guard already there is retired (§6.4)."""
        state = engine.state
        card = state.cards[uid]
        player = card.owner if player is None else player
        if circle is None:
            labels = [f"{c} ({self._occupant(engine, player, c)})" for c in CIRCLES]
            (picked,) = engine.choose(player, "option", "which circle?", CIRCLES, labels)
            circle = CIRCLES[picked]
        old = self.rc_at(engine, player, circle)
        if old is not None:
            self._retire(engine, RULE, old)
            if self.rc_at(engine, player, circle) is not None:  # it could not be retired
                self._move(engine, RULE, old, "drop_zone")
        primitives.move(engine, cause, uid, "rear_guard_circle", player=player)
        card.states.discard("rested")
        card.face_up = True
        card.data["circle"] = circle
        if how == "call":
            engine.emit(Event("called", subject=uid, player=player))
        engine.emit(Event("placed_on_rc", subject=uid, player=player))
        engine.emit(Event("placed_rc", subject=uid, player=player))

    def place_vc(self, engine: Engine, cause: Cause, uid: int) -> None:
        """A ride: the card goes on top of the vanguard, which goes to the soul (§6.3)."""
        state = engine.state
        card = state.cards[uid]
        player = card.owner
        old = self.vanguard(engine, player)
        rested = False
        if old is not None:
            rested = "rested" in state.cards[old].states
            left = left_from(state.cards[old])
            state.move(old, "soul", player=player)
            state.cards[old].states.discard("rested")
            engine.emit(Event("ridden", subject=old, player=player, data=left))
            engine.emit(Event("put_into_soul", subject=old, player=player, data=left))
        primitives.move(engine, cause, uid, "vanguard_circle", player=player)
        card.face_up = True
        card.data.pop("circle", None)
        card.states.discard("rested")
        if rested:
            card.states.add("rested")
        engine.emit(Event("rides", player=player, obj=uid))
        engine.emit(Event("placed_on_vc", subject=uid, player=player))
        engine.emit(Event("placed_vc", subject=uid, player=player))

    # ---- where things are ---------------------------------------------------------------
    def zone(self, engine: Engine, player: int, zone: str) -> list[int]:
        return engine.state.players[player].zone(zone)

    def vanguard(self, engine: Engine, player: int) -> int | None:
        found = self.zone(engine, player, "vanguard_circle")
        return found[-1] if found else None

    def units(self, engine: Engine, player: int) -> list[int]:
        return [
            *self.zone(engine, player, "vanguard_circle"),
            *self.zone(engine, player, "rear_guard_circle"),
        ]

    def rc_at(self, engine: Engine, player: int, circle: str) -> int | None:
        for uid in self.zone(engine, player, "rear_guard_circle"):
            if engine.state.cards[uid].data.get("circle") == circle:
                return uid
        return None

    def circle(self, engine: Engine, uid: int) -> str | None:
        card = engine.state.cards[uid]
        if card.zone == "vanguard_circle":
            return "VC"
        if card.zone == "rear_guard_circle":
            return str(card.data.get("circle"))
        return None

    def place_of(self, engine: Engine, uid: int) -> str | None:
        """The card's circle ("VC", "FL" …)."""
        return self.circle(engine, uid)

    def in_circle(self, engine: Engine, uid: int) -> bool:
        return engine.state.cards[uid].zone in CIRCLE_ZONES

    def _occupant(self, engine: Engine, player: int, circle: str) -> str:
        uid = self.rc_at(engine, player, circle)
        return "empty" if uid is None else engine.definition(uid).name

    # ---- questions the engine asks ----------------------------------------------------
    def printed(self, engine: Engine, uid: int, stat: str) -> int:
        value = engine.definition(uid).get(stat, 1 if stat == "critical" else 0)
        return value if isinstance(value, int) else 0

    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        return max(0, value)

    def is_a(self, engine: Engine, uid: int, noun: str) -> bool:
        card = engine.state.cards[uid]
        if noun == "unit":
            return engine.definition(uid).type == "unit" and card.zone != "guardian_circle"
        if noun == "vanguard":
            return card.zone == "vanguard_circle"
        if noun == "rear_guard":
            return card.zone == "rear_guard_circle"
        if noun == "guardian":
            return card.zone == "guardian_circle"
        if noun in ("attacker", "booster"):
            data = engine.state.data.get("battle") or {}
            return data.get(noun) == uid
        return super().is_a(engine, uid, noun)

    def has_quality(self, engine: Engine, uid: int, quality: str) -> bool:
        card = engine.state.cards[uid]
        if quality == "standing":
            return card.zone in CIRCLE_ZONES and "rested" not in card.states
        if quality == "rested":
            return "rested" in card.states
        if quality in ("attacking", "attacked", "boosted"):
            data = engine.state.data.get("battle") or {}
            if quality == "boosted":
                return data.get("attacker") == uid and data.get("booster") is not None
            return data.get("attacker" if quality == "attacking" else "target") == uid
        if quality == "front_row":
            return self.circle(engine, uid) in ("VC", "FL", "FR")
        if quality == "back_row":
            return self.circle(engine, uid) in ("BL", "BC", "BR")
        if quality == "trigger":
            return engine.definition(uid).get("trigger", "none") != "none"
        if quality == "face_up":
            return card.face_up
        if quality == "face_down":
            return not card.face_up
        return super().has_quality(engine, uid, quality)

    def text_active(self, engine: Engine, uid: int) -> bool:
        return engine.state.cards[uid].face_up

    def static_active(self, engine: Engine, uid: int, ability: CompiledAbility) -> bool:
        return self.label_ok(ability, engine.state.cards[uid].zone)

    @staticmethod
    def label_ok(ability: CompiledAbility, zone: str) -> bool:
        """A label with circles ("[AUTO](VC):") works only on those circles."""
        label = ability.line.label
        if label is None:
            return True
        circles = [q[5:] for q in label.qualifier if q.startswith("ZONE:")]
        return not circles or zone in circles

    def during(self, engine: Engine, controller: int, phase: ast.PhaseRef) -> bool:
        state = engine.state
        now = (state.phase, state.step, self.turn_phase)
        if phase.owner == "your":
            return state.active == controller and phase.phase in now
        if phase.owner and "opponent" in phase.owner:
            return state.active != controller and phase.phase in now
        return phase.phase in now

    def replaceable(self, change: str, args: dict[str, Any]) -> str | None:
        if change == "retire":
            args.setdefault("uid", args.get("target"))
            return "retired"
        return None

    def trigger_sources(self, engine: Engine, event: Event) -> list[int]:
        """A checked card's trigger works from the trigger zone; a card that left the
        field hears its own leaving."""
        if event.subject is not None and (event.name == "checked" or event.name in LEAVE_EVENTS):
            return [event.subject]
        return []

    def after_event(self, engine: Engine, event: Event) -> None:
        pending = engine.pending
        if len(pending) > self._checked:
            kept = pending[: self._checked]
            for trigger in pending[self._checked :]:
                zone = engine.state.cards[trigger.source].zone
                if trigger.source == event.subject and event.name in LEAVE_EVENTS:
                    zone = str(event.get("from", zone))
                if self._is_trigger_icon(trigger) or self.label_ok(trigger.ability, zone):
                    kept.append(trigger)
            engine.pending[:] = kept
            self._checked = len(kept)
        if event.name in CHECK_EVENTS:
            if event.name == "drawn" and event.subject is not None:
                engine.state.cards[event.subject].face_up = True
            self.state_check(engine)

    def pending_seen(self, count: int) -> None:
        """The first ``count`` queued abilities have been filtered by their labels."""
        self._checked = count

    def on_empty_deck(self, engine: Engine, player: int) -> None:
        if engine.state.result is None and engine.rule("deck_out_loses", player=player):
            engine.end(1 - player, "deck out")

    @staticmethod
    def _is_trigger_icon(trigger: PendingTrigger) -> bool:
        origin = trigger.ability.origin
        return origin.startswith("keyword:") and origin.endswith(" Trigger")

    # ---- state check and timing ---------------------------------------------------------
    def state_check(self, engine: Engine) -> None:
        """§11: 6 damage or an empty deck loses; both players at once is a draw."""
        state = engine.state
        if not state.data.get("started"):
            return
        losers = []
        for player in state.players:
            damage = len(player.zones.get("damage_zone", ()))
            player.resources["damage"] = damage
            if state.result is not None:
                continue
            lost = damage >= 6 and damage >= int(engine.rule("damage_to_lose", player=player.index))
            if not player.zones.get("deck") and engine.rule("deck_out_loses", player=player.index):
                lost = True
            if lost:
                losers.append(player.index)
        if losers and state.result is None:
            reason = (
                "deck out"
                if any(not state.players[p].zones.get("deck") for p in losers)
                else "damage"
            )
            engine.end(1 - losers[0] if len(losers) == 1 else None, reason)

    def go_to(self, engine: Engine, phase: str | None = None, step: str | None = None) -> None:
        """The turn goes on to ``phase`` (None: the same phase), a battle to ``step``
        (None: no step): what triggers at the end of the one left resolves while it
        lasts, it ends ("until end of" it), then what triggers at the start of the one
        entered resolves (``interpreter.moments``)."""
        left, entered = crossing(engine.state, step, phase)
        self.happen(engine, *(f"end:{p}" for p in left))
        engine.enter_step(step)
        if phase is not None:
            engine.enter_phase(phase)
        self.happen(engine, *(f"start:{p}" for p in entered))

    def happen(self, engine: Engine, *moments: str) -> None:
        """The moments happen for the turn player; what they trigger resolves."""
        for moment in moments:
            engine.emit(Event(moment, player=engine.state.active))
        if engine.pending and engine.state.result is None:
            self.resolve_pending(engine)

    def resolve_pending(self, engine: Engine) -> None:
        """No stack (§10 REC): queued [AUTO] abilities resolve one at a time, the turn
        player's first, then the other player's, each player choosing the order of their
        own; a trigger icon needs a same-clan unit on the field (§9.2)."""
        state = engine.state
        while state.result is None:
            pending = engine.take_pending()
            self._checked = 0
            if not pending:
                break
            for trigger in self.ordered(engine, pending):
                if state.result is not None:
                    break
                icon = self._is_trigger_icon(trigger)
                if icon and not self._same_clan(engine, trigger.source):
                    continue
                engine.loop_guard(trigger)
                before = state.clock
                if icon:
                    self.trigger_power(engine, trigger)
                engine.resolve(trigger.ability, trigger.source, trigger.controller, trigger.event)
                if icon:
                    self.trigger_duration(engine, trigger, before)
                self.state_check(engine)
        engine.chain_done()

    def trigger_power(self, engine: Engine, trigger: PendingTrigger) -> None:
        """§9.2: every trigger first gives one unit of its player the power of the rule
        ``trigger_power`` (the keyword texts add only what differs between triggers)."""
        player = trigger.controller
        power = int(engine.rule("trigger_power", player=player))
        units = self.units(engine, player)
        if not units or power == 0:
            return
        (picked,) = engine.choose(
            player, "targets", "trigger power", units, described(engine, units)
        )
        ability = trigger.ability
        cause = Cause(card=ability.card_id, ability=ability.key, at=ability.where)
        engine.state.lasting.append(
            {
                "kind": "stat",
                "stat": "power",
                "delta": power,
                "uids": [units[picked]],
                "until": self.turn_phase,
                "timestamp": engine.state.tick(),
                "cause": cause.as_dict(),
            }
        )

    def trigger_duration(self, engine: Engine, trigger: PendingTrigger, since: int) -> None:
        """The bonuses a trigger gave (lasting effects newer than ``since``) last as the
        rule ``trigger_duration`` says: ``end_of_<period>`` or ``end_of_next_<period>``."""
        word = str(engine.rule("trigger_duration", player=trigger.controller))
        period = word.removeprefix("end_of_")
        skip = period.startswith("next_")
        period = period.removeprefix("next_")
        key = trigger.ability.key
        for effect in engine.state.lasting:
            mine = effect.get("cause", {}).get("ability") == key
            if mine and effect.get("timestamp", 0) > since:
                effect["until"] = period
                if skip:
                    effect["skip"] = 1

    def ordered(self, engine: Engine, pending: list[PendingTrigger]) -> list[PendingTrigger]:
        """The turn player's abilities, in the order they choose, then the other
        player's, in theirs (§10 REC)."""
        active = engine.state.active
        players = [active, *(p for p in range(len(engine.state.players)) if p != active)]
        return in_chosen_order(engine, pending, players, "order your [AUTO] abilities")

    def _same_clan(self, engine: Engine, uid: int) -> bool:
        if engine.state.cards[uid].zone != "trigger_zone":
            return False
        if not engine.rule("trigger_needs_same_clan", uid=uid):
            return True
        clan = engine.definition(uid).get("clan")
        player = engine.state.cards[uid].owner
        return any(engine.definition(u).get("clan") == clan for u in self.units(engine, player))
