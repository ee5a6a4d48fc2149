"""A game's vocabulary: the typed registry that feeds the lexer, checks, formatter and docs.

Each game declares one registry (``cardscript/kernels/<game>/registry.yaml``). The grammar
is the same for every game; the registry says which words mean what in that game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from cardscript.grammar.refusals import Refusal, RegistryError, refusals_from_data

# Token class of the grammar -> the registry section that fills it.
WORD_CLASSES: Mapping[str, str] = {
    "KW": "keywords",
    "NOUN": "nouns",
    "ADJ": "adjectives",
    "STAT": "stats",
    "ZONE": "zones",
    "COUNTER": "counters",
    "RESOURCE": "resources",
    "EVENT": "events",
    "PHASE": "phases",
    "VERB": "verbs",
    "HOOK": "hooks",
    "COST": "costs",
    "DAMAGE": "damage",
    "LABEL": "labels",
    "ATTR": "attributes",
    "PERMISSION": "permissions",
}

# What an author calls each class in a message ("expected a stat such as ATK").
CLASS_NAMES: Mapping[str, str] = {
    "KW": "a keyword",
    "NOUN": "a card or object noun",
    "ADJ": "a state or quality",
    "STAT": "a stat",
    "ZONE": "a zone",
    "COUNTER": "a counter",
    "RESOURCE": "a player resource",
    "EVENT": "an event",
    "EVENT_NOT": "an event",  # ("did not block": told as the event it denies)
    "PHASE": "a phase or period",
    "VERB": "an effect verb",
    "HOOK": "a rule hook",
    "COST": "a named cost",
    "DAMAGE": "a kind of damage",
    "LABEL": "an ability label",
    "ATTR": "an attribute",
    "PERMISSION": "an action that can be allowed or forbidden",
    "MOVE_VERB": "put, move, return or take",
}


# A class as an editor shows it beside a word (completion).
KIND_NAMES: Mapping[str, str] = {
    "KW": "keyword",
    "NOUN": "noun",
    "ADJ": "state",
    "STAT": "stat",
    "ZONE": "zone",
    "COUNTER": "counter",
    "RESOURCE": "resource",
    "EVENT": "event",
    "EVENT_NOT": "event",
    "PHASE": "phase",
    "VERB": "verb",
    "HOOK": "rule hook",
    "COST": "cost",
    "DAMAGE": "damage",
    "LABEL": "label",
    "ATTR": "attribute",
    "PERMISSION": "permission",
}


@dataclass(frozen=True)
class Term:
    """One vocabulary entry: a canonical id and the surface phrases that spell it.

    ``forms[0]`` is the canonical singular spelling, ``plural`` the plural one (nouns,
    counters) when it differs. ``doc`` is one line for docs and completion.
    """

    id: str
    forms: tuple[str, ...]
    plural: str | None = None
    doc: str = ""
    params: tuple[str, ...] = ()
    numbers: tuple[str, ...] = ()  # keywords: the params a card gives as numbers
    default: Any = None
    kind: str | None = None
    third: str | None = None  # verbs: third person singular ("stuns"); defaults to forms[1]
    base: str | None = None  # events: the infinitive after "would" ("be stunned")
    past: str | None = None  # events: the past tense in "that attacked this turn"
    # nouns: a card type whose text runs once and leaves (a plot twist, an event): such a
    # card is never in play, so a standing line on it never works (CS-C037)
    one_shot: bool = False
    lasts: bool = False  # labels: a line that lasts on a one-shot card (VS "Ongoing:")
    # phases: the period the game keeps its record of events for (``Kernel.turn_phase``),
    # which "that attacked this turn" and "if you blocked this round" read
    remembered: bool = False
    # nouns: a card type that runs no line of its text by itself (a VS character): the
    # ways a line of it runs once ("When this enters play, …"), "…" the line's steps;
    # a line with none of them that would run once never does (CS-C038)
    runs_by: tuple[str, ...] = ()
    # Facts about timing the late-prevention check reasons with (CS-T012), not refusals:
    # labels: the trigger resolves before the event it names (MC's Interrupts, G20)
    before_event: bool = False
    # events: heard once damage has been dealt, so "prevent 1 of that damage" in a trigger
    # on it comes too late; labels: the line resolves once its card dealt damage ("On hit")
    after_damage: bool = False
    # zones: the noun a card there is (a Vanguard RC holds a rear-guard), so "this" in an
    # ability labelled with the zone ("[ACT](RC):") is one; the refusals aim by it
    card_is: str | None = None
    # events: the subject is who dealt that damage ("this hits"), not who took it
    deals_damage: bool = False
    # events: the kernel opens an interrupt window before it, where the lines under a
    # label marked ``before_event`` are heard (MC's Interrupts, G20); where no event of
    # a game is so marked, its labels say nothing of windows (CS-T031)
    interrupt_window: bool = False
    # labels: the step of the game its lines are declared in, and only then (Berserk's
    # «до вскрытия», the reveal step): never standing, never a trigger (CS-T033)
    declared_in: str | None = None
    # stats: the maximum a heal stops at, which "heal … beyond its maximum <stat>" may
    # exceed (Marvel Champions' hit points, G57); a heal beyond any other is CS-T038
    heal_cap: bool = False
    # adjectives: a quality a player has (Marvel Champions' forms): "each player in
    # alter-ego form" names those who have it (``Kernel.player_quality``; else CS-T039)
    of_player: bool = False
    # zones: who sees the cards there: "owner" (a hand), "nobody" (a deck); unset, every
    # player (what a human playing is shown of the others' cards, ``interpreter/view``)
    seen_by: str | None = None
    # adjectives: a state held toward a player, said "engaged with you" (MC G70);
    # ``Kernel.held_toward`` says which player
    toward_player: bool = False
    # phases: the edges ("start", "end") of the period that come before any card is in
    # play in a game (Berserk's preliminary phase begins with every card in its deck): a
    # trigger at one is never heard (CS-T036)
    before_play: tuple[str, ...] = ()
    # phases: a step the kernel goes through as an order of play only, neither starting
    # nor ending it as a period (Pocket Duel's round steps, §6): the current step, which
    # "during the damage step" asks, and no more; nothing lasts until its end, happens at
    # its start or end or counts per it (CS-T035)
    edgeless: bool = False
    # phases: the edges ("start", "end") no card hears in a game, each with the reason
    # (the end of the game: nothing runs once it is over); a trigger at one never runs
    # (CS-T036), and a period whose end is unheard is the whole game: what lasts "until
    # the end of the game" lasts for good
    unheard: tuple[tuple[str, str], ...] = ()
    # phases: the edges the kernel raises a moment before ("before the start of your
    # turn": Berserk's turn preparation step, §310); before any other, a trigger never
    # runs (CS-T036)
    heard_before: tuple[str, ...] = ()
    # phases: the period the kernel never ends (``Engine.end_period``): the whole game,
    # over as a player wins. Its end is ``unheard`` too, but so are ends the kernel does
    # reach unheard (Berserk's attack): a delayed step "at the end of the game" never runs
    # (CS-T036); tests/test_moments_heard.py checks the mark against played games
    never_ends: bool = False

    @property
    def text(self) -> str:
        return self.forms[0]

    def spelling(self, plural: bool = False) -> str:
        return self.plural if plural and self.plural else self.forms[0]

    def third_person(self) -> str:
        if self.third:
            return self.third
        return self.forms[1] if len(self.forms) > 1 else self.forms[0]

    def infinitive(self) -> str:
        return self.base or self.plural or self.forms[0]


@dataclass(frozen=True)
class OtherWord:
    """What a game says for a word of another game's cards: a term id of the game (or a
    word of the card script's own, "gain"), and why, in one clause."""

    said: str
    reason: str


@dataclass(frozen=True)
class Registry:
    """The vocabulary of one game, by token class."""

    game: str
    title: str
    sections: Mapping[str, tuple[Term, ...]] = field(default_factory=dict)
    # well-formed text that means nothing in this game (``refuse:``, refusal_check.py)
    refusals: tuple[Refusal, ...] = ()
    # words of printed cards for a quality a keyword gives ("flying": Flight), which the
    # card script says with the keyword ("characters with Flight"): hints only, no words
    given_by: Mapping[str, str] = field(default_factory=dict)
    # words authors bring from other games' cards ("tap", "damage"), casefolded, each to
    # what this game says instead and why (``other_words:``, other_words.py): hints only
    other_words: Mapping[str, OtherWord] = field(default_factory=dict)

    def remembered_period(self) -> Term | None:
        """The period the game keeps a record of (``remembered``: the turn, or the round)."""
        return next((t for t in self.terms("PHASE") if t.remembered), None)

    def terms(self, token_class: str) -> tuple[Term, ...]:
        return self.sections.get(WORD_CLASSES.get(token_class, token_class), ())

    def term(self, token_class: str, term_id: str) -> Term | None:
        for term in self.terms(token_class):
            if term.id == term_id:
                return term
        return None

    @cached_property
    def phrases(self) -> Mapping[str, tuple[tuple[str, Term, bool], ...]]:
        """casefolded phrase -> ((token class, term, is_plural), ...) in declaration order."""
        table: dict[str, list[tuple[str, Term, bool]]] = {}
        for token_class, section in WORD_CLASSES.items():
            for term in self.sections.get(section, ()):
                for form in term.forms:
                    table.setdefault(form.casefold(), []).append((token_class, term, False))
                for extra in (term.plural, term.third, term.base, term.past):
                    if extra and extra.casefold() not in {f.casefold() for f in term.forms}:
                        table.setdefault(extra.casefold(), []).append((token_class, term, True))
        for term in self.terms("EVENT"):
            negated = negated_past(term)
            if negated:
                table.setdefault(negated.casefold(), []).append(("EVENT_NOT", term, True))
        return {k: tuple(v) for k, v in table.items()}

    @cached_property
    def phrase_prefixes(self) -> frozenset[str]:
        """Every phrase's leading words ("put into", "put into play"), the phrase too:
        where the words from a point stop being one, no longer phrase starts there."""
        return prefixes(self.phrases)

    @cached_property
    def lookup_cache(self) -> dict[Any, Any]:
        """Scratch memo for the parser's word classification (per registry)."""
        return {}

    @cached_property
    def longest_phrase(self) -> int:
        return max((len(p.split()) for p in self.phrases), default=1)

    def spellings(self, token_class: str) -> list[str]:
        """Every surface phrase of a class, for did-you-mean and completion."""
        if token_class == "EVENT_NOT":
            return [n for t in self.terms("EVENT") if (n := negated_past(t))]
        out: list[str] = []
        for term in self.terms(token_class):
            out.extend(term.forms)
            out.extend(x for x in (term.plural, term.third, term.base, term.past) if x)
        return out

    def with_keywords(self, keywords: Iterable[Term]) -> Registry:
        """The same registry with the game's keywords (defined in card script) added."""
        merged = dict(self.sections)
        merged["keywords"] = tuple(self.sections.get("keywords", ())) + tuple(keywords)
        return replace(self, sections=merged)


def negated_past(event: Term) -> str | None:
    """An event's past tense denied, for "if you did not block this round" and "if this
    was not cancelled this turn": "was"/"were" take "not", any other past is "did not" and
    the infinitive; None for an event with no past tense."""
    if not event.past:
        return None
    first, _, rest = event.past.partition(" ")
    if first.casefold() in ("was", "were") and rest:
        return f"{first} not {rest}"
    return f"did not {event.base}" if event.base else None


def term_from_data(data: Mapping[str, Any] | str) -> Term:
    """Build a Term from its registry YAML entry (a bare string is a one-form term)."""
    if isinstance(data, str):
        return Term(id=_slug(data), forms=(data,))
    forms = data.get("forms") or [data.get("text") or data["id"]]
    if isinstance(forms, str):
        forms = [forms]
    params = data.get("params") or ()
    return Term(
        id=str(data.get("id") or _slug(forms[0])),
        forms=tuple(str(f) for f in forms),
        plural=data.get("plural"),
        doc=str(data.get("doc", "")),
        params=tuple(params),
        default=data.get("default"),
        kind=data.get("type"),
        third=data.get("third"),
        base=data.get("base"),
        past=data.get("past"),
        one_shot=bool(data.get("one_shot", False)),
        lasts=bool(data.get("lasts", False)),
        remembered=bool(data.get("remembered", False)),
        runs_by=tuple(str(way) for way in data.get("runs_by") or ()),
        before_event=bool(data.get("before_event", False)),
        after_damage=bool(data.get("after_damage", False)),
        card_is=data.get("card_is"),
        deals_damage=bool(data.get("deals_damage", False)),
        interrupt_window=bool(data.get("interrupt_window", False)),
        seen_by=data.get("seen_by"),
        declared_in=data.get("declared_in"),
        toward_player=bool(data.get("toward_player", False)),
        before_play=tuple(str(edge) for edge in data.get("before_play") or ()),
        edgeless=bool(data.get("edgeless", False)),
        unheard=tuple((str(edge), str(why)) for edge, why in (data.get("unheard") or {}).items()),
        heard_before=tuple(str(edge) for edge in data.get("heard_before") or ()),
        never_ends=bool(data.get("never_ends", False)),
        heal_cap=bool(data.get("heal_cap", False)),
        of_player=bool(data.get("of_player", False)),
    )


SEEN_BY = (None, "owner", "nobody")  # a zone's ``seen_by``: unset, every player
EDGES = frozenset({"start", "end"})  # a phase's ``before_play``


def registry_from_data(data: Mapping[str, Any]) -> Registry:
    _refuse_moved(data, "the registry")
    for section in WORD_CLASSES.values():
        for entry in data.get(section) or ():
            if isinstance(entry, Mapping):
                _refuse_moved(entry, f"{section} {entry.get('id')}")
    sections = {
        section: tuple(term_from_data(entry) for entry in data.get(section) or ())
        for section in WORD_CLASSES.values()
    }
    known = {name: {t.id for t in terms} for name, terms in sections.items()}
    for zone in sections["zones"]:
        if zone.card_is is not None and zone.card_is not in known["nouns"]:
            raise RegistryError(f"zone {zone.id}: card_is {zone.card_is!r} is not declared")
        if zone.seen_by not in SEEN_BY:
            raise RegistryError(f"zone {zone.id}: seen_by is owner or nobody, not {zone.seen_by!r}")
    for label in sections["labels"]:
        if label.declared_in is not None and label.declared_in not in known["phases"]:
            raise RegistryError(f"label {label.id}: declared_in {label.declared_in!r} is no phase")
    for phase in sections["phases"]:
        if not set(phase.before_play) <= EDGES:
            raise RegistryError(f"phase {phase.id}: before_play holds start and end only")
        if not set(phase.heard_before) <= EDGES:
            raise RegistryError(f"phase {phase.id}: heard_before holds start and end only")
        if not {edge for edge, _ in phase.unheard} <= EDGES or not all(
            why for _, why in phase.unheard
        ):
            raise RegistryError(f"phase {phase.id}: unheard gives start or end each a reason")
        if phase.never_ends and "end" not in dict(phase.unheard):
            raise RegistryError(f"phase {phase.id}: never_ends needs its end unheard, with why")
    for noun in sections["nouns"]:
        if any(way.count("…") != 1 for way in noun.runs_by):
            raise RegistryError(f"noun {noun.id}: each of runs_by holds one … for the steps")
    return Registry(
        game=str(data["game"]),
        title=str(data.get("title", data["game"])),
        sections=sections,
        refusals=refusals_from_data(data.get("refuse"), str(data["game"]), known),
        given_by={
            str(word).casefold(): str(keyword)
            for word, keyword in (data.get("given_by") or {}).items()
        },
        other_words=_other_words(data.get("other_words"), sections),
    )


def _other_words(
    data: Mapping[str, Any] | None, sections: Mapping[str, tuple[Term, ...]]
) -> dict[str, OtherWord]:
    """``other_words:`` read: each entry a term id (or a word of the card script's own),
    the ``words`` authors bring for it and the ``reason``; by word, casefolded."""
    from cardscript.grammar.parser import reserved_words  # (the parser imports this module)

    ids = {term.id for terms in sections.values() for term in terms}
    out: dict[str, OtherWord] = {}
    for said, entry in (data or {}).items():
        where = f"other_words {said}"
        if said not in ids and str(said).casefold() not in reserved_words():
            raise RegistryError(f"{where}: no term of the game has this id")
        words = (entry or {}).get("words") if isinstance(entry, Mapping) else None
        reason = entry.get("reason") if isinstance(entry, Mapping) else None
        if not words or not isinstance(words, list) or not reason:
            raise RegistryError(f"{where}: words (a list) and reason are both needed")
        for word in words:
            if str(word).casefold() in out:
                raise RegistryError(f"{where}: {word!r} is already said otherwise")
            out[str(word).casefold()] = OtherWord(str(said), str(reason))
    return out


# Keys that said what a game refuses before ``refuse:`` said it all: an entry still
# written so would be refused by nothing, silently.
_MOVED = ("not_effect", "refuses", "holds", "instead", "no_activated_abilities", "not_actions")


def _refuse_moved(data: Mapping[str, Any], where: str) -> None:
    moved = [key for key in _MOVED if key in data]
    if moved:
        raise RegistryError(f"{where}: {', '.join(moved)} is now said by an entry of refuse:")


def _slug(text: str) -> str:
    return "_".join(text.casefold().replace("'", "").replace("-", " ").split())


def prefixes(phrases: Iterable[str]) -> frozenset[str]:
    """Each phrase cut after each of its words (at each single space), whole too."""
    out: set[str] = set()
    for phrase in phrases:
        cut = phrase.find(" ")
        while cut != -1:
            out.add(phrase[:cut])
            cut = phrase.find(" ", cut + 1)
        out.add(phrase)
    return frozenset(out)
