"""Computed characteristics: a card's stats and type as printed, then as standing text and
lasting effects change them, and the context card text is read in."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, cast

from cardscript.grammar import ast
from cardscript.interpreter.card_plans import _plan, selected_by_definition
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.lasting import in_group
from cardscript.interpreter.play_index import _GETS, _SETS
from cardscript.interpreter.select import Context, candidates, selects, test
from cardscript.interpreter.stat_values import stat_value

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.parts import EngineParts
else:
    EngineParts = object


class Characteristics(EngineParts):
    """Stats, types and what a lasting effect covers (a mixin of ``Engine``)."""

    # the cards whose type is being worked out, with their type so far (``card_type``):
    # not a field, an instance has it only while a group asks
    _typing: ClassVar[tuple[tuple[int, str], ...]] = ()

    def stat(self, uid: int, stat: str, fixed: bool = True) -> int:
        """Printed value; then changes that set it ("has ATK 0"), the newest winning; then
        changes that add to it, static abilities first and lasting effects in timestamp
        order; then those that multiply it ("double", "half"), a fraction rounded up; the
        kernel clamps last (e.g. negative counts as 0). A kernel whose ``set_overrides``
        is on (Marvel Champions, Berserk) adds and multiplies first and lets a set value
        override them all. ``fixed=False``: without the changes that set it (a kernel that
        picks among them itself, ``stat_sets``)."""
        engine: Engine = self  # type: ignore[assignment]  # not ``cast``: a call per stat
        kernel, state = self.kernel, self.state
        gets = None  # the standing "get" text in play, where read here (not read twice)
        if not state.lasting:
            game = self._game  # ``game_keys`` written out: asked for every stat
            if game[1] != state.next_uid:
                game = self._know_game()
            keys = game[7]  # the keys of stat-changing text some card of the game has
            for key in keys:
                found = self.in_play(key)
                if found:
                    if key is _GETS:
                        gets = found
                    break
            else:  # no text changes any stat now: the printed value, clamped
                if not kernel.printed_by_definition:
                    return kernel.clamp(engine, uid, stat, kernel.printed(engine, uid, stat))
                # the kernel's answer for this card of the pool, asked once (calls fewer)
                known = self.pool.memo.get(kernel.__class__)
                if known is not None:
                    found = known.get((state.cards[uid].card_id, stat))
                    if found is not None:
                        return found
                return _remember_printed(engine, uid, stat)
            # no card of the game sets a stat, nothing lasting does: no set value
            fixed = fixed and _SETS in keys
        value = kernel.printed(engine, uid, stat)
        sets = self.stat_sets(uid, stat) if fixed else ()
        newest = sets[-1][1] if sets else None
        total = value if newest is None or self.kernel.set_overrides else newest
        scales: list[Fraction] = []
        for delta in self._stat_deltas(uid, stat, gets):
            if isinstance(delta, Fraction):
                scales.append(delta)
            else:
                total += delta
        for effect in self.state.lasting:
            if effect.get("stat") != stat or not self.covers(effect, uid):
                continue
            if effect["kind"] == "stat":
                total += effect["delta"]
            elif effect["kind"] == "scale":
                scales.append(SCALES[effect["scale"]])
        if scales:  # whole numbers unless something multiplies
            total = math.ceil(math.prod(scales, start=Fraction(total)))
        if newest is not None and self.kernel.set_overrides:
            total = newest
        return self.kernel.clamp(engine, uid, stat, total)

    def card_type(self, uid: int) -> str:
        """The card's type: printed, or as the newest lasting change made it ("target
        obligation becomes a minion": only a minion now, MC2-T-068)."""
        kind = self.definition(uid).type
        if not self.state.lasting:
            return kind
        typing = self._typing
        for asked, before in typing:
            if asked == uid:  # its group asks its type: as it was before that change
                return before
        for effect in self.state.lasting:
            if effect["kind"] != "type":
                continue
            if uid in effect["uids"]:
                kind = effect["type"]  # kept in timestamp order: the newest wins
            elif "group" in effect:
                # ("each treachery … becomes a minion": whether the card is one asks its
                # type, which is being worked out: the type before this change answers)
                setattr(self, "_typing", (*typing, (uid, kind)))  # noqa: B010 (a ClassVar)
                try:
                    if in_group(cast("Engine", self), effect, uid):
                        kind = effect["type"]
                finally:
                    setattr(self, "_typing", typing)  # noqa: B010
        return kind

    def covers(self, effect: dict[str, Any], uid: int) -> bool:
        """Does the lasting effect cover the card: one it found when it started, or one its
        group holds now where the kernel lets a group grow (``lasting.py``)?"""
        return uid in effect["uids"] or (
            "group" in effect and in_group(cast("Engine", self), effect, uid)
        )

    def stat_sets(self, uid: int, stat: str) -> list[tuple[int | None, int]]:
        """The changes that set a card's stat now, as (the card whose text or effect it
        is, the value), oldest first: standing text by its card's timestamp, then lasting
        effects in timestamp order (the last one is the newest)."""
        found: list[tuple[int, int | None, int]] = []
        for source, ability, node in self.in_play(_SETS):
            if not self.static_applies(source, ability, node):
                continue
            for step in node.effects.steps:
                if (
                    not isinstance(step, ast.Clause)
                    or step.action.verb != "set_stat"
                    or step.action.name != stat
                    or step.subject is None
                    or step.duration is not None
                ):
                    continue
                ctx = self.context(source, ability)
                if selects(ctx, step.subject, uid):
                    stamp = self.state.cards[source].timestamp
                    found.append((stamp, source, ctx.amount(step.action.amount)))
        found.sort(key=lambda f: f[0])  # stable: the later in zone order wins a tie
        out = [(source, value) for _, source, value in found]
        for effect in self.state.lasting:
            if effect["kind"] == "set" and effect["stat"] == stat and self.covers(effect, uid):
                out.append((None, effect["value"]))  # lasting effects are in timestamp order
        return out

    def _stat_deltas(
        self, uid: int, stat: str, gets: Sequence[tuple[int, CompiledAbility, Any]] | None = None
    ) -> Iterable[int | Fraction]:
        """What static abilities change a stat by: an int adds, a Fraction multiplies;
        ``gets``: ``in_play(_GETS)``, where the caller has read it at this clock."""
        engine: Engine = self  # type: ignore[assignment]
        for source, ability, node in self.in_play(_GETS) if gets is None else gets:
            changes = _stat_changes(node, stat)
            if not changes:
                continue  # it changes other stats (or none): who it covers does not matter
            if not self.static_applies(source, ability, node):
                continue
            # one context for the text's steps, made only where one asks: binding "where X
            # is …" again would count the same cards (nothing changes while a stat is read)
            ctx = None
            for step, mods, deltas, plan in changes:
                if plan is not None:
                    # no X: the card's definition and controller may say (a context costs)
                    said = selected_by_definition(engine, plan, source, uid)
                    if said is not None:
                        if said:
                            yield from deltas
                        continue
                if ctx is None:
                    ctx = self.context(source, ability)
                    if node.effects.where:
                        bind_where(ctx, node.effects)
                if selects(ctx, step.subject, uid):
                    if deltas is not None:
                        yield from deltas
                        continue
                    for mod in mods:
                        yield SCALES.get(mod.delta) or delta_value(mod.delta, ctx)

    def static_applies(
        self, source: int, ability: CompiledAbility, node: ast.EffectAbility
    ) -> bool:
        engine: Engine = self  # type: ignore[assignment]  # not ``cast``: a call per text
        if not self.kernel.static_active(engine, source, ability):
            return False
        if node.condition is not None:
            return test(self.context(source, ability), node.condition)
        if node.during is not None:
            return self.kernel.during(engine, self.state.cards[source].controller, node.during)
        return True


SCALES = {"double": Fraction(2), "half": Fraction(1, 2)}  # multiplying modifiers


def _remember_printed(engine: Engine, uid: int, stat: str) -> int:
    """The kernel's clamped printed value, remembered in the pool's memo (cleared when a
    card joins the pool) per kernel class and (card id, stat): ``printed_by_definition``."""
    kernel = engine.kernel
    value = kernel.clamp(engine, uid, stat, kernel.printed(engine, uid, stat))
    known = engine.pool.memo.setdefault(kernel.__class__, {})
    known[(engine.state.cards[uid].card_id, stat)] = value
    return value


_CHANGES: dict[tuple[int, str], tuple[ast.Node, tuple[Any, ...]]] = {}


def _stat_changes(node: ast.EffectAbility, stat: str) -> tuple[Any, ...]:
    """The standing "get" steps of a text that change ``stat``, each with its modifiers of
    it, their fixed values and its subject's plan where that may be read without a
    context (``selected_by_definition``: no X), in text order (remembered per text and
    stat: card text never changes)."""
    found = _CHANGES.get((id(node), stat))
    if found is not None and found[0] is node:
        return found[1]
    changes = []
    for step in node.effects.steps:
        if not isinstance(step, ast.Clause) or step.action.verb != "get":
            continue
        if step.duration is not None or step.subject is None:
            continue
        mods = tuple(mod for mod in step.action.stat_mods if mod.stat == stat)
        if mods:
            deltas, plan = _fixed_deltas(mods), None
            subject = step.subject
            if deltas is not None and not node.effects.where and isinstance(subject, ast.Cards):
                plan = _plan(subject)
                plan = plan if plan.by_definition else None
            changes.append((step, mods, deltas, plan))
    if len(_CHANGES) > 20_000:
        _CHANGES.clear()  # pools come and go (tests): keep the memory bounded
    _CHANGES[(id(node), stat)] = (node, tuple(changes))
    return tuple(changes)


def _fixed_deltas(mods: tuple[Any, ...]) -> tuple[int | Fraction, ...] | None:
    """What the modifiers change a stat by where no context speaks ("+1", "double"); None
    where one does (X)."""
    found: list[int | Fraction] = []
    for mod in mods:
        delta = mod.delta
        number = SCALES.get(delta) or _fixed_delta(delta)
        if number is None:
            return None
        found.append(number)
    return tuple(found)


def _fixed_delta(text: str) -> int | None:
    """A modifier's "+N" or "-N"; None for one that names a value ("+X")."""
    body = text[1:]
    if not body.isdigit():
        return None
    return -int(body) if text.startswith("-") else int(body)


def delta_value(text: str, ctx: Context) -> int:
    fixed = _fixed_delta(text)
    if fixed is not None:
        return fixed
    return (-1 if text.startswith("-") else 1) * ctx.bindings.get(text[1:], 0)


def bind_ability_where(ctx: Context, ability: ast.Node) -> None:
    """``bind_where`` for an ability's effects, where it has any ("… where X is …")."""
    steps = getattr(ability, "effects", None)
    if isinstance(steps, ast.Steps) and steps.where:
        bind_where(ctx, steps)


def bind_where(ctx: Context, steps: ast.Steps) -> None:
    for binding in steps.where:
        bind_one(ctx, binding)


def bind_one(ctx: Context, binding: ast.Binding) -> None:
    """X as "where X is …" says: a count of cards, or a card's stat (``stat_values``)."""
    said = binding.selector
    value = stat_value(ctx, said) if isinstance(said, ast.StatValue) else len(candidates(ctx, said))
    ctx.bindings = {**ctx.bindings, binding.name: value}  # replaced: contexts share them
