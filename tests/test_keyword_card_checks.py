"""A keyword's lines are those of each card that has it, so the checks that depend on the
card's type (CS-C037 on a one-shot card, CS-C038 on one that runs no line by itself) read
them with the type of the card that has the keyword, and report them at the keyword in its
text, a hint saying where the line is (``oneshot.keyword_diagnostics``). The keywords file
alone cannot be checked so: it has no card type (test_keyword_file_checks)."""

from __future__ import annotations

from pathlib import Path

from cardscript.cardfiles.checkfile import check_file

_KEYWORDS = (
    "keyword Flight:\n"
    "  rule can_attack_protected is on for this.\n"
    "keyword Scholar:\n"
    "  draw a card.\n"
    "keyword Shelter:\n"
    "  prevent the first 2 breakthrough dealt to you each turn.\n"
)

_CARDS = """\
game: vs-system
set: VSX
cards:
- id: VSX-1
  name: Bookish Hero
  type: character
  cost: 2
  version: Test
  atk: 2
  def: 2
  text: |
    Flight, Scholar, Shelter
- id: VSX-2
  name: Safe Harbor
  type: plot_twist
  threshold: 1
  text: |
    Scholar, Shelter
"""


def _checked(root: Path) -> list[tuple[str, int, int, str, tuple[str, ...]]]:
    (root / "vs-system").mkdir()
    (root / "vs-system" / "keywords.cardscript").write_text(_KEYWORDS, "utf-8")
    cards = root / "cards.yaml"
    cards.write_text(_CARDS, "utf-8")
    return [
        (d.code, d.span.line, d.span.column, d.message, d.hints)
        for d in check_file(str(cards), keywords_dir=str(root)).diagnostics
        if d.span is not None
    ]


def test_the_type_checks_read_a_keywords_lines_at_the_card_that_has_it(tmp_path: Path) -> None:
    # a line that runs once on a character (not on a plot twist, whose text runs as it is
    # played); a standing prevention on a plot twist (not on a character, which stays)
    assert _checked(tmp_path) == [
        (
            "CS-C038",
            12,
            13,
            'keyword "Scholar": "draw a card" would run once, but a character runs no line of '
            "its text by itself: a line runs when its trigger, cost or label says, and one "
            "with none only holds while the character is in play",
            (
                'the line is keyword "Scholar"\'s, at vs-system/keywords.cardscript:4:3',
                'perhaps try "When this enters play, draw a card."',
                'or "Activate → draw a card."',
            ),
        ),
        (
            "CS-C037",
            18,
            14,
            'keyword "Shelter": a standing prevention works only while its card is in play, '
            "but this plot twist's text runs once as it is played",
            (
                'the line is keyword "Shelter"\'s, at vs-system/keywords.cardscript:6:3',
                'perhaps try a step that prevents once, this turn: "Prevent 2 breakthrough '
                'dealt to you."',
                'or write the line after "Ongoing:", which lasts',
            ),
        ),
    ]
