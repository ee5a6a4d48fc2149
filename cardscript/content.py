"""Where the bundled content lives, with no heavy imports (the cached validate path uses it).

Cards and keyword definitions are in ``cards/<game>/`` of a checkout, shipped inside the
wheel as ``cardscript/_bundled_cards``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

KEYWORDS_FILE = "keywords.cardscript"


def package_name(game: str) -> str:
    """The Python package of a game's kernel: ``vs-system`` -> ``vs_system``."""
    return game.replace("-", "_")


def bundled_cards_dir() -> Path:
    """The bundled content: inside the wheel, or ``cards/`` in a checkout."""
    packaged = resources.files("cardscript").joinpath("_bundled_cards")
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent / "cards"
