"""Read one YAML scalar as a plain value, as pyyaml's SafeLoader would.

The one difference: timestamps stay strings, so loaded data is always JSON-like.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import ScalarNode

Y = "tag:yaml.org,2002:"
MAP, SEQ = Y + "map", Y + "seq"
_STR, _INT, _FLOAT, _BOOL, _NULL = (Y + t for t in ("str", "int", "float", "bool", "null"))
# Tags whose values stay as written ("!" is the non-specific tag of quoted scalars).
_AS_TEXT = {_STR, "!", Y + "timestamp", Y + "merge", Y + "value"}
# First character -> [(tag, regexp)]: the implicit resolvers SafeLoader uses.
IMPLICIT = yaml.SafeLoader.yaml_implicit_resolvers
MAX_INT_DIGITS = 4300  # Python's own str->int limit; also caps sexagesimal's quadratic cost
_CONSTRUCTOR = SafeConstructor()
# The float form where float() agrees with pyyaml's constructor (which costs ~4 µs a call).
_PLAIN_FLOAT = re.compile(r"[-+]?[0-9]+\.[0-9]*(?:[eE][-+][0-9]+)?\Z")
# No int, float or timestamp holds any other character.
_NOT_NUMERIC = re.compile(r"[^0-9_:.+\-a-fA-FxXtTzZ \t]")
PLAIN_VALUES_HINT = "use plain strings, numbers, booleans, null, lists and mappings"


def short_tag(tag: str) -> str:
    return "!!" + tag[len(Y) :] if tag.startswith(Y) else tag


def is_digits(value: str) -> bool:
    """A plain decimal that int() reads exactly as pyyaml would (no sign, no leading 0)."""
    return value.isascii() and value.isdigit() and (value[0] != "0" or value == "0")


def read_scalar(value: str, tag: str | None, plain: bool) -> tuple[Any, str | None]:
    """(data, problem): on a problem (an unsupported tag, or text its tag cannot read)
    the data is the text itself and problem is a one-sentence message."""
    if tag is None or tag == "!":
        if tag == "!" or not plain:
            return value, None
        tag = _STR
        resolvers = IMPLICIT.get(value[:1], ())
        if len(value) > MAX_INT_DIGITS:
            # Only absurd values get here, where the resolvers' backtracking costs ~0.1 µs
            # a character: skip those that cannot match (every float has a ".").
            if _NOT_NUMERIC.search(value):
                return value, None
            resolvers = [(t, r) for t, r in resolvers if t != _FLOAT or "." in value]
        for candidate, regexp in resolvers:
            if regexp.match(value):
                tag = candidate
                break
    if tag in _AS_TEXT:
        return value, None
    try:
        if tag == _INT:
            if len(value) > MAX_INT_DIGITS:
                return value, f"number has more than {MAX_INT_DIGITS:,} digits"
            if is_digits(value):
                return int(value), None
            return _CONSTRUCTOR.construct_yaml_int(ScalarNode(tag, value)), None
        if tag == _FLOAT:
            if _PLAIN_FLOAT.match(value):
                return float(value), None
            return _CONSTRUCTOR.construct_yaml_float(ScalarNode(tag, value)), None
        if tag == _NULL:
            return None, None
        if tag == _BOOL:
            return SafeConstructor.bool_values[value.lower()], None
    except (ValueError, KeyError, ArithmeticError):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return value, f'"{shown}" is not a valid {short_tag(tag)}'
    return value, f"tag {short_tag(tag)} is not supported"
