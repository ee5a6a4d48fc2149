"""Marvel Champions costs that change the cards they name ("exhaust this", "exhaust
target ally you control", "remove 1 all-purpose token from this"): an ability is offered
only where each such change can be made (G13, G46 step 4; ``cost_changes``). The
scenarios MC-EX1 and MC-EX2 script the Response and Interrupt cases."""

from __future__ import annotations

from cardscript.interpreter.engine import Engine
from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions import resources, windows
from cardscript.kernels.marvel_champions.kernel import mc_pool
from tests.test_cost_x_mc import ROOT, _minion_defeated, _names, _table

FOLDER = ROOT / "tests" / "scenarios" / "marvel-champions"
POOL = mc_pool([FOLDER / "mc-scenario-cards.yaml", FOLDER / "mc-ex-cards.yaml"])


def _offered(engine: Engine) -> list[str]:
    return [engine.definition(u).id for u, _ in turns.activatable(engine.kernel, engine, 0)]


def test_an_exhausted_cards_response_that_exhausts_it_is_not_offered() -> None:
    engine, agent, tally = _table("mcex-tally", ["mcb-01"], [[1], [0]], pool=POOL)
    engine.state.cards[tally].states.add("exhausted")
    _minion_defeated(engine)
    assert agent.seen == []
    assert (_names(engine, "hand"), _names(engine, "discard")) == (["mcb-01"], [])


def test_a_ready_cards_response_that_exhausts_it_is_offered_and_paid() -> None:
    engine, agent, tally = _table("mcex-tally", ["mcb-01"], [[1], [0]], pool=POOL)
    _minion_defeated(engine)
    assert [d.prompt for d in agent.seen] == ["respond to is defeated?", "pay 1 more"]
    assert engine.state.cards[tally].states == {"exhausted"}
    assert (_names(engine, "hand"), _names(engine, "discard")) == (["mcb-05"], ["mcb-01"])


def test_an_exhausted_cards_interrupt_that_exhausts_it_is_not_usable() -> None:
    engine, _, brace = _table("mcex-brace", ["mcb-01"], pool=POOL)
    turns.change_form(engine.kernel, engine, 0)
    me = engine.kernel.identity(engine, 0)
    (ability,) = engine.definition(brace).abilities
    event = windows.Event("takes_damage", subject=me, player=0)
    offer = windows.Offer(brace, ability, event, 0, False)
    assert windows.usable(engine.kernel, engine, offer) is True
    engine.state.cards[brace].states.add("exhausted")
    assert windows.usable(engine.kernel, engine, offer) is False


def test_exhausting_another_card_does_not_need_this_one_ready() -> None:
    # "exhaust target ally you control": a ready ally pays it, whatever this card's state
    engine, _, tether = _table("mcex-tether", [], pool=POOL)
    assert _offered(engine) == []  # no ally
    ally = engine.state.create_card("mcb-05", 0, "play").uid
    engine.state.cards[tether].states.add("exhausted")
    assert _offered(engine) == ["mcex-tether"]
    engine.state.cards[ally].states.add("exhausted")
    assert _offered(engine) == []


def test_exhaust_your_hero_needs_a_ready_hero() -> None:
    engine, _, _ = _table("mcex-drill", [], pool=POOL)
    assert _offered(engine) == []  # alter-ego form: no hero
    turns.change_form(engine.kernel, engine, 0)
    assert _offered(engine) == ["mcex-drill"]
    me = engine.kernel.identity(engine, 0)
    assert me is not None
    engine.state.cards[me].states.add("exhausted")
    assert _offered(engine) == []


def test_removing_a_token_from_this_needs_one() -> None:
    engine, _, cache = _table("mcex-cache", [], pool=POOL)
    assert _offered(engine) == []
    engine.state.cards[cache].counters["all_purpose"] = 1
    ((uid, ability),) = turns.activatable(engine.kernel, engine, 0)
    turns.activate(engine.kernel, engine, 0, uid, ability)
    assert engine.state.cards[cache].counters.get("all_purpose") == 0
    assert _names(engine, "hand") == ["mcb-05"]
    assert _offered(engine) == []


def test_ready_this_needs_it_exhausted() -> None:
    engine, _, rewind = _table("mcex-rewind", [], pool=POOL)
    assert _offered(engine) == []
    engine.state.cards[rewind].states.add("exhausted")
    assert _offered(engine) == ["mcex-rewind"]


def test_ready_this_needs_a_card_that_may_ready() -> None:
    # "This cannot ready." and "Action: Ready this → draw 1 card." (Test Stuck Spring): the
    # cost changes nothing on a card forbidden to ready, so it is never offered
    engine, _, spring = _table("mcex-stuck-spring", [], pool=POOL)
    engine.state.cards[spring].states.add("exhausted")
    assert _offered(engine) == []


def test_a_target_in_the_discard_pile_is_needed() -> None:
    # "Remove target card in your discard pile from the game →" (Test Pyre)
    engine, _, _ = _table("mct-pyre", [], pool=POOL)
    assert _offered(engine) == []
    engine.state.create_card("mcb-02", 0, "discard")
    assert _offered(engine) == ["mct-pyre"]


def test_an_exhausted_cards_resource_ability_is_no_source() -> None:
    engine, _, generator = _table("mct-generator", [], pool=POOL)
    assert resources.sources(engine, 0, None) == [
        (generator, engine.definition(generator).abilities[0])
    ]
    engine.state.cards[generator].states.add("exhausted")
    assert resources.sources(engine, 0, None) == []
