"""The one check of the text a game refuses (its registry's ``refuse:`` entries).

Each kind of entry has a matcher: it finds the entry a node of the AST matches and how
the message names the text. Every diagnostic is then made the same way, with the kind's
code and sentence, the entry's reason, and its ``instead`` as the hint.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, Span, article, error
from cardscript.grammar.refusals import KINDS, Refusal
from cardscript.grammar.registry import Registry

# an entry matched: the entry, the text as the message names it, where to report it
Match = tuple[Refusal, str, Span | None]
Matcher = Callable[[ast.Node, Registry, ast.Label | None], Match | None]


def check_refusals(
    node: ast.Node, registry: Registry, label: ast.Label | None
) -> Iterator[Diagnostic]:
    """The refusals ``node`` (an ability or an action) matches: one per kind at most."""
    if not registry.refusals:
        return
    for what in KINDS:  # (a kind with no matcher fails here, on the first check)
        found = _MATCHERS[what](node, registry, label)
        if found is not None:
            refusal, named, span = found
            yield error(
                KINDS[what].code,
                KINDS[what].message.format(
                    named=named,
                    title=registry.title,
                    zone=_spelled(registry, "ZONE", refusal.zone),
                    reason=refusal.reason,
                ),
                span,
                f'perhaps try "{refusal.instead}"' if refusal.instead else "",
            )


def describe(refusal: Refusal, registry: Registry) -> str:
    """The text an entry refuses, as its messages name it (for the docs)."""
    if refusal.what == "game verb":
        return f'"{_spelled(registry, "VERB", refusal.verb)}"'
    if refusal.what == "core action":
        return _named(refusal, registry)
    if refusal.what == "into zone":
        kinds = [_kind(registry, k) for k in refusal.kinds]
        listed = f"{', '.join(kinds[:-1])} or {kinds[-1]}" if len(kinds) > 1 else kinds[0]
        return f"{listed} into the {_spelled(registry, 'ZONE', refusal.zone)}"
    return "an activated ability"


def _of(registry: Registry, what: str) -> Iterator[Refusal]:
    return (r for r in registry.refusals if r.what == what)


def _activated(node: ast.Node, registry: Registry, label: ast.Label | None) -> Match | None:
    if not isinstance(node, ast.Activated):
        return None
    refusal = next(_of(registry, "activated ability"), None)
    return None if refusal is None else (refusal, describe(refusal, registry), node.span)


def _game_verb(node: ast.Node, registry: Registry, label: ast.Label | None) -> Match | None:
    """A verb of the game naming a player's game action: the kernel takes that action in
    its own procedure, never from card text."""
    if not isinstance(node, ast.Action) or node.verb not in ("primitive", "primitive_amount"):
        return None
    for refusal in _of(registry, "game verb"):
        if refusal.verb == node.name:
            return refusal, describe(refusal, registry), node.span
    return None


def _core_action(node: ast.Node, registry: Registry, label: ast.Label | None) -> Match | None:
    """A core action the game has nothing for ("draw" where a player has no deck): the
    generic primitive would change a zone or a count the game does not have. An entry
    with ``except_in`` is right under that label ("gain" in a Marvel Champions
    "Resource:" ability, whose gain pays the cost being paid)."""
    if not isinstance(node, ast.Action):
        return None
    refusals = list(_of(registry, "core action"))
    aims = list(_aims(node, registry, label))
    named = frozenset(aims) - _CORE - {"this", "hand", ""}  # the kinds of card named
    for aim in aims:
        for refusal in refusals:
            if (refusal.verb, refusal.aim) == (node.verb, aim) and not refusal.spared(named):
                if label is not None and label.name == refusal.except_in:
                    return None
                return refusal, describe(refusal, registry), node.span
    return None


def _aims(action: ast.Action, registry: Registry, label: ast.Label | None) -> Iterator[str]:
    """What ``action`` is aimed at as entries say it, the most particular first: a noun
    ("deal" to a rear-guard), "this" where neither a noun nor its label's circle says what
    it is, then "card" or "player", "hand", then nothing."""
    verb, target = action.verb, action.target
    if verb in ("deal", "heal") and (target is not None or verb == "heal"):
        if target is None or isinstance(target, ast.Player):  # ("heal 2": the actor)
            yield "player"
        else:
            if isinstance(target, ast.Cards):  # damage aimed at one kind of card
                yield from (target.noun, *target.also)
            elif isinstance(target, ast.ThisCard):  # the card itself, where it works
                written = (target.noun,) if target.noun else ()
                yield from _placed(registry, label) or written or ("this",)
            yield "card"
    elif verb == "discard" and isinstance(target, ast.Cards) and from_hand(target):
        yield "hand"  # "discard a card": from the hand
    yield ""


def _placed(registry: Registry, label: ast.Label | None) -> tuple[str, ...]:
    """What "this" is in an ability its label limits to zones ("[ACT](RC):" on a
    rear-guard), as the zones say (``card_is``); nothing when they do not."""
    zones = (
        [registry.term("ZONE", q[5:]) for q in label.qualifier if q.startswith("ZONE:")]
        if label
        else []
    )
    nouns = tuple(z.card_is for z in zones if z is not None and z.card_is)
    return nouns if nouns and len(nouns) == len(zones) else ()


def _named(refusal: Refusal, registry: Registry) -> str:
    """A core action as its message names it: '"deal" to a rear-guard', '"gain" outside a
    "Resource:" ability'."""
    named = f'"{refusal.verb.replace("_", " ")}"'  # (as written: "gain control")
    if refusal.verb in _WORDED:  # named by its words
        named = _WORDED[refusal.verb]
    to = "to" if refusal.verb == "deal" else "from"
    if refusal.aim == "hand":
        named += " from the hand"
    elif refusal.aim in _CORE:
        named += f" {to} a {refusal.aim}"
    elif refusal.aim == "this":
        named += f' {to} "this"'
    elif refusal.aim:
        named += f" {to} {_kind(registry, refusal.aim, 'NOUN')}"
    if refusal.except_in:
        named += f' outside a "{_spelled(registry, "LABEL", refusal.except_in)}:" ability'
    return named


def _into_zone(node: ast.Node, registry: Registry, label: ast.Label | None) -> Match | None:
    """A card put into a zone that never holds its kind ("put target Strength card … into
    your reserve", where the reserve holds only superpowers); reported at the word."""
    if not isinstance(node, ast.Action) or node.destination is None:
        return None
    cards = node.target
    if not isinstance(cards, ast.Cards):
        return None
    words = [(q.value, "ADJ", q.span) for q in cards.qualities if q.kind == "adj" and not q.negated]
    words += [(noun, "NOUN", cards.span) for noun in (cards.noun, *cards.also)]
    refusals = [r for r in _of(registry, "into zone") if r.zone == node.destination.zone.zone]
    for word, token_class, span in words:
        for refusal in refusals:
            if word in refusal.kinds:
                return refusal, _kind(registry, word, token_class), span
    return None


def _kind(registry: Registry, word: str, token_class: str = "") -> str:
    """A kind of card with its article: "a rear-guard", "a Strength card" (a state)."""
    if not token_class:
        token_class = "NOUN" if registry.term("NOUN", word) else "ADJ"
    text = _spelled(registry, token_class, word) + (" card" if token_class == "ADJ" else "")
    return f"{article(text)} {text}"


def _spelled(registry: Registry, token_class: str, word: str) -> str:
    term = registry.term(token_class, word)
    return term.text if term else word


# the core actions a message names by their words: a whole ability, a step with "it"
_WORDED = {"redirected": '"… are redirected to …"', "redirect": '"redirect it to …"'}

# the aims that name no noun of the game
_CORE = frozenset({"player", "card"})

# the selector's words that speak of cards in play, or of a zone: the text then says where
_PLACED = frozenset({"zone", "you_control", "opponent_controls"})


def from_hand(selector: ast.Cards) -> bool:
    """Does "discard <selector>" take cards from the acting player's hand: the noun
    "card" with no zone, controller, possessor or target ("discard 2 cards")?
    (``interpreter.discard_from``: every game reads it so.)"""
    q = selector.quantifier
    if q is not None and q.chooses:
        return False  # a target is chosen in play
    return (
        selector.noun == "card"
        and not selector.also
        and not any(f.kind in _PLACED for f in selector.filters)
        and not any(quality.kind == "possessor" for quality in selector.qualities)
    )


# one per kind of ``KINDS``, checked in its order: an ability, then an action's verb, its
# aim, its destination
_MATCHERS: dict[str, Matcher] = {
    "activated ability": _activated,
    "game verb": _game_verb,
    "core action": _core_action,
    "into zone": _into_zone,
}
