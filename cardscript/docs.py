"""Generate docs/language.md and docs/diagnostics.md from the registries and the code table.

Run ``python -m cardscript.docs`` after changing a registry, a keywords file or codes.yaml;
a test fails while the committed docs differ from what this prints.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from cardscript import GAMES
from cardscript.grammar.other_words import spelling_of
from cardscript.grammar.refusal_check import describe
from cardscript.grammar.refusals import KINDS
from cardscript.grammar.registry import CLASS_NAMES, WORD_CLASSES, Registry, Term


def constructs() -> str:
    """The hand-written part of docs/language.md: every construct with an example."""
    return resources.files("cardscript").joinpath("language.md").read_text("utf-8")


def language_doc() -> str:
    from cardscript.games import load_game

    parts = [constructs(), _refusal_kinds(), _other_words_intro()]
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
            parts.append(
                f"\n### {section.capitalize()} — {CLASS_NAMES[token_class]}\n\n"
                "| Words | Meaning |\n|---|---|\n"
            )
            for term in terms:
                words = " / ".join(
                    f"`{w}`"
                    for w in dict.fromkeys(
                        [
                            *term.forms,
                            *(x for x in (term.plural, term.third, term.base, term.past) if x),
                        ]
                    )
                )
                if term.params:
                    words += " " + " ".join(f"`{p}`" for p in term.params)
                doc = term.doc or ""
                if token_class == "HOOK" and term.default is not None:
                    doc += f" Default: `{_value(term.default)}`."
                doc += _facts(token_class, term.id, registry)
                parts.append(f"| {words} | {_cell(doc.strip())} |\n")
        parts.append(_refused(registry))
        parts.append(_other_words(registry))
    return "".join(parts)


def _facts(token_class: str, term_id: str, registry: Registry) -> str:
    """What the checker knows of a word besides its meaning: refused as an effect, or
    when a trigger on it comes (the late-prevention check, CS-T012)."""
    term = registry.term(token_class, term_id)
    refused = [r for r in registry.refusals if r.what == "game verb" and r.verb == term_id]
    if token_class == "VERB" and refused:  # (also in "Refused text")
        return f" Not an effect: {refused[0].reason}."
    if token_class == "NOUN" and term is not None and term.runs_by:
        ways = " or ".join(f'"{way}"' for way in term.runs_by)
        return (
            f" Runs no line of its text by itself: a line that would run once says when, as "
            f"{ways} (else CS-C038)."
        )
    if token_class == "EVENT" and term is not None and term.after_damage:
        heard = " Heard once the damage is dealt: a trigger on it cannot prevent that damage."
        return heard + _window(term)
    if token_class == "EVENT" and term is not None and term.interrupt_window:
        return _window(term)
    if token_class == "LABEL" and term is not None and term.after_damage:
        return " Resolves once its card dealt damage: it cannot prevent that damage."
    if token_class == "LABEL" and term is not None and term.declared_in is not None:
        step = registry.term("PHASE", term.declared_in)
        return (
            f" Declared in the {step.text if step else term.declared_in} only, never standing"
            ": a cost and effects, or effects alone (else CS-T033)."
        )
    if token_class == "LABEL" and term is not None and term.before_event:
        return " Resolves before its event: it can prevent that damage."
    if token_class == "PHASE" and term is not None and term.before_play:
        edges = " and ".join(term.before_play)
        verb = "comes" if len(term.before_play) == 1 else "come"
        return (
            f" Its {edges} {verb} before any card is in play: a trigger then never runs (CS-T036)."
        )
    if token_class == "PHASE" and term is not None and term.heard_before:
        edges = " and ".join(term.heard_before)
        return f' "Before the {edges} of" it is heard (else CS-T036).'
    if token_class == "PHASE" and term is not None and term.unheard:
        said = (f" Its {edge} is never heard: {why} (CS-T036)." for edge, why in term.unheard)
        never = " It never ends: a step delayed to its end never runs (CS-T036)."
        return "".join(said) + (never if term.never_ends else "")
    if token_class == "PHASE" and term is not None and term.edgeless:
        return (
            " An order of play only, never started or ended as a period: nothing lasts until"
            " its end, happens at its start or end, or counts per it (else CS-T035)."
        )
    if token_class == "ADJ" and term is not None and term.toward_player:
        return f' Held toward a player: "a minion {term.text} with you" (else CS-T030).'
    return ""


def _window(term: Term) -> str:
    if not term.interrupt_window:
        return ""
    return " An interrupt window opens before it: an Interrupt on it is heard (else CS-T031)."


def _refusal_kinds() -> str:
    """How a registry says which text its game refuses: one entry of ``refuse:`` each."""
    rows = "".join(
        f"| `{what}` | {', '.join(f'`{n}`' for n in (*kind.needs, *kind.may)) or '—'} | "
        f"{kind.doc} | {kind.code} | {_cell(kind.message.format_map(_SLOTS))} |\n"
        for what, kind in KINDS.items()
    )
    return (
        "\n## Text a game refuses\n\n"
        "Some well-formed text means nothing in a game (it has no deck to draw from, no card "
        "is ever activated). Its registry lists such text under `refuse:`, one entry each: "
        "`what` (the pattern), the words the pattern needs, `reason` (why) and `instead` "
        "(what to write, the hint). `cardscript check` refuses the text with the code and "
        "sentence of its pattern; each game's refusals are listed below, as Refused text.\n\n"
        "| `what` | Words | Matches | Code | Message |\n|---|---|---|---|---|\n"
        + rows
        + "\nAn aim may come from where the card is: a zone marked `card_is` (a Vanguard RC "
        'holds a rear-guard) makes "this" in an ability labelled with it ("[ACT](RC):") that '
        "noun.\n" + "\nTwo facts about timing are not refusals: an event or a label marked "
        "`after_damage` is heard, or resolves, once the damage is dealt, and a label marked "
        "`before_event` resolves before its event, in the window the kernel opens before "
        "an event marked `interrupt_window` (an Interrupt on any other is CS-T031); the "
        'check of "prevent 1 of that damage" '
        "in a trigger (CS-T012) reasons with both. An event also marked `deals_damage` "
        '("this hits") is about damage its subject dealt: the check then suggests no '
        "standing line, which would prevent damage taken.\n"
    )


def _other_words_intro() -> str:
    """How a registry says what it calls the words authors bring from other games."""
    return (
        "\n## Other games' words\n\n"
        'Authors copy phrasings from other card games ("Tap this", "deal 2 damage"). A '
        "registry lists such words under `other_words:`, by what the game says instead: the "
        "id of one of its terms (any class: a verb, a counter, a kind of damage), or a word of "
        "the card script's own (`gain`, `remove`, `discard`), with `words` (the words authors "
        "bring) and `reason` (why, one clause). A word so listed that fails to parse gets the "
        "author's phrase back in the game's words, with the reason, and no Python is needed "
        "to add one:\n\n"
        "```yaml\nother_words:\n"
        '  wound: {words: [damage], reason: "Berserk deals wounds, not damage (§15)"}\n'
        "```\n\n"
        'gives `deal 2 damage to target creature` the hint `perhaps try "deal 2 wounds to '
        'target creature": Berserk deals wounds, not damage (§15)`. An id the game does not '
        "have, an entry without words or reason, or a word listed twice stops the registry "
        "from loading. Each game's words are listed below, as Other games' words.\n"
    )


def _other_words(registry: Registry) -> str:
    """The game's other games' words: what it says for each, and why."""
    said: dict[tuple[str, str], list[str]] = {}
    for word, other in registry.other_words.items():
        said.setdefault((other.said, other.reason), []).append(word)
    if not said:
        return ""
    rows = [
        f"| {', '.join(f'`{w}`' for w in words)} | `{spelling_of(term, registry) or term}` | "
        f"{_cell(reason)} |"
        for (term, reason), words in said.items()
    ]
    return (
        "\n### Other games' words — what this game says for them\n\n"
        "| Words authors bring | Said | Why |\n|---|---|---|\n" + "\n".join(rows) + "\n"
    )


# how the docs show the parts of a refusal's message
_SLOTS = {"named": "‹text›", "title": "‹game›", "zone": "‹zone›", "reason": "‹reason›"}


def _refused(registry: Registry) -> str:
    """The game's refusals: the text, its check, why, and what to write instead."""
    if not registry.refusals:
        return ""
    rows = [
        f"| {_cell(describe(r, registry))} | {r.kind.code} | {_cell(r.reason)} | "
        + (f'"{_cell(r.instead)}" |' if r.instead else "— |")
        for r in registry.refusals
    ]
    return (
        "\n### Refused text — well-formed, but meaning nothing in this game\n\n"
        "| Text | Check | Why | Instead |\n|---|---|---|---|\n" + "\n".join(rows) + "\n"
    )


def diagnostics_doc() -> str:
    from cardscript.cli.run import code_table

    lines = [
        "# Diagnostic codes\n",
        "Every problem cardscript reports has a stable code. `cardscript explain CODE` "
        "prints the entry.\n",
    ]
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
