"""Sentences authors write as printed cards read them. Where the meaning is the card
script's own form and the engine runs it so, the sentence is read as that form (the same
syntax tree; ``cardscript fmt`` writes the form); where it is not, the refusal's hint gives
the author's line back as the card script says it (checked to read before it is offered).
The engine's side is in the scenarios VS-TH1 ("They get …") and VS-DH1 ("Each player
discards their hand")."""

from __future__ import annotations

import pytest

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.complete import complete
from cardscript.grammar.diagnostics import Span
from cardscript.grammar.formatter import format_script
from cardscript.grammar.hover import term_at


def _line(game: str, text: str) -> ast.AbilityLine:
    result = load_game(game).parse(text)
    assert result.diagnostics == (), text
    (line,) = result.script.lines
    return line


def _formatted(game: str, text: str) -> str:
    definition = load_game(game)
    return format_script(definition.parse(text).script, definition.registry).strip()


# (game, as authors write it, the card script's form: the same tree, and fmt writes it)
SAME = [
    (
        "marvel-champions",
        "Action: Deal damage equal to the number of cards in your hand to target minion.",
        "Action: Deal X damage to target minion, where X is the number of cards in your hand.",
    ),
    (
        "vs-system",
        "Draw cards equal to the number of characters you control.",
        "Draw X cards, where X is the number of characters you control.",
    ),
    (
        "pocket-duel",
        "Effect: Gain energy equal to the number of cards in your hand.",
        "Effect: Gain X energy, where X is the number of cards in your hand.",
    ),
    (
        "vanguard",
        "[AUTO](VC): When this unit attacks, draw cards equal to the number of rear-guards "
        "you control, then Soul Charge 1.",
        "[AUTO](VC): When this unit attacks, draw X cards, then Soul Charge 1, where X is the "
        "number of rear-guards you control.",
    ),
    # a card's stat, as printed cards say it: X bound to it (test_equal_to_stats)
    (
        "marvel-champions",
        "Hero Action (attack): Deal damage equal to your hero's ATK to target enemy.",
        "Hero Action (attack): Deal X damage to target enemy, where X is your hero's ATK.",
    ),
    (
        "vs-system",
        "Choose a character you control. Gain endurance equal to its ATK.",
        "Choose a character you control. Gain X endurance, where X is its ATK.",
    ),
    (
        "vs-system",
        "Draw cards equal to that character's cost.",
        "Draw X cards, where X is that character's cost.",
    ),
    (
        "pocket-duel",
        "Effect: Deal damage equal to its attack.",
        "Effect: Deal X damage, where X is its attack.",
    ),
    (
        "berserk",
        "When a creature you control dies, deal wounds equal to its cost to target creature.",
        "When a creature you control dies, deal X wounds to target creature, where X is its cost.",
    ),
    (
        "vanguard",
        "[AUTO](VC): When this unit attacks, draw cards equal to its critical.",
        "[AUTO](VC): When this unit attacks, draw X cards, where X is its critical.",
    ),
    (
        "vs-system",
        "Choose 2 characters you control. They get +1 ATK until end of turn.",
        "Choose 2 characters you control. They get +1 ATK until end of turn.",
    ),
    (
        "vs-system",
        "Exhaust target character your opponent controls.",
        "Exhaust target character an opponent controls.",
    ),
    (
        "vanguard",
        "[ACT](VC): Counter Blast 1 → retire target rear-guard your opponent controls.",
        "[ACT](VC): Counter Blast 1 → retire target rear-guard an opponent controls.",
    ),
    ("vs-system", "Discard your hand.", "Discard all cards in your hand."),
    (
        "vs-system",
        "Exhaust target character an opponent controls. It cannot be readied this turn.",
        "Exhaust target character an opponent controls. It cannot ready this turn.",
    ),
    (
        "marvel-champions",
        "Action: Each player discards their hand.",
        "Action: Each player discards all cards in their hand.",
    ),
    (
        "vs-system",
        "Target character with flight gets +1 ATK until end of turn.",
        "Target character with Flight gets +1 ATK until end of turn.",
    ),
    (
        "pocket-duel",
        "Effect: If there are no cards in your discard pile, gain 2 energy.",
        "Effect: If no cards are in your discard pile, gain 2 energy.",
    ),
    (
        "marvel-champions",
        "Action: If there is a minion in play, draw 1 card.",
        "Action: If a minion is in play, draw 1 card.",
    ),
    (
        "vanguard",
        "[CONT](VC): During your turn, all of your rear-guards get +1000 power.",
        "[CONT](VC): During your turn, all your rear-guards get +1000 power.",
    ),
    (
        "berserk",
        "Close this → all of your opponent's creatures get -1 strength until end of turn.",
        "Close this → all your opponent's creatures get -1 strength until end of turn.",
    ),
    # each "equal to" its own number: the first letter its line has not bound
    # (test_equal_to_letters.py)
    (
        "vs-system",
        "Pay X endurance → target character gets -X DEF until end of turn, then draw cards "
        "equal to the number of characters you control.",
        "Pay X endurance → target character gets -X DEF until end of turn, then draw Y cards, "
        "where Y is the number of characters you control.",
    ),
    (
        "marvel-champions",
        "Action: Draw cards equal to the number of allies you control, then deal damage equal "
        "to the number of cards in your hand to target minion.",
        "Action: Draw X cards, then deal Y damage to target minion, where X is the number of "
        "allies you control, where Y is the number of cards in your hand.",
    ),
    (
        "vanguard",
        "[ACT](VC): Soul Blast X → draw X cards, then draw cards equal to the number of "
        "rear-guards you control.",
        "[ACT](VC): Soul Blast X → draw X cards, then draw Y cards, where Y is the number of "
        "rear-guards you control.",
    ),
    (
        "berserk",
        "Spend X → heal X wounds on target creature, then deal wounds equal to the number of "
        "creatures you control to target enemy creature.",
        "Spend X → heal X wounds on target creature, then deal Y wounds to target enemy "
        "creature, where Y is the number of creatures you control.",
    ),
    (
        "pocket-duel",
        "Effect: Gain energy equal to the number of cards in your hand, then deal damage equal "
        "to the number of cards in your discard pile to the opposing hero.",
        "Effect: Gain X energy, then deal Y damage to the opposing hero, where X is the number "
        "of cards in your hand, where Y is the number of cards in your discard pile.",
    ),
    (
        "marvel-champions",
        "Action: Deal X damage to target minion and draw cards equal to the number of cards in "
        "your hand, where X is the number of allies you control.",
        "Action: Deal X damage to target minion and draw Y cards, where Y is the number of "
        "cards in your hand, where X is the number of allies you control.",
    ),
]


@pytest.mark.parametrize(("game", "written", "form"), SAME, ids=[s[1][:40] for s in SAME])
def test_an_author_s_sentence_is_read_as_the_card_script_s_form(
    game: str, written: str, form: str
) -> None:
    assert _line(game, written) == _line(game, form)
    assert _formatted(game, written) == form
    assert _formatted(game, form) == form


# "this turn" after a step is "until the end of this turn" (a period of the game): the
# same tree; fmt keeps the form written, as printed cards say it
THIS_PERIOD = [
    (
        "vs-system",
        "Target character cannot be stunned this turn.",
        "Target character cannot be stunned until the end of this turn.",
    ),
    (
        "vs-system",
        "Target attacking character gets +2 ATK this attack.",
        "Target attacking character gets +2 ATK until the end of this attack.",
    ),
    (
        "vs-system",
        "This character cannot attack this turn.",
        "This character cannot attack until the end of this turn.",
    ),
    # right after a permission "this attack" is the period, not a card it names
    (
        "vs-system",
        "Characters an opponent controls cannot be powered up this attack.",
        "Characters an opponent controls cannot be powered up until the end of this attack.",
    ),
    (
        "marvel-champions",
        "Action: Target minion cannot attack this round.",
        "Action: Target minion cannot attack until the end of this round.",
    ),
    (
        "pocket-duel",
        "Effect: Your opponent cannot gain energy this round.",
        "Effect: Your opponent cannot gain energy until the end of this round.",
    ),
    (
        "vanguard",
        "[AUTO](VC): When this unit attacks, this unit gets +5000 power this turn.",
        "[AUTO](VC): When this unit attacks, this unit gets +5000 power until the end of this "
        "turn.",
    ),
]


@pytest.mark.parametrize(
    ("game", "written", "form"), THIS_PERIOD, ids=[s[1][:40] for s in THIS_PERIOD]
)
def test_this_turn_reads_as_until_the_end_of_this_turn(game: str, written: str, form: str) -> None:
    assert _line(game, written) == _line(game, form)
    assert _formatted(game, written) == written
    assert _formatted(game, form) == form


def test_equal_to_the_number_of_is_x_bound_where_the_words_are() -> None:
    line = _line(
        "marvel-champions",
        "Action: Deal damage equal to the number of cards in your hand to target minion.",
    )
    assert isinstance(line.ability, ast.EffectAbility)
    steps = line.ability.effects
    (binding,) = steps.where
    assert binding.name == "X"
    assert binding.span == Span(1, 21, 1, 62, 20, 61)  # "equal to … your hand"
    deal = steps.steps[0]
    assert isinstance(deal, ast.Clause)
    assert deal.action.amount == ast.Amount(kind="var", value="X")
    assert deal.action.amount.span == Span(1, 21, 1, 62, 20, 61)


def test_this_turn_is_a_duration_where_this_may_also_begin_a_card() -> None:
    text = "Target character cannot be stunned this turn."
    line = _line("vs-system", text)
    assert isinstance(line.ability, ast.EffectAbility)
    (clause,) = line.ability.effects.steps
    assert isinstance(clause, ast.Clause)
    assert clause.action == ast.Action(verb="cannot", name="be_stunned")
    assert clause.duration == ast.Duration(phase=ast.PhaseRef(phase="turn", owner="this"), the=True)
    assert clause.duration.span == Span(1, 36, 1, 45, 35, 44)  # "this turn"
    registry = load_game("vs-system").registry
    meaning = term_at(text, 40, registry)  # "turn": the period
    assert meaning is not None
    assert (meaning.term.id, meaning.kind, meaning.start, meaning.end) == ("turn", "phase", 35, 44)
    typed = "Target character gets +2 ATK this t"
    offered = complete(typed, len(typed), registry).items
    assert [(c.text, c.start, c.kind) for c in offered] == [("this turn", 29, "phase")]
    # "this" still begins a card where one may follow: the card is read first
    cancel = _line("vs-system", "Cancel this attack.")
    assert isinstance(cancel.ability, ast.EffectAbility)
    (step,) = cancel.ability.effects.steps
    assert isinstance(step, ast.Clause)
    assert step.action.target == ast.ThisCard(noun="attack")
    assert step.duration is None
    # and a permission names a card with no preposition where no period follows
    named = _line("vs-system", "Characters cannot attack this.")
    assert isinstance(named.ability, ast.EffectAbility)
    (refusal,) = named.ability.effects.steps
    assert isinstance(refusal, ast.Clause)
    assert refusal.action.event_object == ast.EventObject(selector=ast.ThisCard())
    assert refusal.duration is None


def test_they_is_them_and_them_doing_something_is_written_they() -> None:
    line = _line("vs-system", "Choose 2 characters you control. They get +1 ATK until end of turn.")
    assert isinstance(line.ability, ast.EffectAbility)
    they = line.ability.effects.steps[1]
    assert isinstance(they, ast.Clause)
    assert they.subject == ast.It(word="them")
    assert _formatted("vs-system", "Choose 2 characters. Them get +1 ATK until end of turn.") == (
        "Choose 2 characters. They get +1 ATK until end of turn."
    )
    kept = "Choose 2 characters you control, then exhaust them."  # an object stays "them"
    assert _formatted("vs-system", kept) == kept


# (game, text, code, line, column, message, hints)
HINTS = [
    (
        "vs-system",
        "Exhaust any number of characters you control.",
        "CS-P001",
        1,
        13,
        'unexpected "number" after "any"; expected a card or object noun, a state or quality, '
        '"an", "the", "your" or a quoted name',
        (
            'perhaps try "Exhaust up to X characters you control, where X is the number of '
            'characters you control."',
        ),
    ),
    (
        "marvel-champions",
        "Action: Exhaust any number of minions you control.",
        "CS-P001",
        1,
        21,
        'unexpected "number" after "any"; expected a card or object noun, a state or quality, '
        '"an", "the", "your" or a quoted name',
        (
            'perhaps try "Action: Exhaust up to X minions you control, where X is the number of '
            'minions you control."',
        ),
    ),
    (
        "vs-system",
        "If it is your turn, characters you control get +1 ATK.",
        "CS-P001",
        1,
        10,
        'unexpected "your" after "is"; expected a state or quality, "a", "an", "face", "in" or '
        '"not"',
        ('perhaps try "During your turn, characters you control get +1 ATK."',),
    ),
    (  # steps that run once: "During" is asked only of a line that holds
        "vs-system",
        "When this attacks, if it is your turn, draw a card.",
        "CS-P001",
        1,
        29,
        'unexpected "your" after "is"; expected a state or quality, "a", "an", "face", "in" or '
        '"not"',
        (
            "no condition asks whose turn it is; a line that holds while its card is in play "
            'says "During your turn, …"',
        ),
    ),
    (
        "vs-system",
        "Characters you control get +1 ATK while you control 3 or more characters.",
        "CS-P001",
        1,
        35,
        'unexpected "while" after "ATK"; expected "and", "at the end", "for", "instead", "until", '
        '"→", …',
        (
            'perhaps try "While you control 3 or more characters, characters you control get +1 '
            'ATK."',
        ),
    ),
    (
        "vanguard",
        "[CONT](VC): This unit gets +5000 power while you have 3 or more cards in your soul.",
        "CS-P001",
        1,
        40,
        'unexpected "while" after "power"; expected "and", "at the end", "for", "instead", '
        '"until", "→", …',
        (
            'perhaps try "[CONT](VC): While you have 3 or more cards in your soul, this unit gets '
            '+5000 power."',
        ),
    ),
    (
        "vs-system",
        "When this attacks, this gets +1 ATK until end of turn while you control 3 or more "
        "characters.",
        "CS-P001",
        1,
        55,
        'unexpected "while" after "turn"; expected "instead", "and", "→", ",", ".", ". Then", …',
        (
            'perhaps try "When this attacks, if you control 3 or more characters, this gets +1 '
            'ATK until end of turn." (asked once, as the step runs)',
        ),
    ),
    (
        "pocket-duel",
        "Effect: Lose all your energy.",
        "CS-P001",
        1,
        18,
        'unexpected "your" after "all"; expected a player resource or "abilities"',
        ('perhaps try "Effect: Lose all energy."',),
    ),
    (
        "vanguard",
        "[AUTO](VC): When this unit attacks, if you have a vanguard, draw a card.",
        "CS-P001",
        1,
        59,
        'unexpected "," after "vanguard"; expected "from", "in" or "of"',
        (
            'a card in play is one a player controls: perhaps try "[AUTO](VC): When this unit '
            'attacks, if you control a vanguard, draw a card.", or say where the cards are: '
            '"… have a vanguard in …"',
        ),
    ),
    (
        "vs-system",
        "Target flying character gets +1 ATK until end of turn.",
        "CS-P002",
        1,
        8,
        'unknown word "flying" after "Target"; expected a card or object noun, a state or '
        'quality, "an", "opponent", "player", "the", …',
        (
            '"flying" is what Flight gives: perhaps try "Target character with Flight gets +1 '
            'ATK until end of turn."',
        ),
    ),
    (
        "vs-system",
        "Flying characters you control get +1 DEF.",
        "CS-P002",
        1,
        1,
        'unknown word "Flying"; expected a keyword, a card or object noun, a state or quality, '
        'an effect verb, an ability label, "a", …',
        (
            '"Flying" is what Flight gives: perhaps try "Characters with Flight you control get '
            '+1 DEF."',
        ),
    ),
    (
        "vs-system",
        "Stun target character with flying.",
        "CS-P002",
        1,
        28,
        'unknown word "flying" after "with"; expected a keyword, a stat, an attribute or "printed"',
        ('"flying" is what Flight gives: perhaps try "Stun target character with Flight."',),
    ),
    (  # the count after the card it is dealt to: written before "to"
        "pocket-duel",
        "Deal damage to the opponent equal to the number of cards in your hand.",
        "CS-P001",
        1,
        13,
        'unexpected "to" after "damage"; expected "equal"',
        ('perhaps try "Deal damage equal to the number of cards in your hand to the opponent."',),
    ),
    (
        "pocket-duel",
        "When this is revealed, gain energy 2.",
        "CS-P001",
        1,
        36,
        'unexpected "2" after "energy"; expected "equal"',
        ('the amount comes first: perhaps try "When this is revealed, gain 2 energy."',),
    ),
    (
        "pocket-duel",
        "On hit: Remove 1 energy from your opponent.",
        "CS-P001",
        1,
        18,
        'unexpected "energy" after "1"; expected a card or object noun, a state or quality, "an", '
        '"target", "the", "your", …',
        (
            "a player's resource is lost, a card's counter removed: perhaps try "
            '"On hit: Your opponent loses 1 energy."',
        ),
    ),
    (
        "vs-system",
        "Remove 3 endurance from your opponent.",
        "CS-P001",
        1,
        10,
        'unexpected "endurance" after "3"; expected a card or object noun, a state or quality, '
        '"an", "target", "the", "your", …',
        (
            "a player's resource is lost, a card's counter removed: perhaps try "
            '"Your opponent loses 3 endurance."',
        ),
    ),
    # "doesn't ready during your next recovery phase" had no hint: the next recovery
    # phase ends this turn (VS System §6.4), so it is "cannot ready this turn"
    (
        "vs-system",
        "Target character doesn't ready during your next recovery phase.",
        "CS-P001",
        1,
        18,
        'unexpected "doesn\'t" after "character"; expected a state or quality, an effect '
        'verb, "an", "become", "can", "cannot", …',
        (
            "the next recovery phase is this turn's, and the turn ends with it: perhaps try "
            '"Target character cannot ready this turn."',
        ),
    ),
    (
        "vs-system",
        "Characters you control don't ready during your next recovery phase.",
        "CS-P001",
        1,
        24,
        'unexpected "don\'t" after "control"; expected a state or quality, an effect '
        'verb, "an", "become", "can", "cannot", …',
        (
            "the next recovery phase is this turn's, and the turn ends with it: perhaps try "
            '"Characters you control cannot ready this turn."',
        ),
    ),
    (
        "vs-system",
        "Exhaust target character. It does not ready during its controller's next recovery phase.",
        "CS-P001",
        1,
        30,
        'unexpected "does" after "It"; expected an effect verb, "become", "can", "cannot", '
        '"choose", "deal", …',
        (
            "the next recovery phase is this turn's, and the turn ends with it: perhaps try "
            '"Exhaust target character. It cannot ready this turn."',
        ),
    ),
    (
        "vs-system",
        "It doesn't ready this turn.",
        "CS-P001",
        1,
        4,
        'unexpected "doesn\'t" after "It"; expected an effect verb, "become", "can", "cannot", '
        '"choose", "deal", …',
        ('perhaps try "It cannot ready this turn."',),
    ),
]


@pytest.mark.parametrize("case", HINTS, ids=[f"{c[0]}:{c[1][:40]}" for c in HINTS])
def test_a_sentence_the_card_script_says_otherwise_is_refused_with_the_line_as_it_reads(
    case: tuple[str, str, str, int, int, str, tuple[str, ...]],
) -> None:
    game, text, *expected = case
    (problem,) = load_game(game).parse(text).diagnostics
    found = [problem.code, problem.span.line, problem.span.column, problem.message, problem.hints]
    assert found == expected
    for hint in problem.hints:  # each line offered reads as it is written
        if "perhaps try" not in hint:
            continue
        offered = hint.split('perhaps try "', 1)[1].split('"', 1)[0]
        assert load_game(game).parse(offered).diagnostics == (), offered


def test_a_word_a_keyword_gives_is_data_of_the_game_s_registry() -> None:
    assert load_game("vs-system").registry.given_by == {"flying": "Flight"}
    # Berserk's cards are of the flying kind (a quality of its own): read, no hint
    assert load_game("berserk").registry.given_by == {}
    assert load_game("berserk").parse("Target flying creature gets +1 life.").diagnostics == ()


SAID_AGAIN = [
    # it was 'perhaps try "this cannot …"': "this" is the card with the text, not the target
    (
        "Target character cannot be exhausted this turn and cannot be stunned this turn.",
        52,
        '"cannot" needs to say which card cannot be stunned',
        'perhaps try "Target character cannot be exhausted this turn and it cannot be stunned '
        'this turn."',
    ),
    (
        "Characters you control cannot be exhausted this turn and cannot be stunned this turn.",
        58,
        '"cannot" needs to say which card cannot be stunned',
        'perhaps try "Characters you control cannot be exhausted this turn and they cannot be '
        'stunned this turn."',
    ),
    (
        "Target character gets +1 ATK this turn and cannot be stunned this turn.",
        44,
        '"cannot" needs to say which card cannot be stunned',
        'perhaps try "Target character gets +1 ATK this turn and it cannot be stunned this turn."',
    ),
    ("Gets +1 ATK.", 1, '"gets" needs to say which card gets it', 'perhaps try "this gets …"'),
    (
        "Draw a card and gets +1 ATK.",
        17,
        '"gets" needs to say which card gets it',
        'perhaps try "this gets …"',
    ),
]


@pytest.mark.parametrize(("text", "column", "message", "hint"), SAID_AGAIN)
def test_a_second_clause_without_its_cards_is_hinted_with_it_not_this(
    text: str, column: int, message: str, hint: str
) -> None:
    from cardscript.grammar.checks import check_script

    definition = load_game("vs-system")
    parsed = definition.parse(text)
    assert parsed.diagnostics == ()
    (problem,) = check_script(parsed.script, definition.registry)
    assert problem.span is not None
    found = (problem.code, problem.span.line, problem.span.column, problem.message, problem.hints)
    assert found == ("CS-T002", 1, column, message, (hint,))
    offered = hint.split('perhaps try "', 1)[1].removesuffix('"')
    if "…" not in offered:  # the line offered reads as it is written, without a problem
        again = definition.parse(offered)
        assert (again.diagnostics, check_script(again.script, definition.registry)) == ((), [])
