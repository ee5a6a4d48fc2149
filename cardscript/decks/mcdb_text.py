"""MarvelCDB card text: HTML and icons to plain words, and its keywords to card script.

MarvelCDB writes rules text with HTML (``<b>Hero Action</b>``, ``<i>(attack)</i>``), icons
in brackets (``[energy]``, ``[per_hero]``) and traits in double brackets (``[[Aerial]]``).
Keywords open the text, one sentence each: ``Guard. Toughness. Retaliate 1.``,
``Uses (3 charge counters).``, ``Restricted.``, ``Max 1 per deck.`` Those become card
script (``Guard, Toughness, Retaliate 1``) and the ``max_per_deck`` field; what is left is
the printed text, which the importer keeps in ``printed_text`` (it is not card script).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

_ICONS = {
    "energy": "energy",
    "mental": "mental",
    "physical": "physical",
    "wild": "wild",
    "per_hero": "per player",
    "per_player": "per player",
    "boost": "boost icon",
    "star": "star",
    "unique": "",
    "cost": "cost",
    "crisis": "crisis icon",
    "acceleration": "acceleration icon",
    "hazard": "hazard icon",
    "amplify": "amplify icon",
}
_TAG = re.compile(r"<[^>]+>")
_BREAK = re.compile(r"<\s*br\s*/?\s*>|</\s*p\s*>", re.IGNORECASE)
_ICON = re.compile(r"\[\[([^\]]+)\]\]|\[([a-z_]+)\]")
_SPACES = re.compile(r"[ \t]+")

# The keywords of the core rules (digest part 2 §5.1), used when the game's keywords file
# cannot be read: (name, number of values).
CORE_KEYWORDS: tuple[tuple[str, int], ...] = (
    ("Guard", 0),
    ("Toughness", 0),
    ("Retaliate", 1),
    ("Overkill", 0),
    ("Quickstrike", 0),
    ("Surge", 0),
    ("Peril", 0),
    ("Restricted", 0),
    ("Uses", 1),
)
_NUMBER = r"(\d+|X)"


def keyword_patterns(
    keywords: tuple[tuple[str, int], ...],
) -> tuple[tuple[re.Pattern[str], str], ...]:
    """One regex per keyword sentence and how card script writes it.

    ``Uses`` is printed "Uses (3 charge counters)" and written "Uses 3 charge counters".
    """
    out: list[tuple[re.Pattern[str], str]] = []
    for name, values in keywords:
        words = r"\s+".join(re.escape(w) for w in name.split())
        if name.casefold() == "uses":
            out.append(
                (
                    re.compile(words + r"\s*\(\s*" + _NUMBER + r"\s+([^)]*?)\s*\)", re.I),
                    name + " {0} {1}",
                )
            )
            continue
        pattern = words + "".join(r"\s+" + _NUMBER for _ in range(values))
        shown = name + "".join(f" {{{i}}}" for i in range(values))
        out.append((re.compile(pattern, re.I), shown))
    return tuple(out)


_CORE = keyword_patterns(CORE_KEYWORDS)
_MAX_PER_DECK = re.compile(r"Max(?:imum)?\s+(\d+)\s+per\s+deck", re.IGNORECASE)
_SENTENCE_END = re.compile(r"\s*\.\s*")
_REMINDER = re.compile(r"\s*\([^()]*\)\s*\.?\s*")


def plain(text: str | None) -> str:
    """MarvelCDB's HTML and icons as plain text, one printed paragraph per line."""
    if not text:
        return ""
    out = _BREAK.sub("\n", text)
    out = _TAG.sub("", out)
    out = _ICON.sub(lambda m: m[1] or _ICONS.get(m[2], m[2].replace("_", " ")), out)
    out = html.unescape(out)
    lines = (_SPACES.sub(" ", line).strip() for line in out.replace("\r", "").split("\n"))
    return "\n".join(line for line in lines if line)


@dataclass(frozen=True)
class Parsed:
    keywords: tuple[str, ...]  # card script keyword uses, in printed order
    max_per_deck: int | None
    printed: str  # the rest of the printed text, not card script


def split_keywords(text: str, patterns: tuple[tuple[re.Pattern[str], str], ...] = _CORE) -> Parsed:
    """Keyword sentences opening any paragraph become card script; the rest stays printed.

    ``patterns`` come from :func:`keyword_patterns` (the game's keywords file)."""
    keywords: list[str] = []
    max_per_deck: int | None = None
    rest: list[str] = []
    for line in plain(text).split("\n"):
        position = 0
        while position < len(line):
            found = _keyword_at(line, position, patterns)
            if found is None:
                limit = _MAX_PER_DECK.match(line, position)
                if limit is None:
                    break
                max_per_deck = int(limit[1])
                position = _after_sentence(line, limit.end())
                continue
            word, position = found
            if word not in keywords:
                keywords.append(word)
        remainder = line[position:].strip()
        if remainder:
            rest.append(remainder)
    return Parsed(tuple(keywords), max_per_deck, "\n".join(rest))


def _keyword_at(
    line: str, position: int, patterns: tuple[tuple[re.Pattern[str], str], ...]
) -> tuple[str, int] | None:
    for pattern, out in patterns:
        match = pattern.match(line, position)
        if match is None:
            continue
        end = match.end()
        if end < len(line) and line[end] not in ". (":
            continue  # "Guardian", or a keyword word inside a sentence
        if end < len(line) and line[end] == " " and not _REMINDER.match(line, end):
            continue  # "Guard the …": the word starts a sentence, it is no keyword
        groups = [g.strip() for g in match.groups()]
        return out.format(*groups), _after_sentence(line, end)
    return None


def _after_sentence(line: str, end: int) -> int:
    """Skip the sentence's full stop and an italic reminder "(…)" after the keyword."""
    while True:
        reminder = _REMINDER.match(line, end)
        stop = _SENTENCE_END.match(line, end)
        if reminder is not None and reminder.end() > end:
            end = reminder.end()
        elif stop is not None and stop.end() > end:
            end = stop.end()
        else:
            return end


_TRAIT = re.compile(r"(?:[A-Za-z]\.){2,}|[^.]+")


def traits(value: str | None) -> list[str]:
    """ "Avenger. Soldier." -> ["Avenger", "Soldier"]; "S.H.I.E.L.D." stays whole."""
    out: list[str] = []
    for match in _TRAIT.finditer(plain(value)):
        part = match.group().strip()
        if part and part not in out:
            out.append(part)
    return out
