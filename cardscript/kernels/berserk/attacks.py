"""Attack abilities (spec berserk.md §13.1, §20.9, §20.22, §20.26, §20.35, §20.41, §20.53):
shots, throws, discharges, strikes through a row, magic strikes and special strikes.

An attack ability is written "close this → shoot target card" and carries its strength
X-Y-Z as the keyword's value (``Shot 1-2-3``). Its target cannot defend, fight or strike
back (INTRO; a magic strike is always unanswerable, a special strike unless its text says
otherwise): only the attacker rolls, the result is clamped to 1..6 and gives the tier
(§205.4); the die modifiers are the ``die_roll`` stat, so Shooting, Throwing and Discharge
Experience apply while the card is shooting, throwing or discharging. The wound carries
the attack's kinds, so Armor stops non-magic attacks and protections nullify their kind.
As in a simple strike (``strike.py``), sudden actions may answer while its Result,
Calculation and Defense objects are on top; its Target object's window is its
declaration's (``abilities.declare``). Its Wounds object emits the kind's event
(``kinds.ATTACK_EVENTS``: "whenever this shoots …", rulebook 216.11), whose triggers
resolve before its Payment object, as a simple strike's «При ударе» ones do.

Legal targets: never the attacker itself, terrain or equipment (§212.2, §214.3), nor a card
that "cannot be attacked by" the attacker (Hideout against flyers, §408.6). Ranged attacks
(shots, throws, discharges) reach the additional zone, not adjacent cards (INTRO, hook
``ranged_excludes_adjacent``) and only cells within the attacker's Range X (Chebyshev
steps, DICT «Дальность Х»); a strike through a row needs a card two cells away on one
vertical or horizontal with the cell between free or the attacker's side's own (DICT «Удар
Через Ряд»); melee ability attacks need an adjacent card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.kernels.berserk import control, modifiers, strike
from cardscript.kernels.berserk.kinds import ability_of, attack_value, may_attack, wounds_dealt_by

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

# verb id -> (the attack's kind noun, the wound's qualities)
ATTACKS: dict[str, tuple[str, tuple[str, ...]]] = {
    "shoot": ("shot", ("attack", "ranged", "shot")),
    "throw": ("throw", ("attack", "ranged", "throw")),
    "discharge": ("discharge", ("attack", "ranged", "magic", "discharge")),
    "row_strike": ("row_strike", ("attack", "ranged", "row_strike")),
    "magic_strike": ("magic_strike", ("attack", "melee", "magic", "magic_strike")),
    "special_strike": ("special_strike", ("attack", "melee", "special_strike")),
}
RANGED = frozenset({"shot", "throw", "discharge"})


def reach(engine: Engine, uid: int) -> int | None:
    """Range X of ``uid``'s abilities, or None when unlimited."""
    found = engine.rule("ability_range", uid=uid)
    return found if isinstance(found, int) else None


def steps_between(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def legal(
    kernel: FieldKernel,
    engine: Engine,
    source: int,
    target: int,
    kind: str,
    rules: tuple[bool, int | None] | None = None,
) -> bool:
    """May ``source`` attack ``target`` with an attack of ``kind``? ``rules``: the
    source's (ranged_excludes_adjacent, Range X), when the caller asked once for many."""
    state = engine.state
    if target == source or state.cards[target].zone not in kernel.play_zones:
        return False
    if engine.definition(target).type in ("terrain", "equipment"):
        return False
    here, there = kernel.cell(engine, source), kernel.cell(engine, target)
    if kind in RANGED:
        if here is not None and there is not None:  # flyers shoot and are shot anywhere
            if rules is None:
                rules = (
                    bool(engine.rule("ranged_excludes_adjacent", uid=source)),
                    reach(engine, source),
                )
            excludes, limit = rules
            if excludes and kernel.adjacent(engine, source, target):
                return False
            if limit is not None and steps_between(here, there) > limit:
                return False
    elif kind == "row_strike":
        if here is None or there is None:
            return False
        dx, dy = there[0] - here[0], there[1] - here[1]
        if sorted((abs(dx), abs(dy))) != [0, 2]:
            return False
        between = kernel.occupant(engine, (here[0] + dx // 2, here[1] + dy // 2))
        mine = state.cards[source].controller
        if between is not None and state.cards[between].controller != mine:
            return False
    elif not kernel.adjacent(engine, source, target):
        return False
    return may_attack(engine, source, target)


def strength(engine: Engine, source: int, cause: Cause, kind: str) -> tuple[int, int, int]:
    """The attack's X-Y-Z: the value of the keyword that gave the ability; a tier of the
    simple strike as its value ("Throw weak simple strike") is that tier as printed, for
    all three, unmodified (§205.1а, T-08)."""
    ability = ability_of(engine, cause.ability)
    values = dict(ability.keyword_values) if ability is not None else {}
    text = values.get("X-Y-Z") or str(engine.definition(source).get(kind) or "0-0-0")
    if text in strike.TIERS:
        value = strike.printed_strike(engine, source)[strike.TIERS.index(text)]
        return value, value, value
    weak, medium, strong = (int(v) for v in text.split("-"))
    return weak, medium, strong


def perform(kernel: FieldKernel, engine: Engine, cause: Cause, target: int, verb: str) -> bool:
    """One attack ability against ``target``; False when it is illegal (nothing happens)."""
    state = engine.state
    source = cause.source
    kind, qualities = ATTACKS[verb]
    if source is None or not legal(kernel, engine, source, target, kind):
        return False
    state.data.update(attacker=source, reflector=target, attack_kind=kind)
    try:
        dealt = _objects(kernel, engine, cause, source, target, kind, qualities)
    finally:
        for key in ("attacker", "reflector", "attack_kind"):
            state.data.pop(key, None)
        control.end_period(engine, "fight")  # (a ranged attack's too: it rolls, §205.5)
        control.end_period(engine, "attack")
    if dealt:  # §216.11: what its Wounds object triggered resolves before its Payment
        kernel.resolve_pending(engine)
    return True


def _objects(
    kernel: FieldKernel,
    engine: Engine,
    cause: Cause,
    source: int,
    target: int,
    kind: str,
    qualities: tuple[str, ...],
) -> int:
    """The attack's chain from its Target object to its Wounds object (§216.4–§216.11);
    the wounds it dealt."""
    state = engine.state
    me = state.cards[source].controller
    engine.emit(Event("attacks", subject=source, obj=target, player=me))
    engine.emit(Event("is_attacked", subject=target, obj=source))
    kernel.resolve_pending(engine)
    if state.result is not None or state.cards[target].zone not in kernel.play_zones:
        return 0
    # its Roll, Result, Calculation and Defense objects (§216.5–§216.10); its Target
    # object's window is the one of its declaration (``abilities.declare``)
    die = strike.natural(engine, source)
    kernel.resolve_pending(engine)  # what the roll triggered: Plague, "while fighting" (§216.5)
    if state.result is not None or state.cards[target].zone not in kernel.play_zones:
        return 0
    strike.window(kernel, engine, None, "result", source)
    result = die + engine.stat(source, "die_roll")
    strike.window(kernel, engine, None, "calculation", source)
    chains = state.data.get(strike.CHAIN, ())
    chain = chains[-1] if chains and chains[-1]["source"] == source else None
    chain = chain or {"source": source, "blocked": False, "cancelled": False}
    if not strike.window(kernel, engine, chain, "defense", source):
        return 0  # blocked or cancelled: no wounds (its Payment is its declaration's)
    tier = min(strike.tier(result), int(chain.get("reduced", strike.STRONG)))
    # §422.4: the strength's modifiers by group, the target's own, then a set-to
    found = modifiers.parts(engine, source, "strength")
    value = strength(engine, source, cause, kind)[tier]
    value = max(0, modifiers.ordered(engine, value, found, source, target))
    value = attack_value(engine, target, value, qualities)
    value = modifiers.set_value(engine, source, target, value, "strength")
    if value <= 0:
        return 0
    dealt = int(
        engine.apply(
            "deal_damage",
            cause,
            target=target,
            amount=value,
            kind="wound",
            source=source,
            qualities=qualities,
        )
        or 0
    )
    if dealt:  # its «При [тип атаки]…» abilities, as a simple strike's «При ударе» ones
        wounds_dealt_by(engine, kind, source, target, dealt)
    return dealt


def primitive(kernel: FieldKernel, verb: str) -> Any:
    def run(engine: Engine, cause: Cause, target: Any, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        return perform(kernel, engine, cause, target, verb)

    return run


def primitives(kernel: FieldKernel) -> dict[str, Any]:
    return {verb: primitive(kernel, verb) for verb in ATTACKS}
