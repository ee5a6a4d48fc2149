"""Checks of one card beyond its schema: its card script, and field combinations.

| code | meaning |
|---|---|
| CS-C030 | Vanguard: a trigger unit must be grade 0 |
| CS-C031 | Vanguard: a skill icon on an unusual grade (warning) |
| CS-C032 | a card type that does nothing without text has none (warning) |
| CS-C033 | VS System: a team written as empty text instead of null (warning) |
| CS-C034 | a rarity that the collector number's colour (print) contradicts |
| CS-C035 | Marvel Champions: a boost star with no "Boost:" text (warning) |
| CS-C036 | Marvel Champions: an ATK star with no Interrupt or Response to the card's attack |
| CS-C037 | a standing prevention on a one-shot card (plot twist, event): never in play |
| CS-C038 | a line that would run once on a card type that runs no line by itself |

CS-C037 and CS-C038 read the card's keywords' lines too, reported at the keyword.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from cardscript.cardfiles.checkfile import CardSummary, fields_of
from cardscript.cardfiles.oneshot import (
    keyword_diagnostics,
    never_run_diagnostics,
    one_shot_diagnostics,
)
from cardscript.cardfiles.printed import RARITY_BY_PRINT
from cardscript.cardfiles.scriptmemo import ScriptMemo
from cardscript.grammar.checks import check_script
from cardscript.grammar.diagnostics import Diagnostic, error, warning

# Fields that name another card, per game: field -> (is a list).
REFERENCE_FIELDS: Mapping[str, Mapping[str, bool]] = {
    "pocket-duel": {"hero": False, "team": True, "hero_order": True},
    "marvel-champions": {"back": False, "owner": False},
}
# Printed fields the cross-file and deck checks read.
SUMMARY_FIELDS: Mapping[str, tuple[str, ...]] = {
    "vs-system": ("version", "team"),
    "pocket-duel": ("hero", "superpower_kind"),
    "berserk": ("element", "elite", "cost", "horde", "unique"),
    "marvel-champions": (
        "aspect",
        "owner",
        "back",
        "unique",
        "max_per_deck",
        "traits",
        "set_code",
        "nemesis_set",
    ),
    "vanguard": ("grade", "trigger", "clan", "skill"),
}
_NEEDS_TEXT: Mapping[str, frozenset[str]] = {
    "vs-system": frozenset({"plot_twist", "equipment", "location"}),
    "marvel-champions": frozenset(
        {
            "event",
            "upgrade",
            "support",
            "treachery",
            "attachment",
            "environment",
            "obligation",
            "side_scheme",
        }
    ),
    "berserk": frozenset({"terrain", "equipment"}),
}
_SKILL_GRADES = {"boost": (0, 1), "intercept": (2,), "twin_drive": (3,)}


def card_diagnostics(
    game: str,
    path: tuple[Any, ...],
    card: Mapping[str, Any],
    doc: Any,
    definition: Any,
    memo: ScriptMemo | None = None,
) -> Iterator[Diagnostic]:
    """Diagnostics of one card's text (mapped into the file) and of its field values;
    with a memo, a text seen before is not parsed again."""
    text = card.get("text")
    if isinstance(text, str) and text.strip():
        card_type = card.get("type")
        problems = (
            _script_problems(text, definition, card_type)
            if memo is None
            else memo.problems(
                text, definition, card_type, lambda: _script_problems(text, definition, card_type)
            )
        )
        yield from _in_file(problems, (*path, "text"), text, doc)
    yield from _field_checks(game, path, card, doc)


def _script_problems(text: str, definition: Any, card_type: Any) -> tuple[Diagnostic, ...]:
    """The text's own problems, positioned in the text."""
    result = definition.parse(text)
    problems = list(result.diagnostics)
    if result.ok:
        problems.extend(check_script(result.script, definition.registry))
        problems.extend(one_shot_diagnostics(result.script, definition.registry, card_type))
        problems.extend(never_run_diagnostics(result.script, definition.registry, card_type))
        problems.extend(keyword_diagnostics(result.script, definition, card_type))
    return tuple(problems)


def _in_file(
    problems: tuple[Diagnostic, ...], path: tuple[Any, ...], text: str, doc: Any
) -> Iterator[Diagnostic]:
    """The text's problems at their places in the file."""
    from cardscript.cardfiles.yamlsource import text_offset_to_span

    for d in problems:
        if d.span is None:
            yield d.at(doc.span_of(path)).with_file(doc.path)
            continue
        end = max(d.span.end_offset, d.span.offset + 1)
        span = text_offset_to_span(
            doc,
            path,
            d.span.offset,
            min(end, len(text)) if d.span.offset < len(text) else d.span.offset,
        )
        yield d.at(span.with_file(doc.path), doc.line(span.line))


def _field_checks(
    game: str, path: tuple[Any, ...], card: Mapping[str, Any], doc: Any
) -> Iterator[Diagnostic]:
    kind = card.get("type")
    silent = not str(card.get("text") or "").strip() and not card.get("printed_text")
    if kind in _NEEDS_TEXT.get(game, ()) and silent:
        yield warning(
            "CS-C032",
            f"this {str(kind).replace('_', ' ')} has no text, so it does nothing in play",
            doc.span_of((*path, "type")),
            'perhaps try adding "text: |" with its rules',
        )
    if game == "vanguard":
        grade, trigger, skill = card.get("grade"), card.get("trigger"), card.get("skill")
        if trigger not in (None, "none") and isinstance(grade, int) and grade != 0:
            yield error(
                "CS-C030",
                f"a trigger unit is grade 0, but this one is grade {grade}",
                doc.span_of((*path, "grade")),
                'perhaps try "grade: 0", or "trigger: none" for a normal unit',
            )
        if (
            isinstance(skill, str)
            and skill in _SKILL_GRADES
            and isinstance(grade, int)
            and (grade not in _SKILL_GRADES[skill])
        ):
            grades = " or ".join(str(g) for g in _SKILL_GRADES[skill])
            yield warning(
                "CS-C031",
                f"{skill.replace('_', ' ')} normally belongs to grade {grades}, not grade {grade}",
                doc.span_of((*path, "skill")),
            )
    printed = RARITY_BY_PRINT.get(str(card.get("print")))
    if printed is not None and card.get("rarity") not in (None, printed):
        yield error(
            "CS-C034",
            f"the rarity is {card.get('rarity')}, but a collector number printed "
            f"{card.get('print')} means {printed}",
            doc.span_of((*path, "rarity")),
            f'perhaps try "rarity: {printed}", or leave the rarity out: the print gives it',
        )
    boost = card.get("boost")
    if game == "marvel-champions" and isinstance(boost, Mapping) and boost.get("star"):
        lines = str(card.get("text") or "").splitlines()
        if not any(line.strip().startswith("Boost:") for line in lines):
            yield warning(
                "CS-C035",
                'the boost field has a star, but the text has no "Boost:" ability for it',
                doc.span_of((*path, "boost")),
                'perhaps try adding a line "Boost: …" to the text, or "star: false"',
            )
    if game == "marvel-champions" and card.get("atk_star") is True:
        lines = str(card.get("text") or "").splitlines()
        if not any(_on_attack(line) for line in lines):
            yield error(
                "CS-C036",
                "atk_star is true, but the text has no Interrupt or Response to this card's attack",
                doc.span_of((*path, "atk_star")),
                'perhaps try adding "Forced Interrupt: When this attacks, …", or "atk_star: false"',
            )
    if game == "vs-system" and card.get("team") == "":
        yield warning(
            "CS-C033",
            "an empty team is written as null (no team)",
            doc.span_of((*path, "team")),
            'perhaps try "team: null"',
        )


def _on_attack(line: str) -> bool:
    """An Interrupt or Response line triggered by the card's own attack (G42)."""
    label, _, rest = line.partition(":")
    timing = rest.strip().casefold()
    return ("Interrupt" in label or "Response" in label) and (
        timing.startswith(("when this attacks", "after this attacks"))
    )


def summarise(
    game: str, path: tuple[Any, ...], card: Mapping[str, Any], doc: Any
) -> CardSummary | None:
    card_id, name, kind = card.get("id"), card.get("name"), card.get("type")
    if not isinstance(card_id, str):
        return None
    refs: list[tuple[str, str, Any]] = []
    for field, is_list in REFERENCE_FIELDS.get(game, {}).items():
        value = card.get(field)
        if is_list and isinstance(value, list):
            refs.extend(
                (field, v, doc.span_of((*path, field, i)))
                for i, v in enumerate(value)
                if isinstance(v, str)
            )
        elif isinstance(value, str):
            refs.append((field, value, doc.span_of((*path, field))))
    return CardSummary(
        game=game,
        id=card_id,
        name=str(name or ""),
        type=str(kind or ""),
        span=doc.span_of((*path, "id")),
        refs=tuple(refs),
        fields=fields_of(card, SUMMARY_FIELDS.get(game, ())),
    )
