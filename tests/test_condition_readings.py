"""How a condition reads its subject, as truth tables over several cards, players and
readers: a zone the test names is where its cards are looked for ("if a creature is in
your discard pile"), none is play; "an opponent's creature" is any one of them; "an
opponent" as a condition's subject is any opponent, nobody asked."""

from __future__ import annotations

from cardscript.games import Game, load_game
from cardscript.interpreter.agents import Decision, FirstAgent
from cardscript.interpreter.engine import Engine
from cardscript.kernels.vs_system.kernel import new_engine as vs_engine
from cardscript.kernels.vs_system.kernel import vs_pool
from tests.test_player_conditions import _holds
from tests.testgame.kernel import TinyKernel, new_engine, tiny_game


class _Asked(FirstAgent):
    """The first answer, and every question put, kept."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def decide(self, decision: Decision) -> tuple[int, ...]:
        self.asked.append(decision.prompt)
        return super().decide(decision)


def _table(
    engine: Engine, texts: list[str], source: int, game: Game | None = None
) -> dict[str, list[bool]]:
    """Each text's condition read by each player in seat order ("…, draw 1 card."), in
    ``game`` (the tiny test game where none is named)."""
    game, seats = game or tiny_game(), range(len(engine.state.players))
    return {
        t: [_holds(game, engine, f"{t}, draw 1 card.", p, source) for p in seats] for t in texts
    }


def test_a_zone_the_condition_names_is_where_its_cards_are_looked_for() -> None:
    engine = new_engine([FirstAgent(), FirstAgent()])
    state = engine.state
    source = state.create_card("bear", 0, "play").uid  # P1: a ready creature in play
    state.create_card("bolt", 0, "discard")  # P1: a spell in the discard pile
    state.create_card("bear", 1, "discard").states.add("exhausted")  # P2: 2 creatures
    state.create_card("imp", 1, "discard")
    state.create_card("imp", 1, "hand")
    expected = {
        "if a creature is in your discard pile": [False, True],
        "if a spell is in your discard pile": [True, False],
        "if a creature is in an opponent's discard pile": [True, False],
        "if a creature is in your hand": [False, True],
        "if a creature is in your play area": [True, False],
        "if a creature is not in your discard pile": [True, False],
        "if 2 creatures are in your discard pile": [False, True],
        "if 3 creatures are in your discard pile": [False, False],
        "if a creature in your discard pile is exhausted": [False, True],
        # no zone named: in play, where no creature is exhausted
        "if a creature is exhausted": [False, False],
        "if this is in your discard pile": [False, False],
        "if this is in your play area": [True, False],
    }
    assert _table(engine, list(expected), source) == expected


def test_an_opponents_card_is_any_one_of_theirs() -> None:
    engine = new_engine([FirstAgent(), FirstAgent(), FirstAgent()])
    state = engine.state
    source = state.create_card("bear", 0, "play").uid  # P1: one ready creature
    state.create_card("bear", 1, "play")  # P2: one ready, one exhausted
    tired = state.create_card("imp", 1, "play")
    tired.states.add("exhausted")
    state.create_card("bear", 2, "play")  # P3: one ready
    expected = {
        "if an opponent's creature is exhausted": [True, False, True],
        "if an opponent's creature is not exhausted": [True, True, True],
        "if a creature an opponent controls is exhausted": [True, False, True],
        "if each creature an opponent controls is exhausted": [False, False, False],
    }
    assert _table(engine, list(expected), source) == expected
    for seat in (1, 2):  # every creature of P2 and P3 exhausted: P1's alone is ready
        for uid in state.players[seat].zones["play"]:
            state.cards[uid].states.add("exhausted")
    assert _table(engine, ["if an opponent's creature is not exhausted"], source) == {
        "if an opponent's creature is not exhausted": [False, True, True]
    }


class _TiredPlayers(TinyKernel):
    """A player is "exhausted" where ``tired`` says so (the tiny game's players have no
    quality otherwise)."""

    tired: frozenset[int] = frozenset({1})

    def player_quality(self, engine: Engine, player: int, quality: str) -> bool:
        return quality == "exhausted" and player in self.tired


def _three_players() -> tuple[list[_Asked], Engine, int]:
    """Three players with 10, 2 and 5 life, P2 with 3 cards in hand (the others none),
    P2 exhausted (``_TiredPlayers``), and P1's creature in play: its uid."""
    agents = [_Asked(), _Asked(), _Asked()]
    engine = new_engine(agents, kernel=_TiredPlayers())
    state = engine.state
    for player, life in enumerate((10, 2, 5)):
        state.players[player].resources["life"] = life
    for _ in range(3):
        state.create_card("bear", 1, "hand")
    return agents, engine, state.create_card("bear", 0, "play").uid


def test_an_opponent_as_a_conditions_subject_is_any_of_them_and_nobody_is_asked() -> None:
    agents, engine, source = _three_players()
    expected = {
        "if an opponent has 6 or more life": [False, True, True],
        "if an opponent has 2 or less life": [True, False, True],
        "if each opponent has 3 or more life": [False, True, False],
        "if an opponent's life is 2 or less": [True, False, True],
        "if an opponent has 2 or more cards in their hand": [True, False, True],
        "if an opponent has no cards in their hand": [True, True, True],
        "if each opponent has no cards in their hand": [False, True, False],
        "if an opponent is exhausted": [True, False, True],
        "if an opponent is not exhausted": [True, True, True],
        "if an opponent controls a creature": [False, True, True],
    }
    assert _table(engine, list(expected), source) == expected
    assert [agent.asked for agent in agents] == [[], [], []]


def test_with_two_players_an_opponent_is_the_other_one() -> None:
    engine = new_engine([_Asked(), _Asked()], kernel=_TiredPlayers())
    state = engine.state
    state.players[0].resources["life"], state.players[1].resources["life"] = 10, 2
    source = state.create_card("bear", 0, "play").uid
    expected = {
        "if an opponent has 6 or more life": [False, True],
        "if an opponent is exhausted": [True, False],
        "if an opponent is not exhausted": [False, True],
    }
    assert _table(engine, list(expected), source) == expected


def test_vs_system_with_three_players_reads_an_opponent_as_any_of_them() -> None:
    agents = [_Asked(), _Asked(), _Asked()]
    engine = vs_engine(agents, 1, pool=vs_pool())
    state = engine.state
    for player, endurance in enumerate((50, 12, 30)):
        state.players[player].resources["endurance"] = endurance
    source = state.create_card("DWN-001", 0, "front_row").uid
    state.create_card("DWN-002", 1, "front_row").states.add("exhausted")
    state.create_card("DWN-002", 2, "support_row")
    state.create_card("DWN-001", 2, "ko_pile")  # P3: a character in the KO'd pile
    expected = {
        "if an opponent has 40 or more endurance": [False, True, True],
        "if an opponent's endurance is 12 or less": [True, False, True],
        "if an opponent's character is exhausted": [True, False, True],
        "if an opponent controls an exhausted character": [True, False, True],
        "if a character is in an opponent's KO'd pile": [True, True, False],
        "if a character is in your KO'd pile": [False, False, True],
    }
    assert _table(engine, list(expected), source, load_game("vs-system")) == expected
    assert [agent.asked for agent in agents] == [[], [], []]


def test_a_player_as_a_conditions_subject_is_any_of_them_and_nobody_is_asked() -> None:
    """ "a player" and "target player"/"target opponent" read as "an opponent" does: any
    one of the players the words name, and nobody is asked to choose one."""
    agents, engine, source = _three_players()  # P1 controls a creature
    expected = {
        "if a player has 6 or more life": [True, True, True],
        "if a player has 11 or more life": [False, False, False],
        "if a player has 2 or more cards in their hand": [True, True, True],
        "if a player controls a creature": [True, True, True],
        "if a player is exhausted": [True, True, True],
        "if target opponent has 6 or more life": [False, True, True],
    }
    assert _table(engine, list(expected), source) == expected
    assert [agent.asked for agent in agents] == [[], [], []]
