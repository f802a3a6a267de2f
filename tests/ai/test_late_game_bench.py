"""bench/late_game.py: a recorded game's last rounds played again by another player, paired."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from targi import Game
from targi.ai.choose import in_last_actions, in_last_placements

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from jsonl import read_rows  # noqa: E402
from late_game import Late, at_round, run  # noqa: E402
from yardstick import play_match  # noqa: E402

# A benchmark's tool (docs/strength.md), not the page's AI: its playouts (~10 s of test time)
# run in the full suite, marked slow as the other bench tools' tests are.
pytestmark = pytest.mark.slow


def _games(tmp_path: Path) -> Path:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=1, seed=7, out=str(out), unit=107)
    return out


def test_the_position_is_the_recorded_game_at_the_round_s_first_placement(tmp_path: Path) -> None:
    for row in read_rows([_games(tmp_path)]):
        g = at_round(row, 10)
        assert g is not None
        assert (g.round, g.decision, any(g.targis)) == (10, "place", False)
        assert g.record == row["moves"][: len(g.record)]  # type: ignore[index]


def test_late_plays_the_round_on_and_leaves_the_expert_its_end_game(tmp_path: Path) -> None:
    row = read_rows([_games(tmp_path)])[0]
    g = at_round(row, 11)
    assert g is not None
    late = Late("random", 11, seed=1, unit=107, fresh=False)
    asked: list[str] = []

    def by(name: str, inner: object) -> object:
        def choose(game: Game) -> str:
            asked.append(name)
            return inner(game)  # type: ignore[operator]

        return choose

    late.expert, late.inner = by("expert", late.inner), by("inner", late.inner)
    expected: list[str] = []
    while not g.is_over:
        exact = in_last_actions(g) or in_last_placements(g, 1)
        expected.append("expert" if exact else "inner")
        g.play(late(g))
    assert asked == expected
    assert "expert" in asked and "inner" in asked


def test_the_same_player_twice_changes_nothing_and_a_run_goes_on_where_it_stopped(
    tmp_path: Path,
) -> None:
    games, out = _games(tmp_path), tmp_path / "late.jsonl"
    run([str(games)], 11, "greedy", "greedy", "random", (0, 10**9), out)
    rows = read_rows([out])
    assert [(r["seed"], r["a_first"]) for r in rows] == [(7, True), (7, False)]
    for r in rows:
        assert (r["margin"], r["score"]) == (r["base_margin"], r["base_score"])
    run([str(games)], 11, "greedy", "greedy", "random", (0, 10**9), out)
    assert len(read_rows([out])) == 2


def test_a_baseline_from_another_run_is_the_playout_the_level_would_play(tmp_path: Path) -> None:
    games = str(_games(tmp_path))
    first, reused, played = (tmp_path / f"{n}.jsonl" for n in ("first", "reused", "played"))
    run([games], 11, "greedy", "random", "greedy", (0, 10**9), first)
    run([games], 11, "late:greedy", "random", "greedy", (0, 10**9), reused, baselines=[first])
    run([games], 11, "late:greedy", "random", "greedy", (0, 10**9), played)
    keys = ("base_margin", "base_score")
    assert [[r[k] for k in keys] for r in read_rows([reused])] == [
        [r[k] for k in keys] for r in read_rows([first])
    ]
    timeless = [
        [{k: v for k, v in r.items() if "cpu" not in k} for r in read_rows([f])]
        for f in (reused, played)
    ]
    assert timeless[0] == timeless[1]


def test_a_baseline_given_is_taken_not_played_again(tmp_path: Path) -> None:
    games = str(_games(tmp_path))
    first, doctored, out = (tmp_path / f"{n}.jsonl" for n in ("first", "doctored", "out"))
    run([games], 11, "greedy", "random", "greedy", (0, 10**9), first)
    rows = read_rows([first])
    doctored.write_text("".join(json.dumps({**r, "base_margin": 99.0}) + "\n" for r in rows))
    run([games], 11, "late:greedy", "random", "greedy", (0, 10**9), out, baselines=[doctored])
    assert [r["base_margin"] for r in read_rows([out])] == [99.0, 99.0]
