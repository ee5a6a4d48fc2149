"""Pocket Duel written by hand: the baseline for what the card script costs.

The same rules as ``cardscript/kernels/pocket_duel`` with the registry's default rule
values, for the six bundled heroes only. The printed fields (type, attack, superpower
kind, threshold, after play) are read from ``cards/pocket-duel/*.yaml``; what each card's
text does is hard-coded below. It is a benchmark baseline, not product code: no log, no
scenarios, no Automa, no matches.

The random agents ask the same questions in the same order as the engine's
``RandomAgent`` (same generator, same seeds), so a game here is the engine's game, choice
for choice: ``python bench/pocket_duel_handwritten.py 1000 --compare`` checks that.

python bench/pocket_duel_handwritten.py [GAMES] [--compare]
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

CARDS = Path(__file__).resolve().parent.parent / "cards" / "pocket-duel"
_MASK64 = (1 << 64) - 1

# Type effects (PD-X1, the registry's default): each type cancels at most one other type.
CANCELS = {"strength": "agility", "intellect": "strength", "agility": "intellect"}
TYPES = ("strength", "weapon", "intellect", "defense", "agility", "rest", "superpower")
ENERGY_MAX_DEFAULT = 5
HEALTH_MAX = 10
MAX_ROUNDS = 200


class Rng:
    """SplitMix64, the same generator as ``cardscript.interpreter.state.Rng``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = _MASK64 - (_MASK64 % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n


class Agent:
    """Uniform random answers, drawn exactly as ``RandomAgent.decide`` draws them."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def pick(self, n: int, least: int, most: int) -> list[int]:
        rng = self.rng
        if least == 1 and min(most, n) == 1:
            return [rng.below(n)]  # as RandomAgent: one of n is one draw
        indices = list(range(n))
        for i in range(n - 1, 0, -1):
            j = rng.below(i + 1)
            indices[i], indices[j] = indices[j], indices[i]
        high = min(most, n)
        count = least + rng.below(high - least + 1) if high >= least else 0
        return sorted(indices[:count])

    def one(self, options: list[Any]) -> Any:
        return options[self.pick(len(options), 1, 1)[0]]

    def up_to_one(self, options: list[Any]) -> Any | None:
        """ "Up to 1 target": nothing is asked when there is nothing to choose."""
        if not options:
            return None
        picked = self.pick(len(options), 0, 1)
        return options[picked[0]] if picked else None

    def may(self) -> bool:
        return self.pick(2, 1, 1) == [0]


class Card:
    __slots__ = ("after_play", "attack", "id", "kind", "owner", "threshold", "type")

    def __init__(self, fields: dict[str, Any], owner: int) -> None:
        self.id: str = fields["id"]
        self.type: str = fields["type"]
        self.attack: int = int(fields.get("attack") or 0)
        self.kind: str | None = fields.get("superpower_kind")
        self.threshold: int = int(fields.get("energy_threshold") or 0)
        self.after_play: str | None = fields.get("after_play")
        self.owner = owner


def load_cards(folder: Path = CARDS) -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text("utf-8"))
        for card in data.get("cards", []):
            cards[card["id"]] = card
    return cards


class Player:
    __slots__ = ("discard", "energy", "hand", "health", "hero", "removed", "reserve", "table")

    def __init__(self, hero: str) -> None:
        self.hero = hero
        self.health = 10
        self.energy = 0
        self.hand: list[Card] = []
        self.discard: list[Card] = []
        self.reserve: list[Card] = []
        self.table: list[Card] = []  # active permanent superpowers (the hero is implied)
        self.removed: list[Card] = []


class Game:
    """One game between two random agents."""

    def __init__(self, cards: dict[str, dict[str, Any]], heroes: list[str], seed: int) -> None:
        self.agents = [Agent(2 * seed), Agent(2 * seed + 1)]
        self.players = [Player(h) for h in heroes]
        for index, player in enumerate(self.players):
            own = sorted(
                i for i, c in cards.items() if c.get("hero") == player.hero and c["type"] in TYPES
            )
            for card_id in own:
                card = Card(cards[card_id], index)
                (player.reserve if card.type == "superpower" else player.hand).append(card)
        self.energy_max = max(
            [ENERGY_MAX_DEFAULT]
            + [c.threshold for p in self.players for c in p.hand + p.reserve if c.kind]
        )
        self.turn = 0
        self.sudden = False
        self.result: tuple[int | None, str] | None = None
        # this round
        self.played: list[Card | None] = [None, None]
        self.cancelled = [False, False]
        self.block = [0, 0]
        self.destroyed: list[int] = []
        self.heals: list[tuple[int, int]] | None = None
        self.pending: list[tuple[int, Callable[[], None]]] = []

    # ---- state changes --------------------------------------------------------------
    def active(self, player: int, card_id: str) -> bool:
        return any(c.id == card_id for c in self.players[player].table)

    def gain_energy(self, player: int, amount: int) -> None:
        p = self.players[player]
        p.energy = max(0, min(p.energy + amount, self.energy_max))
        for card in list(p.reserve):  # §10: thresholds on every gain
            if card.kind is not None and p.energy >= card.threshold:
                p.reserve.remove(card)
                (p.table if card.kind == "permanent" else p.hand).append(card)

    def lose_energy(self, player: int, amount: int) -> None:
        p = self.players[player]
        p.energy = max(0, p.energy - amount)

    def heal(self, player: int, amount: int) -> None:
        if self.heals is not None:
            self.heals.append((player, amount))  # damage before healing (§10)
            return
        p = self.players[player]
        p.health = min(p.health + amount, HEALTH_MAX)

    def damage(self, player: int, amount: int, unblockable: bool = False) -> None:
        if amount <= 0:
            return
        if not unblockable:
            blocked = min(self.block[player], amount)
            self.block[player] -= blocked
            amount -= blocked
            if blocked:
                self.blocks(player)
        if amount > 0:
            self.players[player].health -= amount

    def blocks(self, player: int) -> None:
        """A successful block: the talents that listen to it."""
        hero = self.players[player].hero
        if hero == "ivo-hero":
            self.pending.append((player, lambda: self.heal(player, 1)))
        elif hero == "marrow-hero":
            self.pending.append((player, lambda: self.gain_energy(player, 1)))

    def return_from_discard(self, player: int, card_type: str | None) -> None:
        p = self.players[player]
        options = [c for c in p.discard if card_type is None or c.type == card_type]
        chosen = self.agents[player].up_to_one(options)
        if chosen is not None:
            p.discard.remove(chosen)
            p.hand.append(chosen)

    def remove_from_opponent_discard(self, player: int) -> None:
        pile = self.players[1 - player].discard
        if pile:
            chosen = self.agents[player].one(pile)
            pile.remove(chosen)
            self.players[1 - player].removed.append(chosen)

    # ---- card texts -----------------------------------------------------------------
    def on_hit(self, player: int, card: Card) -> None:
        opp = 1 - player
        cid = card.id
        if cid == "cinder-weapon":
            if self.agents[player].may():
                self.damage(opp, 1)
        elif cid in ("marrow-strength", "marrow-weapon"):
            self.remove_from_opponent_discard(player)
        elif cid == "nell-weapon":
            self.lose_energy(opp, 1)
        elif cid == "nell-intellect":
            self.return_from_discard(player, None)
        elif cid == "sable-agility":
            if self.agents[player].may():
                self.return_from_discard(player, None)
        elif cid == "quill-weapon":
            self.pending.append((player, lambda: self.gain_energy(player, 1)))

    def effect(self, player: int, card: Card) -> None:
        opp = 1 - player
        cid = card.id
        if cid == "cinder-intellect":
            self.return_from_discard(player, "strength")
        elif cid in ("cinder-rest", "ivo-rest", "nell-rest", "quill-rest"):
            self.return_from_discard(player, None)
        elif cid == "cinder-superpower":
            self.damage(opp, 3, unblockable=True)
        elif cid == "ivo-intellect" or cid == "quill-defense":
            self.gain_energy(player, 1)
        elif cid == "ivo-defense":
            self.return_from_discard(player, "weapon")
        elif cid == "marrow-rest":
            self.return_from_discard(player, "defense")
        elif cid == "quill-intellect":
            self.lose_energy(opp, 1)
        elif cid == "quill-agility":
            self.return_from_discard(player, "agility")
        elif cid == "quill-superpower":
            self.damage(opp, 1, unblockable=True)
        elif cid == "sable-intellect":
            self.heal(player, 1)
        elif cid == "sable-rest":
            self.heal(player, 2)
            self.return_from_discard(player, None)
        elif cid == "sable-superpower":
            self.heal(player, 3)

    def block_of(self, card: Card) -> int:
        if card.id == "ivo-superpower":
            return 10**9  # "You block all damage."
        if card.type != "defense":
            return 0
        return {"cinder": 2, "ivo": 2, "marrow": 2, "nell": 2, "quill": 1, "sable": 3}[
            card.id.split("-", 1)[0]
        ]

    def attack(self, player: int, card: Card) -> int:
        value = card.attack
        if card.type == "defense" and self.active(player, "marrow-superpower"):
            value += 1  # Ossified Hide: your Defense cards get +1 attack
        return max(0, value)

    def mark_cancelled(self, victim: int) -> None:
        canceller = 1 - victim
        card = self.played[victim]
        assert card is not None
        self.cancelled[victim] = True
        # the "cancelled" event, then "cancels"; their triggers wait for step 4
        if card.id in ("cinder-strength", "marrow-agility", "ivo-weapon"):  # Breakthrough
            self.pending.append((victim, lambda: self.damage(canceller, 1, unblockable=True)))
        if self.players[victim].hero == "sable-hero":
            self.pending.append((victim, lambda: self.heal(victim, 1)))
        if self.players[canceller].hero == "cinder-hero":
            self.pending.append((canceller, lambda: self.heal(canceller, 1)))
        if self.active(canceller, "nell-superpower"):
            self.pending.append((canceller, lambda: self.damage(victim, 1)))
        self.gain_energy(canceller, 2 if self.players[canceller].hero == "nell-hero" else 1)

    def resolve_pending(self) -> None:
        while self.pending:
            pending, self.pending = self.pending, []
            pending.sort(key=lambda p: p[0])
            for _, run in pending:
                run()

    # ---- the round ------------------------------------------------------------------
    def round(self) -> None:
        self.turn += 1
        self.cancelled = [False, False]
        self.block = [0, 0]
        self.destroyed = []
        played: list[Card | None] = [None, None]
        for player in (0, 1):
            hand = self.players[player].hand
            if hand:
                card = self.agents[player].one(hand)
                hand.remove(card)
                played[player] = card
        self.played = played
        # step 2: cancel, simultaneous
        pairs = [
            victim
            for victim in (1, 0)
            if played[victim] is not None
            and played[1 - victim] is not None
            and CANCELS.get(played[1 - victim].type) == played[victim].type  # type: ignore[union-attr]
        ]
        for victim in pairs:  # the engine's seat order: P1's cancel first
            self.mark_cancelled(victim)
        live = [played[p] is not None and not self.cancelled[p] for p in (0, 1)]
        # step 3: damage, blocks
        for player in (0, 1):
            card = played[player]
            if live[player] and card is not None:
                self.block[player] = min(10**9, self.block[player] + self.block_of(card))
        hits: list[tuple[int, int]] = []
        for player in (0, 1):
            card = played[player]
            if not live[player] or card is None:
                continue
            opp = 1 - player
            raw = self.attack(player, card)
            blocked = min(raw, self.block[opp])
            self.block[opp] -= blocked
            hits.append((player, raw - blocked))
            if blocked:
                self.blocks(opp)
        dealt = [0, 0]
        for player, amount in hits:
            if amount > 0:
                self.players[1 - player].health -= amount
                dealt[player] = amount
        # step 4: effects
        self.heals = []
        for player in (0, 1):
            card = played[player]
            if card is not None and dealt[player] >= 1:
                self.on_hit(player, card)
        for player in (0, 1):
            card = played[player]
            if card is not None and live[player]:
                self.effect(player, card)
        self.resolve_pending()
        for player in (0, 1):  # Weapon destroys Rest
            card, other = played[player], played[1 - player]
            if (
                live[player]
                and card is not None
                and other is not None
                and card.type == "weapon"
                and other.type == "rest"
            ):
                self.destroy(1 - player)
        heals, self.heals = self.heals, None
        for player, amount in heals:
            self.heal(player, amount)
        if self.check_destroy():
            return
        # step 5: end of round
        rest_energy: list[tuple[int, int]] = []
        for player in (0, 1):
            card = played[player]
            if card is None:
                continue
            p = self.players[player]
            if card.type == "rest" and not self.cancelled[player]:
                rest_energy.append((player, 2 if self.active(player, "nell-superpower") else 1))
            if self.cancelled[player]:
                p.hand.append(card)
            elif card.after_play == "remove":
                p.removed.append(card)
            elif card.after_play == "reserve":
                p.reserve.append(card)
                p.energy = 0
            else:
                p.discard.append(card)
        self.played = [None, None]
        for player, amount in rest_energy:
            self.gain_energy(player, amount)
        for player in (0, 1):  # Quill's talent, at the end of the round
            if self.players[player].hero == "quill-hero":
                self.pending.append((player, self.quill_talent(player)))
        self.resolve_pending()
        if not self.check_destroy():
            self.end_check()

    def quill_talent(self, player: int) -> Callable[[], None]:
        """At the end of the round, if the opponent's health is 2 or less and yours is 6
        or more, destroy the opponent."""

        def run() -> None:
            mine, theirs = self.players[player], self.players[1 - player]
            if theirs.health <= 2 and mine.health >= 6:
                self.destroy(1 - player)

        return run

    def destroy(self, player: int) -> None:
        if player not in self.destroyed:
            self.destroyed.append(player)

    def check_destroy(self) -> bool:
        destroyed, self.destroyed = self.destroyed, []
        if len(destroyed) == 1:
            self.result = (1 - destroyed[0], "destroyed")
            return True
        return False  # both destroyed: neither wins (§11 B7)

    def end_check(self) -> None:
        a, b = self.players[0].health, self.players[1].health
        if not self.sudden and a > 0 and b > 0:
            return
        if a == b:
            self.sudden = True
            return
        self.result = (0 if a > b else 1, "sudden death" if self.sudden else "health")

    def by_health(self, reason: str) -> None:
        a, b = self.players[0].health, self.players[1].health
        self.result = (0 if a > b else 1 if b > a else None, reason)

    def play(self) -> tuple[int | None, str]:
        while self.result is None:
            if self.turn >= MAX_ROUNDS:
                self.by_health("round limit")
                break
            if not self.players[0].hand and not self.players[1].hand:
                self.by_health("no cards left")
                break
            self.round()
        assert self.result is not None
        return self.result


def heroes(cards: dict[str, dict[str, Any]]) -> list[str]:
    return sorted(i for i, c in cards.items() if c.get("type") == "hero")


def play_games(
    games: int, cards: dict[str, dict[str, Any]] | None = None, play: bool = True
) -> list[Any]:
    """Every game's (heroes, winner, reason, rounds), for seeds 0 … games-1; without
    ``play`` the games are only set up (winner None, reason "set up", 0 rounds)."""
    cards = cards if cards is not None else load_cards()
    names = heroes(cards)
    out = []
    for seed in range(games):
        pick = random.Random(seed)  # the same picks as the engine's bench
        picked = [pick.choice(names), pick.choice(names)]
        game = Game(cards, picked, seed)
        winner, reason = game.play() if play else (None, "set up")
        out.append((tuple(picked), winner, reason, game.turn))
    return out


def bench(games: int) -> tuple[float, int]:
    """Games per second (CPU time of this process, as the engine's figure) and the number
    of rounds played."""
    cards = load_cards()
    start = time.process_time()
    results = play_games(games, cards)
    elapsed = time.process_time() - start
    return games / elapsed, sum(r[3] for r in results)


def win_shares(results: list[Any]) -> dict[str, float]:
    """Each hero's share of wins in the games it played against another hero."""
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for picked, winner, _, _ in results:
        if picked[0] == picked[1]:
            continue
        for hero in picked:
            played[hero] = played.get(hero, 0) + 1
        if winner is not None:
            won[picked[winner]] = won.get(picked[winner], 0) + 1
    return {h: won.get(h, 0) / n for h, n in sorted(played.items())}


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv and argv[0].isdigit() else 1000
    rate, rounds = bench(games)
    print(f"hand-written: {games} games, {rounds} rounds: {rate:.0f} games/s")
    if "--compare" in argv:
        from pocket_duel_bench import engine_games

        mine = play_games(games)
        theirs = engine_games(games)
        same = sum(a == b for a, b in zip(mine, theirs, strict=True))
        print(f"same result as the engine (heroes, winner, reason, rounds): {same}/{games}")
        a, b = win_shares(mine), win_shares(theirs)
        for hero in sorted(a):
            print(f"  {hero:12} hand-written {a[hero]:.3f}  engine {b.get(hero, 0):.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
