"""Each game's scenario index says how many scenario files its folder holds, and says it
truly: a file added without its row is noticed where the count no longer matches."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SCENARIOS = Path(__file__).parent / "scenarios"
GAMES = sorted(p.name for p in SCENARIOS.iterdir() if (p / "INDEX.md").is_file())


def test_every_game_has_an_index() -> None:
    assert GAMES == ["berserk", "marvel-champions", "pocket-duel", "vanguard", "vs-system"]


@pytest.mark.parametrize("game", GAMES)
def test_the_index_counts_the_scenario_files(game: str) -> None:
    folder = SCENARIOS / game
    said = re.findall(r"(\d+) files now", (folder / "INDEX.md").read_text("utf-8"))
    assert said == [str(len(list(folder.glob("*.scenario.yaml"))))]
