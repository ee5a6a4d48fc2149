"""Go to definition: from a keyword to its "keyword Name:" line in the keywords file it is
read from, and from a card id in a field that names a card to that card's id."""

from __future__ import annotations

from typing import Any

from cardscript.content import bundled_cards_dir
from tests.test_lsp import WYRMS, at, opened, session, span
from tests.test_lsp_keywords import KEYWORDS, KEYWORDS_URI

BUNDLED = bundled_cards_dir().resolve()
MINE = "file:///ws/marvel-champions/mine.yaml"
# a hero whose other side is in the same file, and an upgrade owned by a bundled hero
HEROES = """\
game: marvel-champions
set: MN
cards:
- id: mine-hero
  name: Mine
  type: hero
  back: mine-alter-ego
  thw: 1
  atk: 1
  def: 1
  hit_points: 10
  hand_size: 5
- id: mine-alter-ego
  name: Miner
  type: alter_ego
  back: mine-hero
  rec: 3
  hit_points: 10
  hand_size: 6
- id: mine-01
  name: Spare Plating
  type: upgrade
  cost: 1
  owner: bulwark-hero
  text: "Toughness."
- id: mine-02
  name: Lost Plating
  type: upgrade
  cost: 1
  owner: nobody-hero
  text: "Toughness."
"""


def located(uri: str, where: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"uri": uri, "range": where}]


def results(answers: list[dict[str, Any]]) -> list[Any]:
    return [a["result"] for a in answers if "id" in a]


def test_a_keyword_goes_to_its_line_in_the_bundled_keywords_file() -> None:
    text = WYRMS.replace("Flihgt", "Flight")
    answers = session(
        at("textDocument/definition", 2, 3, 113),  # in "Flight" of the flow card's text
        at("textDocument/definition", 3, 13, 16),  # "attacks": an event, no keyword
        at("textDocument/definition", 4, 5, 8),  # "name:", no card text
        text=text,
    )
    keywords = (BUNDLED / "vs-system" / "keywords.cardscript").as_uri()
    assert results(answers) == [located(keywords, span(1, 8, 1, 14)), [], []]


def test_a_keyword_goes_to_the_open_keywords_buffer_that_defines_it() -> None:
    answers = session(
        opened(KEYWORDS, KEYWORDS_URI),
        at("textDocument/definition", 2, 3, 112),  # "Soar" in the card file beside it
        at("textDocument/definition", 3, 10, 11, KEYWORDS_URI),  # "Range", in the buffer
        text=WYRMS.replace("Flihgt", "Soar"),
    )
    assert results(answers) == [
        located(KEYWORDS_URI, span(4, 8, 4, 12)),
        located(KEYWORDS_URI, span(2, 8, 2, 13)),
    ]


def test_a_keyword_of_several_words_goes_to_its_name_however_it_is_spaced() -> None:
    uri = "file:///ws/pocket-duel/keywords.cardscript"
    text = (
        "keyword   Cancel  Rest:\n  cancel an opposing Rest card.\nkeyword Twice:\n  Cancel Rest.\n"
    )
    [answer] = session(at("textDocument/definition", 2, 3, 9, uri), text=text, uri=uri)
    assert answer["result"] == located(uri, span(0, 10, 0, 22))


def test_a_card_id_goes_to_the_card_in_the_buffer_or_among_the_bundled_cards() -> None:
    answers = session(
        at("textDocument/definition", 2, 6, 10, MINE),  # back: mine-alter-ego
        at("textDocument/definition", 3, 15, 8, MINE),  # back: mine-hero
        at("textDocument/definition", 4, 23, 12, MINE),  # owner: bulwark-hero (bundled)
        at("textDocument/definition", 5, 29, 12, MINE),  # owner: nobody-hero (no such card)
        at("textDocument/definition", 6, 4, 10, MINE),  # id: mine-hero (its own id: no reference)
        text=HEROES,
        uri=MINE,
    )
    bulwark = (BUNDLED / "marvel-champions" / "bulwark.yaml").as_uri()
    assert results(answers) == [
        located(MINE, span(12, 6, 12, 20)),
        located(MINE, span(3, 6, 3, 15)),
        located(bulwark, span(4, 6, 4, 18)),
        [],
        [],
    ]
