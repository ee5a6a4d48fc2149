"""A compiled yes/no check for our card schemas, so valid files skip jsonschema entirely.

jsonschema walks the schema afresh for every instance; compiling the (draft-07 subset of
the) schema into nested closures once makes the common case, a valid file, several times
cheaper. Only when this check says "invalid" does validate ask jsonschema for the errors,
so every message still comes from jsonschema. A keyword this compiler does not know makes
``compile_schema`` return None, and the caller uses jsonschema alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

Check = Callable[[Any], bool]

_IGNORED = frozenset(
    {
        "$schema",
        "$id",
        "title",
        "description",
        "default",
        "examples",
        "definitions",
        "$comment",
        "markdownDescription",
    }
)


class _Unsupported(Exception):
    pass


def compile_schema(schema: Mapping[str, Any]) -> Check | None:
    """A function telling whether an instance is valid, or None if the schema uses a
    keyword this compiler does not handle."""
    compiled: dict[str, Check] = {}

    def ref(pointer: str) -> Check:
        """A JSON pointer into this schema ("definitions/card/properties/type"), compiled
        once on first use so that recursive definitions work."""

        def check(value: Any) -> bool:
            found = compiled.get(pointer)
            if found is None:
                found = compiled[pointer] = build(_resolve(schema, pointer))
            return found(value)

        _resolve(schema, pointer)  # an unresolvable $ref fails at compile time
        return check

    def build(node: Any) -> Check:
        if node is True or node == {}:
            return lambda v: True
        if node is False:
            return lambda v: False
        if not isinstance(node, Mapping):
            raise _Unsupported(repr(node))
        checks: list[Check] = []
        for key, arg in node.items():
            if key in _IGNORED:
                continue
            maker = _KEYWORDS.get(key)
            if maker is None:
                if key in ("then", "else"):
                    continue  # handled with "if"
                raise _Unsupported(key)
            checks.append(maker(arg, node, build, ref))
        if len(checks) == 1:
            return checks[0]
        return lambda v: all(c(v) for c in checks)

    try:
        return build(schema)
    except _Unsupported:
        return None


def _resolve(schema: Mapping[str, Any], pointer: str) -> Any:
    node: Any = schema
    for part in pointer.split("/") if pointer else []:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise _Unsupported(f"$ref {pointer}")
    return node


def _is_int(v: Any) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool)) or (
        isinstance(v, float) and v.is_integer()
    )


_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": _is_int,
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def _type(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    names = arg if isinstance(arg, list) else [arg]
    tests = [_TYPES[n] for n in names]
    return lambda v: any(t(v) for t in tests)


def _enum(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    allowed = list(arg)
    return lambda v: any(_same(v, a) for a in allowed)


def _const(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    return lambda v: _same(v, arg)


def _same(a: Any, b: Any) -> bool:
    # JSON Schema equality: true is not 1, 1.0 is 1
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    return bool(a == b)


def _required(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    names = list(arg)
    return lambda v: not isinstance(v, dict) or all(n in v for n in names)


def _properties(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    compiled = {name: build(sub) for name, sub in arg.items()}
    return lambda v: (
        not isinstance(v, dict) or all(compiled[k](x) for k, x in v.items() if k in compiled)
    )


def _additional(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    known = set(node.get("properties", {}))
    patterns = [re.compile(p) for p in node.get("patternProperties", {})]
    extra = build(arg)

    def check(v: Any) -> bool:
        if not isinstance(v, dict):
            return True
        return all(
            extra(x)
            for k, x in v.items()
            if k not in known and not any(p.search(k) for p in patterns)
        )

    return check


def _pattern_properties(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    compiled = [(re.compile(p), build(sub)) for p, sub in arg.items()]
    return lambda v: (
        not isinstance(v, dict)
        or all(check(x) for k, x in v.items() for p, check in compiled if p.search(k))
    )


def _items(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    if isinstance(arg, list):
        raise _Unsupported("tuple items")
    each = build(arg)
    return lambda v: not isinstance(v, list) or all(each(x) for x in v)


def _number(op: Callable[[Any, Any], bool]) -> Any:
    def make(arg: Any, node: Any, build: Any, ref: Any) -> Check:
        return lambda v: not _TYPES["number"](v) or op(v, arg)

    return make


def _multiple_of(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    def check(v: Any) -> bool:
        # exactly as jsonschema decides it (float division for a float divisor, else %)
        if not _TYPES["number"](v):
            return True
        if isinstance(arg, float):
            quotient = v / arg
            try:
                return bool(int(quotient) == quotient)
            except OverflowError:
                return False
        return not (v % arg)

    return check


def _length(op: Callable[[int, int], bool], kind: type) -> Any:
    def make(arg: Any, node: Any, build: Any, ref: Any) -> Check:
        return lambda v: not isinstance(v, kind) or op(len(v), arg)  # type: ignore[arg-type]

    return make


def _pattern(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    regex = re.compile(arg)
    return lambda v: not isinstance(v, str) or regex.search(v) is not None


def _unique(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    if not arg:
        return lambda v: True

    def check(v: Any) -> bool:
        if not isinstance(v, list):
            return True
        seen: list[Any] = []
        for item in v:
            if any(_same(item, s) for s in seen):
                return False
            seen.append(item)
        return True

    return check


def _all_of(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    parts = [build(sub) for sub in arg]
    return lambda v: all(p(v) for p in parts)


def _any_of(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    parts = [build(sub) for sub in arg]
    return lambda v: any(p(v) for p in parts)


def _one_of(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    parts = [build(sub) for sub in arg]
    return lambda v: sum(1 for p in parts if p(v)) == 1


def _not(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    inner = build(arg)
    return lambda v: not inner(v)


def _if(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    condition = build(arg)
    then = build(node.get("then", True))
    otherwise = build(node.get("else", True))
    return lambda v: then(v) if condition(v) else otherwise(v)


def _ref(arg: Any, node: Any, build: Any, ref: Any) -> Check:
    if not isinstance(arg, str) or not arg.startswith("#"):
        raise _Unsupported(f"$ref {arg}")
    result: Check = ref(arg[1:].lstrip("/"))
    return result


_KEYWORDS: dict[str, Callable[..., Check]] = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "required": _required,
    "properties": _properties,
    "additionalProperties": _additional,
    "patternProperties": _pattern_properties,
    "items": _items,
    "minimum": _number(lambda v, a: v >= a),
    "maximum": _number(lambda v, a: v <= a),
    "exclusiveMinimum": _number(lambda v, a: v > a),
    "exclusiveMaximum": _number(lambda v, a: v < a),
    "multipleOf": _multiple_of,
    "minLength": _length(lambda n, a: n >= a, str),
    "maxLength": _length(lambda n, a: n <= a, str),
    "minItems": _length(lambda n, a: n >= a, list),
    "maxItems": _length(lambda n, a: n <= a, list),
    "minProperties": _length(lambda n, a: n >= a, dict),
    "maxProperties": _length(lambda n, a: n <= a, dict),
    "pattern": _pattern,
    "uniqueItems": _unique,
    "allOf": _all_of,
    "anyOf": _any_of,
    "oneOf": _one_of,
    "not": _not,
    "if": _if,
    "$ref": _ref,
}
