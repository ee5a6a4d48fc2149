"""Turn JSON Schema validation errors into plain-words diagnostics at the YAML node.

| code | meaning |
|---|---|
| CS-C004 | a required field is missing |
| CS-C005 | a field that this card type does not have (often a misspelling) |
| CS-C006 | a value that is not one of the allowed words |
| CS-C007 | a value of the wrong kind (text where a number belongs…) |
| CS-C008 | a number out of range |
| CS-C009 | a value of the wrong form (pattern, length, list size) |
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from jsonschema.exceptions import ValidationError, best_match

from cardscript.grammar.diagnostics import (
    Diagnostic,
    Span,
    article,
    closest,
    did_you_mean,
    error,
)
from cardscript.wording import plural

_KINDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping of fields",
    "null": "empty",
}


def _kind_of(value: Any) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "a mapping of fields"


def _field(path: Sequence[Any]) -> str:
    for part in reversed(path):
        if isinstance(part, str):
            return part
    return "value"


def _card_type(instance: Any, path: tuple[Any, ...] = ()) -> str:
    if not path:  # the file's own fields ("game", "set", "cards")
        return "this card file"
    if isinstance(instance, dict) and isinstance(instance.get("type"), str):
        kind = instance["type"].replace("_", " ")
        return f"{article(kind)} {kind}" + ("" if kind.endswith(" card") else " card")
    return "this card"


def _leaves(errors: Iterable[ValidationError]) -> Iterator[ValidationError]:
    """Descend into anyOf/oneOf to the error that explains the problem best."""
    for e in errors:
        if e.validator in ("anyOf", "oneOf") and e.context:
            yield from _leaves([best_match(e.context)])
        else:
            yield e


def schema_diagnostics(
    errors: Iterable[ValidationError],
    doc: Any,
    name_of: Callable[[Any, tuple[Any, ...]], str] | None = None,
) -> list[Diagnostic]:
    """Diagnostics for every schema error; ``doc`` is the YamlDocument (for positions);
    ``name_of(object, its path)`` names the object a field is missing from or foreign to
    ("this card", the default)."""
    out: list[Diagnostic] = []
    seen: set[tuple[str, tuple[Any, ...], str]] = set()
    leaves = list(_leaves(errors))
    misspelt = _misspelt_required(leaves)
    for e in leaves:
        path = tuple(e.absolute_path)
        # one "required" error per missing field, but each explains every field missing
        # there (``_explain``): the first alone is kept
        key = (str(e.validator), path, "" if e.validator == "required" else e.message)
        if key in seen:
            continue
        seen.add(key)
        # (two rules can tell the same: an empty name breaks its length and its form)
        told = _explain(e, path, doc, name_of or _card_type, misspelt.get(path, set()))
        out.extend(d for d in told if d not in out)
    return out


def _misspelt_required(leaves: Sequence[ValidationError]) -> dict[tuple[Any, ...], set[str]]:
    """By object path, the missing required fields that a foreign field there spells
    nearly ("ATK" for "atk"): its CS-C005 "did you mean" tells it, so no CS-C004 too."""
    out: dict[tuple[Any, ...], set[str]] = {}
    for e in leaves:
        if e.validator != "additionalProperties" or not isinstance(e.instance, dict):
            continue
        allowed = set((e.schema or {}).get("properties", {}))
        for name in e.instance:
            if name not in allowed:
                meant = closest(str(name), allowed)
                if meant is not None:
                    out.setdefault(tuple(e.absolute_path), set()).add(meant)
    return out


def _explain(
    e: ValidationError,
    path: tuple[Any, ...],
    doc: Any,
    name_of: Callable[[Any, tuple[Any, ...]], str],
    misspelt: set[str],
) -> list[Diagnostic]:
    v = e.validator
    field = _field(path)
    where = doc.span_of(path)
    if v == "required":
        missing = [
            p
            for p in e.validator_value
            if isinstance(e.instance, dict) and p not in e.instance and p not in misspelt
        ]
        return [
            error(
                "CS-C004",
                f'{name_of(e.instance, path)} needs the field "{name}"',
                where,
                f'perhaps try adding "{name}: …"',
            )
            for name in missing
        ]
    if v == "additionalProperties":
        allowed = set((e.schema or {}).get("properties", {}))
        extra = [k for k in (e.instance or {}) if k not in allowed]
        return [
            error(
                "CS-C005",
                f'{name_of(e.instance, path)} has no field "{name}"',
                doc.key_span_of((*path, name)),
                did_you_mean(str(name), allowed) or "allowed fields: " + ", ".join(sorted(allowed)),
            )
            for name in extra
        ]
    if v in ("enum", "const"):
        choices = list(e.validator_value) if v == "enum" else [e.validator_value]
        shown = ", ".join(str(c) for c in choices[:12]) + (", …" if len(choices) > 12 else "")
        what = "card type" if field == "type" else f'value for "{field}"'
        return [
            error(
                "CS-C006",
                f'"{e.instance}" is not a {what}; expected {shown}',
                where,
                did_you_mean(str(e.instance), [str(c) for c in choices]),
            )
        ]
    if v == "type":
        wanted = e.validator_value if isinstance(e.validator_value, list) else [e.validator_value]
        words = " or ".join(_KINDS.get(str(w), str(w)) for w in wanted)
        return [
            error(
                "CS-C007",
                f'"{field}" must be {words}, not {_kind_of(e.instance)}',
                where,
                _type_hint(e.instance, wanted),
            )
        ]
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
        bound = {
            "minimum": "at least",
            "maximum": "at most",
            "exclusiveMinimum": "more than",
            "exclusiveMaximum": "less than",
            "multipleOf": "a multiple of",
        }[str(v)]
        return [
            error(
                "CS-C008", f'"{field}" must be {bound} {e.validator_value}, not {e.instance}', where
            )
        ]
    if v == "pattern":
        said = e.schema.get("description") if isinstance(e.schema, dict) else None
        return [_pattern_error(field, str(e.instance), str(e.validator_value), where, said)]
    if v in ("minLength", "maxLength", "minItems", "maxItems", "uniqueItems"):
        text = {
            "minLength": "must not be empty"
            if e.validator_value == 1
            else f"must not be shorter than {plural(e.validator_value, 'character')}",
            "maxLength": f"must not be longer than {plural(e.validator_value, 'character')}",
            "minItems": f"needs at least {plural(e.validator_value, 'item')}",
            "maxItems": f"takes at most {plural(e.validator_value, 'item')}",
            "uniqueItems": "must not list the same item twice",
        }[str(v)]
        return [error("CS-C009", f'"{field}" {text}', where)]
    if v == "not":
        return [error("CS-C005", f'"{field}" is not allowed here', where)]
    return [error("CS-C010", f'"{field}": {e.message}', where)]


_TRIMMED = "^\\S(.*\\S)?$"  # names and other words: not empty, no space at either end
_ID = "^[A-Za-z0-9][A-Za-z0-9_.-]*$"  # ids and set codes


def _pattern_error(
    field: str, value: str, pattern: str, where: Span | None, said: str | None = None
) -> Diagnostic:
    """A value of the wrong form, told in words for the schemas' common forms (an author
    should not have to read a regular expression), else in the schema's ``description``."""
    if pattern == _TRIMMED:
        if not value.strip():
            return error("CS-C009", f'"{field}" must not be empty', where)
        return error(
            "CS-C009",
            f'"{field}" must not start or end with a space: "{value}"',
            where,
            f'perhaps try "{value.strip()}"',
        )
    if pattern == _ID:
        kept = re.sub(r"[^A-Za-z0-9_.-]+", "-", value.strip()).strip("-_.")
        return error(
            "CS-C009",
            f'"{field}" may only hold letters, digits, "_", "." and "-", and must start with '
            f'a letter or a digit: "{value}"',
            where,
            f'perhaps try "{kept}"' if kept else "",
        )
    return error(
        "CS-C009",
        f'"{field}" has the wrong form: "{value}"',
        where,
        said or f"it must match {pattern}",
    )


def _type_hint(instance: Any, wanted: list[str]) -> str:
    if "integer" in wanted and isinstance(instance, str) and instance.strip().lstrip("-").isdigit():
        return f"perhaps try {instance.strip()} without quotes"
    if "string" in wanted and isinstance(instance, (int, float, bool)):
        return f'perhaps try "{instance}" in quotes'
    return ""
