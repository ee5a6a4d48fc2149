"""Validate throughput: 10,000 generated cards across the five games, cold and warm,
side by side with check-jsonschema validating the same files against the same schemas.

    python bench/validate_bench.py [--cards 10000] [--per-file 100] [--seed 1]

Cards are built from the schema fixtures (one valid card of every type per game) with
new ids and names, and texts taken from the language corpus, so every card is valid and
has real card script. Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

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


def generate(total: int, per_file: int, seed: int) -> list[Path]:
    """Write ``total`` cards in files of ``per_file``, games taking turns."""
    rng = random.Random(seed)
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    templates = {g: _templates(g) for g in GAMES}
    texts = {g: _texts(g) for g in GAMES}
    files: list[Path] = []
    for n in range((total + per_file - 1) // per_file):
        game = GAMES[n % len(GAMES)]
        cards = []
        for k in range(min(per_file, total - n * per_file)):
            card = dict(rng.choice([t for t in templates[game] if not _linked(game, t)]))
            card["id"] = f"B{n:03}-{k:03}"
            card["name"] = f"Bench Card {n}-{k}"
            if texts[game] and card.get("type") not in (
                "automa_card",
                "automa_hero",
                "automa_legacy",
            ):
                card["text"] = rng.choice(texts[game])
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
    exe = shutil.which("cardscript") or "cardscript"
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
