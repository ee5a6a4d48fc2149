"""Deck-check throughput: read and check 1,000 decks after start-up.

The decks are the test fixtures of all five games (YAML decks, text lists and MarvelCDB
JSON, legal and illegal), each copy with one count changed so that no two texts are the
same. Start-up (loading the card pools, the deck rules and each game's vocabulary) is
timed apart. Prints figures only.

    python bench/deck_check.py [N]
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

from bench_args import parse

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "decks"
_YAML_OR_TEXT_COUNT = re.compile(r"(?m)^(\s*(?:- )?)(\d+)(x?\s)")
_JSON_COUNT = re.compile(r'("\d{5}[ab]?"\s*:\s*)(\d+)')


def _vary(text: str, rng: random.Random) -> str:
    pattern = _JSON_COUNT if text.lstrip().startswith("{") else _YAML_OR_TEXT_COUNT
    matches = list(pattern.finditer(text))
    if not matches:
        return text + "\n"
    match = rng.choice(matches)
    count = max(1, int(match[2]) + rng.choice((-1, 1)))
    return text[: match.start(2)] + str(count) + text[match.end(2) :]


def main(total: int = 1000) -> None:
    start = time.perf_counter()
    from cardscript import GAMES
    from cardscript.decks import check_deck, load_pool, read_deck_text

    pool = load_pool([FIXTURES / game / "cards.yaml" for game in GAMES], bundled=False)
    templates = [
        (path.name, path.read_text("utf-8"))
        for game in GAMES
        for path in sorted((FIXTURES / game / "decks").iterdir())
    ]
    for name, text in templates:  # warm-up: rules, vocabularies, parsed card texts
        deck = read_deck_text(text, name)
        if deck is not None:
            check_deck(deck, pool)
    startup = time.perf_counter() - start

    rng = random.Random(20240301)
    decks = [
        (f"{i}-{name}", _vary(text, rng))
        for i, (name, text) in ((i, templates[i % len(templates)]) for i in range(total))
    ]
    kinds = {"yaml": 0, "text": 0, "marvelcdb": 0}
    legal = 0
    began, began_cpu = time.perf_counter(), time.process_time()
    for name, text in decks:
        deck = read_deck_text(text, name)
        assert deck is not None
        kinds[deck.kind] += 1
        if not any(d.is_error for d in check_deck(deck, pool)):
            legal += 1
    elapsed = time.perf_counter() - began
    cpu = time.process_time() - began_cpu

    print(f"start-up: {startup * 1000:.0f} ms")
    print(
        f"decks: {total} ({legal} legal, {total - legal} with violations; "
        f"{kinds['yaml']} YAML, {kinds['text']} text, {kinds['marvelcdb']} MarvelCDB)"
    )
    print(
        f"read and check: {elapsed * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU "
        f"({elapsed / total * 1e6:.0f} µs per deck)"
    )
    print(f"throughput: {total / elapsed:.0f} decks/s ({total / cpu:.0f} decks per CPU second)")


if __name__ == "__main__":
    main(parse(__doc__.splitlines()[0], 1000).count)
