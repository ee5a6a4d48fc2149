"""Text a game refuses: the registry's ``refuse:`` entries, typed and checked as loaded.

Each entry names a pattern of well-formed text that means nothing in the game (``what``
and the words it needs), why (``reason``) and what to write instead (``instead``). The
kind of pattern fixes the diagnostic's code and sentence (``KINDS``); the checker reads
every kind in one place (``refusal_check.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Kind:
    """One kind of refused text: its code, its sentence and the entry's words."""

    code: str
    message: str  # {named} the text as refused, {title} the game, {zone}, {reason}
    needs: tuple[str, ...] = ()
    may: tuple[str, ...] = ()
    doc: str = ""


KINDS: Mapping[str, Kind] = {
    "activated ability": Kind(
        "CS-T008",
        "{named} is never used in {title}: {reason}",
        doc='any "cost → effect" ability',
    ),
    "game verb": Kind(
        "CS-T007",
        "{named} cannot be an effect in {title}: {reason}",
        needs=("verb",),
        doc="one of the game's `verbs` written as an effect: a player's game action",
    ),
    "core action": Kind(
        "CS-T009",
        "{named} means nothing in {title}: {reason}",
        needs=("verb",),
        may=("aim", "except_in", "spares"),
        doc='a core action of card script (`verb`), aimed at a player, a card, "this" '
        "(no noun, no circle), a kind of card (a noun) or the hand (`aim`), right under "
        "one label only (`except_in`); aimed at a card, not where every kind of card named "
        "is one of `spares`",
    ),
    "into zone": Kind(
        "CS-T010",
        "{named} never goes into the {zone} in {title}: {reason}",
        needs=("zone", "kinds"),
        doc="a card named as one of `kinds` (nouns or states) put into `zone`",
    ),
}

# The verbs of core actions (``ast.Action.verb``) a refusal may name, and the aims each
# can take besides a noun: "deal" to a player, a card or "this" (its card, where neither a
# noun nor its label's circle says what it is), "discard" from the hand.
# "redirected" is a constant redirection ("attacks at X are redirected to Y"), "redirect"
# the step that gives the ability answered a new target ("redirect it to X").
CORE_VERBS = frozenset({
    "deal", "prevent", "heal", "draw", "discard", "gain", "gain_control", "lose", "pay",
    "move", "place", "remove_counters", "remove_card", "search", "shuffle", "shuffle_into",
    "reveal", "look", "redirected", "redirect",
})  # fmt: skip
AIMS: Mapping[str, frozenset[str]] = {
    "deal": frozenset({"player", "card", "this"}),
    "heal": frozenset({"player", "card", "this"}),
    "discard": frozenset({"hand"}),
}


@dataclass(frozen=True)
class Refusal:
    """One refused text of a game (see ``KINDS`` for what each field means)."""

    what: str
    reason: str
    instead: str = ""
    verb: str = ""
    aim: str = ""
    zone: str = ""
    kinds: tuple[str, ...] = ()
    except_in: str = ""
    spares: tuple[str, ...] = ()  # aim card: the kinds of card it does not refuse

    @property
    def kind(self) -> Kind:
        return KINDS[self.what]

    def spared(self, named: frozenset[str]) -> bool:
        """Is every kind of card the text names ("target vanguard") one this entry spares?"""
        return bool(named) and named <= frozenset(self.spares)


class RegistryError(ValueError):
    """A registry entry that cannot mean anything: the file must be fixed."""


def refusals_from_data(
    entries: Any, game: str, known: Mapping[str, Set[str]]
) -> tuple[Refusal, ...]:
    """The ``refuse:`` entries of one registry; ``known`` holds the ids of its sections
    (verbs, nouns, adjectives, zones, labels) the entries must name."""
    refusals: list[Refusal] = []
    for number, data in enumerate(entries or (), 1):
        refusal = _refusal(data, f"{game} registry, refuse entry {number}", known)
        if any(_patterns(refusal) & _patterns(r) for r in refusals):
            raise RegistryError(f"{game} registry, refuse entry {number}: refused twice")
        refusals.append(refusal)
    return tuple(refusals)


def _refusal(data: Any, where: str, known: Mapping[str, Set[str]]) -> Refusal:
    if not isinstance(data, Mapping) or data.get("what") not in KINDS:
        raise RegistryError(f"{where}: what is one of {', '.join(KINDS)}")
    kind = KINDS[data["what"]]
    allowed = {"what", "reason", "instead", *kind.needs, *kind.may}
    wrong = sorted(set(data) - allowed) + [n for n in ("reason", *kind.needs) if not data.get(n)]
    if wrong:
        raise RegistryError(f"{where} ({data['what']}): {', '.join(wrong)} wrong or missing")
    kinds = data.get("kinds") or ()
    refusal = Refusal(
        what=str(data["what"]),
        reason=str(data["reason"]),
        instead=str(data.get("instead", "")),
        verb=str(data.get("verb", "")),
        aim=str(data.get("aim", "")),
        zone=str(data.get("zone", "")),
        kinds=(str(kinds),) if isinstance(kinds, str) else tuple(str(k) for k in kinds),
        except_in=str(data.get("except_in", "")),
        spares=tuple(str(noun) for noun in data.get("spares") or ()),
    )
    for field, unknown, reading in _unknown_words(refusal, known):
        raise RegistryError(f"{where} ({refusal.what}): {field} {unknown!r} {reading}")
    return refusal


def _unknown_words(refusal: Refusal, known: Mapping[str, Set[str]]) -> list[tuple[str, str, str]]:
    """The words of an entry its game does not have (so the entry would never match),
    each with what it is not."""
    nouns = frozenset(known.get("nouns", ()))
    aims = AIMS.get(refusal.verb, frozenset()) | (nouns if refusal.verb in AIMS else frozenset())
    declared = "is not declared"
    verbs: tuple[Set[str], str] = (
        (CORE_VERBS, "is not a core action")
        if refusal.what == "core action"
        else (known.get("verbs", frozenset()), declared)
    )
    wanted = [
        ("verb", refusal.verb, *verbs),
        ("aim", refusal.aim, aims, f"is not an aim of {refusal.verb}"),
        ("zone", refusal.zone, known.get("zones", ()), declared),
        ("except_in", refusal.except_in, known.get("labels", ()), declared),
        *(("spares", noun, nouns, declared) for noun in refusal.spares),
        *(
            ("kinds", k, nouns | frozenset(known.get("adjectives", ())), declared)
            for k in refusal.kinds
        ),
    ]
    return [
        (field, word, reading) for field, word, ids, reading in wanted if word and word not in ids
    ]


def _patterns(refusal: Refusal) -> set[tuple[str, ...]]:
    """The texts an entry refuses, one per kind of card for a zone: no two entries share one."""
    return {
        (refusal.what, refusal.verb, refusal.aim, refusal.zone, k) for k in refusal.kinds or ("",)
    }
