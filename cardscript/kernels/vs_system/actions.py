"""What VS System players do (spec vs-system.md §6.2, §8, §9): recruiting, flipping
locations, plot twists, payment powers and power-ups, each going on the chain, and the
options of whoever holds priority; the base of ``VSSystemKernel``.
"""

from __future__ import annotations

from typing import Any

from cardscript.interpreter.apart import described
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.select import Seat
from cardscript.kernels.vs_system import chain, combat, offers
from cardscript.kernels.vs_system.field import RULE, SHOWN, FieldKernel
from cardscript.kernels.vs_system.offers import Holdings, Offer


def allowed(engine: Engine, act: str, player: int, uids: list[int]) -> list[int]:
    """Those of the cards the player may play or recruit (``act``: play, recruit) as far
    as card text goes: none forbidding the player the card ("Your opponent cannot play
    plot twists until the end of turn.", asked with the card) nor the card being played
    or recruited ("Plot twists cannot be played.", asked with the player; §9.2, §9.5).
    Asked only where some text could speak."""
    if not uids or not engine.permissions_speak():
        return uids
    seat = Seat(player)
    being = f"be_{act}ed"
    return [
        u
        for u in uids
        if engine.permitted(act, seat, u) is not False
        and engine.permitted(being, u, seat) is not False
    ]


class ActionsKernel(FieldKernel):
    def __init__(self) -> None:
        super().__init__()
        self._kept = offers.Kept()
        self.untargeted: set[str] = set()  # abilities (by key) whose text names no target

    # ---- recruiting ---------------------------------------------------------------------
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
        if not allowed(engine, "recruit", player, [uid]):
            raise ValueError(f"{engine.describe(uid)} cannot be recruited: card text forbids it")
        if definition.type == "equipment":
            hosts = self.gear_hosts(engine, player)
            if on is None:
                labels = described(engine, hosts)
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
                labels = described(engine, hosts)
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
            card.data["col"] = col  # first: the move then looks for no free slot of its own
            engine.apply("move", RULE, uid=uid, zone=row, player=player)
        card.states.clear()
        card.face_up = True
        self.text_switched(engine, uid)
        if same and self.unique(engine, uid):  # §9.2: the others of the name go, no endurance loss
            for other in same:  # (KO'd by the card recruited: "cannot be KO'd by …")
                if not combat.refused(engine, "be_ko", other, (uid,)):
                    engine.apply("ko", RULE, target=other)
        engine.happened("recruited", subject=uid, player=player)
        engine.happened("enters_play", subject=uid, player=player)

    # ---- locations, plot twists, powers ---------------------------------------------------
    def resources(self, engine: Engine, player: int) -> int:
        return len(self.zone(engine, player, "resource_row"))

    def flippable(self, engine: Engine, player: int) -> list[int]:
        return self._within_threshold(engine, player, self.holdings(engine, player)[2])

    def _within_threshold(self, engine: Engine, player: int, uids: Any) -> list[int]:
        """Those of the cards whose threshold the player's resources reach (§9.4, §9.5)."""
        have = self.resources(engine, player)
        if self.printed_only(engine, "threshold"):
            facts = self.facts(engine)
            return [u for u in uids if facts[u].threshold <= have]
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
            if other == uid or not card.face_up or not same:
                continue
            if not combat.refused(engine, "be_ko", other, (uid,)):  # (by the one flipped)
                engine.apply("ko", RULE, target=other)
        self.resolve_pending(engine)

    def playable_twists(self, engine: Engine, player: int) -> list[int]:
        in_hand, face_down, _, _ = self.holdings(engine, player)
        reached = self._within_threshold(engine, player, (*in_hand, *face_down))
        return allowed(engine, "play", player, reached)

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
            if card.zone == "hand":  # shown as it is played: the event sees it (§9.5)
                engine.apply("move", RULE, uid=uid, zone=SHOWN, player=player, face_up=True)
            else:
                engine.apply("flip", RULE, target=uid)
            # "<player> plays <card>": "whenever an opponent plays a plot twist", "when
            # you play this"; "<card> is played": "a plot twist that was played this turn"
            engine.happened("plays", player=player, obj=uid)
            engine.happened("played", subject=uid, player=player)
            if card.zone == SHOWN:
                engine.apply("move", RULE, uid=uid, zone="ko_pile", player=card.owner)
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
        """The payment powers the player may use now (§9.6), printed or gained in play."""
        kept = self._kept
        powers = kept.offers(engine, self, player).offers[1]
        if kept.gains:
            powers = powers + kept.gained(engine, player)
        return [what for _, what in offers.usable(engine, powers)]

    def _reached(self, engine: Engine, player: int, offered: list[Offer]) -> list[tuple[str, Any]]:
        """The offers whose card's threshold the player's resources reach (§9.4, §9.5)."""
        have = self.resources(engine, player)
        if self.printed_only(engine, "threshold"):
            return [option for threshold, option in offered if threshold <= have]
        return [option for _, option in offered if engine.stat(option[1], "threshold") <= have]

    def holdings(self, engine: Engine, player: int) -> Holdings:
        """A player's plot twists in hand, face-down plot twists and locations in the
        resource row, and the payment powers of the cards in play whose text works."""
        return offers.holdings(self._kept.offers(engine, self, player))

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
        state = engine.state
        kept = self._kept
        if kept.clock == state.clock and kept.state is state:  # (a _Held is true)
            held = kept.now.get(player) or kept.offers(engine, self, player)
        else:
            held = kept.offers(engine, self, player)
        twists, powers, flips = held.offers
        if kept.gains:  # (only where the pool's text can give a card a power)
            powers = powers + kept.gained(engine, player)
        out = self._reached(engine, player, twists) if twists else []
        if out and engine.permissions_speak():
            may = allowed(engine, "play", player, [uid for _, uid in out])
            out = [option for option in out if option[1] in may]
        if powers:
            out += offers.usable(engine, powers)
        if flips:
            out += self._reached(engine, player, flips)
        data = state.data
        if data.get("attack"):  # the fighters may be powered up
            taking_part = combat.fighters(engine)
            out += [("power_up", p) for p in combat.power_ups(engine, player, taking_part)]
        if empty and data.get("step_player") == player and specials < self.max_actions:
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
