"""Marvel Champions: defeat and the end of the game (MC-DEFEAT, G23, MC-MAIN, MC-VDEF):
a card at 0 hit points (a side scheme at 0 threat) defeated, a villain or main-scheme stage
giving way to the next, an eliminated player's cards, and the game over when the last
stage falls, the heroes are all defeated or the main scheme completes."""

from __future__ import annotations

from cardscript.interpreter.engine import Engine, Event
from cardscript.kernels.marvel_champions import villain as vphase
from cardscript.kernels.marvel_champions.base import MCBase


class DefeatKernel(MCBase):
    """The checks after each change: what is defeated, and whether the game is over."""

    def defeat(self, engine: Engine, uid: int) -> None:
        """A card is defeated (MC-DEFEAT), unless a replacement ("If this would be
        defeated, … instead", G35) takes its place."""
        state = engine.state
        card = state.cards[uid]
        kind = engine.definition(uid).type
        if self.replaced(engine, "is_defeated", uid):
            self.keep(uid)
            return
        if kind == "villain":
            upcoming = state.shared.get("villain_deck", [])
            engine.emit(Event("is_defeated", subject=uid))
            self.credit_defeat(engine, uid)
            vphase.labelled(engine, uid, "when_defeated", state.data.get("first_player", 0))
            self.resolve_pending(engine)
            if not upcoming:
                engine.end(0, "villain defeated")
                return
            nxt = upcoming[-1]
            for other in list(state.cards.values()):
                if other.attached_to == uid:
                    other.attached_to = nxt  # attachments stay with the villain
            # status cards and all-purpose tokens stay with the villain (MC2-T-033)
            statuses = {
                k: v for k, v in card.counters.items() if k.endswith("_card") or k == "all_purpose"
            }
            # the stage leaves play, removed from the game (MC-VDEF-2, MC-INPLAY-4)
            if not self.next_stage(engine, uid, nxt):
                return
            state.cards[nxt].counters.update(statuses)
            self.reveal_stage(engine, nxt)
            return
        if kind in ("hero", "alter_ego"):
            self.eliminate(engine, card.controller, uid)
            return
        engine.emit(Event("is_defeated", subject=uid, player=card.controller))
        self.credit_defeat(engine, uid)
        vphase.labelled(engine, uid, "when_defeated", card.controller)  # MC2-T-048
        self.to_discard(engine, uid)
        self.resolve_pending(engine)

    def credit_defeat(self, engine: Engine, uid: int) -> None:
        """ "After you defeat a minion" / "… an enemy": the player whose card's damage or
        "defeat" step defeated it (``dealt_by``), heard with ``is_defeated``."""
        by = engine.state.cards[uid].data.pop("dealt_by", None)
        if by is not None:
            engine.emit(Event("defeats", player=by, obj=uid))

    def eliminate(self, engine: Engine, player: int, uid: int) -> None:
        """G23: the player's cards go to their owners' discard piles, the dealt encounter
        cards to the encounter discard, and each engaged minion engages the next player,
        damage and status cards kept (S053)."""
        state = engine.state
        state.players[player].data["defeated"] = True
        engine.emit(Event("is_defeated", subject=uid, player=player))
        left = self.players(engine)
        n = len(state.players)
        heir = next((q % n for q in range(player + 1, player + n) if q % n in left), None)
        for zone in ("play", "hand", "dealt", "deck"):
            for gone in list(state.players[player].zones.get(zone, ())):
                kind = engine.definition(gone).type
                if kind in ("hero", "alter_ego"):
                    state.move(gone, "removed", player=player)
                elif kind == "minion" and zone == "play" and heir is not None:
                    state.move(gone, "play", player=heir)
                    state.cards[gone].controller = heir
                else:
                    self.to_discard(engine, gone)
        if not left:
            engine.end(None, "heroes defeated")
        elif state.data.get("first_player", 0) == player:
            # an eliminated first player hands the token on (MC2-T-020)
            state.data["first_player"] = heir if heir is not None else left[0]

    def check(self, engine: Engine) -> None:
        if self.checking:
            return  # a check already under way finishes the job
        self.checking = True
        try:
            self._check(engine)
        finally:
            self.checking = False
            self.kept.clear()
            self.used.clear()

    def _check(self, engine: Engine) -> None:
        state = engine.state
        for _ in range(20):
            if state.result is not None:
                return
            found = None
            for zone in ("play",):
                for uid in engine.cards_in([(zone, None)]):
                    kind = engine.card_type(uid)
                    if (
                        kind in ("hero", "alter_ego", "ally", "villain", "minion")
                        and self.hit_points_left(engine, uid) <= 0
                        and uid not in self.kept  # its defeat or leaving was replaced
                    ):
                        found = uid
                        break
                if found is not None:
                    break
            if found is None:
                for uid in list(state.shared.get("play", ())):
                    if (
                        engine.definition(uid).type == "side_scheme"
                        and state.cards[uid].counters.get("threat", 0) <= 0
                    ):
                        found = uid
                        break
            if found is None:
                break
            self.defeat(engine, found)
        scheme = self.main_scheme(engine)
        if state.result is None and scheme is not None:
            target = engine.stat(scheme, "target_threat") * len(state.players)
            threat = state.cards[scheme].counters.get("threat", 0)
            if threat >= target > 0 and scheme not in self.kept:  # (its leaving kept)
                self.advance(engine, scheme)
                self._check(engine)  # what the new stage's When Revealed did

    def advance(self, engine: Engine, scheme: int) -> None:
        """MC-MAIN: a completed stage gives way to the next, which gets only its own
        starting threat (the excess is lost, ``scheme_excess_carries``) and keeps the
        acceleration tokens, then its When Revealed resolves (MC2-T-005); after the
        last stage the players lose."""
        state = engine.state
        upcoming = state.shared.get("main_scheme_deck", [])
        if not upcoming:
            engine.end(None, "main scheme completed")
            return
        old = state.cards[scheme]
        nxt = upcoming[-1]
        threat = engine.stat(nxt, "starting_threat") * len(state.players)
        excess = old.counters.get("threat", 0) - engine.stat(scheme, "target_threat") * len(
            state.players
        )
        if engine.rule("scheme_excess_carries"):
            threat += excess
        tokens = old.counters.get("acceleration_token", 0)
        # the stage leaves play, as the villain's does (MC-INPLAY-1, MC-INPLAY-4)
        if not self.next_stage(engine, scheme, nxt):
            return
        card = state.cards[nxt]
        card.counters = {k: v for k, v in (("threat", threat), ("acceleration_token", tokens)) if v}
        engine.emit(Event("advances", subject=nxt))
        self.reveal_stage(engine, nxt)

    def next_stage(self, engine: Engine, stage: int, nxt: int) -> bool:
        """A villain or main-scheme stage leaves play, removed from the game, and the next
        takes its place (MC-VDEF-2, MC-MAIN-1 step 1): what heard it leave ("After a
        villain leaves play") resolves now, before the next stage is revealed (MC-RESP-3:
        at once after the condition). False where it stays or the game is over."""
        state = engine.state
        if not self.out_of_play(engine, stage, lambda _: state.move(stage, "removed", shared=True)):
            return False
        self.resolve_pending(engine)
        if state.result is not None:
            return False
        state.move(nxt, "play", shared=True)
        state.cards[nxt].face_up = True
        return True

    def reveal_stage(self, engine: Engine, stage: int) -> None:
        """The new stage is revealed: its When Revealed resolves (MC-WREV-2)."""
        engine.emit(Event("is_revealed", subject=stage))
        vphase.when_revealed(engine, stage, engine.state.data.get("first_player", 0))
        self.resolve_pending(engine)
