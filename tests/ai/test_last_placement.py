"""bench/last_placement.py judges a level at the game's last placement: it must find that one."""

from __future__ import annotations

import sys
from pathlib import Path

from targi.ai.evaluate import rounds_after_this

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from last_placement import last_placement, recorded_placements, summary  # noqa: E402


def test_the_last_placement_is_the_last_round_s_last_targi() -> None:
    g = last_placement(1001)
    assert g is not None
    assert g.decision == "place" and rounds_after_this(g) == 0
    assert sorted(g.to_place) == [0, 1]
    assert g.player == 1001 % 2  # in a 12-round game the game's starter places it


def test_a_match_s_recorded_games_give_their_last_placements(tmp_path: Path) -> None:
    rows = Path(__file__).resolve().parents[2] / "bench/results/expert-lp0-v-yardstick4.jsonl"
    some = tmp_path / "two.jsonl"
    some.write_text("".join(rows.read_text().splitlines(keepends=True)[:2]))  # seed 90000
    found = recorded_placements(some)
    assert [(row["seed"], row["a_first"]) for row, _ in found] == [(90000, True), (90000, False)]
    for row, g in found:
        assert g.decision == "place" and rounds_after_this(g) == 0 and sum(g.to_place) == 1
        assert g.player == g.starter  # twelve rounds: the game's starter places last
        assert g.starter == (0 if row["a_first"] else 1)


def test_the_summary_pairs_each_level_with_the_first_judged() -> None:
    rows = [
        {"seed": s, "a": {"move": "t1", "gives_up": a}, "b": {"move": "t2", "gives_up": b}}
        for s, a, b in ((1, 2.0, 0.0), (2, 1.0, 0.0), (3, 0.0, 0.0))
    ]
    lines = summary(rows)
    assert lines[0].startswith("a: misses the solved move in 2 of 3 last placements, 1.00 given")
    assert lines[2].startswith("b v a, paired: -1.000 given up a placement (95% ")
    assert lines[2].endswith(" over 3")
