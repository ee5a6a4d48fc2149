"""``GameState.snapshot`` (what ``state_hash`` digests) reads a state as
``dataclasses.asdict`` does, without its deep copies: the same data at every step of a
game of each of the five games, and the same hashes as before."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from cardscript.cli.play_cmd import play_one
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.state import HISTORY_FIELDS, GameState, _jsonable, plain

DECKS = Path(__file__).resolve().parent.parent / "decks"
GAMES = {
    "pocket-duel": ["pocket-duel/nell-orrery.yaml", "pocket-duel/marrow-thorne.yaml"],
    "vs-system": ["vs-system/dawnwatch-starter.yaml", "vs-system/vex-legion-starter.yaml"],
    "berserk": ["berserk/greenwood-starter.yaml", "berserk/stonehold-starter.yaml"],
    "vanguard": ["vanguard/lanternguard-trial.yaml", "vanguard/mirecoil-trial.yaml"],
    "marvel-champions": ["marvel-champions/bulwark.yaml"],
}


def _as_asdict_reads_it(state: GameState) -> str:
    """The snapshot's JSON as it was made with ``asdict`` (before ``plain``)."""
    data = asdict(state)
    for card in data["cards"].values():
        card["states"] = sorted(card["states"])
    data["cards"] = {str(k): v for k, v in sorted(data["cards"].items())}
    data["history"] = [dict(zip(HISTORY_FIELDS, entry, strict=True)) for entry in state.history]
    return _text(data)


def _text(data: dict[str, Any]) -> str:
    """As ``state_hash`` writes a snapshot before digesting it."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=_jsonable)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_snapshot_is_asdict_s_reading_at_every_step(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[int] = []
    step = GameLog.step

    def checking(log: GameLog, engine: Engine, label: str) -> None:
        state = engine.state
        assert plain(state) == asdict(state)
        mine = state.snapshot()
        assert _text(mine) == _as_asdict_reads_it(state)
        checked.append(engine.steps)
        step(log, engine, label)

    monkeypatch.setattr(GameLog, "step", checking)
    decks = [str(DECKS / d) for d in GAMES[game]]
    engine, _ = play_one(game, decks, ["random"] * len(decks), 3)
    assert engine.state.result is not None and len(checked) > 3


def test_plain_makes_every_container_anew() -> None:
    inner: dict[str, Any] = {"a": [1, 2], "b": (3, {4})}
    state_like = {"x": inner, "y": [inner]}
    copied = plain(state_like)
    assert copied == state_like
    assert copied["x"] is not inner and copied["x"]["a"] is not inner["a"]
    assert copied["x"]["b"][1] is not inner["b"][1]  # (a set: deep-copied, as ``asdict``)
    copied["x"]["a"].append(9)
    assert inner["a"] == [1, 2]
