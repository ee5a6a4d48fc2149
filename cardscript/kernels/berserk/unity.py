"""Unity X (spec berserk.md §20.15, DICT «Единение», A19): when the creature attacks, its
controller may find in their deck exactly X different creatures with Unity (of any X) of a
lower cost than it, and show them; before the Wounds object of this attack it gains every
ability of theirs of the form «При [тип атаки]…» whose attack type is the one it attacks
with. Those abilities trigger in that Wounds object (§216.11), so it has them from then
until the attack ends (a lasting effect, ``lasting.copy_abilities``; the rule says when
they are gained, not how long: nothing of this attack comes after its End object).

"Different" is different names (A19): a card named as one shown before adds nothing.
With fewer than X such names in the deck, nothing is gained ("exactly X"). Of the attack
types, each has its events (``kinds.ATTACK_EVENTS``): a simple strike gains «При ударе»
abilities ("whenever this strikes …", which every strike triggers) and «При простом
ударе» ones, a shot «При выстреле» ones ("whenever this shoots …"), and so on; the type
must match, so a shot gains no «При ударе» ability.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.interpreter.lasting import copy_abilities
from cardscript.kernels.berserk.kinds import ATTACK_EVENTS, ability_of

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Cause, Engine

# an attack's kind -> the events of its «При [тип атаки]…» abilities: those its Wounds
# object emits, so a special strike, which is a strike, gains «При ударе» ones too
ON_ATTACK: dict[str, frozenset[str]] = {
    kind: frozenset(events) for kind, events in ATTACK_EVENTS.items()
}
UNITY = "unity"


def cheaper(engine: Engine, uid: int, source: int | None) -> bool:
    """The adjective "cheaper": of a lower cost than the card whose text speaks."""
    if source is None:
        return False
    return _cost(engine, uid) < _cost(engine, source)


def _cost(engine: Engine, uid: int) -> int:
    return int(engine.definition(uid).get("cost") or 0)


def attack_abilities(engine: Engine, uid: int, kind: str) -> list[str]:
    """The keys of the card's «При [тип атаки]…» abilities for an attack of ``kind``."""
    events = ON_ATTACK.get(kind, frozenset())
    return [
        a.key
        for a in engine.definition(uid).by_kind.get(ast.Triggered, ())
        if isinstance(a.node, ast.Triggered)
        and a.node.event.event in events
        and isinstance(a.node.event.subject, ast.ThisCard)
    ]


def _shown(engine: Engine, source: int) -> set[str]:
    """The names of the cards whose abilities ``source`` copied (this attack)."""
    return {
        engine.pool[key.rpartition("#")[0]].name
        for effect in engine.state.lasting
        if effect["kind"] == "copied" and source in effect["uids"]
        for key in effect["abilities"]
    }


def _enough(engine: Engine, cause: Cause, source: int) -> bool:
    """Does the deck hold X different names of cheaper creatures with Unity ("exactly X")?"""
    ability = ability_of(engine, cause.ability)
    wanted = int(dict(ability.keyword_values).get("X", 0)) if ability is not None else 0
    player = engine.state.cards[source].controller
    names = {
        engine.definition(uid).name
        for uid in engine.state.players[player].zone("deck")
        if engine.definition(uid).type == "creature"
        and engine.definition(uid).has_keyword(UNITY)
        and cheaper(engine, uid, source)
    }
    return len(names) >= wanted


def copy_attack_abilities(engine: Engine, cause: Cause, target: Any, **_: Any) -> bool:
    """The verb "copy the attack abilities of": the attacker (the text's card) gains the
    shown card's abilities for the attack it makes now; False outside one, and where
    nothing is gained."""
    source, state = cause.source, engine.state
    if source is None or not isinstance(target, int) or state.data.get("attacker") != source:
        return False
    if state.cards[target].zone != "deck":  # none shown: "them" is no card of the deck
        return False
    if not _enough(engine, cause, source) or engine.definition(target).name in _shown(
        engine, source
    ):
        return False
    keys = attack_abilities(engine, target, state.data.get("attack_kind", "simple_strike"))
    if keys:
        copy_abilities(engine, cause, source, keys, "attack")
    return bool(keys)
