""" "Loses all abilities" where it cannot be said (CS-T037).

A card loses all its abilities as a step runs, for as long as the step's period lasts
(Berserk §407.3–407.4: with no duration, until the end of the battle); the engine reads
the cards it covers from the lasting effect. A player has no abilities to lose, and a line
that holds while its card is in play ("while …", "during …") would have to be read while
the engine works out which text works, the text it is itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.registry import Registry

VERB = "lose_abilities"


def check_lost_abilities(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    ability = line.ability
    standing = isinstance(ability, ast.EffectAbility) and (
        ability.condition is not None or ability.during is not None
    )
    for node in line.walk():
        if not isinstance(node, ast.Clause) or node.action.verb != VERB:
            continue
        if isinstance(node.subject, ast.Player):
            whose = "an opponent controls" if "opponent" in node.subject.who else "you control"
            yield error(
                "CS-T037",
                '"loses all abilities" is said of cards: a player has no abilities to lose',
                node.subject.span,
                f'perhaps try the cards a player controls: "each card {whose} loses all abilities"',
            )
        elif standing:
            assert isinstance(ability, ast.EffectAbility)
            once = dataclasses.replace(ability, condition=None, during=None)
            text = Formatter(registry).line(dataclasses.replace(line, ability=once, mods=()))
            yield error(
                "CS-T037",
                '"loses all abilities" happens as a step runs and lasts until the end of its '
                "period, not while a line holds",
                node.action.span,
                f'perhaps try a trigger or a cost before it: "… → {text[:1].lower()}{text[1:]}"',
            )
