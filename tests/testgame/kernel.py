"""The kernel of the tiny test game: turns of draw, play one card, attack with everything.

It exists to exercise every engine feature on a game small enough to reason about in a
test: triggers, replacement, prevention, continuous effects, rule hooks, permissions,
the step budget, loop detection and every agent.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from cardscript.games import Game, game_from_keywords
from cardscript.grammar import ast
from cardscript.grammar.registry import registry_from_data
from cardscript.interpreter.agents import Agent
from cardscript.interpreter.cards import CardPool
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.kernel import Kernel
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.primitives import set_state, to_zone
from cardscript.interpreter.triggers import in_chosen_order

HERE = Path(__file__).parent
RULE = Cause(rule="turn structure")


def tiny_game() -> Game:
    base = registry_from_data(yaml.safe_load((HERE / "registry.yaml").read_text("utf-8")))
    text = (HERE / "keywords.cardscript").read_text("utf-8")
    return game_from_keywords(base, text, str(HERE / "keywords.cardscript"))


class TinyKernel(Kernel):
    game = "testgame"
    play_zones = ("play",)
    life_resource = default_resource = "life"
    max_turns = 40

    def __init__(self, *, loop_check: bool = True) -> None:
        super().__init__()
        self.loop_check = loop_check

    def primitives(self) -> dict[str, Any]:
        return {
            "destroy": to_zone("discard", "destroyed"),
            "exhaust": set_state("exhausted", True, "exhausted"),
            "ready": set_state("exhausted", False, "readied"),
        }

    def has_quality(self, engine: Engine, uid: int, quality: str) -> bool:
        if quality == "ready":
            return "exhausted" not in engine.state.cards[uid].states
        return super().has_quality(engine, uid, quality)

    def clamp(self, engine: Engine, uid: int, stat: str, value: int) -> int:
        return max(0, value)

    def replaceable(self, change: str, args: dict[str, Any]) -> str | None:
        if change == "destroy":
            args.setdefault("uid", args.get("target"))
            return "destroyed"
        return None

    def after_event(self, engine: Engine, event: Event) -> None:
        losers = [p.index for p in engine.state.players if p.resources.get("life", 0) <= 0]
        if losers and engine.state.result is None:
            winners = [p.index for p in engine.state.players if p.index not in losers]
            engine.end(winners[0] if len(winners) == 1 else None, "life")
        if event.name == "damaged" and event.subject is not None:
            card = engine.state.cards[event.subject]
            if card.zone == "play" and card.counters.get("damage", 0) >= max(
                1, engine.stat(event.subject, "power")
            ):
                engine.apply("destroy", RULE, target=event.subject)

    def on_loop(self, engine: Engine, cards: list[str]) -> None:
        if self.loop_check:
            super().on_loop(engine, cards)

    # ---- the game ---------------------------------------------------------------------
    def setup(self, engine: Engine, decks: Sequence[Sequence[str]]) -> None:
        state = engine.state
        for player in state.players:
            player.resources["life"] = 10
        for player, deck in enumerate(decks):
            for card_id in deck:
                state.create_card(card_id, player, "deck")
            engine.state.rng.shuffle(state.players[player].zone("deck"))
            engine.apply("draw", RULE, player=player, count=3)

    def play(self, engine: Engine) -> dict[str, Any]:
        state = engine.state
        while state.result is None:
            if state.turn >= self.max_turns:
                engine.end(None, "turn limit")
                break
            self.turn(engine)
            state.active = (state.active + 1) % len(state.players)
        assert state.result is not None
        return state.result

    def turn(self, engine: Engine) -> None:
        state = engine.state
        state.turn += 1
        me = state.active
        engine.emit(Event("start:turn", player=me))
        self.resolve_pending(engine)
        engine.apply("draw", RULE, player=me, count=int(engine.rule("draw_count", player=me)))
        self.main(engine, me)
        if state.result is None:
            self.attacks(engine, me)
        engine.emit(Event("end:turn", player=me))
        self.resolve_pending(engine)
        engine.end_period("turn")  # (Armor's budget too: the engine's standing prevention)
        if engine.log is not None:
            engine.log.step(engine, f"turn {state.turn}")

    def main(self, engine: Engine, me: int) -> None:
        hand = list(engine.state.players[me].zone("hand"))
        options: list[int | None] = [*hand, None]
        labels = [engine.describe(u) for u in hand] + ["pass"]
        (picked,) = engine.choose(me, "action", "play a card", options, labels)
        uid = options[picked]
        if uid is None:
            return
        definition = engine.definition(uid)
        if definition.type == "creature":
            engine.apply("move", RULE, uid=uid, zone="play", player=me)
            engine.emit(Event("enters_play", subject=uid, player=me))
        else:
            engine.apply("move", RULE, uid=uid, zone="stack", player=me)
            for ability in definition.abilities:
                if isinstance(ability.node, ast.EffectAbility):
                    engine.resolve(ability, uid, me)
            if engine.state.cards[uid].zone == "stack":
                engine.apply("discard", RULE, uid=uid)
        self.resolve_pending(engine)

    def attacks(self, engine: Engine, me: int) -> None:
        for uid in list(engine.state.players[me].zone("play")):
            card = engine.state.cards[uid]
            if "exhausted" in card.states or engine.state.result is not None:
                continue
            if not engine.may(me, f"attack with {engine.definition(uid).name}?"):
                continue
            engine.apply("exhaust", RULE, target=uid)
            engine.emit(Event("attacks", subject=uid, player=me))
            self.resolve_pending(engine)
            if engine.rule("attack_damage", uid=uid):
                engine.apply(
                    "deal_damage",
                    Cause(rule="attack"),
                    target=_seat(1 - me),
                    amount=engine.stat(uid, "power"),
                    kind="damage",
                    source=uid,
                )
        for uid in engine.state.players[me].zone("play"):
            engine.state.cards[uid].states.discard("exhausted")

    def resolve_pending(self, engine: Engine) -> None:
        """Triggers resolve at once: the active player's first, each player ordering
        their own simultaneous triggers (``triggers.in_chosen_order``), asked only as
        their turn to resolve comes."""
        state = engine.state
        while state.result is None:
            pending = engine.take_pending()
            if not pending:
                break
            count = len(state.players)
            for offset in range(count):
                player = (state.active + offset) % count
                for trigger in in_chosen_order(engine, pending, [player], "order your triggers"):
                    engine.loop_guard(trigger)
                    engine.resolve(
                        trigger.ability, trigger.source, trigger.controller, trigger.event
                    )
        engine.chain_done()

    # ---- scenario actions ---------------------------------------------------------------
    def scenario_action(self, engine: Engine, name: str, action: dict[str, Any]) -> None:
        player = int(action.get("player", engine.state.active))
        if name == "play":
            hand = engine.state.players[player].zone("hand")
            wanted = [u for u in hand if engine.state.cards[u].card_id == action["card"]]
            if not wanted:
                raise ValueError(f"{action['card']} is not in player {player + 1}'s hand")
            hand.remove(wanted[0])
            hand.insert(0, wanted[0])  # the scripted "play a card" answer picks index 0
            engine.agents[player].answers.insert(0, (0,))  # type: ignore[attr-defined]
            self.main(engine, player)
        elif name == "attack":
            self.attacks(engine, player)
        elif name == "turn":
            self.turn(engine)
        else:
            super().scenario_action(engine, name, action)


def _seat(index: int) -> Any:
    from cardscript.interpreter.select import Seat

    return Seat(index)


def new_engine(
    agents: Sequence[Agent],
    seed: int = 1,
    *,
    log: GameLog | None = None,
    kernel: TinyKernel | None = None,
    budget: int = 200_000,
) -> Engine:
    game = tiny_game()
    pool = CardPool.from_files(game, [HERE / "cards.yaml"])
    return Engine.new(game, pool, kernel or TinyKernel(), agents, seed, log=log, budget=budget)


def _factory(seed: int, agents: list[Any], log: GameLog | None, extra: list[Path]) -> Engine:
    engine = new_engine(agents, seed, log=log)
    for path in extra:
        for card in yaml.safe_load(path.read_text("utf-8"))["cards"]:
            engine.pool.add(card)
    return engine


def register() -> None:
    from cardscript.interpreter.scenario import register_game

    register_game("testgame", _factory)
