"""bench/eval_parts.py: the evaluation split into its parts, fitted on the final margin."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from targi.ai.evaluate import EXPERT_WEIGHTS, WEIGHTS, Weights, player_worth

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from eval_parts import (  # noqa: E402
    PARTS,
    Position,
    by_round,
    fit,
    held_out,
    parts,
    positions,
    report,
)
from jsonl import read_rows  # noqa: E402
from yardstick import play_match, replayed  # noqa: E402


@pytest.mark.parametrize("w", [EXPERT_WEIGHTS, WEIGHTS], ids=["expert", "hard"])
def test_the_parts_add_up_to_the_player_s_worth_in_every_position_of_a_game(
    tmp_path: Path, w: Weights
) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=1, seed=11, out=str(out), unit=107)
    seen = 0
    for row in read_rows([out]):
        for g in replayed(row):
            for p in (0, 1):
                split = parts(g, p, w)
                assert set(split) == set(PARTS)
                assert sum(split.values()) == pytest.approx(player_worth(g, p, w), abs=1e-9)
                seen += 1
    assert seen > 200


def test_a_position_a_round_of_every_whole_pair_with_the_parts_leads(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=2, seed=7, out=str(out), unit=107)
    rows = positions([str(out)])
    games = read_rows([out])
    assert sorted({r[1] for r in rows}) == [0, 1, 2, 3]
    assert len(rows) == sum(int(str(g["rounds"])) for g in games)
    first_game = [r for r in rows if r[1] == 0]
    assert [r[2] for r in first_game] == list(range(1, len(first_game) + 1))
    assert any(r[4]["certain"] != 0 for r in rows)
    assert report(rows)[0].startswith("rounds 1-4:")


def made_up(n: int) -> list[Position]:
    """Positions whose margin is 2 x certain - 0.5 x goods + 3 (the file's intercept), exactly."""
    rows: list[Position] = []
    for i in range(n):
        leads = dict.fromkeys(PARTS, 0.0)
        leads["certain"] = float(i % 7 - 3)
        leads["goods"] = float((i * 5) % 11 - 5)
        margin = 2 * leads["certain"] - 0.5 * leads["goods"] + 3
        rows.append(("f", i // 4, i % 4 + 1, 1 if i % 2 else -1, leads, margin))
    return rows


def test_the_fit_finds_the_coefficients_that_made_the_margins() -> None:
    coef, err, sd, n = fit(made_up(80), ["certain", "goods"])
    assert coef == pytest.approx([2.0, -0.5], abs=1e-9)
    assert sd == pytest.approx(0.0, abs=1e-6)
    assert n == 80


def test_held_out_forecasts_come_from_fits_without_the_position_s_game() -> None:
    rows = made_up(80)
    exact = held_out(rows, ["certain", "goods"])
    assert exact == pytest.approx([r[5] for r in rows], abs=1e-9)
    # The evaluation's sum (certain + goods) cannot weight the parts apart: it misses.
    summed = held_out(rows, None)
    assert max(abs(f - r[5]) for f, r in zip(summed, rows, strict=True)) > 1.0
    # One game's margins changed: only its own forecasts stay exact (they come from the others).
    spoiled = [r if r[1] != 0 else (*r[:5], r[5] + 10.0) for r in rows]
    forecast = held_out(spoiled, ["certain", "goods"])
    assert forecast[:4] == pytest.approx([r[5] for r in rows[:4]], abs=1e-9)
    assert max(abs(f - r[5]) for f, r in zip(forecast[4:], rows[4:], strict=True)) > 1e-3


def test_close_keeps_the_games_within_two_points_that_a_won_or_did_not(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=1, seed=7, out=str(out), unit=107)
    rows = read_rows([out])
    rows[1] = dict(rows[1], a_score=0.0, points=[20, 21])  # a close loss; the other is not close
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    lost = positions([str(out)], "lost")
    assert lost and {r[5] for r in lost} == {-1.0}
    assert positions([str(out)], "won") == []
    assert len(positions([str(out)])) > len(lost)


def test_by_round_gives_each_part_s_mean_lead_and_the_margin() -> None:
    # Two games of four rounds, each with one final margin (3 and -2), as recorded games have.
    rows = [(*r[:5], 3.0 if r[1] == 0 else -2.0) for r in made_up(8)]
    lines = by_round(rows)
    assert lines[0].startswith("2 games")
    certain = [float(x) for x in lines[2].split()[1:]]
    assert certain == [sum(r[4]["certain"] for r in rows if r[2] == n) / 2 for n in range(1, 5)]
    evaluation = [float(x) for x in lines[2 + len(PARTS)].split()[1:]]
    assert evaluation == [
        round(sum(sum(r[4].values()) for r in rows if r[2] == n) / 2, 2) for n in range(1, 5)
    ]
    assert lines[-1] == "  final margin +0.50"
