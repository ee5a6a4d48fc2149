"""Marvel Champions: zones, what nouns cover, printed values, damage and the state checks.

Everything in play is in a zone ``play`` (card text says "in play"): a player's ``play``
holds the identity showing its current side, allies, upgrades, supports and the minions
engaged with the player; the shared ``play`` holds the villain's current stage, the main
scheme (its side B), side schemes, environments and attachments (``attached_to`` the
villain). Other zones per player: ``deck`` (top is the end), ``hand``, ``discard``,
``identity_back`` (the other side of the identity, out of play), ``dealt`` (encounter
cards dealt face down, revealed in villain step 3), ``resolving`` and ``removed``; shared:
``villain_deck`` (the stages to come), ``encounter_deck``, ``encounter_discard``,
``boost``, ``revealing`` and ``removed``.

Identities are two cards: the side in ``play`` is the one in effect; a change of form swaps
them and moves damage and states across. Hit points are damage counters against the
printed hit points (the villain's times the number of players, MC-VIL-HP).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter import primitives
from cardscript.interpreter.apart import instance
from cardscript.interpreter.engine import Cause, Event
from cardscript.interpreter.kernel import Kernel
from cardscript.interpreter.select import Seat, Target, allowed, candidates
from cardscript.kernels.marvel_champions import leaving as leaving_play
from cardscript.kernels.marvel_champions import windows
from cardscript.kernels.marvel_champions.leaving import Leaving, Left
from cardscript.kernels.marvel_champions.statuses import STATUS_VERBS, status_room

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine, PrimitiveFn
    from cardscript.interpreter.primitives import Target
    from cardscript.interpreter.select import Context

GAME = "marvel-champions"
DEFAULT_VILLAIN = "grimhold"
RULE = Cause(rule="marvel-champions")
ENCOUNTER_TYPES = frozenset(
    {"minion", "treachery", "attachment", "environment", "side_scheme", "obligation"}
)
CHARACTER_TYPES = frozenset({"hero", "alter_ego", "ally", "villain", "minion"})
# what a player defeats ("After you defeat …"): enemies and side schemes (MC-DEFEAT-1,
# MC-VDEF-1); an ally or hero is defeated by enemies and encounter cards, no player's
DEFEATED_BY_PLAYERS = frozenset({"villain", "minion", "side_scheme"})


class MCBase(Kernel):
    """The parts of the rules the engine asks about."""

    game = GAME
    # a treachery being revealed and an event being played are where their text works,
    # so "when a treachery is revealed" and "when an event is played" see them
    # (MC2-T-060, MC2-T-032); nothing else lies in ``revealing`` or ``resolving``
    play_zones = ("play", "revealing", "resolving")
    discard_zone = "discard"
    life_resource = "hit_points"
    lasting_covers_arrivals = True  # MC2-T-072
    set_overrides = True  # G64: a "set" modifier overrides all others, added or multiplied
    turn_phase = "turn"
    max_rounds = 40
    max_actions = 30
    checking = False  # a state check is under way (``check``)

    def __init__(self) -> None:
        super().__init__()
        self.windows: list[windows.Window] = []  # the interrupt windows open now
        self.heard: list[windows.Offer] = []  # Responses in hand to events not yet settled
        self._listeners: windows.Listeners | None = None
        self.settling: set[int] = set()  # cards whose leaving play is being interrupted
        # each card as it last left play (``left_from``): an attack declared on an enemy
        # that has left play since is heard about it as it was there (``as_it_was``)
        self.left_as: dict[int, leaving_play.Left] = {}
        self.kept: set[int] = set()  # cards kept in play during this state check
        self.used: dict[int, set[str]] = {}  # replacements used on a card in this check
        # who reveals each encounter card being revealed: the player who resolves its
        # text ("reveal the top card …" of Surge, K4) once it is in the discard pile
        self.revealers: dict[int, int] = {}

    def listeners(self, engine: Engine) -> windows.Listeners:
        if self._listeners is None:
            self._listeners = windows.Listeners.of(engine.pool, engine.game.registry)
        return self._listeners

    def after_event(self, engine: Engine, event: Event) -> None:
        # matched now, while the card it is about is still where the event found it
        if event.name in self.listeners(engine).after_optional:
            self.heard += windows.hand_offers(self, engine, [event], windows.RESPONSES)

    def changes(self, engine: Engine, ctx: Context, clause: ast.Clause) -> bool:
        """Would this step change the game (G16)? Healing needs damage, removing threat
        needs threat, dealing damage needs a character the text may name to take it (an
        "(attack)" ability: one that may be attacked, ``may_choose``), a status card
        ("Stun target minion.", "Place a stunned status card on …") a character that may
        receive it (not one that "cannot be stunned" or has one already, G49, G74), a
        choice ("Choose a minion.") something it may choose (in an "(attack)" ability whose
        damage goes to what it chose, one that may be attacked); anything else counts as a
        change."""
        action = clause.action
        if action.verb == "choose" and action.target is not None:
            return bool(allowed(ctx, candidates(ctx, action.target), action.target.span))
        status = self._status_placed(action)
        if status is not None:
            cards = candidates(ctx, action.target) if action.target is not None else [ctx.source]
            return any(isinstance(t, int) and status_room(engine, t, status) != 0 for t in cards)
        if action.target is None or action.verb not in ("heal", "remove_counters", "deal"):
            return True
        if action.verb == "remove_counters" and action.name != "threat":
            return True
        found = [t for t in candidates(ctx, action.target) if isinstance(t, int)]
        if action.verb == "heal" and action.beyond is not None:  # (beyond: always a change)
            return bool(found)
        if action.verb == "deal":
            return bool(allowed(ctx, list(found), action.target.span))
        counter = "damage" if action.verb == "heal" else "threat"
        return any(engine.state.cards[t].counters.get(counter, 0) for t in found)

    def _status_placed(self, action: ast.Action) -> str | None:
        """The status card a step places ("stun", "place a confused status card on"), or
        None."""
        if action.verb == "place":
            name = action.name or ""
            return name if name.endswith("_card") else None
        if action.verb == "primitive":
            return STATUS_VERBS.get(self.verb(action.name or ""))
        return None

    def counter_room(self, engine: Engine, uid: int, counter: str) -> int | None:
        """Status cards: ``status_room`` (one of a type, none that card text forbids)."""
        return status_room(engine, uid, counter)

    def option_open(self, engine: Engine, ctx: Context, clause: ast.Clause) -> bool:
        """Only options that would change the game may be chosen (S026)."""
        return not engine.rule("change_state_required") or self.changes(engine, ctx, clause)

    def target_chooser(self, engine: Engine, ctx: Context, found: list[Target]) -> int:
        """MC-FIRST-4 (a): the first player picks among the targets of an encounter card's
        text that are not all the resolving player's own (MC2-T-021: a hero of either
        player); a player card's controller picks its own, and so does a player among
        their own cards ("discard a card from your hand")."""
        source = ctx.source
        if source is None or not engine.state.cards[source].data.get("encounter"):
            return ctx.controller
        cards = engine.state.cards
        mine = all(
            (t.index if isinstance(t, Seat) else cards[t].controller) == ctx.controller
            for t in found
        )
        return ctx.controller if mine else self.first_player(engine)

    def active_player(self, engine: Engine) -> int | None:
        """G02: the player taking their turn; the villain phase has no active player (S008)."""
        return None if engine.state.phase == "villain_phase" else engine.state.active

    def then_needs_full(self, engine: Engine) -> bool:
        return bool(engine.rule("then_requires_full"))

    def event_name(self, generic: str) -> str:
        return "takes_damage" if generic == "damaged" else generic

    # ---- primitives -------------------------------------------------------------------
    def primitives(self) -> dict[str, PrimitiveFn]:
        return {
            "exhaust": primitives.set_state("exhausted", True, "exhausted"),
            "ready": primitives.unless_forbidden(
                "ready", primitives.set_state("exhausted", False, "readied")
            ),
            "stun": self._status("stunned_card"),
            "confuse": self._status("confused_card"),
            "defeat": self._defeat_primitive,
            "discard": self._discard_primitive,
            "cancel": self._cancel,
            "deal_damage": self._deal_damage,
        }

    def may(self, engine: Engine, uid: int, permission: str) -> bool:
        """May the character do it (attack, thwart, scheme, defend), no card text forbidding
        it ("This cannot thwart.", "Target minion cannot attack until the end of the
        round."): "cannot" is absolute (G74)."""
        return engine.permitted(permission, uid) is not False

    def may_attack(self, engine: Engine, attacker: int, enemy: int) -> bool:
        """May the hero or ally attack this enemy: no "This cannot attack." nor "… cannot
        attack minions" naming it (asked with the enemy, G74)?"""
        return engine.permitted("attack", attacker, enemy) is not False

    def may_attack_some(self, engine: Engine, attacker: int, player: int) -> bool:
        """May it attack at least one of the player's enemies (an "(attack)" ability whose
        enemy is chosen as it resolves, ``may_choose``)?"""
        return any(self.may_attack(engine, attacker, e) for e in self.enemies_of(engine, player))

    def _deal_damage(self, engine: Engine, cause: Cause, target: Target, **args: Any) -> int:
        """An interrupt window opens before damage is dealt (S060: prevent part of it);
        what an Interrupt prevents lasts for this damage only. Damage dealt is heard twice:
        the character ``takes_damage``, then the subjectless ``damage_dealt`` (MC-DMG-1)."""
        if not isinstance(target, int):
            return self._damage_player(engine, cause, target.index, **args)
        lasting = len(engine.state.lasting)
        event = Event("takes_damage", subject=target, amount=args.get("amount"))
        if not windows.interrupt(self, engine, event):
            return 0
        # a replacement ("if your hero would take damage, ... instead"), the newest, applies
        # after the interrupts (S044), to damage they left; a tough status card comes first
        # (S090)
        added = engine.state.lasting[lasting:]
        shielded = sum(e["amount"] for e in added if e["kind"] == "shield" and target in e["uids"])
        left = int(args.get("amount") or 0) - shielded
        tough = engine.state.cards[target].counters.get("tough_card")
        if left > 0 and not tough and engine.replacement("takes_damage", {**args, "uid": target}):
            dealt = 0
        else:
            dealt = int(primitives.deal_damage(engine, cause, target, **args) or 0)
        added = engine.state.lasting[lasting:]
        engine.state.lasting[lasting:] = [e for e in added if e["kind"] != "shield"]
        if dealt:
            self.dealt_by(engine, target, args.get("source"))
            # "After damage is dealt to a character": no subject, the character its object
            controller = engine.state.cards[target].controller
            engine.happened("damage_dealt", None, controller, target, dealt, args.get("source"))
        return dealt

    def dealt_by(self, engine: Engine, target: int, source: int | None) -> None:
        """Remember whose card last dealt damage to an enemy, removed threat from a side
        scheme (G44, MC-DEFEAT-1) or defeated either, for "After you defeat a minion",
        "… an enemy", "… a side scheme" (event ``defeats``; a villain stage too,
        MC-VDEF-1): a player card's controller; the encounter deck's own cards are no
        player's, nor is damage to a player's own characters."""
        card = engine.state.cards[target]
        if engine.definition(target).type not in DEFEATED_BY_PLAYERS:
            return
        if source is None or not self.has_quality(engine, source, "friendly"):
            card.data.pop("dealt_by", None)
        else:
            card.data["dealt_by"] = engine.state.cards[source].controller

    def _damage_player(self, engine: Engine, cause: Cause, player: int, **args: Any) -> int:
        """Damage to a player goes to their identity; indirect damage (G75) the player
        divides among their identity and allies, no card more than it has left (S064)."""
        me = self.identity(engine, player)
        amount = int(args.get("amount") or 0)
        if me is None or amount <= 0:
            return 0
        if args.get("kind") != "indirect":
            return int(self._deal_damage(engine, cause, me, **args) or 0)
        cards = [me, *self.allies(engine, player)]
        share = dict.fromkeys(cards, 0)
        for left in range(amount, 0, -1):
            room = [u for u in cards if share[u] < self.hit_points_left(engine, u)]
            if not room:
                break
            labels = [f"{engine.describe(u)} ({share[u]} so far)" for u in room]
            prompt = f"indirect damage: {left} to assign"
            (picked,) = engine.choose(player, "targets", prompt, room, labels)
            share[room[picked]] += 1
        dealt = 0
        for uid, part in share.items():
            if part:
                dealt += int(self._deal_damage(engine, cause, uid, **{**args, "amount": part}) or 0)
        return dealt

    def _cancel(self, engine: Engine, cause: Cause, target: Target | None = None, **_: Any) -> bool:
        return windows.cancel(self, target if isinstance(target, int) else None)

    def _status(self, counter: str) -> PrimitiveFn:
        def run(engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
            if not isinstance(target, int):
                return False
            if status_room(engine, target, counter) == 0:
                return False  # at most one status card of a kind (G49), none forbidden
            counters = engine.state.cards[target].counters
            counters[counter] = counters.get(counter, 0) + 1
            engine.emit(Event("status", subject=target, data=(("counter", counter),)))
            return True

        return run

    def _defeat_primitive(self, engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        self.dealt_by(engine, target, cause.source)
        self.defeat(engine, target)
        return True

    def _discard_primitive(self, engine: Engine, cause: Cause, uid: int) -> None:
        card = engine.state.cards[uid]
        from_deck = card.zone == "deck"
        self.to_discard(engine, uid)
        if from_deck and not engine.state.players[card.owner].zones.get("deck"):
            self.on_empty_deck(engine, card.owner)  # it ran out: at once (G52, S078)

    # ---- zones ------------------------------------------------------------------------
    def zone(self, engine: Engine, player: int | None, name: str) -> list[int]:
        return engine.state.zone_list(name, player)

    def players(self, engine: Engine) -> list[int]:
        """Players still in the game, in player order from the first player."""
        state = engine.state
        n = len(state.players)
        first = state.data.get("first_player", 0)
        order = [(first + k) % n for k in range(n)]
        return [p for p in order if not state.players[p].data.get("defeated")]

    def discarded(self, engine: Engine, uid: int) -> bool:
        return engine.state.cards[uid].zone in ("discard", "encounter_discard")

    def paid_with(self, engine: Engine, uid: int | None, resource: str) -> bool:
        paid = engine.state.cards[uid].data.get("paid", ()) if uid is not None else ()
        return bool(paid) if resource == "resource" else resource in paid  # any type, or one

    def player_order(self, engine: Engine) -> list[int]:
        return self.players(engine)  # eliminated players have no turn (MC-FIRST-3)

    def identity(self, engine: Engine, player: int) -> int | None:
        for uid in engine.state.players[player].zones.get("play", ()):
            if engine.definition(uid).type in ("hero", "alter_ego"):
                return uid
        return None

    def player_card(self, engine: Engine, uid: int) -> int | None:
        """A player's identity is the player acting: "When you attack", "After you thwart",
        "After you change form" hear its attack, thwart and flip (G11, G05, G44)."""
        card = engine.state.cards[uid]
        if card.zone == "play" and engine.definition(uid).type in ("hero", "alter_ego"):
            return card.controller
        return None

    def in_hero_form(self, engine: Engine, player: int) -> bool:
        uid = self.identity(engine, player)
        return uid is not None and engine.definition(uid).type == "hero"

    def scenario_cards(self, engine: Engine, *kinds: str) -> list[int]:
        """Cards of these types in the shared play area."""
        return [
            u for u in engine.state.shared.get("play", ()) if engine.definition(u).type in kinds
        ]

    def villain(self, engine: Engine) -> int | None:
        found = self.scenario_cards(engine, "villain")
        return found[0] if found else None

    def main_scheme(self, engine: Engine) -> int | None:
        found = self.scenario_cards(engine, "main_scheme")
        return found[0] if found else None

    def schemes(self, engine: Engine) -> list[int]:
        return self.scenario_cards(engine, "main_scheme") + self.scenario_cards(
            engine, "side_scheme"
        )

    def engaged(self, engine: Engine, player: int) -> list[int]:
        """The minions engaged with a player (G70)."""
        return [
            u
            for u in engine.state.players[player].zones.get("play", ())
            if engine.card_type(u) == "minion"
        ]

    def enemies_of(self, engine: Engine, player: int) -> list[int]:
        """The enemies a player may attack: the villain and every minion (MC-ATTACK)."""
        out = self.scenario_cards(engine, "villain")
        for p in range(len(engine.state.players)):
            out += self.engaged(engine, p)
        return out

    def allies(self, engine: Engine, player: int) -> list[int]:
        return [
            u
            for u in engine.state.players[player].zones.get("play", ())
            if engine.card_type(u) == "ally"
        ]

    def leaving(self, engine: Engine, uid: int) -> Leaving:
        """A card about to leave play, heard while it is still there (``leaving.py``)."""
        return leaving_play.leaving(self, engine, uid)

    def replaced(self, engine: Engine, event_id: str, uid: int) -> bool:
        """Did the newest replacement of ``event_id`` for the card take its place (G35)?
        Each one once in a state check (``spent``)."""
        return engine.replacement(event_id, {"uid": uid, "_replaced": self.spent(uid)})

    def spent(self, uid: int) -> set[str]:
        """The replacements already used on the card in this state check (none kept
        outside one)."""
        return self.used.setdefault(uid, set()) if self.checking else set()

    def as_it_was(self, engine: Engine, uid: int | None) -> leaving_play.Left:
        """The data of an event about ``uid`` that has left play since (an enemy an attack
        was declared on): the card as it last was in play, so a trigger reads it there
        (last-known information, ``last_known.selects_as_it_was``); () for one in play."""
        if uid is None or engine.state.cards[uid].zone == "play":
            return ()
        return self.left_as.get(uid, ())

    def keep(self, uid: int) -> Leaving:
        """The card's leaving play was cancelled or replaced: the state check under way
        does not defeat it again ([ASSUMPTION] the rules do not say; the next check finds
        it at 0 hit points again)."""
        if self.checking:
            self.kept.add(uid)
        return "kept"

    def out_of_play(self, engine: Engine, uid: int, put: Callable[[Left], object]) -> bool:
        """Take a card out of play by ``put``, heard before and after (``leaving.py``)."""
        return leaving_play.out_of_play(self, engine, uid, put)

    def to_discard(self, engine: Engine, uid: int) -> None:
        """A card leaves play: encounter cards to the encounter discard pile (G60)."""
        self.out_of_play(engine, uid, partial(self._discard, engine, uid))

    def _discard(self, engine: Engine, uid: int, left: Left) -> None:
        card = engine.state.cards[uid]
        if engine.definition(uid).type in ENCOUNTER_TYPES or card.data.get("encounter"):
            engine.state.move(uid, "encounter_discard", shared=True)
            card.controller = card.owner
        else:
            engine.state.move(uid, "discard", player=card.owner)
        engine.emit(Event("is_discarded", subject=uid, player=card.owner, data=left))

    # ---- what words mean --------------------------------------------------------------
    def is_a(self, engine: Engine, uid: int, noun: str) -> bool:
        kind = engine.card_type(uid)
        if noun == "card" or noun == kind:
            return True
        if noun == "character":
            return kind in CHARACTER_TYPES
        if noun == "identity":
            return kind in ("hero", "alter_ego")
        if noun == "enemy":
            return kind in ("villain", "minion")
        if noun == "scheme":
            return kind in ("main_scheme", "side_scheme")
        if noun == "encounter_card":
            return kind in ENCOUNTER_TYPES
        if noun == "player_card":
            return kind in ("ally", "event", "support", "upgrade", "resource")
        if noun == "resource_card":
            return kind == "resource"
        if noun in ("attacker", "defender"):
            return engine.state.data.get(noun) == uid
        if noun == "when_revealed_effect":  # a card being revealed, its text still to come
            return windows.revealing(self, uid) and any(
                a.line.label is not None and a.line.label.name == "when_revealed"
                for a in engine.definition(uid).abilities
            )
        return False

    def has_quality(self, engine: Engine, uid: int, quality: str) -> bool:
        card = engine.state.cards[uid]
        if quality == "exhausted":
            return "exhausted" in card.states
        if quality == "ready":
            return "exhausted" not in card.states
        if quality in ("stunned", "confused", "tough"):
            return bool(card.counters.get(f"{quality}_card"))
        if quality == "damaged":
            return card.counters.get("damage", 0) > 0
        if quality == "engaged":
            return (
                card.zone == "play"
                and not card.data.get("shared")
                and engine.definition(uid).type == "minion"
            )
        if quality == "face_down":
            return not card.face_up
        if quality == "friendly":
            return engine.definition(uid).type not in ENCOUNTER_TYPES | {"villain"}
        if quality in ("in_hero_form", "in_alter_ego_form"):
            return self.player_quality(engine, card.controller, quality)
        return super().has_quality(engine, uid, quality)

    def held_toward(self, engine: Engine, uid: int, quality: str) -> int | None:
        """The player a minion is engaged with (G70): the one whose play area holds it."""
        if quality != "engaged" or not self.has_quality(engine, uid, "engaged"):
            return None
        players = range(len(engine.state.players))
        return next((p for p in players if uid in self.engaged(engine, p)), None)

    def player_quality(self, engine: Engine, player: int, quality: str) -> bool:
        """A player's form is their identity's (G11): "if you are in hero form"."""
        if quality == "in_hero_form":
            return self.in_hero_form(engine, player)
        if quality == "in_alter_ego_form":
            return not self.in_hero_form(engine, player)
        return False

    def place_of(self, engine: Engine, uid: int) -> str | None:
        return instance(engine, uid)  # (no places within a zone: which of a name it is)

    def printed(self, engine: Engine, uid: int, stat: str) -> int:
        if stat == "damage_taken":
            # MC-DMGTAKEN: maximum minus remaining hit points; damage is kept as counters
            # against the current maximum (MC2-T-012), so it is the damage counters
            return engine.state.cards[uid].counters.get("damage", 0)
        definition = engine.definition(uid)
        value = definition.get(stat, 0)
        if isinstance(value, dict):  # {value, per_player} or a boost field {icons, star}
            value = value.get("icons", value.get("value", 0))
        value = value if isinstance(value, int) else 0
        if definition.type == "villain":
            if stat == "hit_points":
                value *= max(1, len(engine.state.players))
            for other in engine.state.shared.get("play", ()):
                if engine.state.cards[other].attached_to == uid:
                    extra = engine.definition(other).get(f"{stat}_mod", 0)
                    value += extra if isinstance(extra, int) else 0
        return value

    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        return max(0, value)

    def prevent(
        self,
        engine: Engine,
        uid: Target,
        amount: int,
        kind: str | None,
        source: int | None,
        qualities: tuple[str, ...],
    ) -> int:
        """A tough status card prevents all the damage of one instance (G49)."""
        amount = super().prevent(engine, uid, amount, kind, source, qualities)
        if not isinstance(uid, int):
            return amount  # (a player's damage goes to their identity: ``_damage_player``)
        counters = engine.state.cards[uid].counters
        if amount > 0 and counters.get("tough_card"):
            del counters["tough_card"]
            return 0
        return amount

    def hit_points_left(self, engine: Engine, uid: int) -> int:
        damage = engine.state.cards[uid].counters.get("damage", 0)
        return engine.stat(uid, "hit_points") - damage

    # ---- state checks -----------------------------------------------------------------
    def defeat(self, engine: Engine, uid: int) -> None:
        """A character or scheme is defeated (MC-DEFEAT): the kernel decides what follows."""
        raise NotImplementedError

    def check(self, engine: Engine) -> None:
        """Defeated characters and schemes, the end of the game (MC-DEFEAT, MC-END)."""
        raise NotImplementedError

    def after_change(self, engine: Engine, changed: Sequence[Target]) -> None:
        """Defeat is immediate (MC-DEFEAT-1, G34), and so are a side scheme's and the main
        scheme's (MC-MAIN, G29): a step of a text that dealt damage or placed, removed or
        moved counters defeats a character it brought to 0 hit points, discards a side
        scheme it left without threat and completes a main scheme it brought to its
        target before the text's next step ("if it was defeated …"); ``check`` looks at
        every card, so both cards of a move."""
        self.check(engine)

    def place_threat(self, engine: Engine, scheme: int, amount: int) -> None:
        """The rules' own threat (villain step 1, a scheme activation, a side scheme's
        starting threat) is checked at once as card text's is (``after_change``): a main
        scheme it brings to its target is completed before the step goes on (G29)."""
        if amount > 0:
            engine.apply("add_counters", RULE, uid=scheme, counter="threat", amount=amount)
            self.after_change(engine, [scheme])

    def damage(
        self, engine: Engine, target: int, amount: int, source: int | None, cause: Cause = RULE
    ) -> int:
        if amount <= 0:
            return 0
        dealt = engine.apply(
            "deal_damage", cause, target=target, amount=amount, kind=None, source=source
        )
        return int(dealt or 0)

    def resolve_pending(self, engine: Engine) -> None:
        """Forced abilities and keywords, then the response window (MC-FORCED-2)."""
        windows.respond(self, engine)
        engine.chain_done()
        self.check(engine)
