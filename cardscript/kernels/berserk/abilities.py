"""Playable abilities as main-phase actions (spec berserk.md §12, GLOSS «Действие карты»):
"close this → …" actions, "halt this → …" movement abilities, counter-paid abilities.

A card may declare one when it is revealed (a hidden card only a sudden one, and is revealed
by declaring it, §415.2), in a squad zone, within its per-turn limits, and its costs can be
paid: closing it needs an open card that has not acted this turn (an action; after it the
card neither moves nor acts again, §219); closing other cards ("close 2 creatures you
control") needs that many open ones, its own card open or not (no action of its, §104.3);
halting needs an open card that has neither moved nor acted (Leap, Teleportation,
Maneuver); removing or spending counters needs that many counters, its kindred cards' too
with Meditation (§103.6, §104.4, ``counter_costs``); opening it needs a closed card its
text lets open (``cost_cards.this_payable``). The first target is chosen with the
declaration (§412.1) among the legal ones (``targeting.py``). The effects run with that
target, then the costs are paid (``declare``).

A line labelled with a step of the preliminary phase is declared in that step only, and
no other ability then (§301.3): "Before recruitment:" (до набора отряда) from its card in
the deal, in the set preparation step (§303.1); "Before reveal:" (до вскрытия) from its
card in the squad, in the reveal step before the cards are revealed (§306.1). Such a line
is a triggered ability: «до» opens one (§405.1), and it is declared in a step where no
playable ability may be (§301.3), so it is one by the rules of triggered ones, a cost or
none (§413). It triggers as the reveal step begins (§306.1, §300.4), once, so it is
declared once (§405.2): where it can be, unless its text says «может» (§405.3,
``may_declare``; §306.1's "may declare" is the step's window for them, the first player
first, not a leave to pass them by); and its hidden card is revealed then, whether the
line is declared or not (§415.2, ``reveal_triggered``). A "Before recruitment:" line is a
playable one (§303.1): with no cost it is declared once in its step ([ASSUMPTION], "Before
recruitment: gain 1 silver."), with one as often as it is paid (``_once``). Such a line is
never a standing one (``declared_in``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardscript.grammar import ast
from cardscript.grammar.registry import Registry
from cardscript.interpreter import cost_cards, cost_x
from cardscript.interpreter.apart import placed
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Cause, Engine, Event
from cardscript.interpreter.select import matches_cards
from cardscript.kernels.berserk import (
    counter_costs,
    declared,
    hidden,
    may_declare,
    payment,
    redirection,
)
from cardscript.kernels.berserk.modifiers import die_modifier
from cardscript.kernels.berserk.strike import AFTER, BEFORE, CHAIN, ON_TOP
from cardscript.kernels.berserk.targeting import aimed, first_target, first_verb, legal_targets
from cardscript.once import once_per_object

if TYPE_CHECKING:
    from cardscript.kernels.berserk.movement import BoardKernel

Option = tuple[int, CompiledAbility, int | None]
PREPARATION = "set_preparation_step"  # «до набора отряда» abilities are declared then (§303)
REVEAL = "reveal_step"  # «до вскрытия» abilities are declared then (§306.1)
PREPARED = "prepared"  # state.data: the labelled ones declared once, "uid:key"


@once_per_object(16)
def _steps(registry: Registry) -> dict[str, str]:
    """Label id -> the step its lines are declared in (the registry's ``declared_in``)."""
    return {t.id: t.declared_in for t in registry.terms("LABEL") if t.declared_in is not None}


def declared_in(engine: Engine, ability: CompiledAbility) -> str | None:
    """The step its label says it is declared in, and only then (the registry's
    ``declared_in``): "Before recruitment:" (до набора отряда, GLOSS) the set preparation
    step, "Before reveal:" (до вскрытия) the reveal step."""
    label = ability.line.label
    return _steps(engine.game.registry).get(label.name) if label is not None else None


def _once(engine: Engine, ability: CompiledAbility) -> bool:
    """Is the labelled line declared once in its step? A "Before reveal:" one always: it
    triggers once, as the reveal step begins, and a triggered ability is declared once
    for each time it triggers (§306.1, §405.1–405.2); [ASSUMPTION] one with no cost (the
    rulebook sets "Before recruitment:" lines no limit, §303)."""
    step = declared_in(engine, ability)
    return step == REVEAL or (step is not None and not _costs(ability))


def reveal_triggered(kernel: BoardKernel, engine: Engine, order: list[int]) -> None:
    """As the reveal step begins, every "Before reveal:" line triggers (§306.1, §300.4),
    and a hidden card whose triggered ability triggers is revealed at once, a base effect
    (§415.2): each card with such a line, declared later or not, the first player's first."""
    for player in order:
        for uid in kernel.squad(engine, player):
            if not engine.state.cards[uid].face_up and _declarable(engine, uid, REVEAL):
                kernel.reveal_card(engine, uid)


def _labelled_step(engine: Engine) -> str | None:
    """The current step when labelled lines are declared in it (none other then)."""
    step = engine.state.step
    return step if step in _steps(engine.game.registry).values() else None


def _costs(ability: CompiledAbility) -> list[ast.Action]:
    costs = getattr(ability.node, "costs", None)
    if costs is None:
        return []
    return [s.action for s in costs.steps if isinstance(s, ast.Clause)]


def _spends(action: ast.Action) -> bool:
    """The cost "spend N" (``counter_costs``)."""
    return action.verb == "named_cost" and action.name == "spend"


def closes(ability: CompiledAbility) -> bool:
    """Does paying it close its own card ("close this →"): is it an action (GLOSS)?"""
    return any(_closes_this(a) for a in _costs(ability))


def _closes_this(action: ast.Action) -> bool:
    """The closing symbol (§104.3), not "close X creatures you control" (``cost_cards``)."""
    return (
        action.verb == "primitive"
        and action.name == "close"
        and (action.target is None or isinstance(action.target, ast.ThisCard))
    )


def idle(ability: CompiledAbility) -> bool:
    """Neither an action (closing) nor movement (halting): usable outside the main phase."""
    return not any(a.verb == "primitive" and a.name in ("close", "halt") for a in _costs(ability))


def payable(kernel: BoardKernel, engine: Engine, uid: int, ability: CompiledAbility) -> bool:
    card = engine.state.cards[uid]
    step = declared_in(engine, ability)
    if step is not None:  # in its step: from the deal (§303.1), from the squad (§306.1)
        zones = ("deal",) if step == PREPARATION else kernel.play_zones
        if engine.state.step != step or card.zone not in zones:
            return False
        if _once(engine, ability) and f"{uid}:{ability.key}" in engine.state.data.get(PREPARED, ()):
            return False  # declared already
    elif card.zone not in kernel.play_zones or _labelled_step(engine) is not None:
        return False
    if die_modifier(engine, ability) and engine.state.data.get(ON_TOP) != "result":
        return False  # §422.3: only while a Result object is on top
    if redirection.redirects(ability) and not redirection.declarable(engine, uid):
        return False  # §412.3, §412.5, §412.6
    sudden = any(mod.kind == "any_time" for mod in ability.line.mods)
    if not card.face_up and step is None and not sudden:
        return False  # a hidden card may declare only sudden abilities, revealing itself
    if not engine.within_limits(ability, uid):
        return False
    for action in _costs(ability):
        if _closes_this(action):  # a closed card cannot act (§104.3, §219)
            if kernel.closed(engine, uid) or card.data.get("acted"):
                return False
            if engine.permitted("act", uid) is False:
                return False
        elif action.verb == "primitive" and action.name == "halt":
            if not kernel.can_move_at_all(engine, uid):
                return False
        elif (action.verb == "remove_counters" or _spends(action)) and not _x(action):
            needed = engine.context(uid, ability).amount(action.amount)
            counter = "counter" if _spends(action) else action.name or "counter"
            if needed <= 0 or counter_costs.available(kernel, engine, uid, counter) < needed:
                return False
        elif not cost_cards.this_payable(engine, uid, action):
            return False  # "open this" only while closed, not where "This cannot be opened."
    return cost_x.payable(engine, uid, ability, card.controller)  # an X: 1 at least


def _x(action: ast.Action) -> bool:
    """A cost of X (``payment``: chosen on declaration, what can be paid then)."""
    return action.amount is not None and action.amount.kind == "var"


def options(
    kernel: BoardKernel,
    engine: Engine,
    player: int,
    only: Callable[[CompiledAbility], bool] | None = None,
) -> list[Option]:
    """Every playable ability ``player`` may declare now (``only`` those it accepts), with
    each legal first target; in the set preparation step, the "Before recruitment:" ones
    of the cards in their deal (§303.1); in the reveal step, the "Before reveal:" ones of
    their squad (§306.1)."""
    out: list[Option] = []
    step = _labelled_step(engine)
    deal = step == PREPARATION
    cards = engine.state.players[player].zone("deal") if deal else kernel.squad(engine, player)
    for uid in cards:
        for ability in _declarable(engine, uid, step):
            if only is not None and not only(ability):
                continue
            if not payable(kernel, engine, uid, ability):
                continue
            if first_target(ability) is None:
                out.append((uid, ability, None))
                continue
            out.extend((uid, ability, t) for t in legal_targets(kernel, engine, uid, ability))
    return out


def _declarable(engine: Engine, uid: int, step: str | None) -> tuple[CompiledAbility, ...]:
    """The card's playable abilities; in a step with labelled lines, its lines labelled
    for that step, with a cost or none (``ast.EffectAbility``)."""
    found = engine.card_abilities(uid, ast.Activated)
    if step is None:
        return found
    return tuple(
        a
        for a in (*found, *engine.card_abilities(uid, ast.EffectAbility))
        if declared_in(engine, a) == step
    )


def declare_until_pass(
    kernel: BoardKernel,
    engine: Engine,
    player: int,
    prompt: str,
    only: Callable[[CompiledAbility], bool] | None = None,
) -> None:
    """``player`` declares the abilities they may now (``only`` those it accepts) one at a
    time, until they pass or have none left (the end phase, §313; the set preparation
    step, §303; the reveal step, §306.1). In the reveal step a "Before reveal:" line is a
    triggered ability, declared unless its text says «может» (§405.2–405.3): while one
    without it is left, the player picks which to declare next and may not pass (one
    alone is declared without asking); §306.1's "may declare" is the step's window for
    them, the first player's first, not a leave to pass them by."""
    for _ in range(kernel.max_actions):
        if engine.state.result is not None:
            return
        found = options(kernel, engine, player, only)
        if not found:
            return
        must = any(_must(engine, ability) for _, ability, _ in found)
        if must and len(found) == 1:
            declare(kernel, engine, *found[0])
            continue
        labels = placed(engine, found, [label(engine, o) for o in found])
        passing = [] if must else [None]
        offered, named = [*found, *passing], [*labels, *(["pass"] if passing else [])]
        (picked,) = engine.choose(player, "action", prompt, offered, named)
        if picked >= len(found):
            return
        declare(kernel, engine, *found[picked])


def _must(engine: Engine, ability: CompiledAbility) -> bool:
    """A "Before reveal:" line its controller must declare: no «может» (§405.2–405.3)."""
    return declared_in(engine, ability) == REVEAL and not may_declare.optional(ability)


def can_accumulate(kernel: BoardKernel, engine: Engine, uid: int) -> bool:
    """May the card close to accumulate a counter (копить фишки, INTRO, A11)? A creature
    whose playable abilities are paid with counters may, unless its text forbids it; text
    may also allow it to any card; a prohibition beats a permission (§103.2, T-02)."""
    if engine.definition(uid).type != "creature" or not kernel.ready(engine, uid):
        return False
    verdict = engine.permitted("accumulate_counters", uid)
    if verdict is not None:
        return verdict
    return any(
        (a.verb == "remove_counters" and a.name == "counter") or _spends(a)
        for ability in engine.card_abilities(uid, ast.Activated)
        for a in _costs(ability)
    )


def accumulate(kernel: BoardKernel, engine: Engine, uid: int) -> None:
    """A closing action: the card closes and, on resolution, gets a counter."""
    if not can_accumulate(kernel, engine, uid):
        raise ValueError(f"{engine.definition(uid).name} cannot accumulate counters")
    cause = Cause(card=engine.state.cards[uid].card_id, rule="accumulate a counter")
    engine.state.cards[uid].data["acted"] = True
    engine.apply("close", cause, target=uid)
    engine.apply("add_counters", cause, uid=uid, counter="counter", amount=1)
    kernel.resolve_pending(engine)


def revealable(kernel: BoardKernel, engine: Engine, player: int) -> list[int]:
    """Hidden cards of ``player`` whose text says "you may reveal this" (Stealth): the
    reveal does not use the stack (DICT «Скрытность», 20.84)."""
    out = []
    for uid in kernel.squad(engine, player):
        if engine.state.cards[uid].face_up:
            continue
        for ability in engine.card_abilities(uid, ast.EffectAbility):
            steps = ability.node.effects.steps  # type: ignore[attr-defined]
            if any(
                isinstance(s, ast.Clause)
                and s.action.verb == "reveal"
                and isinstance(s.action.target, ast.ThisCard)
                for s in steps
            ):
                out.append(uid)
                break
    return out


def label(engine: Engine, option: Option) -> str:
    uid, ability, target = option
    name = ability.origin.removeprefix("keyword:") if ability.origin != "text" else ability.where
    at = f" at {engine.definition(target).name}" if target is not None else ""
    return f"{engine.definition(uid).name}: {name}{at}"


def declare(
    kernel: BoardKernel,
    engine: Engine,
    uid: int,
    ability: CompiledAbility,
    target: int | None,
) -> None:
    """Declare one playable ability and resolve its chain (§216, simplified): the
    declaration with its target (a summon's or resurrection's cell too, DICT «Вызов»,
    «Возрождение»); a priority window while the chain waits, where a "block" response
    removes all of it but the Payment (§410.1) and a "cancel" response all of it (§409);
    the effects, or nothing when the declared cell was taken meanwhile (cancelled too);
    then the Payment: the costs are paid after the effects (§216.12), so while the chain
    waits its card has not paid and may not declare another closing ability (§103.6,
    T-04). ValueError when it is not legal now."""
    state = engine.state
    player = state.cards[uid].controller
    if (uid, ability, target) not in options(kernel, engine, player):
        at = f" at {engine.definition(target).name}" if target is not None else ""
        raise ValueError(f"{engine.definition(uid).name} cannot use {ability.origin}{at} now")
    if declared_in(engine, ability) == REVEAL:  # declared: its «может» answered (§405.3)
        ability = may_declare.answered(ability)
    chosen: dict[int, list[Any]] = {}
    found = first_target(ability)
    if declared.names(ability):  # declared with its targets; a hidden target meets any
        ability = declared.choose(
            engine,
            uid,
            ability,
            lambda a: (
                found is None
                or target is None
                or not engine.state.cards[target].face_up
                or matches_cards(engine.context(uid, a), found[0], target)
            ),
        )
    if found is not None and target is not None and found[0].span is not None:
        chosen[found[0].span.offset] = [target]
    kernel.reveal_card(engine, uid)  # §415.2: a hidden card declaring a sudden ability
    if target is not None:  # revealed, "is targeted" (§415.2, §400.2)
        aimed(kernel, engine, uid, [target])
    hidden.choose_more_targets(kernel, engine, uid, ability, chosen)  # §415.3
    hidden.choose_all_hidden(kernel, engine, uid, ability)  # §415.3а
    x = payment.bind(engine, uid, ability, player)  # its X, declared with its payment
    if x is None:
        raise ValueError(f"{engine.definition(uid).name} cannot pay for {ability.origin} now")
    closing = closes(ability)
    if closing:
        state.cards[uid].data["acted"] = True
    attacking = found is not None and found[1] is not None
    if attacking:  # an attack's Declaration object: "before attack" triggers (§216.2)
        engine.emit(Event("attacks", subject=uid, obj=target, player=player, data=BEFORE))
        kernel.resolve_pending(engine)
    chain: dict[str, Any] = {"source": uid, "blocked": False, "cancelled": False}
    if first_verb(ability) in ("summon", "resurrect"):
        free = kernel.free_cells(engine, uid, "free_adjacent_cell")
        cell = kernel.pick_cell(engine, player, free, engine.definition(uid).name)
        chain["cell"] = list(cell) if cell is not None else None
    chains = state.data.setdefault(CHAIN, [])
    chains.append(chain)
    try:
        what = label(engine, (uid, ability, target))
        if redirection.redirects(ability):  # its Wounds object's own window (§412.4)
            redirection.respond(kernel, engine, chain, what)
        elif found is not None and target is not None:  # its Target object's window
            if not attacking:
                chain.update(kind="ability", ability=ability.key)
            target = redirection.target_window(kernel, engine, chain, target, what)
            if found[0].span is not None:  # the new target replaces the initial one
                chosen[found[0].span.offset] = [target]
        else:
            kernel.respond(engine, what)
        cell = chain.get("cell")
        if cell is not None and kernel.occupant(engine, (cell[0], cell[1])) is not None:
            chain["cancelled"] = True  # its target, the cell, is no longer legal
        if chain["blocked"] and not chain["cancelled"]:
            engine.count_use(ability, uid)
        elif not chain["cancelled"]:
            engine.resolve(ability, uid, player, targets=chosen, pay=False, chosen_x=x)
        if chain["cancelled"]:  # before its effects, or at an attack's Defense object
            if closing:  # as if never declared: nothing paid, the card may act (§409)
                state.cards[uid].data.pop("acted", None)
            return
    finally:
        chains.pop()
        if not chains:
            state.data.pop(CHAIN, None)
    if _once(engine, ability):
        state.data.setdefault(PREPARED, []).append(f"{uid}:{ability.key}")
    payment.pay(engine, uid, ability, player, x)  # the Payment object
    if attacking and state.result is None:  # then "after attack" triggers (§216.12)
        engine.emit(Event("attacks", subject=uid, obj=target, player=player, data=AFTER))
    kernel.resolve_pending(engine)


def declared_cell(engine: Engine, source: int) -> tuple[int, int] | None:
    """The cell a summon or resurrection of ``source`` was declared onto, while its chain
    resolves."""
    for chain in reversed(engine.state.data.get(CHAIN, ())):
        if chain["source"] == source:
            cell = chain.get("cell")
            return None if cell is None else (int(cell[0]), int(cell[1]))
    return None


def _removes(what: str) -> Any:
    """A response that removes the chain it answers, the one declared before its own:
    "block" all of it but its Payment object (блокирование, §410), "cancel" all of it, as
    if never declared (отмена, §409); a triggered ability's too, in its window
    (``redirection.trigger_window``). False when no chain waits or it is removed already."""

    def run(engine: Engine, cause: Cause, target: Any = None, **_: Any) -> bool:
        chains = engine.state.data.get(CHAIN, ())
        if len(chains) < 2 or chains[-2]["blocked"] or chains[-2]["cancelled"]:
            return False
        if what == "blocked" and chains[-2].get("redirection"):
            return False  # a redirection cannot be blocked (§412.4)
        chains[-2][what] = True
        return True

    return run


block, cancel = _removes("blocked"), _removes("cancelled")


def find(engine: Engine, uid: int, name: str) -> CompiledAbility:
    """A card's playable ability by its keyword's name ("Shot"), its index, or "granted"
    (the first written-out ability another card grants it)."""
    for ability in engine.card_abilities(uid, ast.Activated):
        if ability.origin in (f"keyword:{name}", name) or str(ability.index) == name:
            return ability
    raise ValueError(f"{engine.definition(uid).name} has no playable ability {name!r}")
