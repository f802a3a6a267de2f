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
from late_game import Late, at_round, carried, reseeded, run  # noqa: E402
from yardstick import Yardstick, play_match  # noqa: E402

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


def _yardstick_games(tmp_path: Path) -> Path:
    out = tmp_path / "y.jsonl"
    play_match("greedy", "yardstick:1", pairs=1, seed=7, out=str(out), unit=3)
    return out


def test_the_carried_opponent_is_the_match_s_own_and_plays_the_game_on_as_recorded(
    tmp_path: Path,
) -> None:
    for row in read_rows([_yardstick_games(tmp_path)]):
        rebuilt = carried(row, 10, unit=3)
        assert rebuilt is not None and carried(row, 99, unit=3) is None
        g, b = rebuilt
        assert g.record == at_round(row, 10).record  # type: ignore[union-attr]
        assert isinstance(b, Yardstick) and b.root is not None and b.reused > 0
        moves = row["moves"]
        assert isinstance(moves, list)
        for move in moves[len(g.record) :]:
            if g.player == 1:
                assert b(g) == move  # its tree and generator as they were in the match
            g.play(move)
        assert g.is_over


def test_a_carried_opponent_that_is_not_the_match_s_stops_the_run(tmp_path: Path) -> None:
    row = read_rows([_yardstick_games(tmp_path)])[0]
    with pytest.raises(ValueError, match="not the match's own player"):
        carried({**row, "b": "yardstick:30"}, 10, unit=3)
    with pytest.raises(ValueError, match="was not played against"):
        run([str(_yardstick_games(tmp_path))], 10, "greedy", "greedy", "yardstick:2",
            (0, 10**9), tmp_path / "out.jsonl", unit=3, carry=True)  # fmt: skip


def test_a_reseeded_copy_keeps_the_tree_and_leaves_the_original_alone(tmp_path: Path) -> None:
    row = read_rows([_yardstick_games(tmp_path)])[0]
    rebuilt = carried(row, 10, unit=3)
    assert rebuilt is not None
    b = rebuilt[1]
    assert isinstance(b, Yardstick) and b.root is not None
    copy = reseeded(b, 5)
    assert isinstance(copy, Yardstick) and copy.root is not None
    assert copy.root is not b.root and copy.root.visits == b.root.visits
    assert copy.seen == b.seen and copy.rng.getstate() != b.rng.getstate()


def test_a_carried_run_records_it_and_takes_baselines_only_from_carried_runs(
    tmp_path: Path,
) -> None:
    games = str(_yardstick_games(tmp_path))
    plain, out = tmp_path / "plain.jsonl", tmp_path / "carried.jsonl"
    run([games], 11, "greedy", "greedy", "yardstick:1", (0, 10**9), plain, unit=3)
    doctored = tmp_path / "doctored.jsonl"
    doctored.write_text(
        "".join(json.dumps({**r, "base_margin": 99.0}) + "\n" for r in read_rows([plain]))
    )
    run([games], 11, "greedy", "greedy", "yardstick:1", (0, 10**9), out, unit=3,
        baselines=[doctored], carry=True)  # fmt: skip
    rows = read_rows([out])
    assert [r["carried"] for r in rows] == [True, True]
    assert all(r["base_margin"] != 99.0 for r in rows)  # a fresh opponent's playout is not one
    for r in rows:
        assert (r["margin"], r["score"]) == (r["base_margin"], r["base_score"])
