"""Movement on the battlefield (spec berserk.md §10, A10): steps, Leap and Teleportation
("move this to any free cell"), Agility's step, swapping places (Maneuver) and halting
(spending all movement units, their cost).

A creature steps one cell at a time, orthogonally, onto free cells (incorporeal ones onto
occupied cells too), while it is open, revealed, has not acted and has movement units
left; after an action it cannot move this turn (§219).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardscript.grammar import ast
from cardscript.interpreter import cost_cards
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.primitives import move
from cardscript.kernels.berserk import (
    abilities,
    control,
    counter_costs,
    distribution,
    modifiers,
    payment,
    priority,
    redirection,
    strike,
    unity,
)
from cardscript.kernels.berserk.field import FieldKernel
from cardscript.kernels.berserk.geometry import HEIGHT, WIDTH, Cell, cell_name, neighbours, own_rows
from cardscript.kernels.berserk.hosts import LOST_HOST, attachments, follow_host, host_of

# "move this to …": places on the battlefield that name a cell to choose, not a zone
CELL_ZONES = frozenset({"any_free_cell", "free_adjacent_cell", "third_row"})
SQUAD = frozenset({"battlefield", "additional_zone"})  # в отряде (§206.2)


class BoardKernel(FieldKernel):
    """The field with movement; the turn structure is in ``kernel.py``."""

    source_qualities = frozenset({"cheaper"})  # of a lower cost than the speaking card
    ability_copiers = frozenset({"copy_attack_abilities"})  # Unity X

    def __init__(self) -> None:
        super().__init__()
        self._modded: dict[int, set[str]] = {}

    def respond(self, engine: Engine, what: str, nested: bool = False) -> None:
        priority.window(self, engine, what, nested)

    def primitives(self) -> dict[str, Any]:
        base = super().primitives()
        return {
            **base,
            **control.primitives(self, base["remove_counters"]),
            "halt": self._halt,
            "move": self._move,
            "swap": self._swap,
            "summon": self._summon,
            "resurrect": self._resurrect,
            "distribute": distribution.distribute(self),
            "spend": counter_costs.spend(self),
            "copy_attack_abilities": unity.copy_attack_abilities,
            "block": abilities.block,
            "cancel": abilities.cancel,
            "weaken": strike.reduce_to_weak,
            "redirect": redirection.primitive(self),
        }

    def quality_of_source(self, engine: Engine, uid: int, quality: str, source: int | None) -> bool:
        if quality == "cheaper":
            return unity.cheaper(engine, uid, source)
        return super().quality_of_source(engine, uid, quality, source)

    def most_payable(
        self, engine: Engine, player: int, source: int | None, action: ast.Action
    ) -> int | None:
        """Counters (``payment``); cards, as "close 2 creatures you control": the shared
        reading, the open ones (``cost_cards``); crystals, "pay 1 gold": the player's."""
        found = payment.most_payable(self, engine, player, source, action)
        if found is None and (action.verb == "pay" or cost_cards.counted(action) is not None):
            return super().most_payable(engine, player, source, action)
        return found

    def cost_resource(self, action: ast.Action) -> str | None:
        return payment.cost_resource(action)

    def movement_left(self, engine: Engine, uid: int) -> int:
        card = engine.state.cards[uid]
        return self.fast_stat(engine, uid, "movement") - int(card.data.get("moved", 0))

    def fast_stat(self, engine: Engine, uid: int, stat: str) -> int:
        """``engine.stat``, skipping the scan of static abilities when no card of the pool
        and no lasting effect changes this stat (a hot path: every legal action asks)."""
        modded = self._modded.get(id(engine.pool))
        if modded is None:
            modded = self._modded[id(engine.pool)] = {
                mod.stat
                for card in engine.pool.cards.values()
                for ability in card.abilities
                for mod in modifiers.stat_mods(ability.node)
            }
        if stat in modded or engine.state.lasting:
            return engine.stat(uid, stat)
        return self.clamp(engine, uid, stat, self.printed(engine, uid, stat))

    def ready(self, engine: Engine, uid: int) -> bool:
        """On the battlefield, revealed, open and has not acted this turn."""
        card = engine.state.cards[uid]
        return (
            card.zone == "battlefield"
            and card.face_up
            and "closed" not in card.states
            and not card.data.get("acted")
        )

    def can_move(self, engine: Engine, uid: int) -> bool:
        return (
            self.ready(engine, uid)
            and engine.definition(uid).type == "creature"
            and not engine.definition(uid).get("subtype")
            and bool(engine.rule("can_move", uid=uid))
            and self.movement_left(engine, uid) > 0
        )

    def steps(self, engine: Engine, uid: int) -> list[Cell]:
        """Free cells one step away: orthogonal only, no swapping (INTRO, A10)."""
        here = self.cell(engine, uid)
        if here is None or not self.can_move(engine, uid):
            return []
        taken = self.occupied(engine)
        onto = bool(engine.rule("move_onto_occupied", uid=uid))
        deltas = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if engine.rule("diagonal_movement", uid=uid):
            deltas += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        out: list[Cell] = []
        for dx, dy in deltas:
            cell = (here[0] + dx, here[1] + dy)
            if 0 <= cell[0] < WIDTH and 0 <= cell[1] < HEIGHT and (onto or cell not in taken):
                out.append(cell)
        return out

    def _halt(self, engine: Engine, cause: Cause, target: Any, **_: Any) -> bool:
        """Spend all movement units of an open creature that has neither moved nor acted
        (the cost of Leap, Teleportation and Maneuver)."""
        if not isinstance(target, int) or not self.can_move_at_all(engine, target):
            return False
        engine.state.cards[target].data["moved"] = self.fast_stat(engine, target, "movement")
        return True

    def can_move_at_all(self, engine: Engine, uid: int) -> bool:
        return self.ready(engine, uid) and not engine.state.cards[uid].data.get("moved")

    def free_cells(self, engine: Engine, uid: int, zone: str) -> list[Cell]:
        """The cells a "move … to <zone>" may choose: any free cell (Leap, Teleportation),
        a free adjacent one, diagonals included (Agility), or a free one of the
        controller's third row (Incarnation)."""
        taken = self.occupied(engine)
        here = self.cell(engine, uid)
        if zone == "free_adjacent_cell":
            cells = neighbours(here) if here is not None else []
        elif zone == "third_row":
            back = own_rows(engine.state.cards[uid].controller)[2]
            cells = [(x, back) for x in range(WIDTH)]
        else:
            cells = [(x, y) for y in range(HEIGHT) for x in range(WIDTH)]
        return [c for c in cells if c not in taken]

    def pick_cell(self, engine: Engine, player: int, cells: list[Cell], name: str) -> Cell | None:
        """The player's choice among ``cells``; scenario cells (``state.data["cells"]``)
        answer first. None when there is no cell."""
        forced = engine.state.data.get("cells")
        if forced:
            wanted = tuple(forced.pop(0))
            if wanted not in cells:
                raise ValueError(f"{name} cannot go to {cell_name((wanted[0], wanted[1]))}")
            return int(wanted[0]), int(wanted[1])
        if not cells:
            return None
        labels = [cell_name(c) for c in cells]
        (picked,) = engine.choose(player, "option", "choose a cell", cells, labels)
        return cells[picked]

    def _move(self, engine: Engine, cause: Cause, uid: int, zone: str, **kw: Any) -> Any:
        """Moving to a cell chosen by the card's controller (``CELL_ZONES``); any other
        zone is the common move. A card from outside the squad is taken into it."""
        if zone not in CELL_ZONES:
            riders = attachments(engine, uid) if zone != "battlefield" else []
            move(engine, cause, uid, zone, **kw)
            follow_host(engine, uid, riders, LOST_HOST)  # §210.7: a base effect, uncancellable
            return None
        card = engine.state.cards[uid]
        if card.zone not in SQUAD:
            return self._onto_cell(engine, cause, uid, zone)
        if host_of(engine, uid) is not None:
            return False  # §210.11, §214.7: a rider moves only with its host
        cells = self.free_cells(engine, uid, zone)
        cell = self.pick_cell(engine, card.controller, cells, engine.definition(uid).name)
        if cell is None:
            return False
        if card.zone != "battlefield":
            engine.state.move(uid, "battlefield", player=card.controller)
        card.data["cell"] = [cell[0], cell[1]]
        engine.emit(Event("moves", subject=uid, player=card.controller))
        return True

    def _onto_cell(self, engine: Engine, cause: Cause, uid: int, zone: str) -> bool:
        """A card put onto a cell from a deck or a graveyard is taken into the squad of the
        source's controller (GLOSS «Поместить карту на клетку», «Взять в отряд»), open;
        "a free adjacent cell" is one next to the source, chosen on resolution.
        [ASSUMPTION] with no such cell nothing is put: the card stays where it is (the
        rulebook is silent; a summon whose cell is gone is cancelled, DICT «Вызов»)."""
        source = uid if cause.source is None else cause.source
        card = engine.state.cards[uid]

        def cell() -> Cell | None:
            cells = self.free_cells(engine, source, zone)
            return self.pick_cell(engine, card.controller, cells, engine.definition(uid).name)

        return self._into_squad(engine, source, uid, card.zone, cell, None)

    def _summon(self, engine: Engine, cause: Cause, target: Any, **_: Any) -> bool:
        """Summon (DICT «Вызов»): a card from the deck joins the summoner's squad; the deck
        is shuffled."""
        return self._into_squad_declared(engine, cause, target, "deck", "is_summoned")

    def _resurrect(self, engine: Engine, cause: Cause, target: Any, **_: Any) -> bool:
        """Resurrection (DICT «Возрождение»): a card from a graveyard joins the squad of
        the resurrecting card's controller; its owner stays its owner (§206.3а)."""
        if isinstance(target, int) and engine.permitted("be_resurrected", target) is False:
            return False
        return self._into_squad_declared(engine, cause, target, "graveyard", "is_resurrected")

    def _into_squad_declared(
        self, engine: Engine, cause: Cause, target: Any, zone: str, event: str
    ) -> bool:
        """A summon or resurrection: onto the cell declared as its target (DICT), else a
        free one adjacent to the source chosen now."""
        source = cause.source
        if source is None or not isinstance(target, int):
            return False
        me = engine.state.cards[source].controller

        def cell() -> Cell | None:
            declared = abilities.declared_cell(engine, source)
            if declared is not None:
                return declared
            cells = self.free_cells(engine, source, "free_adjacent_cell")
            return self.pick_cell(engine, me, cells, engine.definition(target).name)

        return self._into_squad(engine, source, target, zone, cell, event)

    def _into_squad(
        self,
        engine: Engine,
        source: int,
        target: int,
        zone: str,
        cell_of: Callable[[], Cell | None],
        event: str | None,
    ) -> bool:
        """A card from ``zone`` joins the squad of the source's controller, shown to all
        (§206.8), on the cell ``cell_of`` picks (a flyer in the additional zone, §211.2а);
        a summoned or resurrected one (``event``) open unless ``enters_squad_as`` says
        closed. With no cell it is cancelled. A deck a card left is shuffled (§206.10)."""
        state = engine.state
        card = state.cards[target]
        if card.zone != zone or engine.permitted("be_taken_into_squad", target) is False:
            return False
        me = state.cards[source].controller
        if self.is_flyer(engine, target):
            state.move(target, "additional_zone", player=me)
        else:
            cell = cell_of()
            if cell is None:
                return False
            state.move(target, "battlefield", player=me)
            card.data["cell"] = [cell[0], cell[1]]
        card.face_up = True
        if event is not None and engine.rule("enters_squad_as", uid=target) == "closed":
            card.states.add("closed")
        else:
            card.states.discard("closed")
        if zone == "deck":
            state.rng.shuffle(state.players[card.owner].zone("deck"))
        if event is not None:
            engine.emit(Event(event, subject=target, player=me))
        engine.emit(Event("enters_squad", subject=target, player=me))
        return True

    def _swap(self, engine: Engine, cause: Cause, target: Any, **_: Any) -> bool:
        """Two cards exchange cells at the same moment (поменять местами, GLOSS); a card
        riding on a host cannot be moved apart from it: the swap is blocked (§210.11)."""
        source = cause.source
        if not isinstance(target, int) or source is None:
            return False
        if host_of(engine, source) is not None or host_of(engine, target) is not None:
            return False
        a, b = self.cell(engine, source), self.cell(engine, target)
        if a is None or b is None:
            return False
        engine.state.cards[source].data["cell"] = [b[0], b[1]]
        engine.state.cards[target].data["cell"] = [a[0], a[1]]
        for uid in (source, target):
            engine.emit(Event("moves", subject=uid, player=engine.state.cards[uid].controller))
        return True

    def move_card(self, engine: Engine, uid: int, cell: Cell) -> None:
        if cell not in self.steps(engine, uid):
            name = engine.definition(uid).name
            raise ValueError(f"{name} cannot move to {cell_name(cell)}")
        card = engine.state.cards[uid]
        card.data["cell"] = [cell[0], cell[1]]
        card.data["moved"] = int(card.data.get("moved", 0)) + 1
        engine.emit(Event("moves", subject=uid, player=card.controller))
