"""Language Server latency: a didChange (the buffer rechecked, its diagnostics published)
on a large card file, and a completion request right after a change.

    python bench/lsp_bench.py [EDITS] [--game marvel-champions]

The card file is every bundled file of the game in one (their cards under one header):
the largest buffer the bundled content gives (its ids are the bundled cards' too, so the
cross-file check finds each twice, as it would for a copied file). Each edit changes one
number (deal N, draw N, gain N, gets +N) in one card's text to a value not seen before, as
typing does, and sends the whole text (full sync).
Prints the median and the slowest time in ms; asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import time
from pathlib import Path

from cardscript.cardfiles.validate import ResultCache
from cardscript.lsp.server import Server

ROOT = Path(__file__).resolve().parent.parent
URI = "file:///bench/{game}/all.yaml"  # (no such file: the buffer is what counts)
_EDITED = re.compile(r"\b(?:[Dd]eal |[Dd]raw |[Gg]ain |gets? \+)(\d+)\b")  # a number to vary


def one_file(game: str) -> str:
    """Every bundled card file of ``game`` as one: the first header, then each file's cards
    (their list items at the left margin, as files indent them differently)."""
    header, cards = "", []
    for path in sorted((ROOT / "cards" / game).glob("*.yaml")):
        top, _, rest = path.read_text("utf-8").partition("\ncards:\n")
        header = header or top + "\ncards:\n"
        indent = len(rest) - len(rest.lstrip(" "))
        cards.extend(
            line[min(indent, len(line) - len(line.lstrip(" "))) :] for line in rest.splitlines(True)
        )
    return header + "".join(cards)


def _ms(seconds: list[float]) -> str:
    return (
        f"median {statistics.median(seconds) * 1000:7.1f} ms, slowest {max(seconds) * 1000:7.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edits", nargs="?", type=int, default=50, help="how many (default 50)")
    parser.add_argument("--game", default="marvel-champions", help="whose cards (default mc)")
    args = parser.parse_args()
    if args.edits < 1:
        parser.error("the count of edits is a whole number of 1 or more")
    text = one_file(args.game)
    found = list(_EDITED.finditer(text))
    if not found:
        parser.error(f'no "deal N", "draw N", "gain N" or "gets +N" in {args.game} to edit')
    edited = found[len(found) // 2]  # (a card in the middle of the file)
    uri = URI.format(game=args.game)
    server = Server(io.BytesIO(), io.StringIO(), ResultCache.open())
    server.initialize({})
    document = {"uri": uri, "languageId": "yaml", "version": 0, "text": text}
    server.did_open({"textDocument": document})
    line = text.count("\n", 0, edited.start())
    column = edited.start() - text.rfind("\n", 0, edited.start()) - 1
    changes, completions = [], []
    for n in range(1, args.edits + 1):
        new = text[: edited.start(1)] + str(10 + n) + text[edited.end(1) :]
        change = {"textDocument": {"uri": uri, "version": n}, "contentChanges": [{"text": new}]}
        start = time.perf_counter()
        server.did_change(change)
        changes.append(time.perf_counter() - start)
        at = {"textDocument": {"uri": uri}, "position": {"line": line, "character": column + 2}}
        start = time.perf_counter()
        server.completion(at)
        completions.append(time.perf_counter() - start)
    lines = text.count("\n")
    print(f"{args.game}: one buffer of {lines} lines, {len(text):,} characters; {args.edits} edits")
    print(f"  didChange (recheck + publish): {_ms(changes)}")
    print(f"  completion after a change:     {_ms(completions)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
