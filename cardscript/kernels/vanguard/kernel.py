"""The Cardfight!! Vanguard kernel (spec vanguard.md §5–§11, original 2011 rules).

The field: a vanguard circle (zone ``vanguard_circle``), five rear-guard circles (zone
``rear_guard_circle``, the circle in ``card.data["circle"]``: FL, FR, BL, BC, BR), the
guardian circle, deck (top is the end), hand, soul, drop zone, damage zone (face up or
down) and trigger zone. A game: a grade 0 first vanguard of the player's choice face down,
hands of 5, one mulligan each (first player first, the returned cards shuffled in after the
redraw), then turns of stand, draw, ride, main (call, move, [ACT]), battle (``battle.py``) and end.
The first player cannot attack on turn 1. A state check after every event: 6 damage or an
empty deck loses, both at once is a draw.

Card text runs through the engine; the kernel gives Vanguard's primitives (rest, stand,
retire, call, ride, superior call/ride, drive/damage check, flip, Counter Blast, Soul
Blast, Soul Charge, heal) and its timing: no stack, [AUTO] abilities queue and resolve one
at a time after the current action, the turn player's first, each player ordering their own
(§10 REC). Every trigger's power (+5000) and the duration of trigger bonuses are the rules
trigger_power and trigger_duration, applied by the kernel (``FieldKernel.trigger_power``).
Ability labels with circles ("[AUTO](VC):") work only on those circles.

Scenario actions (``do:``): ``setup`` (``decks``), ``mulligan`` (``player``, ``cards``),
``start_turn`` (stand and draw phases of ``player``),
``ride`` / ``superior_ride`` (``player``, ``card``, ``from``), ``call`` / ``superior_call``
(``player``, ``card``, ``circle``, ``from``), ``move`` (``player``, ``from``, ``to``),
``act`` (``player``, ``card``, ``ability``: which of the card's [ACT] abilities now, by
index, printed first then those gained in play, or ``granted``: the first another card's
text grants or lends it),
``attack`` (``attacker``, ``target``: card ids; ``boost``, ``guards``, ``intercepts``),
``check`` (``player``, ``kind``), ``counter_blast`` / ``soul_blast`` / ``soul_charge``
(``player``, ``amount``), ``phase`` (``phase``), ``end_turn``, ``next_turn`` (the other
player's stand and draw phases), ``turn`` (a whole turn with the agents' choices) and
``game``. ``allowed: false`` expects the action refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardscript.grammar import ast
from cardscript.interpreter import cost_cards, cost_x
from cardscript.interpreter.apart import placed
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.named_ability import named
from cardscript.interpreter.playable import BundledGame
from cardscript.kernels.vanguard import battle as fight
from cardscript.kernels.vanguard.field import CIRCLES, COLUMNS, GAME, RULE, FieldKernel


class VanguardKernel(FieldKernel):
    """Turn structure, legality of player actions, setup and scenario actions."""

    # ---- legality -----------------------------------------------------------------------
    def can_ride(self, engine: Engine, player: int, uid: int) -> bool:
        state = engine.state
        card = state.cards[uid]
        if card.zone != "hand" or card.controller != player:
            return False
        if state.data.get("rides", 0) >= int(engine.rule("rides_per_turn", player=player)):
            return False
        if engine.permitted("ride", uid) is False:
            return False
        current = self.grade(engine, self.vanguard(engine, player))
        step = int(engine.rule("ride_grade_step", player=player))
        return current <= self.grade(engine, uid) <= current + step

    def can_call(self, engine: Engine, player: int, uid: int) -> bool:
        card = engine.state.cards[uid]
        if card.zone != "hand" or card.controller != player:
            return False
        if engine.permitted("be_called", uid) is False:
            return False
        return self.call_grade_ok(engine, uid)

    def moves(self, engine: Engine, player: int) -> list[tuple[str, str]]:
        out = []
        for circle, other in COLUMNS.items():
            uid = self.rc_at(engine, player, circle)
            if uid is None or engine.permitted("move", uid) is False:
                continue
            if circle in ("FL", "FR") or self.rc_at(engine, player, other) is None:
                out.append((circle, other))
        # §6.4: the back-centre unit cannot move, unless the rule back_center_can_move lets
        # it move along the back row (to BL or BR, swapping with a unit there)
        centre = self.rc_at(engine, player, "BC")
        if (
            centre is not None
            and engine.rule("back_center_can_move", uid=centre)
            and engine.permitted("move", centre) is not False
        ):
            out += [("BC", "BL"), ("BC", "BR")]
        return out

    def do_move(self, engine: Engine, player: int, source: str, dest: str) -> None:
        if (source, dest) not in self.moves(engine, player):
            raise ValueError(f"a unit cannot move from {source} to {dest}")
        first, second = self.rc_at(engine, player, source), self.rc_at(engine, player, dest)
        for uid, circle in ((first, dest), (second, source)):
            if uid is not None:
                engine.state.cards[uid].data["circle"] = circle
                engine.emit(Event("moved", subject=uid, player=player, data=(("to", circle),)))

    def acts(self, engine: Engine, player: int) -> list[tuple[int, CompiledAbility]]:
        """[ACT] abilities usable now: on their circle, within limits, costs payable."""
        out = []
        for uid in self.units(engine, player):
            if not engine.state.cards[uid].face_up:
                continue
            for ability in act_abilities(engine, uid):
                zone = engine.state.cards[uid].zone
                if not self.label_ok(ability, zone) or not engine.within_limits(ability, uid):
                    continue
                if self._payable(engine, uid, player, ability):
                    out.append((uid, ability))
        return out

    def _payable(self, engine: Engine, uid: int, player: int, ability: CompiledAbility) -> bool:
        node = ability.node
        if not isinstance(node, ast.Activated):
            return True  # an [ACT] with no cost
        for step in node.costs.steps:
            if not isinstance(step, ast.Clause):
                continue
            action = step.action
            amount = action.amount
            if amount is None or amount.kind != "var":  # (an X: ``cost_x.payable``)
                need = int(amount.value or 0) if amount and amount.kind == "int" else 1
                most = self.most_payable(engine, player, uid, action)
                if most is not None and most < need:
                    return False
            # "rest this" not while rested, "stand this" not where "This cannot stand."
            if not cost_cards.this_payable(engine, uid, action):
                return False
        return cost_x.payable(engine, uid, ability, player)

    def cost_payers(
        self, engine: Engine, player: int, source: int | None, action: ast.Action
    ) -> list[int] | None:
        """Counter Blast: the face-up damage cards; Soul Blast: the cards in the soul (§9.3)."""
        if action.verb == "named_cost" and action.name == "counter_blast":
            damage = self.zone(engine, player, "damage_zone")
            return [u for u in damage if engine.state.cards[u].face_up]
        if action.verb == "named_cost" and action.name == "soul_blast":
            return list(self.zone(engine, player, "soul"))
        return super().cost_payers(engine, player, source, action)

    def activate(self, engine: Engine, player: int, uid: int, ability: CompiledAbility) -> None:
        if engine.state.phase != "main_phase":
            raise ValueError("[ACT] abilities are used only in the main phase")
        if (uid, ability) not in self.acts(engine, player):
            raise ValueError(f"{engine.describe(uid)}: its [ACT] cannot be used now")
        engine.resolve(ability, uid, player)
        self.resolve_pending(engine)

    # ---- setup ------------------------------------------------------------------------
    def setup(self, engine: Engine, decks: Sequence[Sequence[str]]) -> None:
        """§5: first vanguard (grade 0, face down), shuffle, hands of 5, mulligans."""
        state = engine.state
        state.phase = "setup"
        for player, deck in enumerate(decks):
            for card_id in deck:
                state.create_card(card_id, player, "deck", face_up=False)
            cards = self.zone(engine, player, "deck")
            starter = self.first_vanguard(engine, player)
            if starter is not None:
                state.move(starter, "vanguard_circle", player=player)
                state.cards[starter].face_up = False
            state.rng.shuffle(cards)
            opening = int(engine.rule("opening_hand", player=player))
            engine.apply("draw", RULE, player=player, count=opening)
        first = state.rng.below(len(state.players))
        state.data["first"] = state.active = first
        for player in (first, 1 - first):
            if int(engine.rule("mulligans", player=player)) > 0:
                hand = list(self.zone(engine, player, "hand"))
                picked = engine.choose(
                    player,
                    "targets",
                    "mulligan: return which cards?",
                    hand,
                    [engine.describe(u) for u in hand],
                    0,
                    len(hand),
                )
                self.mulligan(engine, player, [hand[i] for i in picked])
        for player in range(len(state.players)):
            vanguard = self.vanguard(engine, player)
            if vanguard is not None:
                state.cards[vanguard].face_up = True  # Stand up, Vanguard!
                engine.emit(Event("placed_on_vc", subject=vanguard, player=player))
        state.data["started"] = True
        state.turn = 0
        self.resolve_pending(engine)

    def first_vanguard(self, engine: Engine, player: int) -> int | None:
        """§5.1: the player chooses a grade 0 card of their deck (one option per card
        name, cards without a trigger offered first; no question if only one name)."""
        starters: dict[str, int] = {}
        for uid in self.zone(engine, player, "deck"):
            if engine.definition(uid).get("grade") == 0:
                starters.setdefault(engine.state.cards[uid].card_id, uid)
        options = sorted(
            starters.values(),
            key=lambda u: engine.definition(u).get("trigger", "none") != "none",
        )
        if len(options) < 2:
            return options[0] if options else None
        labels = [engine.describe(u) for u in options]
        (picked,) = engine.choose(player, "option", "first vanguard", options, labels)
        return options[picked]

    def mulligan(self, engine: Engine, player: int, returned: Sequence[int]) -> None:
        """Set the cards aside, draw as many, then shuffle them into the deck (C2)."""
        state = engine.state
        done = state.players[player].data.get("mulligans", 0)
        if done >= int(engine.rule("mulligans", player=player)):
            raise ValueError(f"{state.players[player].name} has no mulligan left")
        state.players[player].data["mulligans"] = done + 1
        for uid in returned:
            state.move(uid, "set_aside", player=player)
        engine.apply("draw", RULE, player=player, count=len(returned))
        for uid in returned:
            engine.apply("move", RULE, uid=uid, zone="deck", player=player)
        engine.apply("shuffle", RULE, zone="deck", player=player)

    # ---- the game ---------------------------------------------------------------------
    def play(self, engine: Engine) -> dict[str, Any]:
        state = engine.state
        state.data["started"] = True
        if state.turn == 0:  # the fight begins with the first turn, the mulligans done (§5)
            self.happen(engine, "start:fight")
        while state.result is None:
            if state.turn >= self.max_turns:
                engine.end(None, "turn limit")
                break
            self.turn(engine)
        assert state.result is not None
        return state.result

    def start_turn(self, engine: Engine) -> None:
        """Stand phase and draw phase of the active player."""
        state = engine.state
        player = state.active
        state.data["rides"] = 0
        engine.enter_phase("stand_phase")
        engine.emit(Event("start:turn", player=player))
        engine.emit(Event("start:stand_phase", player=player))
        for uid in self.units(engine, player):
            if "rested" in state.cards[uid].states and engine.rule("stand_in_stand_phase", uid=uid):
                engine.apply("stand", RULE, target=uid)
        self.resolve_pending(engine)
        if state.result is not None:
            return
        self.go_to(engine, "draw_phase")
        engine.apply(
            "draw", RULE, player=player, count=int(engine.rule("draw_count", player=player))
        )
        self.state_check(engine)
        self.resolve_pending(engine)

    def turn(self, engine: Engine) -> None:
        state = engine.state
        state.turn += 1
        if state.turn > 1:
            state.active = 1 - state.active
        player = state.active
        self.start_turn(engine)
        if state.result is None:
            self.ride_phase(engine, player)
        if state.result is None:
            self.main_phase(engine, player)
        if state.result is None:
            self.battle_phase(engine, player)
        if state.result is None:
            self.end_turn(engine)
        if engine.log is not None:
            engine.log.step(engine, f"turn {state.turn}")

    def ride_phase(self, engine: Engine, player: int) -> None:
        self.go_to(engine, "ride_phase")
        options = [u for u in self.zone(engine, player, "hand") if self.can_ride(engine, player, u)]
        if options:
            labels = [f"ride {engine.describe(u)}" for u in options] + ["do not ride"]
            (picked,) = engine.choose(player, "action", "ride phase", [*options, None], labels)
            if picked < len(options):
                self.ride(engine, player, options[picked])

    def ride(self, engine: Engine, player: int, uid: int) -> None:
        if not self.can_ride(engine, player, uid):
            raise ValueError(f"{engine.describe(uid)} cannot be ridden now")
        engine.state.data["rides"] = engine.state.data.get("rides", 0) + 1
        engine.apply("ride", RULE, target=uid)
        self.resolve_pending(engine)

    def call(self, engine: Engine, player: int, uid: int, circle: str | None) -> None:
        if not self.can_call(engine, player, uid):
            raise ValueError(f"{engine.describe(uid)} cannot be called now")
        engine.apply("call", RULE, target=uid, circle=circle)
        self.resolve_pending(engine)

    def main_phase(self, engine: Engine, player: int) -> None:
        state = engine.state
        self.go_to(engine, "main_phase")
        for _ in range(self.max_main_actions):
            if state.result is not None:
                return
            hand = self.zone(engine, player, "hand")
            options: list[tuple[str, Any]] = [
                ("call", u) for u in hand if self.can_call(engine, player, u)
            ]
            options.append(("end", None))
            options += [("move", m) for m in self.moves(engine, player)]
            options += [("act", a) for a in self.acts(engine, player)]
            labels = [self._label(engine, kind, what) for kind, what in options]
            labels = placed(engine, [w[0] if k == "act" else None for k, w in options], labels)
            (picked,) = engine.choose(player, "action", "main phase", options, labels)
            kind, what = options[picked]
            if kind == "end":
                return
            if kind == "call":
                self.call(engine, player, what, None)
            elif kind == "move":
                self.do_move(engine, player, *what)
            else:
                self.activate(engine, player, *what)

    def _label(self, engine: Engine, kind: str, what: Any) -> str:
        if kind == "call":
            return f"call {engine.describe(what)}"
        if kind == "move":
            return f"move {what[0]} to {what[1]}"
        if kind == "act":
            return f"[ACT] of {engine.describe(what[0])} at {what[1].where}"
        return "end the main phase"

    def battle_phase(self, engine: Engine, player: int) -> None:
        state = engine.state
        self.go_to(engine, "battle_phase")
        self.resolve_pending(engine)
        for _ in range(30):
            if state.result is not None:
                return
            attackers = [u for u in self.units(engine, player) if fight.can_attack(engine, self, u)]
            options = [(a, t) for a in attackers for t in fight.targets(engine, self, a)]
            if not options:
                return
            labels = [f"{engine.describe(a)} attacks {engine.describe(t)}" for a, t in options]
            labels = placed(engine, options, labels)
            (picked,) = engine.choose(
                player,
                "action",
                "battle phase",
                [*options, None],
                [*labels, "end the battle phase"],
            )
            if picked >= len(options):
                return
            fight.battle(engine, self, *options[picked])

    def attack(self, engine: Engine, attacker: int, target: int, **choices: Any) -> None:
        if engine.state.result is not None:
            raise ValueError("the game is over")
        if engine.state.phase != "battle_phase":
            raise ValueError("attacks happen in the battle phase")
        if not fight.can_attack(engine, self, attacker):
            raise ValueError(f"{engine.describe(attacker)} cannot attack")
        if target not in fight.targets(engine, self, attacker):
            raise ValueError(f"{engine.describe(attacker)} cannot attack {engine.describe(target)}")
        defender = engine.state.cards[target].controller
        for uid in choices.get("guards") or ():
            if not fight.can_guard(engine, self, defender, uid):
                raise ValueError(f"{engine.describe(uid)} cannot guard")
        for uid in choices.get("intercepts") or ():
            if not fight.can_intercept(engine, self, uid, target):
                raise ValueError(f"{engine.describe(uid)} cannot intercept")
        fight.battle(engine, self, attacker, target, **choices)

    def end_turn(self, engine: Engine) -> None:
        state = engine.state
        self.go_to(engine, "end_phase")
        engine.emit(Event("end:turn", player=state.active))
        self.resolve_pending(engine)
        self.go_to(engine, "")  # (the end phase over: the next turn's does not end it again)
        engine.end_period("turn")

    # ---- scenarios --------------------------------------------------------------------
    scenario_actions = (
        "setup", "mulligan", "start_turn", "phase", "ride", "superior_ride", "call",
        "superior_call", "move", "act", "attack", "check", "counter_blast", "soul_blast",
        "soul_charge", "end_turn", "next_turn", "turn", "game",
    )  # fmt: skip
    scenario_setup_fields: ClassVar[Mapping[str, Any]] = {
        "first": {"type": ["integer", "null"], "minimum": 0},
        "rides": {"type": "integer", "minimum": 0},
    }
    scenario_player_fields: ClassVar[Mapping[str, Any]] = {
        "mulligans": {"type": "integer", "minimum": 0}
    }
    scenario_card_fields: ClassVar[Mapping[str, Any]] = {"circle": {"enum": list(CIRCLES)}}
    scenario_action_fields: ClassVar[Mapping[str, Any]] = {
        "ability": {"type": ["integer", "string"], "minimum": 0},  # its place, or "granted"
        "circle": {"type": "string"},
        "guards": {"$ref": "#/definitions/words"},
        "intercepts": {"$ref": "#/definitions/words"},
        "kind": {"type": "string"},
    }

    def scenario_setup(self, engine: Engine, setup: Mapping[str, Any]) -> None:
        state = engine.state
        state.data["started"] = True
        state.data["first"] = setup.get("first")
        state.data["rides"] = int(setup.get("rides", 0))
        for index, spec in enumerate(setup.get("players", [])):
            entries = spec.get("zones", {}).get("rear_guard_circle", [])
            placed = self.zone(engine, index, "rear_guard_circle")
            free = list(CIRCLES)
            for entry in entries:
                if isinstance(entry, Mapping) and "circle" in entry:
                    free.remove(str(entry["circle"]))
            for uid, entry in zip(placed, entries, strict=False):
                if isinstance(entry, Mapping) and "circle" in entry:
                    state.cards[uid].data["circle"] = str(entry["circle"])
                else:
                    state.cards[uid].data["circle"] = free.pop(0)
            if "mulligans" in spec:
                state.players[index].data["mulligans"] = int(spec["mulligans"])
            for uid in self.zone(engine, index, "deck"):
                state.cards[uid].face_up = False
        self.state_check(engine)

    def _find(self, engine: Engine, player: int, card_id: str, zone: str | None = None) -> int:
        for p in (player, 1 - player):
            for uid, card in engine.state.cards.items():
                same = card.card_id == card_id and card.controller == p
                if same and (zone is None or card.zone == zone):
                    return uid
        raise ValueError(f"no card {card_id!r} in the game")

    def scenario_action(self, engine: Engine, name: str, action: dict[str, Any]) -> None:
        state = engine.state
        player = int(action.get("player", state.active))
        source = action.get("from")

        def card(key: str = "card", zone: str | None = None) -> int:
            return self._find(engine, player, str(action[key]), zone)

        if name == "setup":
            self.setup(engine, action["decks"])
        elif name == "mulligan":
            hand = self.zone(engine, player, "hand")
            returned = []
            for card_id in action.get("cards", []):
                found = [u for u in hand if state.cards[u].card_id == card_id and u not in returned]
                returned.append(found[0])
            self.mulligan(engine, player, returned)
        elif name == "start_turn":
            state.active = player
            self.start_turn(engine)
        elif name == "phase":
            self.go_to(engine, str(action["phase"]))
        elif name == "ride":
            self.ride(engine, player, card(zone="hand"))
        elif name == "superior_ride":
            engine.apply("superior_ride", Cause(rule="scenario"), target=card(zone=source))
        elif name == "call":
            self.call(engine, player, card(zone="hand"), action.get("circle"))
        elif name == "superior_call":
            engine.apply(
                "superior_call",
                Cause(rule="scenario"),
                target=card(zone=source),
                player=player,
                circle=action.get("circle"),
            )
        elif name == "move":
            self.do_move(engine, player, str(action["from"]), str(action["to"]))
        elif name == "act":
            uid = card()
            acts = act_abilities(engine, uid)
            wanted = action.get("ability", 0)
            chosen = named(acts, wanted)
            if chosen is None:
                have = f"its {len(acts)} [ACT] abilities" if acts else "no [ACT] ability"
                which = f"number {wanted}" if str(wanted).isdigit() else repr(wanted)
                raise ValueError(f"{engine.describe(uid)} has {have}; no [ACT] {which}")
            self.activate(engine, player, uid, chosen)
        elif name == "attack":
            attacker = self._find(engine, state.active, str(action["attacker"]))
            target = self._find(engine, 1 - state.active, str(action["target"]))
            defender = 1 - state.active
            choices: dict[str, Any] = {"boost": action.get("boost")}
            if "guards" in action or "intercepts" in action:
                choices["guards"] = [
                    self._find(engine, defender, g, "hand") for g in action.get("guards", [])
                ]
                choices["intercepts"] = [
                    self._find(engine, defender, g) for g in action.get("intercepts", [])
                ]
            self.attack(engine, attacker, target, **choices)
        elif name == "check":
            fight.check(engine, self, player, str(action.get("kind", "drive")))
        elif name in ("counter_blast", "soul_blast", "soul_charge"):
            done = engine.apply(
                name, Cause(rule="scenario"), player=player, amount=int(action["amount"])
            )
            if done is False:
                raise ValueError(f"{name} {action['amount']} cannot be paid")
        elif name == "end_turn":
            self.end_turn(engine)
        elif name == "next_turn":
            state.turn += 1
            state.active = 1 - state.active
            self.start_turn(engine)
        elif name == "turn":
            self.turn(engine)
        elif name == "game":
            self.play(engine)
        else:
            super().scenario_action(engine, name, action)


BUNDLED = BundledGame(GAME, VanguardKernel)
vanguard_pool = BUNDLED.pool
new_engine = BUNDLED.new_engine
deck_ids = BUNDLED.deck_ids
BUNDLED.register()


def act_abilities(engine: Engine, uid: int) -> list[CompiledAbility]:
    """A unit's [ACT] abilities now, printed in the order written, then those gained in
    play (granted by standing text, lent for a period: ``Engine.card_abilities``): with a
    cost ("[ACT](VC): Counter Blast 1 → …") or with none ("[ACT](VC): Draw a card (once
    per turn).", which the parser reads as an effect under the label)."""
    return [
        a
        for a in engine.card_abilities(uid)
        if isinstance(a.node, ast.Activated)
        or (
            isinstance(a.node, ast.EffectAbility)
            and a.line.label is not None
            and a.line.label.name == "act"
        )
    ]
