"""A player named with a quality no player has (CS-T039).

"Each player in alter-ego form discards 1 card." names the players the words name who
have the quality (Marvel Champions' forms, G11; S031); the registry marks the adjectives
a player has (``of_player``), which the kernel answers (``Kernel.player_quality``). Any
other adjective says nothing of a player, and "you" is one player already: "if you are
in hero form" asks it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.format_phrases import PhraseFormatter
from cardscript.grammar.registry import Registry

# a player the words already name alone: a quality would only ask a question of them
_ONE = frozenset({"you", "its controller", "its owner", "that player", "the active player"})


def check_player_quality(line: ast.AbilityLine, registry: Registry) -> Iterator[Diagnostic]:
    words = PhraseFormatter(registry)
    qualities = [t for t in registry.terms("ADJ") if t.of_player]
    for node in line.walk():
        if not isinstance(node, ast.Player) or node.quality is None:
            continue
        said = words.selector(node)
        adjective = words.spell("ADJ", node.quality)
        if not any(t.id == node.quality for t in qualities):
            known = " or ".join(f'"{node.who} {t.forms[0]}"' for t in qualities)
            hint = f"perhaps try {known}" if known else f'perhaps try "{node.who}" alone'
            yield error(
                "CS-T039",
                f'"{said}": a player is never {adjective} in {registry.title}',
                node.span,
                hint,
            )
        elif node.who in _ONE:
            alone = words.selector(dataclasses.replace(node, quality=None))
            verb = "are" if node.who == "you" else "is"
            yield error(
                "CS-T039",
                f'"{said}" names one player already: whether {alone} {verb} {adjective} is a '
                "condition",
                node.span,
                f'perhaps try "if {alone} {verb} {adjective}, …"',
            )
