"""A trigger at a moment no card hears (CS-T036, a warning).

A triggered ability is heard from a card in play. The registry marks the edges of the
periods that come before any card is (``before_play``: Berserk's preliminary phase begins
with every card in its deck, and the cards reach the battlefield in the placement step),
and the edges its kernel never raises, each with the reason (``unheard``: the end of the
game, after which nothing runs): a trigger at one of them never runs in a game. A delayed
step "… at the end of the game" never runs either: the period it waits for is one the
kernel never ends (``never_ends``); Berserk's attack and fight, whose ends are unheard, the
kernel does end, and what lasts "until the end of the game" lasts for good.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, warning
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry, Term


def check_before_play(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    yield from _never_ending_delays(line, registry)
    ability = line.ability
    if not isinstance(ability, ast.Triggered) or ability.event.moment is None:
        return
    moment = ability.event.moment
    phase = registry.term("PHASE", moment.phase.phase)
    edge = "end" if moment.edge == "end" else "start"  # "beginning" is the start
    if phase is None:
        return
    words = Formatter(registry)
    if ability.timing == "before" and edge not in phase.heard_before:
        yield _never_before(line, ability, moment, registry, words)
        return
    why = dict(phase.unheard).get(edge)
    if why is not None and edge not in phase.before_play:
        written = words.event(ability.event).removeprefix("the ")
        yield warning(
            "CS-T036",
            f"nothing is heard at the {written}: {why}, so this trigger never runs in a game",
            moment.span or ability.event.span,
        )
        return
    if edge not in phase.before_play:
        return
    hints = []
    later = _first_in_play(registry)
    if later is not None:  # the same line at the start of that period
        owner = moment.phase.owner or "the"  # ("at the start of setup" had none)
        phase_ref = dataclasses.replace(moment.phase, phase=later.id, owner=owner)
        moved = dataclasses.replace(moment, edge="start", phase=phase_ref)
        fixed = words.line(ast.with_node(line, moment, moved))
        hints.append(f'perhaps try "{fixed}", when the cards are in play')
    written = words.event(ability.event)
    yield warning(
        "CS-T036",
        f"no card is in play yet at the {written.removeprefix('the ')}, so this trigger "
        "never runs in a game",
        moment.span or ability.event.span,
        *hints,
    )


def _never_ending_delays(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    """A delayed step at the end of a period the kernel never ends: it waits for good."""
    words = Formatter(registry)
    kept = registry.remembered_period()
    for node in line.walk():
        if not isinstance(node, ast.Clause) or node.delay is None:
            continue
        phase = registry.term("PHASE", node.delay.phase)
        if phase is None or not phase.never_ends:
            continue
        hints = []
        if kept is not None:  # the same step at the end of the period the game keeps
            moved = dataclasses.replace(node.delay, phase=kept.id, owner="the")
            fixed = words.line(ast.with_node(line, node.delay, moved))
            hints.append(f'perhaps try "{fixed}"')
        yield warning(
            "CS-T036",
            f"nothing is heard at the end of {words.phase(node.delay)}: "
            f"{dict(phase.unheard)['end']}, so this delayed step never runs in a game",
            node.delay.span or node.span,
            *hints,
        )


def _never_before(
    line: ast.AbilityLine,
    ability: ast.Triggered,
    moment: ast.Moment,
    registry: Registry,
    words: Formatter,
) -> Diagnostic:
    """A trigger "before the start (end) of" a period whose kernel raises no such moment:
    the registry names the few it does (``heard_before``)."""
    heard = [
        f"the {edge} of the {p.text}" for p in registry.terms("PHASE") for edge in p.heard_before
    ]
    raised = f"a moment before {' and '.join(heard)} only" if heard else "no moment before another"
    written = words.event(ability.event).removeprefix("the ")
    at = words.line(ast.with_node(line, ability, dataclasses.replace(ability, timing="at")))
    return warning(
        "CS-T036",
        f"nothing is heard before the {written}: {registry.title} raises {raised}, so this "
        "trigger never runs in a game",
        moment.span or ability.event.span,
        f'perhaps try "{at}"',
    )


def _first_in_play(registry: Registry) -> Term | None:
    """The first period, in the registry's order, after the last one marked ``before_play``
    whose start is not so marked (nor a step that is no period, ``edgeless``)."""
    phases = registry.terms("PHASE")
    marked = [n for n, p in enumerate(phases) if p.before_play]
    later = phases[marked[-1] + 1 :]
    return next((p for p in later if "start" not in p.before_play and not p.edgeless), None)
