"""How a Berserk battle ends (spec berserk.md §102): a player with no creatures in the
squad loses (§102.3а); a card's "you win / lose the game" is noted and settled when the
abilities of that moment have resolved, a player who wins and loses at once losing, and
both at once a draw (§102.3в, §102.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.interpreter.engine import Cause, Engine
from cardscript.interpreter.events import PrimitiveFn

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

# the preliminary phase's steps before the squads are placed (§301.1)
BEFORE_SQUADS = frozenset(
    {"deal_step", "set_preparation_step", "recruitment_step", "placement_step"}
)


def noted(kind: str) -> PrimitiveFn:
    """'You win / lose the game' (§102.2б, §102.3г): noted for the player controlling
    the card whose text it is, and settled when the abilities of that moment have
    resolved (``settle``). A primitive of ``FieldKernel``."""

    def run(engine: Engine, cause: Cause, target: Any, **_: Any) -> bool:
        if not isinstance(target, int):
            return False
        player = str(engine.state.cards[target].controller)
        engine.state.data.setdefault("outcomes", {}).setdefault(player, []).append(kind)
        return True

    return run


def settle(engine: Engine) -> None:
    """§102.3в: a player who wins and loses at once loses; §102.4: both players
    losing, or both winning, at once is a draw."""
    outcomes = engine.state.data.pop("outcomes", None)
    if not outcomes:
        return
    losers = sorted(int(p) for p, kinds in outcomes.items() if "lose" in kinds)
    winners = sorted(int(p) for p, kinds in outcomes.items() if "win" in kinds)
    if len(losers) > 1 or (not losers and len(winners) > 1):
        engine.end(None, "both at once")
    elif losers:
        both = "win" in outcomes[str(losers[0])]
        engine.end(1 - losers[0], "won and lost at once" if both else "lost by an effect")
    elif winners:
        engine.end(winners[0], "won by an effect")


def check_victory(kernel: FieldKernel, engine: Engine) -> None:
    """§102.3а: a player with no creatures in the squad loses; both at once: a draw.
    Not before the battle, nor before the squads are placed (the preliminary phase's
    first four steps)."""
    state = engine.state
    if state.result is not None or state.phase == "setup" or state.data.get("dying"):
        return
    if state.step in BEFORE_SQUADS:
        return
    out = [
        p.index
        for p in state.players
        if engine.rule("lose_without_creatures", player=p.index)
        and not kernel.creatures(engine, p.index)
    ]
    if len(out) == 1:
        engine.end(1 - out[0], "no creatures")
    elif len(out) > 1:
        engine.end(None, "no creatures on either side")
