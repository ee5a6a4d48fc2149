"""Pocket Duel matches (spec §13): Standard, Conquest and Legacy with hidden transfers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardscript.interpreter.engine import Engine

# ---- matches: Standard, Conquest, Legacy (§13) --------------------------------------------
FORMATS = ("standard", "conquest", "legacy")
_MATCH_ZONES = {"conquest": "retired", "legacy": "eliminated"}


def start_match(
    engine: Engine, fmt: str, teams: Sequence[Sequence[str]], first_to: int | None = None
) -> dict[str, Any]:
    """The match state (JSON-able, in ``state.data``): teams, each hero's current card
    list (changed by Legacy transfers), wins and the heroes out of the match."""
    check_teams(fmt, teams)
    kernel = engine.kernel
    from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel

    assert isinstance(kernel, PocketDuelKernel)
    match: dict[str, Any] = {
        "format": fmt,
        "first_to": int(first_to or (1 if fmt == "standard" else 3)),
        "teams": [list(t) for t in teams],
        "sets": {h: kernel.hero_set(engine, h) for team in teams for h in team},
        "received": {h: [] for team in teams for h in team},
        "out": [[] for _ in teams],
        "wins": [0 for _ in teams],
        "current": [None for _ in teams],
        "games": 0,
    }
    engine.state.data["match"] = match
    for player, _ in enumerate(teams):
        engine.state.players[player].resources["wins"] = 0
    return match


def check_teams(fmt: str, teams: Sequence[Sequence[str]]) -> None:
    """A ValueError unless each team is the format's number of different heroes and no
    hero is in two teams."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    size = 1 if fmt == "standard" else 3
    heroes_seen: set[str] = set()
    for team in teams:
        if len(team) != size or len(set(team)) != size:
            raise ValueError(f"a {fmt} team is {size} different heroes, not {list(team)}")
        if heroes_seen & set(team):
            raise ValueError("a hero may be in only one team (B16)")
        heroes_seen |= set(team)


def _match(engine: Engine) -> dict[str, Any]:
    match = engine.state.data.get("match")
    if match is None:
        raise ValueError("no match has started")
    return dict(match)


def available_heroes(engine: Engine, player: int) -> list[str]:
    match = _match(engine)
    return [h for h in match["teams"][player] if h not in match["out"][player]]


def pick_heroes(engine: Engine, picks: Sequence[str | None] | None = None) -> list[str]:
    """Before each game both players choose a hero secretly (§13 team choice); a Conquest
    loser or Legacy winner may keep theirs. ``picks`` forces the choices (scenarios), by
    seat; a seat it does not reach chooses."""
    match = _match(engine)
    chosen: list[str] = []
    for player in range(len(match["teams"])):
        options = available_heroes(engine, player)
        wanted = picks[player] if picks is not None and player < len(picks) else None
        if wanted is not None:
            if wanted not in options:
                raise ValueError(f"player {player + 1} cannot play {wanted} now: {options}")
            chosen.append(wanted)
            continue
        labels = [engine.pool[h].name for h in options]
        (index,) = engine.choose(player, "option", "choose your hero", options, labels)
        chosen.append(options[index])
    match["current"] = chosen
    engine.state.data["match"] = match
    return chosen


def setup_match_game(engine: Engine) -> None:
    """A new game of the match: the table is cleared and §5 setup runs again with each
    current hero's card list (removed cards are back; transfers stay)."""
    match = _match(engine)
    state = engine.state
    keep = set(_MATCH_ZONES.values())
    for player in state.players:
        for zone in list(player.zones):
            if zone in keep:
                continue
            for uid in player.zones.pop(zone):
                del state.cards[uid]
        wins = player.resources.get("wins", 0)
        player.resources.clear()
        player.resources["wins"] = wins
    state.result = None
    state.turn = 0
    state.lasting.clear()
    state.used.clear()
    for key in ("round", "sudden_death"):
        state.data.pop(key, None)
    engine.take_pending()
    kernel = engine.kernel
    from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel

    assert isinstance(kernel, PocketDuelKernel)
    kernel.setup(engine, [match["sets"][h] for h in match["current"]])


def record_game(engine: Engine, winner: int) -> int | None:
    """A game's winner: Conquest retires the winning hero, Legacy eliminates the losing
    one; returns the match winner when the match is over (§13)."""
    match = _match(engine)
    fmt = match["format"]
    loser = 1 - winner
    match["wins"][winner] += 1
    match["games"] += 1
    engine.state.players[winner].resources["wins"] = match["wins"][winner]
    out_player, out_hero = None, None
    if fmt == "conquest":
        out_player, out_hero = winner, match["current"][winner]
    elif fmt == "legacy":
        out_player, out_hero = loser, match["current"][loser]
    if out_player is not None and out_hero is not None:
        match["out"][out_player].append(out_hero)
        engine.state.create_card(out_hero, out_player, _MATCH_ZONES[fmt])
    engine.state.data["match"] = match
    if match["wins"][winner] >= match["first_to"]:
        engine.state.result = None
        engine.end(winner, f"{fmt} match")
        return winner
    return None


def transferable(engine: Engine, card_id: str) -> bool:
    definition = engine.pool[card_id]
    if definition.get("transferable", True) is False:
        return False
    return not definition.has_keyword("non_transferable")


def transfer(engine: Engine, player: int, card_id: str, to_hero: str) -> bool:
    """Legacy (§13): a defeated hero passes one of its own cards, and the card it received,
    to the next hero, each replacing that hero's card of the same type. The event names no
    card: the opponent is not told which card moved."""
    match = _match(engine)
    if match["format"] != "legacy" or not match["out"][player]:
        return False
    defeated = match["out"][player][-1]
    if card_id not in match["sets"][defeated] or engine.pool[card_id].type == "hero":
        return False
    if to_hero not in available_heroes(engine, player) or not transferable(engine, card_id):
        return False
    received = match["received"][defeated]
    own_moved = match.setdefault("moved", {}).get(defeated, 0)
    if card_id not in received and own_moved >= int(
        engine.rule("transfers_per_defeat", player=player)
    ):
        return False
    kind = engine.pool[card_id].type
    target = match["sets"][to_hero]
    same = [c for c in target if c != to_hero and engine.pool[c].type == kind]
    if not same:
        return False
    target[target.index(same[0])] = card_id
    match["received"][to_hero].append(card_id)
    if card_id not in received:
        match["moved"][defeated] = own_moved + 1
    engine.state.data["match"] = match
    engine.happened("transferred", player=player)
    return True


def play_match(
    engine: Engine, fmt: str, teams: Sequence[Sequence[str]], first_to: int | None = None
) -> dict[str, Any]:
    """A whole match with the agents' choices; a drawn game is replayed."""
    kernel = engine.kernel
    from cardscript.kernels.pocket_duel.kernel import PocketDuelKernel

    assert isinstance(kernel, PocketDuelKernel)
    start_match(engine, fmt, teams, first_to)
    while engine.state.result is None or engine.state.result.get("reason") != f"{fmt} match":
        if _match(engine)["games"] >= 40:
            engine.state.result = None
            engine.end(None, "match limit")
            break
        pick_heroes(engine)
        setup_match_game(engine)
        result = kernel.play_game(engine)
        winner = result.get("winner")
        if winner is None:
            _match(engine)["games"] += 1
            continue
        if record_game(engine, int(winner)) is not None:
            break
        if fmt == "legacy":
            _offer_transfers(engine, 1 - int(winner))
    assert engine.state.result is not None
    return engine.state.result


def _offer_transfers(engine: Engine, player: int) -> None:
    match = _match(engine)
    nexts = available_heroes(engine, player)
    if not nexts:
        return
    defeated = match["out"][player][-1]
    for card_id in [*match["received"][defeated], None]:
        options = [
            c
            for c in match["sets"][defeated]
            if c != defeated and transferable(engine, c) and (card_id is None or c == card_id)
        ]
        if card_id is None:
            options = [c for c in options if c not in match["received"][defeated]]
        if not options or not engine.may(player, "transfer a card to your next hero?"):
            continue
        labels = [engine.pool[c].name for c in options]
        (index,) = engine.choose(player, "option", "which card?", options, labels)
        names = [engine.pool[h].name for h in nexts]
        (to,) = engine.choose(player, "option", "to which hero?", nexts, names)
        transfer(engine, player, options[index], nexts[to])
