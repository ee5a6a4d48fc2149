"""What a scenario action that checks something raises when the game says otherwise."""

from __future__ import annotations


class ScenarioMismatch(AssertionError):
    """A scenario action's check ("can_attack", "defenders", …) found otherwise than the
    file expects: a failure of the scenario, reported at its action like the ``expect:``
    block's, not an error of the engine."""
