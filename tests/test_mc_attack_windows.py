"""Marvel Champions: what a player is asked, in order, as an "(attack)" event is played
(scenarios MC-TG2, MC-TG3): one window hears an attack on each enemy it names (G05
bullet 3, G20, MC-TRIG-2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.interpreter.agents import Decision, ScriptedAgent
from cardscript.interpreter.scenario import run_scenario

FOLDER = Path(__file__).parent / "scenarios" / "marvel-champions"

LOG = "Test Strike Log [play]: 1:1"
ON_RAIDER = f"{LOG} (attacks Bulwark [play] → Dock Raider [play])"
ON_GRIMHOLD = f"{LOG} (attacks Bulwark [play] → Grimhold [play])"
ON_ENFORCER = f"{LOG} (attacks Bulwark [play] → Grimhold Enforcer [play])"
MARK = "Test Villain Mark [play]: 1:1"

ASKED = {
    # each enemy: one window, an attack on each; the villain's Interrupt for it alone
    "MC-TG2a-each-enemy-attack-names-every-enemy": [
        ("interrupt attacks?", ("pass", ON_RAIDER, ON_GRIMHOLD, MARK)),
        ("interrupt attacks?", ("pass", ON_GRIMHOLD, MARK)),
        ("interrupt attacks?", ("pass", MARK)),
        ("add_counters", ("Grimhold [play]",)),
    ],
    # past Guard: the minions alone are attacked, "When you attack a villain" never asked
    "MC-TG2b-each-enemy-attack-past-guard": [
        ("interrupt attacks?", ("pass", ON_ENFORCER, ON_RAIDER)),
        ("interrupt attacks?", ("pass", ON_RAIDER)),
    ],
    # two targets chosen as it is declared: the window hears both, not the first alone
    "MC-TG3-every-target-of-an-attack-named": [
        ("choose a target", ("Dock Raider [play]",)),
        ("choose a target", ("Dock Raider [play]", "Grimhold [play]")),
        ("interrupt attacks?", ("pass", ON_RAIDER, ON_GRIMHOLD, MARK)),
        ("interrupt attacks?", ("pass", ON_GRIMHOLD, MARK)),
        ("interrupt attacks?", ("pass", MARK)),
        ("add_counters", ("Grimhold [play]",)),
    ],
}


@pytest.mark.parametrize("name", sorted(ASKED))
def test_what_the_player_is_asked(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, tuple[str, ...]]] = []
    decide = ScriptedAgent.decide

    def recording(self: ScriptedAgent, decision: Decision) -> tuple[int, ...]:
        if decision.prompt != "mulligan?":
            asked.append((decision.prompt, tuple(decision.labels)))
        return decide(self, decision)

    monkeypatch.setattr(ScriptedAgent, "decide", recording)
    result = run_scenario(FOLDER / f"{name}.scenario.yaml")
    assert result.passed, result.report()
    assert asked == ASKED[name]
