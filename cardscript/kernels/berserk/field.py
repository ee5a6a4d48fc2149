"""The Berserk battlefield (spec berserk.md §4, §6, §8.2, §11, §15): cells, zones,
open and closed cards, wounds and death (movement is in ``movement.py``). A card on the
battlefield keeps its cell in ``card.data["cell"]`` as ``[x, y]`` (``geometry.py``).

Zones per player: ``deck``, ``deal`` (the cards dealt for recruiting), ``set`` (the
recruited cards before placement), ``battlefield``, ``additional_zone`` (flyers, §206.4)
and ``graveyard``. A closed card has the state ``closed``; a hidden card is face down.
Wounds are ``wound`` counters; a creature whose current life (life + additional lives −
wounds) is 0 or less gets a Destruction Effect: after a priority window for sudden actions
(``priority.py``) it goes to its owner's graveyard unless it has lives again (§402.3). A
wound's kinds (attack, magic, shot…) decide protections and prevention (``kinds.py``).
"""

from __future__ import annotations

from typing import Any

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.events import left_from
from cardscript.interpreter.kernel import Kernel
from cardscript.interpreter.primitives import (
    add_counters,
    remove_counters,
    set_state,
    unless_forbidden,
)
from cardscript.interpreter.select import Seat, Target, test
from cardscript.interpreter.triggers import in_chosen_order
from cardscript.kernels.berserk import (
    abilities,
    attacks,
    chains,
    counter_costs,
    modifiers,
    outcomes,
    sources_left,
    strike,
    triggered,
    wounding,
)
from cardscript.kernels.berserk.geometry import Cell, cell_name
from cardscript.kernels.berserk.hosts import attachments, follow_host, host_of
from cardscript.kernels.berserk.kinds import (
    ACT_KINDS,
    KIND_OF_ACT,
    keyword_lost,
    kinds_of,
    prevention,
    protected,
)

GAME = "berserk"
RULE = Cause(rule="turn structure")
SQUAD_ZONES = ("battlefield", "additional_zone")


UNFLOORED = frozenset({"die_roll", "strike", "weak_strike", "medium_strike", "strong_strike"})


class FieldKernel(Kernel):
    """Geometry, card states, wounds and death; the turn structure is in ``kernel.py``."""

    game = GAME
    play_zones = SQUAD_ZONES
    discard_zone = "graveyard"
    life_resource = default_resource = "life"
    max_turns = 60
    # ``has_quality``'s adjectives that read a keyword or a rule text may change
    text_qualities = frozenset({"poisoned", "incorporeal", "in_formation", "flying"})
    default_duration = "battle"  # §407.2, §418.2: no duration given, until the battle ends
    # Formation-linked lines count as acquired: "loses all abilities" keeps them, and the
    # Formation that links them (§407.4, DICT «Строй»)
    acquired_labels = frozenset({"formation"})
    rule_keywords = "Poisoning 1"  # given by "poison"; "bless", "curse" see ``know_verbs``
    max_actions = 40

    def primitives(self) -> dict[str, Any]:
        return {
            "close": set_state("closed", True, "closes"),
            # ("This cannot be opened.": effects, the turn start step and costs alike)
            "open": unless_forbidden("open", set_state("closed", False, "opens")),
            "deal_damage": self._wound,
            "suffer": self._suffer,
            "heal": self._heal,
            "drain": self._drain,
            "add_counters": self._add_counters,
            "remove_counters": self._remove_counters,
            "win": outcomes.noted("win"),
            "lose_game": outcomes.noted("lose"),
            "strike": strike.primitive(self),
            "destroy": self._destroy,
            **attacks.primitives(self),
            **modifiers.primitives(self),
        }

    def know_verbs(self, engine: Engine) -> None:
        """Before a game: the keywords the rules' verbs may give in it (``modifiers``)."""
        self.rule_keywords = modifiers.rule_keywords(engine)
        engine.pool.know_rule_keywords(self.rule_keywords)

    # ---- cards and cells --------------------------------------------------------------
    def squad(self, engine: Engine, player: int) -> list[int]:
        zones = engine.state.players[player].zones
        return [u for z in SQUAD_ZONES for u in zones.get(z, ())]

    def creatures(self, engine: Engine, player: int) -> list[int]:
        return [u for u in self.squad(engine, player) if engine.definition(u).type == "creature"]

    def cell(self, engine: Engine, uid: int) -> Cell | None:
        """The card's cell; an attachment stands on its host's (``hosts.py``)."""
        card = engine.state.cards[uid]
        if card.zone != "battlefield":
            return None
        found = card.data.get("cell")
        if found is None:
            host = card.data.get("host")
            return None if host is None else self.cell(engine, int(host))
        return int(found[0]), int(found[1])

    def place_of(self, engine: Engine, uid: int) -> str | None:
        """The card's cell by name ("B2"), its host's for an attachment."""
        cell = self.cell(engine, uid)
        return None if cell is None else cell_name(cell)

    def occupant(self, engine: Engine, cell: Cell) -> int | None:
        """The card holding the cell (a host, not what rides on it)."""
        for player in engine.state.players:
            for uid in player.zones.get("battlefield", ()):
                if "cell" in engine.state.cards[uid].data and self.cell(engine, uid) == cell:
                    return uid
        return None

    def occupied(self, engine: Engine) -> set[Cell]:
        out: set[Cell] = set()
        for player in engine.state.players:
            for uid in player.zones.get("battlefield", ()):
                found = self.cell(engine, uid)
                if found is not None:
                    out.add(found)
        return out

    def is_flyer(self, engine: Engine, uid: int) -> bool:
        card = engine.state.cards[uid]
        if not card.face_up and card.zone == "battlefield" and "cell" in card.data:
            return False  # hidden on its cell: a card there, what it is is not public (§415)
        definition = engine.definition(uid)
        return definition.get("subtype") == "flying" or bool(
            engine.rule("lives_in_additional_zone", uid=uid)
        )

    def adjacent(self, engine: Engine, a: int, b: int) -> bool:
        """§207.7: cells at Chebyshev distance 1; flyers are adjacent to nothing (§211.4);
        a host and what rides on it are adjacent (§210.9а, §214.8а)."""
        ca, cb = self.cell(engine, a), self.cell(engine, b)
        if ca is None or cb is None:
            return False
        if ca == cb:
            return a != b and (host_of(engine, a) == b or host_of(engine, b) == a)
        if max(abs(ca[0] - cb[0]), abs(ca[1] - cb[1])) != 1:
            return False
        return bool(
            engine.rule("adjacent_to_others", uid=a) and engine.rule("adjacent_to_others", uid=b)
        )

    def closed(self, engine: Engine, uid: int) -> bool:
        return "closed" in engine.state.cards[uid].states

    def is_a(self, engine: Engine, uid: int, noun: str) -> bool:
        data = engine.state.data
        if noun == "attacker":
            return data.get("attacker") == uid
        if noun == "reflector":
            return data.get("reflector") == uid
        if noun == "defender":
            return data.get("reflector") == uid and data.get("defender") == uid
        if noun == "flyer":
            return self.is_flyer(engine, uid)
        if noun in ACT_KINDS:  # "by discharges": the card acting with that kind right now
            acting = data.get("acting") or (None, ())
            return bool(acting[0] == uid and noun in acting[1])
        if noun == "ability":  # "by attack-triggered abilities": acting with any ability now
            acting = data.get("acting") or (None, ())
            return bool(acting[0] == uid and acting[1])
        return super().is_a(engine, uid, noun)

    def has_quality(self, engine: Engine, uid: int, quality: str) -> bool:
        state = engine.state
        card = state.cards[uid]
        if quality == "open":
            return "closed" not in card.states
        if quality == "hidden":
            return not card.face_up
        if quality == "revealed":
            return card.face_up
        if quality == "wounded":
            return card.counters.get("wound", 0) > 0
        if quality == "attacking":
            return state.data.get("attacker") == uid
        if quality in KIND_OF_ACT:  # striking, shooting…: attacking with that kind now
            return (
                state.data.get("attacker") == uid
                and state.data.get("attack_kind", "simple_strike") == KIND_OF_ACT[quality]
            )
        if quality == "poisoned":
            return engine.has_keyword(uid, "poisoning")
        if quality == "attack_triggered":  # acting with an ability its attack triggered
            acting = state.data.get("acting") or (None, ())
            return bool(acting[0] == uid and quality in acting[1])
        if quality == "unscathed":  # Concentration: no wounds received this turn
            return not any(h[:2] == ("is_wounded", uid) for h in state.history)
        if quality == "peaceful":  # Fury: did not attack this turn
            return not any(h[:2] == ("attacks", uid) for h in state.history)
        if quality == "in_formation":
            return bool(engine.rule("formation_links", uid=uid))
        if quality == "incorporeal":
            return engine.has_keyword(uid, "incorporeality")
        if quality == "reflecting":
            return state.data.get("reflector") == uid
        if quality == "flying":
            return self.is_flyer(engine, uid)
        if quality == "ground":
            return engine.definition(uid).type == "creature" and not self.is_flyer(engine, uid)
        if quality == "elite":
            return bool(engine.definition(uid).get("elite"))
        if quality == "ordinary":
            return not engine.definition(uid).get("elite")
        element = engine.definition(uid).get("element")
        if quality in ("forest", "steppe", "mountains", "swamps", "darkness", "fire"):
            return element == quality or (isinstance(element, list) and quality in element)
        return super().has_quality(engine, uid, quality)

    def quality_for(
        self, engine: Engine, uid: int, quality: str, controller: int, source: int | None = None
    ) -> bool:
        if quality == "enemy":
            return engine.state.cards[uid].controller != controller
        if quality in ("adjacent", "orthogonal"):
            if source is None or not self.adjacent(engine, source, uid):
                return False
            here, there = self.cell(engine, source), self.cell(engine, uid)
            if quality == "adjacent" or here is None or there is None:
                return quality == "adjacent"
            return (here[0] == there[0]) != (here[1] == there[1])
        return self.has_quality(engine, uid, quality)

    def text_active(self, engine: Engine, uid: int) -> bool:
        return engine.state.cards[uid].face_up

    def unaffected(self, engine: Engine, cause: Cause, uid: int) -> bool:
        """§411: a lasting change ("that creature gains Plague") passes by a card that
        cannot be affected by what makes it (Thick Skin against attack-triggered abilities)."""
        return protected(engine, uid, cause.source, kinds_of(engine, cause, ()))

    def reveal_card(self, engine: Engine, uid: int) -> None:
        """A hidden card turns face up (§415): by the reveal step, by its controller
        (Stealth), or at once when it becomes a target (§415.2)."""
        card = engine.state.cards[uid]
        if not card.face_up:
            card.face_up = True
            engine.emit(Event("is_revealed", subject=uid, player=card.controller))

    def printed_rule(self, engine: Engine, uid: int, hook: str) -> Any:
        """A rule as the card's own printed text sets it for itself ("rule … is … for
        this"), for cards whose text is not active: hidden, or not yet in a squad (the
        deal and the set). None when the text does not speak."""
        found: Any = None
        for ability in engine.definition(uid).play_index.get(("hook", hook), ()):
            node = ability.node
            if isinstance(node, ast.RuleOverride):
                word = node.value.casefold()
                found = node.switch
                if found is None:
                    found = int(word) if word.isdigit() else word
        return found

    def stays_hidden(self, engine: Engine, uid: int) -> bool:
        """Does the card's own text keep it hidden at the reveal step (Stealth)?"""
        if engine.state.cards[uid].face_up:
            return False
        return self.printed_rule(engine, uid, "reveal_at_reveal_step") is False

    def granted(self, engine: Engine, uid: int, keyword: str) -> bool:
        """Does the card's own text give it the keyword now ("during the vanguard step,
        this has Unanswerable Strike")? A grant's rules are asked for where they matter."""
        controller = engine.state.cards[uid].controller
        if uid in engine.lost_all():  # its own text is gone (§407.4)
            return False
        for ability in engine.definition(uid).by_kind.get(ast.EffectAbility, ()):
            node = ability.node
            assert isinstance(node, ast.EffectAbility)
            if not any(
                isinstance(step, ast.Clause)
                and step.action.verb == "have"
                and any(k.name == keyword for k in step.action.keywords)
                for step in node.effects.steps
            ):
                continue
            if node.during is not None and not self.during(engine, controller, node.during):
                continue
            if node.condition is not None and not test(
                engine.context(uid, ability), node.condition
            ):
                continue
            return True
        return False

    def keyword_lost(self, engine: Engine, uid: int, ability: CompiledAbility) -> bool:
        return keyword_lost(engine, uid, ability)

    def static_active(self, engine: Engine, uid: int, ability: CompiledAbility) -> bool:
        """Linked abilities: "Formation: …" only in formation, "Incorporeal: …" only while
        incorporeal (DICT «Строй», «Бестелесность»). A line labelled with a step
        ("Before reveal:") is declared in it, never standing (``abilities.declared_in``)."""
        if self.keyword_lost(engine, uid, ability) or abilities.declared_in(engine, ability):
            return False
        label = ability.line.label
        if label is None:
            return True
        if label.name == "formation":
            return bool(engine.rule("formation_links", uid=uid))
        if label.name == "incorporeal":
            return engine.has_keyword(uid, "incorporeality")
        return True

    def printed(self, engine: Engine, uid: int, stat: str) -> int:
        if stat == "current_life":
            return self.current_life(engine, uid)
        return super().printed(engine, uid, stat)

    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        # modifiers of a strike are not floored: they add to the printed values (§104.2)
        return value if stat in UNFLOORED else max(0, value)

    def current_life(self, engine: Engine, uid: int) -> int:
        card = engine.state.cards[uid]
        return (
            engine.stat(uid, "life")
            + card.counters.get("additional_life", 0)
            - card.counters.get("wound", 0)
        )

    # ---- wounds, healing, death -------------------------------------------------------
    def prevent(
        self,
        engine: Engine,
        uid: Target,
        amount: int,
        kind: str | None,
        source: int | None,
        qualities: tuple[str, ...],
    ) -> int:
        """The card's standing prevention (Armor X, Steadfastness, Camouflage), then
        one-shot shields."""
        if isinstance(uid, int):  # (wounds are dealt to creatures)
            amount = prevention(engine, uid, amount, source, qualities)
        return self.shields(engine, uid, amount)  # (its own rules for the standing lines)

    def shields(self, engine: Engine, target: Target, amount: int) -> int:
        """One-shot shields ("prevent 2 wounds dealt to target creature"), but not those
        whose source card has left play since: its prevention no longer applies (§420.7)."""
        lasting = engine.state.lasting
        cards = engine.state.cards
        gone = [
            e
            for e in lasting
            if e["kind"] == "shield"
            and isinstance(e.get("source"), int)
            and cards[e["source"]].zone not in self.play_zones
        ]
        for shield in gone:  # (the effect is over: nothing will read it again)
            lasting.remove(shield)
        return super().shields(engine, target, amount)

    def _wound(
        self,
        engine: Engine,
        cause: Cause,
        target: Any,
        amount: int,
        kind: str | None = None,
        source: int | None = None,
        qualities: tuple[str, ...] = (),
    ) -> int:
        if isinstance(target, Seat):
            return 0  # Berserk players have no life: wounds go to cards only
        kinds = kinds_of(engine, cause, qualities)
        if kinds and "attack" not in kinds and source is not None:  # a spell's, an ability's
            left = sources_left.last_known(engine, source)  # (it may have died meanwhile)
            amount = modifiers.ability_damage(engine, source, target, amount, left)
        if protected(engine, target, source, kinds):
            return 0
        amount = self.prevent(engine, target, amount, kind, source, kinds)
        if amount <= 0:
            return 0
        card = engine.state.cards[target]
        card.counters["wound"] = card.counters.get("wound", 0) + amount
        wounding.wounded(self, engine, cause, target, amount, kinds, source)
        return amount

    def destruction_effect(
        self, engine: Engine, cause: Cause, target: int, killer: int | None
    ) -> None:
        """§402.3: a card with no lives left gets a Destruction Effect; the players may
        respond, and it is cancelled if the card has lives again (§402.3в)."""
        self.respond(engine, f"the Destruction Effect of {engine.definition(target).name}")
        card = engine.state.cards[target]
        if card.zone in SQUAD_ZONES and self.current_life(engine, target) <= 0:
            engine.apply("destroy", cause, target=target, killer=killer)

    def respond(self, engine: Engine, what: str, nested: bool = False) -> None:
        """A priority window before ``what`` resolves (``priority.py``); ``nested`` opens it
        even inside another (a redirection's, a declared ability's: ``redirection.py``)."""

    def _suffer(
        self,
        engine: Engine,
        cause: Cause,
        player: int,
        amount: int,
        kind: str | None = None,
        target: int | None = None,
    ) -> int:
        """A card wounds itself ("this suffers 1 wound"): not an attack, so Armor does not
        help; with no card named there is nobody to wound."""
        if target is None:
            return 0
        wound = self._wound
        return int(wound(engine, cause, target, amount, kind, cause.source, qualities=("self",)))

    def _heal(
        self, engine: Engine, cause: Cause, target: Any, amount: int, kind: str | None = None
    ) -> bool | None:
        if isinstance(target, Seat):
            return None
        card = engine.state.cards[target]
        if engine.permitted("be_healed", target) is False:
            return False  # Incorporeality: "this cannot be healed" (a refusal: "it" is not it)
        healed = min(card.counters.get("wound", 0), max(0, amount))
        if healed:
            card.counters["wound"] -= healed
            engine.emit(Event("is_healed", subject=target, amount=healed))
        return None

    def _drain(
        self, engine: Engine, cause: Cause, amount: int, target: int | None = None, **_: Any
    ) -> int:
        return wounding.drain(self, engine, cause, amount, target)

    def _add_counters(
        self, engine: Engine, cause: Cause, uid: int, counter: str, amount: int
    ) -> None:
        """Counters up to the card's ``max_counters`` (Soulcatcher X, Fury X)."""
        if counter == "counter":
            most = engine.rule("max_counters", uid=uid)
            if isinstance(most, int):
                amount = max(
                    0, min(amount, most - engine.state.cards[uid].counters.get(counter, 0))
                )
        if amount > 0:
            add_counters(engine, cause, uid, counter, amount)
            if counter == "counter":  # "whenever … gets a counter" (§16; Cursed Mage, T-03)
                engine.emit(Event("gets_counter", subject=uid, amount=amount, source=cause.source))
                # "whenever a counter is placed on …": no subject, the card its object
                engine.emit(Event("counter_placed", obj=uid, amount=amount, source=cause.source))

    def kindred(self, engine: Engine, uid: int) -> list[int]:
        """Other cards of the squad sharing an element with a card that may pay with their
        counters (Meditation: hook ``pay_with_kindred_counters``); a neutral card has none."""
        if not engine.rule("pay_with_kindred_counters", uid=uid):
            return []
        mine = self.elements(engine, uid)
        squad = self.squad(engine, engine.state.cards[uid].controller)
        return [k for k in squad if k != uid and mine & self.elements(engine, k)]

    def elements(self, engine: Engine, uid: int) -> set[str]:
        found = engine.definition(uid).get("element")
        return {
            str(e) for e in (found if isinstance(found, list) else [found]) if e and e != "neutral"
        }

    def _remove_counters(
        self, engine: Engine, cause: Cause, uid: int, counter: str, amount: int
    ) -> bool:
        """A card's own cost, in its Payment object, is paid with its kindred cards'
        counters too (Meditation, ``counter_costs.pay``)."""
        if engine.state.data.get(counter_costs.PAYING) == uid and cause.source == uid:
            return counter_costs.pay(self, engine, cause, uid, counter, amount)
        return remove_counters(engine, cause, uid, counter, amount)

    def _destroy(
        self, engine: Engine, cause: Cause, target: Any, killer: Any = False, **_: Any
    ) -> bool:
        """§402.3 simplified: the card goes to its owner's graveyard at once, open and
        face up, losing its markers. ``killer``: the card whose property or ability (not a
        ranged attack) destroyed it, by default the acting card; it "destroys" the card
        while both still stand where they stood."""
        card = engine.state.cards[target]
        if card.zone not in SQUAD_ZONES:
            return False
        left = left_from(card)
        killer = cause.source if killer is False else killer
        if killer is not None and killer != target:
            engine.emit(Event("destroys", subject=killer, obj=target))
        player = card.controller
        riders = attachments(engine, target)  # they get the same Destruction Effect (§210.6)
        # "whenever a creature dies" sees the card as it was in the squad
        engine.emit(Event("dies", subject=target, player=player))
        card.data.pop("cell", None)
        card.data.pop("host", None)
        card.states.clear()
        kept = card.counters.get("incarnation_marker", 0)
        card.counters.clear()
        if kept and engine.rule("incarnation_markers_survive", uid=target):
            card.counters["incarnation_marker"] = kept  # A24
        card.face_up = True
        engine.state.move(target, "graveyard", player=card.owner)
        engine.emit(Event("goes_to_graveyard", subject=target, player=player, data=left))
        follow_host(engine, target, riders, cause)
        self.check_victory(engine)
        return True

    def trigger_sources(self, engine: Engine, event: Event) -> list[int]:
        """A dead card hears its own death ("when this dies", "whenever this goes to the
        graveyard"); at the start of a turn a card with Incarnation works from its
        controller's graveyard (DICT «Инкарнация»)."""
        if event.name in ("dies", "goes_to_graveyard") and event.subject is not None:
            return [event.subject]
        if event.name == "start:turn" and event.player is not None:
            grave = engine.state.players[event.player].zone("graveyard")
            return [u for u in grave if engine.has_keyword(u, "incarnation")]
        return []

    def settle(self, engine: Engine) -> None:
        outcomes.settle(engine)

    def check_victory(self, engine: Engine) -> None:
        outcomes.check_victory(self, engine)

    def resolve_pending(self, engine: Engine, active_first: bool = False) -> None:
        """Triggers resolve one by one, each after a priority window, in stack order:
        the active player's are pushed first, so the other player's resolve first, and each player
        orders their own (§215.4); in the preliminary phase, which has no stack, the first
        player's go first (§307–§308)."""
        with chains.chain(engine):
            while engine.state.result is None:
                pending = engine.take_pending()
                if not pending:
                    break
                active = engine.state.active
                players = [active, 1 - active] if active_first else [1 - active, active]
                order = in_chosen_order(engine, pending, players, "order your triggered abilities")
                for trigger in order:
                    # a lost keyword's, or a linked one out of its link (Formation)
                    if not self.static_active(engine, trigger.source, trigger.ability):
                        continue
                    self.reveal_card(engine, trigger.source)  # §415.2: a hidden card's trigger
                    if chains.repeats(engine, trigger):  # §103.4: it and all after it
                        engine.take_pending()
                        break
                    triggered.resolve_trigger(self, engine, trigger)
                self.settle(engine)  # the abilities of one moment have resolved
        engine.chain_done()
