"""What a card file says about a card as printed: its title, set, collector number and
rarity, with what the file leaves to be read off other fields (VS System: the rarity from
the colour of the collector number, digest vs-system.md §2.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

RARITY_BY_PRINT = {"white": "common", "silver": "uncommon", "gold": "rare"}


def printed_fields(envelope: Mapping[str, Any], card: Mapping[str, Any]) -> dict[str, Any]:
    """The card's printed identity; ``envelope`` is the file's top level (set, set_name)."""
    name, version = card.get("name"), card.get("version")
    return {
        "id": card.get("id"),
        "name": name,
        "version": version,
        "title": f"{name}, {version}" if version else name,
        "set": card.get("set", envelope.get("set")),
        "set_name": envelope.get("set_name"),
        "number": card.get("number"),
        "rarity": card.get("rarity") or RARITY_BY_PRINT.get(str(card.get("print"))),
    }
