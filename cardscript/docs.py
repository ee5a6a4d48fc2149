"""Generate docs/language.md and docs/diagnostics.md from the registries and the code table.

Run ``python -m cardscript.docs`` after changing a registry, a keywords file or codes.yaml;
a test fails while the committed docs differ from what this prints.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cardscript import GAMES
from cardscript.grammar.registry import CLASS_NAMES, WORD_CLASSES

CONSTRUCTS = """\
# The card language

Card rules text is written in **card script**: one ability per line, in words that read
like the printed card. A line that starts with a space continues the line before it; a
blank line or a new unindented line starts a new ability. `#` starts a comment. Words are
not case-sensitive, quoted names (`"Avengers"`, `«Буря»`) may hold any Unicode, and the
first line may declare the language version: `cardscript 1`.

The grammar is the same for every game (LALR(1), `cardscript/grammar/cardscript.lark`).
What the words mean comes from the game's **registry** (its vocabulary, listed below) and
from the keywords its content defines in `cards/<game>/keywords.cardscript`.

Every construct, with an example (VS System vocabulary unless noted):

| Construct | Example |
|---|---|
| Keywords, with or without a value | `Flight, Range` · `Armor 2` (Berserk) · `Uses 3 charge counters` (Marvel Champions) · `Shot 1-2-3` (Berserk) |
| Keyword definition | `keyword Armor X: prevent the first X wounds dealt to this by non-magic attacks each turn.` |
| Rule override (Golden Rule) | `Rule ready_in_recovery is off for characters that made a team attack this turn.` |
| Triggered ability | `When this attacks, target character gets +1 ATK until end of turn.` — timings `when`, `whenever`, `at`, `after`, `before` |
| Trigger at a moment | `At the start of your turn, you may ready target exhausted character you control.` |
| Optional effect | `…, you may draw 1 card.` |
| Activated ability (costs → effect) | `Activate, pay 2 endurance → ready target character you control.` |
| Triggered ability with a cost | `[AUTO](VC): When this unit attacks, Counter Blast 1 → this unit gets +5000 power until end of turn.` (Vanguard) |
| Limits and timing restrictions | `… (once per turn)` · `(max 1 per round)` · `(main phase only)` · `(any time)` |
| Label | `Ongoing: …` · `Forced Response: …` · `When Revealed: …` · `[ACT](RC): …` |
| Continuous stat change | `Characters you control with team "Avengers" get +1 ATK.` |
| Condition on state | `While this is exhausted, characters you control get +1 DEF.` · `During your turn, …` |
| Permission and prohibition | `This can attack protected characters.` · `This cannot be attacked.` (cannot beats can) |
| Prevention | `Prevent the first 2 wounds dealt to this by non-magic attacks each turn.` |
| Replacement | `If this would be KO'd, recover it instead.` |
| Sequences | `Discard a card, exhaust this → draw 2 cards. Then lose 1 endurance.` — joiners `,` `, then` `, and` `. Then` |
| Conditional step | `…, then if you do, draw 2 cards` · `if this is exhausted, ready it` |
| Choice | `Choose one: draw 2 cards or gain 2 energy.` |
| For each | `For each character you control, gain 1 energy.` · `gain 1 energy for each character you control` |
| Durations | `until end of turn`, `until the end of the attack`, `until end of the next turn` |
| Damage, healing | `Deal 2 damage to target minion.` · `Heal 3 damage from your hero.` |
| Cards and zones | `Draw 2 cards.` · `Discard a card.` · `Return target character to its owner's hand.` · `Put the top card of your deck into your resource row face down.` · `Search your deck for a character with cost 3 or less, then put it into your hand, then shuffle your deck.` · `Reveal the top 3 cards of your deck.` · `Remove target card from the game.` |
| Counters | `Place 2 charge counters on this.` · `Remove 1 charge counter from this.` |
| Player resources | `Gain 1 energy.` · `Each opponent loses 3 endurance.` · `Pay X endurance → …` |
| Named costs | `Counter Blast 1`, `Soul Blast 2`, `Soul Charge 1` (Vanguard) |
| Effect verbs of the game | `Stun target character.` · `Exhaust this.` · `Ready it.` (the game's `verbs`) |
| Selectors | `this`, `it`, `that character`, `target character`, `up to 2 target characters`, `each opponent`, `all exhausted characters an opponent controls`, `the top card of your deck`, `characters with team "X"`, `a card named "Y"`, `a character other than this` |
| Players | `you`, `each opponent`, `an opponent`, `each player`, `its controller`, `its owner` |
| Amounts | `2`, `X` (defined by a cost, a keyword's value or a count), `a`, `that many`, `all` |
| X bound by a count | `Target character gets +X ATK until end of turn, where X is the number of characters you control.` |
| X bound by a cost | `Pay X endurance → target character gets -X DEF until end of turn.` |

Verbs agree with their subjects and nouns with their quantifiers; `cardscript fmt` writes
the canonical form (`gets`/`get`, `character`/`characters`), so authors need not worry.
`cardscript explain CARD` tells back, in plain English, what the engine understood.
"""


def language_doc() -> str:
    from cardscript.games import load_game

    parts = [CONSTRUCTS]
    for game in GAMES:
        try:
            definition = load_game(game)
        except (FileNotFoundError, ModuleNotFoundError):
            continue
        registry = definition.registry
        parts.append(f"\n## {registry.title} (`{game}`)\n")
        for token_class, section in WORD_CLASSES.items():
            terms = registry.terms(token_class)
            if not terms:
                continue
            parts.append(f"\n### {section.capitalize()} — {CLASS_NAMES[token_class]}\n\n"
                         "| Words | Meaning |\n|---|---|\n")
            for term in terms:
                words = " / ".join(f"`{w}`" for w in dict.fromkeys(
                    [*term.forms, *(x for x in (term.plural, term.third, term.base, term.past)
                                    if x)]))
                if term.params:
                    words += " " + " ".join(f"`{p}`" for p in term.params)
                doc = term.doc or ""
                if token_class == "HOOK" and term.default is not None:
                    doc += f" Default: `{_value(term.default)}`."
                parts.append(f"| {words} | {_cell(doc)} |\n")
    return "".join(parts)


def diagnostics_doc() -> str:
    from cardscript.cli.run import code_table

    lines = ["# Diagnostic codes\n",
             "Every problem cardscript reports has a stable code. `cardscript explain CODE` "
             "prints the entry.\n"]
    for code, entry in code_table().items():
        lines.append(f"\n## {code}\n\n**{entry['title']}.** {entry['meaning']}\n")
        if entry.get("example"):
            lines.append(f"\nExample: `{entry['example']}`\n")
        if entry.get("fix"):
            lines.append(f"\nFix: {entry['fix']}\n")
    return "".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "docs"
    root.mkdir(parents=True, exist_ok=True)
    (root / "language.md").write_text(language_doc(), "utf-8")
    (root / "diagnostics.md").write_text(diagnostics_doc(), "utf-8")
    print(f"wrote {root / 'language.md'} and {root / 'diagnostics.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
