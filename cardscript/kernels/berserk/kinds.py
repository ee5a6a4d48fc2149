"""Kinds of abilities (spec berserk.md §401, §13.1), protections (§411) and prevention
(§420): what a wound is dealt by, whether the card is protected from it, and how much of it
the card's standing "prevent" texts stop (Armor X, Steadfastness, Camouflage).

A wound carries its kinds as ``qualities``: an attack names them (``attack``, ``melee`` or
``ranged``, ``magic``, and ``simple_strike``, ``shot``…); a card ability that names none is
a spell if its line is labelled ``Spell:`` and an influence otherwise (§401.6); a wound
the card gives itself (``self``) has no kind.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.characteristics import bind_ability_where
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.select import selects, test
from cardscript.interpreter.standing_prevention import budget_name
from cardscript.kernels.berserk import copies

SPELL = ("spell", "magic")
INFLUENCE = ("influence",)
# an attack's kind -> the events its attacker's «При [тип атаки]…» abilities trigger on,
# emitted in that order in the attack's Wounds object (§216.11, §401): its own, then
# «при ближнем ударе» for a melee strike and «при ударе» for every strike, a strike
# through a row included (DICT «Удар Через Ряд»: ranged, and a strike, not a melee one)
ATTACK_EVENTS: dict[str, tuple[str, ...]] = {
    "simple_strike": ("simple_strikes", "melee_strikes", "strikes"),
    "shot": ("shoots",),
    "throw": ("throws_at",),
    "discharge": ("discharges_at",),
    "special_strike": ("special_strikes", "melee_strikes", "strikes"),
    "magic_strike": ("magic_strikes", "melee_strikes", "strikes"),
    "row_strike": ("row_strikes", "strikes"),
}
# triggered by the card's own attack («при атаке», «при нападении», «при ударе»,
# «при выстреле»…: one family, A37)
ATTACK_TRIGGERS = frozenset({"attacks"}.union(*ATTACK_EVENTS.values()))

# §401: the kinds of abilities and properties, as nouns card text names ("by discharges")
ACT_KINDS = frozenset(
    {
        "attack",
        "simple_strike",
        "special_strike",
        "magic_strike",
        "shot",
        "throw",
        "discharge",
        "row_strike",
        "spell",
        "influence",
    }
)
# "while this is shooting": the adjective for attacking with each kind
KIND_OF_ACT = {
    "striking": "simple_strike",
    "shooting": "shot",
    "throwing": "throw",
    "discharging": "discharge",
}


def wounds_dealt_by(engine: Engine, kind: str, striker: int, struck: int, dealt: int) -> None:
    """In an attack's Wounds object, once ``striker`` has dealt ``struck`` ``dealt``
    wounds with an attack of ``kind``: its «При [тип атаки]…» events (``ATTACK_EVENTS``)."""
    for name in ATTACK_EVENTS[kind]:
        engine.emit(Event(name, subject=striker, obj=struck, amount=dealt))


def ability_of(engine: Engine, key: str | None) -> CompiledAbility | None:
    """The compiled ability behind a cause's ``card#index`` key."""
    if not key or "#" not in key:
        return None
    return engine.pool.ability(key)


def kinds_of(engine: Engine, cause: Cause, qualities: tuple[str, ...]) -> tuple[str, ...]:
    """§401: the kinds of what deals a wound."""
    if qualities:
        return () if "self" in qualities else qualities
    ability = ability_of(engine, cause.ability)
    if ability is None:
        return ()
    label = ability.line.label
    if label is not None and label.name == "spell":
        return SPELL
    node = ability.node
    if isinstance(node, ast.Triggered) and node.event.event in ATTACK_TRIGGERS:
        return (*INFLUENCE, "attack_triggered")  # Thick Skin (DICT «Толстокожесть»)
    return INFLUENCE


def protected(engine: Engine, target: int, source: int | None, kinds: tuple[str, ...]) -> bool:
    """§411: the target "cannot be affected by" one of these kinds of ``source``'s acts
    (Protection from Shots, Discharges, Magic…), unless the source ignores that
    protection (§408, §411.4а)."""
    if source is None or not kinds:
        return False
    if source in engine.state.cards:
        ignored = str(engine.rule("ignores_protection_from", uid=source))
        kinds = tuple(k for k in kinds if k != ignored)
    return permitted_acting(engine, "be_affected", target, source, kinds) is False


def speaks_of(engine: Engine, permission: str) -> bool:
    """Might any text in play or lasting effect allow or forbid ``permission`` now? (Asking
    once spares asking ``engine.permitted`` card by card.)"""
    if engine.state.lasting:
        return True
    if not engine.permissions_speak():
        return False
    return any(
        isinstance(step, ast.Clause) and step.action.name == permission
        for _, _, node in engine.in_play(("verb", "permission"))
        for step in node.effects.steps
    )


def permitted_acting(
    engine: Engine, what: str, target: int, source: int, kinds: tuple[str, ...]
) -> bool | None:
    """``engine.permitted`` while ``source`` acts with these kinds, so that text about
    "… by discharges" or "… by enemy shots" speaks of it."""
    data = engine.state.data
    before = data.get("acting")
    data["acting"] = [source, list(kinds)]
    try:
        return engine.permitted(what, target, obj=source)
    finally:
        if before is None:
            data.pop("acting", None)
        else:
            data["acting"] = before


def poisonable(engine: Engine, uid: object) -> bool:
    """May the card be poisoned: a creature whose text does not forbid it (DICT «Отравление»)."""
    return (
        isinstance(uid, int)
        and engine.definition(uid).type == "creature"
        and engine.permitted("be_poisoned", uid) is not False
    )


def may_attack(engine: Engine, source: int, target: int) -> bool:
    """May ``target`` be the initial target of an attack by ``source``? Not when it
    "cannot be attacked by" it (Hideout against flyers), unless the source ignores the
    named ability that forbids it (hook ``ignored_ability``, §408.6)."""
    if engine.permitted("be_attacked", target, obj=source) is not False:
        return True
    ignored = str(engine.rule("ignored_ability", uid=source))
    return ignored != "none" and engine.has_keyword(target, ignored)


def attack_value(engine: Engine, struck: int, value: int, kinds: tuple[str, ...]) -> int:
    """A hit's value with the target's modifiers (§422.4 group 4): Vulnerability's +1 to
    every attack, Vulnerability to [kind]'s +1 to that kind, Shield of Arkhaal's −1 for each
    adjacent poisoned creature. A Miss is not a hit (A21)."""
    value += engine.stat(struck, "vulnerability")
    if str(engine.rule("vulnerable_to", uid=struck)) in kinds:
        value += 1
    if "attack" in kinds and "magic" not in kinds:  # Shield of Arkhaal X: at most -X
        shield = engine.stat(struck, "arkhaal_shield")
        cap = engine.rule("penalty_cap", uid=struck)
        value -= min(shield, cap) if isinstance(cap, int) else shield
    return value


def _prevents(
    engine: Engine, uid: int, ability: CompiledAbility, protected: int | None = None
) -> Iterator[tuple[ast.Action, ast.Node | None]]:
    """The "prevent" steps of one standing text of ``uid``: those about ``uid`` itself,
    or (``protected``) those whose "dealt to <cards>" covers that other card."""
    node = ability.node
    if not isinstance(node, ast.EffectAbility):
        return
    if node.condition is not None and not test(engine.context(uid, ability), node.condition):
        return
    for step in node.effects.steps:
        if not isinstance(step, ast.Clause) or step.action.verb != "prevent":
            continue
        target = step.action.target
        if protected is None:
            if target is None or isinstance(target, ast.ThisCard):
                yield step.action, step.action.source
        elif isinstance(target, ast.Cards) and selects(
            engine.context(uid, ability), target, protected
        ):
            yield step.action, step.action.source


def _guards(engine: Engine) -> list[tuple[int, CompiledAbility]]:
    """Standing texts in play that prevent wounds dealt to cards other than their own."""
    out = []
    for source, ability, node in engine.in_play(ast.EffectAbility):
        found = _GUARDS.get(id(node))
        if found is None:
            found = _GUARDS[id(node)] = any(
                isinstance(s, ast.Clause)
                and s.action.verb == "prevent"
                and isinstance(s.action.target, ast.Cards)
                for s in node.effects.steps
            )
        if found and engine.kernel.static_active(engine, source, ability):
            out.append((source, ability))
    return out


_GUARDS: dict[int, bool] = {}  # by AST node id: nodes live as long as their card pool


def _by(
    engine: Engine,
    uid: int,
    selector: ast.Node | None,
    source: int | None,
    kinds: tuple[str, ...],
) -> bool:
    """Does "by <selector>" ("by non-magic attacks", "by influences an opponent
    controls") describe what deals this wound?"""
    if not isinstance(selector, ast.Cards):
        return selector is None
    if selector.noun not in kinds:
        return False
    for quality in selector.qualities:
        if quality.kind == "adj" and (quality.value in kinds) == quality.negated:
            return False
    mine = engine.state.cards[uid].controller
    theirs = engine.state.cards[source].controller if source in engine.state.cards else None
    for f in selector.filters:
        if f.kind == "opponent_controls" and (theirs is None or theirs == mine):
            return False
        if f.kind == "you_control" and theirs != mine:
            return False
    return True


def keyword_lost(engine: Engine, uid: int, ability: CompiledAbility) -> bool:
    """Was the keyword that gave this ability lost ("this loses Poisoning X", §407.5)?"""
    if not ability.origin.startswith("keyword:") or not engine.state.lasting:
        return False
    return engine.ability_lost(uid, ability)


Prevention = tuple[int, CompiledAbility, ast.Action, ast.Node | None]


def _working(engine: Engine, uid: int) -> list[Prevention]:
    """The prevention texts that work on the card now, with the card whose text each is:
    the card's own, of several with one keyword's name only the one with the highest X,
    the earliest on a tie (§414.4–414.5, T-73); then other cards' ("prevent the first
    wound dealt to creatures you control"), those of the card's controller first
    (§420.3б), each player's in zone order (``prevention`` asks for the order, §420.3а)."""
    found: list[Prevention] = []
    best: dict[str, tuple[int, int]] = {}  # keyword -> (its X, its place in found)
    for ability in engine.card_abilities(uid):
        if keyword_lost(engine, uid, ability):
            continue
        for action, selector in _prevents(engine, uid, ability):
            if ability.origin.startswith("keyword:") and action.word == "the first":
                x = _amount(engine, uid, ability, action)
                if ability.origin in best and best[ability.origin][0] >= x:
                    continue
                if ability.origin in best:
                    found[best[ability.origin][1]] = (uid, ability, action, selector)
                    best[ability.origin] = (x, best[ability.origin][1])
                    continue
                best[ability.origin] = (x, len(found))
            found.append((uid, ability, action, selector))
    others = [
        (source, ability, action, selector)
        for source, ability in _guards(engine)
        for action, selector in _prevents(engine, source, ability, uid)
    ]
    mine = engine.state.cards[uid].controller
    others.sort(key=lambda p: engine.state.cards[p[0]].controller != mine)
    return found + others


def _in_chosen_order(
    engine: Engine, uid: int, working: list[Prevention], amount: int
) -> list[Prevention]:
    """§420.3: the target's controller's effects first (§420.3б, ``_working``); among one
    player's effects the target's controller chooses the order (§420.3а), asked when two
    or more of them could prevent these wounds."""
    if len(working) < 2 or amount <= 0:
        return working
    cards = engine.state.cards
    chooser = cards[uid].controller
    out: list[Prevention] = []
    for side in (chooser, 1 - chooser):
        group = [p for p in working if cards[p[0]].controller == side]
        if len(group) > 1:
            labels = [f"{engine.describe(p[0])}: prevent {p[2].word or ''}".strip() for p in group]
            prompt = f"order the prevention of wounds to {engine.describe(uid)}"
            picked = engine.choose(chooser, "order", prompt, group, labels, len(group), len(group))
            group = [group[i] for i in picked]
        out.extend(group)
    return out


def _amount(engine: Engine, uid: int, ability: CompiledAbility, action: ast.Action) -> int:
    """How many wounds a prevention text stops, its "where X is" counted now."""
    ctx = engine.context(uid, ability)
    bind_ability_where(ctx, ability.node)
    return ctx.amount(action.amount)


def _budget(engine: Engine, guard: int, ability: CompiledAbility) -> str:
    """The ``state.used`` key of a "the first N … each <period>" budget: the engine's
    (``standing_prevention.budget_key``), so ``Engine.end_period`` starts it again when its
    own period ends, never when the text names none (§420.6); each copy of a same-name
    ability its own (§414.5, ``copies``)."""
    copy = copies.working(engine, guard, ability)
    return f"{guard}{' ' + copy if copy else ''}:{budget_name(ability)}"


def prevention(
    engine: Engine, uid: int, amount: int, source: int | None, kinds: tuple[str, ...]
) -> int:
    """§420: the wounds left after the prevention texts that work on the card, in the
    order of ``_working``. "Prevent the first X … each turn" keeps a budget per text per
    period (Armor X: per turn, ``_budget``); any other amount ("prevent all", "prevent 1
    wound dealt to this each turn") stops that much of each wound, and with "once per
    turn" is used up by the first matching wound even when nothing is left to prevent
    (Camouflage, T-30c)."""
    used = engine.state.used
    working = [p for p in _working(engine, uid) if _by(engine, p[0], p[3], source, kinds)]
    for guard, ability, action, _ in _in_chosen_order(engine, uid, working, amount):
        if action.word == "the first":
            key = _budget(engine, guard, ability)
            limit = _amount(engine, guard, ability, action)
            stopped = max(0, min(limit - used.get(key, 0), amount))
            used[key] = used.get(key, 0) + stopped
            amount -= stopped
        elif engine.within_limits(ability, guard):
            engine.count_use(ability, guard)
            amount = max(0, amount - _amount(engine, guard, ability, action))
    return amount
