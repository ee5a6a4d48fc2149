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
up. Plot twists and payment powers use the chain with priority (``chain.py``), also in
the window before an attack begins and in the combat window; triggered powers resolve at
once after each action, in initiative order (not yet on the chain, A6). Priority windows
open only after an effect is added and around attacks, not at the start of every phase
or step.

Scenario actions (``do:``): ``setup`` (``decks``), ``mulligan`` (``player``),
``draw_phase``, ``resource`` (``player``, ``card``), ``recruit`` (``player``, ``card``,
``row``, ``col``, ``on``: the character for equipment), ``flip`` (``card``),
``plot_twist`` (``card``, ``from``: hand or resource_row), ``activate`` (``card``),
``attack`` (``attackers``, ``defender`` or none for the player, ``reinforcer``,
``return_target``, ``power_up``: [[card, fighter]]), ``can_attack`` (``attacker``,
``targets``: the expected legal defenders, ``player``: direct attack allowed),
``reinforcers`` (``defender``, ``expected``), ``stun`` / ``ko`` / ``modify`` (``card``,
``atk``), ``recovery``, ``end_recruit``, ``turn`` and ``game``. ``allowed: false`` expects
the action refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardscript.grammar import ast
from cardscript.interpreter.agents import Agent
from cardscript.interpreter.cards import CardPool
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.playable import bundled_pool, deck_card_ids, register_game
from cardscript.kernels.vs_system import combat
from cardscript.kernels.vs_system.field import GAME, ROWS, RULE, FieldKernel


class VSSystemKernel(FieldKernel):
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
        state.phase = "build_phase"
        for player in self.order(engine):
            self.build(engine, player)
        state.phase = "combat_phase"
        self.resolve_pending(engine)
        for player in self.order(engine):
            self.attack_step(engine, player)
        self.recovery(engine)
        if engine.log is not None:
            engine.log.step(engine, f"turn {state.turn}")

    def draw_phase(self, engine: Engine) -> None:
        state = engine.state
        state.phase, state.step = "draw_phase", None
        engine.emit(Event("start:turn", player=state.active))
        for player in self.order(engine):
            engine.apply(
                "draw", RULE, player=player, count=int(engine.rule("draw_count", player=player))
            )
        self.resolve_pending(engine)

    def build(self, engine: Engine, player: int) -> None:
        state = engine.state
        state.data["step_player"] = player
        state.step = "resource_step"
        hand = list(self.zone(engine, player, "hand"))
        if hand and int(engine.rule("resources_per_turn", player=player)) > 0:
            labels = [f"resource {engine.describe(u)}" for u in hand] + ["no resource"]
            (picked,) = engine.choose(player, "action", "resource step", [*hand, None], labels)
            if picked < len(hand):
                self.place_resource(engine, player, hand[picked])
        self.start_recruit(engine, player)
        self.action_loop(engine, player, "recruit step")
        self.end_recruit(engine, player)
        state.step = "formation_step"
        for _ in range(4):
            moves = self.moves(engine, player)
            if not moves:
                break
            labels = [f"move {engine.describe(u)} to the {r}" for u, r in moves] + ["done"]
            (picked,) = engine.choose(player, "action", "formation step", [*moves, None], labels)
            if picked >= len(moves):
                break
            self.move_character(engine, player, *moves[picked])
        state.step = None

    def place_resource(self, engine: Engine, player: int, uid: int) -> None:
        data = engine.state.players[player].data
        if engine.state.cards[uid].zone != "hand" or engine.state.cards[uid].controller != player:
            raise ValueError("a resource comes from your hand")
        if data.get("resources_placed", (-1, 0))[0] == engine.state.turn and data[
            "resources_placed"
        ][1] >= int(engine.rule("resources_per_turn", player=player)):
            raise ValueError("one resource per turn")
        placed = data.get("resources_placed", (engine.state.turn, 0))
        count = placed[1] + 1 if placed[0] == engine.state.turn else 1
        data["resources_placed"] = (engine.state.turn, count)
        engine.apply("move", RULE, uid=uid, zone="resource_row", player=player, face_up=False)

    def start_recruit(self, engine: Engine, player: int) -> None:
        engine.state.step = "recruit_step"
        engine.state.data["step_player"] = player
        points = len(self.zone(engine, player, "resource_row"))
        engine.state.players[player].resources["resource_points"] = points

    def end_recruit(self, engine: Engine, player: int) -> None:
        """§6.2: unspent resource points vanish."""
        engine.state.players[player].resources["resource_points"] = 0

    def actions(self, engine: Engine, player: int) -> list[tuple[str, Any]]:
        state = engine.state
        out: list[tuple[str, Any]] = []
        if state.step == "recruit_step" and state.data.get("step_player") == player:
            points = state.players[player].resources.get("resource_points", 0)
            for uid in self.zone(engine, player, "hand"):
                definition = engine.definition(uid)
                if (
                    definition.type in ("character", "equipment")
                    and engine.stat(uid, "cost") <= points
                ):
                    if definition.type == "equipment" and not self.gear_hosts(engine, player):
                        continue
                    out.append(("recruit", uid))
        out += [("flip", u) for u in self.flippable(engine, player)]
        out += [("plot_twist", u) for u in self.playable_twists(engine, player)]
        out += [("activate", a) for a in self.activatable(engine, player)]
        return out

    def action_loop(self, engine: Engine, player: int, prompt: str) -> None:
        for _ in range(self.max_actions):
            if engine.state.result is not None:
                return
            options = self.actions(engine, player)
            if not options:
                return
            labels = [f"{kind} {self.label(engine, what)}" for kind, what in options]
            (picked,) = engine.choose(player, "action", prompt, [*options, None], [*labels, "done"])
            if picked >= len(options):
                return
            self.do(engine, player, *options[picked])

    def do(self, engine: Engine, player: int, kind: str, what: Any, **kw: Any) -> None:
        if kind == "recruit":
            self.recruit(engine, player, what, **kw)
        elif kind == "flip":
            self.flip_location(engine, player, what)
        elif kind == "plot_twist":
            self.play_twist(engine, player, what)
        else:
            self.activate(engine, player, *what)

    # ---- combat ---------------------------------------------------------------------------
    def attack_step(self, engine: Engine, player: int) -> None:
        state = engine.state
        state.step, state.data["step_player"] = "attack_step", player
        for _ in range(self.max_actions):
            if state.result is not None:
                break
            attacks = combat.options(engine, player)
            powers = self.activatable(engine, player) if attacks else []
            options: list[tuple[str, Any]] = [("attack", a) for a in attacks]
            options += [("activate", p) for p in powers]
            if not options:
                break
            labels = [
                combat.describe(engine, *w)
                if k == "attack"
                else f"activate {self.label(engine, w)}"
                for k, w in options
            ]
            (picked,) = engine.choose(
                player, "action", "attack step", [*options, None], [*labels, "done"]
            )
            if picked >= len(options):
                break
            kind, what = options[picked]
            if kind == "attack":
                combat.attack(engine, self, *what)
            else:
                self.activate(engine, player, *what)
        engine.end_period("attack_step")
        state.step = None

    # ---- recovery -------------------------------------------------------------------------
    def recovery(self, engine: Engine) -> None:
        """§6.4: endurance check, recover one and KO the rest, ready all, initiative passes."""
        state = engine.state
        state.phase, state.step = "recovery_phase", None
        engine.emit(Event("start:recovery_phase", player=state.active))
        self.resolve_pending(engine)
        if self.endurance_check(engine):
            return
        chosen: dict[int, list[int]] = {}
        for player in self.order(engine):
            stunned = [u for u in self.characters(engine, player) if combat.stunned(engine, u)]
            count = int(engine.rule("recover_count", player=player))
            keep: list[int] = []
            if stunned and count > 0:
                labels = [engine.describe(u) for u in stunned]
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
        for player in self.order(engine):
            for zone in (*ROWS, "resource_row", "equipment"):
                for uid in list(self.zone(engine, player, zone)):
                    if engine.rule("ready_in_recovery", uid=uid):
                        engine.apply("ready", RULE, target=uid)
        engine.end_period("turn")
        state.active = (state.active + 1) % len(state.players)
        self.resolve_pending(engine)

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
        allowed = bool(action.get("allowed", True))
        try:
            self._scenario_action(engine, name, action)
        except ValueError:
            if allowed:
                raise
            return
        if not allowed:
            raise ValueError(f"the action {name} should have been refused")

    def _scenario_action(self, engine: Engine, name: str, action: dict[str, Any]) -> None:
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
            acts = engine.definition(uid).by_kind.get(ast.Activated, ())
            self.activate(engine, player, uid, acts[int(action.get("ability", 0))])
        elif name == "attack":
            self._attack(engine, player, action)
        elif name == "can_attack":
            self._check_attack(engine, player, action)
        elif name == "reinforcers":
            defender = card("defender")
            ids = sorted(state.cards[u].card_id for u in combat.reinforcers(engine, defender))
            if ids != sorted(action.get("expected", [])):
                raise AssertionError(f"reinforcers of {action['defender']}: {ids}")
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
        elif name == "recovery":
            self.recovery(engine)
        elif name == "turn":
            self.turn(engine)
        elif name == "game":
            self.play(engine)
        else:
            super().scenario_action(engine, name, action)

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
            raise AssertionError(f"{action['attacker']} may attack {found}")
        if "player" in action and direct != bool(action["player"]):
            raise AssertionError(f"{action['attacker']} direct attack: {direct}")


def vs_pool(extra: Sequence[Path] = ()) -> CardPool:
    """The bundled cards (shared, compiled once) plus extra card files."""
    return bundled_pool(GAME, extra)


def new_engine(
    agents: Sequence[Agent],
    seed: int = 1,
    *,
    log: GameLog | None = None,
    extra: Sequence[Path] = (),
    pool: CardPool | None = None,
) -> Engine:
    pool = pool if pool is not None else vs_pool(extra)
    return Engine.new(pool.game, pool, VSSystemKernel(), agents, seed, log=log)


def deck_ids(pool: CardPool, path: Path) -> list[str]:
    """The card ids of a deck file, read by the deck reader the CLI uses."""
    return deck_card_ids(str(path), pool)


def _factory(seed: int, agents: list[Any], log: GameLog, extra: list[Path]) -> Engine:
    return new_engine(agents, seed, log=log, extra=extra)


def register() -> None:
    register_game(GAME, _factory)


register()
