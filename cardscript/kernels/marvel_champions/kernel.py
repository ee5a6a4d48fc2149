"""The Marvel Champions kernel (spec marvel-champions-part1.md, -part2.md; the Rules
Reference, seed 003, wins): one to four players, one hero each, against one villain.

Setup (Appendix II, core steps): identities in alter-ego form, player decks shuffled, the
villain at its first stage of the mode (standard: I then II; expert: II then III) with
hit points times the number of players, the main scheme (side B) with its starting threat
per player, the encounter deck shuffled, hands drawn up to each alter-ego's hand size.
A round is the player phase (``player.py``: each player's turn, then discard down, draw
up and ready) and the villain phase (``villain.py``). The game ends when the villain's
last stage is defeated (the players win, ``winner`` 0), when every hero is defeated or the
main scheme completes (the players lose, ``winner`` None with reason).
Scenario actions: ``scenario.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardscript.grammar import ast
from cardscript.interpreter.cost_resources import Amounts
from cardscript.interpreter.engine import Engine, Event, PrimitiveFn
from cardscript.interpreter.playable import BundledGame
from cardscript.interpreter.select import Context, Target
from cardscript.kernels.marvel_champions import acting, resources, windows
from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions import scenario as mc_scenario
from cardscript.kernels.marvel_champions import villain as vphase
from cardscript.kernels.marvel_champions.base import (
    DEFAULT_VILLAIN,
    ENCOUNTER_TYPES,
    GAME,
    RULE,
)
from cardscript.kernels.marvel_champions.defeats import DefeatKernel
from cardscript.kernels.marvel_champions.verbs import verb_primitives


class MarvelChampionsKernel(DefeatKernel):
    """Rounds, setup and attacks against enemies; defeat and the end of the game are
    ``DefeatKernel``'s."""

    mode = "standard"
    player_counts = (1, 2, 3, 4)
    cooperative = True  # the heroes against the villain (G01)
    owner_knows_face_down = False  # face down: encounter and boost cards, nobody's (G41)
    # a boost card discarded once flipped is heard as a treachery discarded once resolved
    # («Підсилення», «Лукавство»: "скиньте … у відбій" for both; MC-BOOST-7)
    heard_leaving = ("boost",)

    def primitives(self) -> dict[str, PrimitiveFn]:
        return {**super().primitives(), **verb_primitives(self)}

    # ---- setup ------------------------------------------------------------------------
    def setup(self, engine: Engine, decks: Sequence[Sequence[str]]) -> None:
        self.setup_game(engine, decks, DEFAULT_VILLAIN, self.mode)

    def identity_of(self, engine: Engine, deck: Sequence[str]) -> str:
        pool = engine.pool
        for card_id in deck:
            if pool[card_id].type == "hero":
                return card_id
            if pool[card_id].type == "alter_ego":
                return str(pool[card_id].get("back"))
        for card_id in deck:
            owner = pool[card_id].get("owner")
            if owner:
                return str(owner)
        raise ValueError("a deck needs an identity (a hero with its alter-ego)")

    def setup_game(
        self,
        engine: Engine,
        decks: Sequence[Sequence[str]],
        villain: str,
        mode: str,
        modular: Sequence[str] = (),
    ) -> None:
        """Appendix II; the encounter deck is the villain's set, the ``modular`` sets and,
        in expert mode, the set ``<villain>-expert`` (Appendix I, MC2-T-104/105)."""
        state = engine.state
        del state.players[len(decks) :]  # one player per deck (solo or two-handed)
        state.phase = "setup"
        state.data["first_player"] = 0
        for index, deck in enumerate(decks):
            hero = self.identity_of(engine, deck)
            alter = str(engine.pool[hero].get("back"))
            state.create_card(alter, index, "play")
            state.create_card(hero, index, "identity_back")
            for card_id in deck:
                if engine.pool[card_id].type not in ("hero", "alter_ego", *ENCOUNTER_TYPES):
                    state.create_card(card_id, index, "deck", face_up=False)
            state.rng.shuffle(self.zone(engine, index, "deck"))
        stages = sorted(
            (
                c
                for c in engine.pool.cards.values()
                if c.type == "villain" and c.get("set_code") == villain
            ),
            key=lambda c: int(c.get("stage", 0)),
        )
        picked = stages[1:3] if mode == "expert" else stages[:2]
        for card in reversed(picked[1:]):
            state.create_card(card.id, 0, "villain_deck", face_up=False, shared=True)
        if picked:
            state.create_card(picked[0].id, 0, "play", shared=True)
        schemes = sorted(
            (
                c
                for c in engine.pool.cards.values()
                if c.type == "main_scheme" and c.get("set_code") == villain and c.get("side") == "B"
            ),
            key=lambda c: int(c.get("stage", 0)),
        )
        for later in reversed(schemes[1:]):  # the stages to come, the next on top
            state.create_card(later.id, 0, "main_scheme_deck", face_up=False, shared=True)
        if schemes:
            scheme = state.create_card(schemes[0].id, 0, "play", shared=True)
            threat = engine.stat(scheme.uid, "starting_threat") * len(state.players)
            if threat:
                scheme.counters["threat"] = threat
        sets = {villain, *modular, *([f"{villain}-expert"] if mode == "expert" else [])}
        for card in engine.pool.cards.values():
            if card.get("set_code") in sets and card.type in (
                "minion",
                "treachery",
                "attachment",
                "environment",
                "side_scheme",
            ):
                for _ in range(int(card.get("quantity") or 1)):
                    made = state.create_card(
                        card.id, 0, "encounter_deck", face_up=False, shared=True
                    )
                    made.data["encounter"] = True
        self.hero_sets(engine)
        self.setup_abilities(engine, schemes[0].id if schemes else None)
        state.rng.shuffle(state.shared.setdefault("encounter_deck", []))
        for index in range(len(state.players)):
            me = self.identity(engine, index)
            assert me is not None
            engine.apply("draw", RULE, player=index, count=engine.stat(me, "hand_size"))
            if engine.rule("mulligan", player=index):
                self.mulligan(engine, index, engine.stat(me, "hand_size"))
        state.turn = 0

    def mulligan(self, engine: Engine, player: int, size: int) -> None:
        """MC-SETUP-13: discard any cards from the opening hand, then draw back up to the
        hand size; the discarded cards stay in the discard pile (MC2-T-108)."""
        hand = engine.state.players[player].zone("hand")
        while hand:
            labels = ["keep the hand"] + [f"mulligan {engine.describe(u)}" for u in hand]
            (picked,) = engine.choose(player, "option", "mulligan?", [None, *hand], labels)
            if picked == 0:
                break
            engine.apply("discard", RULE, uid=hand[picked - 1])
        if len(hand) < size:
            engine.apply("draw", RULE, player=player, count=size - len(hand))

    def hero_sets(self, engine: Engine) -> None:
        """Setup: each hero's obligation goes into the encounter deck, its nemesis set is
        set aside out of play (MC2-T-106, S075); both belong to that player."""
        state = engine.state
        for index in range(len(state.players)):
            hero = self.hero_of(engine, index)
            nemesis = engine.pool[hero].get("nemesis_set") if hero else None
            for card in engine.pool.cards.values():
                if card.type == "obligation" and card.get("owner") == hero:
                    zone = "encounter_deck"
                elif nemesis and card.get("set_code") == nemesis:
                    zone = "set_aside"
                else:
                    continue
                for _ in range(int(card.get("quantity") or 1)):
                    made = state.create_card(card.id, index, zone, face_up=False, shared=True)
                    made.data["encounter"] = True

    def setup_abilities(self, engine: Engine, scheme_b: str | None) -> None:
        """Appendix II step 10: the first main scheme's "Setup:" text (on its side A)
        resolves for the first player before the encounter deck is shuffled (MC2-T-049,
        MC2-T-107)."""
        scheme = self.main_scheme(engine)
        if scheme_b is None or scheme is None:
            return
        side_a = engine.pool[scheme_b].get("back")
        for card_id in (side_a, scheme_b):
            if not card_id:
                continue
            for ability in engine.pool[str(card_id)].abilities:
                label = ability.line.label
                if label is not None and label.name == "setup":
                    engine.resolve(ability, scheme, engine.state.data.get("first_player", 0))
                    self.resolve_pending(engine)

    def hero_of(self, engine: Engine, player: int) -> str | None:
        """The hero card id of a player's identity, whichever side shows."""
        zones = engine.state.players[player].zones
        for uid in (
            *zones.get("play", ()),
            *zones.get("identity_back", ()),
            *zones.get("removed", ()),
        ):
            if engine.definition(uid).type == "hero":
                return engine.state.cards[uid].card_id
        return None

    def refill(self, engine: Engine, zone: str, player: int | None) -> bool:
        """G53: card text that reveals the top card of an empty encounter deck finds the
        deck made anew first, as the rules' own reveals do (``vphase.draw_encounter``)."""
        return zone == "encounter_deck" and vphase.draw_encounter(self, engine) is not None

    def on_empty_deck(self, engine: Engine, player: int) -> None:
        """G52: the discard pile becomes the deck, and the player is dealt an encounter card.
        With the discard pile empty too the rules are silent (D-9): in the game the Grim Rule
        settles whether the deck ran out all the same (an encounter card) or nothing
        happens; at setup (a deck shorter than a hand, test decks only) the draw stops."""
        state = engine.state
        discard = state.players[player].zone("discard")
        if not discard and state.phase == "setup":
            return
        if not discard:
            options = ["the deck ran out: deal an encounter card", "nothing happens"]
            question = "a draw with the deck and the discard pile empty"
            if self.grim_rule(engine, question, options, worst=0) == 0:
                vphase.deal_encounter(self, engine, player)
            return
        for uid in list(discard):
            state.move(uid, "deck", player=player)
            state.cards[uid].face_up = False
        state.rng.shuffle(state.players[player].zone("deck"))
        vphase.deal_encounter(self, engine, player)

    def grim_rule(self, engine: Engine, question: str, options: list[str], worst: int) -> int:
        """§1.3 Grim Rule: a question the rules leave open is settled the way worst for the
        players (``grim_rule`` adversarial), or by the first player (ask); never silently:
        the event ``grim_rule`` says what was settled and how (S002)."""
        if engine.rule("grim_rule") == "ask":
            first = self.first_player(engine)
            (picked,) = engine.choose(first, "option", question, list(options), options)
        else:
            picked = worst
        data = (("question", question), ("answer", options[picked]))
        engine.emit(Event("grim_rule", data=data))
        return picked

    # ---- the game -----------------------------------------------------------------------
    def play(self, engine: Engine) -> dict[str, Any]:
        state = engine.state
        while state.result is None:
            if state.turn >= self.max_rounds:
                engine.end(None, "round limit")
                break
            self.round(engine)
        assert state.result is not None
        return state.result

    def end_round(self, engine: Engine) -> None:
        self.period_over(engine, "round")

    def period_over(self, engine: Engine, period: str) -> None:
        """The round (setup, an activation, an attack) ends: its lasting effects end
        first, so that "at the end of the round" abilities see the game without them
        (MC2-T-073)."""
        engine.end_period(period)
        if engine.state.result is None:
            engine.emit(Event(f"end:{period}"))
            self.resolve_pending(engine)

    def end_phase(self, engine: Engine, phase: str) -> None:
        """Lasting effects "until the end of the phase" (and of this phase) end (MC-LAST-0)."""
        engine.end_period(phase)
        engine.end_period("phase")

    def phase_begins(self, engine: Engine, phase: str) -> None:
        """The player or villain phase begins, which is "the phase" too (MC-LAST-0)."""
        engine.state.phase = phase
        engine.emit(Event(f"start:{phase}"))
        engine.emit(Event("start:phase"))
        self.resolve_pending(engine)

    def phase_ends(self, engine: Engine, phase: str) -> None:
        engine.emit(Event(f"end:{phase}"))
        engine.emit(Event("end:phase"))
        self.resolve_pending(engine)
        self.end_phase(engine, phase)

    def round(self, engine: Engine) -> None:
        state = engine.state
        if state.turn == 0:  # setup is over (Appendix II), and the game begins with round 1
            self.period_over(engine, "setup")
            engine.emit(Event("start:game"))
            self.resolve_pending(engine)
        state.turn += 1
        engine.emit(Event("start:round"))
        self.phase_begins(engine, "player_phase")
        for player in self.players(engine):
            if state.result is not None:
                return
            turns.turn(self, engine, player)
        if state.result is not None:
            return
        turns.end_of_player_phase(self, engine)
        self.phase_ends(engine, "player_phase")
        if state.result is None:
            vphase.villain_phase(self, engine)
        self.end_round(engine)
        if engine.log is not None:
            engine.log.step(engine, f"round {state.turn}")

    # ---- attacks against enemies --------------------------------------------------------
    def attack_targets(self, engine: Engine, player: int, attacker: int | None) -> list[int]:
        """The enemies the player's ``attacker`` may attack (G05 step 4): those no card text
        forbids ("this cannot be attacked", "… by allies"; with no attacker every
        "cannot" counts, Guard's own text too; "This cannot attack." or "… cannot attack
        minions", asked of each enemy: G74), and K6 Guard:
        while a Guard minion is engaged with the player, the villain cannot be attacked
        by them (the literal reading, hook ``guard_scope``)."""
        enemies = [
            u
            for u in self.enemies_of(engine, player)
            if engine.permitted("be_attacked", u, attacker) is not False
            and (attacker is None or self.may_attack(engine, attacker, u))
        ]
        guards = [u for u in self.engaged(engine, player) if engine.has_keyword(u, "guard")]
        if guards:
            scope = engine.rule("guard_scope", player=player)
            enemies = [
                u
                for u in enemies
                if engine.has_keyword(u, "guard")
                or (scope == "villain" and engine.definition(u).type != "villain")
            ]
        return enemies

    def most_payable(
        self, engine: Engine, player: int, source: int | None, action: ast.Action
    ) -> int | None:
        """Resources are generated while paying (MC-RES): ``resources.most_payable``; a
        cost counted in cards as in every game ("discard 2 cards")."""
        found = resources.most_payable(engine, player, source, action)
        return super().most_payable(engine, player, source, action) if found is None else found

    def cost_resource(self, action: ast.Action) -> str | None:
        """Every "pay N <type> resource" step is paid from the same hand and "Resource:"
        abilities (MC-RES), whatever type it asks for."""
        return "resources" if action.verb == "pay" else None

    def resources_fit(
        self, engine: Engine, player: int, source: int | None, steps: Amounts
    ) -> bool:
        """Each source spent whole on one step (``resources.steps_fit``)."""
        return resources.steps_fit(engine, player, source, steps)

    def may_choose(
        self, engine: Engine, ctx: Context, target: Target, span: ast.Span | None = None
    ) -> bool:
        """An "(attack)" ability's damage names only enemies a basic attack could (Guard,
        K6, and "This cannot be attacked.", G05 step 4): a target chosen, and each of
        "each enemy" ("Deal 1 damage to each enemy." passes by one that cannot be
        attacked); its other steps are no attack ("Stun each minion.": G05 bullet 3, the
        attack is on the target it damages), and name any (``acting.damage_spans``). An
        enemy attacking in card text ("the villain attacks a hero") names only
        characters it may attack (``villain.may_attack``)."""
        ability = ctx.ability
        if ability is None or not isinstance(target, int):
            return True
        enemy = ctx.actor
        if (
            enemy is not None
            and self.is_a(engine, enemy, "enemy")
            and vphase.attacks_in_text(ability)
        ):
            return vphase.may_attack(engine, enemy, target)
        if not acting.is_attack(ability):
            return True
        if span is not None and span.offset not in acting.damage_spans(ability):
            return True
        if not self.is_a(engine, target, "enemy"):
            return True
        source = ctx.source  # the attacker: an ally's own ability, else the identity
        ally = source is not None and self.is_a(engine, source, "ally")
        attacker = source if ally else self.identity(engine, ctx.controller)
        return target in self.attack_targets(engine, ctx.controller, attacker)

    def attack(self, engine: Engine, attacker: int, target: int) -> bool:
        """An attack by a hero or ally (G05): its interrupt window first (G20: "When an
        ally attacks", which may cancel it or change its ATK), then ATK damage, Retaliate
        and other responses. Whether it was made (not cancelled)."""
        state = engine.state
        controller = state.cards[attacker].controller
        about = Event("attacks", subject=attacker, player=controller, obj=target)
        attacked = Event("is_attacked", subject=target, player=controller, obj=attacker)
        engine.emit(Event("start:attack", player=controller))
        self.resolve_pending(engine)
        state.data["attacker"], state.data["defender"] = attacker, target
        # "When X is attacked" is a condition of the same attack: one window (MC-TRIG-2)
        if not windows.interrupt(self, engine, about, attacked):
            self.attack_over(engine)
            return False
        # a target an Interrupt took out of play neither cancels nor replaces the attack
        # (G20): it is made, with no damage to deal (MC-INPLAY-5), and heard as made
        if state.cards[target].zone == "play":
            self.attack_damage(engine, attacker, target)
        self.check(engine)  # a defeated target is gone before "after it is attacked" (D-12)
        was = self.as_it_was(engine, target)  # (gone: heard as it last was in play)
        engine.emit(about._replace(data=was))
        engine.emit(attacked._replace(data=was))
        self.resolve_pending(engine)
        self.attack_over(engine)
        self.check(engine)
        return True

    def attack_damage(self, engine: Engine, attacker: int, target: int) -> None:
        """A hero's or an ally's ATK in damage to the enemy it attacks; with Overkill, what
        exceeds a minion's hit points goes to the villain (K3)."""
        amount = engine.stat(attacker, "atk")
        left = self.hit_points_left(engine, target)
        self.damage(engine, target, amount, attacker)
        if engine.has_keyword(attacker, "overkill") and engine.definition(target).type == "minion":
            villain = self.villain(engine)
            if villain is not None and amount > left:
                self.damage(engine, villain, amount - left, attacker)

    def attack_over(self, engine: Engine) -> None:
        """A hero's or an ally's attack is over: "until the end of the attack" ends
        (MC-LAST-0), as an enemy's does."""
        engine.state.data.pop("attacker", None)
        engine.state.data.pop("defender", None)
        self.period_over(engine, "attack")

    # ---- scenarios ------------------------------------------------------------------------
    inner_zones = ("dealt", "identity_back", "removed")
    scenario_actions = (
        "setup", "put", "play", "attack", "thwart", "recover", "change_form", "activate",
        "can_attack", "villain_phase", "discard", "enemy_attack", "enemy_scheme", "reveal",
        "end_player_phase", "turn", "draw", "round", "end_round", "game", "villain_threat",
        "villain_activations", "deal_encounters", "reveal_encounters",
    )  # fmt: skip
    scenario_setup_fields: ClassVar[Mapping[str, Any]] = {"solo": {"type": ["boolean", "integer"]}}
    scenario_action_fields: ClassVar[Mapping[str, Any]] = {
        "first_player": {"type": "integer", "minimum": 0, "maximum": 7},
        "active": {"type": "integer", "minimum": 0, "maximum": 7},
        "villain": {"type": "string"},
        "mode": {"type": "string"},
        "modular": {"$ref": "#/definitions/words"},
        "threat": {"$ref": "#/definitions/counts"},
        "counters": {"$ref": "#/definitions/counts"},
        "states": {"$ref": "#/definitions/words"},
        "enemy": {"type": "string"},
        "attach": {"type": "string"},
        "count": {"type": "integer", "minimum": 0},
        "new": {"type": "boolean"},
        "asked": {"type": "boolean"},
    }

    def scenario_setup(self, engine: Engine, setup: Mapping[str, Any]) -> None:
        count = setup.get("solo")
        if count:
            del engine.state.players[1:]

    def scenario_action(self, engine: Engine, name: str, action: dict[str, Any]) -> None:
        mc_scenario.run(self, engine, name, action)


BUNDLED = BundledGame(GAME, MarvelChampionsKernel)
mc_pool = BUNDLED.pool
new_engine = BUNDLED.new_engine
deck_ids = BUNDLED.deck_ids
BUNDLED.register()
