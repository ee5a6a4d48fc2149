"""Which of a card's abilities a scenario action names (``ability:`` of ``activate``,
``act``): by its place among them, or by how the card came to have it."""

from __future__ import annotations

from collections.abc import Sequence

from cardscript.interpreter.cards import CompiledAbility


def named(found: Sequence[CompiledAbility], name: object) -> CompiledAbility | None:
    """The ability ``name`` picks among ``found`` (a card's abilities of one sort now, as
    ``Engine.card_abilities`` gives them: printed first, in the order written, then those
    gained in play): an index (``0``, ``"1"``); ``"granted"``, the first one written out
    that another card grants or lends it; ``"copied"``; or a keyword's name, its first
    ability. None when it names none of them."""
    text = str(name)
    if text.isdigit():
        index = int(text)
        return found[index] if index < len(found) else None
    for ability in found:
        if ability.origin in (text, f"keyword:{text}"):
            return ability
    return None
