"""What a condition means in a running game (``test``), and conditions worked out once per
text (``step_plans``): each test's own check where it has one, the others through
``_test``; every test asked, in order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.card_plans import _matches, _Plan, _plan, compare, matches_cards
from cardscript.interpreter.context import _HOLDS, Context, RulesError, fixed_amount
from cardscript.interpreter.select import (
    _PICKED,
    _cards,
    _it_card,
    _zone_places,
    candidates,
    player_seats,
    players,
)
from cardscript.interpreter.stat_values import card_stat
from cardscript.once import once_per_object

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
    found = [_read(t) for t in condition.tests]
    reads = [read for read in found if read is not None]
    if len(reads) < len(found):
        return None
    if len(reads) == 2 and condition.ops == ("and",):
        first, second = reads

        def both_read(engine: Engine, controller: int) -> bool:
            # (a read asks no player, unlike ``_joined_check``'s tests: the second is
            # needed only where the first holds; no ``*args`` for a talent's every round)
            return first(engine, controller) and second(engine, controller)

        return both_read
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
    if t.none:
        return not _test(ctx, _positive(t))
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
    if isinstance(t.subject, ast.Player) and kind in _OF_PLAYERS:
        return _players_hold(ctx, t, t.subject)
    if kind == "in_zone":
        looked = _looked_in(t)
        if looked is not None:  # "if a creature is in your discard pile": there, not in play
            found = _cards(ctx, looked)
            held = bool(found) and _quantified(ctx, t.subject, [True] * len(found))
            return held != t.negated
        every = _each_of(t)
        if every is not None:  # "if each creature is in your discard pile": all of yours
            zone = t.zone
            assert zone is not None
            each = [_in_place(ctx, uid, zone) != t.negated for uid in _owned(ctx, every, zone)]
            return bool(each) and all(each)
    if kind == "is_a":  # "if it is a Weapon card": the kind, wherever the card is
        kind_of, subject = t.kind_of, t.subject
        assert isinstance(kind_of, ast.Cards) and subject is not None
        subjects = [x for x in candidates(ctx, subject) if isinstance(x, int)]
        kinds = [matches_cards(ctx, kind_of, uid) != t.negated for uid in subjects]
        return bool(kinds) and _quantified(ctx, subject, kinds)
    if kind == "happened_this":
        return _happened(ctx, t)
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
                _counted(engine.state.cards[uid].counters.get(t.name or "", 0), t.comparison, ctx)
                for uid in subjects
            ]
        return _quantified(ctx, t.subject, [held != t.negated for held in found])
    if kind == "has_cards":
        zone = t.zone
        if zone is not None and isinstance(t.subject, ast.Player) and zone.possessor == "their":
            # "the opponent has … in their hand": theirs, of the players the subject names
            return _players_hold(ctx, t, t.subject)
        return _has(ctx, t, _zone_places(ctx, zone) if zone is not None else []) != t.negated
    if kind == "resource_cmp":  # "if each player's life is 5 or more": each one's
        if t.possessor == "the first player's":
            return _players_hold(ctx, t, [ctx.engine.kernel.first_player(ctx.engine)])
        who = _POSSESSED.get(t.possessor)
        if who is None:  # ("the life": the other player, as it always was read)
            return _players_hold(ctx, t, [(ctx.controller + 1) % len(engine.state.players)])
        return _players_hold(ctx, t, who)
    if kind == "stat_cmp":  # read as "equal to its ATK" is (``stat_values``)
        card = _it_card(ctx)
        return card is not None and compare(card_stat(ctx, card, t.name or ""), t.comparison, ctx)
    raise RulesError(f"unknown condition {kind!r}", ctx)


def _happened(ctx: Context, t: ast.Test) -> bool:
    """ "If a card you control was cancelled this round", "if you blocked this turn": the
    game's record of this turn (``GameState.history``, emptied as the game's turn ends)
    has that event of a card the subject means, or of a player it names."""
    history, event = ctx.engine.state.history, t.name
    subject = t.subject
    assert subject is not None
    if isinstance(subject, ast.Player):
        seats, some = _seats(ctx, subject)
        held = [any(h[0] == event and h[2] == p for h in history) != t.negated for p in seats]
        return bool(held) and (any(held) if some else all(held))
    subjects = [x for x in candidates(ctx, subject) if isinstance(x, int)]
    found = [any(h[0] == event and h[1] == uid for h in history) != t.negated for uid in subjects]
    return bool(found) and _quantified(ctx, subject, found)


def _quantified(ctx: Context, subject: ast.Node | None, held: list[bool]) -> bool:
    """Whether the cards a test's subject means hold it, by its quantifier: "if a creature
    you control is exhausted" any one ("2 creatures …": at least 2), "each …" or a card
    named ("this", "it") every one; "not" is asked of each ("a creature … is not
    exhausted": one that is not). "An opponent's creature" is "a" creature of theirs."""
    q = subject.quantifier if isinstance(subject, ast.Cards) else None
    kind = q.kind if q is not None else _article(subject)
    if kind in _SOME:
        return any(held)
    if kind == "n_cards":
        return held.count(True) >= ctx.amount(q.count if q is not None else None)
    return all(held)


_SOME = frozenset({"a", "an", "any", "another"})  # quantifiers of one card among many


@once_per_object(20_000)
def _positive(t: ast.Test) -> ast.Test:
    """The test a "no" subject denies, made once per test."""
    subject = t.subject
    assert isinstance(subject, ast.Cards) and subject.quantifier is not None
    q = subject.quantifier
    asked = replace(subject, quantifier=replace(q, kind=ast.DENYING[q.kind]), plural=None)
    return replace(t, subject=asked, none=False)


@once_per_object(20_000)
def _looked_in(t: ast.Test) -> _Plan | None:
    """ "If a creature is in your discard pile", "if 2 spells are in an opponent's hand":
    cards that name no zone of their own, one or a number of them, are looked for in the
    zone the test names (a card selector with no zone means the cards in play); as a plan
    of ``_cards``, worked out once per test. None where the subject names its cards
    ("this", "each creature") or the zone is play."""
    subject, zone, plan = t.subject, t.zone, None
    if isinstance(subject, ast.Cards) and zone is not None and zone.zone != "play":
        q = subject.quantifier
        kind = q.kind if q is not None else _article(subject)
        if (kind in _SOME or kind == "n_cards") and _plan(subject).zone is None:
            plan = replace(_plan(subject), zone=zone)
    return plan


def _each_of(t: ast.Test) -> _Plan | None:
    """The plan of "each <noun>" (no zone of its own) in a test naming a zone but play:
    ``_owned`` lists every such card, wherever it is, and each one must be in the zone.
    (Looked for in the zone alone, each one found would be there; in play, none is.)"""
    subject, zone = t.subject, t.zone
    if not isinstance(subject, ast.Cards) or zone is None or zone.zone == "play":
        return None
    q = subject.quantifier
    if q is None or q.kind not in _EVERY or _plan(subject).zone is not None:
        return None
    return _plan(subject)


_EVERY = frozenset({"each", "every", "all"})


def _owned(ctx: Context, plan: _Plan, zone: ast.ZoneRef) -> list[int]:
    """The cards ``plan`` means in every zone of the game, owned by a player whose zone
    ``zone`` may be (any player's, where it names none: a shared zone)."""
    owners = {owner for _, owner in _zone_places(ctx, zone)}
    anyone = None in owners
    return [
        uid
        for uid, card in ctx.engine.state.cards.items()
        if (anyone or card.owner in owners) and _matches(ctx, plan, plan.rest, uid)
    ]


def _article(subject: ast.Node | None) -> str | None:
    """The article of cards with no quantifier: "an opponent's creature" has its
    possessor's ("an"); "your creatures" none."""
    if isinstance(subject, ast.Cards):
        for quality in subject.qualities:
            if quality.kind == "possessor" and quality.value == "an opponent's":
                return "an"
    return None


def _you_control(ctx: Context, t: ast.Test) -> bool:
    """ "If you control a Weapon card": one in play the reader controls; "2 characters"
    (a count), at least that many; "3 or more characters" (``t.comparison``), as compared.
    Another player (``t.possessor``, read as ``_seats`` reads it): "the opponent controls
    …"; "each player controls …" every one of them; "an opponent controls …" any one."""
    subject = t.subject
    if subject is None:
        return False
    seats, some = _seats(ctx, t.possessor or "you")
    cards = ctx.engine.state.cards
    found = [u for u in candidates(ctx, subject) if isinstance(u, int)]
    held = [_holds(ctx, t, [u for u in found if cards[u].controller == s]) for s in seats]
    return bool(held) and (any(held) if some else all(held))


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
    return _counted(count, t.comparison, ctx)


def _counted(count: int, comparison: ast.Comparison | None, ctx: Context) -> bool:
    """A count of what a condition's subject has, compared: a bare number is that many or
    more ("if this has 2 counters": 2, 3, …), as "a counter" is one or more and "you
    control 2 characters" 2 or more; "exactly 2", "no" and the others as written."""
    if comparison is not None and comparison.op is None and comparison.value.kind in _NUMBERS:
        return count >= ctx.amount(comparison.value)
    return compare(count, comparison, ctx)


_NUMBERS = frozenset({"int", "var"})  # the amounts written as a number ("2", "X")


def _seats(ctx: Context, subject: str | ast.Player) -> tuple[list[int], bool]:
    """The players a condition's subject names (``players``' reading of its words), and
    whether any one of them is enough: "an opponent", "a player" is any of them, nobody
    asked to choose one (an effect's "an opponent" is chosen); "you", "each player" every
    one; "each player in hero form" those who are."""
    who = subject if isinstance(subject, str) else subject.who
    if isinstance(subject, ast.Player) and subject.quality is not None:
        return player_seats(ctx, subject, ask=False), who in _PICKED
    picked = _PICKED.get(who)  # "an opponent", "a player", "target …"
    if picked is not None:
        return picked(ctx.controller, len(ctx.engine.state.players)), True
    return players(ctx, who), False


def _players_hold(ctx: Context, t: ast.Test, who: str | ast.Player | list[int]) -> bool:
    """A test of players (``_OF_PLAYERS``; ``who``: the subject's words, or the seats
    themselves): "if you have 3 or more energy", "if each player is in hero form", "if
    the opponent has 2 cards in their hand", "if an opponent's life is 5" (any one);
    "not" is asked of each player ("an opponent is not …": one who is not)."""
    seats, some = (who, False) if isinstance(who, list) else _seats(ctx, who)
    engine, name, kind = ctx.engine, t.name or "", t.kind
    if kind == "is_state":
        quality, player_quality = (t.state or "").replace(" ", "_"), engine.kernel.player_quality
        found = [player_quality(engine, p, quality) for p in seats]
    elif kind == "has_cards":
        zone = t.zone.zone if t.zone is not None else ""
        found = [_has(ctx, t, [(zone, p)]) for p in seats]
    else:  # a resource: "you have 3 energy" (a count), "your energy is 3" (a value)
        pools, held_as = engine.state.players, _counted if kind == "has_resource" else compare
        found = [held_as(pools[p].resources.get(name, 0), t.comparison, ctx) for p in seats]
    held = [each != t.negated for each in found]
    return bool(held) and (any(held) if some else all(held))


# the tests whose subject may be a player, read by ``_players_hold``
_OF_PLAYERS = frozenset({"has_resource", "is_state"})


# a possessor's words as ``_seats`` reads the player: "its" and "their" the card's owner,
# as a zone of theirs is (``_zone_places``)
_POSSESSED = {
    None: "you",
    "an opponent's": "an opponent",
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
