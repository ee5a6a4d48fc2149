"""A Pocket Duel round (spec pocket-duel.md §6–§12): secret choices, the reveal,
simultaneous cancels, damage with blocks, "On hit" and the other effects, destroy, and the
end of the round with the health check, the tie rule and sudden death."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardscript.interpreter.agents import Labels
from cardscript.interpreter.cards import CardDef
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.select import Seat, selects
from cardscript.kernels.pocket_duel.abilities import cancel_targets
from cardscript.kernels.pocket_duel.automa import automa_choose, automa_face_down
from cardscript.kernels.pocket_duel.game_rules import rule_in
from cardscript.kernels.pocket_duel.quick_round import quick_round, quick_rounds
from cardscript.kernels.pocket_duel.round_end import RoundEnd, _healths, _live
from cardscript.kernels.pocket_duel.round_plan import CardFacts, RoundPlan
from cardscript.kernels.pocket_duel.rules import PD_X2, REST, RULE, TYPES

_CANCELS_HOOK = {t: f"{t}_cancels" for t in TYPES}  # the rule hook of each type's cancel


class RoundKernel(RoundEnd):
    """One game as rounds; the whole kernel (``PocketDuelKernel``) adds setup,
    matches, the Automa's setup and scenarios."""

    max_rounds = 200

    def play_game(self, engine: Engine) -> dict[str, Any]:
        state = engine.state
        players, rounds = state.players, self.max_rounds
        while state.result is None:
            quick_rounds(self, engine)  # (as many rounds as it can play in one pass)
            if state.result is not None:
                break
            if state.turn >= rounds:
                self._by_health(engine, "round limit")
                break
            plan = self._plan  # (``_anyone_can_play`` written out while no text speaks)
            if (
                plan is not None
                and plan.quiet
                and not state.lasting
                and plan.state is state
                and plan.next_uid == state.next_uid
            ):
                for seat in players:
                    if seat.zones.get("hand"):
                        break
                else:
                    self._by_health(engine, "no cards left")  # [ASSUMPTION] not in the rules
                    break
            elif not self._anyone_can_play(engine):
                self._by_health(engine, "no cards left")
                break
            self.round(engine)
        assert state.result is not None
        return state.result

    def _anyone_can_play(self, engine: Engine) -> bool:
        if not self._speak(engine, self.round_plan(engine)):  # no text forbids a play
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

    def _playable(self, engine: Engine, player: int, speak: bool | None = None) -> Sequence[int]:
        """The cards ``player`` may play (``speak``: whether permissions speak, if known)."""
        hand = engine.state.players[player].zones.get("hand", ())
        if speak is None:
            speak = self._speak(engine, self.round_plan(engine))
        if not speak:
            return tuple(hand)  # (a tuple: what ``engine.choose`` keeps of the options)
        # the hero plays ("Weapon cards cannot be played by …"; "Your opponent cannot play
        # Weapon cards.": the opponent's hero may not play them), if on the table
        hero = self._hero(engine, player) or None
        return tuple(
            [
                u
                for u in hand
                if engine.permitted("be_played", u, hero) is not False
                and (hero is None or engine.permitted("play", hero, u) is not False)
            ]
        )

    def choose_card(self, engine: Engine, player: int, speak: bool | None = None) -> int | None:
        """Step 1: a secret choice from hand (the other player's choice is not shown)."""
        if speak is False:  # (``_playable`` written out: nothing forbids a play)
            options: Sequence[int] = engine.state.players[player].zones.get("hand", ())
        else:
            options = self._playable(engine, player, speak)
        if not options:
            return None
        picked = engine.one_of(player, len(options))  # by the count: no decision made
        if picked is None:
            options = tuple(options)  # (the hand as it is asked, labelled when read)
            labels = Labels.each(engine.describe, options)
            prompt = "choose a card to play face down"
            (picked,) = engine.choose(player, "action", prompt, options, labels)
        return options[picked]

    def round(self, engine: Engine, chosen: Mapping[int, int | None] | None = None) -> None:
        state = engine.state
        state.turn += 1
        if state.turn == 1:  # the game begins with its first round (§5, §6)
            engine.happened("start:game", None, state.active)
            if engine.pending:  # (heard before the round starts)
                self.resolve_pending(engine)
                if state.result is not None:
                    return
        state.data["round"] = {}
        n = len(state.players)
        automa = state.data.get("automa")  # the Automa's seat, if it plays
        if automa is not None:
            automa = int(automa["player"])
        plan = self.round_plan(engine)
        if "start:round" in plan.silent:  # (``Engine.happened`` written out: ``RoundPlan``)
            state.history.append(("start:round", None, state.active, state.turn))
            if (
                plan.quick
                and chosen is None
                and automa is None
                and not state.lasting
                and not engine.pending
                and engine.steps + 2 <= engine.budget
            ):
                quick_round(self, engine, plan)  # (the same round, in one pass)
                return
        else:
            engine.happened("start:round", None, state.active)
        if engine.pending:
            self.resolve_pending(engine)
            if state.result is not None:
                return
            plan = self.round_plan(engine)  # (text ran: it may have added cards)
        # the Automa chooses against the hand as it was before the human's play (§14.2)
        hands = [list(p.zones.get("hand", ())) for p in state.players] if automa is not None else []
        played: list[int | None] = [None] * n
        # (no text runs while the cards are chosen; ``_speak`` written out)
        speak = not (plan.quiet and not state.lasting) and engine.permissions_speak()
        for player in range(n):
            if player == automa:
                continue  # the Automa plays after the human has chosen (§14.2)
            if chosen is not None:
                played[player] = chosen.get(player)
            else:
                played[player] = self.choose_card(engine, player, speak)
        if automa is not None:
            played[automa] = automa_choose(engine, automa, hands[1 - automa])
        # ---- step 1: reveal
        facts: list[CardFacts | None] = [None] * n
        types: list[str | None] = [None] * n
        self._reveal(engine, plan, played, facts, types)
        self._cancel_step(engine, plan, played, facts, types)
        dealt = self._damage_step(engine, plan, played, facts)
        # ---- step 4: effects
        state.step = "effect_step"
        # the plan's remembered values while they hold (no lasting effect, no new card)
        known_values = plan.effect_rules
        if known_values is not None and not state.lasting and plan.next_uid == state.next_uid:
            later, minimum = known_values
        else:
            rules = self.rules(engine)
            later = rule_in(engine, rules, "damage_before_healing")
            minimum = int(rule_in(engine, rules, "on_hit_minimum"))
        heals = self._heals = [] if later else None  # the heals wait for the damage (§10)
        try:
            self._effects(engine, plan, played, facts, dealt, minimum)
            if "weapon" in types and "rest" in types:
                self._type_destroys(engine, played, types)
        finally:
            self._heals = None
        if heals:
            for cause, target, amount in heals:
                engine.apply("heal", cause, target=target, amount=amount, kind=None)
        if automa is not None:
            automa_face_down(engine, played[automa])
        if (state.result is not None or state.data["round"].get("destroyed")) and (
            self._check_destroy(engine)
        ):
            return
        # ---- step 5: end of round
        state.step = "end_step"
        self._end_of_round(engine, played, facts, types)

    def _reveal(
        self,
        engine: Engine,
        plan: RoundPlan,
        played: list[int | None],
        facts: list[CardFacts | None],
        types: list[str | None],
    ) -> None:
        """Step 1: each chosen card face up onto the table ("moved", "plays", "played"),
        then every card's "revealed"; ``facts`` and ``types`` filled by seat."""
        state = engine.state
        state.step = "play_step"
        cards, known, history, turn = state.cards, plan.facts, state.history, state.turn
        count = len(played) - played.count(None)
        # nothing hears the reveal (so ``plan.own``): the moves made in place, counted
        # at once as ``_put`` counts each, and the events written at once
        quiet = plan.reveal_silent and engine.steps + count <= engine.budget
        shown = []
        for player, uid in enumerate(played):
            if uid is None:
                continue
            found = facts[player] = known.get(uid) or plan.of(uid)
            types[player] = found.type
            card = cards[uid]
            if quiet:
                state.move(uid, "table", player)
                if card.states:
                    card.states.discard("face_down")
            else:
                self._put(engine, plan, uid, "table", player)
            card.data.update(_SHOWN)
            card.face_up = True
            if quiet:
                history += (
                    ("moved", uid, player, turn),
                    ("plays", None, player, turn),
                    ("played", uid, player, turn),
                )
                shown.append(("revealed", uid, player, turn))
            else:
                engine.happened("plays", None, player, uid)
                engine.happened("played", uid, player)
        if quiet:
            engine.steps += count
            engine.recent.extend((RULE,) * count)
            history += shown
            return
        for player, uid in enumerate(played):
            if uid is not None:
                engine.happened("revealed", uid, player)

    def _cancel_step(
        self,
        engine: Engine,
        plan: RoundPlan,
        played: list[int | None],
        facts: list[CardFacts | None],
        types: list[str | None],
    ) -> None:
        """Step 2: cancels are simultaneous (each pair found before any is marked)."""
        state = engine.state
        state.step = "cancel_step"
        n = len(played)
        cards = state.cards
        # the plan's table while no lasting effect can change the relation
        relation = None if state.lasting else plan.relation
        # no text runs while the cancels are found (``_speak`` written out)
        speak = not (plan.quiet and not state.lasting) and engine.permissions_speak()
        # the table answers alone unless a permission may speak (or a cancel clause)
        table = None if speak else relation
        pairs: list[tuple[Any, Any]] = []  # (canceller, victim): played cards
        if n > 1:
            # each card with the card played against it: the next seat's (no lists turned
            # and zipped: they cost more than the two cards' few comparisons)
            for player, against in enumerate(plan.opponents):
                mine, theirs = facts[player], facts[against[0]]
                if mine is None or theirs is None:
                    continue  # (one of the two did not play: no card then, no facts)
                uid, other = played[player], played[against[0]]
                hit = None if table is None else table.get((mine.type, theirs.type))
                if hit is None or (not hit and mine.cancels_by_text):
                    assert uid is not None and other is not None
                    hit = self._played_cancels(
                        engine, plan, uid, other, mine, theirs, relation, speak
                    )
                if hit:
                    pairs.append((uid, other))
        for canceller, victim in pairs:
            self._mark_cancelled(engine, victim, cards[canceller].controller, canceller)
        if "rest" in types:
            self._rest_at_once(engine, played, types)

    def _rest_at_once(
        self, engine: Engine, played: list[int | None], types: list[str | None]
    ) -> None:
        """A variant: Rest energy at once, in the cancel step (only a Rest card gives any)."""
        rules = self.rules(engine)
        for player, uid in enumerate(played):
            if (
                uid is not None
                and types[player] == "rest"
                and not rule_in(engine, rules, "rest_energy_at_round_end", uid)
            ):
                amount = self._rest_amount(engine, uid, rules)
                if amount:  # (at once: the Rest card is on the table, and names itself)
                    self._gain_energy(engine, self._caused_by(engine, REST, uid), player, amount)

    def _played_cancels(
        self,
        engine: Engine,
        plan: RoundPlan,
        uid: int,
        other: int,
        mine: CardFacts,
        theirs: CardFacts,
        relation: Mapping[tuple[str, str], bool] | None,
        speak: bool,
    ) -> bool:
        """Does the played card ``uid`` cancel ``other``, played against it, where the
        relation's table does not answer alone (``cancels`` with the definitions' facts):
        a clause that asks only the two definitions (``CardFacts.cancels_by_print``) is
        answered once for them (``RoundPlan``)."""
        cards = engine.state.cards
        key = (
            (cards[uid].card_id, cards[other].card_id)
            if not speak
            and relation is not None
            and mine.cancels_by_print
            and not (cards[uid].states or cards[other].states)
            else None
        )
        hit = None if key is None else plan.text_cancels.get(key)
        if hit is None:
            hit = self._cancels(engine, uid, other, mine.definition, theirs.type, relation, speak)
            if key is not None:
                plan.text_cancels[key] = hit
        return hit

    def _damage_step(
        self,
        engine: Engine,
        plan: RoundPlan,
        played: list[int | None],
        facts: list[CardFacts | None],
    ) -> dict[int, int]:
        """Step 3: blocks, then the attacks of the uncancelled cards, simultaneous."""
        state = engine.state
        state.step = "damage_step"
        cards = state.cards
        quiet = plan.quiet  # (``_speak`` written out below: asked for every card)
        for player, found in enumerate(facts):
            if found is None or not found.blocks:
                continue  # (no card played, or one with no block)
            uid = played[player]
            assert uid is not None
            if not _live(cards[uid]):
                continue
            # the block a played card gives its player this round (Block X, "you block…"),
            # against the card of the seat before, whose attack it meets ("This cannot
            # block Weapon cards.": ``opponents``)
            if (
                not (quiet and not state.lasting and plan.next_uid == state.next_uid)
                and engine.permitted("block", uid, played[player - 1]) is False
            ):
                continue
            for ability in found.blocks:
                engine.resolve(ability, uid, player)
        hits: list[tuple[int, Cause, Seat, int]] = []  # the attacks that get through
        # no card text runs while the attacks meet the blocks: one look at the round's pool
        pool = state.data["round"].setdefault("block", {})
        current = not state.lasting and plan.next_uid == state.next_uid
        forbids = not (quiet and current) and engine.permissions_speak()
        # the printed attacks (``CardFacts.attack``) while no text in play may change them
        texts = plan.attack_texts if current else None
        printed = texts is not None
        for key in texts or ():
            if engine.in_play(key):
                printed = False
                break
        # (``strict`` not passed: a keyword call each round; ``plan`` has a seat per player)
        for uid, found, against in zip(played, facts, plan.opponents):  # noqa: B905
            if uid is None:
                continue
            card = cards[uid]
            if card.zone != "table" or card.data.get("cancelled"):
                continue  # (``_live`` written out)
            assert found is not None
            opp, key, target = against
            raw = found.attack if printed else engine.stat(uid, "attack")
            left = have = pool.get(key, 0)
            # ("cannot be blocked by Defense cards": the card played against it blocks)
            if forbids and engine.permitted("be_blocked", uid, played[opp]) is False:
                left = 0
            blocked = raw if raw < left else left  # (not ``min``: a builtin call per attack)
            pool[key] = have - blocked
            through = raw - blocked
            if through > 0:
                hits.append((uid, found.attack_cause, target, through))
            if blocked:
                card.data["blocked"] = True
                self._blocked(engine, opp, uid, blocked)
        dealt: dict[int, int] = {}
        # in place, counted (see ``_put``), and only recorded while nothing hears it: an
        # attack's damage is the health it takes (``_deal_damage`` written out: the
        # attack's blocks were taken above; no text ran since ``current`` was read)
        quick = current and "takes_damage" in plan.silent  # (``silent`` only where ``own``)
        for uid, cause, target, amount in hits:
            if quick and engine.steps < engine.budget:
                engine.steps += 1
                engine.recent.append(cause)
                player = target.index
                res = state.players[player].resources
                res["health"] = res.get("health", 0) - amount
                state.history.append(("takes_damage", None, player, state.turn))
                dealt[uid] = amount
                continue
            if plan.own and engine.steps < engine.budget:  # in place, counted
                engine.steps += 1
                engine.recent.append(cause)
                dealt[uid] = self._deal_damage(
                    engine, cause, target, amount, "damage", uid, _ATTACK
                )
                continue
            dealt[uid] = engine.apply(
                "deal_damage",
                cause,
                target=target,
                amount=amount,
                kind="damage",
                source=uid,
                qualities=_ATTACK,
            )
        return dealt

    def _effects(
        self,
        engine: Engine,
        plan: RoundPlan,
        played: list[int | None],
        facts: list[CardFacts | None],
        dealt: dict[int, int],
        minimum: int,
    ) -> None:
        """Step 4: "On hit" of the cards that dealt damage, then each live card's effect
        (and its "On hit" if the effect dealt the damage, §8), then the triggers."""
        state = engine.state
        cards = state.cards
        rnd = state.data["round"]
        if plan.next_uid != state.next_uid:  # (text ran since the round read ``plan``)
            plan = self.round_plan(engine)
        if minimum > 0:  # the attacks that dealt enough, in seat order (as ``dealt`` is)
            for hitter, amount in dealt.items():
                if amount >= minimum:
                    player = played.index(hitter)
                    self._hit(engine, plan, hitter, player, amount, facts[player])
        else:  # (every live played card hits, having dealt damage or not)
            for player, played_uid in enumerate(played):
                if played_uid is not None and _live(cards[played_uid]):
                    amount = dealt.get(played_uid, 0)
                    self._hit(engine, plan, played_uid, player, amount, facts[player])
        for player, uid in enumerate(played):
            if uid is None:
                continue
            card = cards[uid]
            if card.zone != "table" or card.data.get("cancelled"):
                continue  # (``_live`` written out)
            found = facts[player]
            if found is None or not found.effects:
                continue
            self._run(engine, uid, player, found.effects)
            # the damage its effect dealt (read after it: only its text deals damage as
            # it), if its attack did not hit above
            if (by_source := rnd.get("dealt_by")) and dealt.get(uid, 0) < minimum:
                by_effect = by_source.get(str(uid), 0)
                if by_effect >= minimum and _live(card):
                    self._hit(engine, plan, uid, player, by_effect, found)
        if engine.pending:
            self.resolve_pending(engine)

    def _hit(
        self,
        engine: Engine,
        plan: RoundPlan,
        uid: int,
        player: int,
        amount: int,
        found: CardFacts | None,
    ) -> None:
        """A played card dealt ``amount`` damage (§8): "hits", then its "On hit" text
        (``plan``: this game's, read by the caller)."""
        state = engine.state
        # (``Engine.happened`` where nothing hears it, while the plan holds: see
        # ``RoundPlan.silent``; text may have added cards since the caller read it)
        if "hits" in plan.silent and plan.next_uid == state.next_uid:
            state.history.append(("hits", uid, player, state.turn))
        else:
            engine.happened("hits", uid, player, None, amount)
        if found is not None and found.on_hit:
            self._run(engine, uid, player, found.on_hit)

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
            engine.permitted("be_cancelled", other, uid) is False  # (by the canceller)
            or engine.permitted("cancel", uid, other) is False
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


_ATTACK = ("attack",)  # an attack's damage: its blocks were taken in the damage step
_SHOWN = {"played": True, "revealed": True}  # a revealed card's round data
