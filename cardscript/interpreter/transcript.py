"""A game's log as lines a person reads (``cardscript play``, a failing scenario's trace):
cards by name and number, players by name, each change with its cause."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from cardscript.interpreter.select import Seat

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.log import GameLog

# the arguments of a change, and the fields of an event, that name a card by its number
_CARD_KEYS = frozenset({"uid", "source", "target", "subject", "obj", "card"})


def transcript(log: GameLog, engine: Engine | None = None) -> list[str]:
    """One line per decision, random pick, change, event and end of a turn or round of
    ``log``; with the ``engine`` that played it, cards and players by name."""
    card, player = namers(engine)
    return record_lines(log.records, card, player)


def record_lines(
    records: Iterable[Mapping[str, Any]],
    card: Callable[[int], str],
    player: Callable[[int], str],
    viewer: int | None = None,
) -> list[str]:
    """The lines of ``records``, cards named by ``card``; for a ``viewer``, the choices of
    the other players without what they chose (it may be a card they alone see)."""
    out = []
    for record in records:
        kind = record["t"]
        if kind == "decision":
            if viewer is not None and record["player"] != viewer:
                out.append(f"{player(record['player'])} made a choice: {record['prompt']}")
                continue
            chose = ", ".join(str(label) for label in record.get("labels", ())) or "nothing"
            out.append(f"{player(record['player'])} chose {chose} for: {record['prompt']}")
        elif kind == "random":
            if viewer is None:
                picked = ", ".join(str(label) for label in record.get("labels", ()))
            else:
                picked = ", ".join(card(uid) for uid in record.get("picked", ()))
            who = player(record["player"])
            out.append(f"{picked} picked at random for {who} (nobody chose): {record['prompt']}")
        elif kind == "change":
            args = _shown(record.get("args", {}), card, player)
            out.append(change_line(record) + (f": {args}" if args else ""))
        elif kind == "event":
            fields = {k: record.get(k) for k in ("subject", "player", "amount")}
            shown = _shown({k: v for k, v in fields.items() if v is not None}, card, player)
            out.append(f"{record['name']}" + (f": {shown}" if shown else ""))
        elif kind == "step":
            out.append(f"-- end of {record['label']} --")
    return out


def change_line(record: Mapping[str, Any]) -> str:
    """A change and its cause: "deal_damage by imp at 1:1", "move by rule round"."""
    cause = record.get("cause", {})
    by = ""
    if cause.get("card"):
        by = f" by {cause['card']}" + (f" at {cause['at']}" if cause.get("at") else "")
    elif cause.get("rule"):
        by = f" by rule {cause['rule']}"
    return f"{record['change']}{by}"


def _shown(
    values: Mapping[str, Any], card: Callable[[int], str], player: Callable[[int], str]
) -> str:
    parts = []
    for key, value in values.items():
        if isinstance(value, Seat):
            value = player(value.index)
        elif key == "player" and isinstance(value, int):
            value = player(value)
        elif key in _CARD_KEYS and isinstance(value, int) and not isinstance(value, bool):
            value = card(value)
        elif isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        parts.append(f"{'card' if key == 'uid' else key} {value}")
    return ", ".join(parts)


def namers(engine: Engine | None) -> tuple[Callable[[int], str], Callable[[int], str]]:
    """How a card and a player are named: by the game's cards and seats where known."""
    if engine is None:
        return (lambda uid: f"#{uid}"), (lambda index: f"P{index + 1}")
    state, pool = engine.state, engine.pool

    def card(uid: int) -> str:
        found = state.cards.get(uid)
        if found is None or found.card_id not in pool.cards:
            return f"#{uid}"
        return f"{pool[found.card_id].name}#{uid}"

    def player(index: int) -> str:
        return state.players[index].name if 0 <= index < len(state.players) else f"P{index + 1}"

    return card, player
