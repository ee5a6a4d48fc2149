"""The Berserk kernel (spec berserk.md §3, §7, §9, §10, §13, §19).

A simplified preliminary phase (§7): the first player is drawn by the seeded RNG; starting
crystals follow the CR preset (hooks ``starting_gold``, ``starting_silver``, plus
``second_player_extra_silver`` for the second player, §3.1); each shuffled deck deals
``deal_size`` cards, and each player may mulligan for 1 gold, the first player first
(§302.3); each player recruits a set from the deal within
the budget of §3.2 (elite cards paid in gold only, ``free_elements`` without penalty, the
single-element bonus, at most ``squad_size`` cards and ``flyer_budget`` crystals of flyers);
the cards are placed hidden on the player's allowed cells (§4.3, the zone growing as it
fills), flyers in the additional zone; then every card is revealed and the first player's
turn begins.

A turn (§9): the active player's closed cards open and movement is refreshed, "at the start
of your turn" triggers resolve; then the main phase: the active player moves creatures one
step at a time (§10), attacks with simple strikes (``strike.py``) and declares playable
abilities (``abilities.py``: actions such as shots, throws and discharges, ``attacks.py``)
in any order; the end
phase ends "until end of turn" effects and passes the turn. Triggered abilities resolve at
once after each action (no stack yet). A player with no creatures loses (§102.3а).

Scenario actions (``do:``): ``setup`` (``decks``, ``first``: the first player's seat),
``move`` (``card``, ``to``: a cell such as ``C2`` or ``C1"``), ``strike`` (``attacker``,
``target``, ``defender``: a card, none, or absent to ask the inactive player; ``rolls``:
the dice, attacker first), ``can_strike`` (``attacker``, ``targets``: the expected legal
targets), ``activate`` (``card``, ``ability``: its keyword's name such as ``Shot`` or its
index, ``target``), ``can_target`` (``card``, ``ability``, ``expected``: its legal first
targets), ``cell`` (``card``, ``expected``: its cell, or null off the battlefield;
``cells`` on any action answers "choose a cell"), ``defenders`` (``attacker``,
``target``, ``expected``), ``wound`` (``card``,
``amount``, ``qualities``: by default an attack, [attack, melee]), ``heal`` (``card``,
``amount``), ``recruit`` (``player``, ``cards``: ids from the deal), ``budget``
(``player``, ``cards``, ``expected``: [gold, total] budget), ``allowed_cells``
(``player``, ``expected``), ``mulligan`` (``player``),
``vanguard_step``, ``accumulate`` (``card``), ``reveal`` (``card``),
``close_for_flyers`` (``card``), ``geometry`` (``query``:
neighbours, opposite, direction or line; see ``_geometry``), ``start_turn``,
``end_turn``, ``turn`` and ``game``.
``allowed: false`` expects the action refused. In ``setup:``, a battlefield entry's
``cell`` places it; ``rolls`` on any action feeds the dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardscript.interpreter.agents import Agent
from cardscript.interpreter.cards import CardPool, CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.playable import bundled_pool, deck_card_ids, register_game
from cardscript.kernels.berserk import abilities, strike
from cardscript.kernels.berserk.field import (
    COLUMNS,
    GAME,
    RULE,
    Cell,
    cell_name,
    direction,
    neighbours,
    on_one_line,
    opposite,
    own_rows,
    parse_cell,
)
from cardscript.kernels.berserk.movement import BoardKernel

ELEMENTS = ("steppe", "forest", "mountains", "swamps", "darkness", "fire")


class BerserkKernel(BoardKernel):
    """The preliminary phase, the turn structure and the scenario actions."""

    # ---- preliminary phase (§7) ---------------------------------------------------------
    def setup(self, engine: Engine, decks: Sequence[Sequence[str]]) -> None:
        state = engine.state
        state.phase = "setup"
        forced = state.data.pop("force_first", None)
        first = int(forced) if forced is not None else state.rng.below(len(state.players))
        state.data["first"] = first
        state.active = first
        for player, deck in enumerate(decks):
            res = state.players[player].resources
            res["gold"] = int(engine.rule("starting_gold", player=player))
            res["silver"] = int(engine.rule("starting_silver", player=player))
            if player != first:
                res["silver"] += int(engine.rule("second_player_extra_silver", player=player))
            for card_id in deck:
                state.create_card(card_id, player, "deck", face_up=False)
            self.deal(engine, player)
        for player in self.order(engine):
            self.mulligans(engine, player)
        for player in self.order(engine):
            self.recruit_loop(engine, player)
        for player in self.order(engine):
            self.place_all(engine, player)
        self.reveal(engine)
        self.vanguard_step(engine)
        state.turn = 0

    def deal(self, engine: Engine, player: int) -> None:
        """§302.1: shuffle the deck and deal ``deal_size`` cards face up."""
        state = engine.state
        state.rng.shuffle(state.players[player].zone("deck"))
        dealt = int(engine.rule("deal_size", player=player))
        for uid in list(state.players[player].zone("deck"))[-dealt:]:
            state.move(uid, "deal", player=player)
            state.cards[uid].face_up = True

    def can_mulligan(self, engine: Engine, player: int) -> bool:
        kept = engine.state.data.get("kept", [])
        gold = engine.state.players[player].resources.get("gold", 0)
        return player not in kept and 0 < int(engine.rule("mulligan_cost", player=player)) <= gold

    def mulligan(self, engine: Engine, player: int) -> None:
        """§302.3: pay 1 gold, shuffle the deal back into the deck and deal again."""
        if not self.can_mulligan(engine, player):
            raise ValueError(f"{engine.state.players[player].name} cannot mulligan")
        state = engine.state
        state.players[player].resources["gold"] -= int(engine.rule("mulligan_cost", player=player))
        for uid in list(state.players[player].zone("deal")):
            state.move(uid, "deck", player=player)
            state.cards[uid].face_up = False
        self.deal(engine, player)
        engine.emit(Event("mulligans", player=player))

    def mulligans(self, engine: Engine, player: int) -> None:
        """§302.3а–б: the first player takes all their mulligans, then keeps; only then
        the second player; a kept deal is kept for the game."""
        while self.can_mulligan(engine, player):
            (picked,) = engine.choose(
                player, "option", "keep the deal?", ["keep", "mulligan"], ["keep", "mulligan"]
            )
            if picked == 0:
                break
            self.mulligan(engine, player)
        engine.state.data.setdefault("kept", []).append(player)
        engine.emit(Event("keeps", player=player))

    def order(self, engine: Engine) -> list[int]:
        first = engine.state.active
        return [first, 1 - first]

    def budget(self, engine: Engine, player: int, cards: Sequence[int]) -> tuple[int, int]:
        """§3.2: (gold budget, total budget) for a set made of ``cards``."""
        res = engine.state.players[player].resources
        elements: set[str] = set()
        for uid in cards:
            found = engine.definition(uid).get("element")
            for element in found if isinstance(found, list) else [found]:
                if element in ELEMENTS:
                    elements.add(str(element))
        count = len(elements)
        gold = int(res.get("gold", 0)) - max(
            0, count - int(engine.rule("free_elements", player=player))
        )
        if count == 1:
            gold += int(engine.rule("single_element_bonus", player=player))
        return gold, gold + int(res.get("silver", 0))

    def can_recruit(self, engine: Engine, player: int, chosen: Sequence[int], uid: int) -> bool:
        cards = [*chosen, uid]
        if len(cards) > int(engine.rule("squad_size", player=player)):
            return False
        gold, total = self.budget(engine, player, cards)

        def cost(u: int) -> int:
            value = engine.definition(u).get("cost", 0)
            return value if isinstance(value, int) else 0

        elite = sum(cost(u) for u in cards if engine.definition(u).get("elite"))
        if engine.rule("elite_gold_only", player=player) and elite > gold:
            return False
        if sum(cost(u) for u in cards) > total:
            return False
        flyers = sum(cost(u) for u in cards if engine.definition(u).get("subtype") == "flying")
        if flyers > int(engine.rule("flyer_budget", player=player)):
            return False
        terrain = [u for u in cards if engine.definition(u).type == "terrain"]
        if len(terrain) > int(engine.rule("terrain_limit", player=player)):
            return False
        names = [engine.definition(u).name for u in cards]
        for u in cards:  # Uniqueness: one card of that name in the squad
            limit = self.printed_rule(engine, u, "squad_copy_limit")
            if isinstance(limit, int) and names.count(engine.definition(u).name) > limit:
                return False
        return True

    def recruit(self, engine: Engine, player: int, uid: int) -> None:
        chosen = list(engine.state.players[player].zone("set"))
        if engine.state.cards[uid].zone != "deal" or not self.can_recruit(
            engine, player, chosen, uid
        ):
            raise ValueError(f"{engine.definition(uid).name} cannot be recruited")
        engine.state.move(uid, "set", player=player)

    def recruit_loop(self, engine: Engine, player: int) -> None:
        state = engine.state
        state.step = "recruitment_step"
        for _ in range(int(engine.rule("squad_size", player=player))):
            chosen = list(state.players[player].zone("set"))
            options = [
                u
                for u in state.players[player].zone("deal")
                if self.can_recruit(engine, player, chosen, u)
            ]
            if not options:
                break
            labels = [f"recruit {engine.describe(u)}" for u in options]
            done = ["done"] if chosen else []
            (picked,) = engine.choose(
                player, "action", "recruit a card", [*options, *done[:1]], [*labels, *done]
            )
            if picked >= len(options):
                break
            self.recruit(engine, player, options[picked])

    def allowed_cells(self, engine: Engine, player: int) -> list[Cell]:
        """§4.3: the deployment zone, growing as it fills."""
        front, middle, back = own_rows(player)
        first = engine.state.data.get("first", 0) == player
        base = [(x, y) for y in (front, middle, back) for x in (1, 2, 3)]
        if not first:
            base += [(0, front), (4, front)]
        taken = self.occupied(engine)
        zone = list(base)
        if all(c in taken for c in zone):
            zone += [(x, y) for y in (middle, back) for x in (0, 4)]
            if first and all(c in taken for c in zone):
                zone += [(0, front), (4, front)]
        return [c for c in zone if c not in taken]

    def place(self, engine: Engine, player: int, uid: int, cell: Cell | None) -> None:
        card = engine.state.cards[uid]
        if self.is_flyer(engine, uid) or engine.definition(uid).type == "terrain":
            engine.state.move(uid, "additional_zone", player=player)
        else:
            if cell is None or cell not in self.allowed_cells(engine, player):
                raise ValueError(f"{engine.definition(uid).name} cannot be placed there")
            engine.state.move(uid, "battlefield", player=player)
            card.data["cell"] = [cell[0], cell[1]]
        card.face_up = False

    def place_all(self, engine: Engine, player: int) -> None:
        engine.state.step = "placement_step"
        for uid in list(engine.state.players[player].zone("set")):
            cells = self.allowed_cells(engine, player)
            if self.is_flyer(engine, uid) or engine.definition(uid).type == "terrain":
                self.place(engine, player, uid, None)
                continue
            if not cells:
                engine.state.move(uid, "deck", player=player, position=0)
                continue
            labels = [f"{engine.definition(uid).name} on {cell_name(c)}" for c in cells]
            (picked,) = engine.choose(player, "option", "place the card", cells, labels)
            self.place(engine, player, uid, cells[picked])

    def reveal(self, engine: Engine) -> None:
        state = engine.state
        state.step = "reveal_step"
        for player in self.order(engine):
            for uid in self.squad(engine, player):
                if not self.stays_hidden(engine, uid):
                    self.reveal_card(engine, uid)
        state.phase, state.step = "main_phase", None
        self.resolve_pending(engine)
        self.check_victory(engine)

    def vanguard_step(self, engine: Engine) -> None:
        """§308: "at the start of the vanguard step" abilities (Vanguard), the first
        player's first; they resolve at once, before the first turn."""
        state = engine.state
        state.phase, state.step = "preliminary_phase", "vanguard_step"
        engine.emit(Event("start:vanguard_step", player=state.active))
        self.resolve_pending(engine, active_first=True)
        state.phase, state.step = "main_phase", None
        for uid in [u for p in self.order(engine) for u in self.squad(engine, p)]:
            state.cards[uid].data.pop("acted", None)

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
        state.phase, state.step = "beginning_phase", "turn_preparation_step"
        engine.emit(Event("before_start:turn", player=me))  # §310: Thirst
        self.resolve_pending(engine)
        state.step = "turn_start_step"
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
        engine.emit(Event("start:turn", player=me))
        self.resolve_pending(engine)
        state.phase, state.step = "main_phase", None

    def end_turn(self, engine: Engine) -> None:
        state = engine.state
        state.phase = "end_phase"
        engine.emit(Event("end:turn", player=state.active))
        self.resolve_pending(engine)
        self.end_phase_abilities(engine, state.active)
        engine.end_period("turn")
        state.used = {k: v for k, v in state.used.items() if not k.startswith("armor:")}
        state.active = 1 - state.active
        state.phase = "main_phase"

    def end_phase_abilities(self, engine: Engine, player: int) -> None:
        """§313: after the end-of-turn triggers the active player may still use abilities
        that are not actions nor movement (Fury's "lose a counter and open", T-22)."""
        for _ in range(self.max_actions):
            if engine.state.result is not None:
                return
            found = [o for o in abilities.options(self, engine, player) if abilities.idle(o[1])]
            if not found:
                return
            labels = [abilities.label(engine, o) for o in found]
            (picked,) = engine.choose(
                player, "action", "end phase", [*found, None], [*labels, "pass"]
            )
            if picked >= len(found):
                return
            abilities.declare(self, engine, *found[picked])

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
        found = abilities.first_target(ability)
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
            labels = [self.label(engine, *o) for o in options]
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
    def scenario_setup(self, engine: Engine, setup: Mapping[str, Any]) -> None:
        state = engine.state
        state.data.setdefault("first", int(setup.get("first", state.active)))
        for index, spec in enumerate(setup.get("players", [])):
            player = state.players[index]
            entries = spec.get("zones", {}).get("battlefield", [])
            for uid, entry in zip(list(player.zone("battlefield")), entries, strict=False):
                if isinstance(entry, Mapping) and "cell" in entry:
                    cell = parse_cell(str(entry["cell"]))
                    state.cards[uid].data["cell"] = [cell[0], cell[1]]
            for uid in player.zone("deck"):
                state.cards[uid].face_up = False
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
            raise AssertionError(f"{query}: expected {expected}, got {found}")

    def _find(self, engine: Engine, card_id: str, zone: str | None = None) -> int:
        for card in engine.state.cards.values():
            if card.card_id == card_id and (zone is None or card.zone == zone):
                return card.uid
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
        elif name == "vanguard_step":
            self.vanguard_step(engine)
        elif name == "mulligan":
            self.mulligan(engine, player)
        elif name == "move":
            self.move_card(engine, card(), parse_cell(str(action["to"])))
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
                state.cards[u].card_id for u in abilities.legal_targets(self, engine, uid, ability)
            )
            if found != sorted(action.get("expected", [])):
                raise AssertionError(f"{action['card']} may target {found}")
        elif name == "cell":
            found_cell = self.cell(engine, card())
            where = cell_name(found_cell) if found_cell is not None else None
            if where != action["expected"]:
                raise AssertionError(f"{action['card']} is on {where}")
        elif name == "can_strike":
            found = sorted(
                state.cards[u].card_id for u in strike.targets(self, engine, card("attacker"))
            )
            if found != sorted(action.get("targets", [])):
                raise AssertionError(f"{action['attacker']} may strike {found}")
        elif name == "defenders":
            found = sorted(
                state.cards[u].card_id
                for u in strike.defenders(self, engine, card("attacker"), card("target"))
            )
            if found != sorted(action.get("expected", [])):
                raise AssertionError(f"defenders: {found}")
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
        elif name == "heal":
            engine.apply(
                "heal", Cause(rule="scenario"), target=card(), amount=int(action["amount"])
            )
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
                raise AssertionError(f"budget: {found_budget}")
        elif name == "allowed_cells":
            cells = sorted(cell_name(c) for c in self.allowed_cells(engine, player))
            if cells != sorted(str(c) for c in action["expected"]):
                raise AssertionError(f"allowed cells: {cells}")
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


def berserk_pool(extra: Sequence[Path] = ()) -> CardPool:
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
    pool = pool if pool is not None else berserk_pool(extra)
    return Engine.new(pool.game, pool, BerserkKernel(), agents, seed, log=log)


def deck_ids(pool: CardPool, path: Path) -> list[str]:
    """The card ids of a deck file, read by the deck reader the CLI uses."""
    return deck_card_ids(str(path), pool)


def _factory(seed: int, agents: list[Any], log: GameLog, extra: list[Path]) -> Engine:
    return new_engine(agents, seed, log=log, extra=extra)


def register() -> None:
    register_game(GAME, _factory)


register()

__all__ = ["COLUMNS", "BerserkKernel", "berserk_pool", "deck_ids", "new_engine"]
