"""Generate docs/language.md and docs/diagnostics.md from the registries and the code table.

Run ``python -m cardscript.docs`` after changing a registry, a keywords file or codes.yaml;
a test fails while the committed docs differ from what this prints.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from cardscript import GAMES
from cardscript.grammar.registry import CLASS_NAMES, WORD_CLASSES


def constructs() -> str:
    """The hand-written part of docs/language.md: every construct with an example."""
    return resources.files("cardscript").joinpath("language.md").read_text("utf-8")


def language_doc() -> str:
    from cardscript.games import load_game

    parts = [constructs()]
    for game in GAMES:
        try:
            definition = load_game(game)
        except (FileNotFoundError, ModuleNotFoundError):
            continue
        registry = definition.registry
        parts.append(f"\n## {registry.title} (`{game}`)\n")
        if registry.no_activated:  # the checker refuses "cost → effect" (CS-T008)
            parts.append(f"\nNo activated abilities: {registry.no_activated}.\n")
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
                if term.not_effect:  # the checker refuses it in card text (CS-T007)
                    doc += f" Not an effect: {term.not_effect}."
                parts.append(f"| {words} | {_cell(doc)} |\n")
    return "".join(parts)


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
