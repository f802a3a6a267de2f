"""bench/carry_over.py: a match row carried over to a level that decides otherwise only at the
game's last placement is the same game where that level makes the move played there."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from carry_over import same_game  # noqa: E402

ROWS = Path(__file__).resolve().parents[2] / "bench/results/expert-lp0-v-yardstick4.jsonl"


def row(seed: int, a_first: bool) -> dict[str, object]:
    for line in ROWS.read_text().splitlines():
        r = json.loads(line)
        if (r["seed"], r["a_first"]) == (seed, a_first):
            return r
    raise LookupError((seed, a_first))


@pytest.mark.slow
def test_the_expert_is_asked_only_at_the_last_placement_it_makes() -> None:
    # 90000, expert-lp0 first: it placed the game's last Targi; the expert places otherwise there.
    assert same_game(row(90000, True), "expert") == (False, 1)
    # 90000, expert-lp0 second: the yardstick placed last, so the expert never decides otherwise.
    assert same_game(row(90000, False), "expert") == (True, 0)
    # The old level itself is never asked: it has no last placement to decide otherwise.
    assert same_game(row(90000, True), "expert-lp0") == (True, 0)
