"""Write imported Marvel Champions cards as card files, one per pack, with comments.

PyYAML cannot write comments, so each card is dumped on its own and its comment lines (the
printed text that is not card script yet) are placed under it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from cardscript.decks.mcdb_cards import GAME, Converted
from cardscript.safe_write import replace_file

HEADER = """\
# Marvel Champions cards imported from MarvelCDB card data ({source}) by
# `cardscript import marvelcdb`. Keywords are card script in `text`; the rest of each card's
# printed text is in `printed_text`, which is never run.
"""


class _Dumper(yaml.SafeDumper):
    """Multi-line strings (card script) as literal blocks, lists indented under their key,
    like hand-written card files."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=96)


def card_file_text(
    pack: str, cards: list[dict[str, Any]], comments: dict[str, list[str]], source: str
) -> str:
    parts = [
        HEADER.format(source=Path(source).name),
        _dump({"game": GAME, "set": pack}),
        "cards:\n",
    ]
    for card in cards:
        body = _dump(card)
        lines = body.rstrip("\n").split("\n")
        parts.append("  - " + lines[0] + "\n")
        parts.extend(f"    {line}\n" if line else "\n" for line in lines[1:])
        for comment in comments.get(card["id"], ()):
            parts.append(f"    # {comment}\n")
    return "".join(parts)


def write_card_files(converted: Converted, out: Path) -> list[str]:
    """Write ``<pack>.yaml`` files under ``out``; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    for pack, cards in converted.packs.items():
        target = out / f"{_safe(pack)}.yaml"
        text = card_file_text(pack, cards, converted.comments, converted.sources.get(pack, pack))
        replace_file(target, text)
        written.append(str(target))
    return written


def _safe(name: str) -> str:
    cleaned = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name).strip(".")
    return cleaned or "pack"
