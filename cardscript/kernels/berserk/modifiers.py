"""Modifiers (spec berserk.md §18.12; §422): which playable abilities give die-roll
modifiers, the verbs that bless and curse, and the order modifiers apply in.

A playable ability gives a die-roll modifier when its effects change the ``die_roll`` stat
("target creature gets -2 die roll"), bless or curse a card (Blessing is +1 to all its die
rolls, Curse −1, DICT 20.4, 20.39), or give it a keyword whose text changes its die roll
("gains Blessing", an Experience): such an ability may be played only while a Result
object is on top (§422.3).

The order (§422.4): a numeric value of an ability (a tier of the simple strike, an attack
ability's strength, a non-attack ability's wounds: ``ability_damage``) takes the
modifiers of the cards in its source's squad other than the source (group 1), of the
source (2), of the cards in its target's squad other than the target (3), of the target
(4); the rules' clamp of a die (5) is the strike's and
``attacks``'; one that sets the value comes last (6, ``set_value``), the target's
controller choosing among several. Within a group the controller of its sources orders
them where the order matters: an addition and a multiplication (§422.4а).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from contextlib import nullcontext
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.characteristics import SCALES, bind_where, delta_value
from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.last_known import in_play_as_it_was
from cardscript.interpreter.select import selects
from cardscript.kernels.berserk.kinds import poisonable

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

DIE = "die_roll"
DAMAGE = "ability_damage"  # the wounds of a non-attack ability (a spell's, §422.1)
# the verbs giving a keyword that modifies the die (DICT «Благословление», «Проклятье»)
DIE_VERBS = {"bless": "Blessing", "curse": "Curse"}


def stat_mods(node: object) -> list[ast.StatMod]:
    """Every stat modifier written anywhere in an ability's syntax tree."""
    found: list[ast.StatMod] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.StatMod):
            found.append(item)
        elif isinstance(item, tuple | list):
            stack.extend(item)
        elif hasattr(item, "__dataclass_fields__"):
            stack.extend(getattr(item, f) for f in item.__dataclass_fields__)
    return found


def _keyword_changes_die(engine: Engine, name: str) -> bool:
    """Does the keyword's definition change its card's die roll (Blessing, Curse, the
    Experiences)?"""
    key = name.casefold()
    for definition in engine.game.keyword_defs:
        if definition.name.casefold() == key:
            return any(m.stat == DIE for m in stat_mods(definition.body))
    return False


def _gives_die_keyword(engine: Engine, item: object) -> bool:
    """Is the node an action that blesses, curses or gives a die-changing keyword?"""
    if not isinstance(item, ast.Action):
        return False
    if item.verb == "primitive" and item.name in DIE_VERBS:
        return True
    return item.verb in ("gain_keyword", "have") and any(
        _keyword_changes_die(engine, k.name) for k in item.keywords
    )


_DIE_MODIFIERS: dict[int, tuple[object, bool]] = {}  # id(node) -> (node, answer)


def die_modifier(engine: Engine, ability: CompiledAbility) -> bool:
    """Do the ability's effects give die-roll modifiers (§422.3)? Remembered per node."""
    node = ability.node
    found = _DIE_MODIFIERS.get(id(node))
    if found is None or found[0] is not node:
        effects = getattr(node, "effects", None)
        gives = any(m.stat == DIE for m in stat_mods(effects))
        if not gives and isinstance(effects, ast.Node):
            gives = any(_gives_die_keyword(engine, item) for item in effects.walk())
        found = (node, gives)
        _DIE_MODIFIERS[id(node)] = found
    return found[1]


def give_keyword(kernel: FieldKernel, keyword: str, *args: str) -> Any:
    """A verb giving the card a keyword until the battle ends (no duration given,
    §407.2), shown by a marker (§200.6): "bless" Blessing, "curse" Curse, "poison"
    Poisoning 1, not to an artifact nor a creature that cannot be poisoned
    (Incorporeality, Protection from Poison; DICT «Отравление»)."""

    def run(engine: Engine, cause: Cause, target: Any, **_: Any) -> bool:
        if not isinstance(target, int) or engine.state.cards[target].zone not in kernel.play_zones:
            return False
        if keyword == "Poisoning" and not poisonable(engine, target):
            return False
        engine.state.lasting.append(
            {
                "kind": "keyword",
                "keyword": keyword.casefold(),
                "gain": True,
                "args": list(args),
                "uids": [target],
                "until": kernel.default_duration,
                "timestamp": engine.state.tick(),
                "cause": cause.as_dict(),
            }
        )
        return True

    return run


_RULE_KEYWORDS: dict[int, tuple[object, int, str]] = {}  # id(pool) -> (pool, version, text)


def rule_keywords(engine: Engine) -> str:
    """The keywords the rules' verbs give (``Kernel.rule_keywords``): Poisoning 1 ("poison")
    always, Blessing and Curse only where a card of the pool blesses or curses, since a
    gainable "this gets …" makes every stat look its modifiers up."""
    pool = engine.pool
    known = _RULE_KEYWORDS.get(id(pool))
    if known is not None and known[0] is pool and known[1] == pool.version:
        return known[2]
    nodes = [n for card in pool.cards.values() for a in card.abilities for n in a.node.walk()]
    for node in list(nodes):  # and in the abilities text grants ('this has "…"')
        if isinstance(node, ast.Action) and node.verb == "grant_ability":
            nodes.extend(n for line in pool.granted_lines(node.text or "") for n in line.walk())
    verbs = {
        node.name
        for node in nodes
        if isinstance(node, ast.Action) and node.verb == "primitive" and node.name in DIE_VERBS
    }
    text = ", ".join(["Poisoning 1", *(DIE_VERBS[v] for v in sorted(verbs))])
    _RULE_KEYWORDS[id(pool)] = (pool, pool.version, text)
    return text


def primitives(kernel: FieldKernel) -> dict[str, Any]:
    out = {verb: give_keyword(kernel, keyword) for verb, keyword in DIE_VERBS.items()}
    out["poison"] = give_keyword(kernel, "Poisoning", "1")
    return out


class Part(NamedTuple):
    """One modifier of a value: the card giving it (None: no card), an int that adds or a
    Fraction that multiplies, and how a player is shown it."""

    giver: int | None
    change: int | Fraction
    label: str


def _word(change: int | Fraction, stat: str) -> str:
    if isinstance(change, Fraction):
        return f"{'double' if change > 1 else 'half'} {stat}"
    return f"{change:+d} {stat}"


def parts(engine: Engine, uid: int, stat: str) -> list[Part]:
    """The modifiers changing the card's stat now: standing text ("creatures you control
    get +1 strike", the same reading as ``Engine.stat``) and lasting effects, each with
    the card that gives it."""
    out: list[Part] = []
    for source, ability, node in engine.in_play(("verb", "get")):
        steps = [
            step
            for step in node.effects.steps
            if isinstance(step, ast.Clause)
            and step.action.verb == "get"
            and step.duration is None
            and step.subject is not None
            and any(m.stat == stat for m in step.action.stat_mods)
        ]
        if not steps or not engine.static_applies(source, ability, node):
            continue
        ctx = engine.context(source, ability)
        bind_where(ctx, node.effects)
        name = engine.definition(source).name
        for step in steps:
            if step.subject is not None and selects(ctx, step.subject, uid):
                for mod in step.action.stat_mods:
                    if mod.stat == stat:
                        change = SCALES.get(mod.delta) or delta_value(mod.delta, ctx)
                        out.append(Part(source, change, f"{name}: {_word(change, stat)}"))
    for effect in engine.state.lasting:
        if effect.get("stat") != stat or not engine.covers(effect, uid):
            continue
        if effect["kind"] not in ("stat", "scale"):
            continue
        change = effect["delta"] if effect["kind"] == "stat" else SCALES[effect["scale"]]
        giver = effect.get("giver")
        name = engine.definition(giver).name if giver is not None else "rules"
        out.append(Part(giver, change, f"{name}: {_word(change, stat)}"))
    return out


def group(engine: Engine, giver: int | None, source: int, target: int | None) -> int:
    """§422.4: 1 the source's squad, 2 the source, 3 the target's squad, 4 the target."""
    if giver is None or giver == source:
        return 2
    if giver == target:
        return 4
    cards = engine.state.cards
    return 1 if cards[giver].controller == cards[source].controller else 3


def _in_order(engine: Engine, found: list[Part], source: int) -> list[Part]:
    """§422.4а: the controller of the group's sources (of the ability's source where no
    card gave them) orders it where that matters, while both additions and
    multiplications are left."""
    left, out = list(found), []
    while len({isinstance(p.change, Fraction) for p in left}) > 1:
        giver = next((p.giver for p in left if p.giver is not None), source)
        player = engine.state.cards[giver].controller
        prompt = "which modifier applies first?"
        (picked,) = engine.choose(player, "option", prompt, left, [p.label for p in left])
        out.append(left.pop(picked))
    return out + left


def ordered(engine: Engine, value: int, found: list[Part], source: int, target: int | None) -> int:
    """``value`` with the modifiers ``found`` applied group by group (1–4), each group in
    its controller's order; a multiplication rounds up (half of 3 is 2)."""
    if not found:
        return value
    return in_groups(engine, value, grouped(engine, found, source, target), source)


def grouped(
    engine: Engine, found: list[Part], source: int, target: int | None
) -> dict[int, list[Part]]:
    """The modifiers ``found`` by their group of §422.4 (``group``)."""
    groups: dict[int, list[Part]] = {}
    for part in found:
        groups.setdefault(group(engine, part.giver, source, target), []).append(part)
    return groups


def in_groups(engine: Engine, value: int, groups: dict[int, list[Part]], source: int) -> int:
    """``value`` with the modifiers of ``groups`` applied, the groups in order."""
    total: int | Fraction = value
    for key in sorted(groups):
        for part in _in_order(engine, groups[key], source):
            if isinstance(part.change, Fraction):
                total = math.ceil(total * part.change)
            else:
                total += part.change
    return int(total)


def set_value(engine: Engine, source: int, target: int, value: int, stat: str) -> int:
    """§422.4 group 6: a modifier that sets the value to a number ("enemy creatures have
    strike 1", "… have strength 2") applies last, after the source's, the target's and
    the rules' modifiers; of several with different numbers the target's controller picks
    one, the others do not apply (§422.4в)."""
    return chosen_set(engine, target, value, engine.stat_sets(source, stat), stat)


def chosen_set(
    engine: Engine, target: int, value: int, sets: list[tuple[int | None, int]], stat: str
) -> int:
    """``value`` set by one of ``sets`` (``Engine.stat_sets``), the target's controller
    choosing among different numbers; ``value`` where there is none."""
    if not sets:
        return value
    values = list(dict.fromkeys(v for _, v in sets))
    if len(values) > 1:
        labels = [f"{stat} {v}" for v in values]
        player = engine.state.cards[target].controller
        (picked,) = engine.choose(player, "option", f"which {stat} applies?", values, labels)
        return max(0, values[picked])
    return max(0, values[0])


def ability_damage(
    engine: Engine, source: int, target: int, amount: int, left: Sequence[Any] | None = None
) -> int:
    """The wounds a non-attack ability of ``source`` deals to ``target``: a numeric value of
    an ability (§422.1), so its modifiers apply by group and a set-to last (§422.4).
    ``left``: where the source last was in play, when it has left play since its ability
    went on the stack (``sources_left``): the modifiers are those that applied to it there
    (last-known information), found with it put back, applied as things are now."""
    with in_play_as_it_was(engine, source, left) if left else nullcontext():
        groups = grouped(engine, parts(engine, source, DAMAGE), source, target)
        sets = engine.stat_sets(source, DAMAGE)
    value = max(0, in_groups(engine, amount, groups, source))
    return chosen_set(engine, target, value, sets, DAMAGE)
