"""Conditions worked out once per text (``step_plans``): each test's own check where it
has one, the others through ``select.test``'s own reading; every test asked, in order."""

from __future__ import annotations

from collections.abc import Callable

from cardscript.grammar import ast
from cardscript.interpreter.context import _HOLDS, Context, fixed_amount
from cardscript.interpreter.select import _joined, _test

Check = Callable[[Context], bool]


def condition_check(condition: ast.Condition) -> Check:
    """``test`` of one condition, worked out once (``step_plans``): each test's own check
    where it has one; every test asked, in order, as ``test`` asks them."""
    checks = [_check(t) for t in condition.tests]
    ops = condition.ops
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2 and ops == ("and",):
        first, second = checks

        def both(ctx: Context) -> bool:
            held = first(ctx)  # (both asked: a test may ask a player)
            also = second(ctx)
            return held and also

        return both

    def joined(ctx: Context) -> bool:
        return _joined([check(ctx) for check in checks], ops)

    return joined


def _check(t: ast.Test) -> Check:
    """One test's check: a resource compared to a number read directly; any other
    through ``_test``."""
    comparison = t.comparison
    if t.kind != "resource_cmp" or comparison is None:

        def general(ctx: Context) -> bool:
            return _test(ctx, t)

        return general
    name, yours = t.name or "", t.possessor in ("your", None)
    holds = _HOLDS.get(comparison.op or "", comparison.holds)
    node, fixed = comparison.value, fixed_amount(comparison.value)

    def resource(ctx: Context) -> bool:
        players = ctx.engine.state.players  # (``_other`` written out: the other player)
        who = ctx.controller if yours else (ctx.controller + 1) % len(players)
        value = players[who].resources.get(name, 0)
        return holds(value, ctx.amount(node) if fixed is None else fixed)

    return resource
