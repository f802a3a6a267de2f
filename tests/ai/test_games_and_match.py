"""Whole games against random at every level, the match command and its statistics."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from targi import Game, result
from targi.ai.choose import decide
from targi.ai.match import schedule, wilson
from targi.cli import main
from targi.players import RandomPlayer
from targi.registry import make_player

REDUCED = {"easy": None, "medium": 250, "hard": 500}  # nodes: keeps the test quick


@pytest.mark.slow  # whole games: the full suite plays them, `build.py test --quick` does not
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_level_plays_a_whole_game_against_random_and_wins(level):
    for seed, ai_seat in ((11, 0), (12, 1))[: 2 if level == "easy" else 1]:
        g = Game.new(seed, first_player=seed % 2)
        rnd = RandomPlayer(seed)
        while not g.is_over:
            if g.player == ai_seat:
                move = decide(g, level, seed=len(g.record), nodes=REDUCED[level]).move
            else:
                move = rnd(g)
            g.play(move)
        assert g.is_over
        assert result(g)[0] == ai_seat


def test_make_player_knows_the_levels_lazily():
    player = make_player("hard", 3)
    g = Game.new(2)
    assert player(g) in g.legal_moves()
    with pytest.raises(ValueError, match="hard"):
        make_player("grandmaster", 1)


def test_wilson_interval_matches_the_textbook_value():
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(1.0, 200)[0] == pytest.approx(0.9812, abs=1e-4)


def test_each_seed_is_played_twice_first_by_a_then_by_b():
    assert schedule(4, 10) == [(10, True), (10, False), (11, True), (11, False)]


def test_match_command_prints_a_json_line_with_games_and_win_rate(capsys):
    assert main(["match", "--players", "easy,random", "--games", "2", "--seed", "3", "--json"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    summary = json.loads(last)
    assert summary["games"] == 2 and 0.0 <= summary["win_rate"] <= 1.0
    assert summary["players"] == ["easy", "random"]


def test_match_command_refuses_an_unknown_player(capsys):
    assert main(["match", "--players", "easy,nobody", "--games", "2"]) == 2
    assert "two of" in capsys.readouterr().err


def _pool(paths: list[str], capsys) -> tuple[int, str, str]:
    """bench/ai_matches.py (a script, not a module of the package) on the given logs."""
    script = Path(__file__).resolve().parents[2] / "bench" / "ai_matches.py"
    spec = importlib.util.spec_from_file_location("ai_matches", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    code = module.main(paths)
    out = capsys.readouterr()
    return code, out.out, out.err


def _chunk(tmp_path, name: str, seed: int, games: int, wins: int) -> str:
    summary = {"players": ["hard", "medium"], "games": games, "seed": seed, "wins": wins,
               "losses": games - wins, "draws": 0, "mean_margin": 2.0}  # fmt: skip
    path = tmp_path / name
    path.write_text("game    1 ...\n" + json.dumps(summary) + "\n")
    return str(path)


def test_match_chunks_pool_into_one_win_rate(tmp_path, capsys):
    a = _chunk(tmp_path, "final-hard-medium-s100.log", 100, 20, 15)
    b = _chunk(tmp_path, "final-hard-medium-s110.log", 110, 20, 16)
    code, out, _ = _pool([a, b], capsys)
    assert code == 0 and "hard v medium" in out and " 40 " in out and "31-9-0" in out


def test_a_match_chunk_given_twice_is_refused_not_counted_twice(tmp_path, capsys):
    a = _chunk(tmp_path, "final-hard-medium-s100.log", 100, 20, 15)
    b = _chunk(tmp_path, "final-hard-medium-s105.log", 105, 20, 16)  # seeds 105-109 again
    code, out, err = _pool([a, b], capsys)
    assert code == 2 and "overlap" in err and "hard v medium" not in out
