"""VS System's field and primitives (spec vs-system.md §5, §9): the base of
``VSSystemKernel``.

Zones per player: ``deck`` (top is the end), ``hand``, ``resource_row`` (placement order),
``front_row`` and ``support_row`` (the column in ``card.data["col"]``), ``equipment``
(attached gear, ``card.attached_to``), ``ko_pile`` and ``removed``. The primitives the
card script's verbs name (exhaust, Activate, ready, stun with its endurance loss, recover,
KO with the attached equipment, flip), what nouns and adjectives cover, whose text works
(stunned characters are face down and lose their text; a plot twist's Ongoing text works
only face up in the resource row), recruiting with uniqueness (§9.2, §9.3), locations
(§9.4), plot twists (§9.5) and payment powers.
"""

from __future__ import annotations

import weakref
from typing import Any

from cardscript.grammar import ast
from cardscript.interpreter import primitives
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.kernel import Kernel
from cardscript.interpreter.select import Target
from cardscript.kernels.vs_system import chain, combat

GAME = "vs-system"
RULE = Cause(rule="turn structure")
ROWS = ("front_row", "support_row")


# pool id -> (the pool, the stats some card of it can change); the pool is kept to tell
# a later pool that reuses a freed id from it
_MODDED: dict[int, tuple[weakref.ref[Any], frozenset[str]]] = {}


def _modded_stats(engine: Engine) -> frozenset[str]:
    found: set[str] = set()
    for card in engine.pool.cards.values():
        for ability in card.abilities:
            for node in ability.node.walk():
                if isinstance(node, ast.StatMod):
                    found.add(node.stat)
                elif isinstance(node, ast.Action) and node.verb == "set_stat" and node.name:
                    found.add(node.name)
    return frozenset(found)


# (plot twists in hand, face-down plot twists, face-down locations, [(card, its payment
# powers)] in play)
Holdings = tuple[list[int], list[int], list[int], list[tuple[int, tuple[CompiledAbility, ...]]]]


def _holdings(engine: Engine, player: int) -> Holdings:
    zones = engine.state.players[player].zones
    cards = engine.state.cards
    in_hand = [u for u in zones.get("hand", ()) if engine.definition(u).type == "plot_twist"]
    twists: list[int] = []
    locations: list[int] = []
    for uid in zones.get("resource_row", ()):
        kind = engine.definition(uid).type
        if not cards[uid].face_up and kind in ("plot_twist", "location"):
            (twists if kind == "plot_twist" else locations).append(uid)
    powers = []
    for zone in (*ROWS, "equipment", "resource_row"):
        for uid in zones.get(zone, ()):
            found = engine.definition(uid).by_kind.get(ast.Activated)
            if found:
                powers.append((uid, tuple(found)))
    return in_hand, twists, locations, powers


class FieldKernel(Kernel):
    game = GAME
    play_zones = ("front_row", "support_row", "resource_row", "equipment")
    deck_zone = "deck"
    hand_zone = "hand"
    discard_zone = "ko_pile"
    removed_zone = "removed"
    life_resource = "endurance"
    default_resource = "endurance"
    turn_phase = "turn"
    max_turns = 60
    max_actions = 30
    source_qualities = frozenset({"equipped"})
    text_ticks_clock = True  # stun, recover, flip and recruiting tick the clock

    def __init__(self) -> None:
        super().__init__()
        self._held: dict[int, Holdings] = {}
        self._held_for: Any = None
        self._held_clock = -1
        self.untargeted: set[str] = set()  # abilities (by key) whose text names no target

    # ---- primitives -------------------------------------------------------------------
    def primitives(self) -> dict[str, Any]:
        return {
            "exhaust": primitives.set_state("exhausted", True, "exhausted"),
            "activate": self._activate,
            "ready": self._ready,
            "stun": self._stun,
            "recover": self._recover,
            "ko": self._ko,
            "flip": self._flip,
            "move": self._move,
        }

    def event_name(self, generic: str) -> str:
        return {"lost": "loses_endurance"}.get(generic, generic)

    def _activate(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        states = engine.state.cards[target].states
        if {"exhausted", "stunned"} & states:
            return False
        states.add("exhausted")
        engine.emit(Event("exhausted", subject=target))
        return True

    def _ready(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        if "exhausted" not in card.states or "stunned" in card.states:
            return False
        if engine.permitted("ready", target) is False:
            return False
        card.states.discard("exhausted")
        engine.emit(Event("readied", subject=target))
        return True

    def _stun(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        """§7.4: face down and exhausted; its controller loses its recruit cost."""
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        if card.zone not in ROWS or "stunned" in card.states:
            return False
        card.states.update(("stunned", "exhausted"))
        card.face_up = False
        engine.state.tick()  # its text goes off (text_ticks_clock)
        engine.emit(Event("stunned", subject=target, player=card.controller))
        if engine.rule("stun_endurance_loss", uid=target):
            cost = int(engine.definition(target).get("cost", 0) or 0)
            engine.apply("lose", RULE, player=card.controller, resource="endurance", amount=cost)
        return True

    def _recover(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        if "stunned" not in card.states or engine.permitted("be_recovered", target) is False:
            return False
        card.states.discard("stunned")
        card.face_up = True
        engine.state.tick()
        engine.emit(Event("recovered", subject=target, player=card.controller))
        return True

    def _ko(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        """To the owner's KO'd pile, with the equipment attached to it."""
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        if card.zone in ("ko_pile", "deck", "removed"):
            return False
        gear = [u for u, c in engine.state.cards.items() if c.attached_to == target]
        for uid in [target, *gear]:
            moved = engine.state.cards[uid]
            # heard while it is still in play ("whenever a character is KO'd")
            engine.emit(Event("ko", subject=uid, player=moved.owner))
            engine.state.move(uid, "ko_pile", player=moved.owner)
            moved.states.clear()
            moved.face_up = True
            moved.attached_to = None
            moved.data.pop("col", None)
        return True

    def _move(self, engine: Engine, cause: Cause, uid: int, zone: str, **kw: Any) -> bool | None:
        """ "Move target character to your front row": between its controller's rows
        (never to the other side), into a free slot the acting player chooses, its own
        column first. Other moves are the generic ones."""
        card = engine.state.cards[uid]
        if zone not in ROWS or card.zone not in ROWS:
            primitives.move(engine, cause, uid, zone, **kw)
            if zone in ROWS and "col" not in card.data:  # into play: a free slot
                free = [c for r, c in self.free_slots(engine, card.controller) if r == zone]
                card.data["col"] = free[0]
            return None
        if card.zone == zone:
            return False
        player = card.controller
        chooser = player if cause.source is None else engine.state.cards[cause.source].controller
        col = int(card.data.get("col", 0))
        free = [c for r, c in self.free_slots(engine, player) if r == zone]
        free.sort(key=lambda c: c != col)
        labels = [f"{zone} column {c}" for c in free]
        (picked,) = engine.choose(chooser, "option", f"where in the {zone}?", free, labels)
        self.move_character(engine, player, uid, zone, free[picked])
        return True

    def _flip(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int) or engine.state.cards[target].face_up:
            return False
        engine.state.cards[target].face_up = True
        engine.state.tick()
        engine.emit(Event("flipped", subject=target))
        return True

    # ---- questions the engine asks ----------------------------------------------------
    def stat(self, engine: Engine, uid: int, stat: str) -> int:
        """``engine.stat``, read from the printed value when no card of the pool can
        change this stat and no lasting effect does (recruit costs and thresholds: every
        priority asks for them)."""
        if self.printed_only(engine, stat):
            return self.clamp(engine, uid, stat, self.printed(engine, uid, stat))
        return engine.stat(uid, stat)

    def printed_only(self, engine: Engine, stat: str) -> bool:
        """No card of the pool and no lasting effect changes this stat now."""
        if stat in self.modded(engine):
            return False
        return all(e.get("stat") != stat for e in engine.state.lasting)

    def modded(self, engine: Engine) -> frozenset[str]:
        """The stats some card of the game's pool can change."""
        pool = engine.pool
        kept = _MODDED.get(id(pool))
        if kept is None or kept[0]() is not pool:
            kept = _MODDED[id(pool)] = (weakref.ref(pool), _modded_stats(engine))
        return kept[1]

    def printed(self, engine: Engine, uid: int, stat: str) -> int:
        field = {"cost": "cost", "threshold": "threshold"}.get(stat, stat)
        value = engine.definition(uid).get(field, 0)
        return value if isinstance(value, int) else 0

    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        return max(0, value) if stat in ("atk", "def") else value

    def is_a(self, engine: Engine, uid: int, noun: str) -> bool:
        if noun in ("attacker", "defender"):
            attack = engine.state.data.get("attack") or {}
            if noun == "attacker":
                return uid in attack.get("attackers", ())
            return attack.get("defender") == uid
        zone = engine.state.cards[uid].zone
        if noun == "resource":
            return zone == "resource_row"
        if zone == "resource_row" and noun in ("character", "equipment"):
            return False  # §9.1: only a resource there, and never turned face up
        return super().is_a(engine, uid, noun)

    def has_quality(self, engine: Engine, uid: int, quality: str) -> bool:
        card = engine.state.cards[uid]
        if quality == "ready":
            return not {"exhausted", "stunned"} & card.states
        if quality == "protected":
            return combat.protected(engine, uid)
        if quality == "unprotected":
            return card.zone in ROWS and not combat.protected(engine, uid)
        if quality in ("front_row", "support_row"):
            return card.zone == quality
        if quality in ("face_up", "face_down"):
            return card.face_up == (quality == "face_up")
        if quality in ("attacking", "defending"):
            return self.is_a(engine, uid, "attacker" if quality == "attacking" else "defender")
        if quality == "unique":
            return self.unique(engine, uid)
        return super().has_quality(engine, uid, quality)

    def quality_of_source(self, engine: Engine, uid: int, quality: str, source: int | None) -> bool:
        """ "Equipped character": on equipment, the character carrying it; elsewhere, a
        character that carries equipment."""
        cards = engine.state.cards
        if source is not None and engine.definition(source).type == "equipment":
            return cards[source].attached_to == uid
        return any(c.attached_to == uid for c in cards.values())

    def text_active(self, engine: Engine, uid: int) -> bool:
        card = engine.state.cards[uid]
        return card.face_up and "stunned" not in card.states

    def static_active(self, engine: Engine, uid: int, ability: CompiledAbility) -> bool:
        if engine.definition(uid).type != "plot_twist":
            return True
        label = ability.line.label
        ongoing = label is not None and label.name == "ongoing"
        return ongoing and engine.state.cards[uid].zone == "resource_row"

    def during(self, engine: Engine, controller: int, phase: ast.PhaseRef) -> bool:
        state = engine.state
        now = (
            state.phase,
            state.step,
            self.turn_phase,
            "attack" if state.data.get("attack") else "",
        )
        if phase.owner == "your":
            return state.data.get("step_player") == controller and phase.phase in now
        return phase.phase in now

    def unique(self, engine: Engine, uid: int) -> bool:
        definition = engine.definition(uid)
        if definition.type == "character":
            return bool(engine.rule("unique", uid=uid))
        if definition.type == "location":
            return True
        return bool(definition.type == "equipment" and definition.get("unique"))

    # ---- where things are ---------------------------------------------------------------
    def zone(self, engine: Engine, player: int, zone: str) -> list[int]:
        return engine.state.players[player].zone(zone)

    def characters(self, engine: Engine, player: int) -> list[int]:
        return combat.characters(engine, player)

    def free_slots(self, engine: Engine, player: int) -> list[tuple[str, int]]:
        cols = [
            int(engine.state.cards[u].data.get("col", 0)) for u in self.characters(engine, player)
        ]
        new = max(cols, default=-1) + 1
        out = []
        for row in ROWS:
            taken = {
                int(engine.state.cards[u].data.get("col", 0))
                for u in self.zone(engine, player, row)
            }
            out += [(row, c) for c in range(new + 1) if c not in taken]
        return out

    def order(self, engine: Engine) -> list[int]:
        n = len(engine.state.players)
        return [(engine.state.active + k) % n for k in range(n)]

    # ---- recruiting ---------------------------------------------------------------------
    def gear_hosts(self, engine: Engine, player: int) -> list[int]:
        """§9.3 A14: a character you control, not stunned, with no equipment."""
        limit = int(engine.rule("equipment_limit", player=player))
        out = []
        for uid in self.characters(engine, player):
            carried = sum(1 for c in engine.state.cards.values() if c.attached_to == uid)
            if not combat.stunned(engine, uid) and carried < limit:
                out.append(uid)
        return out

    def recruit(
        self,
        engine: Engine,
        player: int,
        uid: int,
        row: str | None = None,
        col: int | None = None,
        on: int | None = None,
    ) -> None:
        state = engine.state
        if state.step != "recruit_step" or state.data.get("step_player") != player:
            raise ValueError("recruiting happens in your recruit step")
        card = state.cards[uid]
        definition = engine.definition(uid)
        cost = self.stat(engine, uid, "cost")
        points = state.players[player].resources.get("resource_points", 0)
        if card.zone != "hand" or card.controller != player or cost > points:
            raise ValueError(f"{engine.describe(uid)} cannot be recruited now")
        if definition.type not in ("character", "equipment"):
            raise ValueError(f"{engine.describe(uid)} is not recruited")
        if definition.type == "equipment":
            hosts = self.gear_hosts(engine, player)
            if on is None:
                labels = [engine.describe(u) for u in hosts]
                (picked,) = engine.choose(
                    player, "targets", "equip which character?", hosts, labels
                )
                on = hosts[picked]
            if on not in hosts:
                raise ValueError("that character cannot carry equipment")
        elif row is None or col is None:
            slots = self.free_slots(engine, player)
            labels = [f"{r} column {c}" for r, c in slots]
            (picked,) = engine.choose(player, "option", "where?", slots, labels)
            row, col = slots[picked]
        elif self.occupant(engine, player, row, col) is not None:
            raise ValueError(f"{row} column {col} is taken")
        state.players[player].resources["resource_points"] = points - cost
        # A16: recruiting is an effect on the chain: paid now, in play when it resolves
        engine.apply("move", RULE, uid=uid, zone="chain", player=player)
        chain.links(engine).append(
            {
                "kind": "recruit",
                "uid": uid,
                "player": player,
                "row": row,
                "col": col,
                "on": on,
                "targets": {},
            }
        )
        if not state.data.get("in_window"):
            chain.window(engine, self, player)

    def enter_play(self, engine: Engine, link: dict[str, Any]) -> None:
        """A recruit resolves: the character takes its slot (another free one if that was
        taken meanwhile), equipment its character (another one, or the KO'd pile, if that
        can no longer carry it); the other cards of the name go (§9.2, §9.3)."""
        state = engine.state
        uid, player = link["uid"], link["player"]
        card = state.cards[uid]
        definition = engine.definition(uid)
        if card.zone != "chain":
            return
        same = [
            u
            for u in [*self.characters(engine, player), *self.zone(engine, player, "equipment")]
            if engine.definition(u).name == definition.name
            and engine.definition(u).type == definition.type
        ]
        if definition.type == "equipment":
            hosts = self.gear_hosts(engine, player)
            on = link["on"]
            if on not in hosts and hosts:
                labels = [engine.describe(u) for u in hosts]
                (picked,) = engine.choose(
                    player, "targets", "equip which character?", hosts, labels
                )
                on = hosts[picked]
            if on not in hosts:
                engine.apply("move", RULE, uid=uid, zone="ko_pile", player=card.owner)
                return
            engine.apply("move", RULE, uid=uid, zone="equipment", player=player)
            card.attached_to = on
        else:
            row, col = str(link["row"]), int(link["col"])
            if self.occupant(engine, player, row, col) is not None:
                slots = [c for r, c in self.free_slots(engine, player) if r == row]
                labels = [f"{row} column {c}" for c in slots]
                (picked,) = engine.choose(player, "option", "where?", slots, labels)
                col = slots[picked]
            engine.apply("move", RULE, uid=uid, zone=row, player=player)
            card.data["col"] = col
        card.states.clear()
        card.face_up = True
        state.tick()
        if self.unique(engine, uid):  # §9.2: the others of the name go, no endurance loss
            for other in same:
                engine.apply("ko", RULE, target=other)
        engine.emit(Event("recruited", subject=uid, player=player))
        engine.emit(Event("enters_play", subject=uid, player=player))

    def occupant(self, engine: Engine, player: int, row: str, col: int) -> int | None:
        return combat.at(engine, player, row, col)

    def moves(self, engine: Engine, player: int) -> list[tuple[int, str]]:
        return [
            (u, "support_row" if engine.state.cards[u].zone == "front_row" else "front_row")
            for u in self.characters(engine, player)
        ]

    def move_character(
        self, engine: Engine, player: int, uid: int, row: str, col: int | None = None
    ) -> None:
        """Formation: to the other row, swapping with the character there."""
        card = engine.state.cards[uid]
        col = int(card.data.get("col", 0)) if col is None else col
        other = self.occupant(engine, player, row, col)
        old_row, old_col = card.zone, int(card.data.get("col", 0))
        if other is not None and other != uid:
            engine.state.move(other, old_row, player=player)
            engine.state.cards[other].data["col"] = old_col
        engine.state.move(uid, row, player=player)
        card.data["col"] = col
        engine.emit(Event("moved", subject=uid, player=player, data=(("to", row),)))

    # ---- locations, plot twists, powers ---------------------------------------------------
    def resources(self, engine: Engine, player: int) -> int:
        return len(self.zone(engine, player, "resource_row"))

    def flippable(self, engine: Engine, player: int) -> list[int]:
        return self._within_threshold(engine, player, self.holdings(engine, player)[2])

    def _within_threshold(self, engine: Engine, player: int, uids: Any) -> list[int]:
        """Those of the cards whose threshold the player's resources reach (§9.4, §9.5)."""
        have = self.resources(engine, player)
        if self.printed_only(engine, "threshold"):
            return [u for u in uids if self.printed(engine, u, "threshold") <= have]
        return [u for u in uids if engine.stat(u, "threshold") <= have]

    def flip_location(self, engine: Engine, player: int, uid: int) -> None:
        """§9.4: threshold only, nothing spent; the other face-up copies are KO'd."""
        if uid not in self.flippable(engine, player):
            raise ValueError(f"{engine.describe(uid)} cannot be flipped now")
        name = engine.definition(uid).name
        engine.apply("flip", RULE, target=uid)
        for other in list(self.zone(engine, player, "resource_row")):
            card = engine.state.cards[other]
            same = engine.definition(other).name == name
            same = same and engine.definition(other).type == "location"
            if other != uid and card.face_up and same:
                engine.apply("ko", RULE, target=other)
        self.resolve_pending(engine)

    def playable_twists(self, engine: Engine, player: int) -> list[int]:
        in_hand, face_down, _, _ = self.holdings(engine, player)
        return self._within_threshold(engine, player, (*in_hand, *face_down))

    def play_twist(self, engine: Engine, player: int, uid: int) -> None:
        """§9.5: from hand (then KO'd) or from the resource row (turned face up, its
        Ongoing text works while it stays there); its text resolves from the chain."""
        self.add(engine, player, "plot_twist", uid)
        chain.window(engine, self, player)

    def add(self, engine: Engine, player: int, kind: str, what: Any) -> None:
        """Put a plot twist, a payment power or a power-up on the chain, paying for it."""
        if kind == "plot_twist":
            uid = what
            if uid not in self.playable_twists(engine, player):
                raise ValueError(f"{engine.describe(uid)} cannot be played now")
            card = engine.state.cards[uid]
            if card.zone == "hand":
                engine.apply("move", RULE, uid=uid, zone="ko_pile", player=card.owner)
            else:
                engine.apply("flip", RULE, target=uid)
            engine.emit(Event("plays", subject=uid, player=player))
            chain.add_twist(engine, self, player, uid)
        elif kind == "power_up":
            card, fighter = what
            combat.pay_power_up(engine, player, card, fighter)
            chain.links(engine).append(
                {"kind": "power_up", "uid": fighter, "player": player, "targets": {}}
            )
        else:
            uid, ability = what
            if (uid, ability) not in self.activatable(engine, player):
                raise ValueError(f"{engine.describe(uid)}: this power cannot be used now")
            if not chain.add_power(engine, self, player, uid, ability):
                raise ValueError(f"{engine.describe(uid)}: the cost cannot be paid")
        chain.push_triggers(engine, self)  # the adder keeps priority

    def priority_player(self, engine: Engine) -> int:
        """§8.3 rule 5: the player performing the step, else the initiative player."""
        state = engine.state
        return int(state.data.get("step_player", state.active)) if state.step else state.active

    def label(self, engine: Engine, what: Any) -> str:
        if isinstance(what, tuple):
            return f"{engine.describe(what[0])} at {what[1].where}"
        return engine.describe(what)

    def activatable(self, engine: Engine, player: int) -> list[tuple[int, CompiledAbility]]:
        out = []
        for uid, abilities in self.holdings(engine, player)[3]:
            if not self.text_active(engine, uid):
                continue
            for ability in abilities:
                if engine.within_limits(ability, uid) and self._payable(engine, uid, ability):
                    out.append((uid, ability))
        return out

    def holdings(self, engine: Engine, player: int) -> Holdings:
        """A player's plot twists in hand, face-down plot twists and locations in the
        resource row, and cards in play with payment powers: remembered until the clock
        ticks (every move, flip and stun does), since each priority asks for them."""
        state = engine.state
        if self._held_for is not state or self._held_clock != state.clock:
            self._held.clear()
            self._held_for, self._held_clock = state, state.clock
        found = self._held.get(player)
        if found is None:
            found = self._held[player] = _holdings(engine, player)
        return found

    def _payable(self, engine: Engine, uid: int, ability: CompiledAbility) -> bool:
        node = ability.node
        assert isinstance(node, ast.Activated)
        player = engine.state.cards[uid].controller
        for step in node.costs.steps:
            if not isinstance(step, ast.Clause):
                continue
            action = step.action
            if (
                action.name == "activate"
                and {"exhausted", "stunned"} & engine.state.cards[uid].states
            ):
                return False
            if action.verb == "pay" and action.amount and action.amount.kind == "int":
                have = engine.state.players[player].resources.get("endurance", 0)
                if have < int(action.amount.value or 0):
                    return False
        return True

    def activate(self, engine: Engine, player: int, uid: int, ability: CompiledAbility) -> None:
        self.add(engine, player, "activate", (uid, ability))
        chain.window(engine, self, player)

    # ---- timing ---------------------------------------------------------------------------
    def resolve_pending(self, engine: Engine) -> None:
        """A6: triggered powers go on the chain; outside a window one opens (priority to
        the step player) and resolves them. In the recovery wrap-up they wait on the
        chain for the first priority of the next turn (§6.4 [REC])."""
        pushed = chain.push_triggers(engine, self)
        data = engine.state.data
        if pushed and not data.get("in_window") and not data.get("wrap_up"):
            chain.window(engine, self, self.priority_player(engine))

    def priority_options(
        self, engine: Engine, player: int, empty: bool, specials: int
    ) -> list[tuple[str, Any]]:
        """What the priority holder may do: plot twists and payment powers (on the
        chain), power-ups during an attack (A16, on the chain), flipping a location (A7:
        a special action whenever they hold priority), and with an empty chain the step
        player's special actions of the step."""
        out: list[tuple[str, Any]] = [
            ("plot_twist", u) for u in self.playable_twists(engine, player)
        ]
        out += [("activate", a) for a in self.activatable(engine, player)]
        out += [("flip", u) for u in self.flippable(engine, player)]
        taking_part = combat.fighters(engine)
        if taking_part:
            out += [("power_up", p) for p in combat.power_ups(engine, player, taking_part)]
        state = engine.state
        if empty and specials < self.max_actions and state.data.get("step_player") == player:
            out += self.step_actions(engine, player)
        return out

    def step_actions(self, engine: Engine, player: int) -> list[tuple[str, Any]]:
        """The special actions of the current step (the turn kernel names them)."""
        return []

    def special(self, engine: Engine, player: int, kind: str, what: Any) -> None:
        if kind == "flip":
            self.flip_location(engine, player, what)
        else:
            raise ValueError(f"no special action {kind!r} now")

    def option_label(self, engine: Engine, kind: str, what: Any) -> str:
        if kind == "power_up":
            return f"discard {engine.describe(what[0])} to power up {engine.describe(what[1])}"
        return f"{kind} {self.label(engine, what)}"

    def resolve_power_up(self, engine: Engine, fighter: int) -> None:
        combat.power_up(engine, fighter)
