"""The Berserk kernel (spec berserk.md §9, §10, §12, §13, §19): the turns of a battle.

The preliminary phase is in ``preliminary.py``, the field in ``field.py`` and
``movement.py``, attacks in ``strike.py`` and ``attacks.py``, playable abilities in
``abilities.py``, priority windows in ``priority.py``, taking control in ``control.py``.

A turn (§9): the turn preparation step ("before the start of your turn", Thirst); the
active player's closed cards open and movement is refreshed, "at the start of your turn"
triggers resolve; then the main phase: the active player moves creatures one step at a time
(§10), attacks with simple strikes, declares playable abilities (shots, throws, discharges,
Leap…), reveals Stealth cards, accumulates counters and closes to strike at flyers, in any
order; the end phase runs "at the end of your turn" triggers, lets the active player use
abilities that are not actions (Fury), ends "until end of turn" effects and passes the
turn. Each step and phase, the preliminary phase's too, is entered through
``moments.go_to``: "at the end of" the one left triggers, it ends (the engine's
``enter_step``/``enter_phase``), so what lasts "until the end of the turn start step" (or
any other) ends then (§300.3), and "at the start of" the one entered triggers (§300.4).
Triggered abilities and Destruction Effects resolve after a priority window for
sudden actions (a simplified stack); a declared playable ability waits in one too and is
paid after its effects (``abilities.declare``), and an attack runs the steps of its chain
in order, with windows at its Target, Result, Calculation and Defense objects
(``strike.attack``, §216). A player with no creatures loses (§102.3а).

Scenario actions (``do:``): ``setup`` (``decks``, ``first``: the first player's seat),
``move`` (``card``, ``to``: a cell such as ``C2`` or ``C1"``), ``strike`` (``attacker``,
``target``, ``defender``: a card the inactive player assigns at their first priority in
the Target window, none to allow no defender, or absent to offer them; ``rolls``:
the dice, attacker first), ``can_strike`` (``attacker``, ``targets``: the expected legal
targets), ``activate`` (``card``, ``ability``: its keyword's name such as ``Shot``, its
index, or ``granted`` for one another card grants it written out; ``target``),
``can_target`` (``card``, ``ability``, ``expected``: its legal first targets),
``cell`` (``card``, ``expected``: its cell, or null off the battlefield;
``cells`` on any action answers "choose a cell"), ``defenders`` (``attacker``,
``target``, ``expected``), ``wound`` (``card``,
``amount``, ``qualities``: by default an attack, [attack, melee]), ``heal`` (``card``,
``amount``), ``recruit`` (``player``, ``cards``: ids from the deal), ``budget``
(``player``, ``cards``, ``expected``: [gold, total] budget), ``allowed_cells``
(``player``, ``expected``), ``mulligan`` (``player``), ``set_preparation_step`` (the
players declare "Before recruitment:" abilities of their deal, the first player first),
``vanguard_step``,
``battle_start_step``, ``reveal_step`` (the "Before reveal:" abilities trigger, revealing
their cards, and the players declare them, the first player first, then the other cards are
revealed), ``accumulate``
(``card``), ``reveal`` (``card``),
``hidden`` (``expected``: the hidden cards of both squads), ``event_order`` (``event``,
``expected``: the cards it happened to this turn, in order),
``close_for_flyers`` (``card``), ``geometry`` (``query``:
neighbours, opposite, direction or line; see ``_geometry``), ``start_turn``,
``end_turn``, ``turn`` and ``game``.
``allowed: false`` expects the action refused. In ``setup:``, a battlefield entry's
``cell`` places it and ``host`` (a card id) puts a symbiote or equipment on its host;
``rolls`` on any action feeds the dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardscript.interpreter.apart import placed
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.playable import BundledGame
from cardscript.interpreter.scenario_failure import ScenarioMismatch
from cardscript.kernels.berserk import (
    abilities,
    control,
    hidden,
    hosts,
    moments,
    sources_left,
    strike,
    targeting,
)
from cardscript.kernels.berserk.field import GAME, RULE
from cardscript.kernels.berserk.geometry import (
    CELL_PATTERN,
    COLUMNS,
    cell_name,
    direction,
    neighbours,
    on_one_line,
    opposite,
    parse_cell,
)
from cardscript.kernels.berserk.preliminary import PreliminaryKernel


class BerserkKernel(PreliminaryKernel):
    """The turn structure, the main phase and the scenario actions."""

    set_overrides = True  # §422.4в: a modifier that sets a value comes after all others

    # ---- the game -------------------------------------------------------------------------
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
        self.start_turn(engine)
        if state.result is None:
            self.main_phase(engine, state.active)
        if state.result is None:
            self.end_turn(engine)
        if engine.log is not None:
            engine.log.step(engine, f"turn {state.turn}")

    def start_turn(self, engine: Engine) -> None:
        """§310–§311: closed cards open, movement refreshes, start-of-turn triggers."""
        state = engine.state
        me = state.active
        moments.go_to(self, engine, "turn_preparation_step", "beginning_phase")
        engine.emit(Event("before_start:turn", player=me))  # §310: Thirst
        self.resolve_pending(engine)
        moments.go_to(self, engine, "turn_start_step", starting=False)
        for uid in self.squad(engine, me):
            card = state.cards[uid]
            card.data.pop("moved", None)
            card.data.pop("acted", None)
            # §211.9: closed for flyers last turn: this turn it may strike one; then no more
            mark = card.data.pop("strikes_flyers", None)
            if mark == "armed":
                card.data["strikes_flyers"] = "ready"
            if not self.stays_hidden(engine, uid):
                self.reveal_card(engine, uid)
            if (
                "closed" in card.states
                and engine.rule("opens_in_turn_start", uid=uid)
                and engine.permitted("open", uid) is not False
            ):
                engine.apply("open", RULE, target=uid)
        engine.emit(Event("start:turn_start_step", player=me))  # §311.4: after the opening
        engine.emit(Event("start:turn", player=me))
        self.resolve_pending(engine)
        moments.go_to(self, engine, None, "main_phase")  # (the step, then the phase, end)

    def end_turn(self, engine: Engine) -> None:
        state = engine.state
        moments.go_to(self, engine, None, "end_phase")  # "each main phase" budgets (§312)
        engine.emit(Event("end:turn", player=state.active))  # §313.1
        self.resolve_pending(engine)
        self.end_phase_abilities(engine, state.active)
        self.end_first_turn(engine)
        moments.go_to(self, engine, None, "")  # (between turns: the next does not end it again)
        control.end_period(engine, "turn")
        state.active = 1 - state.active

    def end_phase_abilities(self, engine: Engine, player: int) -> None:
        """§313: after the end-of-turn triggers the active player may still use abilities
        that are not actions nor movement (Fury's "lose a counter and open", T-22)."""
        abilities.declare_until_pass(self, engine, player, "end phase", abilities.idle)

    def after_event(self, engine: Engine, event: Event) -> None:
        """An attack's "attacks" events open one trigger family each: "before this attacks",
        "when this attacks", "after this attacks" (``strike.moment``); a waiting chain
        keeps where its source was if it has just left play (``sources_left``)."""
        sources_left.note(engine, event)
        if event.name == "attacks" and engine.pending:
            engine.pending[:] = [
                t
                for t in engine.pending
                if t.event is not event
                or strike.moment(event, getattr(t.ability.node, "timing", "when"))
            ]

    # ---- replacement (§419) ------------------------------------------------------------
    def replaceable(self, change: str, args: dict[str, Any]) -> str | None:
        """A card about to be destroyed: "if … would be destroyed, … instead" may replace it."""
        if change == "destroy":
            args.setdefault("uid", args.get("target"))
            return "is_destroyed"
        return None

    def choose_replacement(self, engine: Engine, found: list[Any], args: dict[str, Any]) -> Any:
        """§419.6: only one replacement applies. One player's: that player picks (§419.6а);
        several players': the owner of the action picks (§419.6б), the controller of the
        card whose text acts (the change's cause, the engine's latest), or of the affected
        card for a rule's action."""
        if len(found) == 1:
            return found[0]
        cards = engine.state.cards
        owners = {cards[f[1]].controller for f in found}
        if len(owners) == 1:
            player = owners.pop()
        else:
            acting = engine.recent[-1].source if engine.recent else None
            player = cards[acting if acting in cards else args["uid"]].controller
        labels = [f"{engine.definition(f[1]).name}: {f[2].where}" for f in found]
        (picked,) = engine.choose(player, "option", "which replacement applies?", found, labels)
        return found[picked]

    def actions(self, engine: Engine, player: int) -> list[tuple[str, int, Any]]:
        out: list[tuple[str, int, Any]] = []
        for uid in self.creatures(engine, player):
            for target in strike.targets(self, engine, uid):
                out.append(("strike", uid, target))
        for uid in self.creatures(engine, player):
            for cell in self.steps(engine, uid):
                out.append(("move", uid, cell))
        for uid in abilities.revealable(self, engine, player):
            out.append(("reveal", uid, None))
        for uid in self.squad(engine, player):
            if abilities.can_accumulate(self, engine, uid):
                out.append(("accumulate", uid, None))
            if strike.can_close_for_flyers(self, engine, uid):
                out.append(("close_for_flyers", uid, None))
        for uid, ability, aim in abilities.options(self, engine, player):
            if aim is None or not self.own_attack(engine, uid, ability, aim):
                out.append(("ability", uid, (ability, aim)))
        return out

    def own_attack(self, engine: Engine, uid: int, ability: CompiledAbility, target: int) -> bool:
        """An attack ability aimed at its own side: legal, but the agents are not offered it."""
        found = targeting.first_target(ability)
        mine = engine.state.cards[uid].controller
        return (
            found is not None
            and found[1] is not None
            and (engine.state.cards[target].controller == mine)
        )

    def label(self, engine: Engine, kind: str, uid: int, what: Any) -> str:
        name = engine.definition(uid).name
        if kind == "move":
            return f"move {name} to {cell_name(what)}"
        if kind == "ability":
            return abilities.label(engine, (uid, *what))
        if kind == "reveal":
            return f"reveal {name}"
        if kind == "accumulate":
            return f"{name} accumulates a counter"
        if kind == "close_for_flyers":
            return f"{name} closes to strike at flyers"
        return f"{name} strikes {engine.definition(what).name}"

    def main_phase(self, engine: Engine, player: int) -> None:
        for _ in range(self.max_actions):
            if engine.state.result is not None:
                return
            options = self.actions(engine, player)
            if not options:
                return
            about = [_cards_of(*o) for o in options]
            labels = placed(engine, about, [self.label(engine, *o) for o in options])
            (picked,) = engine.choose(
                player, "action", "main phase", [*options, None], [*labels, "end turn"]
            )
            if picked >= len(options):
                return
            kind, uid, what = options[picked]
            if kind == "move":
                self.move_card(engine, uid, what)
            elif kind == "ability":
                abilities.declare(self, engine, uid, *what)
            elif kind == "reveal":
                self.reveal_card(engine, uid)
            elif kind == "accumulate":
                abilities.accumulate(self, engine, uid)
            elif kind == "close_for_flyers":
                strike.close_for_flyers(self, engine, uid)
            else:
                strike.attack(self, engine, uid, what)
            self.resolve_pending(engine)

    # ---- scenarios ------------------------------------------------------------------------
    scenario_actions = (
        "setup", "set_preparation_step", "vanguard_step", "battle_start_step", "reveal_step",
        "hidden", "event_order",
        "mulligan", "move", "strike", "activate", "accumulate", "close_for_flyers", "reveal",
        "can_target",
        "cell", "can_strike", "defenders", "wound", "heal", "recruit", "budget",
        "allowed_cells", "geometry", "start_turn", "end_turn", "turn", "game",
    )  # fmt: skip
    scenario_setup_fields: ClassVar[Mapping[str, Any]] = {
        "first": {"type": "integer", "minimum": 0}
    }
    scenario_card_fields: ClassVar[Mapping[str, Any]] = {
        "cell": {
            "type": "string",
            "pattern": CELL_PATTERN,
            "description": 'a column A to E and a row 1 to 3, primed for the second seat: B2, B2"',
        },
        "host": {"type": "string"},
    }
    scenario_action_fields: ClassVar[Mapping[str, Any]] = {
        "ability": {"type": ["string", "integer"]},  # its name (or its number)
        "cell": {"type": "string"},
        "cells": {"$ref": "#/definitions/words"},
        "event": {"type": "string"},
        "first": {"type": "integer", "minimum": 0, "maximum": 7},
        "qualities": {"$ref": "#/definitions/words"},
        "query": {"type": "string"},
        "source": {"type": "string"},
        "rolls": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
    }

    def scenario_setup(self, engine: Engine, setup: Mapping[str, Any]) -> None:
        self.know_verbs(engine)
        state = engine.state
        state.data.setdefault("first", int(setup.get("first", state.active)))
        for index, spec in enumerate(setup.get("players", [])):
            player = state.players[index]
            entries = spec.get("zones", {}).get("battlefield", [])
            for uid, entry in zip(list(player.zone("battlefield")), entries, strict=False):
                if isinstance(entry, Mapping) and "cell" in entry:
                    cell = parse_cell(str(entry["cell"]))
                    state.cards[uid].data["cell"] = [cell[0], cell[1]]
                if isinstance(entry, Mapping) and "host" in entry:
                    hosts.attach(engine, uid, self._find(engine, str(entry["host"]), "battlefield"))
            for uid in player.zone("deck"):
                state.cards[uid].face_up = False
        state.data[hidden.HIDDEN] = bool(hidden.hidden_cards(self, engine))
        if state.phase == "setup":
            state.phase = "main_phase"

    def _geometry(self, action: dict[str, Any]) -> None:
        """Cell queries: ``neighbours`` (``cell``), ``opposite`` (``cell``, ``player``),
        ``direction`` (``source``, ``target``) and ``line`` (``cells``)."""
        query = str(action["query"])
        found: Any
        if query == "neighbours":
            found = sorted(cell_name(c) for c in neighbours(parse_cell(str(action["cell"]))))
            expected: Any = sorted(str(c) for c in action["expected"])
        elif query == "opposite":
            cell = opposite(parse_cell(str(action["cell"])), int(action.get("player", 0)))
            found, expected = cell and cell_name(cell), action["expected"]
        elif query == "direction":
            cell = direction(parse_cell(str(action["source"])), parse_cell(str(action["target"])))
            found, expected = cell and cell_name(cell), action["expected"]
        elif query == "line":
            found = on_one_line([parse_cell(str(c)) for c in action["cells"]])
            expected = bool(action["expected"])
        else:
            raise ValueError(f"no geometry query {query!r}")
        if found != expected:
            raise ScenarioMismatch(f"{query}: expected {expected}, got {found}")

    def _find(self, engine: Engine, card_id: str, zone: str | None = None) -> int:
        for card in engine.state.cards.values():
            if card.card_id == card_id and (zone is None or card.zone == zone):
                return card.uid
        raise ValueError(f"no card {card_id!r} in the game")

    def scenario_action(self, engine: Engine, name: str, action: dict[str, Any]) -> None:
        state = engine.state
        player = int(action.get("player", state.active))

        def card(key: str = "card", zone: str | None = None) -> int:
            return self._find(engine, str(action[key]), zone)

        if "rolls" in action:
            state.data["rolls"] = [int(r) for r in action["rolls"]]
        if "cells" in action:
            state.data["cells"] = [list(parse_cell(str(c))) for c in action["cells"]]
        if name == "setup":
            if "first" in action:
                state.data["force_first"] = int(action["first"])
            self.setup(engine, action["decks"])
        elif name == "set_preparation_step":
            self.set_preparation(engine)
        elif name == "vanguard_step":
            self.vanguard_step(engine)
        elif name == "battle_start_step":
            self.battle_start(engine)
        elif name == "reveal_step":
            self.reveal(engine)
        elif name == "hidden":
            found = sorted(
                state.cards[u].card_id
                for p in range(len(state.players))
                for u in self.squad(engine, p)
                if not state.cards[u].face_up
            )
            if found != sorted(action.get("expected", [])):
                raise ScenarioMismatch(f"hidden cards: {found}")
        elif name == "event_order":
            found = [  # this turn's cards the event happened to, in order
                state.cards[subject].card_id
                for event, subject, *_ in state.history
                if event == action["event"] and subject in state.cards
            ]
            if found != list(action["expected"]):
                raise ScenarioMismatch(f"{action['event']} happened to {found}")
        elif name == "mulligan":
            self.mulligan(engine, player)
        elif name == "move":
            self.move_card(engine, card(), parse_cell(str(action["to"])))
            self.resolve_pending(engine)  # as after a move in the main phase ("when this moves")
        elif name == "strike":
            defender: int | bool | None = True
            if "defender" in action:
                defender = card("defender") if action["defender"] else None
            strike.attack(self, engine, card("attacker"), card("target"), defender)
        elif name == "activate":
            ability = abilities.find(engine, card(), str(action["ability"]))
            target = card("target") if action.get("target") else None
            abilities.declare(self, engine, card(), ability, target)
        elif name == "accumulate":
            abilities.accumulate(self, engine, card())
        elif name == "close_for_flyers":
            strike.close_for_flyers(self, engine, card())
        elif name == "reveal":
            uid = card()
            if uid not in abilities.revealable(self, engine, state.cards[uid].controller):
                raise ValueError(f"{action['card']} cannot be revealed now")
            self.reveal_card(engine, uid)
        elif name == "can_target":
            uid = card()
            ability = abilities.find(engine, uid, str(action["ability"]))
            found = sorted(
                state.cards[u].card_id for u in targeting.legal_targets(self, engine, uid, ability)
            )
            if found != sorted(action.get("expected", [])):
                raise ScenarioMismatch(f"{action['card']} may target {found}")
        elif name == "cell":
            found_cell = self.cell(engine, card())
            where = cell_name(found_cell) if found_cell is not None else None
            if where != action["expected"]:
                raise ScenarioMismatch(f"{action['card']} is on {where}")
        elif name == "can_strike":
            found = sorted(
                state.cards[u].card_id for u in strike.targets(self, engine, card("attacker"))
            )
            if found != sorted(action.get("targets", [])):
                raise ScenarioMismatch(f"{action['attacker']} may strike {found}")
        elif name == "defenders":
            found = sorted(
                state.cards[u].card_id
                for u in strike.defenders(self, engine, card("attacker"), card("target"))
            )
            if found != sorted(action.get("expected", [])):
                raise ScenarioMismatch(f"defenders: {found}")
        elif name == "wound":
            qualities = tuple(str(q) for q in action.get("qualities", ("attack", "melee")))
            engine.apply(
                "deal_damage",
                Cause(rule="scenario"),
                target=card(),
                amount=int(action["amount"]),
                kind="wound",
                source=None,
                qualities=qualities,
            )
            self.resolve_pending(engine)  # (what the wounds triggered, as in a game)
        elif name == "heal":
            engine.apply(
                "heal", Cause(rule="scenario"), target=card(), amount=int(action["amount"])
            )
            self.resolve_pending(engine)  # (what the healing triggered, as ``wound``)
        elif name == "recruit":
            chosen: list[int] = list(state.players[player].zone("set"))
            for card_id in action["cards"]:
                uid = next(
                    u
                    for u in state.players[player].zone("deal")
                    if state.cards[u].card_id == card_id and u not in chosen
                )
                if not self.can_recruit(engine, player, chosen, uid):
                    raise ValueError(f"{card_id} cannot be recruited")
                chosen.append(uid)
            for uid in chosen:
                if state.cards[uid].zone != "set":
                    state.move(uid, "set", player=player)
        elif name == "budget":
            uids = [self._find(engine, str(c)) for c in action.get("cards", [])]
            found_budget = list(self.budget(engine, player, uids))
            if found_budget != list(action["expected"]):
                raise ScenarioMismatch(f"budget: {found_budget}")
        elif name == "allowed_cells":
            cells = sorted(cell_name(c) for c in self.allowed_cells(engine, player))
            if cells != sorted(str(c) for c in action["expected"]):
                raise ScenarioMismatch(f"allowed cells: {cells}")
        elif name == "geometry":
            self._geometry(action)
        elif name == "start_turn":
            state.turn += 1
            self.start_turn(engine)
        elif name == "end_turn":
            self.end_turn(engine)
        elif name == "turn":
            self.turn(engine)
        elif name == "game":
            self.play(engine)
        else:
            super().scenario_action(engine, name, action)


def _cards_of(kind: str, uid: int, what: Any) -> tuple[Any, ...]:
    """The cards a main-phase option is about, for ``placed``: its card, and whom it
    strikes or its ability targets (a move's cell is none)."""
    return (uid, *what[1:]) if kind == "ability" else (uid, what)


BUNDLED = BundledGame(GAME, BerserkKernel)
berserk_pool = BUNDLED.pool
new_engine = BUNDLED.new_engine
deck_ids = BUNDLED.deck_ids
BUNDLED.register()

__all__ = ["COLUMNS", "BerserkKernel", "berserk_pool", "deck_ids", "new_engine"]
