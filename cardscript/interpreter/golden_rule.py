"""The Golden Rule: a rule's value as the newest card text in play overrides the registry's
default, and permissions where "cannot" beats "can"."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, cast

from cardscript.grammar import ast
from cardscript.interpreter.lasting import clause_of
from cardscript.interpreter.select import (
    Context,
    RulesError,
    Seat,
    Target,
    candidates,
    selects_anywhere,
    test,
)

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.parts import EngineParts
    from cardscript.interpreter.play_index import GameFacts
else:
    EngineParts = object


class GoldenRule(EngineParts):
    """Rule hooks and permissions (a mixin of ``Engine``)."""

    _fixed_rules: dict[str, Any]
    _terms: dict[str, Any]

    def rule(self, hook: str, uid: int | None = None, player: int | None = None) -> Any:
        """A rule's value for a card (or player): the registry's default, changed by the
        newest active card text that overrides it."""
        state, game = self.state, self._game  # ``game_keys`` written out (a hot path)
        if game[1] != state.next_uid:
            game = self._know_game()
        # no card of this game overrides it: the value read the first time (per game's
        # cards and kernel), changed only by lasting effects
        value = game[4].get(hook, _UNSET)
        if value is _UNSET:
            return self._rule_of_text(hook, uid, player, game)
        return self._lasting_rule(hook, uid, value) if state.lasting else value

    def _rule_of_text(self, hook: str, uid: int | None, player: int | None, game: GameFacts) -> Any:
        """``rule`` where the value is not remembered: the default, then the newest text
        of the cards in play that overrides it."""
        fixed = self._fixed_rules.get(hook, _UNSET)
        if fixed is not _UNSET:  # no card of the pool can override it
            game[4][hook] = fixed
            return self._lasting_rule(hook, uid, fixed) if self.state.lasting else fixed
        term = self._terms.get(hook)
        if term is None:
            term = self.game.registry.term("HOOK", hook)
            if term is None:
                raise RulesError(f"the kernel asked for an unknown rule hook {hook!r}")
            self._terms[hook] = term
        value = self.kernel.hook_default(self, hook, term.default)  # type: ignore[arg-type]
        key = ("hook", hook)
        computed = hook in self.kernel.computed_hooks
        if key not in self.pool.play_keys():
            if not computed:
                self._fixed_rules[hook] = game[4][hook] = value
            return self._lasting_rule(hook, uid, value) if self.state.lasting else value
        if key not in game[2]:  # no card of this game overrides it
            if not computed:
                game[4][hook] = value
            return self._lasting_rule(hook, uid, value) if self.state.lasting else value
        best = -1
        for source, ability, node in self.in_play(key):
            if (
                uid != source
                and node.condition is None
                and isinstance(node.scope, (ast.ThisCard, ast.ThisPossessed))
            ):
                continue  # "for this" speaks of its own card only (as the scope test below)
            ctx = self.context(source, ability)
            if node.condition is not None and not test(ctx, node.condition):
                continue
            if node.scope is not None:
                targets = candidates(ctx, node.scope)
                if (
                    uid is not None
                    and uid not in targets
                    # a rule "for you" covers the cards you control as well
                    and Seat(self.state.cards[uid].controller) not in targets
                ):
                    continue
                if uid is None and (player is None or Seat(player) not in targets):
                    continue
            stamp = self.state.cards[source].timestamp
            if stamp >= best:
                best, value = stamp, _rule_value(node, term.default, ctx)
        return self._lasting_rule(hook, uid, value) if self.state.lasting else value

    def _lasting_rule(self, hook: str, uid: int | None, value: Any) -> Any:
        """``value`` as the lasting effects that set the rule leave it (the newest wins)."""
        for effect in self.state.lasting:
            if (
                effect["kind"] == "rule"
                and effect["hook"] == hook
                and (uid is None or self.covers(effect, uid))
            ):
                value = effect["value"]
        return value

    def permissions_speak(self) -> bool:
        """Could card text in play or a lasting effect allow or forbid anything now? When
        not, ``permitted`` is None for everything (a kernel may skip asking card by card)."""
        state = self.state
        game = self._game  # ``game_keys`` written out: asked before most changes
        if game[1] != state.next_uid:
            game = self._know_game()
        if _PERMISSION in game[2] and self.in_play(_PERMISSION):
            return True
        # of the lasting effects only a permission speaks (a lasting +1 ATK, the most
        # common, does not)
        return bool(state.lasting) and any(e["kind"] == "permission" for e in state.lasting)

    def permitted(self, permission: str, uid: Target, obj: Target | None = None) -> bool | None:
        """True or False if card text allows or forbids it ("cannot" beats "can"); None
        when no text speaks, and the kernel's rule decides. ``obj`` is the other party
        its selector names: the card acting ("cannot be attacked by minions"), or the
        card or player acted on ("cannot attack characters with cost 5 or more": a
        player is no card); with none, every such text speaks."""
        if not self.permissions_speak():
            return None
        texts = self.in_play(_PERMISSION)
        allowed = forbidden = False
        for source, ability, node in texts:
            if not self.static_applies(source, ability, node):
                continue
            for step in node.effects.steps:
                if not isinstance(step, ast.Clause) or step.action.verb not in ("can", "cannot"):
                    continue
                if step.action.name != permission or step.subject is None:
                    continue
                ctx = self.context(source, ability)
                if not _subject(ctx, step.subject, uid) or not _by(ctx, step.action, obj):
                    continue
                if step.action.verb == "cannot":
                    forbidden = True
                else:
                    allowed = True
        for effect in self.state.lasting:
            if (
                effect["kind"] == "permission"
                and effect["name"] == permission
                and (
                    self._covers_out_of_play(effect, uid)
                    if isinstance(uid, int)
                    else uid.index in effect.get("players", ())
                )
                and (obj is None or "by" not in effect or self._lasting_by(effect["by"], obj))
            ):
                forbidden |= not effect["allowed"]
                allowed |= effect["allowed"]
        if forbidden:
            return False
        return True if allowed else None

    def _covers_out_of_play(self, effect: dict[str, Any], uid: int) -> bool:
        """``covers``, and for a permission on a group, a card out of play the group
        names now (in hand, to be played or recruited)."""
        if self.covers(effect, uid):
            return True
        ref = effect.get("outside")
        if ref is None or self.state.cards[uid].zone in self.kernel.play_zones:
            return False
        ctx, clause = clause_of(cast("Engine", self), ref)
        return clause.subject is not None and selects_anywhere(ctx, clause.subject, uid)

    def _lasting_by(self, ref: dict[str, Any], obj: Target) -> bool:
        """``_by`` for a lasting permission, its "by" read in the text that made it."""
        ctx, clause = clause_of(cast("Engine", self), ref)
        return _by(ctx, clause.action, obj)


_UNSET = object()
UNLIMITED = 10**9  # "is unlimited" for a number (a count, a limit): more than any game has
_PERMISSION = ("verb", "permission")  # the ``play_index`` key of "can"/"cannot" text


def _by(ctx: Context, action: ast.Action, obj: Target | None) -> bool:
    """Does the permission's object name ``obj``: the card acting ("cannot be attacked
    by minions"), the card or player acted on ("cannot attack characters with …")? Any
    does where none is written, or where the kernel names none (then the text speaks of
    every one). A card out of play is named wherever it is (``selects_anywhere``)."""
    found = action.event_object
    return obj is None or found is None or selects_anywhere(ctx, found.selector, obj)


def _subject(ctx: Context, selector: ast.Node, uid: Target) -> bool:
    """Does the permission's subject name ``uid`` (``selects_anywhere``: a card in hand,
    played from there, too), or, naming a player
    ("Your opponent cannot gain energy."), the card that stands for them in the game
    (``Kernel.player_cards``: Pocket Duel's hero, of whom its kernel asks)?"""
    if selects_anywhere(ctx, selector, uid):
        return True
    if type(selector) is not ast.Player or not isinstance(uid, int):
        return False
    engine = ctx.engine
    if engine.definition(uid).type not in engine.kernel.player_cards:
        return False
    return Seat(engine.state.cards[uid].controller) in candidates(ctx, selector)


def _rule_value(node: ast.RuleOverride, default: Any, ctx: Context) -> Any:
    if node.switch is not None:
        return node.switch
    if node.value.casefold() == "unlimited":
        # a number's hook gets a whole number no game reaches (kernels count with it: a
        # float infinity breaks ``int`` and ``range``); any other hook, infinity
        return UNLIMITED if isinstance(default, int) and not isinstance(default, bool) else math.inf
    if node.value_kind == "INT":
        return int(node.value)
    if node.value_kind == "SIGNED":
        return int(default or 0) + int(node.value)
    if node.value_kind == "VAR":
        return ctx.amount(ast.Amount(kind="var", value=node.value))
    return node.value
