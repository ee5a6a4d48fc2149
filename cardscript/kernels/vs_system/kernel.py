"""The VS System kernel (spec vs-system.md §4–§11).

Zones per player: ``deck`` (top is the end), ``hand``, ``resource_row`` (placement order),
``front_row`` and ``support_row`` (the column in ``card.data["col"]``), ``equipment``
(attached gear, ``card.attached_to``), ``ko_pile`` and ``removed``. A game: endurance 50,
shuffle, opening hands of 4, one mulligan each (initiative player first, the 4 cards to
the bottom), then turns of draw phase (both draw 2), build phase (each player in
initiative order: resource step, recruit step with points = resources, formation step),
combat phase (``combat.py``: each player's attack step) and recovery phase (endurance
check, recover one stunned character and KO the rest, ready all, initiative passes).

Card text runs through the engine. Stunned characters are face down and lose their text;
plot twists give their Ongoing text only face up in the resource row; locations work face
up. Every phase and step opens with priority (the initiative player at a phase's start,
the step player at a step's start, §8.3); a step's special actions (placing a resource,
recruiting, formation moves, declaring attacks) are taken while its player holds priority
with an empty chain, and the step ends when everyone passes in a row with the chain empty.
Recruits, plot twists, payment powers, power-ups (A16) and triggered powers (A6) go on
the chain (``chain.py``); what players may do is in ``actions.py``.

Scenario actions (``do:``): ``setup`` (``decks``), ``mulligan`` (``player``),
``draw_phase``, ``resource`` (``player``, ``card``), ``recruit`` (``player``, ``card``,
``row``, ``col``, ``on``: the character for equipment), ``flip`` (``card``),
``plot_twist`` (``card``, ``from``: hand or resource_row), ``activate`` (``card``,
``ability``: which of its payment powers now, by index, printed first then those gained
in play, or ``granted``: the first one another card's text grants or lends it),
``attack`` (``attackers``, ``defender`` or none for the player, ``reinforcer``,
``return_target``, ``power_up``: [[card, fighter]]), ``can_attack`` (``attacker``,
``targets``: the expected legal defenders, ``player``: direct attack allowed),
``reinforcers`` (``defender``, ``expected``), ``step`` (``step``: one whole step of
``player`` with its priority windows), ``phase`` (``phase``: the priority window that
opens it), ``stun`` / ``ko`` / ``modify`` (``card``,
``atk``), ``recovery``, ``end_recruit``, ``turn`` and ``game``. ``allowed: false`` expects
the action refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardscript.grammar import ast
from cardscript.interpreter.apart import described
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.moments import UNNAMED
from cardscript.interpreter.named_ability import named
from cardscript.interpreter.playable import BundledGame
from cardscript.interpreter.scenario_failure import ScenarioMismatch
from cardscript.kernels.vs_system import actions, chain, combat
from cardscript.kernels.vs_system.actions import ActionsKernel
from cardscript.kernels.vs_system.field import GAME, ROWS, RULE


class VSSystemKernel(ActionsKernel):
    """Turn structure, combat steps, recovery, setup and scenario actions."""

    # ---- setup ------------------------------------------------------------------------
    def setup(self, engine: Engine, decks: Sequence[Sequence[str]]) -> None:
        """§4: endurance, shuffle, initiative, opening hands of 4, one mulligan each."""
        state = engine.state
        state.phase = "setup"
        for player, deck in enumerate(decks):
            state.players[player].resources["endurance"] = int(
                engine.rule("starting_endurance", player=player)
            )
            for card_id in deck:
                state.create_card(card_id, player, "deck", face_up=False)
            state.rng.shuffle(self.zone(engine, player, "deck"))
        decider = state.rng.below(len(state.players))
        (picked,) = engine.choose(
            decider, "option", "who has initiative on the first turn?", [0, 1], ["P1", "P2"]
        )
        state.active = picked
        for player in range(len(state.players)):
            opening = int(engine.rule("opening_hand", player=player))
            engine.apply("draw", RULE, player=player, count=opening)
        for player in self.order(engine):
            if engine.may(player, "mulligan your opening hand?"):
                self.mulligan(engine, player)
        state.turn = 0

    def mulligan(self, engine: Engine, player: int) -> None:
        """§4.5: the hand to the bottom of the deck, a new hand; once per game."""
        data = engine.state.players[player].data
        if data.get("mulligan_used"):
            raise ValueError(f"{engine.state.players[player].name} has used the mulligan")
        data["mulligan_used"] = True
        hand = list(self.zone(engine, player, "hand"))
        for uid in hand:
            engine.apply(
                "move", RULE, uid=uid, zone="deck", player=player, position=0, face_up=False
            )
        engine.apply("draw", RULE, player=player, count=len(hand))

    # ---- the game -----------------------------------------------------------------------
    def play(self, engine: Engine) -> dict[str, Any]:
        state = engine.state
        while state.result is None:
            if state.turn >= self.max_turns:
                engine.end(None, "turn limit")
                break
            self.turn(engine)
        assert state.result is not None
        return state.result

    def turn(self, engine: Engine) -> None:
        state = engine.state
        state.turn += 1
        self.draw_phase(engine)
        self.phase(engine, "build_phase")
        for player in self.order(engine):
            self.build(engine, player)
        self.phase(engine, "combat_phase")
        for player in self.order(engine):
            self.attack_step(engine, player)
        self.recovery(engine)
        if engine.log is not None:
            engine.log.step(engine, f"turn {state.turn}")

    def phase(self, engine: Engine, phase: str) -> None:
        """§8.3 rule 1: at the start of a phase the initiative player gets priority
        (the draw phase's draw comes first, §6.1 [REC])."""
        state = engine.state
        if state.phase not in UNNAMED and state.phase != phase:
            self.period_ends(engine, state.phase, state.active)
        engine.enter_phase(phase)  # (the phase before it ends: "until end of the … phase")
        state.step = None
        state.data.pop("step_player", None)
        engine.happened(f"start:{phase}", player=state.active)
        chain.push_triggers(engine, self)
        chain.window(engine, self, state.active)

    def step(self, engine: Engine, step: str, player: int) -> None:
        """§8.3 rule 2: at the start of a step the player performing it gets priority;
        the step ends when everyone passes in a row with an empty chain."""
        state = engine.state
        state.step, state.data["step_player"] = step, player
        engine.happened(f"start:{step}", player=player)
        chain.push_triggers(engine, self)
        chain.window(engine, self, player, step=True)
        self.period_ends(engine, step, player)
        engine.end_period(step, player)  # (everyone passed: "until end of the … step" ends)

    def period_ends(self, engine: Engine, period: str, player: int) -> None:
        """Everyone passed with the chain empty (§8.3 rule 6): what triggers at the end of
        the step or phase goes on the chain and resolves while it lasts (A6); then it
        ends. In the recovery phase's wrap-up it waits for the next priority (A20)."""
        engine.happened(f"end:{period}", player=player)
        if not engine.state.data.get("wrap_up") and chain.push_triggers(engine, self):
            chain.window(engine, self, player)

    def draw_phase(self, engine: Engine) -> None:
        state = engine.state
        engine.enter_phase("draw_phase")
        state.step = None
        state.data.pop("step_player", None)
        engine.happened("start:turn", player=state.active)
        for player in self.order(engine):
            engine.apply(
                "draw", RULE, player=player, count=int(engine.rule("draw_count", player=player))
            )
        self.phase(engine, "draw_phase")

    def build(self, engine: Engine, player: int) -> None:
        """§6.2: resource step, recruit step (points = resources, unspent ones vanish),
        formation step."""
        self.step(engine, "resource_step", player)
        self.start_recruit(engine, player)
        self.step(engine, "recruit_step", player)
        self.end_recruit(engine, player)
        self.step(engine, "formation_step", player)
        engine.state.step = None

    def placed(self, engine: Engine, player: int) -> int:
        """Resources placed this turn (§9.1: one per turn)."""
        turn, count = engine.state.players[player].data.get("resources_placed", (-1, 0))
        return int(count) if turn == engine.state.turn else 0

    def may_place_resource(self, engine: Engine, player: int) -> bool:
        return self.placed(engine, player) < int(engine.rule("resources_per_turn", player=player))

    def place_resource(self, engine: Engine, player: int, uid: int) -> None:
        card = engine.state.cards[uid]
        if card.zone != "hand" or card.controller != player:
            raise ValueError("a resource comes from your hand")
        if not self.may_place_resource(engine, player):
            raise ValueError("one resource per turn")
        count = self.placed(engine, player) + 1
        engine.state.players[player].data["resources_placed"] = (engine.state.turn, count)
        engine.apply("move", RULE, uid=uid, zone="resource_row", player=player, face_up=False)

    def start_recruit(self, engine: Engine, player: int) -> None:
        """§6.2: each resource makes one point at the start of the recruit step."""
        engine.state.step = "recruit_step"
        engine.state.data["step_player"] = player
        points = len(self.zone(engine, player, "resource_row"))
        engine.state.players[player].resources["resource_points"] = points

    def end_recruit(self, engine: Engine, player: int) -> None:
        """§6.2: unspent resource points vanish."""
        engine.state.players[player].resources["resource_points"] = 0

    def step_actions(self, engine: Engine, player: int) -> list[tuple[str, Any]]:
        """The special actions of the step: place a resource, recruit, move in the
        formation, declare an attack."""
        state = engine.state
        step = state.step
        if step == "resource_step":
            if self.may_place_resource(engine, player):
                return [("resource", u) for u in self.zone(engine, player, "hand")]
            return []
        if step == "recruit_step":
            return [("recruit", u) for u in self.recruitable(engine, player)]
        if step == "formation_step":
            return [("move", m) for m in self.moves(engine, player)]
        if step == "attack_step" and state.phase == "combat_phase":
            return [("attack", a) for a in combat.options(engine, player)]
        return []

    def recruitable(self, engine: Engine, player: int) -> list[int]:
        points = engine.state.players[player].resources.get("resource_points", 0)
        facts = self.facts(engine)
        printed = self.printed_only(engine, "cost")  # then the cost is the printed one
        hosts: bool | None = None
        out = []
        for uid in self.zone(engine, player, "hand"):
            card = facts[uid]
            kind = card.type
            if kind != "character" and kind != "equipment":
                continue
            if (card.cost if printed else engine.stat(uid, "cost")) > points:
                continue
            if kind == "equipment":
                if hosts is None:
                    hosts = bool(self.gear_hosts(engine, player))
                if not hosts:
                    continue
            out.append(uid)
        return actions.allowed(engine, "recruit", player, out)

    def special(self, engine: Engine, player: int, kind: str, what: Any) -> None:
        if kind == "resource":
            self.place_resource(engine, player, what)
        elif kind == "recruit":
            self.recruit(engine, player, what)
        elif kind == "move":
            self.move_character(engine, player, what)
        elif kind == "attack":
            with chain.own_windows(engine):
                combat.attack(engine, self, *what)
        else:
            super().special(engine, player, kind, what)

    def option_label(self, engine: Engine, kind: str, what: Any) -> str:
        if kind == "attack":
            return combat.describe(engine, *what)
        if kind == "move":
            return f"move {engine.describe(what)}"
        return super().option_label(engine, kind, what)

    # ---- combat ---------------------------------------------------------------------------
    def attack_step(self, engine: Engine, player: int) -> None:
        """§6.3: attacks are declared one at a time while the step player holds
        priority with an empty chain (§7.3 step 1)."""
        self.step(engine, "attack_step", player)
        engine.state.step = None

    # ---- recovery -------------------------------------------------------------------------
    def recovery(self, engine: Engine) -> None:
        """§6.4: priority once at its start (A20), then a wrap-up nobody can interrupt:
        endurance check, recover one and KO the rest, ready all, initiative passes.
        Powers that trigger in the wrap-up wait on the chain for the next priority."""
        self.phase(engine, "recovery_phase")
        engine.state.data["wrap_up"] = True
        try:
            self.wrap_up(engine)
        finally:
            engine.state.data["wrap_up"] = False

    def wrap_up(self, engine: Engine) -> None:
        state = engine.state
        if self.endurance_check(engine):
            return
        chosen: dict[int, list[int]] = {}
        for player in self.order(engine):
            stunned = [u for u in self.characters(engine, player) if combat.stunned(engine, u)]
            count = int(engine.rule("recover_count", player=player))
            keep: list[int] = []
            if stunned and count > 0:
                labels = described(engine, stunned)
                most = min(count, len(stunned))
                picked = engine.choose(
                    player, "targets", "recover which?", stunned, labels, most, most
                )
                keep = [stunned[i] for i in picked]
            chosen[player] = keep
        for player in self.order(engine):
            for uid in self.characters(engine, player):
                if combat.stunned(engine, uid):
                    if uid in chosen[player]:
                        engine.apply("recover", RULE, target=uid)
                    else:
                        engine.apply("ko", RULE, target=uid)
        cards = state.cards
        for player in self.order(engine):
            for zone in (*ROWS, "resource_row", "equipment"):
                for uid in list(self.zone(engine, player, zone)):
                    # a ready card would stay as it is (``_ready``): not asked, not applied
                    if "exhausted" not in cards[uid].states:
                        continue
                    if engine.rule("ready_in_recovery", uid=uid):
                        engine.apply("ready", RULE, target=uid)
        self.period_ends(engine, "recovery_phase", state.active)
        self.period_ends(engine, "turn", state.active)
        engine.enter_phase("")  # (the recovery phase over: the next draw does not end it again)
        engine.end_period("turn")
        chain.push_triggers(engine, self)
        state.active = (state.active + 1) % len(state.players)

    def endurance_check(self, engine: Engine) -> bool:
        """§11 and A2: at 0 or less leaves; all out: the highest wins, a tie plays on."""
        players = engine.state.players
        alive = [p.index for p in players if p.resources.get("endurance", 0) > 0]
        if len(alive) == 1:
            engine.end(alive[0], "endurance")
        elif not alive:
            best = max(p.resources.get("endurance", 0) for p in players)
            top = [p.index for p in players if p.resources.get("endurance", 0) == best]
            if len(top) == 1:
                engine.end(top[0], "endurance")
        return engine.state.result is not None

    # ---- scenarios ------------------------------------------------------------------------
    inner_zones = ("equipment",)
    scenario_actions = (
        "setup", "mulligan", "draw_phase", "resource", "recruit", "end_recruit", "flip",
        "plot_twist", "activate", "attack", "can_attack", "reinforcers", "stun", "ko",
        "ready", "recover", "exhaust", "modify", "step", "phase", "recovery", "turn", "game",
    )  # fmt: skip
    scenario_setup_fields: ClassVar[Mapping[str, Any]] = {
        "step": {"type": "string"},
        "step_player": {"type": "integer", "minimum": 0},
    }
    scenario_player_fields: ClassVar[Mapping[str, Any]] = {"mulligan_used": {"type": "boolean"}}
    scenario_card_fields: ClassVar[Mapping[str, Any]] = {
        "col": {"type": "integer", "minimum": 0},
        "on": {"type": "string"},
    }
    scenario_action_fields: ClassVar[Mapping[str, Any]] = {
        # a seat, or with can_attack whether the player may be attacked
        "player": {"type": ["integer", "boolean", "null"], "minimum": 0, "maximum": 7},
        "ability": {"type": ["integer", "string"], "minimum": 0},  # its place, or "granted"
        "atk": {"type": "integer"},
        "attackers": {"$ref": "#/definitions/words"},
        "col": {"type": "integer"},
        "row": {"type": "string"},
        "on": {"type": "string"},
        "power_up": {"type": "array", "items": {"$ref": "#/definitions/words"}},
        "reinforcer": {"type": "string"},
        "return_target": {"type": "string"},
    }

    def scenario_setup(self, engine: Engine, setup: Mapping[str, Any]) -> None:
        state = engine.state
        for index, spec in enumerate(setup.get("players", [])):
            player = state.players[index]
            player.resources.setdefault("endurance", 50)
            for zone, entries in spec.get("zones", {}).items():
                if zone not in (*ROWS, "equipment", "resource_row"):
                    continue
                for uid, entry in zip(list(player.zone(zone)), entries, strict=False):
                    card = state.cards[uid]
                    if zone in ROWS:
                        card.data["col"] = (
                            int(entry.get("col", 0)) if isinstance(entry, Mapping) else 0
                        )
                        if "stunned" in card.states:
                            card.face_up = False
                            card.states.add("exhausted")
                    if zone == "equipment" and isinstance(entry, Mapping) and "on" in entry:
                        card.attached_to = self._find(engine, index, str(entry["on"]))
                    if zone == "resource_row" and not (
                        isinstance(entry, Mapping) and "face_up" in entry
                    ):
                        card.face_up = False
            if "mulligan_used" in spec:
                player.data["mulligan_used"] = bool(spec["mulligan_used"])
            for uid in player.zone("deck"):
                state.cards[uid].face_up = False
        self.text_switched(engine)  # faces and stuns set above
        if "step" in setup:
            state.step = str(setup["step"])
            state.data["step_player"] = int(setup.get("step_player", state.active))
            if state.step == "recruit_step":
                self.start_recruit(engine, state.data["step_player"])

    def _find(self, engine: Engine, player: int, card_id: str, zone: str | None = None) -> int:
        for p in (player, 1 - player):
            for uid in (
                engine.state.players[p].zones.get(zone, ())
                if zone
                else [u for z in engine.state.players[p].zones.values() for u in z]
            ):
                if engine.state.cards[uid].card_id == card_id:
                    return uid
        raise ValueError(f"no card {card_id!r} in the game")

    def scenario_action(self, engine: Engine, name: str, action: dict[str, Any]) -> None:
        state = engine.state
        player = int(action.get("player", state.active))

        def card(key: str = "card", zone: str | None = None, who: int | None = None) -> int:
            return self._find(engine, player if who is None else who, str(action[key]), zone)

        if name == "setup":
            self.setup(engine, action["decks"])
        elif name == "mulligan":
            self.mulligan(engine, player)
        elif name == "draw_phase":
            self.draw_phase(engine)
        elif name == "resource":
            self.place_resource(engine, player, card(zone="hand"))
        elif name == "recruit":
            on = card("on") if "on" in action else None
            col = int(action["col"]) if "col" in action else None
            self.recruit(engine, player, card(zone="hand"), action.get("row"), col, on)
        elif name == "end_recruit":
            self.end_recruit(engine, player)
            state.step = "formation_step"
        elif name == "flip":
            found = [
                u
                for u in self.flippable(engine, player)
                if state.cards[u].card_id == str(action["card"])
            ]
            self.flip_location(engine, player, found[0] if found else card(zone="resource_row"))
        elif name == "plot_twist":
            self.play_twist(engine, player, card(zone=str(action.get("from", "hand"))))
        elif name == "activate":
            uid = card()
            wanted = action.get("ability", 0)
            power = named(engine.card_abilities(uid, ast.Activated), wanted)
            if power is None:
                raise ValueError(f"{engine.describe(uid)} has no payment power {wanted!r} now")
            self.activate(engine, player, uid, power)
        elif name == "attack":
            self._attack(engine, player, action)
        elif name == "can_attack":
            self._check_attack(engine, player, action)
        elif name == "reinforcers":
            defender = card("defender")
            ids = sorted(state.cards[u].card_id for u in combat.reinforcers(engine, defender))
            if ids != sorted(action.get("expected", [])):
                raise ScenarioMismatch(f"reinforcers of {action['defender']}: {ids}")
        elif name in ("stun", "ko", "ready", "recover", "exhaust"):
            engine.apply(name, Cause(rule="scenario"), target=card())
        elif name == "modify":
            for stat in ("atk", "def"):
                if stat in action:
                    state.lasting.append(
                        {
                            "kind": "stat",
                            "stat": stat,
                            "delta": int(action[stat]),
                            "uids": [card()],
                            "until": "turn",
                            "timestamp": state.tick(),
                            "cause": {"rule": "scenario"},
                        }
                    )
        elif name == "step":
            self._step(engine, player, str(action["step"]))
        elif name == "phase":
            self.phase(engine, str(action["phase"]))
        elif name == "recovery":
            self.recovery(engine)
        elif name == "turn":
            self.turn(engine)
        elif name == "game":
            self.play(engine)
        else:
            super().scenario_action(engine, name, action)

    def _step(self, engine: Engine, player: int, step: str) -> None:
        """One whole step of ``player``, from its opening priority to its end."""
        if step == "attack_step":
            engine.state.phase = "combat_phase"
            self.attack_step(engine, player)
        elif step == "recruit_step":
            self.start_recruit(engine, player)
            self.step(engine, step, player)
            self.end_recruit(engine, player)
        elif step in ("resource_step", "formation_step"):
            self.step(engine, step, player)
        else:
            raise ValueError(f"no step {step!r}")

    def _attack(self, engine: Engine, player: int, action: dict[str, Any]) -> None:
        state = engine.state
        state.phase, state.step, state.data["step_player"] = "combat_phase", "attack_step", player
        attackers = tuple(self._find(engine, player, str(a)) for a in action["attackers"])
        defender = (
            self._find(engine, 1 - player, str(action["defender"]))
            if action.get("defender")
            else None
        )
        if (attackers, defender) not in combat.options(engine, player):
            raise ValueError(
                f"{combat.describe(engine, attackers, defender)} is not a legal attack"
            )
        reinforcer: int | None = -1
        if "reinforcer" in action:
            r = action["reinforcer"]
            reinforcer = None if r is None else self._find(engine, 1 - player, str(r))
        back = action.get("return_target")
        power = None
        if "power_up" in action:
            power = [
                (self._find(engine, player, str(c), "hand"), self._find(engine, player, str(f)))
                for c, f in action["power_up"]
            ]
        combat.attack(
            engine,
            self,
            attackers,
            defender,
            reinforcer=reinforcer,
            return_target=self._find(engine, player, str(back)) if back else None,
            power=power,
        )

    def _check_attack(self, engine: Engine, player: int, action: dict[str, Any]) -> None:
        attacker = self._find(engine, player, str(action["attacker"]))
        if not combat.can_attack(engine, attacker):
            found: list[str] = []
            direct = False
        else:
            found = sorted(
                engine.state.cards[u].card_id for u in combat.defenders(engine, attacker)
            )
            direct = combat.can_attack_player(engine, attacker)
        if found != sorted(action.get("targets", [])):
            raise ScenarioMismatch(f"{action['attacker']} may attack {found}")
        if "player" in action and direct != bool(action["player"]):
            raise ScenarioMismatch(f"{action['attacker']} direct attack: {direct}")


BUNDLED = BundledGame(GAME, VSSystemKernel)
vs_pool = BUNDLED.pool
new_engine = BUNDLED.new_engine
deck_ids = BUNDLED.deck_ids
BUNDLED.register()
