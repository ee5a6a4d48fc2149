"""Lines that cannot work on their card's type. A card whose text runs once as it is
played and then leaves (a VS plot twist, a Marvel Champions event: the registry's
``one_shot`` nouns) is never in play, so a standing prevention on it never prevents
anything. A card that stays in play (a VS character: nouns with ``runs_by``) runs a line
only when its trigger, cost or label says, so a line with none that would run once
("Draw a card.") never runs. A keyword's lines are the card's too: checked with the
card's type, at the keyword where the card has it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, article, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.parser import parse_script
from cardscript.grammar.registry import Registry
from cardscript.grammar.standing_step import stands
from cardscript.interpreter.cards import is_standing

if TYPE_CHECKING:
    from cardscript.games import Game


def one_shot_diagnostics(
    script: ast.Script, registry: Registry, card_type: object
) -> Iterator[Diagnostic]:
    """CS-C037 at each standing prevention of a one-shot card's text, but in a line whose
    label makes it last (VS "Ongoing:")."""
    noun = registry.term("NOUN", str(card_type))
    if noun is None or not noun.one_shot:
        return
    for line in script.lines:
        label = registry.term("LABEL", line.label.name) if line.label is not None else None
        if not isinstance(line.ability, ast.EffectAbility) or (label is not None and label.lasts):
            continue
        for step in line.ability.effects.steps:
            if isinstance(step, ast.Clause) and is_standing(step.action):
                yield _refused(line, step, registry, noun.text)


def _refused(line: ast.AbilityLine, step: ast.Clause, registry: Registry, kind: str) -> Diagnostic:
    once = dataclasses.replace(step.action, word=None, period=None)
    assert isinstance(line.ability, ast.EffectAbility)
    steps = (dataclasses.replace(step, action=once),)
    effects = dataclasses.replace(line.ability.effects, steps=steps, joiners=())
    ability = dataclasses.replace(line.ability, effects=effects)
    hint = Formatter(registry).line(ast.AbilityLine(ability=ability, label=line.label))
    lasting = [t.text for t in registry.terms("LABEL") if t.lasts]
    return error(
        "CS-C037",
        f"a standing prevention works only while its card is in play, but this {kind}'s text "
        "runs once as it is played",
        step.action.span or line.span,
        f'perhaps try a step that prevents once, this turn: "{hint}"',
        *(f'or write the line after "{label}:", which lasts' for label in lasting),
    )


def never_run_diagnostics(
    script: ast.Script, registry: Registry, card_type: object
) -> Iterator[Diagnostic]:
    """CS-C038 at the first step that would run once of each unlabelled effect line of a
    card type that runs no line by itself (a noun with ``runs_by``)."""
    noun = registry.term("NOUN", str(card_type))
    if noun is None or not noun.runs_by:
        return
    for line in script.lines:
        if line.label is not None or not isinstance(line.ability, ast.EffectAbility):
            continue
        once = next((s for s in line.ability.effects.steps if not stands(s)), None)
        if once is not None:
            yield _never_runs(line.ability, once, registry, noun.text, noun.runs_by)


def _never_runs(
    ability: ast.EffectAbility,
    step: ast.Step,
    registry: Registry,
    kind: str,
    ways: tuple[str, ...],
) -> Diagnostic:
    formatter = Formatter(registry)
    alone = dataclasses.replace(ability.effects, steps=(step,), joiners=(), where=())
    steps = formatter.steps(ability.effects)
    hints = [f'"{written}"' for written in _written(ways, steps, registry)]
    return error(
        "CS-C038",
        f'"{formatter.steps(alone)}" would run once, but {article(kind)} {kind} runs no line '
        "of its text by itself: a line runs when its trigger, cost or label says, and one "
        f"with none only holds while the {kind} is in play",
        step.span,
        *(f"{'perhaps try' if n == 0 else 'or'} {hint}" for n, hint in enumerate(hints)),
    )


def _written(ways: tuple[str, ...], steps: str, registry: Registry) -> Iterator[str]:
    """Each way the line could run, with its steps, as the formatter writes it; a way
    that does not read with these steps is left out."""
    for way in ways:
        parsed = parse_script(way.replace("…", steps) + ".", registry)
        if parsed.ok and len(parsed.script.lines) == 1:
            yield Formatter(registry).line(parsed.script.lines[0])


def keyword_diagnostics(script: ast.Script, game: Game, card_type: object) -> Iterator[Diagnostic]:
    """CS-C037 and CS-C038 of the lines each keyword the card has gives it (its body, as
    ``one_shot_diagnostics`` and ``never_run_diagnostics`` read it with the card's type),
    at the keyword in the card's text; a hint says where the line is."""
    registry = game.registry
    noun = registry.term("NOUN", str(card_type))
    if noun is None or not (noun.one_shot or noun.runs_by):
        return
    defs = {d.name.casefold(): d for d in game.keyword_defs}
    where = "/".join(Path(game.keyword_source).parts[-2:])  # "<game>/keywords.cardscript"
    for line in script.lines:
        if not isinstance(line.ability, ast.KeywordList):
            continue
        for use in line.ability.keywords:
            term = registry.term("KW", use.name)
            found = defs.get((term.text if term else use.name).casefold())
            if found is None:
                continue
            body = ast.Script(found.body)
            for d in chain(
                one_shot_diagnostics(body, registry, card_type),
                never_run_diagnostics(body, registry, card_type),
            ):
                at = f"{where}:{d.span}" if d.span is not None else where
                yield dataclasses.replace(
                    d,
                    message=f'keyword "{found.name}": {d.message}',
                    span=use.span,
                    hints=(f'the line is keyword "{found.name}"\'s, at {at}', *d.hints),
                )
