"""Lasting effects that keep a reference to the text that made them.

Lasting effects are plain data in the state (``GameState.lasting``), so a step of card text
is named by its ability's key and its place among the ability's clauses (``clause_ref``)
and found again from the card pool when needed (``clause_of``).

A group: "allies you control get +1 ATK until the end of the phase" covers, in a game
whose kernel says so (``Kernel.lasting_covers_arrivals``, Marvel Champions MC2-T-072),
the cards the group holds at any moment, those entering play later included; elsewhere
it keeps the cards it found when it started.

A delayed effect: "discard it at the end of the round" waits in ``lasting`` and runs when
that period ends (``run_delayed``), as text, not as an ability initiated again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.select import Context, candidates, selects

if TYPE_CHECKING:
    from cardscript.interpreter.cards import CompiledAbility
    from cardscript.interpreter.engine import Cause, Engine

# quantifiers that name a whole group, not cards picked once: "each ally", "allies you control"
_GROUP = frozenset({"each", "all", "every", "each other", "all other"})


def is_group(selector: ast.Node | None) -> bool:
    if not isinstance(selector, ast.Cards):
        return False
    q = selector.quantifier
    return q is None or q.kind in _GROUP


def clause_ref(ctx: Context, clause: ast.Clause) -> dict[str, Any] | None:
    """The clause as plain data: its ability, its place in it, who resolved it and from
    which card; None for text that is no ability of a card."""
    ability = ctx.ability
    if ability is None:
        return None
    found = _clauses(ctx.engine, ability)
    index = next((i for i, c in enumerate(found) if c is clause), None)
    if index is None:
        return None
    return {
        "ability": ability.key,
        "clause": index,
        "controller": ctx.controller,
        "source": ctx.source,
    }


def clause_of(engine: Engine, ref: dict[str, Any]) -> tuple[Context, ast.Clause]:
    """The clause a ``clause_ref`` names, with a context as it was resolved in."""
    ability = engine.pool.ability(ref["ability"])
    assert ability is not None, ref
    clause = _clauses(engine, ability)[ref["clause"]]
    return engine.context(ref["source"], ability, ref["controller"]), clause


def _clauses(engine: Engine, ability: CompiledAbility) -> list[ast.Clause]:
    memo: dict[str, list[ast.Clause]] = engine.pool.memo.setdefault("clauses", {})
    found = memo.get(ability.key)
    if found is None:
        found = memo[ability.key] = [n for n in ability.node.walk() if isinstance(n, ast.Clause)]
    return found


def in_group(engine: Engine, effect: dict[str, Any], uid: int) -> bool:
    """Is the card in the group a growing lasting effect covers, now?"""
    ctx, clause = clause_of(engine, effect["group"])
    return clause.subject is not None and selects(ctx, clause.subject, uid)


def covered(engine: Engine, effect: dict[str, Any]) -> list[int]:
    """Every card the lasting effect covers now."""
    uids: list[int] = list(effect["uids"])
    if "group" in effect:
        ctx, clause = clause_of(engine, effect["group"])
        if clause.subject is not None:
            found = candidates(ctx, clause.subject)
            uids += [u for u in found if isinstance(u, int) and u not in uids]
    return uids


def run_delayed(engine: Engine, effect: dict[str, Any]) -> None:
    """Run a delayed effect now, "it" as it was when the effect was made."""
    from cardscript.interpreter.effects import run_clause

    ctx, clause = clause_of(engine, effect["clause"])
    ctx.it = list(effect["uids"])
    run_clause(ctx, replace(clause, delay=None))


def copy_abilities(
    engine: Engine, cause: Cause, uid: int, keys: list[str], until: str | None
) -> None:
    """A lasting effect: the card has these abilities of other cards (by key), each as
    its own (``CardPool.copied``: "this" in it is the card), until the period ``until``
    ends (Berserk's Unity: until the end of the attack)."""
    engine.state.lasting.append(
        {
            "kind": "copied",
            "uids": [uid],
            "abilities": list(keys),
            "until": until,
            "timestamp": engine.state.tick(),
            "cause": cause.as_dict(),
            "giver": cause.source,
        }
    )
