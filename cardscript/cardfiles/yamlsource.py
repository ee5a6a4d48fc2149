"""Safe YAML loading that keeps a source position for every node.

``load_yaml_text``/``load_yaml_file`` never raise for bad input: every problem comes
back as a ``Diagnostic`` whose span names the file. Fatal problems leave ``data`` None.

========  ========  ==============================================================
code      severity  meaning
========  ========  ==============================================================
CS-IO1    error     the file cannot be read (missing, a directory, no permission)
CS-Y001   error     YAML syntax error, or a character YAML does not allow
CS-Y002   error     the file is not valid UTF-8 (a UTF-8 BOM is fine)
CS-Y003   error     a mapping repeats a key (the later value wins in ``data``)
CS-Y004   error     too many nodes: aliases expand past ``max_nodes`` ("billion laughs")
                    or the file itself holds more than ``max_nodes`` values
CS-Y005   error     nesting deeper than ``max_depth`` (also when reached via aliases)
CS-Y006   error     the file is larger than ``max_bytes``
CS-Y007   warning   a mapping key is not a string (``1:``, ``yes:``, ``null:``); the key
                    is used as the text written in the file
CS-Y008   error     more than one YAML document (a card file holds one); ``data`` is
                    the first document
CS-Y009   error     a tag other than the standard ones (!!str !!int !!float !!bool
                    !!null !!seq !!map !!timestamp), or a value its tag cannot read
CS-Y010   error     an alias names no anchor, or its own enclosing node; or a merge
                    key (``<<``) whose value is not a mapping or list of mappings
CS-Y011   error     a list or mapping used as a mapping key (the entry is dropped)
========  ========  ==============================================================

Notes: timestamps stay strings (``data`` holds only JSON-like values); merge keys
(``<<``) are applied as pyyaml does; offsets and spans are measured in the text after
a leading BOM is removed; a node reached through an alias is located where its anchor
defines it (its ``key_span`` is the key that holds the alias).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.error import MarkedYAMLError

from cardscript.cardfiles.yamlbuild import Builder, Fatal, Path, Raw, Record
from cardscript.cardfiles.yamlerrors import (
    REPARSE_LIMIT,
    bad_character,
    decode,
    io_error,
    syntax_error,
    too_large,
    with_line,
)
from cardscript.cardfiles.yamltext import (
    LineIndex,
    ScalarMap,
    block_header,
    block_indent,
    scalar_map,
    skip_properties,
)
from cardscript.grammar.diagnostics import Diagnostic, Span, error
from cardscript.safe_read import MAX_BYTES, UnreadableFile, read_bytes

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_DEPTH",
    "DEFAULT_MAX_NODES",
    "Located",
    "YamlDocument",
    "load_yaml_file",
    "load_yaml_text",
    "text_offset_to_span",
]

DEFAULT_MAX_BYTES = MAX_BYTES
DEFAULT_MAX_DEPTH = 100
# ~9 nodes a card in cards/ (10,000 cards ~ 100,000 nodes), so 5x headroom; reaching the
# limit with real nodes costs ~1.2 s, and an alias bomb is stopped at its first big alias.
DEFAULT_MAX_NODES = 500_000

_PARSER: Any = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
_BLANK = " \t\r\n\x85\u2028\u2029"


@dataclass(frozen=True)
class Located:
    """Where one YAML node sits."""

    span: Span  # the value node (for a mapping entry: the value)
    key_span: Span | None  # for a mapping entry: the key
    style: str | None  # scalar style: None plain, "'", '"', "|", ">"
    block_indent: int | None  # "|"/">" scalars: 1-based column where content lines start
    content_line: int | None  # "|"/">" scalars: 1-based line of the first content line


class PositionMap(Mapping[Path, Located]):
    """JSON path -> ``Located`` for every node of ``data``, each built on first lookup.

    Lazy because a million eager ``Span``s cost ~1 GB. Backed by the builder's shadow
    tree, so a path through an alias finds the anchor's nodes without any copying.
    """

    def __init__(self, record: Record, lines: LineIndex, file: str) -> None:
        self._record, self.lines, self.file = record, lines, file
        self._cache: dict[Path, Located] = {}
        self._paths: list[Path] | None = None

    def __getitem__(self, path: Path) -> Located:
        found = self._cache.get(path)
        if found is None:
            node = self._record
            for part in path:
                if node is None or len(node) != 2:  # a scalar has no children
                    raise KeyError(path)
                children = node[1]
                if isinstance(children, dict):
                    node = children.get(part) if isinstance(part, str) else None
                elif type(part) is int and 0 <= part < len(children):
                    node = children[part]
                else:
                    node = None
            if node is None:
                raise KeyError(path)
            found = self._cache[path] = self._locate(node if len(node) == 6 else node[0])
        return found

    def __iter__(self) -> Iterator[Path]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def _all(self) -> list[Path]:
        """Every path in document order (at most ``max_nodes`` of them)."""
        if self._paths is None:
            paths: list[Path] = []
            todo: list[tuple[Path, Record]] = [] if self._record is None else [((), self._record)]
            while todo:
                path, node = todo.pop()
                paths.append(path)
                if len(node) == 2:
                    children = node[1]
                    keys = children if isinstance(children, dict) else range(len(children))
                    todo.extend(((*path, k), children[k]) for k in reversed(keys))
            self._paths = paths
        return self._paths

    def _locate(self, raw: Raw) -> Located:
        start, end, kstart, kend, style, block = raw
        text, lines = self.lines.text, self.lines
        if text[start : start + 1] in ("!", "&"):
            start = min(skip_properties(text, start, end), end)
        indent = content_line = None
        if block is not None:
            header = block_header(text, start)
            if header is not None:
                folded, chomp, content = header
                spaces = block_indent(text, content, block, folded, chomp)
                indent = spaces + 1 if spaces >= 0 else None
                content_line = lines.position(content)[0]
        # Block scalars (and block collections ending in one) stop at their last character,
        # not at the start of the next line after their trailing blank lines.
        while end > start + 1 and text[end - 1] in _BLANK:
            end -= 1
        key = None
        if kstart >= 0:
            if text[kstart : kstart + 1] in ("!", "&"):
                kstart = min(skip_properties(text, kstart, kend), kend)
            key = lines.span(kstart, kend, self.file)
        return Located(lines.span(start, end, self.file), key, style, indent, content_line)


@dataclass(frozen=True)
class YamlDocument:
    """One loaded file: its text, plain data, node positions and problems."""

    path: str
    text: str  # decoded text without a leading BOM ('' if undecodable)
    data: object | None
    positions: Mapping[Path, Located]  # JSON path -> location; () is the root
    diagnostics: tuple[Diagnostic, ...]
    _index: LineIndex = field(init=False, repr=False, compare=False)
    _maps: dict[Path, ScalarMap | None] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        shared = isinstance(self.positions, PositionMap) and self.positions.lines.text is self.text
        index = self.positions.lines if shared else LineIndex(self.text)  # type: ignore[attr-defined]
        object.__setattr__(self, "_index", index)

    def span_of(self, path: Sequence[str | int]) -> Span:
        """Span of the node at ``path``, else of its nearest known ancestor."""
        key = tuple(path)
        while True:
            found = self.positions.get(key)
            if found is not None:
                return found.span
            if not key:
                return Span.point(1, 1, self.path)
            key = key[:-1]

    def key_span_of(self, path: Sequence[str | int]) -> Span:
        """Span of the key holding ``path`` if it is a mapping entry, else as ``span_of``."""
        found = self.positions.get(tuple(path))
        if found is not None and found.key_span is not None:
            return found.key_span
        return self.span_of(path)

    def line(self, n: int) -> str:
        """Source line ``n`` (1-based) without its line break; '' if out of range."""
        return self._index.line(n)

    def line_start(self, n: int) -> int:
        """Offset where source line ``n`` (1-based) starts, after any kind of line break."""
        return self._index.line_start(n)


def text_offset_to_span(
    doc: YamlDocument, value_path: Sequence[str | int], start: int, end: int
) -> Span:
    """Map ``value[start:end]`` of the string at ``value_path`` to its place in the file.

    Exact for plain, quoted, literal and folded scalars whenever re-reading the source
    reproduces the loaded value; otherwise the whole scalar's span.
    """
    path = tuple(value_path)
    found = doc.positions.get(path)
    mapped = _scalar_map_of(doc, path)
    if found is None or mapped is None:
        return found.span if found is not None else doc.span_of(path)
    first, last = mapped.source_range(start, end)
    return doc._index.span(first, last, doc.path)


def source_offset_to_text(doc: YamlDocument, value_path: Sequence[str | int], source: int) -> int:
    """Where a cursor at ``source`` (an offset in the file) stands in the string at
    ``value_path``: the inverse of ``text_offset_to_span``; the value's start if unsure."""
    mapped = _scalar_map_of(doc, tuple(value_path))
    return 0 if mapped is None else mapped.value_offset(source)


def _scalar_map_of(doc: YamlDocument, path: Path) -> ScalarMap | None:
    found = doc.positions.get(path)
    value = _value_at(doc.data, path)
    if found is None or not isinstance(value, str):
        return None
    if path not in doc._maps:
        indent = found.block_indent - 1 if found.block_indent is not None else None
        doc._maps[path] = scalar_map(
            doc.text, found.span.offset, found.span.end_offset, found.style, indent, value
        )
    return doc._maps[path]


def load_yaml_text(
    text: str | bytes,
    path: str | os.PathLike[str],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> YamlDocument:
    """Load one YAML document from text or bytes; never raises for bad input."""
    name = str(path)
    try:
        return _load(text, name, max_bytes, max_depth, max_nodes)
    except Exception as exc:  # the CI gate must report, not crash; tests look for this text
        message = f"internal error while reading YAML ({type(exc).__name__}: {exc})"
        return _failed(name, "", error("CS-Y001", message, Span.point(1, 1, name)))


def load_yaml_file(
    path: str | os.PathLike[str],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> YamlDocument:
    """Read and load a file; I/O problems come back as CS-IO1, oversize as CS-Y006."""
    name = str(path)
    try:
        data = read_bytes(name, max_bytes)  # a FIFO must not hang the gate
    except UnreadableFile as exc:
        if exc.size is not None:
            return _failed(name, "", too_large(name, exc.size, max_bytes))
        return _failed(name, "", io_error(name, exc.reason))
    return load_yaml_text(data, name, max_bytes=max_bytes, max_depth=max_depth, max_nodes=max_nodes)


# -- internals ---------------------------------------------------------------------------


def _load(
    source: str | bytes, name: str, max_bytes: int, max_depth: int, max_nodes: int
) -> YamlDocument:
    if isinstance(source, bytes | bytearray | memoryview):
        raw = bytes(source)
        if len(raw) > max_bytes:
            return _failed(name, "", too_large(name, len(raw), max_bytes))
        decoded = decode(raw, name)
        if isinstance(decoded, Diagnostic):
            return _failed(name, "", decoded)
        text = decoded
    else:
        text = source
        if len(text) * 4 > max_bytes:  # cheap bound first; encode only when it matters
            size = len(text.encode("utf-8", "surrogatepass"))
            if size > max_bytes:
                return _failed(name, "", too_large(name, size, max_bytes))
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = LineIndex(text)
    bad = bad_character(lines, name)
    if bad is not None:
        return _failed(name, text, bad)
    return _build(text, lines, name, max_depth, max_nodes, _PARSER)


def _build(
    text: str, lines: LineIndex, name: str, max_depth: int, max_nodes: int, loader: Any
) -> YamlDocument:
    builder = Builder(lines, name, max_depth, max_nodes)
    parser = loader(text)
    try:
        data = builder.run(parser)
    except Fatal as stop:
        return _failed(name, text, *builder.all_diagnostics(), stop.diagnostic)
    except yaml.YAMLError as exc:
        deep = _libyaml_nesting_stop(exc) if loader is not yaml.SafeLoader else None
        if deep is not None:
            return _too_deep(text, lines, name, max_depth, max_nodes, deep)
        if loader is not yaml.SafeLoader and len(text) <= REPARSE_LIMIT:
            # libyaml and pyyaml disagree on a few inputs (e.g. a tab inside a block
            # scalar); the pure-Python parser is the reference, and words errors better.
            return _build(text, lines, name, max_depth, max_nodes, yaml.SafeLoader)
        problem = syntax_error(exc, lines, name, reparse=loader is not yaml.SafeLoader)
        return _failed(name, text, *builder.all_diagnostics(), problem)
    finally:
        parser.dispose()
    positions = PositionMap(builder.record, lines, name)
    return YamlDocument(name, text, data, positions, builder.all_diagnostics())


def _libyaml_nesting_stop(exc: yaml.YAMLError) -> int | None:
    """Where libyaml stopped on its own nesting limit (libyaml 0.2.6 and later stop flow
    nesting at 1,000 levels), or None for any other error."""
    if not isinstance(exc, MarkedYAMLError) or exc.problem_mark is None:
        return None
    if "exceeded maximum nesting depth" not in str(exc.problem):
        return None
    return int(exc.problem_mark.index)


def _too_deep(
    text: str, lines: LineIndex, name: str, max_depth: int, max_nodes: int, stop: int
) -> YamlDocument:
    """CS-Y005 where libyaml's own nesting limit stopped it. libyaml scans ahead of the
    events the builder counts, so it may stop before the builder reaches ``max_depth``:
    the text up to libyaml's stop holds every level below it, and the reference parser
    reads it to our limit and its position."""
    prefix = _build(text[: stop + 1], lines, name, max_depth, max_nodes, yaml.SafeLoader)
    found = prefix.diagnostics
    if found and found[-1].code == "CS-Y005":
        return _failed(name, text, *found)
    # a ``max_depth`` above libyaml's own limit: libyaml's limit is the one reached
    at = lines.span(stop, stop + 1, name)
    message = "YAML nesting is deeper than the YAML parser (libyaml) allows"
    return _failed(name, text, *found[:-1], with_line(error("CS-Y005", message, at), lines))


def _failed(name: str, text: str, *diagnostics: Diagnostic) -> YamlDocument:
    return YamlDocument(name, text, None, {}, tuple(diagnostics))


def _value_at(data: object, path: Path) -> object:
    node = data
    for part in path:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and type(part) is int and 0 <= part < len(node):
            node = node[part]
        else:
            return None
    return node
