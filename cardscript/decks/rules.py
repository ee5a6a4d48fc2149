"""Deck rules as data: ``cardscript/kernels/<game>/deck_rules.yaml``.

A rules file names the game's formats and lists its rules. Each rule has a stable ``id``
(the diagnostic code), a ``kind`` (what the checker counts, see checks.py and the game
modules), the rule in plain words (``rule``) and the rulebook section it comes from
(``ref``). Everything else in the entry is a parameter of its kind. ``formats`` limits a
rule to some formats, ``by_format`` changes parameters (or the wording) in one format,
``enabled: false`` switches a rule off and ``severity`` makes it a warning.

``hooks`` maps a parameter to the rule hook of the game's registry that a card may
override under the Golden Rule (e.g. ``limit: copy_limit``: Army's
``rule copy_limit is unlimited for this`` lifts the limit for that card).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import yaml

from cardscript import GAMES
from cardscript.grammar.diagnostics import Severity

RULES_FILE = "deck_rules.yaml"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RULE_KEYS = ("id", "kind", "rule", "ref")
_META_KEYS = ("id", "kind", "rule", "ref", "severity", "formats", "by_format", "enabled")


@dataclass(frozen=True)
class Rule:
    """One rule as it applies in one format."""

    id: str
    kind: str
    rule: str  # the rule in plain words
    ref: str  # where the rulebook says it
    severity: Severity
    params: Mapping[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)

    @property
    def hooks(self) -> Mapping[str, str]:
        hooks = self.params.get("hooks") or {}
        return hooks if isinstance(hooks, dict) else {}


@dataclass(frozen=True, eq=False)  # hashed by identity: for_format caches per object
class RuleSet:
    game: str
    title: str
    source: str
    default_format: str
    formats: Mapping[str, str]  # format name -> description
    specs: tuple[Mapping[str, Any], ...]  # the rules as written, before a format is applied
    params: Mapping[str, Any]  # game-specific data its module reads
    name_qualifiers: tuple[str, ...]  # fields that may follow a name: "Name, Version"
    deck_fields: tuple[str, ...]  # keys a deck file of this game may use besides cards
    path: str

    def for_format(self, fmt: str) -> tuple[Rule, ...]:
        return _resolved(self, fmt)

    def ids(self) -> list[str]:
        return [str(spec["id"]) for spec in self.specs]

    def descriptions(self) -> dict[str, str]:
        """Rule id -> the rule in plain words (for SARIF rule descriptions)."""
        return {str(s["id"]): str(s["rule"]) for s in self.specs}


@cache
def _resolved(rules: RuleSet, fmt: str) -> tuple[Rule, ...]:
    out: list[Rule] = []
    for spec in rules.specs:
        formats = spec.get("formats")
        if formats is not None and fmt not in formats:
            continue
        merged = dict(spec)
        merged.update((spec.get("by_format") or {}).get(fmt) or {})
        if merged.get("enabled", True) is False:
            continue
        params = {k: v for k, v in merged.items() if k not in _META_KEYS}
        out.append(
            Rule(
                str(merged["id"]),
                str(merged["kind"]),
                str(merged["rule"]),
                str(merged["ref"]),
                Severity(merged.get("severity", "error")),
                params,
            )
        )
    return tuple(out)


class RulesError(ValueError):
    """A deck_rules.yaml file is malformed (a bug in the shipped data, not user input)."""


def rules_path(game: str) -> Any:
    return resources.files(f"cardscript.kernels.{game.replace('-', '_')}").joinpath(RULES_FILE)


@cache
def load_rules(game: str) -> RuleSet:
    if game not in GAMES:
        raise KeyError(game)
    path = rules_path(game)
    return rules_from_data(yaml.load(path.read_text("utf-8"), Loader=_LOADER), str(path))


def rules_from_data(data: Any, path: str) -> RuleSet:
    if not isinstance(data, dict):
        raise RulesError(f"{path}: a rules file is a mapping")
    formats = data.get("formats") or {}
    if not isinstance(formats, dict) or not formats:
        raise RulesError(f"{path}: formats must name at least one format")
    default = str(data.get("default_format") or next(iter(formats)))
    if default not in formats:
        raise RulesError(f"{path}: default_format {default!r} is not among the formats")
    specs = data.get("rules")
    if not isinstance(specs, list) or not specs:
        raise RulesError(f"{path}: rules must be a non-empty list")
    seen: set[str] = set()
    for spec in specs:
        if not isinstance(spec, dict) or any(k not in spec for k in _RULE_KEYS):
            raise RulesError(f"{path}: every rule needs {', '.join(_RULE_KEYS)}: {spec!r}")
        if spec["id"] in seen:
            raise RulesError(f"{path}: rule id {spec['id']} is used twice")
        seen.add(spec["id"])
        for fmt in [*(spec.get("formats") or []), *(spec.get("by_format") or {})]:
            if fmt not in formats:
                raise RulesError(f"{path}: rule {spec['id']} names unknown format {fmt!r}")
        Severity(spec.get("severity", "error"))  # raises on a misspelt severity
    return RuleSet(
        game=str(data.get("game")),
        title=str(data.get("title") or data.get("game")),
        source=str(data.get("source") or ""),
        default_format=default,
        formats={str(k): str(v) for k, v in formats.items()},
        specs=tuple(specs),
        params=data.get("params") or {},
        name_qualifiers=tuple(data.get("name_qualifiers") or ()),
        deck_fields=tuple(data.get("deck_fields") or ()),
        path=path,
    )


def deck_hooks(game: str) -> list[str]:
    """Every rule hook the game's deck rules let cards override."""
    found: dict[str, None] = {}
    for spec in load_rules(game).specs:
        for variant in (spec, *(spec.get("by_format") or {}).values()):
            for hook in (variant.get("hooks") or {}).values():
                found[str(hook)] = None
    return list(found)
