"""``cardscript play`` prints a game's log as lines a person reads (``transcript``): cards
by name and number, players by name, each change with its cause, the end of each round."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardscript.cli.main import app
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.engine import Cause
from cardscript.interpreter.log import GameLog
from cardscript.interpreter.select import Seat
from cardscript.interpreter.transcript import transcript
from cardscript.kernels.pocket_duel.kernel import BUNDLED

DECKS = Path(__file__).resolve().parent.parent / "decks" / "pocket-duel"


def test_each_record_is_one_line_with_names() -> None:
    log = GameLog()
    engine = BUNDLED.new_engine([FirstAgent(), FirstAgent()], 1, log=log)
    engine.kernel.setup(engine, [["ivo-hero"], ["quill-hero"]])  # type: ignore[attr-defined]
    spear = next(u for u, c in engine.state.cards.items() if c.card_id == "ivo-weapon")
    log.records.clear()
    cause = Cause(card="ivo-weapon", at="1:1")
    log.change(engine, "deal_damage", cause, {"target": Seat(1), "amount": 2, "source": spear})
    log.change(engine, "move", Cause(rule="round procedure"), {"uid": spear, "zone": "table"})
    log.write({"t": "event", "name": "hits", "subject": spear, "player": 0, "amount": 2})
    log.write({"t": "event", "name": "end:round", "subject": None, "player": 1})
    log.write({"t": "decision", "player": 1, "prompt": "draw?", "labels": ["yes"]})
    log.write({"t": "decision", "player": 0, "prompt": "up to 1", "labels": []})
    log.write({"t": "step", "n": 9, "label": "round 1", "hash": "0"})
    name = engine.pool["ivo-weapon"].name
    assert transcript(log, engine) == [
        f"deal_damage by ivo-weapon at 1:1: target P2, amount 2, source {name}#{spear}",
        f"move by rule round procedure: card {name}#{spear}, zone table",
        f"hits: subject {name}#{spear}, player P1, amount 2",
        "end:round: player P2",
        "P2 chose yes for: draw?",
        "P1 chose nothing for: up to 1",
        "-- end of round 1 --",
    ]
    # without the engine that played it: cards by number
    assert (
        transcript(log)[0]
        == f"deal_damage by ivo-weapon at 1:1: target P2, amount 2, source #{spear}"
    )


def test_play_prints_the_transcript_then_the_result() -> None:
    played = CliRunner().invoke(
        app,
        [
            "play",
            "pocket-duel",
            "--deck",
            str(DECKS / "ivo-brass.yaml"),
            "--deck",
            str(DECKS / "quill-harrow.yaml"),
            "--seed",
            "2",
        ],
    )
    assert played.exit_code == 0
    lines = played.stdout.splitlines()
    assert lines[:6] == [
        "start:game: player P1",
        "start:round: player P1",
        "P1 chose Spring Vault [hand] for: choose a card to play face down",
        "P2 chose Turned Page [hand] for: choose a card to play face down",
        "move by rule round procedure: card Spring Vault#2, zone table, player P1",
        "moved: subject Spring Vault#2, player P1",
    ]
    assert "-- end of round 1 --" in lines
    assert lines[-4] == "" and lines[-1].startswith(("P1 wins (", "P2 wins (", "no winner ("))
    assert [line.split(": ")[0] for line in lines[-3:-1]] == ["P1", "P2"]  # their resources
    assert all("energy " in line and "health " in line for line in lines[-3:-1])
