"""bench/final_parts.py: the final scores split into tokens, card VP, pairs and rows."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from final_parts import GROUPS, final_parts, group, report  # noqa: E402
from jsonl import read_rows  # noqa: E402
from yardstick import play_match  # noqa: E402


def test_a_game_s_parts_add_up_to_each_side_s_final_points(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=2, seed=5, out=str(out), unit=107)
    rows = read_rows([out])
    assert len(rows) == 4
    ends = [final_parts(row) for row in rows]
    for row, (a, b) in zip(rows, ends, strict=True):
        points = row["points"]
        assert isinstance(points, list)
        for side, total in ((a, points[0]), (b, points[1])):
            assert side["tokens"] + side["cards"] + side["pairs"] + side["rows"] == total
            assert 0 <= side["display"] <= 12
        assert group(row) in GROUPS
    assert any(a["display"] > 0 for a, _ in ends)  # greedy buys tribe cards
    lines = report(str(out))
    assert lines[0].endswith("4 games (whole pairs); mean A, B")
    counts = [int(line[14:].split()[0]) for line in lines[1:]]  # after the group's name
    assert [line[2:14].strip() in GROUPS for line in lines[1:]] == [True] * len(counts)
    assert sum(counts) == 4  # every game in one group


def test_a_game_is_close_when_decided_by_two_points_or_fewer() -> None:
    def row(score: float, points: list[int]) -> dict[str, object]:
        return {"a_score": score, "points": points}

    assert group(row(1.0, [30, 28])) == "close won"
    assert group(row(0.0, [28, 28])) == "close lost"  # level on points, lost on the tie-break
    assert group(row(1.0, [31, 28])) == "won by more"
    assert group(row(0.0, [20, 29])) == "lost by more"
    assert group(row(0.5, [25, 25])) == "drawn"
