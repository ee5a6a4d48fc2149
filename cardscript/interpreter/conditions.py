"""What a condition means in a running game (``test``), and conditions worked out once per
text (``step_plans``): each test's own check where it has one, the others through
``_test``; every test asked, in order."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.card_plans import compare
from cardscript.interpreter.context import _HOLDS, Context, RulesError, fixed_amount
from cardscript.interpreter.select import (
    _it_card,
    _opponents_of,
    _zone_places,
    candidates,
    players,
)

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine

Check = Callable[[Context], bool]
# a test read from the game and the player reading it alone (``condition_read``)
Read = Callable[["Engine", int], bool]


def condition_check(condition: ast.Condition) -> Check:
    """``test`` of one condition, worked out once (``step_plans``): each test's own check
    where it has one; every test asked, in order, as ``test`` asks them."""
    read = condition_read(condition)
    if read is not None:

        def read_in(ctx: Context) -> bool:
            return read(ctx.engine, ctx.controller)

        return read_in
    return _joined_check([_check(t) for t in condition.tests], condition.ops)


def condition_read(condition: ast.Condition) -> Read | None:
    """``test`` of a condition that reads nothing but the game and who reads it (its
    resources compared to numbers), as ``read(engine, controller)``: no context is made
    to ask it; None where a test needs one."""
    reads = [_read(t) for t in condition.tests]
    if any(read is None for read in reads):
        return None
    return _joined_check(reads, condition.ops)


def _joined_check(checks: list[Any], ops: tuple[str, ...]) -> Any:
    """The checks (of a context, or of a game and its reader) joined by ``ops``."""
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2 and ops == ("and",):
        first, second = checks

        def both(*args: Any) -> bool:
            held = first(*args)  # (both asked: a test may ask a player)
            also = second(*args)
            return held and also

        return both

    def joined(*args: Any) -> bool:
        return _joined([check(*args) for check in checks], ops)

    return joined


def _check(t: ast.Test) -> Check:
    """One test's check: a resource compared to a number read directly; any other
    through ``_test``."""
    read = _read(t)
    if read is None:

        def general(ctx: Context) -> bool:
            return _test(ctx, t)

        return general

    def read_in(ctx: Context) -> bool:
        return read(ctx.engine, ctx.controller)

    return read_in


def _read(t: ast.Test) -> Read | None:
    """A resource compared to a number (no "X": the context says that one, ``_test``)."""
    comparison = t.comparison
    if t.kind != "resource_cmp" or comparison is None or t.possessor not in _READ_HERE:
        return None  # (another player's: ``_test`` reads the possessor)
    fixed = fixed_amount(comparison.value)
    if fixed is None:
        return None
    name, yours = t.name or "", t.possessor in ("your", None)
    holds = _HOLDS.get(comparison.op or "", comparison.holds)

    def resource(engine: Engine, controller: int) -> bool:
        players = engine.state.players  # (``select.players`` written out: the next player)
        if yours:
            return holds(players[controller].resources.get(name, 0), fixed)
        n = len(players)
        return n > 1 and holds(players[(controller + 1) % n].resources.get(name, 0), fixed)

    return resource


# the possessors read here: the reader's, or the other player's of two
_READ_HERE = (None, "your", "the opponent's", "your opponent's", "opponent's")


# ---- one condition, read in its context --------------------------------------------------


def test(ctx: Context, condition: ast.Condition) -> bool:
    return _joined([_test(ctx, t) for t in condition.tests], condition.ops)


def _joined(results: list[bool], ops: tuple[str, ...]) -> bool:
    """The tests' results joined by "and" and "or", left to right (every test is asked)."""
    value = results[0]
    for op, result in zip(ops, results[1:], strict=False):
        value = (value and result) if op == "and" else (value or result)
    return value


def _test(ctx: Context, t: ast.Test) -> bool:
    engine = ctx.engine
    kind = t.kind
    if kind == "you_did":
        return ctx.did
    if kind == "you_did_not":
        return not ctx.did
    if kind == "paid_with":
        return engine.kernel.paid_with(engine, ctx.source, t.name or "")
    if kind == "you_control":
        return _you_control(ctx, t) != t.negated
    if kind == "has_resource" and isinstance(t.subject, ast.Player):
        # "if you have 3 or more energy", "if each player has …": every player it names
        found = players(ctx, t.subject.who)
        pools = engine.state.players
        held = bool(found) and all(
            compare(pools[p].resources.get(t.name or "", 0), t.comparison, ctx) for p in found
        )
        return held != t.negated
    if kind == "is_state" and isinstance(t.subject, ast.Player):
        return _players_are(ctx, t.subject.who, t.state or "") != t.negated
    if kind in ("is_state", "in_zone", "has_counters"):
        subjects = (
            [x for x in candidates(ctx, t.subject) if isinstance(x, int)]
            if (t.subject is not None)
            else []
        )
        if not subjects:
            return False
        if kind == "is_state":
            state = (t.state or "").replace(" ", "_")
            found = [engine.kernel.has_quality(engine, uid, state) for uid in subjects]
        elif kind == "in_zone":
            found = [t.zone is not None and _in_place(ctx, uid, t.zone) for uid in subjects]
        else:
            found = [
                compare(engine.state.cards[uid].counters.get(t.name or "", 0), t.comparison, ctx)
                for uid in subjects
            ]
        return _quantified(ctx, t.subject, [held != t.negated for held in found])
    if kind == "has_cards":
        zone = t.zone
        if zone is not None and isinstance(t.subject, ast.Player) and zone.possessor == "their":
            # "the opponent has … in their hand": theirs, each player the subject names
            found = players(ctx, t.subject.who)
            held = bool(found) and all(_has(ctx, t, [(zone.zone, p)]) for p in found)
            return held != t.negated
        return _has(ctx, t, _zone_places(ctx, zone) if zone is not None else []) != t.negated
    if kind == "resource_cmp":  # "if each player's life is 5 or more": each one's
        pools, name, possessor = engine.state.players, t.name or "", t.possessor
        each = [
            compare(pools[p].resources.get(name, 0), t.comparison, ctx)
            for p in _possessors(ctx, possessor)
        ]
        return bool(each) and (any(each) if possessor == "an opponent's" else all(each))
    if kind == "stat_cmp":
        card = _it_card(ctx)
        return card is not None and compare(engine.stat(card, t.name or ""), t.comparison, ctx)
    raise RulesError(f"unknown condition {kind!r}", ctx)


def _quantified(ctx: Context, subject: ast.Node | None, held: list[bool]) -> bool:
    """Whether the cards a test's subject means hold it, by its quantifier: "if a creature
    you control is exhausted" any one ("2 creatures …": at least 2), "each …" or a card
    named ("this", "it") every one; "not" is asked of each ("a creature … is not
    exhausted": one that is not)."""
    q = subject.quantifier if isinstance(subject, ast.Cards) else None
    kind = q.kind if q is not None else None
    if kind in _SOME:
        return any(held)
    if kind == "n_cards":
        return held.count(True) >= ctx.amount(q.count if q is not None else None)
    return all(held)


_SOME = frozenset({"a", "an", "any", "another"})  # quantifiers of one card among many


def _you_control(ctx: Context, t: ast.Test) -> bool:
    """ "If you control a Weapon card": one in play the reader controls; "2 characters"
    (a count), at least that many; "3 or more characters" (``t.comparison``), as compared.
    Another player (``t.possessor``): "the opponent controls …"; "each player controls …"
    every one of them; "an opponent controls …" any one."""
    subject = t.subject
    if subject is None:
        return False
    who = t.possessor
    if who is None:
        seats = [ctx.controller]
    elif who == "an opponent":  # (in a condition: any of them, no choice asked)
        seats = _opponents_of(ctx.controller, len(ctx.engine.state.players))
    else:
        seats = players(ctx, who)
    cards = ctx.engine.state.cards
    found = [u for u in candidates(ctx, subject) if isinstance(u, int)]
    held = [_holds(ctx, t, [u for u in found if cards[u].controller == s]) for s in seats]
    return bool(held) and (any(held) if who == "an opponent" else all(held))


def _holds(ctx: Context, t: ast.Test, controlled: list[int]) -> bool:
    """Do the cards one player controls meet ``t``'s count ("a", "2", "3 or more")?"""
    if t.comparison is not None:
        return compare(len(controlled), t.comparison, ctx)
    subject = t.subject
    q = subject.quantifier if isinstance(subject, ast.Cards) else None
    least = ctx.amount(q.count) if q is not None and q.kind == "n_cards" else 1
    return len(controlled) >= least


def _has(ctx: Context, t: ast.Test, places: list[tuple[str, int | None]]) -> bool:
    """Do the places hold as many cards of the test's noun as it asks?"""
    engine = ctx.engine
    noun = t.name or "card"
    count = sum(1 for uid in engine.cards_in(places) if engine.kernel.is_a(engine, uid, noun))
    return compare(count, t.comparison, ctx)


def _players_are(ctx: Context, who: str, state: str) -> bool:
    """ "If you are in hero form", "if each player is …": the kernel's answer
    (``Kernel.player_quality``) for every player the words name."""
    engine, quality = ctx.engine, state.replace(" ", "_")
    found = players(ctx, who)
    return bool(found) and all(engine.kernel.player_quality(engine, p, quality) for p in found)


def _possessors(ctx: Context, possessor: str | None) -> list[int]:
    """The players a possessor of a resource names ("each player's life"): ``players``'
    reading of its words; "an opponent's" every opponent (any one holds, no choice)."""
    if possessor == "an opponent's":
        return _opponents_of(ctx.controller, len(ctx.engine.state.players))
    if possessor == "the first player's":
        return [ctx.engine.kernel.first_player(ctx.engine)]
    who = _POSSESSED.get(possessor)
    if who is None:  # ("the life": the other player, as it always was read)
        return [(ctx.controller + 1) % len(ctx.engine.state.players)]
    return players(ctx, who)


# a possessor's words as ``players`` reads the player: "its" and "their" the card's owner,
# as a zone of theirs is (``_zone_places``)
_POSSESSED = {
    None: "you",
    "your": "you",
    "the opponent's": "the opponent",
    "your opponent's": "the opponent",
    "opponent's": "the opponent",
    "each player's": "each player",
    "that player's": "that player",
    "its controller's": "its controller",
    "its owner's": "its owner",
    "its": "its owner",
    "their": "its owner",
}


def _in_place(ctx: Context, uid: int, zone: ast.ZoneRef) -> bool:
    """ "This is in your hand": in the zone named, of a player its possessor names (any
    player's where it names none)."""
    engine = ctx.engine
    where = engine.state.cards[uid].zone
    if not _is_in(engine, where, zone.zone):
        return False
    if not zone.possessor:
        return True
    held = engine.state.players
    return any(
        owner is None or uid in held[owner].zones.get(where, ())
        for _, owner in _zone_places(ctx, zone)
    )


def _is_in(engine: Engine, zone: str, named: str) -> bool:
    """ "In play" means any of the game's play zones (a villain zone, a circle, a row)."""
    return zone == named or (named == "play" and zone in engine.kernel.play_zones)
