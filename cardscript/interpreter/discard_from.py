"""Where "discard …" takes its cards: "discard 2 cards", "discard X cards", "discard a
card" name no zone and mean the acting player's hand, as in every game bundled (VS:
"Discard: hand → your KO'd pile", vs-system.md; Marvel Champions MC-RES-2, MC2-T-070;
Vanguard and Pocket Duel write "from your hand"). Cards in play are discarded by a
selector that says so: "discard target card", "… you control", "… in play", "this"."""

from __future__ import annotations

from dataclasses import replace

from cardscript.grammar import ast

__all__ = ["discarded"]

# the selector's words that speak of cards in play, or of a zone: the text then says where
_PLACED = frozenset({"zone", "you_control", "opponent_controls"})


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
    if _from_hand(selector):
        zone = ast.Filter(kind="zone", value="in", zone=ast.ZoneRef(zone=hand, possessor="your"))
        made = replace(selector, filters=(*selector.filters, zone))
    if len(_MADE) > 20_000:
        _MADE.clear()  # pools come and go (tests): keep the memory bounded
    _MADE[id(selector)] = (selector, hand, made)
    return made


_MADE: dict[int, tuple[ast.Cards, str, ast.Node]] = {}


def _from_hand(selector: ast.Cards) -> bool:
    q = selector.quantifier
    if q is not None and (q.target or q.kind in ("target", "n_targets")):
        return False  # a target is chosen in play
    return (
        selector.noun == "card"
        and not selector.also
        and not any(f.kind in _PLACED for f in selector.filters)
        and not any(quality.kind == "possessor" for quality in selector.qualities)
    )
