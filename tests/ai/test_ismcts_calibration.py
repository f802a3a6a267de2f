"""The older ISMCTS yardstick (bench/ismcts.py) calibrates on the new yardstick's positions."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from targi import Game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import ismcts  # noqa: E402
import yardstick  # noqa: E402


def test_ismcts_calibrates_on_the_yardstick_s_positions_and_hard_times(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # One source of positions and of hard's unit: the two yardsticks' budgets then agree.
    asked: list[str] = []
    position = Game.new(1000, 0)

    def positions(games: int, every: int) -> list[Game]:
        asked.append(f"positions {games} {every}")
        return [position]

    def times(chosen: list[Game]) -> list[float]:
        asked.append(f"hard {len(chosen)}")
        return [0.25]

    monkeypatch.setattr(yardstick, "greedy_positions", positions)
    monkeypatch.setattr(yardstick, "hard_times", times)
    ismcts.calibrate(games=3, every=7, iterations=5)
    assert asked == ["positions 3 7", "hard 1"]
    assert "hard: median 0.250 s" in capsys.readouterr().out
