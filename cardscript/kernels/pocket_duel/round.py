"""A Pocket Duel round (spec pocket-duel.md §6–§12): secret choices, the reveal,
simultaneous cancels, damage with blocks, "On hit" and the other effects, destroy, and the
end of the round with the health check, the tie rule and sudden death."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardscript.interpreter.agents import Labels
from cardscript.interpreter.cards import CardDef
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.select import Seat, selects
from cardscript.interpreter.state import Card
from cardscript.kernels.pocket_duel.abilities import cancel_targets, of_kind
from cardscript.kernels.pocket_duel.automa import automa_choose, automa_face_down
from cardscript.kernels.pocket_duel.changes import PocketDuelChanges
from cardscript.kernels.pocket_duel.game_rules import rule_in
from cardscript.kernels.pocket_duel.rules import PD_X2, REST, RULE, TYPES

_CANCELS_HOOK = {t: f"{t}_cancels" for t in TYPES}  # the rule hook of each type's cancel


class RoundKernel(PocketDuelChanges):
    """One game as rounds; the whole kernel (``PocketDuelKernel``) adds setup,
    matches, the Automa's setup and scenarios."""

    max_rounds = 200

    def play_game(self, engine: Engine) -> dict[str, Any]:
        state = engine.state
        while state.result is None:
            if state.turn >= self.max_rounds:
                self._by_health(engine, "round limit")
                break
            if not self._anyone_can_play(engine):
                self._by_health(engine, "no cards left")  # [ASSUMPTION] not in the rules
                break
            self.round(engine)
        assert state.result is not None
        return state.result

    def _anyone_can_play(self, engine: Engine) -> bool:
        if not engine.permissions_speak():  # no text forbids a play: any card in hand
            for seat in engine.state.players:  # noqa: SIM110 - any() costs more
                if seat.zones.get("hand"):
                    return True
            return False
        for player in range(len(engine.state.players)):  # noqa: SIM110 - any() costs more
            if self._playable(engine, player):
                return True
        return False

    def _by_health(self, engine: Engine, reason: str) -> None:
        a, b = _healths(engine)
        engine.end(0 if a > b else 1 if b > a else None, reason)

    def _playable(self, engine: Engine, player: int) -> Sequence[int]:
        hand = engine.state.players[player].zones.get("hand", ())
        if not engine.permissions_speak():
            return tuple(hand)  # (a tuple: what ``engine.choose`` keeps of the options)
        return tuple([u for u in hand if engine.permitted("be_played", u) is not False])

    def choose_card(self, engine: Engine, player: int) -> int | None:
        """Step 1: a secret choice from hand (the other player's choice is not shown)."""
        options = self._playable(engine, player)
        if not options:
            return None
        # built only if read (a log, a human): a random agent never reads them
        labels = Labels(lambda: [engine.describe(u) for u in options])
        (picked,) = engine.choose(
            player, "action", "choose a card to play face down", options, labels
        )
        return options[picked]

    def round(self, engine: Engine, chosen: Mapping[int, int | None] | None = None) -> None:
        state = engine.state
        state.turn += 1
        state.data["round"] = {}
        n = len(state.players)
        automa = self.automa_player(engine)
        engine.happened("start:round", player=state.active)
        self.resolve_pending(engine)
        if state.result is not None:
            return
        # the Automa chooses against the hand as it was before the human's play (§14.2)
        hands = [list(p.zones.get("hand", ())) for p in state.players] if automa is not None else []
        played: list[int | None] = [None] * n
        for player in range(n):
            if player == automa:
                continue  # the Automa plays after the human has chosen (§14.2)
            if chosen is not None:
                played[player] = chosen.get(player)
            else:
                played[player] = self.choose_card(engine, player)
        if automa is not None:
            played[automa] = automa_choose(engine, automa, hands[1 - automa])
        # ---- step 1: reveal
        state.step = "play_step"
        cards = state.cards
        # definitions never change: read once for the round
        defs = [None if uid is None else engine.definition(uid) for uid in played]
        types = [None if d is None else d.type for d in defs]
        for player, uid in enumerate(played):
            if uid is None:
                continue
            engine.apply("move", RULE, uid=uid, zone="table", player=player)
            card = cards[uid]
            card.data["played"] = card.data["revealed"] = True
            card.face_up = True
            engine.happened("plays", player=player, obj=uid)
            engine.happened("played", subject=uid, player=player)
        for player, uid in enumerate(played):
            if uid is not None:
                engine.happened("revealed", subject=uid, player=player)
        self._cancel_step(engine, played, defs, types)
        dealt = self._damage_step(engine, played, defs)
        # ---- step 4: effects
        state.step = "effect_step"
        rules = self.rules(engine)
        self._heals = [] if rule_in(engine, rules, "damage_before_healing") else None
        try:
            minimum = int(rule_in(engine, rules, "on_hit_minimum"))
            self._effects(engine, played, defs, dealt, minimum)
            self._type_destroys(engine, played, types)
            heals, self._heals = self._heals or [], None
            for cause, target, amount in heals:
                engine.apply("heal", cause, target=target, amount=amount, kind=None)
        finally:
            self._heals = None
        if automa is not None:
            automa_face_down(engine, played[automa])
        if self._check_destroy(engine):
            return
        # ---- step 5: end of round
        state.step = "end_step"
        self._end_of_round(engine, played, defs, types)

    def _cancel_step(
        self,
        engine: Engine,
        played: list[int | None],
        defs: list[CardDef | None],
        types: list[str | None],
    ) -> None:
        """Step 2: cancels are simultaneous (each pair found before any is marked)."""
        engine.state.step = "cancel_step"
        n = len(played)
        cards = engine.state.cards
        relation = self.type_cancels(engine)
        speak = engine.permissions_speak()  # no text runs while the cancels are found
        pairs = []
        for player, uid in enumerate(played):
            opp = (player + 1) % n
            other = played[opp] if n > 1 else None
            if uid is None or other is None:
                continue
            mine, theirs = defs[player], defs[opp]
            assert mine is not None and theirs is not None
            if self._cancels(engine, uid, other, mine, theirs.type, relation, speak):
                pairs.append((uid, other))
        for canceller, victim in pairs:
            self._mark_cancelled(engine, victim, cards[canceller].controller, canceller)
        if "rest" not in types:
            return  # a variant: Rest energy at once (only a Rest card gives any)
        rules = self.rules(engine)
        for player, uid in enumerate(played):
            if (
                uid is not None
                and types[player] == "rest"
                and not rule_in(engine, rules, "rest_energy_at_round_end", uid)
            ):
                amount = self._rest_amount(engine, uid)
                if amount:
                    engine.apply("gain", REST, player=player, resource="energy", amount=amount)

    def _damage_step(
        self, engine: Engine, played: list[int | None], defs: list[CardDef | None]
    ) -> dict[int, int]:
        """Step 3: blocks, then the attacks of the uncancelled cards, simultaneous."""
        state = engine.state
        state.step = "damage_step"
        cards = state.cards
        n = len(played)
        for player, uid in enumerate(played):
            definition = defs[player]
            if definition is not None and uid is not None and _live(cards[uid]):
                self._blocks_of(engine, uid, player, definition)
        hits: list[tuple[int, int, int]] = []
        # no card text runs while the attacks meet the blocks: one look at the round's pool
        pool = self._round(engine).setdefault("block", {})
        forbids = engine.permissions_speak()
        for player, uid in enumerate(played):
            if uid is None:
                continue
            card = cards[uid]
            if not _live(card):
                continue
            opp = (player + 1) % n
            raw = engine.stat(uid, "attack")
            key = str(opp)  # (the round's data is part of the state: JSON keys)
            left = have = pool.get(key, 0)
            if forbids and engine.permitted("be_blocked", uid) is False:
                left = 0
            blocked = min(raw, left)
            pool[key] = have - blocked
            hits.append((uid, opp, raw - blocked))
            if blocked:
                card.data["blocked"] = True
                self._blocked(engine, opp, uid, blocked)
        dealt: dict[int, int] = {}
        for uid, opp, amount in hits:
            if amount <= 0:
                continue
            dealt[uid] = engine.apply(
                "deal_damage",
                _attack_cause(cards[uid].card_id),
                target=_SEATS[opp] if opp < len(_SEATS) else Seat(opp),
                amount=amount,
                kind="damage",
                source=uid,
                qualities=("attack",),
            )
        return dealt

    def _effects(
        self,
        engine: Engine,
        played: list[int | None],
        defs: list[CardDef | None],
        dealt: dict[int, int],
        minimum: int,
    ) -> None:
        """Step 4: "On hit" of the cards that dealt damage, then each live card's effect
        (and its "On hit" if the effect dealt the damage, §8), then the triggers."""
        cards = engine.state.cards
        hit: set[int] = set()
        for player, uid in enumerate(played):
            if uid is not None and dealt.get(uid, 0) >= minimum:
                hit.add(uid)
                engine.happened("hits", subject=uid, player=player, amount=dealt[uid])
                self._run(engine, uid, player, "on_hit", defs[player])
        for player, uid in enumerate(played):
            if uid is not None and _live(cards[uid]):
                self._run(engine, uid, player, "effect", defs[player])
                by_source = self._round(engine).get("dealt_by")
                by_effect = by_source.get(str(uid), 0) if by_source else 0
                if uid not in hit and by_effect >= minimum and _live(cards[uid]):
                    hit.add(uid)
                    engine.happened("hits", subject=uid, player=player, amount=by_effect)
                    self._run(engine, uid, player, "on_hit", defs[player])
        self.resolve_pending(engine)

    def automa_player(self, engine: Engine) -> int | None:
        automa = engine.state.data.get("automa")
        return None if automa is None else int(automa["player"])

    def _live(self, engine: Engine, uid: int) -> bool:
        return _live(engine.state.cards[uid])

    def cancels(
        self,
        engine: Engine,
        uid: int,
        other: int,
        relation: Mapping[tuple[str, str], bool] | None = None,
    ) -> bool:
        """Does ``uid`` cancel ``other``? The type relation from the rule hooks (the
        3-cycle PD-X1 by default, or PD-X2; ``relation``: as a table, when no card of the
        game overrides them), then the card script's cancel clauses."""
        theirs = engine.definition(other).type
        speak = engine.permissions_speak()
        return self._cancels(engine, uid, other, engine.definition(uid), theirs, relation, speak)

    def _cancels(
        self,
        engine: Engine,
        uid: int,
        other: int,
        definition: CardDef,
        theirs: str,
        relation: Mapping[tuple[str, str], bool] | None,
        speak: bool,
    ) -> bool:
        """``cancels`` with the definitions read and whether permissions speak."""
        if speak and (
            engine.permitted("be_cancelled", other) is False
            or engine.permitted("cancel", uid) is False
        ):
            return False
        mine = definition.type
        by_types = None if relation is None else relation.get((mine, theirs))
        if by_types is None:
            by_types = self._types_cancel(engine, uid, mine, theirs)
        if by_types:
            return True
        targets = cancel_targets(definition)
        if not targets:
            return False
        controller = engine.state.cards[uid].controller
        ctx = None
        for ability, target in targets:
            if ctx is None or ctx.ability is not ability:
                ctx = engine.context(uid, ability, controller)
            if selects(ctx, target, other):
                return True
        return False

    def _types_cancel(self, engine: Engine, uid: int, mine: str, theirs: str) -> bool:
        """Does a ``mine`` card cancel a ``theirs`` card by the rule hooks (§7)?"""
        if mine == theirs:
            return bool(engine.rule("same_type_cancels", uid=uid))  # off by default (§7.4 REC)
        if mine not in _CANCELS_HOOK:
            return False
        if engine.rule("cancel_scheme", uid=uid) == "pd_x2":
            return theirs in PD_X2.get(mine, ())
        return str(engine.rule(_CANCELS_HOOK[mine], uid=uid)).casefold() == theirs

    def _blocks_of(self, engine: Engine, uid: int, player: int, definition: CardDef) -> None:
        """The block a played card gives its player this round (Block X, "you block…")."""
        abilities = of_kind(definition, "block")
        if not abilities or engine.permitted("block", uid) is False:
            return
        for ability in abilities:
            engine.resolve(ability, uid, player)

    def _run(
        self, engine: Engine, uid: int, player: int, kind: str, definition: CardDef | None
    ) -> None:
        state = engine.state
        for ability in of_kind(definition or engine.definition(uid), kind):
            if state.result is not None:
                return
            if engine.within_limits(ability, uid):
                engine.resolve(ability, uid, player)

    def resolve_pending(self, engine: Engine) -> None:
        """Triggered abilities resolve in seat order, each in the order it triggered."""
        if not engine.pending:
            return  # nothing triggered: no chain to run or close
        while engine.state.result is None:
            pending = engine.take_pending()
            if not pending:
                break
            pending.sort(key=lambda p: p.controller)
            for trigger in pending:
                if not self._heard(engine, trigger.source, trigger.event):
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
            if not self._live(engine, uid):
                continue
            if rule_in(engine, self.rules(engine), "weapon_destroys_rest", uid):
                engine.apply(
                    "destroy",
                    Cause.new(card=engine.state.cards[uid].card_id, rule="Weapon destroys Rest"),
                    target=Seat(opp),
                )

    def _check_destroy(self, engine: Engine) -> bool:
        if engine.state.result is not None:
            return True
        destroyed = self._round(engine).pop("destroyed", None)
        if not destroyed:
            return False
        for player in destroyed:
            engine.happened("destroyed", subject=self._hero(engine, player), player=player)
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
        defs: list[CardDef | None],
        types: list[str | None],
    ) -> None:
        state = engine.state
        rest_energy: list[tuple[int, int]] = []
        # no card text runs while the played cards are put away: one look at the rules
        rules = self.rules(engine)
        for player, uid in enumerate(played):
            if uid is None:
                continue
            card = state.cards[uid]
            cancelled = bool(card.data.get("cancelled"))
            if types[player] == "rest" and rule_in(engine, rules, "rest_energy_at_round_end", uid):
                amount = self._rest_amount(engine, uid)  # read while the card is in play
                if amount:
                    rest_energy.append((player, amount))
            if card.zone == "table":
                self._put_away(engine, uid, player, cancelled, rules, defs[player])
            card.data.clear()
        for player, amount in rest_energy:
            engine.apply("gain", REST, player=player, resource="energy", amount=amount)
        engine.happened("end:round", player=state.active)
        self.resolve_pending(engine)
        engine.end_period("round")
        if not self._check_destroy(engine):
            self.end_check(engine)
        if engine.log is not None:
            engine.log.step(engine, f"round {state.turn}")

    def _rest_amount(self, engine: Engine, uid: int) -> int:
        """The Rest type effect: energy from an uncancelled Rest card (§10, B2)."""
        if engine.definition(uid).type != "rest" or engine.state.cards[uid].data.get("cancelled"):
            return 0
        return int(rule_in(engine, self.rules(engine), "rest_energy", uid))

    def _put_away(
        self,
        engine: Engine,
        uid: int,
        player: int,
        cancelled: bool,
        rules: Mapping[str, Any] | None = None,
        definition: CardDef | None = None,
    ) -> None:
        """A played card leaves the table at the end of the round (§6 step 5)."""
        if rules is None:
            rules = self.rules(engine)
        if definition is None:
            definition = engine.definition(uid)
        if cancelled and rule_in(engine, rules, "cancelled_returns_to_hand", uid):
            engine.apply("move", RULE, uid=uid, zone="hand", player=player)
            engine.happened("returns_to_hand", subject=uid, player=player)
            return
        after = definition.get("after_play") if definition.type == "superpower" else None
        if after == "remove":
            engine.apply("remove_from_game", RULE, uid=uid)
        elif after == "reserve":
            engine.apply("move", RULE, uid=uid, zone="reserve", player=player)
            if engine.rule("reserve_resets_energy", player=player):
                state_res = engine.state.players[player].resources
                state_res["energy"] = 0
        elif after is None and not rule_in(engine, rules, "played_to_discard", uid):
            engine.apply("move", RULE, uid=uid, zone="hand", player=player)
        else:
            engine.apply("discard", RULE, uid=uid)

    def end_check(self, engine: Engine) -> None:
        """§12: a hero at ≤ 0 ends the game, higher health wins; equal at ≤ 0 starts
        sudden death, which ends at the first round the values differ."""
        state = engine.state
        a, b = _healths(engine)
        limit = int(rule_in(engine, self.rules(engine), "lose_at_health"))
        sudden = bool(state.data.get("sudden_death"))
        if not sudden and a > limit and b > limit:
            return
        if a == b:
            if engine.rule("sudden_death"):
                state.data["sudden_death"] = True
                return
            engine.end(None, "draw")
            return
        engine.end(0 if a > b else 1, "sudden death" if sudden else "health")


_SEATS = (Seat(0), Seat(1))  # the players as targets (immutable: made once)

# the cause of each card's attack (``Cause`` is immutable): one per card of the pool
_ATTACK_CAUSES: dict[str, Cause] = {}


def _attack_cause(card_id: str) -> Cause:
    found = _ATTACK_CAUSES.get(card_id)
    if found is None:
        if len(_ATTACK_CAUSES) > 5_000:
            _ATTACK_CAUSES.clear()  # pools come and go (tests): keep the memory bounded
        found = _ATTACK_CAUSES[card_id] = Cause.new(card=card_id, rule="attack")
    return found


def _live(card: Card) -> bool:
    """Played and still working: on the table and not cancelled."""
    return card.zone == "table" and not card.data.get("cancelled")


def _healths(engine: Engine) -> tuple[int, int]:
    """The two heroes' health (§12)."""
    first, second = engine.state.players[0].resources, engine.state.players[1].resources
    return first.get("health", 0), second.get("health", 0)
