"""A trigger on damage that prevents "that damage" after it was dealt (CS-T012).

A trigger on an event the registry marks ``after_damage`` ("whenever you take damage",
"whenever this hits"), or a line under a label so marked (Pocket Duel's "On hit:"),
resolves once the damage is dealt: "prevent 1 of that damage" there has nothing left to
prevent. Only a label marked ``before_event`` (Marvel Champions' Interrupts) resolves
before it. The standing line with the same amount and target prevents damage taken as it
is dealt; damage the card itself dealt (an event marked ``deals_damage``, the label) gets
no such hint.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry


def check_late_prevention(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    label = registry.term("LABEL", line.label.name) if line.label is not None else None
    ability, trigger = line.ability, None
    if label is not None and label.before_event:
        return
    if label is not None and label.after_damage:  # Pocket Duel's "On hit:"
        when = f'an "{label.text}:" line'
    elif isinstance(ability, ast.Triggered) and ability.event.event is not None:
        event = registry.term("EVENT", ability.event.event)
        if event is None or not event.after_damage:
            return
        when = f'a trigger on "{event.text}"'
        # "whenever this hits": that damage is what this dealt, which no standing line of
        # the same meaning prevents (one on damage dealt to someone would be a wrong hint)
        trigger = None if event.deals_damage else ability
    else:
        return
    for node in ability.walk():
        if isinstance(node, ast.Action) and node.verb == "prevent" and _of_that(node):
            yield _late(node, trigger, when, registry)


def _of_that(action: ast.Action) -> bool:
    # "prevent that damage", "prevent 1 of that damage" (a standing line has a period)
    return action.word in ("that", "of that") and action.period is None


def _late(
    action: ast.Action, trigger: ast.Triggered | None, when: str, registry: Registry
) -> Diagnostic:
    formatter = Formatter(registry)
    written = formatter.action(action, third=False)
    kind = registry.term("DAMAGE", _kind(action, registry) or "")
    words = kind.spelling(True) if kind else "damage"  # "wounds", "damage"
    damage = f"{words} {'is' if kind is None or words == kind.text else 'are'}"
    before = [f'"{t.text}:"' for t in registry.terms("LABEL") if t.before_event]
    labels = f"{', '.join(before[:-1])} or {before[-1]}" if len(before) > 1 else "".join(before)
    standing = _standing(action, trigger, formatter) if trigger is not None else None
    return error(
        "CS-T012",
        f'"{written}" comes too late in {registry.title}: {when} resolves once the {damage} '
        "dealt, so none of it is left to prevent",
        action.span,
        f'perhaps try "{standing}" as a line of its own' if standing else "",
        f"or the label {labels}, which resolves before the damage" if before else "",
    )


def _standing(action: ast.Action, trigger: ast.Triggered, formatter: Formatter) -> str:
    """The standing line preventing as much of each damage to the same target."""
    registry = formatter.registry
    wanted, obj = trigger.event, trigger.event.obj
    # "you take damage from a Strength card": dealt to you by Strength cards
    to = obj.selector if obj is not None and obj.preposition in (None, "to") else None
    by = obj.selector if obj is not None and obj.preposition in ("from", "by") else None
    target = action.target or wanted.subject or to
    periods = {t.id for t in registry.terms("PHASE")}
    standing = ast.Action(
        verb="prevent",
        amount=ast.Amount("all") if action.word == "that" else action.amount,
        qualities=action.qualities,
        name=_kind(action, registry),
        target=target,
        flag=target is not None,
        source=action.source or _any(by),
        period=next((p for p in ("turn", "round") if p in periods), None),
    )
    clause = ast.Clause(action=standing)
    ability = ast.EffectAbility(effects=ast.Steps(steps=(clause,)))
    return formatter.line(ast.AbilityLine(ability=ability))


def _kind(action: ast.Action, registry: Registry) -> str | None:
    """The damage kind prevented: as written, else the game's first."""
    kinds = registry.terms("DAMAGE")
    return action.name or (kinds[0].id if kinds else None)


def _any(selector: ast.Selector | None) -> ast.Selector | None:
    """ "a Strength card" of the trigger as the standing line says it: "Strength cards"."""
    q = selector.quantifier if isinstance(selector, ast.Cards) else None
    if not isinstance(selector, ast.Cards) or q is None or q.kind not in ("a", "an"):
        return selector
    return replace(selector, quantifier=None, plural=True)
