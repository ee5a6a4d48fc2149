"""One deck line as players write it: ``3x Name``, ``3 Name``, ``Name x3``, ``3x SKY-001``
(a text list's "- " or "* " before it is its list marker: ``textdeck``).

| code    | meaning |
|---|---|
| CS-D002 | a deck line names a card but no number of copies, or cannot be read |
| CS-D003 | a number of copies that is not a whole number from 1 to 9999 |
"""

from __future__ import annotations

import re

from cardscript.grammar.diagnostics import Diagnostic, Span, error
from cardscript.wording import as_written

MAX_COPIES = 9999
_COUNT_FIRST = re.compile(r"^(?P<count>\d+)\s*[xX×*]?\s+(?P<name>\S.*?)\s*$")
_COUNT_LAST = re.compile(r"^(?P<name>\S.*?)\s+[xX×*]\s*(?P<count>\d+)\s*$")
_BARE_COUNT = re.compile(r"^[xX×]?\d+[xX×]?$")
_NEGATIVE = re.compile(r"^-(?P<count>\d+)\s*[xX×*]?\s+(?P<name>\S.*?)\s*$")  # ("- 3": a bullet)
# "Lantern Mender 4": a count after the name with no "x"; a larger number is more likely
# part of a name ("Agent 47") than a number of copies
_BARE_COUNT_LAST = re.compile(r"^(?P<name>\S.*?)\s+(?P<count>[1-9])$")


def parse_entry(text: str, span: Span) -> tuple[str, int] | Diagnostic:
    """(card reference, copies) from one line, or the problem with it."""
    line = text.strip()
    match = _COUNT_FIRST.match(line) or _COUNT_LAST.match(line)
    if match is None:
        negative = _NEGATIVE.match(line)
        if negative is not None:  # "-3 Stormcrow": a count, less than none
            hint = f'perhaps try "{negative["count"]}x {negative["name"]}"'
            return bad_count(f"-{negative['count']}", span, hint, written=True)
        if _BARE_COUNT.match(line):
            return error(
                "CS-D002",
                f'"{line}" gives a number of copies but no card',
                span,
                f'perhaps try "{line.strip("xX×")}x Card Name"',
            )
        last = _BARE_COUNT_LAST.match(line)
        if last is not None:
            hint = f'perhaps try "{last["count"]}x {last["name"]}" (or "1x {line}")'
        else:
            hint = f'perhaps try "1x {line}"' if line else 'perhaps try "3x Card Name"'
        return error("CS-D002", f'"{line}" gives no number of copies', span, hint)
    count = copies(match["count"])
    if not 1 <= count <= MAX_COPIES:
        return bad_count(match["count"], span, written=True)
    return match["name"], count


def copies(digits: str) -> int:
    """The number ``digits`` write, or ``MAX_COPIES + 1`` for one too long to be a count
    (the int() of 5,000 digits fails)."""
    return int(digits) if len(digits.lstrip("0")) <= len(str(MAX_COPIES)) else MAX_COPIES + 1


def quick_entry(text: str) -> tuple[str, int] | None:
    """(card reference, copies) of a well-formed line, else None (no position needed)."""
    line = text.strip()
    match = _COUNT_FIRST.match(line) or _COUNT_LAST.match(line)
    if match is None or not 1 <= copies(match["count"]) <= MAX_COPIES:
        return None
    return match["name"], copies(match["count"])


def bad_count(
    shown: object,
    span: Span,
    hint: str = "write how many copies the deck has, e.g. 3",
    *,
    written: bool = False,
) -> Diagnostic:
    """CS-D003 for the count ``shown``: a value read from YAML or JSON, quoted as it is
    written there ("three", true, null), or, ``written``, a text list's own characters."""
    return error(
        "CS-D003",
        "the number of copies must be a whole number from 1 to "
        f"{MAX_COPIES}, not {_shown(shown, written)}",
        span,
        hint,
    )


def _shown(value: object, written: bool) -> str:
    """A count as the message quotes it: a number of 5,000 digits by its first and last."""
    text = str(value) if written else as_written(value)
    if len(text) <= 60:
        return text
    length = len(value) if isinstance(value, str) else len(text)
    return f"{text[:24]}…{text[-12:]} ({length:,} characters)"
