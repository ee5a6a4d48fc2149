"""Where "discard …" takes its cards: "discard 2 cards", "discard X cards", "discard a
card" name no zone and mean the acting player's hand, as in every game bundled (VS:
"Discard: hand → your KO'd pile", vs-system.md; Marvel Champions MC-RES-2, MC2-T-070;
Vanguard and Pocket Duel write "from your hand"). Cards in play are discarded by a
selector that says so: "discard target card", "… you control", "… in play", "this"."""

from __future__ import annotations

from dataclasses import replace

from cardscript.grammar import ast
from cardscript.grammar.checks import from_hand

__all__ = ["discarded"]


def discarded(selector: ast.Node | None, hand: str) -> ast.Node | None:
    """The cards "discard <selector>" takes: ``selector`` in the acting player's hand
    (``hand``, the kernel's zone) where it is the noun "card" with no zone, controller
    or target; as written otherwise. One node per selector (plans are kept per node)."""
    if not isinstance(selector, ast.Cards):
        return selector
    found = _MADE.get(id(selector))
    if found is not None and found[0] is selector and found[1] == hand:
        return found[2]
    made: ast.Node = selector
    if from_hand(selector):
        zone = ast.Filter(kind="zone", value="in", zone=ast.ZoneRef(zone=hand, possessor="your"))
        made = replace(selector, filters=(*selector.filters, zone))
    if len(_MADE) > 20_000:
        _MADE.clear()  # pools come and go (tests): keep the memory bounded
    _MADE[id(selector)] = (selector, hand, made)
    return made


_MADE: dict[int, tuple[ast.Cards, str, ast.Node]] = {}
