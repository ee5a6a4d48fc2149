"""A stat while standing text changes it (``Characteristics.stat``): the changes of a
text's steps worked out once where no context speaks (``_fixed_deltas``), and no set
value looked for where no card of the game sets a stat and nothing lasting is in play."""

from __future__ import annotations

from typing import Any

import pytest

from cardscript.grammar import ast
from cardscript.interpreter.agents import FirstAgent
from cardscript.interpreter.characteristics import _fixed_deltas, delta_value
from cardscript.interpreter.play_index import _SETS
from cardscript.kernels.pocket_duel.kernel import new_engine, pocket_duel_pool


@pytest.mark.parametrize("delta", ["+1", "-2", "+10", "double", "half"])
def test_a_fixed_delta_is_what_delta_value_says(delta: str) -> None:
    mod = ast.StatMod(stat="attack", delta=delta)
    found = _fixed_deltas((mod,))
    assert found is not None and len(found) == 1
    # (``delta_value`` reads no context for these: its bindings are never asked)
    expected = {"double": 2, "half": 0.5}.get(delta) or delta_value(delta, None)  # type: ignore[arg-type]
    assert found[0] == expected


def test_a_delta_the_context_speaks_in_is_not_fixed() -> None:
    mods = (ast.StatMod(stat="attack", delta="+1"), ast.StatMod(stat="attack", delta="+X"))
    assert _fixed_deltas(mods) is None


def _marrow() -> Any:
    """Marrow's superpower ("Your Defense cards get +1 attack") and a Defense card of
    each player on the table."""
    engine = new_engine([FirstAgent(), FirstAgent()], 1, pool=pocket_duel_pool())
    engine.kernel.setup(engine, [["marrow-hero"], ["marrow-hero"]])
    state, ids = engine.state, {}
    for uid, card in state.cards.items():
        ids.setdefault((card.owner, card.card_id), uid)
    for owner in (0, 1):
        state.move(ids[owner, "marrow-defense"], "table", player=owner)
    state.move(ids[0, "marrow-superpower"], "table", player=0)
    return engine, ids[0, "marrow-defense"], ids[1, "marrow-defense"]


def test_standing_text_adds_to_its_controllers_cards_only() -> None:
    engine, mine, theirs = _marrow()
    assert _SETS not in engine._game[7]  # no card of the game sets a stat
    printed = engine.kernel.printed(engine, mine, "attack")
    assert engine.stat(mine, "attack") == printed + 1
    assert engine.stat(theirs, "attack") == printed


def test_a_lasting_set_value_is_read_though_no_card_sets_one() -> None:
    """With a lasting effect the set values are looked for: the newest set wins over the
    standing +1 (a stat that skipped them would say printed + 1)."""
    engine, mine, _ = _marrow()
    engine.state.lasting.append(
        {"kind": "set", "stat": "attack", "value": 7, "uids": [mine], "until": "round"}
    )
    assert engine.stat(mine, "attack") == 8  # the set value, then the +1
    assert (
        engine.stat(mine, "attack", fixed=False)
        == engine.kernel.printed(engine, mine, "attack") + 1
    )
