"""Marvel Champions: what a player is asked, in order, as an "(attack)" event is played
(scenarios MC-TG2…MC-TG5, MC-TE1a, MC-AK2a, MC-AK3c): one window hears an attack on each enemy it
names; an event's own cost is paid before its targets are chosen, and those before it may
be cancelled, an Action's as well (G05 bullet 3, G20, G46, MC-TRIG-2)."""

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
SURGE = "Test Battle Surge [play]: 1:1"
HAND = ("Spark Cell [hand]",) * 6 + ("Clear Thought [hand]",)

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
    # no "target" in its text: the enemy chosen as it is declared, before its window
    "MC-TG5-untargeted-attack-chosen-as-declared": [
        ("attack which enemy?", ("Dock Raider [play]", "Grimhold [play]")),
        ("interrupt attacks?", ("pass", LOG, MARK)),
        ("interrupt attacks?", ("pass", MARK)),
        ("add_counters", ("Grimhold [play]",)),
    ],
    # "+1 ATK until the end of the attack": offered for each enemy, used once for the one
    # attack (MC-AK2a); before, offered again for Grimhold once used for the Raider
    "MC-AK2a-attack-interrupt-once-per-attack": [
        (
            "interrupt attacks?",
            (
                "pass",
                f"{SURGE} (attacks Bulwark [play] → Dock Raider [play])",
                f"{SURGE} (attacks Bulwark [play] → Grimhold [play])",
            ),
        ),
    ],
    # "When a minion is attacked": the Raider's condition alone, Grimhold a villain (MC-AK3c)
    "MC-AK3c-interrupt-as-a-minion-is-attacked-by-each-enemy": [
        ("interrupt is attacked?", ("pass", "Exposed Weakness [hand]: 1:1")),
        ("pay 1 more", ("discard Spark Cell [hand] for energy",) * 6),
    ],
    # "that enemy" asks nothing: the enemy attacked, the object of `attacks`
    "MC-TE1a-when-you-attack-deals-to-that-enemy": [
        ("interrupt attacks?", ("pass", "Test Follow-Through [play]: 1:1")),
    ],
    # its own cost first (G46 step 4), then its target (step 5)
    "MC-TG4a-attack-event-cost-before-its-target": [
        ("discard", HAND),
        ("choose a target", ("Grimhold Enforcer [play]", "Dock Raider [play]")),
    ],
    # stunned: the cost paid and the target chosen, then the stunned card instead (G49)
    "MC-TG4b-stunned-hero-pays-an-attack-event-cost": [
        ("discard", HAND),
        ("choose a target", ("Grimhold Enforcer [play]",)),
    ],
    # cancelled once paid and its target chosen (step 6, MC-EVENT-2)
    "MC-TG4c-cancelled-attack-event-cost-paid": [
        ("discard", HAND),
        ("choose a target", ("Grimhold Enforcer [play]",)),
        ("interrupt is played?", ("pass", "Test Veto [hand]: 1:1")),
    ],
    # an Action: its target before the window of "uses an ability"
    "MC-TG4d-action-target-before-its-window": [
        ("choose a target", ("Dock Raider [play]", "Grimhold [play]")),
        ("interrupt uses an ability?", ("pass", "Test Ally Watch [play]: 1:1")),
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
