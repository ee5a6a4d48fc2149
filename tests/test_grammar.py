"""The grammar itself: LALR(1) without conflicts, and the parser's contract."""

from __future__ import annotations

from lark import Lark

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Span
from cardscript.grammar.parser import grammar_text, lark_parser, parse_script


def test_grammar_is_lalr_with_no_conflicts() -> None:
    parser = lark_parser(strict=True)  # strict=True raises on any shift/reduce conflict
    assert isinstance(parser, Lark)
    assert parser.options.parser == "lalr"
    assert "earley" not in grammar_text().casefold().replace("never earley", "")


def test_every_node_has_a_span() -> None:
    game = load_game("vs-system")
    result = game.parse("When this attacks, target character gets +1 ATK until end of turn.")
    for node in result.script.walk():
        if isinstance(node, ast.Script):
            continue
        assert node.span is not None, type(node).__name__


def test_spans_are_exact() -> None:
    game = load_game("vs-system")
    line = game.parse("Flight\n\nPay 2 endurance → draw 1 card.").script.lines[1]
    assert line.span == Span(3, 1, 3, 31, 8, 38)
    activated = line.ability
    assert isinstance(activated, ast.Activated)
    cost = activated.costs.steps[0]
    assert isinstance(cost, ast.Clause)
    assert cost.action.amount is not None
    assert cost.action.amount.span == Span(3, 5, 3, 6, 12, 13)


def test_continuation_lines_join_and_blank_lines_separate() -> None:
    game = load_game("vs-system")
    result = game.parse("When this attacks,\n  draw 1 card.\n\n  Flight")
    assert result.diagnostics == ()
    assert len(result.script.lines) == 2


def test_unicode_names_and_comments() -> None:
    game = load_game("vs-system")
    result = game.parse('# комментарий\nCharacters you control with team "Буря" get +1 ATK.')
    assert result.diagnostics == ()
    cards = result.script.lines[0].ability.effects.steps[0].subject  # type: ignore[union-attr]
    assert cards.filters[1].value == "Буря"


def test_language_version_header() -> None:
    game = load_game("vs-system")
    assert game.parse("cardscript 1\nFlight").script.version == 1
    assert [d.code for d in game.parse("cardscript 2\nFlight").diagnostics] == ["CS-P006"]


def test_every_error_of_a_text_is_reported_in_one_run() -> None:
    game = load_game("vs-system")
    result = game.parse("Flihgt\nDraw 2 cards.\nDraw 2 cards to.\nStun tarrget character.")
    assert [(d.code, d.span.line) for d in result.diagnostics if d.span] == [
        ("CS-P002", 1),
        ("CS-P001", 3),
        ("CS-P002", 4),
    ]
    assert len(result.script.lines) == 1


def test_hostile_sizes_are_refused_not_parsed() -> None:
    registry = load_game("vs-system").registry
    long_line = "Draw 1 card" + ", then draw 1 card" * 100
    assert [d.code for d in parse_script(long_line, registry).diagnostics] == ["CS-P008"]
    huge = "Flight\n" * 20_000
    assert [d.code for d in parse_script(huge, registry).diagnostics] == ["CS-P007"]


def test_parser_tables_are_cached_between_processes() -> None:
    lark_parser.cache_clear()
    parser = lark_parser()
    assert parser.options.cache is True  # lark keeps the LALR tables in its cache file


def test_a_granted_ability_written_out_is_kept_as_its_text() -> None:
    from cardscript.grammar.checks import check_script
    from cardscript.grammar.formatter import format_script

    game = load_game("berserk")
    text = 'Creatures you control have "close this → place a counter on target creature named «I»".'
    result = game.parse(text)
    assert result.diagnostics == ()
    clause = result.script.lines[0].ability.effects.steps[0]  # type: ignore[union-attr]
    assert clause.action.verb == "grant_ability"
    assert clause.action.text == "close this → place a counter on target creature named «I»"
    assert format_script(result.script, game.registry).strip() == "C" + text[1:]
    # one ability in the quotes, or check CS-T006 says why not
    steps = game.parse('This has "close this → open this. Then close this".')
    assert [d.code for d in check_script(steps.script, game.registry)] == []
    for wrong in ('This has "frobnicate this".', 'This has "".'):
        found = check_script(game.parse(wrong).script, game.registry)
        assert [d.code for d in found] == ["CS-T006"], wrong


def test_a_list_of_nouns_shares_its_qualities_and_conditions_keep_their_and() -> None:
    game = load_game("marvel-champions")
    line = game.parse("Exhaust each ready character and attachment.").script.lines[0]
    assert isinstance(line.ability, ast.EffectAbility)
    clause = line.ability.effects.steps[0]
    assert isinstance(clause, ast.Clause)
    target = clause.action.target
    assert isinstance(target, ast.Cards)
    assert (target.noun, target.also) == ("character", ("attachment",))
    assert [q.value for q in target.qualities] == ["ready"]
    # "and" before another test of a condition joins the tests, not nouns
    line = game.parse("If you control an ally and you control a support, draw 1 card.")
    step = line.script.lines[0].ability.effects.steps[0]  # type: ignore[union-attr]
    assert isinstance(step, ast.Conditional)
    assert step.condition.ops == ("and",)


def _berserk_clause(text: str, kind: type) -> tuple[ast.Clause, str]:
    """One Berserk ability of ``kind`` that parses cleanly: its first step, and the text
    the formatter writes back."""
    from cardscript.grammar.formatter import format_script

    game = load_game("berserk")
    result = game.parse(text)
    assert result.diagnostics == ()
    ability = result.script.lines[0].ability
    assert isinstance(ability, kind)
    step = ability.effects.steps[0]  # type: ignore[attr-defined]
    assert isinstance(step, ast.Clause)
    return step, format_script(result.script, game.registry).strip()


def test_redirect_it_to_a_card_parses_and_round_trips() -> None:
    text = "close this → redirect it to target creature you control (any time)."
    step, written = _berserk_clause(text, ast.Activated)
    action = step.action
    assert (action.verb, action.name, action.word) == ("redirect", "redirect", "it")
    assert step.action.target is not None and step.action.target.noun == "creature"
    assert written == "C" + text[1:]
    third = load_game("berserk").parse("when this attacks, target creature redirects it to this.")
    assert third.diagnostics == ()


def test_a_constant_redirection_parses_as_an_ability_of_its_own_and_round_trips() -> None:
    game = load_game("berserk")
    text = "Attacks at adjacent creatures you control are redirected to this."
    step, written = _berserk_clause(text, ast.EffectAbility)
    assert step.action.verb == "redirected"
    assert isinstance(step.action.source, ast.Cards) and step.action.source.noun == "creature"
    assert isinstance(step.action.target, ast.ThisCard)
    assert written == text
    # a whole ability only: not a step after a trigger or a cost
    assert game.parse("when this attacks, attacks at this are redirected to this.").diagnostics
    # "attacks" is still the event everywhere else
    assert game.parse("when this attacks, place a counter on this.").diagnostics == ()
    # any ability naming a target (§412.7 covers every redirected ability)
    text = "Abilities aimed at adjacent creatures you control are redirected to this."
    step, written = _berserk_clause(text, ast.EffectAbility)
    assert (step.action.verb, step.action.word) == ("redirected", "abilities")
    assert written == text


def test_a_number_chosen_on_declaration_parses_checks_and_round_trips() -> None:
    from cardscript.grammar.checks import check_script
    from cardscript.grammar.formatter import format_script

    game = load_game("berserk")
    text = (
        "Close this → deal 1 wound to target creature with cost X, then deal 1 wound to "
        "target card other than this with cost X, where X is chosen on declaration."
    )
    result = game.parse(text)
    assert result.diagnostics == ()
    activated = result.script.lines[0].ability
    assert isinstance(activated, ast.Activated)
    assert [d.name for d in activated.effects.declared] == ["X"]
    assert activated.effects.where == ()
    assert check_script(result.script, game.registry) == []
    assert format_script(result.script, game.registry).strip() == text
    # without the declaration X is bound by nothing
    unbound = game.parse("Close this → deal 1 wound to each enemy creature with cost X.")
    assert [d.code for d in check_script(unbound.script, game.registry)] == ["CS-T003"]


def test_the_formatter_keeps_the_number_written_after_the() -> None:
    """ "the cards in …" is every card there, as "the card in …" is: the formatter wrote
    both in the singular, which reads as one card (the number is kept as written)."""
    from cardscript.grammar.formatter import format_script

    game = load_game("pocket-duel")
    for text in (
        "Effect: Look at the cards in the opponent's hand.",
        "Effect: Look at the card in the opponent's hand.",
        "Effect: Return the cards in your opponent's discard pile to its owner's hand.",
    ):
        result = game.parse(text)
        assert result.diagnostics == (), text
        assert format_script(result.script, game.registry).strip() == text


def test_sentences_are_steps_of_one_ability_joined_by_a_full_stop() -> None:
    """ "Deal 2 damage to target minion. If you do, draw a card." is one ability of two
    steps (joiner "."), as authors write card text; only the line's last "." ends it."""
    from cardscript.grammar.formatter import format_script

    game = load_game("marvel-champions")
    text = (
        "Deal 2 damage to target minion. If you do, draw a card. "
        "Otherwise, draw 2 cards. Then discard a card."
    )
    result = game.parse(text)
    assert result.diagnostics == ()
    effects = result.script.lines[0].ability.effects  # type: ignore[union-attr]
    assert [type(s).__name__ for s in effects.steps] == [
        "Clause",
        "Conditional",
        "Otherwise",
        "Clause",
    ]
    assert effects.joiners == (".", ".", ". then")
    assert effects.steps[1].span == Span(1, 33, 1, 55, 32, 54)  # "If you do, draw a card"
    assert format_script(result.script, game.registry).strip() == text
    messy = game.parse(
        "deal 2 damage to target minion.  if you do,draw a card.otherwise draw 2 cards."
    )
    assert format_script(messy.script, game.registry).strip() == (
        "Deal 2 damage to target minion. If you do, draw a card. Otherwise, draw 2 cards."
    )
    same_sentence = "If this is exhausted, ready it, otherwise exhaust it."  # (no comma)
    parsed = game.parse(same_sentence)
    assert format_script(parsed.script, game.registry).strip() == same_sentence


def test_a_limit_after_the_full_stop_is_pointed_at_with_the_limit_written_before_it() -> None:
    game = load_game("pocket-duel")
    (problem,) = game.parse("Effect: Heal 1. Gain 1 energy. (max 2 per round).").diagnostics
    assert (problem.code, problem.span.line, problem.span.column) == ("CS-P001", 1, 32)
    assert problem.message.startswith('unexpected "(" after "."; expected ')
    assert problem.hints == (
        'a limit comes before the full stop: perhaps try "… (max 2 per round)."',
    )


def test_small_numbers_written_as_words_are_numbers_and_written_back_as_digits() -> None:
    from cardscript.grammar.formatter import format_script

    game = load_game("marvel-champions")
    result = game.parse("Deal three damage to target minion. Then draw one card.")
    assert result.diagnostics == ()
    deal = result.script.lines[0].ability.effects.steps[0].action  # type: ignore[union-attr]
    assert (deal.amount.kind, deal.amount.value) == ("int", 3)
    assert deal.amount.span == Span(1, 6, 1, 11, 5, 10)
    assert format_script(result.script, game.registry).strip() == (
        "Deal 3 damage to target minion. Then draw 1 card."
    )
    choice = game.parse("Choose one: draw 2 cards or deal 1 damage to target minion.")
    assert choice.diagnostics == ()  # "one" there is still the choice's word


def test_and_alone_joins_steps_where_no_other_reading_of_it_fits() -> None:
    from cardscript.grammar.formatter import format_script

    game = load_game("vs-system")
    joined = game.parse("Draw a card and discard a card.")
    assert joined.diagnostics == ()
    assert joined.script.lines[0].ability.effects.joiners == ("and",)  # type: ignore[union-attr]
    assert format_script(joined.script, game.registry).strip() == "Draw a card and discard a card."
    for kept in (  # its other readings come first: one step each
        "Target character gets +1 ATK and +1 DEF until end of turn.",
        "This gains Flight and Range until end of turn.",
    ):
        steps = game.parse(kept).script.lines[0].ability.effects  # type: ignore[union-attr]
        assert len(steps.steps) == 1, kept
    both = game.parse(
        "If you control a character and an opponent controls a character, draw a card."
    )
    (step,) = both.script.lines[0].ability.effects.steps  # type: ignore[union-attr]
    assert step.condition.ops == ("and",)


def test_a_deck_s_two_ends_are_read_as_authors_write_them_and_written_back_one_way() -> None:
    from cardscript.grammar.formatter import format_script

    game = load_game("vanguard")
    texts = {
        "put it on the bottom of your deck": "at the bottom of",
        "put it to the bottom of your deck": "at the bottom of",
        "put it at the bottom of your deck": "at the bottom of",
        "return it to the top of your deck": "on top of",
        "put it on the top of your deck": "on top of",
        "put it on top of your deck": "on top of",
    }
    for words, placement in texts.items():
        text = f"[AUTO](RC): When this unit is retired, {words}."
        result = game.parse(text)
        assert result.diagnostics == (), words
        move = result.script.lines[0].ability.effects.steps[0].action  # type: ignore[union-attr]
        assert move.destination.placement == placement
        verb = words.split()[0]
        assert format_script(result.script, game.registry).strip() == (
            f"[AUTO](RC): When this unit is retired, {verb} it {placement} your deck."
        )


def test_a_noun_followed_by_card_is_the_noun_as_cards_print_it() -> None:
    """ "a character card" was CS-P001 at "card" with the hint 'perhaps a "," is missing
    before "card"'; it is the noun itself, and the formatter writes the noun."""
    from cardscript.grammar.formatter import format_script

    cases = {
        "vs-system": (
            "Search your deck for a character card and put it into your hand.",
            "Search your deck for a character and put it into your hand.",
        ),
        "berserk": (
            "Each creature card you control gets +1 strength.",
            "Each creature you control gets +1 strength.",
        ),
        "marvel-champions": (
            "Whenever you play an ally card, draw a card.",
            "Whenever you play an ally, draw a card.",
        ),
    }
    for game_id, (printed, plain) in cases.items():
        game = load_game(game_id)
        with_card, without = game.parse(printed), game.parse(plain)
        assert with_card.diagnostics == (), printed
        assert format_script(with_card.script, game.registry) == format_script(
            without.script, game.registry
        )
        shown = format_script(with_card.script, game.registry).strip()
        assert "card " not in shown.replace("a card", ""), shown
    # plural with plural only; "card card" is no noun
    vs = load_game("vs-system")
    assert vs.parse("Characters cards you control get +1 ATK.").diagnostics == ()
    assert [d.code for d in vs.parse("Draw a card card.").diagnostics] == ["CS-P001"]
