"""Deck legality: read deck files, check them against each game's deck rules.

One job per module:

* ``model`` — the Deck every reader returns; ``entries`` — one "3x Name" line;
* ``yamldeck``, ``textdeck``, ``mcdbdeck`` — the three deck formats; ``files`` — finding
  deck files and picking the reader;
* ``pool`` — the card pool (bundled cards plus ``--cards``), cached per file;
* ``rules`` — ``cardscript/kernels/<game>/deck_rules.yaml``, the rules as data;
* ``overrides`` — the Golden Rule: which rule hooks a card's text and keywords override;
* ``context``, ``checks`` — the rule kinds every game shares; ``mc``, ``pd`` — the few
  that data cannot say for Marvel Champions and Pocket Duel;
* ``check`` — resolving, running the rules, many files, the bundled sample decks;
* ``mcdb_text``, ``mcdb_cards``, ``mcdb_write`` — ``cardscript import marvelcdb``.

Every violation is a Diagnostic whose code is the rule id (``VS-DECK-SIZE``…), whose
message says what the deck has and the rule with its rulebook reference, and whose hints
give the fix. Reading problems use the codes CS-D001…CS-D008 (decks) and CS-M001/CS-M002
(the MarvelCDB importer); see each module's table.
"""

from __future__ import annotations

from cardscript.decks.check import DeckRun, check_bundled_decks, check_deck, check_paths
from cardscript.decks.files import read_deck, read_deck_text
from cardscript.decks.pool import CardPool, load_pool

__all__ = [
    "CardPool",
    "DeckRun",
    "check_bundled_decks",
    "check_deck",
    "check_paths",
    "load_pool",
    "read_deck",
    "read_deck_text",
]
