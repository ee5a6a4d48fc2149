"""Build plain data from a YAML event stream, keeping the source offsets of every node.

This replaces pyyaml's composer and constructor: both recurse (a deep ``[[[[`` file
would hit RecursionError) and neither can stop an alias bomb before it has been
expanded. Here nesting depth and the expanded node count are checked as each event
arrives, so hostile input costs at most ``max_nodes`` steps.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import SafeConstructor
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
from yaml.nodes import ScalarNode

from cardscript.cardfiles.yamltext import LineIndex
from cardscript.grammar.diagnostics import Diagnostic, Span, error, warning

Path = tuple[str | int, ...]
# (start, end, key start, key end, style, block scalar value); key offsets -1 if none.
Raw = tuple[int, int, int, int, str | None, str | None]

_Y = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_Y + t for t in ("str", "int", "float", "bool", "null"))
# Tags whose values stay strings: timestamps are kept as written (data must stay JSON-like).
_AS_TEXT = {_STR, "!", _Y + "timestamp", _Y + "merge", _Y + "value"}
_IMPLICIT = yaml.SafeLoader.yaml_implicit_resolvers
_CONSTRUCTOR = SafeConstructor()
_MAX_INT_DIGITS = 4300  # Python's own str->int limit; also caps sexagesimal's quadratic cost

_PENDING, _MERGE, _SKIP, _IN_PROGRESS = object(), object(), object(), object()
_KINDS = {bool: "a boolean", int: "an integer", float: "a number", type(None): "null"}


class Fatal(Exception):
    """Stops the build: the input is too big, too deep or otherwise unusable."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def short_tag(tag: str) -> str:
    return "!!" + tag[len(_Y) :] if tag.startswith(_Y) else tag


class _Frame:
    __slots__ = ("anchor", "entry", "flow", "height", "is_map", "items", "key", "kend")
    __slots__ += ("kstart", "last_end", "merges", "path", "seen", "start")

    def __init__(self, is_map: bool, path: Path, entry: int, ev: Any, ks: int, ke: int) -> None:
        self.is_map = is_map
        self.items: Any = {} if is_map else []
        self.path, self.entry, self.kstart, self.kend = path, entry, ks, ke
        self.start = self.last_end = ev.start_mark.index
        self.flow, self.anchor = ev.flow_style, ev.anchor
        self.key: Any = _PENDING
        self.height = 1
        self.seen: dict[str, int] = {}
        self.merges: list[tuple[Any, Path, int, int, int]] = []


class Builder:
    """Consumes one document's events; ``entries`` lists (path, Raw) in document order."""

    def __init__(self, lines: LineIndex, file: str, max_depth: int, max_nodes: int) -> None:
        self.lines, self.file = lines, file
        self.max_depth, self.max_nodes = max_depth, max_nodes
        self.entries: list[tuple[Path, Raw | None]] = []
        self.diagnostics: list[Diagnostic] = []
        # anchor -> (value, path, first entry, end entry, height, key text) or _IN_PROGRESS
        self.anchors: dict[str, Any] = {}
        self.stack: list[_Frame] = []
        self.skip = 0  # depth inside a skipped (unusable) key or its value
        self.after_skip: Any = _PENDING
        self.root: Any = None

    # -- helpers -----------------------------------------------------------------------
    def span(self, start: int, end: int) -> Span:
        return self.lines.span(start, end, self.file)

    def report(self, diag: Diagnostic) -> None:
        if diag.span is not None:
            diag = diag.at(diag.span, self.lines.line(diag.span.line))
        self.diagnostics.append(diag)

    def fatal(self, code: str, message: str, at: int, *hints: str) -> Fatal:
        span = self.span(at, at + 1)
        return Fatal(error(code, message, span, *hints).at(span, self.lines.line(span.line)))

    def tag_span(self, start: int) -> Span:
        text = self.lines.text
        bang = text.find("!", start, start + 1024)
        end = bang
        while 0 <= end < len(text) and not text[end].isspace():
            end += 1
        return self.span(bang, end) if bang >= 0 else self.span(start, start + 1)

    def add_entry(self, path: Path, raw: Raw | None) -> None:
        self.entries.append((path, raw))
        if len(self.entries) > self.max_nodes:
            start = raw[0] if raw else 0
            raise self.fatal("CS-Y004", f"file has more than {self.max_nodes:,} YAML nodes", start)

    def slot(self, top: _Frame | None) -> tuple[Path, int, int]:
        """Path and key offsets for the node about to be placed."""
        if top is None:
            return (), -1, -1
        if not top.is_map:
            return (*top.path, len(top.items)), -1, -1
        return (*top.path, "<<" if top.key is _MERGE else top.key), top.kstart, top.kend

    def place(self, top: _Frame | None, value: Any, path: Path, first: int, end: int, h: int) -> None:
        if top is None:
            self.root = value
            return
        if top.is_map:
            if top.key is _MERGE:
                top.merges.append((value, path, first, len(self.entries), top.kstart))
            else:
                top.items[top.key] = value
            top.key = _PENDING
        else:
            top.items.append(value)
        top.last_end = end
        if h + 1 > top.height:
            top.height = h + 1

    # -- scalars -----------------------------------------------------------------------
    def construct(self, ev: ScalarEvent) -> Any:
        value, tag = ev.value, ev.tag
        if tag is None or tag == "!":
            if tag == "!" or not ev.implicit[0]:
                return value
            tag = _STR
            for candidate, regexp in _IMPLICIT.get(value[:1], ()):
                if regexp.match(value):
                    tag = candidate
                    break
        if tag in _AS_TEXT:
            return value
        try:
            if tag == _NULL:
                return None
            if tag == _BOOL:
                return SafeConstructor.bool_values[value.lower()]
            if tag == _INT:
                if len(value) > _MAX_INT_DIGITS:
                    raise ValueError("too many digits")
                return _CONSTRUCTOR.construct_yaml_int(ScalarNode(tag, value))
            if tag == _FLOAT:
                return _CONSTRUCTOR.construct_yaml_float(ScalarNode(tag, value))
        except (ValueError, KeyError, ArithmeticError):
            shown = value if len(value) <= 40 else value[:37] + "..."
            self.report(error("CS-Y009", f'"{shown}" is not a valid {short_tag(tag)}',
                              self.tag_span(ev.start_mark.index)))  # fmt: skip
            return value
        self.report(error("CS-Y009", f"tag {short_tag(tag)} is not supported in card files",
                          self.tag_span(ev.start_mark.index),
                          "use plain strings, numbers, booleans, null, lists and mappings"))  # fmt: skip
        return value

    def key(self, top: _Frame, value: Any, text: str, start: int, end: int) -> None:
        """Record a mapping key; non-string keys are read as their source text."""
        if not isinstance(value, str):
            kind = _KINDS.get(type(value), "not a string")
            shown = f"mapping key {text}" if text else "empty mapping key"
            self.report(warning("CS-Y007", f'{shown} is {kind} in YAML; it is used as the string "{text}"',
                                self.span(start, end), f'quote it to keep it a string: "{text}"'))  # fmt: skip
            value = text
        first = top.seen.get(value)
        if first is not None:
            line = self.lines.position(first)[0]
            self.report(error("CS-Y003", f'duplicate key "{value}" (first defined at line {line})',
                              self.span(start, end)))  # fmt: skip
        else:
            top.seen[value] = start
        top.key, top.kstart, top.kend = value, start, end

    def scalar(self, ev: ScalarEvent) -> None:
        stack = self.stack
        top = stack[-1] if stack else None
        if self.skip or (top is not None and top.key is _SKIP):
            if not self.skip:
                top.key = _PENDING  # type: ignore[union-attr]
            return
        start, end = ev.start_mark.index, ev.end_mark.index
        style = ev.style or None
        if start == end and style is None:  # empty value: pin it just after its ':' or '-'
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
                self.anchors[ev.anchor] = (value, (), 0, 0, 0, ev.value)
            return
        value = self.construct(ev)
        path, ks, ke = self.slot(top)
        block = value if style in ("|", ">") and isinstance(value, str) else None
        first = len(self.entries)
        self.add_entry(path, (start, end, ks, ke, style, block))
        if ev.anchor:
            self.anchors[ev.anchor] = (value, path, first, first + 1, 0, ev.value)
        self.place(top, value, path, first, end, 0)

    # -- aliases -----------------------------------------------------------------------
    def alias(self, ev: AliasEvent) -> None:
        top = self.stack[-1] if self.stack else None
        if self.skip or (top is not None and top.key is _SKIP):
            if not self.skip:
                top.key = _PENDING  # type: ignore[union-attr]
            return
        start, end = ev.start_mark.index, ev.end_mark.index
        target = self.anchors.get(ev.anchor)
        as_key = top is not None and top.is_map and top.key is _PENDING
        if target is None or target is _IN_PROGRESS:
            problem = "is not defined" if target is None else "refers to a node that contains it"
            self.report(error("CS-Y010", f"alias *{ev.anchor} {problem}", self.span(start, end)))
            if as_key:
                top.key = _SKIP  # type: ignore[union-attr]
                return
            target = (None, (), 0, 0, 0, None)
        value, base, first, stop, height, key_text = target
        if as_key:
            assert top is not None
            if stop - first > 1 or height:
                self.report(error("CS-Y011", "a mapping key must be a single value, not a list "
                                  "or mapping", self.span(start, end)))  # fmt: skip
                top.key = _SKIP
            else:
                self.key(top, value, key_text or "", start, end)
            return
        path, ks, ke = self.slot(top)
        if len(self.entries) + (stop - first) > self.max_nodes:
            raise self.fatal("CS-Y004", f"YAML aliases expand to more than {self.max_nodes:,} "
                             "nodes", start, "each alias repeats its anchor's whole value; "
                             "nested aliases grow exponentially")  # fmt: skip
        if len(self.stack) + height > self.max_depth:
            raise self.fatal("CS-Y005", f"YAML nesting is deeper than {self.max_depth} levels "
                             "once aliases are expanded", start)  # fmt: skip
        here = len(self.entries)
        if stop == first:  # unresolved alias: a null at the alias itself
            self.add_entry(path, (start, end, ks, ke, None, None))
        else:
            cut = len(base)
            for number, (sub, raw) in enumerate(self.entries[first:stop]):
                if number == 0 and raw is not None:
                    raw = (raw[0], raw[1], ks, ke, raw[4], raw[5])
                self.entries.append(((*path, *sub[cut:]), raw))
        self.place(top, value, path, here, end, height)

    # -- collections -------------------------------------------------------------------
    def open(self, ev: Any, is_map: bool) -> None:
        stack = self.stack
        top = stack[-1] if stack else None
        if len(stack) + self.skip + 1 > self.max_depth:
            raise self.fatal("CS-Y005", f"YAML nesting is deeper than {self.max_depth} levels",
                             ev.start_mark.index)  # fmt: skip
        if self.skip:
            self.skip += 1
            return
        if top is not None and (top.key is _SKIP or (top.is_map and top.key is _PENDING)):
            if top.key is _PENDING:
                self.report(error("CS-Y011", "a mapping key must be a single value, not a list "
                                  "or mapping", self.span(ev.start_mark.index,
                                                          ev.start_mark.index + 1)))  # fmt: skip
            self.after_skip = _SKIP if top.key is _PENDING else _PENDING
            self.skip = 1
            return
        tag = ev.tag
        if tag not in (None, "!", _Y + ("map" if is_map else "seq")):
            kind = "mapping" if is_map else "list"
            self.report(error("CS-Y009", f"tag {short_tag(tag)} is not supported on a {kind} "
                              "in card files", self.tag_span(ev.start_mark.index)))  # fmt: skip
        path, ks, ke = self.slot(top)
        frame = _Frame(is_map, path, len(self.entries), ev, ks, ke)
        self.add_entry(path, None)  # filled in when the collection closes
        if ev.anchor:
            self.anchors[ev.anchor] = _IN_PROGRESS
        stack.append(frame)

    def close(self, ev: Any) -> None:
        if self.skip:
            self.skip -= 1
            if not self.skip:
                self.stack[-1].key = self.after_skip
            return
        frame = self.stack.pop()
        if frame.merges:
            self.merge(frame)
        end = ev.end_mark.index if frame.flow else frame.last_end
        self.entries[frame.entry] = (frame.path, (frame.start, end, frame.kstart, frame.kend,
                                                  None, None))  # fmt: skip
        if frame.anchor:
            self.anchors[frame.anchor] = (frame.items, frame.path, frame.entry,
                                          len(self.entries), frame.height, None)  # fmt: skip
        top = self.stack[-1] if self.stack else None
        self.place(top, frame.items, frame.path, frame.entry, end, frame.height)

    def merge(self, frame: _Frame) -> None:
        """Apply ``<<`` merge keys: explicit keys win, then earlier sources win."""
        items = frame.items
        for value, path, first, stop, at in frame.merges:
            sources = [(value, path)] if isinstance(value, dict) else None
            if isinstance(value, list) and all(isinstance(v, dict) for v in value):
                sources = [(v, (*path, i)) for i, v in enumerate(value)]
            if sources is None:
                self.report(error("CS-Y010", "a merge key (<<) needs a mapping or a list of "
                                  "mappings", self.span(at, at + 2)))  # fmt: skip
                continue
            chosen: dict[Path, str] = {}
            for source, where in sources:
                for key, item in source.items():
                    if key not in items:
                        items[key] = item
                        chosen[(*where, key)] = key
            width = len(sources[0][1]) + 1
            for sub, raw in self.entries[first:stop]:
                key = chosen.get(sub[:width]) if len(sub) >= width else None
                if key is not None:
                    self.add_entry((*frame.path, key, *sub[width:]), raw)

    # -- driver ------------------------------------------------------------------------
    def run(self, parser: Any) -> Any:
        """Build the first document; report a second one (CS-Y008). Returns the data."""
        get = parser.get_event
        get()  # StreamStartEvent
        ev = get()
        if isinstance(ev, StreamEndEvent):
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
            at = ev.start_mark.index
            width = 3 if self.lines.text.startswith("---", at) else 1
            self.report(error("CS-Y008", "a card file holds one YAML document, but a second "
                              "one starts here", self.span(at, at + width),
                              "split the documents into separate files"))  # fmt: skip
        return self.root
