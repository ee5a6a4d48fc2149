"""MarvelCDB card data to Marvel Champions card files (``cardscript import marvelcdb``).

Input: MarvelCDB pack JSON, a list of cards with ``code``, ``name``, ``type_code``,
``faction_code``, ``pack_code``, ``position``, ``quantity``, ``deck_limit``, ``cost``, the
stats ``thwart``/``attack``/``defense``/``recover``/``health``/``hand_size`` (with their
``_cost``, ``_star`` and ``_per_hero`` companions), ``scheme``, ``boost``, ``base_threat``,
``threat``, ``escalation_threat``, ``resource_*``, ``traits``, ``text``, ``flavor``,
``is_unique``, ``subname``, ``back_link``, ``duplicate_of``, ``set_code``,
``set_position``, ``stage``, ``deck_requirements``, ``deck_options``. Output: one card
file per pack, valid against ``schemas/marvel-champions.schema.json``; MarvelCDB codes
become card ids, so MarvelCDB deck exports resolve directly.

Keywords become card script (mcdb_text.py); the rest of the printed text goes to
``printed_text``, which is kept and shown but never run. A card the schema cannot hold
(an unknown type or aspect, a value out of range) is left out with a warning saying why.

| code    | meaning |
|---|---|
| CS-M001 | an input file is not MarvelCDB card data (not JSON, or not a list of cards) |
| CS-M002 | a card was left out (warning), with the reason |
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from cardscript.cardfiles.yamlerrors import read_source
from cardscript.cardfiles.yamltext import LineIndex
from cardscript.decks.mcdb_text import (
    CORE_KEYWORDS,
    keyword_patterns,
    plain,
    split_keywords,
    traits,
)
from cardscript.grammar.diagnostics import Diagnostic, Span, error, warning
from cardscript.safe_read import json_value

GAME = "marvel-champions"
ASPECTS = ("aggression", "justice", "leadership", "protection", "basic", "hero")
PLAYER_TYPES = ("ally", "event", "support", "upgrade", "resource", "player_side_scheme")
RESOURCES = ("energy", "mental", "physical", "wild")
# MarvelCDB field -> our field, for fields copied as they are
_SAME = {
    "name": "name",
    "subname": "subtitle",
    "set_code": "set_code",
    "set_position": "set_position",
    "quantity": "quantity",
    "hand_size": "hand_size",
    "stage": "stage",
}


@dataclass
class Converted:
    """Cards ready for a card file, grouped by pack, with comments and problems."""

    packs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    comments: dict[str, list[str]] = field(default_factory=dict)  # card id -> comment lines
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)  # pack -> input file

    @property
    def cards(self) -> list[dict[str, Any]]:
        return [card for cards in self.packs.values() for card in cards]


def read_packs(
    paths: Iterable[str | Path],
) -> tuple[list[tuple[str, str, list[Any]]], list[Diagnostic]]:
    """(file, text, cards) of each readable MarvelCDB pack file."""
    packs: list[tuple[str, str, list[Any]]] = []
    problems: list[Diagnostic] = []
    for raw in paths:
        path = str(raw)
        text = read_source(path)
        if isinstance(text, Diagnostic):
            problems.append(text)
            continue
        try:
            data = json_value(text)
        except json.JSONDecodeError as exc:
            problems.append(
                error(
                    "CS-M001",
                    f"this file is not valid JSON: {exc.msg}",
                    Span.point(exc.lineno, exc.colno, path),
                )
            )
            continue
        if not isinstance(data, list) or not all(isinstance(c, dict) for c in data):
            problems.append(
                error(
                    "CS-M001",
                    "MarvelCDB card data is a JSON list of cards (a pack file such as core.json)",
                    Span.point(1, 1, path),
                )
            )
            continue
        packs.append((path, text, data))
    return packs, problems


def convert_pack(cards: list[Any], source: str = "<pack>", text: str = "") -> Converted:
    return convert_packs([(source, text, cards)])


def convert_packs(packs: list[tuple[str, str, list[Any]]]) -> Converted:
    out = Converted()
    originals = {
        str(c.get("code")): c
        for _, _, cards in packs
        for c in cards
        if isinstance(c, dict) and "duplicate_of" not in c
    }
    heroes = {
        str(c.get("set_code")): str(c.get("code"))
        for c in originals.values()
        if c.get("type_code") == "hero"
    }
    backs = {str(c["back_link"]): str(c["code"]) for c in originals.values() if c.get("back_link")}
    for path, text, cards in packs:
        where = _Where(path, text)
        for raw in cards:
            if not isinstance(raw, dict):
                continue
            card = dict(raw)
            if "duplicate_of" in card:
                original = originals.get(str(card["duplicate_of"]))
                if original is None:
                    out.diagnostics.append(
                        warning(
                            "CS-M002",
                            f"card {card.get('code')} is a reprint of "
                            f"{card['duplicate_of']}, which is not in the input; it is left out",
                            where.card(card),
                            "import the pack that holds the original too",
                        )
                    )
                    continue
                card = {**original, **{k: v for k, v in card.items() if k != "duplicate_of"}}
            converted = convert_card(card, heroes, backs)
            if isinstance(converted, str):
                out.diagnostics.append(
                    warning(
                        "CS-M002",
                        f'card {card.get("code")} ("{card.get("name")}") is left out: {converted}',
                        where.card(card),
                    )
                )
                continue
            data, comments = converted
            pack = str(card.get("pack_code") or Path(path).stem)
            problem = schema_problem(data, pack)
            if problem:
                out.diagnostics.append(
                    warning(
                        "CS-M002",
                        f'card {card.get("code")} ("{card.get("name")}") is left out: {problem}',
                        where.card(card),
                    )
                )
                continue
            out.packs.setdefault(pack, []).append(data)
            out.sources.setdefault(pack, path)
            if comments:
                out.comments[data["id"]] = comments
    return out


def convert_card(
    card: Mapping[str, Any], heroes: Mapping[str, str], backs: Mapping[str, str]
) -> tuple[dict[str, Any], list[str]] | str:
    """Our card mapping and its comment lines, or why it cannot be converted."""
    kind = str(card.get("type_code") or "")
    misshapen = _misshapen(card)
    if misshapen is not None:
        return misshapen
    allowed = _properties(kind)
    if allowed is None:
        return f'the card type "{kind}" has no place in a Marvel Champions card file'
    code = str(card.get("code") or "")
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", code):
        return f'its code "{code}" cannot be a card id'
    out: dict[str, Any] = {"id": code, "name": str(card.get("name") or code), "type": kind}
    comments: list[str] = []
    for theirs, ours in _SAME.items():
        if card.get(theirs) is not None:
            out[ours] = card[theirs]
    if isinstance(card.get("position"), int) and card["position"] >= 1:
        out["number"] = card["position"]
    found_traits = traits(card.get("traits"))
    if found_traits:
        out["traits"] = found_traits
    if card.get("is_unique"):
        out["unique"] = True
    if card.get("flavor"):
        out["flavor"] = plain(card["flavor"])
    back = card.get("back_link") or backs.get(code)
    if back:
        out["back"] = str(back)
    faction = str(card.get("faction_code") or "")
    if kind in PLAYER_TYPES:
        if faction not in ASPECTS:
            return f'its aspect "{faction}" is not one of: {", ".join(ASPECTS)}'
        out["aspect"] = faction
        if faction == "hero":
            owner = heroes.get(str(card.get("set_code")))
            if owner is None:
                return (
                    f'it is a hero card of set "{card.get("set_code")}", whose hero is not '
                    "in the input"
                )
            out["owner"] = owner
    if kind == "obligation":
        owner = heroes.get(str(card.get("set_code") or "").removesuffix("_obligation"))
        if owner is None:
            return "its hero is not in the input"
        out["owner"] = owner
    try:
        _stats(card, kind, out)
        requirements = _requirements(card, comments)
    except _NotANumber as exc:
        return str(exc)
    parsed = split_keywords(str(card.get("text") or ""), _keywords())
    script = [", ".join(parsed.keywords)] if parsed.keywords else []
    script.extend(requirements)
    if script:
        out["text"] = "\n".join(script) + "\n"
    max_per_deck = parsed.max_per_deck or _deck_limit(card, faction)
    if max_per_deck is not None and kind in PLAYER_TYPES:
        out["max_per_deck"] = max_per_deck
    if parsed.printed:
        out["printed_text"] = parsed.printed + "\n"
    if card.get("back_text"):
        comments.extend(f"back: {line}" for line in plain(card["back_text"]).split("\n"))
    ordered = {key: out[key] for key in allowed if key in out}  # the schema's order
    return ordered, comments


def _stats(card: Mapping[str, Any], kind: str, out: dict[str, Any]) -> None:
    if card.get("cost") is not None:
        out["cost"] = "X" if card["cost"] == -1 else card["cost"]
    icons = [name for name in RESOURCES for _ in range(_count(card, f"resource_{name}"))]
    if icons:
        out["resources"] = icons
    if kind in ("hero", "ally"):
        out["thw"] = _power(card.get("thwart"))
        out["atk"] = _power(card.get("attack"))
    if kind == "hero":
        out["def"] = _power(card.get("defense"))
    if kind == "alter_ego":
        out["rec"] = _power(card.get("recover"))
    if kind == "ally":
        for theirs, ours in (
            ("thwart_cost", "thw_consequential"),
            ("attack_cost", "atk_consequential"),
        ):
            if card.get(theirs):
                out[ours] = card[theirs]
    if kind in ("hero", "alter_ego", "ally") and card.get("health") is not None:
        out["hit_points"] = card["health"]
    if kind in ("villain", "minion"):
        out["hit_points"] = _per_player(card.get("health"), bool(card.get("health_per_hero")))
        out["sch"] = _starred(card.get("scheme"), card.get("scheme_star"))
        out["atk"] = _starred(card.get("attack"), card.get("attack_star"))
    if kind == "attachment":
        for theirs, ours in (("attack", "atk_mod"), ("scheme", "sch_mod")):
            if card.get(theirs) is not None:
                out[ours] = _starred(card[theirs], card.get(f"{theirs}_star"))
    if kind in ("minion", "treachery", "attachment", "environment", "side_scheme", "obligation"):
        icons_n = _count(card, "boost")
        out["boost"] = {"icons": icons_n, "star": True} if card.get("boost_star") else icons_n
    threat = card.get("base_threat")
    if kind in ("side_scheme", "player_side_scheme", "main_scheme") and threat is not None:
        out["starting_threat"] = _per_player(threat, not card.get("base_threat_fixed"))
    if kind == "side_scheme":
        scheme_icons = {
            name: _count(card, f"scheme_{name}")
            for name in ("crisis", "acceleration", "hazard")
            if card.get(f"scheme_{name}")
        }
        if scheme_icons:
            out["scheme_icons"] = scheme_icons
    if kind == "main_scheme":
        code = str(card.get("code") or "")
        if code[-1:] in ("a", "b"):
            out["side"] = code[-1].upper()
        if card.get("threat") is not None:
            out["target_threat"] = _per_player(card["threat"], not card.get("threat_fixed"))
        if card.get("escalation_threat") is not None:
            out["acceleration"] = _per_player(
                card["escalation_threat"], not card.get("escalation_threat_fixed")
            )


# fields the import reads as words or walks as lists: anything else is a broken export, and
# reading it anyway stopped the import with Python's words ("'bool' object is not iterable")
_TEXTS = ("name", "subname", "traits", "text", "flavor", "back_text")
_LISTS = ("deck_requirements", "deck_options")


def _misshapen(card: Mapping[str, Any]) -> str | None:
    """Why a card's words or lists are of the wrong kind (it is left out), or None."""
    for name, kind, what in (
        *((t, str, "text") for t in _TEXTS),
        *((n, list, "a list") for n in _LISTS),
    ):
        value = card.get(name)
        if value is not None and not isinstance(value, kind):
            return f'its "{name}" is {json.dumps(value)}, not {what}'
    return None


class _NotANumber(ValueError):
    """A field the import counts with holds something else (the card is left out)."""


MOST_ICONS = 99  # no printed count comes near: a larger one is a broken export


def _count(card: Mapping[str, Any], field: str) -> int:
    """A count MarvelCDB gives as a whole number (missing or null: 0) up to
    ``MOST_ICONS``, or ``_NotANumber``."""
    value = card.get(field)
    if value is None or value == "":
        return 0
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _NotANumber(f'its "{field}" is {json.dumps(value)}, not a whole number')
    try:
        number = int(value)
    except ValueError:
        raise _NotANumber(f'its "{field}" is {json.dumps(value)}, not a whole number') from None
    if number < 0:
        raise _NotANumber(f'its "{field}" is {number}, below 0')
    if number > MOST_ICONS:
        raise _NotANumber(f'its "{field}" is {number}, more than {MOST_ICONS}')
    return number


def _power(value: Any) -> Any:
    return value if isinstance(value, int) and value >= 0 else "-"


def _starred(value: Any, star: Any) -> Any:
    number = value if isinstance(value, int) else 0
    return {"value": number, "star": True} if star else number


def _per_player(value: Any, per_player: bool) -> Any:
    number = value if isinstance(value, int) else 0
    return {"value": number, "per_player": True} if per_player else number


def _deck_limit(card: Mapping[str, Any], faction: str) -> int | None:
    """MarvelCDB's ``deck_limit`` when it is below the rules' own (3, or 1 if unique)."""
    limit = card.get("deck_limit")
    usual = 1 if card.get("is_unique") else 3
    if faction == "hero" or not isinstance(limit, int) or limit >= usual or limit < 1:
        return None
    return limit


def _requirements(card: Mapping[str, Any], comments: list[str]) -> list[str]:
    """An identity's deck-building requirements: what card script can say, else a comment."""
    lines: list[str] = []
    for requirement in card.get("deck_requirements") or ():
        if isinstance(requirement, dict) and set(requirement) == {"aspects"}:
            lines.append(f"Rule aspect_count is {_count(requirement, 'aspects')}.")
        else:
            comments.append(f"deck requirement (not checked): {json.dumps(requirement)}")
    for option in card.get("deck_options") or ():
        comments.append(f"deck option (not checked): {json.dumps(option)}")
    return lines


@cache
def _keywords() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Patterns for the keywords cards/marvel-champions/keywords.cardscript defines (so
    the card script written is card script the game reads), else the core rules' nine."""
    try:
        from cardscript.games import load_game

        defs = load_game(GAME).keyword_defs
    except Exception:  # no vocabulary yet, or one being edited
        return keyword_patterns(CORE_KEYWORDS)
    found = tuple((d.name, len(d.params)) for d in defs)
    return keyword_patterns(found or CORE_KEYWORDS)


@cache
def _properties(kind: str) -> tuple[str, ...] | None:
    from cardscript.schemas import load_schema

    definitions = load_schema(GAME)["definitions"]
    found = definitions.get(f"{kind}_card")
    if not isinstance(found, dict) or kind not in definitions["card_type"]["enum"]:
        return None
    return tuple(found.get("properties", {}))


def schema_problem(card: Mapping[str, Any], pack: str) -> str:
    """The first schema error of this card in a card file, or ''."""
    from cardscript.schemas import validator

    document = {"game": GAME, "set": pack or "imported", "cards": [dict(card)]}
    errors = sorted(validator(GAME).iter_errors(document), key=lambda e: list(e.path))
    if not errors:
        return ""
    first = errors[0]
    where = ".".join(str(p) for p in list(first.path)[2:])
    return f"{where + ': ' if where else ''}{first.message}"


class _Where:
    """Where a card is written in its pack file (for warnings)."""

    def __init__(self, path: str, text: str) -> None:
        self.path, self.text = path, text
        self.lines = LineIndex(text)

    def card(self, card: Mapping[str, Any]) -> Span:
        code = json.dumps(str(card.get("code")))
        match = re.search(r'"code"\s*:\s*' + re.escape(code), self.text)
        if match is None:
            return Span.point(1, 1, self.path)
        return self.lines.span(match.start(), match.end(), self.path)
