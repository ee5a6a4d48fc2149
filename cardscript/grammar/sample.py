"""Random card texts from the grammar, for property tests, fuzzing and benchmarks.

The generator walks the compiled Lark grammar (``lark_parser().rules``) from ``start``,
choosing among each rule's alternatives with the caller's ``random.Random``. A depth budget
keeps it finite: every rule's minimal derivation depth is precomputed, alternatives that
cannot finish within the budget are never taken, and the deeper the walk gets the more it
prefers the shallowest (non-recursive) alternatives.

Terminals are spelt from the game's registry (``KW``, ``NOUN``, ``STAT``...), from the
grammar's literals, or from small built-in pools (numbers, quoted names, new keyword
names). Alternatives that need a word class the game leaves empty are never chosen, so the
same code works for every game whose registry loads.

It is a *syntactic* generator: lines parse, but need not make sense ("discard you").
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from cardscript.grammar.lexer import MAX_LINE_PIECES, split_lines
from cardscript.grammar.parser import (
    IT_WORDS,
    LANGUAGE_VERSION,
    MOVE_VERBS,
    SYNONYMS,
    lark_parser,
    reserved_words,
)
from cardscript.grammar.registry import WORD_CLASSES, Registry

DEFAULT_MAX_DEPTH = 14
VERSION_CHANCE = 0.02  # how often ``start`` takes the ``version`` alternative (if allowed)

# Signs: the text of each punctuation terminal.
SIGNS: Mapping[str, str] = {
    "COMMA": ",",
    "DOT": ".",
    "COLON": ":",
    "SEMI": ";",
    "LPAR": "(",
    "RPAR": ")",
    "ARROW": "→",
    "DOT_THEN": ". Then",
    "DOT_SEP": ".",
    "AND_STEP": "and",
    "POSS": "'s",
}
_GLUE_LEFT = frozenset({"COMMA", "DOT", "COLON", "SEMI", "RPAR", "POSS", "DOT_THEN", "DOT_SEP"})
_GLUE_RIGHT = frozenset({"LPAR"})

_NAMES = (
    "Avengers",
    "X-Men",
    "Doctor Doom",
    "Brotherhood",
    "Spider-Man",
    "Fantastic Four",
    "Royal Paladin",
    "Kagero",
    "Ignis",
    "Мстители",
    "Кибер Дракон",
    "Сила",
    "Тёмная Ирина",
)
_PLAIN_WORDS = (
    "amber",
    "brisk",
    "cobalt",
    "dusky",
    "ember",
    "fable",
    "glint",
    "hollow",
    "ivory",
    "jovial",
    "kindle",
    "lumen",
    "mossy",
    "nimbus",
    "onyx",
    "quartz",
    "russet",
    "sable",
    "tawny",
    "umber",
    "velvet",
    "willow",
    "zephyr",
    "mirthful",
    "sombre",
    "ardent",
)
_SYLLABLES = (
    "ka",
    "zor",
    "vel",
    "mi",
    "dra",
    "xen",
    "lo",
    "thu",
    "bri",
    "qua",
    "sen",
    "ro",
    "fen",
    "gal",
    "nox",
    "pir",
    "ul",
    "tes",
)
_SMALL_INTS = ("0", "1", "1", "2", "2", "3", "4", "5", "6", "10", "1000", "5000")
_SIGNED = ("+1", "+2", "+3", "-1", "-2", "+X", "-X", "+1000", "+5000", "-3")
_TRIPLES = ("1-2-3", "2-2-2", "1-1-1", "3-2-1", "X-X-X", "0-1-2")
_VARS = ("X", "X", "X", "Y")


@dataclass(frozen=True)
class _Grammar:
    """The compiled grammar: rule -> alternatives (symbol names), literal terminal texts."""

    rules: Mapping[str, tuple[tuple[str, ...], ...]]
    literals: Mapping[str, str]


@cache
def _grammar() -> _Grammar:
    parser = lark_parser()
    rules: dict[str, list[tuple[str, ...]]] = {}
    for rule in parser.rules:
        rules.setdefault(rule.origin.name, []).append(tuple(s.name for s in rule.expansion))
    literals = {t.name: str(t.pattern.value) for t in parser.terminals if t.pattern.type == "str"}
    return _Grammar({k: tuple(v) for k, v in rules.items()}, literals)


def _lexes_as(text: str, registry: Registry, token_class: str) -> bool:
    """Does ``text`` on its own read back as one phrase of ``token_class``?

    Mirrors the parser's word lookup: a bracketed label is one piece, any other phrase is a
    run of words looked up (casefolded, by lexed value) in ``registry.phrases``.
    """
    lines, problems = split_lines(text)
    if problems or len(lines) != 1:
        return False
    pieces = lines[0].pieces
    if len(pieces) == 1 and pieces[0].kind == "LABEL":
        phrase = pieces[0].value.casefold()
    elif all(p.kind in ("WORD", "VAR") for p in pieces):
        phrase = " ".join(p.value.casefold() for p in pieces)
    else:
        return False  # a possessive, a number, a sign: not one word of the registry
    return any(entry[0] == token_class for entry in registry.phrases.get(phrase, ()))


def _taken_words(registry: Registry) -> frozenset[str]:
    """Every word the parser may read as something other than a plain WORD."""
    words: set[str] = set()
    for phrase in [*reserved_words(), *registry.phrases, *SYNONYMS, *MOVE_VERBS, *IT_WORDS]:
        words.update(phrase.casefold().replace("'s", "").split())
    return frozenset(words | {"x", "y", "z", "n", "non"})


class Sampler:
    """Generates random card-script lines for one game's registry."""

    def __init__(self, registry: Registry, grammar: _Grammar | None = None) -> None:
        self.registry = registry
        self.grammar = grammar or _grammar()
        taken = _taken_words(registry)
        self.plain_words: tuple[str, ...] = tuple(w for w in _PLAIN_WORDS if w not in taken)
        self._taken = taken
        self.spellings: dict[str, tuple[str, ...]] = {}
        for token_class in WORD_CLASSES:
            self.spellings[token_class] = tuple(
                dict.fromkeys(
                    s
                    for s in registry.spellings(token_class)
                    if _lexes_as(s, registry, token_class)
                )
            )
        # a noun after "this" is one card: its singular ("this attacks" reads as nothing
        # an author writes, and fmt writes it "this attack", which may read otherwise)
        self.singular: dict[str, str] = {
            t.plural: t.text for t in registry.terms("NOUN") if t.plural and t.plural != t.text
        }
        self.available = self._available_terminals()
        self.depth = self._min_depths()
        # rule -> its alternatives that can be spelt, each with the depth it needs below
        self.choices: dict[str, list[tuple[int, tuple[str, ...]]]] = {
            name: [(d, alt) for alt in alts if (d := self._alt_depth(alt, self.depth)) < _INF]
            for name, alts in self.grammar.rules.items()
        }
        if self.depth.get("start", _INF) >= _INF:
            raise ValueError(f"the grammar derives no line for game {registry.game!r}")

    # ---- setup -------------------------------------------------------------------------
    def _available_terminals(self) -> frozenset[str]:
        names = set(self.grammar.literals) | set(SIGNS)
        names |= {"INT", "SIGNED", "VAR", "TRIPLE", "STRING", "IT_WORD", "MOVE_VERB"}
        if self.plain_words:
            names.add("WORD")
        names |= {cls for cls, forms in self.spellings.items() if forms}
        if "NOUN" in names:
            names.add("LIST_AND")  # "and" between nouns: "character and attachment"
        return frozenset(names)

    def _min_depths(self) -> dict[str, int]:
        """Each rule's minimal derivation depth; unusable rules stay at infinity."""
        depth: dict[str, int] = dict.fromkeys(self.grammar.rules, _INF)
        changed = True
        while changed:
            changed = False
            for name, alternatives in self.grammar.rules.items():
                best = min((self._alt_depth(alt, depth) for alt in alternatives), default=_INF)
                if best + 1 < depth[name]:
                    depth[name] = best + 1
                    changed = True
        return depth

    def _alt_depth(self, alternative: Sequence[str], depth: Mapping[str, int]) -> int:
        """The depth an alternative needs below its rule (infinite if it cannot be spelt)."""
        worst = 0
        for symbol in alternative:
            if symbol in self.grammar.rules:
                worst = max(worst, depth[symbol])
            elif symbol not in self.available:
                return _INF
        return worst

    # ---- generation --------------------------------------------------------------------
    def tokens(
        self,
        rng: random.Random,
        max_depth: int = DEFAULT_MAX_DEPTH,
        version_chance: float = VERSION_CHANCE,
    ) -> list[tuple[str, str]]:
        """One line as (terminal, text) pairs, within the parser's length limit."""
        if rng.random() < version_chance:
            out: list[tuple[str, str]] = []
            self._expand("version", rng, 1, max_depth, "version", out)
            return out
        while True:  # a line over the limit would be refused (CS-P008): draw a shallower one
            out = []
            self._expand("ability_line", rng, 1, max_depth, "ability_line", out)
            if sum(len(text.split()) for _, text in out) <= MAX_LINE_PIECES - 8:
                return out
            max_depth = max(max_depth - 1, self.depth["ability_line"])

    def line(
        self,
        rng: random.Random,
        max_depth: int = DEFAULT_MAX_DEPTH,
        version_chance: float = VERSION_CHANCE,
    ) -> str:
        return join_tokens(self.tokens(rng, max_depth, version_chance))

    def _expand(
        self,
        symbol: str,
        rng: random.Random,
        level: int,
        max_depth: int,
        context: str,
        out: list[tuple[str, str]],
    ) -> None:
        usable = self.choices.get(symbol)
        if usable is None:
            text = self._terminal(symbol, rng, context)
            if symbol == "NOUN" and out and out[-1][1] == "this":
                text = self.singular.get(text, text)
            out.append((symbol, text))
            return
        if not symbol.startswith("__"):
            context = symbol  # helper rules (lists, optionals) keep their parent's context
        budget = max_depth - level
        fitting = [(d, alt) for d, alt in usable if d <= budget]
        # The deeper we are, the more often only the shallowest alternatives are allowed.
        if not fitting or rng.random() < (level / max_depth) ** 2:
            shallowest = min(d for d, _ in (fitting or usable))
            fitting = [(d, alt) for d, alt in (fitting or usable) if d == shallowest]
        _, chosen = rng.choice(fitting)
        for child in chosen:
            self._expand(child, rng, level + 1, max_depth, context, out)

    def _terminal(self, name: str, rng: random.Random, context: str) -> str:
        if name in self.grammar.literals:
            return self.grammar.literals[name]
        if name in SIGNS:
            return SIGNS[name]
        if name in WORD_CLASSES:
            return rng.choice(self.spellings[name])
        if name == "INT":
            return str(LANGUAGE_VERSION) if context == "version" else rng.choice(_SMALL_INTS)
        if name == "SIGNED":
            return rng.choice(_SIGNED)
        if name == "VAR":
            return rng.choice(_VARS)
        if name == "TRIPLE":
            return rng.choice(_TRIPLES)
        if name == "STRING":
            return f'"{rng.choice(_NAMES)}"'
        if name == "IT_WORD":
            return rng.choice(("it", "it", "itself"))
        if name == "LIST_AND":
            return "and"
        if name == "MOVE_VERB":
            return rng.choice(("put", "move", "return", "take"))
        if name == "WORD":
            return self._new_name(rng) if context == "kw_name" else rng.choice(self.plain_words)
        raise KeyError(f"no spelling for terminal {name}")

    def _new_name(self, rng: random.Random) -> str:
        """A capitalised word no vocabulary uses: the name of a new keyword."""
        while True:
            word = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3)))
            if word not in self._taken:
                return word.capitalize()

    def vocabulary(self) -> tuple[str, ...]:
        """Every spelling the game's grammar knows: registry words, reserved words, signs."""
        words = [s for forms in self.spellings.values() for s in forms]
        words.extend(self.grammar.literals.values())
        words.extend(SIGNS.values())
        words.extend(("it", "put", "X", "1", "+1", "1-2-3", '"Avengers"', *self.plain_words))
        return tuple(dict.fromkeys(words))


_INF = 10**9


def join_tokens(tokens: Sequence[tuple[str, str]]) -> str:
    """Single spaces between tokens; none before , . : ; ) 's or after (."""
    out: list[str] = []
    glue = True
    for kind, text in tokens:
        if out and not glue and kind not in _GLUE_LEFT:
            out.append(" ")
        out.append(text)
        glue = kind in _GLUE_RIGHT
    return "".join(out)


_SAMPLERS: dict[int, tuple[Registry, Sampler]] = {}


def sampler(registry: Registry) -> Sampler:
    """The (cached) sampler of a registry."""
    hit = _SAMPLERS.get(id(registry))
    if hit is not None and hit[0] is registry:
        return hit[1]
    if len(_SAMPLERS) >= 32:
        _SAMPLERS.clear()
    made = Sampler(registry)
    _SAMPLERS[id(registry)] = (registry, made)
    return made


def sample_line(
    registry: Registry,
    rng: random.Random,
    max_depth: int = DEFAULT_MAX_DEPTH,
    *,
    version_chance: float = VERSION_CHANCE,
) -> str:
    """One random logical line (an ability, or rarely the version header)."""
    return sampler(registry).line(rng, max_depth, version_chance)


def sample_text(
    registry: Registry,
    rng: random.Random,
    lines: int | None = None,
    *,
    max_depth: int = DEFAULT_MAX_DEPTH,
    version_chance: float = VERSION_CHANCE,
) -> str:
    """A random card text of ``lines`` lines (1 to 4 when None), one ability per line.

    Only the first line may be the version header, as the parser requires.
    """
    made = sampler(registry)
    count = rng.randint(1, 4) if lines is None else lines
    out = [made.line(rng, max_depth, version_chance if i == 0 else 0.0) for i in range(count)]
    return "\n".join(out)


def vocabulary(registry: Registry) -> tuple[str, ...]:
    """Real words and signs of a game, for token-soup fuzzing."""
    return sampler(registry).vocabulary()
