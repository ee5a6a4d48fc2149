"""Lines that cannot work on a one-shot card: a card whose text runs once as it is played
and then leaves (a VS plot twist, a Marvel Champions event: the registry's ``one_shot``
nouns) is never in play, so a standing prevention on it never prevents anything."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry
from cardscript.interpreter.cards import is_standing


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
