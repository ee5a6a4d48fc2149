"""An amount equal to a card's stat: "deal damage equal to your hero's ATK", "gain endurance
equal to its ATK", "where X is that character's cost". Each is X bound as "equal to the
number of …" is (``EffectRules.equal_to_stat``, a ``StatValue`` in its ``Binding``); fmt
writes the "where" form (the identity pairs are in test_authors_phrasing.SAME); a word that
is no stat of the game is CS-P002 at the word, with the game's stats as its hint. The
engine's side (the value read as the step resolves, last-known information, no card: 0)
is in the scenarios MC-EQ1 and VS-EQ1."""

from __future__ import annotations

from cardscript.games import load_game
from cardscript.grammar import ast
from cardscript.grammar.checks import check_script
from cardscript.grammar.complete import complete
from cardscript.grammar.diagnostics import Span
from cardscript.grammar.hover import term_at
from tests.test_authors_phrasing import _line

MC_STRIKE = "Hero Action (attack): Deal damage equal to your hero's ATK to target enemy."


def _binding(game: str, text: str) -> ast.Binding:
    line = _line(game, text)
    (binding,) = line.ability.effects.where  # type: ignore[union-attr]
    return binding


def test_equal_to_your_hero_s_atk_is_x_bound_to_the_hero_s_atk_where_its_words_are() -> None:
    binding = _binding("marvel-champions", MC_STRIKE)
    assert binding == ast.Binding(
        name="X",
        selector=ast.StatValue(
            stat="atk",
            holder=ast.Cards(
                noun="hero",
                qualities=(ast.Quality(kind="possessor", value="your"),),
                plural=False,
            ),
        ),
    )
    assert binding.span == Span(1, 35, 1, 59, 34, 58)  # "equal to your hero's ATK"
    deal = _line("marvel-champions", MC_STRIKE).ability.effects.steps[0]  # type: ignore[union-attr]
    assert deal.action.amount == ast.Amount(kind="var", value="X")


def test_its_stat_keeps_the_possessor_word_and_names_no_holder() -> None:
    binding = _binding("vs-system", "Gain endurance equal to its ATK.")
    assert binding == ast.Binding(name="X", selector=ast.StatValue(stat="atk", possessor="its"))


def test_the_holder_may_be_that_card_this_card_or_the_one_card_of_a_kind() -> None:
    that = _binding("vs-system", "Draw cards equal to that character's cost.")
    assert that.selector == ast.StatValue(stat="cost", holder=ast.ThatCard(noun="character"))
    this = _binding("vs-system", "Draw X cards, where X is this card's DEF.")
    assert this.selector == ast.StatValue(stat="def", holder=ast.ThisCard(noun="card"))
    villain = _binding(
        "marvel-champions", "Action: Deal X damage to target enemy, where X is the villain's SCH."
    )
    assert villain.selector == ast.StatValue(
        stat="sch",
        holder=ast.Cards(noun="villain", quantifier=ast.Quantifier(kind="the"), plural=False),
    )


def test_a_line_with_an_x_already_binds_the_stat_as_y() -> None:
    line = _line("vs-system", "Pay X endurance → gain endurance equal to its cost.")
    assert isinstance(line.ability, ast.Activated)
    assert line.ability.effects.where == (
        ast.Binding(name="Y", selector=ast.StatValue(stat="cost", possessor="its")),
    )


def _problems(game: str, text: str) -> list[tuple[str, int, int, str, tuple[str, ...]]]:
    definition = load_game(game)
    parsed = definition.parse(text)
    found = list(parsed.diagnostics)
    if parsed.ok:
        found.extend(check_script(parsed.script, definition.registry))
    return [(d.code, d.span.line, d.span.column, d.message, d.hints) for d in found if d.span]


MC_STATS = (
    "perhaps try a stat of this game: ATK, THW, DEF, REC, SCH, hit points, damage taken, "
    "hand size, cost, boost icons, starting threat, target threat, acceleration"
)


def test_a_word_that_is_no_stat_is_refused_at_the_word_with_the_game_s_stats() -> None:
    """Before, "equal to its" was refused at "its" (only "the number of" was read)."""
    text = "Hero Action: Deal damage equal to its wisdom to target enemy."
    assert _problems("marvel-champions", text) == [
        (
            "CS-P002",
            1,
            39,
            'unknown word "wisdom" after "its"; expected a stat, "controller" or "owner"',
            (MC_STATS,),
        )
    ]
    text = "Gain endurance equal to that character's power."
    assert _problems("vs-system", text) == [
        (
            "CS-P002",
            1,
            42,
            'unknown word "power" after "\'s"; expected a stat',
            ("perhaps try a stat of this game: ATK, DEF, cost, threshold",),
        )
    ]


def test_a_word_of_another_class_where_a_stat_must_come_gets_the_same_hint() -> None:
    text = "Hero Action: Deal damage equal to your hero's attack to target enemy."
    assert _problems("marvel-champions", text) == [
        ("CS-P001", 1, 47, 'unexpected "attack" after "\'s"; expected a stat', (MC_STATS,))
    ]


def test_a_misspelt_stat_is_still_did_you_mean() -> None:
    text = "Hero Action: Deal damage equal to your hero's ATKK to target enemy."
    assert _problems("marvel-champions", text) == [
        (
            "CS-P002",
            1,
            47,
            'unknown word "ATKK" after "\'s"; expected a stat',
            ('did you mean "ATK"?',),
        )
    ]


def test_a_letter_bound_to_a_stat_and_again_is_refused_with_the_stat_s_words() -> None:
    text = (
        "Action: Deal X damage to target enemy, where X is your hero's ATK, "
        "where X is the number of cards in your hand."
    )
    assert _problems("marvel-champions", text) == [
        (
            "CS-T027",
            1,
            68,
            'X is bound twice: "where X is the number of cards in your hand" would replace '
            '"where X is your hero\'s ATK"',
            (
                'perhaps try another letter: "where Y is the number of cards in your hand", '
                "and Y where that number is read",
            ),
        )
    ]


def test_an_x_left_unread_by_an_equal_to_stat_is_a_warning_naming_the_stat() -> None:
    text = (
        "Action: Deal damage equal to your hero's ATK to target enemy, "
        "where X is the number of cards in your hand."
    )
    assert _problems("marvel-champions", text) == [
        (
            "CS-T028",
            1,
            63,
            "X is defined but never used",
            (
                'perhaps try "Action: Deal X damage to target enemy, where X is the number of '
                'cards in your hand." ("equal to your hero\'s ATK" counts a number of its '
                "own, not X)",
            ),
        )
    ]


def _offers(game: str, text: str) -> list[tuple[str, str, int]]:
    found = complete(text, len(text), load_game(game).registry)
    return [(c.text, c.kind, c.start) for c in found.items]


def test_completion_after_equal_to_offers_the_possessors_and_after_s_the_stats() -> None:
    """Completion reads the grammar: before, only "the" came after "equal to"."""
    assert _offers("vs-system", "Draw cards equal to ") == [
        ("an", "word", 20),
        ("each", "word", 20),
        ("its", "word", 20),
        ("opponent", "word", 20),
        ("that", "word", 20),
        ("the", "word", 20),
        ("their", "word", 20),
        ("this", "word", 20),
        ("your", "word", 20),
    ]
    assert _offers("vs-system", "Draw cards equal to that character's ") == [
        ("ATK", "stat", 37),
        ("cost", "stat", 37),
        ("DEF", "stat", 37),
        ("threshold", "stat", 37),
    ]


def test_hover_reads_the_stat_and_the_holder_s_noun() -> None:
    registry = load_game("marvel-champions").registry
    stat = term_at(MC_STRIKE, MC_STRIKE.index("ATK") + 1, registry)
    noun = term_at(MC_STRIKE, MC_STRIKE.index("hero's") + 1, registry)
    assert stat is not None and noun is not None
    assert (stat.term.id, stat.kind, stat.start, stat.end) == ("atk", "stat", 55, 58)
    assert (noun.term.id, noun.kind, noun.start, noun.end) == ("hero", "noun", 48, 52)


_ENDLESS_HINT = (
    "perhaps try a change with a duration, whose number is read once as it begins, or read "
    "another stat",
)


def test_a_continuous_change_that_reads_the_stat_it_changes_is_refused_at_its_where() -> None:
    """Before, it validated and the engine recursed without end reading ATK."""
    assert _problems("vs-system", "This gets +X ATK, where X is its ATK.") == [
        (
            "CS-T032",
            1,
            19,
            '"where X is its ATK" reads ATK, which this text changes: working out ATK would '
            "read it again, without end",
            _ENDLESS_HINT,
        )
    ]
    counted = "This gets +X ATK, where X is the number of characters with ATK 2 or more."
    assert _problems("vs-system", counted) == [
        (
            "CS-T032",
            1,
            19,
            '"where X is the number of characters with ATK 2 or more" reads ATK, which this '
            "text changes: working out ATK would read it again, without end",
            _ENDLESS_HINT,
        )
    ]


def test_another_stat_a_duration_or_a_printed_value_reads_nothing_it_changes() -> None:
    for text in (
        "This gets +X DEF, where X is its ATK.",
        "When this attacks, this gets +X ATK until end of turn, where X is its ATK.",
        "This gets +X ATK, where X is the number of characters with printed ATK 2 or more.",
        "Gain endurance equal to its ATK.",
    ):
        assert _problems("vs-system", text) == [], text
