"""cardscript: a declarative card-script interpreter for collectible card games."""

__version__ = "0.1.0"

GAMES = ("vs-system", "pocket-duel", "berserk", "marvel-champions", "vanguard")
