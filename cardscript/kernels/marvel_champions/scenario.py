"""Marvel Champions scenario actions (``do:`` in ``tests/scenarios/marvel-champions``).

Scenario actions (``do:``): ``setup`` (``decks``: lists of card ids, identity first or
found by its cards; ``villain``: the set code; ``mode``; ``modular``: set codes;
``first_player``; ``active``: whose turn it is), ``play`` (``player``, ``card``; payment
cards come from answers), ``attack`` / ``thwart`` (``player``, ``card``: the
hero or ally, ``target``), ``recover``, ``change_form``, ``activate`` (``card``; its
first action usable now, or ``ability``: which of its actions now, by index, printed
first then those gained in play, or ``granted``: the first another card's text grants
or lends it),
``villain_phase`` or one of its steps (``villain_threat``, ``villain_activations``,
``deal_encounters``, ``reveal_encounters``), ``discard`` (``card``), ``enemy_attack`` /
``enemy_scheme`` (``enemy``, ``player``, ``boost``), ``reveal`` (``card``: an encounter
card id, ``player``), ``can_attack`` (``expected``: the enemies the identity, or
``card``, may attack), ``end_player_phase``, ``turn`` (``player``: whose turn it is
now), ``end_round`` (the end of the round alone), ``round`` and ``game``. ``from`` names
the zone a card is looked for in and ``copy`` which copy; ``asked: true`` on ``play`` is
another player's event played at the active player's request; ``allowed: false`` expects
the action refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardscript.interpreter.engine import Event
from cardscript.interpreter.named_ability import named
from cardscript.interpreter.scenario_failure import ScenarioMismatch
from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions import villain as vphase
from cardscript.kernels.marvel_champions.base import DEFAULT_VILLAIN, ENCOUNTER_TYPES, RULE

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.kernels.marvel_champions.kernel import MarvelChampionsKernel


def find(engine: Engine, card_id: str, zone: str | None = None, copy: int = 0) -> int:
    found = [
        card.uid
        for card in engine.state.cards.values()
        if card.card_id == card_id and (zone is None or card.zone == zone)
    ]
    if len(found) <= copy:
        raise ValueError(f"no card {card_id!r} in the game")
    return found[copy]


def run(k: MarvelChampionsKernel, engine: Engine, name: str, action: dict[str, Any]) -> None:
    """One scenario action (a refusal is a ValueError: ``allowed: false`` expects one)."""
    state = engine.state
    player = int(action["player"]) if action.get("player") is not None else state.active

    def card(key: str = "card", zone: str | None = None) -> int:
        # ``from`` narrows the zone, ``copy`` picks among the copies found there
        zone = zone or (action.get("from") if key == "card" else None)
        copy = int(action.get("copy", 0)) if key == "card" else 0
        return find(engine, str(action[key]), zone, copy)

    def target() -> int | None:
        return card("target") if "target" in action else None

    if name == "setup":
        decks = [list(d) for d in action["decks"]]
        k.setup_game(
            engine,
            decks,
            str(action.get("villain", DEFAULT_VILLAIN)),
            str(action.get("mode", "standard")),
            [str(m) for m in action.get("modular", ())],
        )
        state.data["first_player"] = int(action.get("first_player", 0))
        state.active = int(action.get("active", state.data["first_player"]))
        for key, value in action.get("threat", {}).items():
            state.cards[find(engine, str(key))].counters["threat"] = int(value)
    elif name == "put":
        put(k, engine, action)
    elif name == "play":
        asked = bool(action.get("asked"))
        turns.play_card(k, engine, player, card(zone=action.get("from", "hand")), asked=asked)
    elif name == "attack":
        turns.basic_attack(k, engine, player, card(), target())
    elif name == "thwart":
        turns.basic_thwart(k, engine, player, card(), target())
    elif name == "recover":
        turns.recover(k, engine, player, card())
    elif name == "change_form":
        turns.change_form(k, engine, player, voluntary=True)
    elif name == "activate":
        uid = card(zone=action.get("zone", "play"))
        found = [a for u, a in turns.activatable(k, engine, player) if u == uid]
        if "ability" in action:  # one of its actions now, usable or not
            wanted = named(turns.in_play_actions(engine, uid), action["ability"])
            if wanted is None:
                raise ValueError(f"{action['card']} has no action {action['ability']!r} now")
            found = [a for a in found if a == wanted]
        if not found:
            raise ValueError(f"{action['card']} has no action to use now")
        turns.activate(k, engine, player, uid, found[0])
    elif name == "can_attack":
        attacker = card() if "card" in action else k.identity(engine, player)
        attackable = k.attack_targets(engine, player, attacker)
        ids = sorted(state.cards[u].card_id for u in attackable)
        if ids != sorted(action.get("expected", [])):
            raise ScenarioMismatch(f"attackable enemies: {ids}")
    elif name == "villain_phase":
        vphase.villain_phase(k, engine)
    elif name in VILLAIN_STEPS:
        state.phase = "villain_phase"  # one step of it
        VILLAIN_STEPS[name](k, engine)
        k.check(engine)
    elif name == "discard":
        k.to_discard(engine, card())
        k.resolve_pending(engine)
    elif name == "enemy_attack":
        vphase.enemy_attack(
            k, engine, card("enemy"), player, with_boost=bool(action.get("boost", False))
        )
        k.check(engine)
    elif name == "enemy_scheme":
        vphase.enemy_scheme(
            k, engine, card("enemy"), player, with_boost=bool(action.get("boost", False))
        )
        k.check(engine)
    elif name == "reveal":
        vphase.reveal(k, engine, card(), player)
    elif name == "end_player_phase":
        turns.end_of_player_phase(k, engine)
    elif name == "turn":
        # the player phase moves on to this player's turn
        state.phase, state.active = "player_phase", player
    elif name == "draw":
        engine.apply("draw", RULE, player=player, count=int(action.get("count", 1)))
    elif name == "round":
        k.round(engine)
    elif name == "end_round":
        k.end_round(engine)
    elif name == "game":
        k.play(engine)
    else:
        raise ValueError(f"the {k.game} kernel has no scenario action {name!r}")


def put(k: MarvelChampionsKernel, engine: Engine, action: Mapping[str, Any]) -> None:
    """Put a card somewhere for a test: ``card``, ``zone``, ``player`` (none: shared),
    ``from`` (the zone it is taken from), ``counters``, ``states``; a card no deck
    holds (or any with ``new: true``) is made for the test."""
    state = engine.state
    zone = str(action["zone"])
    who = action.get("player")
    try:
        if action.get("new"):
            raise ValueError("a new copy")
        uid = find(engine, str(action["card"]), action.get("from"))
    except ValueError:
        if action.get("from") is not None or str(action["card"]) not in engine.pool.cards:
            raise
        # a card of no deck (a test card, or ``new: true``): made for the test
        uid = state.create_card(str(action["card"]), int(who or 0), zone).uid
        if engine.definition(uid).type in ENCOUNTER_TYPES:
            state.cards[uid].data["encounter"] = True
    if who is None:
        state.move(uid, zone, shared=True)
    else:
        state.move(uid, zone, player=int(who))
    card = state.cards[uid]
    card.face_up = True
    if who is not None:
        card.controller = int(who)
    card.counters.update({str(k): int(v) for k, v in action.get("counters", {}).items()})
    if "states" in action:  # the card's states from now on ([] readies it)
        card.states = {str(s) for s in action["states"]}
    if action.get("attach") == "villain":
        card.attached_to = k.villain(engine)
    if zone == "play":
        engine.emit(Event("enters_play", subject=uid, player=card.controller))
        k.resolve_pending(engine)


# one step of the villain phase at a time, for tests
VILLAIN_STEPS = {
    "villain_threat": vphase.place_acceleration,
    "villain_activations": vphase.activations,
    "deal_encounters": vphase.deal_encounters,
    "reveal_encounters": vphase.reveal_encounters,
}
