"""Conditions worked out once per text (``step_plans``): each test's own check where it
has one, the others through ``select.test``'s own reading; every test asked, in order."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.context import _HOLDS, Context, fixed_amount
from cardscript.interpreter.select import _joined, _test

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
