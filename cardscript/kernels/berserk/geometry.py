"""The Berserk battlefield's geometry (spec berserk.md §4, §207): cells, their names,
neighbours, lines, the opposite cell and directions, each seat's rows.

Coordinates: ``x`` 0..4 for the columns A..E, ``y`` 0..5 for the rows 3, 2, 1, 1", 2", 3"
as seen from the first seat (player 0): player 0's back row is ``y = 0`` and its front
row ``y = 2``; player 1's front row is ``y = 3`` and its back row ``y = 5``.
"""

from __future__ import annotations

import re

COLUMNS = "ABCDE"
# a cell's name, as a scenario writes it (``parse_cell``; also its JSON Schema pattern)
CELL_PATTERN = r"^\s*[A-Ea-e][1-3][\"']?\s*$"
WIDTH, HEIGHT = 5, 6

Cell = tuple[int, int]


def parse_cell(text: str) -> Cell:
    """``"C1"`` (the first seat's rows 1–3) or ``'C1"'`` / ``"C1'"`` (the second seat's)."""
    if re.match(CELL_PATTERN, text) is None:  # ("" was an IndexError, "Bx" int()'s words)
        raise ValueError(f"no cell {text!r}")
    text = text.strip()
    primed = text.endswith(('"', "'"))
    letter, row = text[0].upper(), int(text[1])
    return COLUMNS.index(letter), (2 + row if primed else 3 - row)


def cell_name(cell: Cell) -> str:
    x, y = cell
    return f"{COLUMNS[x]}{3 - y}" if y < 3 else f'{COLUMNS[x]}{y - 2}"'


def neighbours(cell: Cell) -> list[Cell]:
    """§207.7: the 8-neighbourhood, across the mid-line too."""
    x, y = cell
    return [
        (x + dx, y + dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT
    ]


def on_one_line(cells: list[Cell]) -> bool:
    """§207.6: the cells lie on one vertical, horizontal or diagonal."""
    if len(cells) < 2:
        return True
    (x0, y0), rest = cells[0], cells[1:]
    return (
        all(x == x0 for x, _ in rest)
        or all(y == y0 for _, y in rest)
        or all(x - x0 == y - y0 for x, y in rest)
        or all(x - x0 == y0 - y for x, y in rest)
    )


def opposite(cell: Cell, player: int) -> Cell | None:
    """§207.8: the adjacent cell on the same vertical, toward the controller's enemy."""
    y = cell[1] + (1 if player == 0 else -1)
    return (cell[0], y) if 0 <= y < HEIGHT else None


def direction(source: Cell, target: Cell) -> Cell | None:
    """§207.9а: the cell beyond ``target`` on the line from an adjacent ``source``."""
    if target not in neighbours(source):
        return None
    x, y = 2 * target[0] - source[0], 2 * target[1] - source[1]
    return (x, y) if 0 <= x < WIDTH and 0 <= y < HEIGHT else None


def own_rows(player: int) -> tuple[int, int, int]:
    """The player's rows from the front (1st) to the back (3rd)."""
    return (2, 1, 0) if player == 0 else (3, 4, 5)
