"""The end of a Pocket Duel round (spec pocket-duel.md §6 step 5, §10–§12) and what every
step of it shares: the game's ``RoundPlan``, the round's own moves, triggered abilities in
seat order, destroy, the played cards put away, Rest energy, the health check, the tie
rule and sudden death. The round's first four steps are ``round.RoundKernel``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, Event, PendingTrigger
from cardscript.interpreter.events import left_from
from cardscript.interpreter.select import Seat
from cardscript.interpreter.state import Card
from cardscript.kernels.pocket_duel.changes import PocketDuelChanges
from cardscript.kernels.pocket_duel.game_rules import rule_in
from cardscript.kernels.pocket_duel.round_plan import CardFacts, RoundPlan
from cardscript.kernels.pocket_duel.rules import REST, RULE


class RoundEnd(PocketDuelChanges):
    """The end of the round and the parts every step shares (a base of ``RoundKernel``)."""

    def round_plan(self, engine: Engine) -> RoundPlan:
        """This game's ``RoundPlan`` (made again for a new game or new cards)."""
        plan, state = self._plan, engine.state  # (``_current_plan`` written out: hot)
        if plan is None or plan.state is not state or plan.next_uid != state.next_uid:
            plan = self._plan = RoundPlan(engine, self)
        return plan

    def _speak(self, engine: Engine, plan: RoundPlan) -> bool:
        """``engine.permissions_speak()``, unasked while neither a card of the game nor a
        lasting effect can speak of permissions."""
        state = engine.state
        if plan.quiet and not state.lasting and plan.next_uid == state.next_uid:
            return False
        return engine.permissions_speak()

    def _put(
        self,
        engine: Engine,
        plan: RoundPlan,
        uid: int,
        zone: str,
        player: int,
        event: str = "moved",
    ) -> None:
        """The round moves a card: ``engine.apply("move", RULE, uid=…, zone=…,
        player=…)`` (with ``event`` "discarded" or "removed": the "discard" or
        "remove_from_game" primitive), made in place when ``plan.own``: counted against
        the step budget, the same move and the same event."""
        if not plan.own or engine.steps >= engine.budget:  # (the engine stops it there)
            if event == "moved":
                engine.apply("move", RULE, uid=uid, zone=zone, player=player)
            else:
                engine.apply(
                    "discard" if event == "discarded" else "remove_from_game", RULE, uid=uid
                )
            return
        engine.steps += 1
        engine.recent.append(RULE)
        state = engine.state
        card = state.cards[uid]
        before = card.zone
        if event != "moved":
            player = card.owner  # (to its owner's pile, as the primitives do)
            data = left_from(card)  # (their event's data: where it was, read before)
        state.move(uid, zone, player)
        if card.states and event == "moved" and zone != self.discard_zone:
            card.states.discard("face_down")
        if event in plan.silent:
            state.history.append((event, uid, player, state.turn))
        else:
            if event == "moved":
                data = (("from", before), ("to", zone))
            engine.happened(event, uid, player, None, None, None, data)

    def _run(
        self, engine: Engine, uid: int, player: int, abilities: Sequence[CompiledAbility]
    ) -> None:
        state = engine.state
        for ability in abilities:
            if state.result is not None:
                return
            # (``within_limits`` only where the line has a limit: "once per …")
            if not ability.line.mods or engine.within_limits(ability, uid):
                engine.resolve(ability, uid, player)

    def resolve_pending(self, engine: Engine) -> None:
        """Triggered abilities resolve in seat order, each in the order it triggered."""
        if not engine.pending:
            return  # nothing triggered: no chain to run or close
        while engine.state.result is None:
            pending = engine.take_pending()
            if not pending:
                break
            if len(pending) > 1:
                pending.sort(key=_controller)
            cards = engine.state.cards
            for trigger in pending:
                if cards[trigger.source].data.get("cancelled") and not self._heard(
                    engine, trigger.source, trigger.event
                ):
                    continue
                engine.loop_guard(trigger)
                engine.resolve(trigger.ability, trigger.source, trigger.controller, trigger.event)
        engine.chain_done()

    def _heard(self, engine: Engine, source: int, event: Event) -> bool:
        """A cancelled card's effects are ignored (§7.4) unless they are about its
        being cancelled ("when this is cancelled": Breakthrough)."""
        card = engine.state.cards[source]
        if not card.data.get("cancelled") or not engine.rule("cancelled_effects_ignored"):
            return True
        return event.name == "cancelled" and event.subject == source

    def _type_destroys(
        self, engine: Engine, played: list[int | None], types: list[str | None]
    ) -> None:
        """The Weapon type effect: an uncancelled Weapon destroys an opponent who played
        Rest this round, cancelled or not (§11)."""
        n = len(played)
        if n < 2 or "weapon" not in types or "rest" not in types:
            return
        for player, uid in enumerate(played):
            opp = (player + 1) % n
            if uid is None or types[player] != "weapon" or types[opp] != "rest":
                continue
            if not _live(engine.state.cards[uid]):
                continue
            if rule_in(engine, self.rules(engine), "weapon_destroys_rest", uid):
                engine.apply(
                    "destroy",
                    Cause.new(
                        card=engine.state.cards[uid].card_id,
                        rule="Weapon destroys Rest",
                        source=uid,  # (the Weapon destroys: "cannot be destroyed by …")
                    ),
                    target=Seat(opp),
                )

    def _check_destroy(self, engine: Engine) -> bool:
        if engine.state.result is not None:
            return True
        destroyed = self._round(engine).pop("destroyed", None)
        if not destroyed:
            return False
        for player in destroyed:
            engine.happened("destroyed", subject=self._hero(engine, player) or None, player=player)
        if len(destroyed) == 1:
            engine.end(1 - destroyed[0], "destroyed")
            return True
        if engine.rule("mutual_destroy_wins"):
            engine.end(None, "both destroyed")
            return True
        return False

    def _end_of_round(
        self,
        engine: Engine,
        played: list[int | None],
        facts: list[CardFacts | None],
        types: list[str | None],
    ) -> None:
        """Step 5: Rest energy, the played cards put away (§6 step 5), "end:round" and
        its triggers, then destroy and the health check (§12)."""
        state = engine.state
        plan = self.round_plan(engine)  # (text ran since the reveal: it may have added cards)
        rest_energy: list[tuple[int, int, int]] = []  # (player, amount, the Rest card)
        # no card text runs while the played cards are put away: one look at the rules
        rules = self.rules(engine) if state.lasting else plan.rules
        cards, discard = state.cards, self.discard_zone
        # the common put-away: to the discard pile, in place and only recorded (``_put``)
        quick = plan.discards and not state.lasting
        for player, uid in enumerate(played):
            if uid is None:
                continue
            card = cards[uid]
            cancelled = card.data.get("cancelled")
            if (
                not cancelled  # (``_rest_amount``'s first answer, without the calls)
                and types[player] == "rest"
                and rule_in(engine, rules, "rest_energy_at_round_end", uid)
            ):
                amount = self._rest_amount(engine, uid, rules)  # while the card is in play
                if amount and self._rest_permitted(engine, plan, player, uid):
                    rest_energy.append((player, amount, uid))
            if card.zone == "table":  # it leaves the table (§6 step 5)
                found = facts[player]
                if (
                    quick
                    and not cancelled
                    and found is not None
                    and found.after_play is None
                    and engine.steps < engine.budget
                ):
                    # (``_put`` written out: nearly every card, every round)
                    engine.steps += 1
                    engine.recent.append(RULE)
                    owner = card.owner
                    state.move(uid, discard, owner)
                    state.history.append(("discarded", uid, owner, state.turn))
                else:
                    self._put_away(engine, plan, rules, uid, player, found)
            card.data.clear()
        for player, amount, uid in rest_energy:
            self._gain_energy(engine, self._caused_by(engine, REST, uid), player, amount)
        if "end:round" in plan.silent:
            state.history.append(("end:round", None, state.active, state.turn))
        else:
            engine.happened("end:round", None, state.active)
        if engine.pending:
            self.resolve_pending(engine)
        engine.end_period("round")
        if not (
            (state.result is not None or state.data["round"].get("destroyed"))
            and self._check_destroy(engine)
        ):
            self.end_check(engine)
        if engine.log is not None:
            engine.log.step(engine, f"round {state.turn}")

    def _rest_permitted(self, engine: Engine, plan: RoundPlan, player: int, uid: int) -> bool:
        """May ``player``'s hero gain the energy of the Rest card ``uid``, asked while the
        card is on the table ("This cannot gain energy by Rest cards.": its selector
        names cards in play), before the played cards are put away and the energy gained
        (§6 step 5; ``_gain`` asks again then, the card gone: only a text naming no card
        still speaks, and it answered the same here)."""
        if not self._speak(engine, plan):
            return True
        hero = self._hero(engine, player)
        return not hero or engine.permitted("gain_energy", hero, uid) is not False

    def _put_away(
        self,
        engine: Engine,
        plan: RoundPlan,
        rules: Mapping[str, Any],
        uid: int,
        player: int,
        found: CardFacts | None,
    ) -> None:
        """The played card ``uid`` leaves the table (§6 step 5): cancelled, back to hand
        (the rule's default); a superpower by its "after play"; else to the discard pile,
        or to hand where the rule says so (``rules``: ``self.rules``, read by the caller)."""
        state = engine.state
        if state.cards[uid].data.get("cancelled") and rule_in(
            engine, rules, "cancelled_returns_to_hand", uid
        ):
            if "returns_to_hand" in plan.silent:
                self._put(engine, plan, uid, "hand", player)
                state.history.append(("returns_to_hand", uid, player, state.turn))
            else:
                left = left_from(state.cards[uid])  # (read before the move: where it was)
                self._put(engine, plan, uid, "hand", player)
                engine.happened("returns_to_hand", uid, player, None, None, None, left)
            return
        after = found.after_play if found is not None else None  # a superpower's ("discard")
        if after == "remove":
            self._put(engine, plan, uid, self.removed_zone, player, "removed")
        elif after == "reserve":
            self._put(engine, plan, uid, "reserve", player)
            if engine.rule("reserve_resets_energy", player=player):
                state.players[player].resources["energy"] = 0
        elif after is not None or rule_in(engine, rules, "played_to_discard", uid):
            self._put(engine, plan, uid, self.discard_zone, player, "discarded")
        else:
            self._put(engine, plan, uid, "hand", player)

    def _rest_amount(self, engine: Engine, uid: int, rules: Mapping[str, Any]) -> int:
        """The Rest type effect: energy from the Rest card ``uid`` (the callers know its
        type) if uncancelled (§10, B2), by ``rules`` (``self.rules``, read by the caller)."""
        if engine.state.cards[uid].data.get("cancelled"):
            return 0
        return int(rule_in(engine, rules, "rest_energy", uid))

    def end_check(self, engine: Engine) -> None:
        """§12: a hero at ≤ 0 ends the game, higher health wins; equal at ≤ 0 starts
        sudden death, which ends at the first round the values differ."""
        state = engine.state
        players = state.players  # (``_healths`` written out: every round)
        a, b = players[0].resources.get("health", 0), players[1].resources.get("health", 0)
        plan = self._plan  # (its remembered value while it holds: ``_current_plan``)
        limit = (
            plan.lose_at
            if plan is not None
            and plan.next_uid == state.next_uid
            and plan.state is state
            and not state.lasting
            else None
        )
        if limit is None:
            limit = int(rule_in(engine, self.rules(engine), "lose_at_health"))
        sudden = state.data.get("sudden_death")
        if not sudden and a > limit and b > limit:
            return
        if a == b:
            if engine.rule("sudden_death"):
                state.data["sudden_death"] = True
                return
            engine.end(None, "draw")
            return
        engine.end(0 if a > b else 1, "sudden death" if sudden else "health")


def _controller(trigger: PendingTrigger) -> int:
    return trigger.controller


def _live(card: Card) -> bool:
    """Played and still working: on the table and not cancelled."""
    return card.zone == "table" and not card.data.get("cancelled")


def _healths(engine: Engine) -> tuple[int, int]:
    """The two heroes' health (§12)."""
    first, second = engine.state.players[0].resources, engine.state.players[1].resources
    return first.get("health", 0), second.get("health", 0)
