"""bench/eval_fit.py: the evaluation set beside the final margin, round by round."""

from __future__ import annotations

import sys
from pathlib import Path

from targi import Game
from targi.ai.evaluate import EXPERT_WEIGHTS, evaluate

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from eval_fit import agrees, fit, report, round_starts, samples  # noqa: E402
from jsonl import read_rows  # noqa: E402
from yardstick import play_match  # noqa: E402


def test_a_game_is_judged_at_each_round_s_first_placement(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=1, seed=7, out=str(out), unit=107)
    row = read_rows([out])[0]
    starts = round_starts(row)
    assert sorted(starts) == list(range(1, int(str(row["rounds"])) + 1))
    g = Game.new(7, 0)
    for move in row["moves"]:  # type: ignore[attr-defined]
        if g.round == 5 and g.decision == "place" and not any(g.targis):
            break
        g.play(move)
    assert starts[5][0] == evaluate(g, 0, EXPERT_WEIGHTS)


def test_every_whole_pair_gives_one_sample_a_round_with_its_final_margin(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=2, seed=7, out=str(out), unit=107)
    rows = read_rows([out])
    by_round = samples([str(out)])
    assert len(by_round[1]) == 4
    margins = sorted(float(r["points"][0] - r["points"][1]) for r in rows)  # type: ignore[index]
    assert sorted(m for _, _, m in by_round[1]) == margins
    assert len(report(by_round)) == 1 + len(by_round)


def test_the_line_through_exact_points_is_found_and_signs_are_counted() -> None:
    assert fit([0.0, 1.0, 2.0], [1.0, 3.0, 5.0]) == (2.0, 1.0, 1.0)
    assert agrees([1.0, -1.0, 2.0, 3.0], [2.0, 1.0, 0.0, 4.0]) == 2 / 3
