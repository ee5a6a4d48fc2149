"""Game definitions: each game's registry (vocabulary) plus the keywords its content defines.

The registry's fixed vocabulary lives in ``cardscript/kernels/<game>/registry.yaml``; the
keywords are written in card script in ``cards/<game>/keywords.cardscript`` so that authors
add keywords without Python.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

import yaml

from cardscript import GAMES
from cardscript.content import KEYWORDS_FILE, bundled_cards_dir, package_name
from cardscript.grammar import ast
from cardscript.grammar.checks import check_script, number_params
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.lexer import split_lines
from cardscript.grammar.parser import ParseResult, parse_script
from cardscript.grammar.registry import Registry, Term, registry_from_data


@dataclass(frozen=True)
class Game:
    id: str
    registry: Registry  # with the keywords added
    keyword_defs: tuple[ast.KeywordDef, ...]
    keyword_source: str  # path of the keywords file, for messages
    keyword_diagnostics: tuple[Diagnostic, ...]

    def parse(self, text: str) -> ParseResult:
        return parse_script(text, self.registry)


@cache
def base_registry(game: str) -> Registry:
    """The registry as the kernel declares it, without the content's keywords."""
    text = (
        resources.files(f"cardscript.kernels.{package_name(game)}")
        .joinpath("registry.yaml")
        .read_text("utf-8")
    )
    return registry_from_data(yaml.safe_load(text))


@cache
def load_game(game: str, cards_dir: str | None = None) -> Game:
    """The game's full definition. ``cards_dir`` overrides the bundled content folder."""
    if game not in GAMES:
        raise KeyError(game)
    base = base_registry(game)
    folder = Path(cards_dir) if cards_dir else bundled_cards_dir()
    path = folder / game / KEYWORDS_FILE
    text = path.read_text("utf-8") if path.is_file() else ""
    return game_from_keywords(base, text, str(path))


@lru_cache(maxsize=8)
def keywords_game(game: str, text: str, source: str) -> Game:
    """The game with the keywords ``text`` defines (a keywords file being edited, at
    ``source``) in place of its content's; the last few texts are kept, as an editor asks
    again and again of the same buffer."""
    return game_from_keywords(base_registry(game), text, source)


def game_from_keywords(base: Registry, text: str, source: str) -> Game:
    """Parse a keywords file against the base vocabulary and add its keywords."""
    # Keyword bodies may use other keywords ("Unanswerable Strike includes Directed Strike"),
    # so every defined name is known before any body is parsed.
    declared = declared_keywords(text)
    registry = base.with_keywords(declared)
    second = parse_script(text, registry)
    defs = [
        line.ability for line in second.script.lines if isinstance(line.ability, ast.KeywordDef)
    ]
    diagnostics = [d.with_file(source) for d in second.diagnostics]
    for line in second.script.lines:
        if not isinstance(line.ability, ast.KeywordDef):
            diagnostics.append(
                error(
                    "CS-K001",
                    "a keywords file holds only keyword definitions",
                    line.span.with_file(source) if line.span else None,
                    'perhaps try "keyword Name: …"',
                )
            )
    seen: dict[str, ast.KeywordDef] = {}
    for d in defs:
        key = d.name.casefold()
        if key in seen:
            first_span = seen[key].span
            first_line = first_span.line if first_span else 0
            diagnostics.append(
                error(
                    "CS-K002",
                    f'keyword "{d.name}" is defined twice (first at line {first_line})',
                    d.span.with_file(source) if d.span else None,
                )
            )
        seen[key] = d
    numbers = {keyword_id(d.name): number_params(d) for d in defs}
    # what each keyword counts with is known once its body is read
    registry = base.with_keywords(replace(t, numbers=numbers.get(t.id, ())) for t in declared)
    # a keyword's lines become abilities of the cards that have it: the checks of a card
    # text, with the keyword's parameters defined (check_line reads each body)
    diagnostics.extend(d.with_file(source) for d in check_script(second.script, registry))
    diagnostics.sort(key=Diagnostic.sort_key)
    return Game(base.game, registry, tuple(defs), source, tuple(diagnostics))


def declared_keywords(text: str) -> list[Term]:
    """The keywords a keywords file declares: "keyword <Name words> [X[, Y]]:"."""
    lines, _ = split_lines(text)
    terms: dict[str, Term] = {}
    for line in lines:
        pieces = line.pieces
        if not pieces or pieces[0].kind != "WORD" or pieces[0].value.casefold() != "keyword":
            continue
        words: list[str] = []
        params: list[str] = []
        for piece in pieces[1:]:
            if piece.kind == "WORD" and not params:
                words.append(piece.value)
            elif piece.kind in ("VAR", "TRIPLE"):
                params.append(piece.value)
            elif piece.kind != "COMMA":
                break
        if words:
            name = " ".join(words)
            term_id = keyword_id(name)
            terms.setdefault(
                term_id, Term(id=term_id, forms=(name,), params=tuple(params), kind="keyword")
            )
    return list(terms.values())


def keyword_id(name: str) -> str:
    return "_".join(name.casefold().replace("-", " ").split())
