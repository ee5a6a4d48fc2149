"""VS System's field and primitives (spec vs-system.md §5, §9): the base of
``ActionsKernel`` and ``VSSystemKernel``.

Zones per player: ``deck`` (top is the end), ``hand``, ``resource_row`` (placement order),
``front_row`` and ``support_row`` (the column in ``card.data["col"]``), ``equipment``
(attached gear, ``card.attached_to``), ``ko_pile``, ``removed`` and ``shown`` (a plot
twist played from hand, for the moment its playing is announced). The primitives the
card script's verbs name (exhaust, Activate, ready, stun with its endurance loss, recover,
KO with the attached equipment, flip, moving a character between its rows; power up,
reinforce and cancel in ``verbs.py``), what nouns
and adjectives cover ("equipped character"), whose text works (stunned characters are
face down and lose their text; a plot twist's Ongoing text works only face up in the
resource row), uniqueness and formation moves.
"""

from __future__ import annotations

import weakref
from operator import attrgetter
from typing import Any, NamedTuple

from cardscript.grammar import ast
from cardscript.interpreter import cost_x, primitives
from cardscript.interpreter.agents import Labels
from cardscript.interpreter.cards import CardDef, CompiledAbility
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.kernel import Kernel
from cardscript.interpreter.select import Target
from cardscript.kernels.vs_system import combat, verbs

GAME = "vs-system"
RULE = Cause(rule="turn structure")
ROWS = ("front_row", "support_row")
SHOWN = "shown"  # a plot twist played from hand, while its playing is announced (§9.5)
_EVENT_NAMES = {"lost": "loses_endurance"}
_ATTACHED_TO = attrgetter("attached_to")
# (a character's slot, the width of its formation) -> the slots it may move to
_SLOTS: dict[tuple[tuple[str, int], int], list[tuple[str, int]]] = {}


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


class Power(NamedTuple):
    """A payment power and what using it needs: ``limited``, a limit on its uses;
    ``ready``, its card ready (an Activate cost); ``pay``, the most endurance one of its
    costs pays; ``x``, its costs name an X, take a number of cards, "discard 2 cards", or
    have two steps that may pay the same, "pay 1 endurance, pay 1 endurance"
    (``cost_x.payable`` then says); ``changes``, its steps that change its own card but
    Activate ("ready this": ``cost_cards.this_payable``)."""

    ability: CompiledAbility
    limited: bool
    ready: bool
    pay: int
    x: bool
    changes: tuple[ast.Action, ...]


def read_power(ability: CompiledAbility) -> Power:
    """A payment power as ``usable`` asks about it (printed, or gained in play)."""
    node = ability.node
    assert isinstance(node, ast.Activated)
    ready, pay, changes = False, 0, []
    for step in node.costs.steps:
        if not isinstance(step, ast.Clause):
            continue
        action = step.action
        if action.name == "activate":
            ready = True
        elif action.verb == "primitive" and isinstance(action.target, ast.ThisCard):
            changes.append(action)
        if action.verb == "pay" and action.amount and action.amount.kind == "int":
            pay = max(pay, int(action.amount.value or 0))
    x = bool(cost_x.names(node)) or cost_x.counts_cards(node) or cost_x.counts_together(node)
    return Power(ability, bool(ability.line.mods), ready, pay, x, tuple(changes))


class Facts:
    """What a card's definition says that the priority options and selectors ask for
    every time: its type and subtype, printed cost and threshold, and its payment
    powers."""

    __slots__ = ("cost", "powers", "subtype", "threshold", "type")

    def __init__(self, definition: CardDef) -> None:
        self.type = definition.type
        self.subtype = definition.get("subtype")
        self.cost = _int(definition.get("cost", 0))
        self.threshold = _int(definition.get("threshold", 0))
        self.powers = tuple(read_power(a) for a in definition.by_kind.get(ast.Activated, ()))


def _int(value: Any) -> int:
    return value if isinstance(value, int) else 0


class FieldKernel(Kernel):
    game = GAME
    play_zones = ("front_row", "support_row", "resource_row", "equipment", SHOWN)
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
        self._facts: dict[int, Facts] = {}
        self._facts_for: Any = None
        self._modded_pool: Any = None  # the pool ``_modded`` belongs to
        self._modded: frozenset[str] = frozenset()
        # 2 * player + (in the resource row?) -> the changes of faces and stuns of their
        # cards there (whose text works, which resources are face down): with the contents
        # of their zones it tells when their holdings are the same
        self.faces: dict[int, int] = {}

    def faces_changed(self, engine: Engine, uid: int | None = None) -> None:
        """Count a change of face or stun for the card's controller, where the card is
        (``None``: everyone's, everywhere)."""
        faces = self.faces
        if uid is None:
            for key in range(2 * len(engine.state.players)):
                faces[key] = faces.get(key, 0) + 1
        else:
            card = engine.state.cards[uid]
            key = 2 * card.controller + (card.zone == "resource_row")
            faces[key] = faces.get(key, 0) + 1

    def text_switched(self, engine: Engine, uid: int | None = None) -> None:
        """A card's face or stun changed (``None``: any cards'): its text may switch on or
        off (the clock ticks, ``text_ticks_clock``)."""
        self.faces_changed(engine, uid)
        engine.state.tick()

    def facts(self, engine: Engine) -> dict[int, Facts]:
        """Every card's ``Facts`` by uid (a card never changes its definition; the facts
        of a definition are made once for every game of the pool)."""
        state = engine.state
        known = self._facts
        if self._facts_for is not state or len(known) != len(state.cards):
            if self._facts_for is not state:
                known.clear()
                self._facts_for = state
            by_id: dict[str, Facts] = engine.pool.memo.setdefault("vs-system facts", {})
            for uid, card in state.cards.items():
                if uid not in known:
                    found = by_id.get(card.card_id)
                    if found is None:
                        found = by_id[card.card_id] = Facts(engine.definition(uid))
                    known[uid] = found
        return known

    # ---- primitives -------------------------------------------------------------------
    def primitives(self) -> dict[str, Any]:
        return {
            # ("This cannot be exhausted.": effects, costs and the rules alike; "by …"
            # names the effect's card, a rule's is its controller)
            "exhaust": primitives.unless_forbidden(
                "be_exhausted",
                primitives.set_state("exhausted", True, "exhausted"),
                by=combat.cause_of,
            ),
            "activate": self._activate,
            # ("This cannot ready.": effects, the recovery phase and costs alike)
            "ready": primitives.unless_forbidden("ready", self._ready, ("exhausted", False)),
            "stun": self._stun,
            "recover": self._recover,
            "ko": self._ko,
            "flip": self._flip,
            "move": self._move,
            **verbs.PRIMITIVES,
        }

    def event_name(self, generic: str) -> str:
        return _EVENT_NAMES.get(generic, generic)

    def _activate(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        states = engine.state.cards[target].states
        if {"exhausted", "stunned"} & states or not combat.exhaustible(engine, target, target):
            return False
        states.add("exhausted")
        engine.happened("exhausted", subject=target)
        return True

    def _ready(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        if "exhausted" not in card.states or "stunned" in card.states:
            return False
        card.states.discard("exhausted")
        engine.happened("readied", subject=target)
        return True

    def _stun(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        """§7.4: face down and exhausted; its controller loses its recruit cost."""
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        if card.zone not in ROWS or "stunned" in card.states:
            return False
        by = (combat.cause_of(engine, cause, target),)
        if combat.refused(engine, "be_stunned", target, by):
            return False  # "This cannot be stunned.": no change, no endurance loss
        card.states.update(("stunned", "exhausted"))
        card.face_up = False
        self.text_switched(engine, target)  # its text goes off
        engine.happened("stunned", subject=target, player=card.controller)
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
        self.text_switched(engine, target)
        engine.happened("recovered", subject=target, player=card.controller)
        return True

    def _ko(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        """To the owner's KO'd pile, with the equipment attached to it."""
        if not isinstance(target, int):
            return False
        card = engine.state.cards[target]
        if card.zone in ("ko_pile", "deck", "removed"):
            return False
        if combat.refused(engine, "be_ko", target, (combat.cause_of(engine, cause, target),)):
            return False  # "This cannot be KO'd.": it stays where it is
        cards = engine.state.cards
        # most characters carry nothing: the cards are scanned in C first
        carried = target in map(_ATTACHED_TO, cards.values())
        gear = [u for u, c in cards.items() if c.attached_to == target] if carried else []
        for uid in [target, *gear]:
            moved = engine.state.cards[uid]
            # heard while it is still in play ("whenever a character is KO'd")
            engine.happened("ko", subject=uid, player=moved.owner)
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
        if kw.get("face_up") is not None:
            self.faces_changed(engine)  # it turns face up or down as it moves
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
        self.text_switched(engine, target)
        engine.happened("flipped", subject=target)
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
        lasting = engine.state.lasting
        return not lasting or all(e.get("stat") != stat for e in lasting)

    def modded(self, engine: Engine) -> frozenset[str]:
        """The stats some card of the game's pool can change."""
        pool = engine.pool
        if self._modded_pool is pool:
            return self._modded
        kept = _MODDED.get(id(pool))
        if kept is None or kept[0]() is not pool:
            kept = _MODDED[id(pool)] = (weakref.ref(pool), _modded_stats(engine))
        self._modded_pool, self._modded = pool, kept[1]
        return kept[1]

    def printed(self, engine: Engine, uid: int, stat: str) -> int:
        return _int(engine.definition(uid).get(stat, 0))

    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        return max(0, value) if stat in ("atk", "def") else value

    def is_a(self, engine: Engine, uid: int, noun: str) -> bool:
        if noun in ("attacker", "defender", "attack"):
            data = engine.state.data
            if noun == "attack":  # declared or under way: known by its (first) attacker
                current = data.get("attack") or data.get("declared")
                return current is not None and current["attackers"][0] == uid
            attack = data.get("attack") or {}
            if noun == "attacker":
                return uid in attack.get("attackers", ())
            return attack.get("defender") == uid
        state = engine.state
        zone = state.cards[uid].zone
        if noun == "resource":
            return zone == "resource_row"
        if zone == "resource_row" and noun in ("character", "equipment"):
            return False  # §9.1: only a resource there, and never turned face up
        # ``Kernel.is_a`` written out, from the card's facts: asked for every candidate
        # of every selector
        if noun == "card":
            return True
        facts = self._facts if self._facts_for is state else self.facts(engine)
        card = facts.get(uid) or self.facts(engine)[uid]
        kind = engine.card_type(uid) if state.lasting else card.type
        return kind == noun or card.subtype == noun

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
        if quality == "reinforced":  # §7.6: by a teammate or by card text, this attack
            attack = engine.state.data.get("attack") or {}
            return bool(attack.get("reinforced")) and attack["defender"] == uid
        if quality == "unique":
            return self.unique(engine, uid)
        return super().has_quality(engine, uid, quality)

    def quality_of_source(self, engine: Engine, uid: int, quality: str, source: int | None) -> bool:
        """ "Equipped character": on equipment, the character carrying it; elsewhere, a
        character that carries equipment."""
        cards = engine.state.cards
        if source is not None and engine.definition(source).type == "equipment":
            return cards[source].attached_to == uid
        return uid in map(_ATTACHED_TO, cards.values())

    def text_active(self, engine: Engine, uid: int) -> bool:
        card = engine.state.cards[uid]
        return card.face_up and "stunned" not in card.states

    def texts_active(self, engine: Engine, uids: list[int]) -> list[int]:
        cards = engine.state.cards  # ``text_active`` of each, without a call per card
        return [u for u in uids if (card := cards[u]).face_up and "stunned" not in card.states]

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
        carried: dict[int, int] = {}  # character -> the cards attached to it
        for card in engine.state.cards.values():
            if card.attached_to is not None:
                carried[card.attached_to] = carried.get(card.attached_to, 0) + 1
        return [
            uid
            for uid in self.characters(engine, player)
            if not combat.stunned(engine, uid) and carried.get(uid, 0) < limit
        ]

    def occupant(self, engine: Engine, player: int, row: str, col: int) -> int | None:
        return combat.at(engine, player, row, col)

    def place_of(self, engine: Engine, uid: int) -> str | None:
        """A character's column ("column 2"), told where two options would read the same
        (two Vex Troopers in the support row); its host's for equipment; a resource's
        place in its row, in the order the resources were put there ("resource 3": two
        face-up plot twists of one name)."""
        card = engine.state.cards[uid]
        if card.zone == "resource_row":
            return f"resource {engine.state.where(uid).index(uid) + 1}"
        if card.zone == "equipment" and card.attached_to is not None:
            card = engine.state.cards[card.attached_to]
        if card.zone not in ROWS or "col" not in card.data:
            return None
        return f"column {int(card.data['col']) + 1}"

    def moves(self, engine: Engine, player: int) -> list[int]:
        """Formation (§6.2): any character of yours may move; where to is asked then."""
        return list(self.characters(engine, player))

    def formation_slots(self, engine: Engine, player: int, uid: int) -> list[tuple[str, int]]:
        """Every slot of both rows a character may move to (§6.2 "freely between rows and
        slots"): the columns in use, the gaps between them and one more on the right; a
        taken slot means swapping with the character there."""
        cards = engine.state.cards
        cols = [int(cards[u].data.get("col", 0)) for u in self.characters(engine, player)]
        here = (cards[uid].zone, int(cards[uid].data.get("col", 0)))
        key = (here, max(cols, default=-1) + 2)
        slots = _SLOTS.get(key)
        if slots is None:
            if len(_SLOTS) > 4096:
                _SLOTS.clear()
            width = key[1]
            slots = _SLOTS[key] = [(r, c) for r in ROWS for c in range(width) if (r, c) != here]
        return list(slots)

    def move_character(
        self, engine: Engine, player: int, uid: int, row: str | None = None, col: int | None = None
    ) -> None:
        """Formation: to any slot of either row (asked when not given; the same column
        of ``row`` when only the row is), swapping with the character there."""
        card = engine.state.cards[uid]
        if row is None:
            slots = self.formation_slots(engine, player, uid)
            labels = Labels(lambda: [self._slot_label(engine, player, r, c) for r, c in slots])
            prompt = f"move {engine.describe(uid)} where?"
            (picked,) = engine.choose(player, "option", prompt, slots, labels)
            row, col = slots[picked]
        col = int(card.data.get("col", 0)) if col is None else col
        other = self.occupant(engine, player, row, col)
        old_row, old_col = card.zone, int(card.data.get("col", 0))
        if other is not None and other != uid:
            engine.state.move(other, old_row, player=player)
            engine.state.cards[other].data["col"] = old_col
        engine.state.move(uid, row, player=player)
        card.data["col"] = col
        engine.happened("moved", subject=uid, player=player, data=(("to", row),))

    def _slot_label(self, engine: Engine, player: int, row: str, col: int) -> str:
        other = self.occupant(engine, player, row, col)
        where = f"{row.replace('_', ' ')}, column {col + 1}"
        return where if other is None else f"{where} (swap with {engine.describe(other)})"
