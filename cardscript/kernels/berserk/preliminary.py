"""The preliminary phase of a battle (spec berserk.md §3, §7; §300–§308), its seven steps
in order (§301.1): the deal step (the deal and mulligans), the set preparation step ("Before
recruitment:" abilities), the squad recruitment step (the set, within the crystal budget),
the placement step (hidden), the reveal step, the battle start step and the vanguard step.
The phase begins with the deal step and ends with the vanguard step; each step is entered
through ``moments.go_to`` (its start and end raised, what lasts until its end ending).

The first player is drawn by the seeded RNG; starting crystals follow the CR preset
(hooks ``starting_gold``, ``starting_silver``, plus ``second_player_extra_silver`` for
the second player, §3.1); each shuffled deck deals ``deal_size`` cards and each player
may mulligan for 1 gold, the first player first (§302.3); in the set preparation step the
first player, then the second, declares "Before recruitment:" abilities of cards in their
deal, each resolving at once, until they pass (§303, §301.2; ``abilities``); each player
recruits a set from the deal within the budget of §3.2 (elite cards paid in gold only,
``free_elements`` without penalty, the single-element bonus, at most ``squad_size`` cards
and ``flyer_budget`` crystals of flyers, one terrain, Uniqueness); the cards are placed
hidden on the player's allowed cells (§4.3, the zone growing as it fills), flyers and
terrain too; at the reveal step the "Before reveal:" abilities trigger, revealing their
cards, and the players declare them as in the set preparation step (§306.1, §415.2),
passing by only those whose text says «может» (§405.2–405.3, ``abilities``), then
every card but a Stealth one and those the second player keeps hidden in their third row
is revealed, flyers and terrain go to the additional zone and equipment and symbiotes get
their hosts (``hosts.py``); "at the start of the battle" abilities, then the vanguard
step's, resolve.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.kernels.berserk import abilities, hidden, hosts, moments
from cardscript.kernels.berserk.geometry import Cell, cell_name, own_rows
from cardscript.kernels.berserk.movement import BoardKernel

REVEAL = Cause(rule="reveal step")
PHASE = "preliminary_phase"
ELEMENTS = ("steppe", "forest", "mountains", "swamps", "darkness", "fire")


class PreliminaryKernel(BoardKernel):
    """Setting up a battle; the turns are in ``kernel.py``."""

    def setup(self, engine: Engine, decks: Sequence[Sequence[str]]) -> None:
        self.know_verbs(engine)
        state = engine.state
        state.phase = "setup"  # the engine's: before the battle, no registry period
        moments.go_to(self, engine, "deal_step", PHASE)  # the battle begins (§300.1, §302)
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
        self.set_preparation(engine)
        for player in self.order(engine):
            self.recruit_loop(engine, player)
        for player in self.order(engine):
            self.place_all(engine, player)
        self.reveal(engine)
        self.battle_start(engine)
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

    def set_preparation(self, engine: Engine) -> None:
        """§303: the first player has priority to declare "Before recruitment:" abilities
        of cards in their deal, each resolving at once (no stack, §301.2); passing gives
        up the right and hands priority to the second player; both passed, the step ends."""
        moments.go_to(self, engine, abilities.PREPARATION, PHASE)
        self.labelled_lines(engine, "set preparation step")

    def labelled_lines(self, engine: Engine, prompt: str) -> None:
        """The first player declares the lines labelled for this step one at a time,
        each resolving at once, until they pass; then the second player (§303, §306.1)."""
        for player in self.order(engine):
            abilities.declare_until_pass(self, engine, player, prompt)

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
        terrain = [u for u in cards if engine.definition(u).type == "terrain"]
        # Mirage (§103.1, T-01): a card of the set may allow more terrains, different
        # ones, the later ones cheaper; its text speaks from the set, where it is not in play
        limit = self.set_rule(engine, player, cards, "terrain_limit")
        discount = self.set_rule(engine, player, cards, "terrain_discount")
        if len(terrain) > limit:
            return False
        terrain_names = [engine.definition(u).name for u in terrain]
        if len(terrain) > 1 and len(set(terrain_names)) < len(terrain_names):
            return False

        def cost(u: int) -> int:
            value = engine.definition(u).get("cost", 0)
            value = value if isinstance(value, int) else 0
            return max(0, value - discount) if u in terrain[1:] else value

        elite = sum(cost(u) for u in cards if engine.definition(u).get("elite"))
        if engine.rule("elite_gold_only", player=player) and elite > gold:
            return False
        if sum(cost(u) for u in cards) > total:
            return False
        flyers = sum(cost(u) for u in cards if engine.definition(u).get("subtype") == "flying")
        if flyers > int(engine.rule("flyer_budget", player=player)):
            return False
        names = [engine.definition(u).name for u in cards]
        for u in cards:  # Uniqueness: one card of that name in the squad
            limit = self.printed_rule(engine, u, "squad_copy_limit")
            if isinstance(limit, int) and names.count(engine.definition(u).name) > limit:
                return False
        return True

    def set_rule(self, engine: Engine, player: int, cards: Sequence[int], hook: str) -> int:
        """A squad rule's number: the largest a card of the set prints for itself, else
        the player's rule."""
        found = [self.printed_rule(engine, u, hook) for u in cards]
        numbers = [v for v in found if isinstance(v, int) and not isinstance(v, bool)]
        return max(numbers) if numbers else int(engine.rule(hook, player=player))

    def recruit(self, engine: Engine, player: int, uid: int) -> None:
        chosen = list(engine.state.players[player].zone("set"))
        if engine.state.cards[uid].zone != "deal" or not self.can_recruit(
            engine, player, chosen, uid
        ):
            raise ValueError(f"{engine.definition(uid).name} cannot be recruited")
        engine.state.move(uid, "set", player=player)

    def recruit_loop(self, engine: Engine, player: int) -> None:
        state = engine.state
        moments.go_to(self, engine, "recruitment_step", PHASE)
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
        """Every card of the set takes a cell, hidden; flyers and terrain too, until the
        reveal step (§211.2, §212.4; INTRO)."""
        card = engine.state.cards[uid]
        if cell is None or cell not in self.allowed_cells(engine, player):
            raise ValueError(f"{engine.definition(uid).name} cannot be placed there")
        engine.state.move(uid, "battlefield", player=player)
        card.data["cell"] = [cell[0], cell[1]]
        card.face_up = False

    def place_all(self, engine: Engine, player: int) -> None:
        moments.go_to(self, engine, "placement_step", PHASE)
        for uid in list(engine.state.players[player].zone("set")):
            cells = self.allowed_cells(engine, player)
            if not cells:
                engine.state.move(uid, "deck", player=player, position=0)
                continue
            labels = [f"{engine.definition(uid).name} on {cell_name(c)}" for c in cells]
            (picked,) = engine.choose(player, "option", "place the card", cells, labels)
            self.place(engine, player, uid, cells[picked])

    def reveal(self, engine: Engine) -> None:
        """§306: the "Before reveal:" abilities trigger, revealing their cards (§306.1,
        §415.2); first the first player, then the second, declares them, each resolving
        at once (``abilities``); then the other cards are revealed, the first player's
        first, except Stealth cards and those the second player keeps hidden in their
        third row (§306.2а), a card revealed already not again; terrain and flyers go to the
        additional zone (§306.3); equipment, then symbiotes, get their hosts
        (§306.4–306.6). A step of the preliminary phase: what it triggers resolves at
        once, without windows, the first player's first (§301.2)."""
        state = engine.state
        moments.go_to(self, engine, abilities.REVEAL, PHASE)
        order = self.order(engine)
        abilities.reveal_triggered(self, engine, order)
        self.labelled_lines(engine, "reveal step")
        if state.result is not None:
            return
        for player in order:
            for uid in self.squad(engine, player):
                if state.cards[uid].face_up:
                    continue  # revealed already: its "Before reveal:" line triggered, a target
                if not self.stays_hidden(engine, uid) and not self.kept_hidden(engine, uid):
                    state.cards[uid].face_up = True
                    engine.emit(Event("is_revealed", subject=uid, player=player))
        for player in order:
            for uid in self.squad(engine, player):
                if state.cards[uid].face_up:
                    self.to_additional_zone(engine, uid)
        hosts.assign_hosts(self, engine, order)
        hidden.reveal_mattering(self, engine)  # §415.2: kept hidden, but its text matters
        self.resolve_pending(engine, active_first=True)
        self.check_victory(engine)

    def battle_start(self, engine: Engine) -> None:
        """§307: the battle start step's "at the start of the battle" abilities (в начале
        боя); they resolve at once, the first player's first."""
        moments.go_to(self, engine, "battle_start_step", PHASE)
        moments.happen(self, engine, "start:battle")

    def vanguard_step(self, engine: Engine) -> None:
        """§308: "at the start of the vanguard step" abilities (Vanguard), the first
        player's first; they resolve at once, before the first turn."""
        state = engine.state
        moments.go_to(self, engine, "vanguard_step", PHASE)
        self.resolve_pending(engine, active_first=True)
        # the step and the preliminary phase end; the first turn has not begun (§308)
        moments.go_to(self, engine, None, "")
        for uid in [u for p in self.order(engine) for u in self.squad(engine, p)]:
            state.cards[uid].data.pop("acted", None)

    def kept_hidden(self, engine: Engine, uid: int) -> bool:
        """§306.2а: the second player may keep cards of their third row hidden until the
        end of the first player's first turn, but not symbiotes nor equipment."""
        state = engine.state
        card = state.cards[uid]
        player = card.controller
        cell = self.cell(engine, uid)
        if (
            player == state.data.get("first", 0)
            or cell is None
            or cell[1] != own_rows(player)[2]
            or hosts.is_attachment(engine, uid)
            or not engine.rule("third_row_hidden", player=player)
        ):
            return False
        name = engine.definition(uid).name
        (picked,) = engine.choose(
            player, "option", f"keep {name} hidden?", ["reveal", "hide"], ["reveal", "keep hidden"]
        )
        return picked == 1

    def reveal_card(self, engine: Engine, uid: int) -> None:
        """A revealed flyer or terrain leaves its cell for the additional zone (§211.2а)."""
        hidden = not engine.state.cards[uid].face_up
        super().reveal_card(engine, uid)
        if hidden:
            self.to_additional_zone(engine, uid)

    def to_additional_zone(self, engine: Engine, uid: int) -> None:
        """§306.3, §211.2: terrain and flyers on the battlefield go to the additional zone
        (a base effect, not movement)."""
        card = engine.state.cards[uid]
        if card.zone != "battlefield" or not (
            self.is_flyer(engine, uid) or engine.definition(uid).type == "terrain"
        ):
            return
        card.data.pop("cell", None)
        engine.apply("move", REVEAL, uid=uid, zone="additional_zone", player=card.controller)

    def end_first_turn(self, engine: Engine) -> None:
        """§306.2а: the cards the second player kept hidden are revealed at the end of
        the first player's first turn (Stealth cards stay hidden)."""
        state = engine.state
        first = state.data.get("first", 0)
        if state.active != first or state.data.get("first_turn_over"):
            return
        state.data["first_turn_over"] = True
        for uid in self.squad(engine, 1 - first):
            if not self.stays_hidden(engine, uid):
                self.reveal_card(engine, uid)

    def resolve_pending(self, engine: Engine, active_first: bool = False) -> None:
        """After the triggers of a moment, riders whose host can no longer carry them die
        (``hosts.py``) and a hidden card whose constant ability has begun to matter is
        revealed (§415.2); what these trigger resolves too."""
        super().resolve_pending(engine, active_first)
        if engine.state.result is not None:
            return
        dropped = hosts.drop_unfit(self, engine)
        if hidden.reveal_mattering(self, engine) or dropped:
            super().resolve_pending(engine, active_first)

    def trigger_sources(self, engine: Engine, event: Event) -> list[int]:
        """A hidden card's triggered abilities hear events too; triggering reveals it
        (§415.2, in ``resolve_pending``)."""
        found = super().trigger_sources(engine, event)
        if not engine.state.data.get(hidden.HIDDEN):
            return found
        return [*found, *(u for u in hidden.hidden_cards(self, engine) if u not in found)]
