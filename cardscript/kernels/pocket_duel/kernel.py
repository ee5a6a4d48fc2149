"""The Pocket Duel kernel (spec pocket-duel.md): setup (§5), one game or a whole match,
the Automa's setup and the scenario actions. The round is ``round.RoundKernel`` (§6–§12);
the primitives and the engine's questions are ``changes.PocketDuelChanges``; which of a
card's abilities are cancels, blocks, "On hit" or standing text is ``abilities``; the rule
values a game reads every round, remembered where no card of the game overrides them, are
``game_rules``.

Everything a card says runs through the engine (``Engine.resolve`` / ``Engine.apply``);
the kernel only adds Pocket Duel's rules procedures and primitives.

Scenario actions (``do:``):

* ``round``: ``play: [card of P1, card of P2]`` (``null``: nothing);
* ``setup``: ``heroes: [hero, hero]`` or ``decks: [[ids], [ids]]``;
* ``gain_energy`` (``player``, ``amount``), ``end_check`` (the health check alone), ``game``;
* matches (§13): ``match`` (``format``, ``teams``, ``first_to``), ``match_game`` (``picks``,
  and ``winner`` to record a result without playing), ``match_result`` (``winner``),
  ``transfer`` (``player``, ``card``, ``to``, ``allowed``: the expected answer);
* the Automa (§14): ``automa_setup`` (``hero``, ``automa_hero``, ``automa``: its seat), or
  ``setup: {automa: {player: 1, hero_card: …}}`` with the zones given (``automa_deck``:
  the top is the last card).

Whole matches: ``play_match`` (Standard, Conquest, Legacy between two agents) and
``play_automa_legacy`` (Legacy against the Automa's team from an Automa Legacy card).
Rule hooks honoured (registry.yaml): starting_health, health_max, starting_energy,
energy_max, energy_per_cancel, rest_energy, rest_energy_at_round_end, cancel_scheme,
<type>_cancels, same_type_cancels, cancelled_effects_ignored, cancelled_returns_to_hand,
played_to_discard, on_hit_minimum, block_success_minimum, damage_before_healing,
weapon_destroys_rest, mutual_destroy_wins, lose_at_health, sudden_death,
reserve_resets_energy, threshold_spends_energy, transfers_per_defeat, automa_uses_may,
automa_discards_face_down, automa_reshuffle_on_rest.
[ASSUMPTION] not in the rules: when neither player has a card to play the game ends on
health (equal: no winner); a game stops after 200 rounds the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardscript.interpreter.cards import CardPool
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.playable import BundledGame
from cardscript.interpreter.starting_state import StartingState
from cardscript.kernels.pocket_duel.automa import (
    AutomaAgent,
    automa_hero_card,
    automa_setup,
    start_automa,
)
from cardscript.kernels.pocket_duel.formats import heroes_of, match_plan, play_planned_match
from cardscript.kernels.pocket_duel.matches import (
    pick_heroes,
    record_game,
    setup_match_game,
    start_match,
    transfer,
)
from cardscript.kernels.pocket_duel.round import RoundKernel
from cardscript.kernels.pocket_duel.rules import GAME, TYPES

_START = {"hero": "table", "superpower": "reserve"}  # where a card starts (§5); else hand

# the pool's memos by kernel class (``_memo``), by decks: where their cards start, the
# starting values read (``_start``), the state a setup left (``StartingState``) with the
# definitions of its cards and what the engine read of them (``Engine._know_game``)
_PLANS, _STARTS, _DEALT = "pocket duel setup", "pocket duel starts", "pocket duel dealt"

# (id(pool), its number of cards, hero) -> (pool, the hero's set): pools only grow
_HERO_SETS: dict[tuple[int, int, str], tuple[CardPool, tuple[str, ...]]] = {}


class PocketDuelKernel(RoundKernel):
    game = GAME
    play_zones = ("table", "automa_hero")  # the Automa hero card's text works (§14)
    deck_zone = "hand"
    hand_zone = "hand"
    discard_zone = "discard_pile"
    removed_zone = "removed"
    life_resource = "health"
    default_resource = "energy"
    turn_phase = "round"
    agent_kinds = ("automa",)
    formats = ("standard", "best-of-three", "conquest", "legacy")
    variants = ("challenge",)
    computed_hooks = frozenset({"energy_max"})  # from the thresholds of the game's cards

    def agent_for(self, kind: str, engine: Engine, player: int) -> Any:
        return AutomaAgent(engine) if kind == "automa" else None

    def setup_for(self, engine: Engine, decks: Sequence[Sequence[str]], kinds: list[str]) -> None:
        """With ``--agent automa`` the Automa plays its deck's hero from its Automa hero
        card (§14.1); otherwise the normal setup."""
        fmt = str(engine.state.data.get("format") or "standard")
        if fmt != "standard":
            engine.state.data["pending_match"] = match_plan(engine, fmt, decks, kinds)
            return
        if any(len(heroes_of(engine, deck)) > 1 for deck in decks):
            raise ValueError(
                "a standard game is one hero per deck; a team of 3 heroes plays a conquest "
                "or a legacy match (--format conquest, --format legacy)"
            )
        if "automa" not in kinds:
            self.setup(engine, decks)
            return
        automa = kinds.index("automa")
        hero = self._hero_card_id(engine, decks[automa])
        human = self._hero_card_id(engine, decks[1 - automa])
        automa_setup(engine, human, automa_hero_card(engine, hero), automa)

    @staticmethod
    def _hero_card_id(engine: Engine, deck: Sequence[str]) -> str:
        for card_id in deck:
            if engine.pool[card_id].type == "hero":
                return card_id
        raise ValueError("a Pocket Duel deck names its hero")

    # ---- primitives -------------------------------------------------------------------
    # ---- questions the engine asks ----------------------------------------------------
    # ---- setup ------------------------------------------------------------------------
    def hero_set(self, engine: Engine, hero: str) -> list[str]:
        pool = engine.pool
        key = (id(pool), len(pool.cards), hero)
        found = _HERO_SETS.get(key)
        if found is None or found[0] is not pool:
            own = (c.id for c in pool.cards.values() if c.get("hero") == hero)
            if len(_HERO_SETS) > 1_000:
                _HERO_SETS.clear()
            found = _HERO_SETS[key] = (
                pool,
                (hero, *sorted(i for i in own if pool[i].type in TYPES)),
            )
        return list(found[1])

    def setup(self, engine: Engine, decks: Sequence[Sequence[str]]) -> None:
        """§5: hero on the table, superpower in reserve, the other 6 cards in hand."""
        state = engine.state
        dealt: tuple[Any, ...] = (len(state.players), *map(tuple, decks))
        # a new game's setup reads nothing but its decks: the state it leaves is kept
        # for the games dealt the same decks, while their starting values are (``_start``)
        memo, kind = engine.pool.memo, type(self)  # (``_memo``'s, read without a call)
        kept = memo.get((_DEALT, kind))
        found = kept.get(dealt) if kept is not None else None
        fresh = _fresh(engine)
        if found is not None and fresh and dealt in memo.get((_STARTS, kind), ()):
            start, known = found
            start.deal(state)
            engine.know_cards(known)  # (what the engine read of them in the first game)
            self.dealt = (state, state.next_uid, dealt)
            return
        seed, first = state.rng.state, state.next_uid
        made = self._deal(engine, dealt[1:])
        known = self._start(engine, len(decks), dealt if fresh else None)
        if first == 1 and state.next_uid == 1 + made:
            # every card of the game was dealt here (none before, none added by text)
            self.dealt = (state, state.next_uid, dealt)
            if fresh and known and (start := StartingState.capture(state, seed)) is not None:
                kept = self._memo(engine, _DEALT)
                if len(kept) > 1_000:
                    kept.clear()
                kept[dealt] = (start, engine.cards_read())

    def _deal(self, engine: Engine, decks: tuple[tuple[str, ...], ...]) -> int:
        """Each deck's cards to their starting zones; how many cards were made."""
        state = engine.state
        state.phase = "round"
        # where each card of a deck starts: the same in every game of the pool dealt by
        # this kernel class (a class may have a setup plan of its own)
        plans = self._memo(engine, _PLANS)
        made = 0
        for player, deck in enumerate(decks):
            plan = plans.get(deck)
            if plan is None:
                if len(plans) > 1_000:
                    plans.clear()
                plan = plans[deck] = self._setup_plan(engine, deck)
            state.create_cards(player, plan)
            made += len(plan)
        return made

    def _start(self, engine: Engine, decks: int, dealt: tuple[Any, ...] | None) -> bool:
        """Starting health and energy, then the thresholds (§5, §10). In a game that was
        ``_fresh`` (``dealt``: its players and decks) they are the same in every game dealt
        the same decks: read once, and only the values given where no threshold was met.
        True when they are those values."""
        state = engine.state
        known = self._memo(engine, _STARTS)
        found = known.get(dealt) if dealt is not None else None
        if found is not None:
            for seat, (health, energy) in zip(state.players, found, strict=False):
                seat.resources["health"] = health
                seat.resources["energy"] = energy
            return True
        starts = []
        # read once every card is in its place: each player's text speaks for both
        for player in range(decks):
            res = state.players[player].resources
            res["health"] = health = int(engine.rule("starting_health", player=player))
            res["energy"] = energy = int(engine.rule("starting_energy", player=player))
            starts.append((health, energy))
        before = (state.clock, len(state.history), engine.steps)
        for player in range(len(state.players)):
            self.check_thresholds(engine, player)
        if dealt is None or before != (state.clock, len(state.history), engine.steps):
            return False
        if len(known) > 1_000:
            known.clear()
        known[dealt] = tuple(starts)
        return True

    def _memo(self, engine: Engine, name: str) -> dict[Any, Any]:
        """The pool's memo ``name`` for this kernel class (shared by its games)."""
        memo = engine.pool.memo
        found = memo.get((name, type(self)))
        if found is None:
            found = memo[name, type(self)] = {}
        return found

    def _setup_plan(self, engine: Engine, deck: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        """(card, its starting zone) for a deck; a hero alone stands for its set."""
        pool = engine.pool
        ids = list(deck)
        if len(ids) == 1 and pool[ids[0]].type == "hero":
            ids = self.hero_set(engine, ids[0])
        return tuple((card_id, _START.get(pool[card_id].type, "hand")) for card_id in ids)

    # ---- the game ---------------------------------------------------------------------
    def play(self, engine: Engine) -> dict[str, Any]:
        """One game, or the whole match that ``setup_for`` planned (``--format``)."""
        plan = engine.state.data.pop("pending_match", None)
        if plan is not None:
            return play_planned_match(engine, plan)
        return self.play_game(engine)

    # ---- scenarios --------------------------------------------------------------------
    inner_zones = ("automa_hero", "eliminated", "retired")
    scenario_actions = (
        "round",
        "setup",
        "gain_energy",
        "end_check",
        "game",
        "automa_setup",
        "match",
        "match_game",
        "match_result",
        "transfer",
    )
    scenario_setup_fields: ClassVar[Mapping[str, Any]] = {
        "sudden_death": {"type": "boolean"},
        "automa": {
            "type": "object",
            "required": ["hero_card"],
            "additionalProperties": False,
            "properties": {"player": {"type": "integer"}, "hero_card": {"type": "string"}},
        },
    }
    scenario_action_fields: ClassVar[Mapping[str, Any]] = {
        "play": {"type": "array", "items": {"type": ["string", "null"]}},  # null: no card
        "hero": {"type": "string"},
        "heroes": {"$ref": "#/definitions/words"},
        "automa": {"type": "integer", "minimum": 0, "maximum": 7},
        "automa_hero": {"type": "string"},
        "format": {"type": "string"},
        "teams": {"type": "array", "items": {"$ref": "#/definitions/words"}},
        "first_to": {"type": ["integer", "null"], "minimum": 1},
        "picks": {"$ref": "#/definitions/words"},
        "winner": {"type": "integer", "minimum": 0, "maximum": 7},
    }

    def scenario_setup(self, engine: Engine, setup: Mapping[str, Any]) -> None:
        state = engine.state
        state.phase = "round"
        if setup.get("sudden_death"):
            state.data["sudden_death"] = True
        automa = setup.get("automa")
        if automa is not None:
            start_automa(engine, int(automa.get("player", 1)), str(automa["hero_card"]))
        for player in range(len(state.players)):
            res = state.players[player].resources
            res.setdefault("health", int(engine.rule("starting_health", player=player)))
            res.setdefault("energy", int(engine.rule("starting_energy", player=player)))

    def scenario_action(self, engine: Engine, name: str, action: dict[str, Any]) -> None:
        state = engine.state
        if name == "round":
            chosen: dict[int, int | None] = {}
            for player, card_id in enumerate(action.get("play", [])):
                if card_id is None:
                    chosen[player] = None
                    continue
                hand = state.players[player].zones.get("hand", [])
                found = [u for u in hand if state.cards[u].card_id == card_id]
                if not found:
                    raise ValueError(f"{card_id} is not in player {player + 1}'s hand")
                if found[0] not in self._playable(engine, player):
                    raise ValueError(f"{card_id} may not be played: a text forbids it")
                chosen[player] = found[0]
            self.round(engine, chosen)
        elif name == "setup":
            decks = action.get("decks") or [[h] for h in action["heroes"]]
            self.setup(engine, decks)
        elif name == "gain_energy":
            engine.apply(
                "gain",
                Cause.new(rule="scenario"),
                player=int(action.get("player", 0)),
                resource="energy",
                amount=int(action.get("amount", 1)),
            )
        elif name == "end_check":
            self.end_check(engine)
        elif name == "game":
            self.play_game(engine)
        elif name == "automa_setup":
            automa_setup(
                engine, action["hero"], action["automa_hero"], int(action.get("automa", 1))
            )
        elif name == "match":
            start_match(engine, action["format"], action["teams"], action.get("first_to"))
        elif name == "match_game":
            # pick heroes, then either set the game up or record a given winner
            pick_heroes(engine, action.get("picks"))
            if "winner" in action:
                record_game(engine, int(action["winner"]))
            else:
                setup_match_game(engine)
        elif name == "match_result":
            record_game(engine, int(action["winner"]))
        elif name == "transfer":
            if not transfer(engine, int(action.get("player", 0)), action["card"], action["to"]):
                raise ValueError(f"the transfer of {action['card']} is refused")
        else:
            super().scenario_action(engine, name, action)


def _fresh(engine: Engine) -> bool:
    """Is the game as ``new_state`` made it, without a log? Then what ``setup`` reads
    depends on nothing but the decks dealt (there is no randomness in it)."""
    state = engine.state
    # (one chain of truth tests: each costs less than a comparison)
    if (
        state.next_uid != 1
        or engine.log is not None
        or state.clock
        or state.turn
        or state.active
        or state.data
        or state.lasting
        or state.counters
        or state.shared
        or state.used
        or state.history
    ):
        return False
    for p in state.players:  # noqa: SIM110 - any() of a generator costs more
        if p.resources or p.zones or p.data:
            return False
    return True


BUNDLED = BundledGame(GAME, PocketDuelKernel)
pocket_duel_pool = BUNDLED.pool
new_engine = BUNDLED.new_engine


def heroes(pool: CardPool) -> list[str]:
    return sorted(c.id for c in pool.cards.values() if c.type == "hero")


BUNDLED.register()
