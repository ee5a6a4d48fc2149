"""Periods and limits: uses counted against "once per …", what ends with a phase or turn,
and the guard against a chain of triggers that never ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardscript.interpreter.cards import STANDING_PREVENTION, CompiledAbility, play_keys
from cardscript.interpreter.lasting import run_delayed
from cardscript.interpreter.play_index import _overrides
from cardscript.interpreter.standing_prevention import budget_name, budget_period

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.events import PendingTrigger
    from cardscript.interpreter.parts import EngineParts
else:
    EngineParts = object


class Periods(EngineParts):
    """Limits, periods and loops (a mixin of ``Engine``)."""

    _loop_seen: dict[tuple[str, int | None, int], int]
    _loop_pairs: set[tuple[str, int | None]]
    _lazy_loops: bool | None

    def count_use(self, ability: CompiledAbility, source: int | None) -> None:
        """One more use against the ability's limits (also when its effects were cancelled)."""
        if ability.line.mods:
            key = f"{source}:{ability.key}"
            self.state.used[key] = self.state.used.get(key, 0) + 1

    def within_limits(self, ability: CompiledAbility, source: int | None) -> bool:
        if not ability.line.mods:
            return True  # no "once per …": nothing to count
        used = self.state.used.get(f"{source}:{ability.key}", 0)
        for mod in ability.line.mods:
            kind = mod.kind
            if kind == "once_per":
                limit: int | None = 1
            elif kind == "twice_per":
                limit = 2
            elif kind in ("max_per", "limit_per"):
                limit = mod.count
            else:
                limit = None
            if limit is None and kind in ("max_per", "limit_per"):
                var = next((w[4:] for w in mod.words if w.startswith("VAR:")), None)
                values = dict(ability.keyword_values)
                limit = int(values[var]) if var in values and values[var].isdigit() else None
            if limit is not None and used >= limit:
                return False
        return True

    def enter_phase(self, phase: str) -> None:
        """``phase`` begins: the phase it follows has ended (``end_period``); "" is
        between phases (the turn is over, the next has not begun)."""
        left = self.state.phase
        if left and left != phase:
            self.end_period(left)
        self.state.phase = phase

    def enter_step(self, step: str | None) -> None:
        """``step`` begins (None: the steps are over): the step before it has ended."""
        left = self.state.step
        if left is not None and left != step:
            self.end_period(left)
        self.state.step = step

    def end_period(self, phase: str, player: int | None = None) -> None:
        """A phase or period of ``player`` (default: the active player) ended: lasting
        effects "until end of" it stop, delayed ones "at the end of" it run, and limits
        "once per" it reset. An effect that waits for another player's period
        (``ends_for``) or for a later end (``skip``, as "until end of the next turn") stays."""
        state = self.state
        due = []
        if state.lasting:  # (none, nearly always: nothing to keep or run)
            whose = state.active if player is None else player
            kept = []
            for e in state.lasting:
                if e.get("until") != phase or ("ends_for" in e and whose not in e["ends_for"]):
                    kept.append(e)
                elif e.get("skip"):
                    kept.append({**e, "skip": e["skip"] - 1})
                elif e["kind"] == "delayed":
                    due.append(e)
            state.lasting = kept
        if state.used:
            periods = self._limit_periods()
            state.used = {
                k: v for k, v in state.used.items() if periods.get(k.split(":", 1)[1]) != phase
            }
        if phase == self.kernel.turn_phase:
            state.history.clear()
        for effect in due:  # at once, no ability initiated (MC G14)
            run_delayed(cast("Engine", self), effect)

    def _limit_periods(self) -> dict[str, str | None]:
        """The period of each limited ability of the pool, by key; remembered while the
        pool has the same cards and keyword abilities gained in play (both only grow)."""
        memo = self.pool.memo
        gained = memo.get("gained by key", {})
        version = (self.pool.version, len(gained))
        found = memo.get("limit periods")
        if found is not None and found[0] == version:
            periods: dict[str, str | None] = found[1]
            return periods
        periods = {}
        for ability in [a for c in self.pool.cards.values() for a in c.abilities] + [
            *gained.values()
        ]:
            for mod in ability.line.mods:
                if mod.period:
                    periods[ability.key] = mod.period
            if STANDING_PREVENTION in play_keys(ability):  # "… each round": its budget
                periods[budget_name(ability)] = budget_period(ability)
        memo["limit periods"] = (version, periods)
        return periods

    def loop_guard(self, trigger: PendingTrigger) -> None:
        """Call before each trigger resolves inside one chain: the same trigger about to
        resolve in the same state twice means the chain never ends (Berserk §103.4 cuts
        it at the first exact repeat); the kernel decides what then.

        With the base ``Kernel.on_loop`` (it raises) the state is read only from a
        trigger's second resolution in the chain on: a loop then raises one round later,
        the same error, and a chain without repeats (nearly all) never reads the state."""
        pair = (trigger.ability.key, trigger.source)
        lazy = self._lazy_loops
        if lazy is None:
            lazy = self._lazy_loops = not _overrides(self.kernel, "on_loop")
        if lazy and pair not in self._loop_pairs:
            self._loop_pairs.add(pair)
            return
        key = (*pair, self.state.loop_key())
        if key in self._loop_seen:
            seen = {k[0] for k in self._loop_seen} | {k[0] for k in self._loop_pairs}
            cards = {self.pool[k.split("#", 1)[0]].name for k in seen}
            self.kernel.on_loop(cast("Engine", self), sorted(cards))
        self._loop_seen[key] = self.steps

    def chain_done(self) -> None:
        self._loop_seen.clear()
        self._loop_pairs.clear()
