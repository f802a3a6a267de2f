"""Geometry of the 5x5 table: the ring of 16 border cards around 9 central cards.

16   1   2   3   4
15   A   B   C   5
14   D   E   F   6
13   G   H   I   7
12  11  10   9   8
"""

from __future__ import annotations

from collections.abc import Iterable

BORDER_NUMBERS = range(1, 17)  # clockwise from the top; the robber walks them in order
CORNERS = frozenset({4, 8, 12, 16})  # the raids
FACING = {1: 11, 2: 10, 3: 9, 5: 15, 6: 14, 7: 13}
FACING.update({b: a for a, b in list(FACING.items())})

CENTRAL = "ABCDEFGHI"  # row-major
# A Targi on the top or bottom side gives a column, on the left or right side a row.
COLUMN_OF = {1: 0, 2: 1, 3: 2, 11: 0, 10: 1, 9: 2}
ROW_OF = {15: 0, 14: 1, 13: 2, 5: 0, 6: 1, 7: 2}
# Setup: a checkerboard with goods cards on the corners and the centre of the 3x3.
GOODS_SPACES = frozenset("ACEGI")


def central_space(row: int, col: int) -> str:
    """The letter of the central space in a row and column (0-2 each)."""
    return CENTRAL[row * 3 + col]


def crossings(targis: Iterable[int]) -> list[str]:
    """Central spaces where the row of one Targi crosses the column of another (sorted)."""
    rows = {ROW_OF[t] for t in targis if t in ROW_OF}
    cols = {COLUMN_OF[t] for t in targis if t in COLUMN_OF}
    return sorted(central_space(r, c) for r in rows for c in cols)
