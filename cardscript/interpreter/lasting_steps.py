"""The steps of card text that make a lasting effect: a stat change, a set stat, a new
type, keywords gained or lost, a permission, control taken (``lasting``), each until the
end of its period, and a delayed step kept until its period ends."""

from __future__ import annotations

from collections.abc import Callable

from cardscript.grammar import ast
from cardscript.interpreter.causes import cause_of
from cardscript.interpreter.characteristics import SCALES, delta_value
from cardscript.interpreter.lasting import clause_ref, is_group
from cardscript.interpreter.play_index import _overrides
from cardscript.interpreter.select import (
    Context,
    RulesError,
    Seat,
    _opponents_of,
    resolve_targets,
    uids,
)

__all__ = [
    "abilities_lost",
    "become",
    "delayed",
    "get",
    "grant",
    "keywords",
    "lasting",
    "permission",
    "set_stat",
]


def lasting(
    ctx: Context, clause: ast.Clause, entry: dict[str, object], chosen: list[int] | None = None
) -> None:
    """A change with a duration (or a one-shot change on a target) becomes a lasting effect;
    on the cards ``chosen`` already, else on the clause's subject or the acting card."""
    targets = (
        chosen
        if chosen is not None
        else uids(resolve_targets(ctx, clause.subject, "choose"))
        if (clause.subject is not None)
        else [ctx.source]
        if ctx.source is not None
        else []
    )
    kernel = ctx.engine.kernel
    if targets and _overrides(kernel, "unaffected"):
        cause = cause_of(ctx)
        targets = [t for t in targets if not kernel.unaffected(ctx.engine, cause, t)]
    phase = clause.duration.phase if clause.duration else None
    entry.update(
        {
            "uids": targets,
            "until": phase.phase
            if phase
            else ctx.engine.kernel.default_duration or ctx.engine.kernel.turn_phase,
            "timestamp": ctx.engine.state.tick(),
            "cause": cause_of(ctx).as_dict(),
            "giver": ctx.source,  # the card whose text made it (Berserk's §422.4 groups)
        }
    )
    entry.update(_which_end(ctx, phase))
    if kernel.lasting_covers_arrivals and is_group(clause.subject):
        group = clause_ref(ctx, clause)
        if group is not None:
            entry["group"] = group  # covers the group as it is at any moment (MC2-T-072)
    ctx.engine.state.lasting.append(entry)
    ctx.it = list(targets)


def delayed(ctx: Context, clause: ast.Clause) -> None:
    """ "Discard it at the end of the round": kept until that period ends, then run
    (``Engine.end_period``), with "it" as it is now."""
    ref = clause_ref(ctx, clause)
    if ref is None:
        raise RulesError("a delayed effect needs the text of a card", ctx)
    entry: dict[str, object] = {
        "kind": "delayed",
        "uids": [t for t in ctx.it if isinstance(t, int)],
        "until": clause.delay.phase if clause.delay else None,
        "clause": ref,
        "timestamp": ctx.engine.state.tick(),
        "cause": cause_of(ctx).as_dict(),
    }
    entry.update(_which_end(ctx, clause.delay))
    ctx.engine.state.lasting.append(entry)


def _which_end(ctx: Context, phase: ast.PhaseRef | None) -> dict[str, object]:
    """Which end of the period the effect waits for (``Engine.end_period``): "your
    opponent's turn" ends only at the end of an opponent's turn (``ends_for``: whose
    period), "the next turn" lets the end of the current one pass (``skip``: ends to let
    pass)."""
    owner = phase.owner if phase is not None else None
    if not owner:
        return {}
    out: dict[str, object] = {}
    ends_for: list[int] | None = None
    if "opponent" in owner:
        ends_for = out["ends_for"] = _opponents_of(ctx.controller, len(ctx.engine.state.players))
    elif owner.startswith("your"):
        ends_for = out["ends_for"] = [ctx.controller]
    if "next" in owner and (ends_for is None or ctx.engine.state.active in ends_for):
        out["skip"] = 1
    return out


def get(ctx: Context, clause: ast.Clause) -> None:
    for mod in clause.action.stat_mods:
        if mod.delta in SCALES:  # kept as its word: lasting effects stay plain data
            lasting(ctx, clause, {"kind": "scale", "stat": mod.stat, "scale": mod.delta})
        else:
            delta = delta_value(mod.delta, ctx)
            lasting(ctx, clause, {"kind": "stat", "stat": mod.stat, "delta": delta})


def set_stat(ctx: Context, clause: ast.Clause) -> None:
    lasting(
        ctx,
        clause,
        {"kind": "set", "stat": clause.action.name, "value": ctx.amount(clause.action.amount)},
    )


def become(ctx: Context, clause: ast.Clause) -> None:
    lasting(ctx, clause, {"kind": "type", "type": clause.action.name})


def keywords(gain: bool) -> Callable[[Context, ast.Clause], None]:
    def run(ctx: Context, clause: ast.Clause) -> None:
        for use in clause.action.keywords:
            entry = {"kind": "keyword", "keyword": use.name, "gain": gain}
            if gain and use.args:  # its values, X bound ("gains Armor X")
                entry["args"] = [
                    str(ctx.bindings.get(a.value, a.value)) if a.kind == "VAR" else a.value
                    for a in use.args
                ]
            lasting(ctx, clause, entry)

    return run


def abilities_lost(ctx: Context, clause: ast.Clause) -> None:
    """ "Target creature loses all abilities": its own abilities, printed keywords
    included, are gone while the effect lasts; those other cards gave it stay (Berserk
    §407.4; ``KeywordsInPlay.lost_all``). It covers the cards it found as it started."""
    entry: dict[str, object] = {"kind": "abilities_lost"}
    lasting(ctx, clause, entry)
    entry.pop("group", None)  # (a group read anew would ask the text it takes away)


def grant(ctx: Context, clause: ast.Clause) -> None:
    """'Target character has "…" until end of turn': the ability written out, had while
    the effect lasts (``KeywordsInPlay``: granted by the card whose text gave it)."""
    lasting(ctx, clause, {"kind": "grant", "text": clause.action.text or ""})


def permission(ctx: Context, clause: ast.Clause) -> None:
    """A lasting "can" or "cannot"; one "by <selector>" keeps its clause, so that the
    selector is read for the card acting whenever the permission is asked (``permitted``)."""
    entry: dict[str, object] = {
        "kind": "permission",
        "name": clause.action.name,
        "allowed": clause.action.verb == "can",
    }
    if clause.action.event_object is not None:
        ref = clause_ref(ctx, clause)
        if ref is None:
            raise RulesError('a lasting "… by" permission needs the text of a card', ctx)
        entry["by"] = ref
    if clause.subject is None:
        lasting(ctx, clause, entry)
        return
    if is_group(clause.subject) and (ref := clause_ref(ctx, clause)) is not None:
        # the cards out of play the group names, whenever asked ("Characters cannot be
        # recruited until end of turn.": those in hand then); those in play, as it starts
        entry["outside"] = ref
    # the players it names are kept apart ("Your opponent cannot play plot twists until
    # the end of turn."): a lasting effect's ``uids`` are cards
    targets = resolve_targets(ctx, clause.subject, "choose")
    players = [t.index for t in targets if isinstance(t, Seat)]
    if players:
        entry["players"] = players
    standing = _player_cards(ctx, clause.subject, players)
    lasting(ctx, clause, entry, uids(targets) if standing is None else standing)


def _player_cards(ctx: Context, subject: ast.Node, players: list[int]) -> list[int] | None:
    """For a player subject ("Your opponent cannot gain energy until the end of the
    round."), the cards in play that stand for those ``players`` (``Kernel.player_cards``:
    Pocket Duel's hero), which the kernel asks the permission of; None otherwise (the
    subject's cards, as ``lasting`` finds them)."""
    engine = ctx.engine
    kinds = engine.kernel.player_cards
    if not kinds or not isinstance(subject, ast.Player):
        return None
    found = []
    for player in players:
        zones = engine.state.players[player].zones
        for zone in engine.kernel.play_zones:
            found += [u for u in zones.get(zone, ()) if engine.definition(u).type in kinds]
    return found
