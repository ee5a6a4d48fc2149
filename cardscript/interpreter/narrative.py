"""A game's log told as sentences, for a person playing it (``cardscript play --agent
human``): "Calibrate#4 is revealed", "P2 takes 1 damage", "P1 draws a card". Each event is
said in its game's own words (the registry's event spellings); the engine's own events
("drawn", "start:turn") by the table below; the changes behind the events (a move, a
deal_damage) are left out, as the events that follow them tell what they did. The full
trace stays ``transcript``'s: the printed log of ``cardscript play`` and of a failing
scenario."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cardscript.grammar.registry import Registry
from cardscript.interpreter.transcript import record_lines

# events the engine and the kernels raise that no card text waits for, as sentences
# ("{who}" the card or player, "{player}" the player); None: told by other events
_ENGINE_EVENTS: Mapping[str, str | None] = {
    "drawn": "{player} draws {card}",
    "shuffled": "{player} shuffles",
    "paid": "{player} pays",
    "declares_attack": "{who} declares an attack",
    "exhausted": "{who} is exhausted",
    "readied": "{who} is readied",
    "healed": "{who} is healed",
    "revealed": "{who} is revealed",
    "discarded": "{who} is discarded",
    "triggers": "{who} triggers",
    "moved": None,
}
# a verb whose amount comes between it and its noun: "takes 1 damage", "gains 2 energy"
_COUNTING = frozenset({"takes", "gains", "loses", "deals", "receives", "pays", "heals"})


def narrative_lines(
    records: Iterable[Mapping[str, Any]],
    registry: Registry,
    card: Callable[[int], str],
    player: Callable[[int], str],
    viewer: int | None = None,
) -> list[str]:
    """The sentences of ``records`` (cards named by ``card``, as ``viewer`` sees them)."""
    out: list[str] = []
    told = [r for r in records if r["t"] != "change"]
    skip = False
    for n, record in enumerate(told):
        after = told[n + 1] if n + 1 < len(told) else None
        if skip:
            skip = False
            continue
        if record["t"] != "event":
            out.extend(record_lines([record], card, player, viewer))
            continue
        joined = _done_to(record, after, registry, card, player)
        said = joined or event_sentence(record, registry, card, player)
        skip = joined is not None
        if said:
            out.append(said)
    return _runs_counted(out)


def _done_to(
    record: Mapping[str, Any],
    after: Mapping[str, Any] | None,
    registry: Registry,
    card: Callable[[int], str],
    player: Callable[[int], str],
) -> str | None:
    """ "P1 plays" then "Spark Leap#2 is played" (that player's card): "P1 plays Spark
    Leap#2", where the second event is the first one's verb in the passive."""
    if after is None or after["t"] != "event" or record.get("subject") is not None:
        return None
    seat, subject = record.get("player"), after.get("subject")
    if not isinstance(seat, int) or not isinstance(subject, int) or after.get("player") != seat:
        return None
    doing = registry.term("EVENT", str(record["name"]))
    done = registry.term("EVENT", str(after["name"]))
    if doing is None or done is None or not doing.past or done.forms[0] != f"is {doing.past}":
        return None
    return f"{player(seat)} {doing.forms[0]} {card(subject)}"


def _runs_counted(lines: list[str]) -> list[str]:
    """The same sentence told n times in a row, once: "P1 draws a card (4 times)"."""
    out: list[str] = []
    run = 0
    for n, line in enumerate(lines):
        run += 1
        if n + 1 < len(lines) and lines[n + 1] == line:
            continue
        out.append(f"{line} ({run} times)" if run > 1 else line)
        run = 0
    return out


def event_sentence(
    record: Mapping[str, Any],
    registry: Registry,
    card: Callable[[int], str],
    player: Callable[[int], str],
) -> str | None:
    """One event as a sentence, or None where other lines tell it."""
    name = str(record["name"])
    subject, seat, amount = record.get("subject"), record.get("player"), record.get("amount")
    who_player = player(seat) if isinstance(seat, int) else ""
    named = card(subject) if isinstance(subject, int) else ""
    who = named or who_player or "the game"
    start, _, period = name.partition(":")
    if period and start in ("start", "before_start", "end"):
        return _period(start, period, who_player)
    term = registry.term("EVENT", name)
    if term is None:
        if name not in _ENGINE_EVENTS:
            return f"{who} {name.replace('_', ' ')}" + _counted(amount)
        sentence = _ENGINE_EVENTS[name]
        if sentence is None:
            return None
        return sentence.format(who=who, player=who_player or who, card=named or "a card")
    verb = term.forms[0].removesuffix(" at")  # ("makes a simple strike at": whom is not kept)
    first, _, rest = verb.partition(" ")
    if amount and first in _COUNTING and rest:
        return f"{who} {first} {amount} {rest}"
    return f"{who} {verb}" + _counted(amount)


def _counted(amount: object) -> str:
    return (
        f" ({amount})"
        if isinstance(amount, int) and not isinstance(amount, bool) and amount
        else ""
    )


def _period(start: str, period: str, who: str) -> str | None:
    """ "start:turn" → "the turn begins (P1)" (the player it names: the active one, or in a
    round all play, the first); the ends are the step lines' ("-- end of … --")."""
    if start != "start":
        return None
    words = period.replace("_", " ")
    return f"the {words} begins" + (f" ({who})" if who else "")
