"""Validate throughput: 10,000 generated cards across the five games, cold and warm,
side by side with check-jsonschema validating the same files against the same schemas.

    python bench/validate_bench.py [--cards 10000] [--per-file 100] [--seed 1]

Cards are built from the schema fixtures (one valid card of every type per game) with
new ids and names, and texts taken from the language corpus, so every card is valid and
has real card script. Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import bisect
import copy
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml
from bench_args import installed_cli

from cardscript.cardfiles.validate import validate_text

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("vs-system", "pocket-duel", "berserk", "marvel-champions", "vanguard")
OUT = ROOT / "bench" / "_corpus"


def _templates(game: str) -> list[dict]:
    data = yaml.safe_load((ROOT / "tests/fixtures/schemas" / game / "valid.yaml").read_text())
    return [c for c in data["cards"] if isinstance(c, dict)]


def _texts(game: str) -> list[str]:
    path = ROOT / "tests/corpus" / f"{game}.yaml"
    return [e["text"] for e in yaml.safe_load(path.read_text())] if path.is_file() else []


def _linked(game: str, card: dict) -> bool:
    """Cards that must point at other cards (sides, heroes, teams), or that need a set of
    others (a Pocket Duel hero), are left out: every generated card must stay valid."""
    if game == "pocket-duel" and card.get("type") == "hero":
        return True
    return any(k in card for k in ("back", "owner", "hero", "team", "hero_order"))


def _valid_pairs(game: str) -> list[dict]:
    """Every card the game's templates make with one of its corpus texts (or none, for
    the Automa's cards) that validates without a problem: a text fits some card types only
    (a Marvel Champions effect line runs on an event, not on a minion, CS-C038), and the
    cross-card links are left out (``_linked``). One file of every pairing is checked."""
    texts = _texts(game)
    candidates: list[dict] = []
    for template in (t for t in _templates(game) if not _linked(game, t)):
        if not texts or template.get("type") in ("automa_card", "automa_hero", "automa_legacy"):
            candidates.append(copy.deepcopy(template))
            continue
        candidates.extend({**copy.deepcopy(template), "text": text} for text in texts)
    for k, card in enumerate(candidates):
        card["id"] = f"P-{k:05}"
    source = yaml.safe_dump(
        {"game": game, "set": "P", "cards": candidates}, allow_unicode=True, sort_keys=False
    )
    starts = [i + 1 for i, line in enumerate(source.splitlines()) if line.startswith("- id: P-")]
    bad = {
        bisect.bisect_right(starts, d.span.line) - 1
        for d in validate_text(str(OUT / f"{game}-pairs.yaml"), source)
        if d.span is not None
    }
    return [c for k, c in enumerate(candidates) if k not in bad]


def generate(total: int, per_file: int, seed: int) -> list[Path]:
    """Write ``total`` cards in files of ``per_file``, games taking turns."""
    rng = random.Random(seed)
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    pairs = {g: _valid_pairs(g) for g in GAMES}
    files: list[Path] = []
    for n in range((total + per_file - 1) // per_file):
        game = GAMES[n % len(GAMES)]
        cards = []
        for k in range(min(per_file, total - n * per_file)):
            card = copy.deepcopy(rng.choice(pairs[game]))  # (a shared value is a YAML alias)
            card["id"] = f"B{n:03}-{k:03}"
            card["name"] = f"Bench Card {n}-{k}"
            cards.append(card)
        path = OUT / f"{game}-{n:03}.yaml"
        path.write_text(
            yaml.safe_dump(
                {"game": game, "set": f"B{n:03}", "cards": cards},
                allow_unicode=True,
                sort_keys=False,
            ),
            "utf-8",
        )
        files.append(path)
    return files


def _timed(cmd: list[str], env: dict[str, str]) -> tuple[float, int, str]:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    return (
        time.perf_counter() - start,
        done.returncode,
        done.stderr.strip().splitlines()[-1:][0] if done.stderr.strip() else "",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--per-file", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    files = generate(args.cards, args.per_file, args.seed)
    cache = tempfile.mkdtemp(prefix="cardscript-bench-")
    env = {**os.environ, "CARDSCRIPT_CACHE_DIR": cache, "NO_COLOR": "1"}
    exe = installed_cli()
    if exe is None:
        print("cardscript is not installed beside this Python nor on PATH")
        return 1
    cold, code, summary = _timed([exe, "validate", "--format", "json", str(OUT)], env)
    warm, _, _ = _timed([exe, "validate", "--format", "json", str(OUT)], env)
    serial, _, _ = _timed([exe, "validate", "--no-cache", "--jobs", "1", str(OUT)], env)
    print(f"corpus: {args.cards:,} cards in {len(files)} files ({os.cpu_count()} cores)")
    print(
        f"cardscript validate, cold ({os.cpu_count()} workers): {cold:7.2f} s "
        f"= {args.cards / cold:8,.0f} cards/s   exit {code}: {summary}"
    )
    print(
        f"cardscript validate, cold, 1 worker:   {serial:7.2f} s "
        f"= {args.cards / serial:8,.0f} cards/s"
    )
    print(
        f"cardscript validate, warm (cached):    {warm:7.2f} s = {args.cards / warm:8,.0f} cards/s"
    )
    checker = shutil.which("check-jsonschema")
    if checker is None:
        print("check-jsonschema: not installed (pip install check-jsonschema)")
        return 0
    total = 0.0
    for game in GAMES:
        mine = [str(f) for f in files if f.name.startswith(game + "-")]
        schema = ROOT / "cardscript" / "schemas" / f"{game}.schema.json"
        spent, status, _ = _timed([checker, "--schemafile", str(schema), *mine], env)
        total += spent
        if status != 0:
            print(f"  check-jsonschema found problems in {game} (exit {status})")
    print(
        f"check-jsonschema (schema only):        {total:7.2f} s "
        f"= {args.cards / total:8,.0f} cards/s"
    )
    shutil.rmtree(cache, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
