"""bench/mid_placements.py looks where the order of placing matters: before the last round, with
Targis left to both players; its summary counts where a variant places otherwise."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from targi.ai.evaluate import rounds_after_this

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from mid_placements import contested, summary  # noqa: E402

# Slow: a benchmark's tool, not the AI's core, so the full suite runs them and `build.py test
# --quick` does not.
pytestmark = pytest.mark.slow


def test_the_positions_are_placements_before_the_last_round_with_targis_left_to_both() -> None:
    # Greedy players, not the bench's medium: which positions are picked is the same code
    # whoever plays, and a medium game cost 7.6 s of this test's 7.6 s.
    positions = list(contested(95000, 4, "greedy"))
    assert len(positions) > 10
    assert [k for k, _ in positions] == list(range(0, 4 * len(positions), 4))
    for _, g in positions:
        assert g.decision == "place" and rounds_after_this(g) > 0 and all(g.to_place)
    assert any(any(g.targis) for _, g in positions)  # not only each round's first placement


def test_the_summary_counts_the_placements_a_variant_makes_otherwise() -> None:
    rows: list[dict[str, object]] = [
        {
            "seed": 1,
            "index": 0,
            "expert": {"move": "t1", "cpu": 1.0},
            "v": {"move": "t1", "cpu": 2.0},
        },
        {
            "seed": 1,
            "index": 3,
            "expert": {"move": "t1", "cpu": 1.0},
            "v": {"move": "t2", "cpu": 1.0},
        },
    ]
    lines = summary(rows)
    assert lines[0].startswith("expert: 2 placements, 0 placed otherwise")
    assert lines[1].startswith("v: 2 placements, 1 placed otherwise than expert")
    assert "CPU per decision 1.50 s (at most 2.00)" in lines[1]
