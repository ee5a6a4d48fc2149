"""Solo play against the Automa (spec §14): its setup, card choice, agent and Legacy."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardscript.interpreter.agents import Decision
from cardscript.interpreter.engine import Engine
from cardscript.kernels.pocket_duel.matches import (
    _match,
    _offer_transfers,
    pick_heroes,
    record_game,
    setup_match_game,
    start_match,
    transfer,
)
from cardscript.kernels.pocket_duel.rules import RULE

# ---- solo play against the Automa (§14) ------------------------------------------------
AUTOMA_ZONES = ("automa_deck", "automa_discard", "automa_hero")


class AutomaAgent:
    """The Automa's decisions (§14.3, B12): it always uses "may" effects; when it takes a
    card it picks the type furthest right in its hero card's choice order, when it
    discards (or loses, removes…) the type furthest left."""

    name = "automa"

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def decide(self, decision: Decision) -> tuple[int, ...]:
        if decision.kind == "yes_no":
            uses = self.engine.rule("automa_uses_may", player=decision.player)
            return (0,) if uses else (1,)
        if decision.kind == "order":
            return tuple(range(len(decision.options)))
        count = max(decision.least, min(decision.most, 1))
        order = automa_order(self.engine)
        options = decision.options
        if not all(isinstance(o, int) for o in options) or not order:
            return tuple(range(count))
        take = "hand" in decision.prompt

        def rank(index: int) -> int:
            kind = self.engine.definition(int(options[index])).type
            return order.index(kind) if kind in order else -1

        ranked = sorted(range(len(options)), key=rank, reverse=take)
        return tuple(sorted(ranked[:count]))


def automa_order(engine: Engine) -> list[str]:
    automa = engine.state.data.get("automa")
    if automa is None:
        return []
    return list(engine.pool[automa["hero_card"]].get("choice_order", []))


def start_automa(engine: Engine, player: int, hero_card: str) -> None:
    """The Automa plays ``player``'s seat with ``hero_card`` (an automa_hero card); its
    decisions are the Automa's from now on."""
    engine.state.data["automa"] = {"player": player, "hero_card": hero_card}
    agents = list(engine.agents)
    agents[player] = AutomaAgent(engine)
    engine.agents = agents


def automa_setup(engine: Engine, human_hero: str, hero_card: str, automa: int = 1) -> None:
    """§14.1: the human's normal setup; the Automa's 7 ability cards face up (the
    superpower in reserve, B9), its Automa hero card instead of the hero card, and a
    shuffled Automa deck of the numbers printed on it."""
    kernel = engine.kernel
    from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel

    assert isinstance(kernel, PocketDuelKernel)
    definition = engine.pool[hero_card]
    hero = str(definition.get("hero"))
    decks: list[list[str]] = [[], []]
    decks[1 - automa] = [human_hero]
    decks[automa] = [c for c in kernel.hero_set(engine, hero) if c != hero]
    kernel.setup(engine, decks)
    _automa_pieces(engine, automa, hero_card)


def _automa_pieces(engine: Engine, automa: int, hero_card: str) -> None:
    """The Automa hero card (instead of the hero card) and the shuffled Automa deck."""
    state = engine.state
    for uid in list(state.players[automa].zones.get("table", ())):
        if engine.definition(uid).type == "hero":
            engine.apply("move", RULE, uid=uid, zone="unused", player=automa)
    state.create_card(hero_card, automa, "automa_hero")
    numbers = {
        int(c.get("number", 0)): c.id for c in engine.pool.cards.values() if c.type == "automa_card"
    }
    for number in engine.pool[hero_card].get("automa_deck", []):
        state.create_card(numbers[int(number)], automa, "automa_deck", face_up=False)
    state.rng.shuffle(state.players[automa].zone("automa_deck"))
    start_automa(engine, automa, hero_card)


def automa_hero_card(engine: Engine, hero: str) -> str:
    for card in engine.pool.cards.values():
        if card.type == "automa_hero" and card.get("hero") == hero:
            return card.id
    raise ValueError(f"no Automa hero card for {hero}")


def play_automa_legacy(
    engine: Engine, human_team: Sequence[str], legacy_card: str
) -> dict[str, Any]:
    """Legacy against the Automa (§14.4): player 1 is the Automa with the team of an
    Automa Legacy card, used in its hero order; a defeated Automa hero passes on its card
    of the first listed transfer type it holds, and any card it received."""
    kernel = engine.kernel
    from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel

    assert isinstance(kernel, PocketDuelKernel)
    card = engine.pool[legacy_card]
    order = list(card.get("hero_order", []))
    kinds = list(card.get("transfer_types", []))
    start_match(engine, "legacy", [list(human_team), list(card.get("team", []))])
    while engine.state.result is None or engine.state.result.get("reason") != "legacy match":
        match = _match(engine)
        if match["games"] >= 40:
            engine.state.result = None
            engine.end(None, "match limit")
            break
        nxt = next(h for h in order if h not in match["out"][1])
        pick_heroes(engine, [None, nxt])
        setup_match_game(engine)
        _automa_pieces(engine, 1, automa_hero_card(engine, nxt))
        winner = kernel.play_game(engine).get("winner")
        if winner is None:
            _match(engine)["games"] += 1
            continue
        if record_game(engine, int(winner)) is not None:
            break
        if winner == 1:
            _offer_transfers(engine, 0)
            continue
        match = _match(engine)
        heirs = [h for h in order if h not in match["out"][1]]
        defeated = match["out"][1][-1]
        for passed in list(match["received"][defeated]):
            transfer(engine, 1, passed, heirs[0])
        own = [
            c
            for kind in kinds
            for c in match["sets"][defeated]
            if engine.pool[c].type == kind and c not in match["received"][defeated]
        ]
        for candidate in own:
            if transfer(engine, 1, candidate, heirs[0]):
                break
    assert engine.state.result is not None
    return engine.state.result


def _reshuffle(engine: Engine, player: int) -> None:
    zones = engine.state.players[player].zones
    for uid in list(zones.get("automa_discard", ())):
        engine.apply("move", RULE, uid=uid, zone="automa_deck", player=player, face_up=False)
    engine.apply("shuffle", RULE, zone="automa_deck", player=player)


def automa_choose(engine: Engine, player: int, opponent_hand: Sequence[int]) -> int | None:
    """§14.2 step 1: the destroy override, else the topmost listed type available on the
    revealed Automa cards; a whole cycle with nothing available falls back to the
    rightmost type of the choice order (B10)."""
    kernel = engine.kernel
    from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel

    assert isinstance(kernel, PocketDuelKernel)
    state = engine.state
    hand = kernel._playable(engine, player)
    by_type: dict[str, int] = {}
    for uid in hand:
        by_type.setdefault(engine.definition(uid).type, uid)
    in_hand = {engine.definition(u).type for u in state.players[player].zones.get("hand", ())}
    if (
        len(opponent_hand) == 1
        and engine.definition(opponent_hand[0]).type == "rest"
        and "weapon" in in_hand
    ):
        if "weapon" in by_type:
            return by_type["weapon"]
        if "rest" in by_type:
            _reshuffle(engine, player)
            return by_type["rest"]
    if not hand:
        return None
    zones = state.players[player].zones
    total = len(zones.get("automa_deck", ())) + len(zones.get("automa_discard", ()))
    for _ in range(total):
        deck = zones.get("automa_deck", [])
        if not deck:
            _reshuffle(engine, player)
            deck = zones.get("automa_deck", [])
        top = deck[-1]
        engine.apply("move", RULE, uid=top, zone="automa_discard", player=player, face_up=True)
        engine.happened("revealed", subject=top, player=player)
        found = None
        for kind in engine.definition(top).get("type_priority", []):
            if kind in by_type:
                found = by_type[kind]
                break
        played_rest = found is not None and engine.definition(found).type == "rest"
        if not zones.get("automa_deck") or (
            played_rest and engine.rule("automa_reshuffle_on_rest", player=player)
        ):
            _reshuffle(engine, player)
        if found is not None:
            return found
    order = automa_order(engine)
    return max(
        hand,
        key=lambda u: (
            order.index(engine.definition(u).type) if engine.definition(u).type in order else -1
        ),
    )


def automa_face_down(engine: Engine, uid: int | None) -> None:
    """§14.2 step 4: the Automa's uncancelled card is turned face down as discarded
    (a cancelled one goes back to hand at the end of the round, B11)."""
    if uid is None or engine.state.result is not None:
        return
    card = engine.state.cards[uid]
    definition = engine.definition(uid)
    if card.zone != "table" or card.data.get("cancelled"):
        return
    if definition.type == "superpower" and definition.get("after_play") != "discard":
        return
    if not engine.rule("automa_discards_face_down", player=card.controller):
        return
    engine.apply("move", RULE, uid=uid, zone="discard_pile", player=card.controller, face_up=False)
    card.states.add("face_down")
