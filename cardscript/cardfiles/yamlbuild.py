"""Build plain data from a YAML event stream, keeping the source offsets of every node.

This replaces pyyaml's composer and constructor: both recurse (a deep ``[[[[`` file
would hit RecursionError) and neither can stop an alias bomb before expanding it.
Here depth and the expanded node count are checked as each event arrives.

Positions live in a *shadow tree* shaped like the data: a scalar's record is its
``Raw`` tuple, a collection's is ``(Raw, list or dict of child records)``. An alias
shares its anchor's shadow just as it shares the data, so it costs O(1) however much
it expands to; no paths are built while loading.
"""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from cardscript.cardfiles.yamlerrors import surrogate_escape
from cardscript.cardfiles.yamltext import LineIndex, tag_range
from cardscript.cardfiles.yamlvalues import (
    IMPLICIT,
    MAP,
    MAX_INT_DIGITS,
    PLAIN_VALUES_HINT,
    SEQ,
    is_digits,
    read_scalar,
    short_tag,
)
from cardscript.grammar.diagnostics import Diagnostic, Span, error, warning

Path = tuple[str | int, ...]
# (start, end, key start, key end, style, block scalar value); key offsets -1 if none.
Raw = tuple[int, int, int, int, str | None, str | None]
Record = Any  # Raw for a scalar, (Raw, list | dict of Record) for a collection

_PENDING, _MERGE, _SKIP, _IN_PROGRESS, _MISSING = (object() for _ in range(5))
_KINDS = {bool: "a boolean", int: "an integer", float: "a number", type(None): "null"}
_COMPLEX_KEY = "a mapping key must be a single value, not a list or mapping"
_WARNINGS = {"CS-Y007"}
_MAX_PER_CODE = 100


class Fatal(Exception):
    """Stops the build: the input is too big, too deep or otherwise unusable."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class _Frame:
    __slots__ = (
        "anchor", "count", "firsts", "flow", "height", "is_map", "items", "kend", "key",
        "kstart", "last_end", "merges", "own_key", "shadow", "start",
    )  # fmt: skip

    def __init__(self, is_map: bool, ev: Any, ks: int, ke: int, count: int) -> None:
        self.is_map = is_map
        self.items: Any = {} if is_map else []
        self.shadow: Any = {} if is_map else []  # child records, parallel to items
        self.own_key, self.count = (ks, ke), count
        self.start = self.last_end = _at(ev.start_mark)
        self.flow, self.anchor = ev.flow_style, ev.anchor
        self.key: Any = _PENDING  # or the key awaiting its value, _MERGE or _SKIP
        self.kstart = self.kend = -1
        self.height = 1
        self.merges: list[tuple[Any, Record, int, int]] = []
        self.firsts: dict[str, int] = {}  # repeated key -> offset of its first definition


class Builder:
    """Consumes one document's events into ``root`` (data) and ``record`` (positions)."""

    def __init__(self, lines: LineIndex, file: str, max_depth: int, max_nodes: int) -> None:
        self.lines, self.file = lines, file
        self.max_depth, self.max_nodes = max_depth, max_nodes
        self.count = 0  # nodes so far, aliases counted as fully expanded
        self.diagnostics: list[Diagnostic] = []
        self.per_code: dict[str, int] = {}
        # anchor -> (value, record, expanded size, height, key text) or _IN_PROGRESS
        self.anchors: dict[str, Any] = {}
        self.stack: list[_Frame] = []
        self.skip = 0  # depth inside a dropped complex key or its value
        self.after_skip: Any = _PENDING
        self.root: Any = None
        self.record: Record = None
        self.resolved: dict[str, Any] = {}  # plain scalar text -> value (repeats are common)

    # -- helpers -----------------------------------------------------------------------
    def span(self, start: int, end: int) -> Span:
        return self.lines.span(start, end, self.file)

    def problem(self, code: str, message: str, start: int, end: int, *hints: str) -> None:
        """Report at text[start:end]; past _MAX_PER_CODE of a code only count them, so a
        file of 4 million duplicate keys costs no more than one with a hundred."""
        seen = self.per_code[code] = self.per_code.get(code, 0) + 1
        if seen <= _MAX_PER_CODE:
            make = warning if code in _WARNINGS else error
            span = self.span(start, max(end, start + 1))
            diag = make(code, message, span, *hints)
            self.diagnostics.append(diag.at(span, self.lines.line(span.line)))

    def all_diagnostics(self) -> tuple[Diagnostic, ...]:
        """The diagnostics, each over-limit code closed by a count of the hidden ones."""
        out = list(self.diagnostics)
        for code, seen in self.per_code.items():
            if seen > _MAX_PER_CODE:
                last = next(d for d in reversed(self.diagnostics) if d.code == code)
                more = f"{seen - _MAX_PER_CODE:,} more problems like this are not shown"
                out.append(dataclasses.replace(last, message=more, hints=()))
        return tuple(out)

    def fatal(self, code: str, message: str, at: int, *hints: str) -> Fatal:
        span = self.span(at, at + 1)
        return Fatal(error(code, message, span, *hints).at(span, self.lines.line(span.line)))

    def grow(self, size: int, at: int, alias: bool) -> None:
        self.count += size
        if self.count > self.max_nodes:
            if alias:
                raise self.fatal(
                    "CS-Y004",
                    f"YAML aliases expand to more than {self.max_nodes:,} nodes",
                    at,
                    "each alias repeats its anchor's whole value, so nested aliases grow "
                    "exponentially",
                )
            raise self.fatal("CS-Y004", f"file has more than {self.max_nodes:,} YAML nodes", at)

    def tag_at(self, start: int, end: int) -> tuple[int, int]:
        """The node's ``!tag`` if it has one, else the node itself."""
        return tag_range(self.lines.text, start) or (start, end)

    def place(
        self, top: _Frame | None, value: Any, record: Record, end: int, height: int, size: int
    ) -> None:
        if top is None:
            self.root, self.record = value, record
            return
        if top.is_map:
            if top.key is _MERGE:
                top.merges.append((value, record, size, top.kstart))
            else:
                top.items[top.key] = value
                top.shadow[top.key] = record
            top.key = _PENDING
        else:
            top.items.append(value)
            top.shadow.append(record)
        top.last_end = end
        if height >= top.height:
            top.height = height + 1

    def skipping(self, top: _Frame | None) -> bool:
        """True while inside a dropped complex key or the value that follows it."""
        if self.skip:
            return True
        if top is not None and top.key is _SKIP:
            top.key = _PENDING
            return True
        return False

    # -- scalars -----------------------------------------------------------------------
    def construct(self, ev: ScalarEvent) -> Any:
        data, problem = read_scalar(ev.value, ev.tag, ev.implicit[0])
        if problem is not None:
            hint = PLAIN_VALUES_HINT if "not supported" in problem else ""
            where = self.tag_at(_at(ev.start_mark), _at(ev.end_mark))
            self.problem("CS-Y009", problem, *where, hint)
        return data

    def halves(self, ev: ScalarEvent, start: int, end: int) -> None:
        """CS-Y001 at an escape of a UTF-16 half; the value keeps U+FFFD in its place."""
        found = surrogate_escape(self.lines.text, start, end)
        if found is not None:
            at, stop, message, hint = found
            self.problem("CS-Y001", message, at, stop, hint)
            ev.value = ev.value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")

    def key(self, top: _Frame, value: Any, text: str, start: int, end: int) -> None:
        """Record a mapping key; a non-string key is used as its source text."""
        if not isinstance(value, str):
            kind = _KINDS.get(type(value), "not a string")
            shown = f"mapping key {text}" if text else "empty mapping key"
            message = f'{shown} is {kind} in YAML; it is used as the string "{text}"'
            self.problem("CS-Y007", message, start, end, f'quote it to keep it a string: "{text}"')
            value = text
        if value in top.shadow:
            self.duplicate(top, value, start, end)
        top.key, top.kstart, top.kend = value, start, end

    def duplicate(self, top: _Frame, key: str, start: int, end: int) -> None:
        if self.per_code.get("CS-Y003", 0) >= _MAX_PER_CODE:  # skip the line lookup
            self.per_code["CS-Y003"] += 1
            return
        previous = top.shadow[key]  # the latest definition; the message wants the first
        first = top.firsts.setdefault(key, (previous if len(previous) == 6 else previous[0])[2])
        line = self.lines.position(first)[0]
        self.problem("CS-Y003", f'duplicate key "{key}" (first defined at line {line})', start, end)

    def scalar(self, ev: ScalarEvent) -> None:
        top = self.stack[-1] if self.stack else None
        start, end = _at(ev.start_mark), _at(ev.end_mark)
        style = ev.style or None
        if style == '"' and self.lines.text.find("\\", start, end) >= 0:
            self.halves(ev, start, end)
        # Fast path (most events): an untagged, unanchored, non-empty value in a list or
        # after a string key; the same result as the general path, ~3x cheaper.
        if top is not None and start != end and not (ev.tag or ev.anchor or self.skip):
            key, is_map = top.key, top.is_map
            if not is_map or key is _PENDING or key.__class__ is str:
                value = ev.value
                if not ev.implicit[0] or value[:1] not in IMPLICIT:
                    data: Any = value
                elif is_digits(value) and len(value) <= MAX_INT_DIGITS:
                    data = int(value)
                else:  # implicit values never fail, so their results can be reused
                    data = self.resolved.get(value, _MISSING)
                    if data is _MISSING:
                        data = self.construct(ev)
                        if len(value) <= 32:
                            self.resolved[value] = data
                if key is _PENDING and is_map:
                    if data.__class__ is str and value != "<<":
                        if data in top.shadow:
                            self.duplicate(top, data, start, end)
                        top.key, top.kstart, top.kend = data, start, end
                        return
                else:
                    block = data if style == "|" or style == ">" else None
                    if is_map:
                        top.items[key] = data
                        top.shadow[key] = (start, end, top.kstart, top.kend, style, block)
                        top.key = _PENDING
                    else:
                        top.items.append(data)
                        top.shadow.append((start, end, -1, -1, style, block))
                    top.last_end = end
                    self.count += 1
                    if self.count > self.max_nodes:
                        self.grow(0, start, False)
                    return
        if self.skipping(top):
            return
        if start == end and style is None:  # an empty value: pin it just after its ':' or '-'
            text = self.lines.text
            while start > 0 and text[start - 1] in " \t":
                start -= 1
            end = start
        if top is not None and top.is_map and top.key is _PENDING:
            if style is None and ev.value == "<<" and ev.tag is None:
                top.key, top.kstart, top.kend = _MERGE, start, end
                return
            value = self.construct(ev)
            self.key(top, value, ev.value, start, end)
            if ev.anchor:
                raw: Any = (start, end, -1, -1, style, None)
                self.anchors[ev.anchor] = (value, raw, 1, 0, ev.value)
            return
        value = self.construct(ev)
        ks, ke = (top.kstart, top.kend) if top is not None and top.is_map else (-1, -1)
        block = value if style in ("|", ">") and isinstance(value, str) else None
        raw = (start, end, ks, ke, style, block)
        self.grow(1, start, False)
        if ev.anchor:
            self.anchors[ev.anchor] = (value, raw, 1, 0, ev.value)
        self.place(top, value, raw, end, 0, 1)

    # -- aliases -----------------------------------------------------------------------
    def alias(self, ev: AliasEvent) -> None:
        top = self.stack[-1] if self.stack else None
        if self.skipping(top):
            return
        start, end = _at(ev.start_mark), _at(ev.end_mark)
        target = self.anchors.get(ev.anchor or "")
        as_key = top is not None and top.is_map and top.key is _PENDING
        if target is None or target is _IN_PROGRESS:
            problem = "is not defined" if target is None else "refers to a node that contains it"
            self.problem("CS-Y010", f"alias *{ev.anchor} {problem}", start, end)
            if as_key:
                top.key = _SKIP  # type: ignore[union-attr]
                return
            target = (None, (start, end, -1, -1, None, None), 1, 0, None)
        value, found_record, size, height, key_text = target
        found_record = cast(Any, found_record)
        if as_key:
            assert top is not None
            if height:
                self.problem("CS-Y011", _COMPLEX_KEY, start, end)
                top.key = _SKIP
            else:
                self.key(top, value, key_text or "", start, end)
            return
        if len(self.stack) + height > self.max_depth:
            raise self.fatal(
                "CS-Y005",
                f"YAML nesting is deeper than {self.max_depth} levels once aliases are expanded",
                start,
            )
        self.grow(size, start, True)
        # Same node, but located under this alias's key.
        ks, ke = (top.kstart, top.kend) if top is not None and top.is_map else (-1, -1)
        record: Any
        if len(found_record) == 6:
            record = (found_record[0], found_record[1], ks, ke, found_record[4], found_record[5])
        else:
            record = ((found_record[0][0], found_record[0][1], ks, ke, None, None), found_record[1])
        self.place(top, value, record, end, height, size)

    # -- collections -------------------------------------------------------------------
    def open(self, ev: Any, is_map: bool) -> None:
        stack = self.stack
        top = stack[-1] if stack else None
        at = _at(ev.start_mark)
        if len(stack) + self.skip + 1 > self.max_depth:
            raise self.fatal("CS-Y005", f"YAML nesting is deeper than {self.max_depth} levels", at)
        if self.skip:
            self.skip += 1
            return
        if top is not None and (top.key is _SKIP or (top.is_map and top.key is _PENDING)):
            if top.key is _PENDING:
                self.problem("CS-Y011", _COMPLEX_KEY, at, at + 1)
            self.after_skip = _SKIP if top.key is _PENDING else _PENDING
            self.skip = 1
            return
        tag = ev.tag
        if tag not in (None, "!", MAP if is_map else SEQ):
            kind = "mapping" if is_map else "list"
            message = f"tag {short_tag(tag)} is not supported on a {kind}"
            self.problem("CS-Y009", message, *self.tag_at(at, at + 1), PLAIN_VALUES_HINT)
        ks, ke = (top.kstart, top.kend) if top is not None and top.is_map else (-1, -1)
        stack.append(_Frame(is_map, ev, ks, ke, self.count))
        self.grow(1, at, False)
        if ev.anchor:
            self.anchors[ev.anchor] = _IN_PROGRESS

    def close(self, ev: Any) -> None:
        if self.skip:
            self.skip -= 1
            if not self.skip:
                self.stack[-1].key = self.after_skip
            return
        frame = self.stack.pop()
        if frame.merges:
            self.merge(frame)
        end = _at(ev.end_mark) if frame.flow else frame.last_end
        ks, ke = frame.own_key
        record = ((frame.start, end, ks, ke, None, None), frame.shadow)
        size = self.count - frame.count
        if frame.anchor:
            self.anchors[frame.anchor] = (frame.items, record, size, frame.height, None)
        top = self.stack[-1] if self.stack else None
        self.place(top, frame.items, record, end, frame.height, size)

    def merge(self, frame: _Frame) -> None:
        """Apply ``<<`` merge keys: explicit keys win, then earlier sources win."""
        items, shadow = frame.items, frame.shadow
        for value, record, size, at in frame.merges:
            sources = [(value, record[1])] if isinstance(value, dict) else None
            if isinstance(value, list) and all(isinstance(v, dict) for v in value):
                sources = [(v, record[1][i][1]) for i, v in enumerate(value)]
            if sources is None:
                message = "a merge key (<<) needs a mapping or a list of mappings"
                self.problem("CS-Y010", message, at, at + 2)
                continue
            self.grow(size, at, True)
            for source, positions in sources:
                for key, item in source.items():
                    if key not in items:
                        items[key] = item
                        shadow[key] = positions[key]

    # -- driver ------------------------------------------------------------------------
    def run(self, parser: Any) -> Any:
        """Build the first document; report a second one (CS-Y008). Returns the data."""
        get = parser.get_event
        get()  # StreamStartEvent
        if isinstance(get(), StreamEndEvent):
            return None
        scalar, alias, open_, close = self.scalar, self.alias, self.open, self.close
        while True:
            ev = get()
            cls = ev.__class__
            if cls is ScalarEvent:
                scalar(ev)
            elif cls is MappingStartEvent:
                open_(ev, True)
            elif cls is SequenceStartEvent:
                open_(ev, False)
            elif cls is MappingEndEvent or cls is SequenceEndEvent:
                close(ev)
            elif cls is AliasEvent:
                alias(ev)
            elif cls is DocumentEndEvent:
                break
        ev = get()
        if isinstance(ev, DocumentStartEvent):
            at = _at(ev.start_mark)
            width = 3 if self.lines.text.startswith("---", at) else 1
            message = "a card file holds one YAML document, but a second one starts here"
            self.problem("CS-Y008", message, at, at + width, "split the documents into files")
        return self.root


def _at(mark: Any) -> int:
    """A mark's offset (pyyaml's parser always sets marks on events)."""
    return int(mark.index) if mark is not None else 0
