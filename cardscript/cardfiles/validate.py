"""Validate many card files: collect, check (cached, in parallel), cross-check, report.

Results are cached per file content hash in the user's cache folder, keyed by the
cardscript version and a fingerprint of the grammar, vocabularies, keywords and schemas,
so an unchanged file is never parsed twice. This module imports nothing heavy at the top:
a fully cached run must not pay for the parser or the schema validator.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from cardscript import GAMES, __version__, safe_read
from cardscript.cardfiles.bundled_refs import bundled_summaries
from cardscript.cardfiles.checkfile import CardSummary, FileResult
from cardscript.cardfiles.crossref import cross_file_diagnostics
from cardscript.cardfiles.scriptmemo import ScriptMemo
from cardscript.content import KEYWORDS_FILE
from cardscript.grammar.diagnostics import Diagnostic, Severity, Span, error
from cardscript.safe_write import replace_file
from cardscript.workers import worker_count

CARD_FILE_SUFFIXES = (".yaml", ".yml")
_PARALLEL_MIN_FILES = 8


@dataclass(frozen=True)
class ValidationRun:
    results: tuple[FileResult, ...]
    diagnostics: tuple[Diagnostic, ...]  # every problem, file and cross-file
    checked: tuple[str, ...]
    sources: dict[str, str]
    usage_error: bool  # a path could not be read at all (exit code 2)
    cached: int  # files answered from the cache


def collect_files(paths: Iterable[Path | str]) -> tuple[list[str], list[Diagnostic]]:
    """Card files under the given paths (folders are searched for *.yaml / *.yml and for
    keywords.cardscript files)."""
    files, unreadable = safe_read.files_under(paths, _card_file)
    problems = [
        error("CS-IO1", f"cannot read {path}: {why}", Span.point(1, 1, str(path)))
        for path, why in unreadable
    ]
    return [str(f) for f in files], problems


def _card_file(path: Path) -> bool:
    """A card file, or a game's keywords file (``<game>/keywords.cardscript``)."""
    return path.suffix in CARD_FILE_SUFFIXES or path.name == KEYWORDS_FILE


def is_keywords_file(path: str) -> bool:
    """A keywords file (named on the command line, or a folder's keywords.cardscript)."""
    return path.endswith(".cardscript")


def validate_paths(
    paths: Iterable[Path | str],
    *,
    use_cache: bool = True,
    jobs: int = 0,
    progress: Callable[[int, int], None] | None = None,
    keywords_dir: str | None = None,
) -> ValidationRun:
    files, problems = collect_files(paths)
    cache = ResultCache.open(keywords_dir) if use_cache else None
    results: dict[str, FileResult] = {}
    cold: list[tuple[str, bytes]] = []
    for path in files:
        data = _read(path)
        if data is None:
            cold.append((path, b""))
            continue
        # (a keywords file's result depends on its folder too: it is checked each time)
        hit = cache.get(path, data) if cache and not is_keywords_file(path) else None
        if hit is not None:
            results[path] = hit
        else:
            cold.append((path, data))
    cached = len(results)
    for done, result in enumerate(_check_all(cold, jobs, keywords_dir), start=1):
        results[result.path] = result
        if cache is not None:
            cache.put(result)
        if progress is not None:
            progress(cached + done, len(files))
    ordered = tuple(results[p] for p in files)
    across = _across(ordered, cache)
    if cache is not None:
        cache.save()
    diagnostics = list(problems)
    for result in ordered:
        diagnostics.extend(result.diagnostics)
    diagnostics.extend(across)
    shown = {d.span.file for d in diagnostics if d.span is not None}
    sources = {r.path: text for r in ordered if r.path in shown and (text := _text(r))}
    usage_error = bool(problems) or any(d.code == "CS-IO1" for r in ordered for d in r.diagnostics)
    return ValidationRun(ordered, tuple(diagnostics), tuple(files), sources, usage_error, cached)


def _across(results: Iterable[FileResult], cache: ResultCache | None) -> list[Diagnostic]:
    """The cross-file problems of these files' cards, with the bundled cards of their
    games (those of bundled files not among them)."""
    results = tuple(results)
    games = {r.game for r in results if r.game is not None and r.cards}
    shipped = bundled_summaries(sorted(games), [r.path for r in results], cache)
    return cross_file_diagnostics((c for r in results for c in r.cards), shipped)


def validate_text(
    path: str, text: str, cache: ResultCache | None = None, memo: ScriptMemo | None = None
) -> list[Diagnostic]:
    """What ``validate PATH`` says of one file if it held ``text`` (an editor's unsaved
    buffer): its own problems, and the cross-file ones against the bundled cards of its
    game; the other files of its folder are not read. Sorted as reports are. A memo kept
    from one call to the next spares parsing again the card texts that did not change."""
    result = _check_one(path, None, text, memo)
    found = [*result.diagnostics, *_across([result], cache)]
    if cache is not None:
        cache.save()
    return sorted(found, key=Diagnostic.sort_key)


def _text(result: FileResult) -> str:
    """The file's text to show under its problems: a cached result without problems of
    its own kept none, and a cross-file problem may be in it."""
    if result.text:
        return result.text
    data = _read(result.path)
    return "" if data is None else data.decode("utf-8", errors="replace")


def _read(path: str) -> bytes | None:
    """The file's bytes for the cache key; None leaves the problem to ``check_file``."""
    try:
        return safe_read.read_bytes(path)
    except safe_read.UnreadableFile:
        return None


def _check_all(
    cold: list[tuple[str, bytes]], jobs: int, keywords_dir: str | None
) -> Iterable[FileResult]:
    workers = worker_count(jobs, len(cold))
    paths = [p for p, _ in cold]
    if workers <= 1 or len(paths) < _PARALLEL_MIN_FILES:
        for path in paths:
            yield _check_one(path, keywords_dir)
        return
    chunk = max(1, len(paths) // (workers * 4))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_check_one, paths, [keywords_dir] * len(paths), chunksize=chunk)


def _check_one(
    path: str, keywords_dir: str | None, text: str | None = None, memo: ScriptMemo | None = None
) -> FileResult:
    """The file's own problems; of ``text`` if given, else of what the file holds."""
    from cardscript.cardfiles.checkfile import check_document, check_file
    from cardscript.cardfiles.keywordfile import check_keywords_file, check_keywords_text
    from cardscript.cardfiles.yamlsource import load_yaml_text

    try:
        if is_keywords_file(path):
            return check_keywords_file(path) if text is None else check_keywords_text(path, text)
        if text is None:
            return check_file(path, keywords_dir=keywords_dir)
        return check_document(load_yaml_text(text, path), keywords_dir=keywords_dir, memo=memo)
    except Exception as exc:  # a bug of ours must not hide the other files' results
        return FileResult(
            path,
            None,
            (
                error(
                    "CS-X001",
                    f"internal error while checking this file ({type(exc).__name__}: {exc})",
                    Span.point(1, 1, path),
                    "please report this with the file attached",
                ),
            ),
        )


# ---- the result cache -----------------------------------------------------------------


def cache_dir() -> Path:
    explicit = os.environ.get("CARDSCRIPT_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "cardscript"


def engine_fingerprint(keywords_dir: str | None = None) -> str:
    """Changes whenever anything that decides a file's result changes: the version, the
    grammar, the checks' code and messages, each game's registry, schema and keywords."""
    from cardscript.content import bundled_cards_dir, package_name

    digest = hashlib.sha256(__version__.encode())
    package = resources.files("cardscript")
    digest.update(package.joinpath("grammar", "cardscript.lark").read_bytes())
    # the checks' code: a changed check or message must not be answered from the cache
    # (an editable install keeps its version while the code moves on)
    for folder in ("grammar", "cardfiles"):
        for part in sorted(package.joinpath(folder).iterdir(), key=lambda p: p.name):
            if part.name.endswith(".py"):
                digest.update(part.read_bytes())
    digest.update(package.joinpath("codes.yaml").read_bytes())
    cards = Path(keywords_dir) if keywords_dir else bundled_cards_dir()
    for game in GAMES:
        for part in (
            package.joinpath("kernels", package_name(game), "registry.yaml"),
            package.joinpath("schemas", f"{game}.schema.json"),
        ):
            if part.is_file():
                digest.update(part.read_bytes())
        keywords = cards / game / KEYWORDS_FILE
        if keywords.is_file():
            digest.update(keywords.read_bytes())
    return digest.hexdigest()[:24]


# the key prefix of a file's card summaries alone (``ResultCache.put_cards``)
_CARDS = "cards:"


class ResultCache:
    """content hash -> FileResult (without its path) for one engine fingerprint; and
    "cards:" + content hash -> the card summaries alone, of a bundled file read only
    for the cross-file checks (bundled_refs.py)."""

    def __init__(self, path: Path, entries: dict[str, Any]) -> None:
        self.path = path
        self.entries = entries
        self.dirty = False
        self._hashes: dict[str, str] = {}

    @classmethod
    def open(cls, keywords_dir: str | None = None) -> ResultCache:
        path = cache_dir() / f"results-{engine_fingerprint(keywords_dir)}.json"
        try:
            entries = json.loads(path.read_text("utf-8"))
            if not isinstance(entries, dict):
                entries = {}
        except (OSError, ValueError):
            entries = {}
        return cls(path, entries)

    def get(self, path: str, data: bytes) -> FileResult | None:
        key = hashlib.sha256(data).hexdigest()
        self._hashes[path] = key
        entry = self.entries.get(key)
        if entry is None:
            return None
        try:
            return _decode(path, entry, data)
        except (KeyError, TypeError, ValueError):
            return None

    def get_cards(self, path: str, data: bytes) -> tuple[CardSummary, ...] | None:
        """The card summaries alone (``put_cards``) of a file with these bytes."""
        entry = self.entries.get(_CARDS + hashlib.sha256(data).hexdigest())
        try:
            return None if entry is None else _decode_cards(entry, path)
        except (KeyError, TypeError, ValueError):
            return None

    def put_cards(self, data: bytes, cards: Iterable[CardSummary]) -> None:
        self.entries[_CARDS + hashlib.sha256(data).hexdigest()] = [_encode_card(c) for c in cards]
        self.dirty = True

    def put(self, result: FileResult) -> None:
        key = self._hashes.get(result.path)
        if key is None:
            return  # the file could not be read
        if any(d.code in ("CS-IO1", "CS-X001") for d in result.diagnostics):
            return  # never remember a failure that may be passing
        self.entries[key] = _encode(result)
        self.dirty = True

    def save(self) -> None:
        if not self.dirty:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # atomic: a parallel run never reads half a file
            text = json.dumps(self.entries, ensure_ascii=False, separators=(",", ":"))
            replace_file(self.path, text)
        except OSError:
            pass  # a read-only cache folder only costs speed


def _encode(result: FileResult) -> dict[str, Any]:
    return {
        "game": result.game,
        "diagnostics": [_encode_diagnostic(d) for d in result.diagnostics],
        "cards": [_encode_card(c) for c in result.cards],
    }


def _encode_span(span: Span | None) -> list[int] | None:
    if span is None:
        return None
    return [span.line, span.column, span.end_line, span.end_column, span.offset, span.end_offset]


def _decode_span(raw: list[int] | None, path: str) -> Span | None:
    if raw is None:
        return None
    line, column, end_line, end_column, offset, end_offset = raw
    return Span(line, column, end_line, end_column, offset, end_offset, file=path)


def _encode_diagnostic(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code,
        "severity": d.severity.value,
        "message": d.message,
        "span": _encode_span(d.span),
        "hints": list(d.hints),
    }


def _encode_card(c: CardSummary) -> dict[str, Any]:
    data = asdict(c)
    data["span"] = _encode_span(c.span)
    data["refs"] = [[f, t, _encode_span(s)] for f, t, s in c.refs]
    data["fields"] = [[k, v] for k, v in c.fields]
    return data


def _decode(path: str, entry: dict[str, Any], data: bytes) -> FileResult:
    diagnostics = tuple(
        Diagnostic(
            d["code"],
            Severity(d["severity"]),
            d["message"],
            _decode_span(d["span"], path),
            tuple(d["hints"]),
        )
        for d in entry["diagnostics"]
    )
    text = data.decode("utf-8", errors="replace") if diagnostics else ""
    return FileResult(path, entry["game"], diagnostics, _decode_cards(entry["cards"], path), text)


def _decode_cards(raw: list[dict[str, Any]], path: str) -> tuple[CardSummary, ...]:
    return tuple(
        CardSummary(
            game=c["game"],
            id=c["id"],
            name=c["name"],
            type=c["type"],
            span=_decode_span(c["span"], path) or Span.point(1, 1, path),
            refs=tuple(
                (f, t, _decode_span(s, path) or Span.point(1, 1, path)) for f, t, s in c["refs"]
            ),
            fields=tuple((k, v) for k, v in c["fields"]),
        )
        for c in raw
    )
