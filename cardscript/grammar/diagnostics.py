"""The one Diagnostic type every check produces and every output format renders."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, order=True)
class Span:
    """A 1-based, inclusive-start / exclusive-end region of one source file.

    ``offset``/``end_offset`` are 0-based character offsets into the text the span was
    measured in; they let a span inside an embedded block be moved to its file.
    """

    line: int
    column: int
    end_line: int
    end_column: int
    offset: int = 0
    end_offset: int = 0
    file: str | None = field(default=None, compare=False)

    @classmethod
    def point(cls, line: int, column: int, file: str | None = None) -> Span:
        return cls(line, column, line, column + 1, file=file)

    def through(self, last: Span) -> Span:
        """From the start of this span to the end of ``last``."""
        return Span(
            self.line, self.column, last.end_line, last.end_column, self.offset, last.end_offset
        )

    def with_file(self, file: str | None) -> Span:
        return replace(self, file=file)

    def shifted(self, line_delta: int, column_delta: int, offset_delta: int = 0) -> Span:
        """Move a span measured inside a block to where the block sits in its file.

        ``column_delta`` applies to every line (a YAML block scalar is indented by the
        same amount on each of its lines).
        """
        return replace(
            self,
            line=self.line + line_delta,
            column=self.column + column_delta,
            end_line=self.end_line + line_delta,
            end_column=self.end_column + column_delta,
            offset=self.offset + offset_delta,
            end_offset=self.end_offset + offset_delta,
        )

    def __str__(self) -> str:
        prefix = f"{self.file}:" if self.file else ""
        return f"{prefix}{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    """A problem found in some input, positioned and explained.

    ``code`` is stable (documented in docs/diagnostics.md and by ``cardscript explain``);
    ``message`` is one sentence in plain words; ``hints`` are "did you mean …" and
    "perhaps try …" lines.
    """

    code: str
    severity: Severity
    message: str
    span: Span | None = None
    hints: tuple[str, ...] = ()
    source_line: str | None = field(default=None, compare=False)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def with_file(self, file: str | None) -> Diagnostic:
        return replace(self, span=self.span.with_file(file) if self.span else None)

    def at(self, span: Span | None, source_line: str | None = None) -> Diagnostic:
        return replace(self, span=span, source_line=source_line)

    def sort_key(self) -> tuple[str, int, int, str]:
        if self.span is None:
            return ("", 0, 0, self.code)
        return (self.span.file or "", self.span.line, self.span.column, self.code)


def error(code: str, message: str, span: Span | None = None, *hints: str) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, span, tuple(h for h in hints if h))


def warning(code: str, message: str, span: Span | None = None, *hints: str) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, span, tuple(h for h in hints if h))


def did_you_mean(word: str, candidates: Iterable[str], *, cutoff: float = 0.6) -> str:
    """Return 'did you mean "x"?' for the closest candidate, or '' if none is close."""
    best = closest(word, candidates, cutoff=cutoff)
    return f'did you mean "{best}"?' if best is not None else ""


def closest(word: str, candidates: Iterable[str], *, cutoff: float = 0.6) -> str | None:
    """The candidate closest to ``word`` (case aside), or None if none is close."""
    pool = {c.casefold(): c for c in candidates if c}
    if not pool:
        return None
    if len(pool) > 300:
        # difflib is quadratic in practice: keep only names of about the same length that
        # start alike (a mistyped id in a pool of thousands must not cost a second)
        key = word.casefold()
        pool = {k: v for k, v in pool.items() if abs(len(k) - len(key)) <= 3 and k[:1] == key[:1]}
    best = difflib.get_close_matches(word.casefold(), list(pool), n=1, cutoff=cutoff)
    return pool[best[0]] if best else None


def article(word: str) -> str:
    """ "an" before a vowel sound ("an ally", "an upgrade"), else "a" ("a unit")."""
    low = word.casefold()
    vowel = low[:1] in ("a", "e", "i", "o") or (
        low[:1] == "u" and not low.startswith(("uni", "use", "usu"))
    )
    return "an" if vowel else "a"


def has_errors(diagnostics: Iterable[Diagnostic], *, strict: bool = False) -> bool:
    return any(d.is_error or (strict and d.severity is Severity.WARNING) for d in diagnostics)
