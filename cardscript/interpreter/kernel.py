"""What a game's rules kernel provides to the engine, with defaults that most games share.

A kernel is the game's rules procedures and primitives only: its turn structure and
timing (chain, stack, windows or queue), the primitives its verbs name, what its nouns
and adjectives cover, and the few policies where games differ (which replacement applies,
what an endless loop means). Everything a card can say lives in card script.

A primitive that takes a card out of play and records its event after the move gives the
event ``events.left_from(card)``, read before the move, as its data: triggers then see
the card as it last was in play (``triggers``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from cardscript.grammar import ast
from cardscript.interpreter import cost_cards, primitives, standing_prevention

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.cost_resources import Amounts
    from cardscript.interpreter.engine import Cause, Engine, Event, PrimitiveFn
    from cardscript.interpreter.select import Context, Target


class Kernel:
    game = ""
    play_zones: tuple[str, ...] = ("play",)  # where cards' abilities work
    # zones out of play whose cards a trigger hears leaving as it hears a card leave play
    # (a selector naming no zone sees it as it was there, ``last_known``): cards the game
    # uses there and then puts away (Marvel Champions' boost cards, discarded once flipped)
    heard_leaving: tuple[str, ...] = ()
    player_counts: tuple[int, ...] = (2,)  # how many players (decks) a game can have
    # the players play together against the game (Marvel Champions): a win is all of
    # theirs (the result names seat 0), and a game with no winner is lost by all of them
    cooperative = False
    # a face-down card outside a deck is known to its owner (a card played face down, a
    # hidden creature, a face-down resource), unless the game's face-down cards are its
    # own (Marvel Champions' encounter cards: nobody knows them until they are revealed)
    owner_knows_face_down = True
    deck_zone = "deck"
    hand_zone = "hand"
    discard_zone = "discard"
    removed_zone = "removed"
    life_resource = "life"
    default_resource = "life"
    turn_phase = "turn"  # the period that "until end of turn" and history belong to
    # how long a change written without a duration lasts; None: until the end of the turn
    default_duration: str | None = None
    # labels of printed lines the rules count as acquired, which a card that loses all its
    # abilities keeps, with the keyword of that name which links them (Berserk's Formation
    # and its Formation-linked lines, §407.4)
    acquired_labels: frozenset[str] = frozenset()
    # a lasting effect on a group ("allies you control get +1 ATK until …") covers cards
    # that join the group later; otherwise only those it found when it started
    lasting_covers_arrivals = False
    set_overrides = False  # a "set" modifier overrides additions made after it (G64 of MC)
    replacement_policy = "newest"  # newest | affected_chooses
    # adjectives whose meaning depends on the card whose text speaks ("equipped character"
    # on a piece of equipment: the one carrying it); answered by ``quality_of_source``
    source_qualities: frozenset[str] = frozenset()
    # the kernel's own ``text_active`` changes only together with a tick of the state's
    # clock: the engine may then keep its index of the abilities in play between ticks
    text_ticks_clock = False
    # keywords the kernel's own rules give cards in play (card script, "Poisoning 1"), so
    # the engine works them out as gained keywords (``CardPool.know_rule_keywords``)
    rule_keywords = ""
    # primitives that give a card abilities of other cards for a while (a lasting effect
    # of kind "copied": ``copy_abilities``; Berserk's Unity), so the engine works the
    # abilities cards have out as the game runs (``CardPool.moving_keywords``)
    ability_copiers: frozenset[str] = frozenset()
    # rule hooks whose default ``hook_default`` works out from the game as it is (asked
    # every time); the engine remembers every other hook's default, for the kernel's
    # class and the card pool
    computed_hooks: frozenset[str] = frozenset()
    # ``printed`` and ``clamp`` read nothing but the card's definition, the stat and the
    # value: the engine may remember a stat's clamped printed value per definition
    printed_by_definition = False
    # ``printed_quality`` answers some qualities from a card's definition (the engine may
    # then turn a card down by them before asking anything else of it)
    printed_qualities = False
    # the adjectives ``has_quality`` answers from text in play (a keyword gained, a rule a
    # card changes): a trigger about a card that left play asks them with the card back
    # in play (``last_known``); every other adjective reads the card's own fields
    text_qualities: frozenset[str] = frozenset()
    # the card types that stand for their player in the game (Pocket Duel's hero): a
    # permission whose subject is a player ("Your opponent cannot gain energy.") speaks
    # of such a card of theirs when the kernel asks it of the card (``golden_rule``)
    player_cards: frozenset[str] = frozenset()

    def __init__(self) -> None:
        self._verbs: dict[str, str] | None = None

    @property
    def _primitives(self) -> dict[str, PrimitiveFn]:
        """The generic primitives and the game's own, made when read (once per game, by
        the engine), never kept: a kernel holding its own bound methods is a reference
        cycle, and all of its game would then wait for the garbage collector."""
        table: dict[str, PrimitiveFn] = dict(primitives.GENERIC)
        table.update(self.primitives())
        return table

    # ---- to override ------------------------------------------------------------------
    def primitives(self) -> dict[str, PrimitiveFn]:
        """The game's own primitives (and replacements of the generic ones)."""
        return {}

    def verbs(self) -> dict[str, str]:
        """Registry verb id -> primitive name, where they differ."""
        return {}

    def setup(self, engine: Engine, decks: Sequence[Sequence[str]]) -> None:
        raise NotImplementedError

    def play(self, engine: Engine) -> dict[str, Any]:
        """Play the game to its end and return ``engine.state.result``."""
        raise NotImplementedError

    # ---- questions the engine asks ------------------------------------------------------
    def primitive(self, name: str) -> PrimitiveFn | None:
        return self._primitives.get(name)

    def verb(self, verb_id: str) -> str:
        verbs = self._verbs
        if verbs is None:
            verbs = self._verbs = self.verbs()
        return verbs.get(verb_id, verb_id)

    def event_name(self, generic: str) -> str:
        return generic

    def printed(self, engine: Engine, uid: int, stat: str) -> int:
        value = engine.definition(uid).get(stat, 0)
        return value if isinstance(value, int) else 0

    def active_player(self, engine: Engine) -> int | None:
        """Whose turn it is ("the active player"); None where the game has none now."""
        return engine.state.active

    def first_player(self, engine: Engine) -> int:
        """The player "the first player" names: the one whose turn comes first in the
        round (a game with a first-player token keeps it in ``state.data``)."""
        return int(engine.state.data.get("first_player", 0))

    def discarded(self, engine: Engine, uid: int) -> bool:
        """Is the card in a discard pile already?"""
        return engine.state.cards[uid].zone == self.discard_zone

    def paid_with(self, engine: Engine, uid: int | None, resource: str) -> bool:
        """ "If you paid with a physical resource": the types paid for the card, as the
        kernel recorded them (``data["paid"]``; a wild one as the type declared)."""
        paid = engine.state.cards[uid].data.get("paid", ()) if uid is not None else ()
        return resource in paid

    def player_order(self, engine: Engine) -> list[int]:
        """The players in player order: from the first player, clockwise."""
        first, n = self.first_player(engine), len(engine.state.players)
        return [(first + k) % n for k in range(n)]

    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        return value

    def bound(self, engine: Engine, player: int, resource: str, value: int) -> int:
        return value

    def most_payable(
        self, engine: Engine, player: int, source: int | None, action: ast.Action
    ) -> int | None:
        """The most of the cost ``action`` ("pay X endurance") ``player`` can pay now, for
        the X they choose and a fixed amount (``cost_x``); None where the kernel cannot
        tell (a payment that fails then stops the ability). By default a resource paid
        from the player's resources, and for a cost counted in cards ("discard X cards",
        "exhaust 2 characters you control") the cards that can pay it
        (``cost_cards.payers``); a kernel with costs of its own answers for them."""
        if action.verb == "pay":
            name = action.name or self.default_resource
            return engine.state.players[player].resources.get(name, 0)
        found = self.cost_payers(engine, player, source, action)
        return None if found is None else len(found)

    def cost_resource(self, action: ast.Action) -> str | None:
        """What the cost step ``action`` pays where it is an amount of a resource, so that
        the steps of one cost that pay the same one are counted together
        (``cost_resources``); None for any other. By default a "pay" step's resource."""
        if action.verb == "pay":
            return action.name or self.default_resource
        return None

    def resources_fit(
        self, engine: Engine, player: int, source: int | None, steps: Amounts
    ) -> bool:
        """Can the cost steps ``steps`` (each with its amount), which pay the same resource
        (``cost_resource``), all be paid now, one after the other? By default where their
        amounts together are at most what one of them could take alone
        (``most_payable``); a kernel whose resources are not one number answers itself."""
        most = self.most_payable(engine, player, source, steps[0][0])
        return most is None or sum(n for _, n in steps) <= most

    def cost_payers(
        self, engine: Engine, player: int, source: int | None, action: ast.Action
    ) -> list[int] | None:
        """The cards each of which can pay one of the cost ``action`` now, or None where
        it is not paid with cards (steps of one cost that draw on the same cards are
        counted together: ``cost_pools``). By default those of a cost counted in cards
        (``cost_cards.payers``); a kernel with costs of its own answers for them."""
        selector = cost_cards.counted(action)
        if selector is None:
            return None
        return cost_cards.payers(engine.context(source, None, player), action, selector)

    def is_a(self, engine: Engine, uid: int, noun: str) -> bool:
        """Does the noun cover the card? The noun "card" covers every card, in every game
        (a selector of cards takes every card of its zones without asking)."""
        if noun == "card":
            return True
        definition = engine.definition(uid)
        kind = engine.card_type(uid) if engine.state.lasting else definition.type  # hot path
        return kind == noun or definition.get("subtype") == noun

    def has_quality(self, engine: Engine, uid: int, quality: str) -> bool:
        card = engine.state.cards[uid]
        if quality in card.states:
            return True
        fields = engine.definition(uid).fields  # read directly: asked for every candidate
        for field in ("type", "subtype", "element", "aspect", "trigger"):
            value = fields.get(field)
            if value == quality or (isinstance(value, list) and quality in value):
                return True
        return bool(fields.get(quality) is True)

    def player_quality(self, engine: Engine, player: int, quality: str) -> bool:
        """Does a player have this quality ("if you are in hero form")? The game says which
        adjectives speak of a player; by default none does."""
        return False

    def player_card(self, engine: Engine, uid: int) -> int | None:
        """The player a card acts as in a trigger's "you" ("When you attack": Marvel
        Champions' identity is its player acting); by default no card is a player."""
        return None

    def place_of(self, engine: Engine, uid: int) -> str | None:
        """Where a card is within its zone ("B2", a circle), told where two options would
        read the same (``apart.placed``); None where the game has no such place (the
        default) or the card is in none."""
        return None

    def held_toward(self, engine: Engine, uid: int, quality: str) -> int | None:
        """The player a card's quality is held toward ("a minion engaged with you": the
        player it is engaged with), for an adjective marked ``toward_player``; None where
        the card does not have it. By default no quality is."""
        return None

    def quality_for(
        self, engine: Engine, uid: int, quality: str, controller: int, source: int | None = None
    ) -> bool:
        """A quality as seen by ``controller``, whose text (of the card ``source``) is being
        read ("opposing", "friendly", "adjacent"); by default the same for everyone."""
        return self.has_quality(engine, uid, quality)

    def printed_quality(self, engine: Engine, uid: int, quality: str) -> bool | None:
        """``quality_for``'s answer, for every reader, while the card has no states and
        nothing lasting is in play, where it is the card's definition's alone (the same for
        every card of that definition); None where it is not. Asked only of a kernel whose
        ``printed_qualities`` is on."""
        return None

    def quality_of_source(self, engine: Engine, uid: int, quality: str, source: int | None) -> bool:
        """A quality in ``source_qualities``, as the text of ``source`` means it."""
        return self.has_quality(engine, uid, quality)

    def text_active(self, engine: Engine, uid: int) -> bool:
        return True

    def texts_active(self, engine: Engine, uids: list[int]) -> list[int]:
        """The cards of ``uids`` whose text works now (``text_active``), in order: asked
        for the cards in play at each clock tick, so a kernel may answer for all at once."""
        return [uid for uid in uids if self.text_active(engine, uid)]

    def static_active(self, engine: Engine, uid: int, ability: CompiledAbility) -> bool:
        return True

    def unaffected(self, engine: Engine, cause: Cause, uid: int) -> bool:
        """Can the card not be affected by this lasting change of a card's text (a
        protection)? Then the change passes it by. Asked only of a kernel that has its own."""
        return False

    def during(self, engine: Engine, controller: int, phase: ast.PhaseRef) -> bool:
        state = engine.state
        if phase.owner == "your":
            return state.active == controller and phase.phase in (state.phase, self.turn_phase)
        return phase.phase in (state.phase, state.step, self.turn_phase)

    def option_open(self, engine: Engine, ctx: Context, clause: ast.Clause) -> bool:
        """May a "choose one" option be chosen now (a game may require that it change
        something)? By default every option may."""
        return True

    def then_needs_full(self, engine: Engine) -> bool:
        """Does text after "then" resolve only if the text before it resolved in full
        (Marvel Champions MC-THEN-1)? By default it always resolves."""
        return False

    def target_chooser(self, engine: Engine, ctx: Context, found: list[Target]) -> int:
        """Who picks the targets the text leaves to a choice: its controller."""
        return ctx.controller

    def may_choose(
        self, engine: Engine, ctx: Context, target: Target, span: ast.Span | None = None
    ) -> bool:
        """May this ability's text name ``target`` (a rule of the game may forbid it, as
        Marvel Champions' Guard forbids attacking the villain)? Asked of a target chosen,
        one picked at random and each card of "each" and "all" (``select.allowed``): a
        card the text may not name is not chosen, and "each" passes it by. ``span`` is
        where the selector is written (which step it names targets for), where known."""
        return True

    def counter_room(self, engine: Engine, uid: int, counter: str) -> int | None:
        """How many more counters of ``counter`` the card may receive now (0: none, a card
        text forbidding them or a limit reached), None where nothing limits them. Asked
        of a move's destination before anything moves: where it may receive none,
        nothing moves (Marvel Champions: a status card on a character that "cannot be
        stunned" or has one already, G49, G74)."""
        return None

    def hook_default(self, engine: Engine, hook: str, default: Any) -> Any:
        return default

    def replaceable(self, change: str, args: dict[str, Any]) -> str | None:
        """The registry event id a change would cause, if replacements may catch it."""
        return None

    def choose_replacement(self, engine: Engine, found: list[Any], args: dict[str, Any]) -> Any:
        if self.replacement_policy == "affected_chooses" and len(found) > 1:
            uid = args.get("uid")
            player = engine.state.cards[uid].controller if uid is not None else 0
            labels = [f"{engine.definition(f[1]).name}: {f[2].where}" for f in found]
            (picked,) = engine.choose(player, "option", "which replacement applies?", found, labels)
            return found[picked]
        return max(found, key=lambda f: f[0])  # the newest wins

    def prevent(
        self,
        engine: Engine,
        target: Target,
        amount: int,
        kind: str | None,
        source: int | None,
        qualities: tuple[str, ...],
    ) -> int:
        """Damage left after the standing prevention lines in play, then the shields of
        "prevent" steps."""
        amount = standing_prevention.prevented(engine, target, amount, kind, source, qualities)
        return self.shields(engine, target, amount)

    def shields(self, engine: Engine, target: Target, amount: int) -> int:
        """Damage left after the shields of "prevent" steps (``prevent_step.prevent``)."""
        for shield in engine.state.lasting:
            if amount <= 0:
                break
            if (
                shield["kind"] == "shield"
                and shield["amount"] > 0
                and (
                    target in shield["uids"]
                    if isinstance(target, int)
                    else target.index in shield.get("seats", ())
                )
            ):
                used = min(shield["amount"], amount)
                shield["amount"] -= used
                amount -= used
        return amount

    def trigger_sources(self, engine: Engine, event: Event) -> Iterable[int]:
        """Cards outside the play zones whose triggers hear this event."""
        return ()

    def after_event(self, engine: Engine, event: Event) -> None:
        """A state check after every event (e.g. a player at 0 life loses)."""

    def after_change(self, engine: Engine, changed: Sequence[Target]) -> None:
        """A state check after a step of card text changed the counters of ``changed``
        (damage dealt or healed, counters placed, removed or moved: the cards on both
        sides of a move), before its next step runs (Marvel Champions: a character at 0
        hit points is defeated, a side scheme without threat discarded, a main scheme at
        its target completed, at once)."""

    def on_empty_deck(self, engine: Engine, player: int) -> None:
        """Drawing from an empty deck: by default nothing is drawn."""

    def refill(self, engine: Engine, zone: str, player: int | None) -> bool:
        """Card text takes the top or bottom card of ``zone`` (``player``'s; None: the
        shared one) and finds none there: a kernel whose deck is made anew when it runs
        out does so now and says True (Marvel Champions' encounter deck, G53); by default
        the text finds nothing."""
        return False

    # ---- agents a game brings itself ---------------------------------------------------
    agent_kinds: tuple[str, ...] = ()  # e.g. ("automa",) for Pocket Duel's solo mode
    # match formats beyond one game (``cardscript play --format``), read by ``setup_for``
    # from ``state.data["format"]``; variants whose labelled lines switch on
    # (``--variant``, ``state.data["variants"]``; see ``Engine.variants_off``)
    formats: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()

    def agent_for(self, kind: str, engine: Engine, player: int) -> Any:
        """An agent only this game has (``cardscript play --agent KIND``), or None."""
        return None

    def setup_for(self, engine: Engine, decks: Sequence[Sequence[str]], kinds: list[str]) -> None:
        """Set up the game for these agents (a solo opponent may need its own setup)."""
        self.setup(engine, decks)

    # ---- scenario tests -----------------------------------------------------------------
    # What a scenario file may say to this kernel, checked before it runs (a misspelt
    # action, a setup key of the wrong kind: told at its line, ``scenario.kernel_problems``):
    # the names of its actions (``do:``) and the JSON Schema properties of its own setup
    # keys and of its own keys in a player's setup. Empty: not declared, left open.
    scenario_actions: tuple[str, ...] = ()
    # zones the kernel keeps that no card text names (so not the registry's): a scenario
    # may set cards up in them
    inner_zones: tuple[str, ...] = ()
    scenario_setup_fields: ClassVar[Mapping[str, Any]] = {}
    scenario_player_fields: ClassVar[Mapping[str, Any]] = {}
    # the kinds of the keys of its actions beyond the ones every kernel shares
    # (scenario.schema.json: ``card``, ``player``, ``decks``…), or another kind for one of those
    scenario_action_fields: ClassVar[Mapping[str, Any]] = {}
    # …and of its own keys of a card set up in a zone ({card: x, cell: B2})
    scenario_card_fields: ClassVar[Mapping[str, Any]] = {}

    def scenario_setup(self, engine: Engine, setup: Mapping[str, Any]) -> None:
        """Kernel-specific parts of a scenario's setup (rows, cells, reserve…)."""

    def scenario_action(self, engine: Engine, name: str, action: dict[str, Any]) -> None:
        """Perform one scenario action (``do: <name>``); each kernel names its own."""
        raise ValueError(f"the {self.game} kernel has no scenario action {name!r}")

    def on_loop(self, engine: Engine, cards: list[str]) -> None:
        from cardscript.interpreter.engine import LoopDetected

        raise LoopDetected("these cards trigger each other without end: " + ", ".join(cards))
