"""The benches' results files: one JSON object a line, appended as each game or position is done.

A run may be stopped at any moment (the matches are resumable), so a line cut short is skipped
when read, and each row is written whole in one append.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path


def read_rows(paths: Iterable[str | Path]) -> list[dict[str, object]]:
    """The rows of the files that exist, in order; a line cut short by a stopped run is skipped."""
    rows: list[dict[str, object]] = []
    for path in map(Path, paths):
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return rows


def append_row(out: str | Path, row: dict[str, object]) -> None:
    """Add a row to the file and print it (the run's progress)."""
    with open(out, "a") as f:
        f.write(json.dumps(row) + "\n")
    print(json.dumps(row), flush=True)
