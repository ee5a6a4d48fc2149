"""Marvel Champions' status cards (G49, G74): which a character may still receive, and
the verbs that place one ("Stun target minion.")."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine

# the status cards card text may keep off a character ("This cannot be stunned.", G49)
STATUS_PERMISSIONS = {"stunned_card": "be_stunned", "confused_card": "be_confused"}


def status_refused(engine: Engine, uid: int, counter: str) -> bool:
    """Does card text forbid this status card on the character ("cannot" is absolute,
    G74)? Then it is not placed, and the step did not happen, as a refused heal."""
    permission = STATUS_PERMISSIONS.get(counter)
    return permission is not None and engine.permitted(permission, uid) is False


def status_room(engine: Engine, uid: int, counter: str) -> int | None:
    """How many more of this status card the character may receive: none where card text
    forbids it (``status_refused``), else up to ``status_card_limit`` of a type (one,
    G49: a second one is not placed); None for any other counter."""
    if not counter.endswith("_card"):
        return None
    if status_refused(engine, uid, counter):
        return 0
    have = engine.state.cards[uid].counters.get(counter, 0)
    return max(0, int(engine.rule("status_card_limit", uid=uid)) - have)


# the verbs that place a status card ("Stun target minion.", G49)
STATUS_VERBS = {"stun": "stunned_card", "confuse": "confused_card"}
