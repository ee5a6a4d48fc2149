"""``cardscript play pocket-duel --format …``: which match the decks make (§13, §14.4).

``setup_for`` plans the match from the decks (one hero each for a standard game or a best of
three, a team of three for conquest and legacy) and ``play`` plays it; the plan is JSON-able,
so a replay plans the same match from the log's decks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardscript.interpreter.engine import Engine
from cardscript.kernels.pocket_duel.automa import play_automa_legacy
from cardscript.kernels.pocket_duel.matches import check_teams, play_match

TEAM_SIZE = {"best-of-three": 1, "conquest": 3, "legacy": 3}


def match_plan(
    engine: Engine, fmt: str, decks: Sequence[Sequence[str]], kinds: Sequence[str]
) -> dict[str, Any]:
    """The match ``fmt`` with these decks; a ValueError says why they cannot play it."""
    size = TEAM_SIZE[fmt]
    teams = [heroes_of(engine, deck) for deck in decks]
    for n, team in enumerate(teams, 1):
        if len(team) != size:
            heroes = "one hero" if size == 1 else f"a team of {size} heroes"
            raise ValueError(f"a {fmt} match needs {heroes} per deck; deck {n} has {len(team)}")
    check_teams("standard" if size == 1 else fmt, teams)
    plan: dict[str, Any] = {"format": fmt, "teams": teams, "legacy_card": None}
    if "automa" not in kinds:
        return plan
    if fmt != "legacy" or kinds.index("automa") != 1:
        raise ValueError(
            "against the Automa: a standard game, or a legacy match with the Automa's team "
            "as the second deck (§14.4)"
        )
    automa_team = set(teams[1])
    for card in engine.pool.cards.values():
        if card.type == "automa_legacy" and set(card.get("team", [])) == automa_team:
            plan["legacy_card"] = card.id
            return plan
    known = [
        ", ".join(engine.pool[h].name for h in c.get("team", []))
        for c in engine.pool.cards.values()
        if c.type == "automa_legacy"
    ]
    raise ValueError(
        "the Automa plays legacy only with the team of an Automa Legacy card: " + "; ".join(known)
    )


def heroes_of(engine: Engine, deck: Sequence[str]) -> list[str]:
    """The hero cards a deck names: one for a game, three for a team."""
    return [card for card in deck if engine.pool[card].type == "hero"]


def play_planned_match(engine: Engine, plan: dict[str, Any]) -> dict[str, Any]:
    teams = plan["teams"]
    if plan.get("legacy_card"):
        return play_automa_legacy(engine, teams[0], str(plan["legacy_card"]))
    if plan["format"] == "best-of-three":
        return play_match(engine, "standard", teams, first_to=2)
    return play_match(engine, str(plan["format"]), teams)
