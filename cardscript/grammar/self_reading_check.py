"""A continuous stat change whose text reads the stat it changes (CS-T032).

"This gets +X ATK, where X is its ATK." on a card in play: to work out any card's ATK
the engine binds every "where" of the texts that change ATK (``Engine.stat``), and this
one reads ATK again, without end. A count that asks the stat ("the number of characters
with ATK 2 or more") does the same. A change with a duration reads its X once, as it
begins, and a change of another stat ("+X DEF, where X is its ATK") reads nothing it
changes: neither is refused.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.format_phrases import PhraseFormatter
from cardscript.grammar.registry import Registry


def check_self_reading(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    """CS-T032 at each "where" of a continuous text that reads a stat the text changes."""
    ability = line.ability
    if not isinstance(ability, ast.EffectAbility) or not ability.effects.where:
        return
    changed = _standing_changes(ability.effects)
    if not changed:
        return
    words = PhraseFormatter(registry)
    for binding in ability.effects.where:
        for stat in sorted(_stats_read(binding) & changed):
            name = words.spell("STAT", stat)
            yield error(
                "CS-T032",
                f'"where {binding.name} is {words.bound(binding)}" reads {name}, which this '
                f"text changes: working out {name} would read it again, without end",
                binding.span,
                "perhaps try a change with a duration, whose number is read once as it "
                "begins, or read another stat",
            )


def _standing_changes(steps: ast.Steps) -> set[str]:
    """The stats the text's standing "get" steps change (the steps ``Engine.stat`` reads:
    a subject, no duration)."""
    return {
        mod.stat
        for step in steps.steps
        if isinstance(step, ast.Clause)
        and step.action.verb == "get"
        and step.duration is None
        and step.subject is not None
        for mod in step.action.stat_mods
    }


def _stats_read(binding: ast.Binding) -> set[str]:
    """The stats a binding reads as it is bound: its own, and those its cards are asked
    ("with ATK 2 or more"; a printed value is no change)."""
    said = binding.selector
    read = {said.stat} if isinstance(said, ast.StatValue) else set()
    filters = (n for n in said.walk() if isinstance(n, ast.Filter) and n.kind == "stat")
    return read | {f.name for f in filters if f.name}
