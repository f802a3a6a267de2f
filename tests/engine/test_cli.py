"""The command line, `python -m targi`: selfplay, replay, cards, bench (docs/engine.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from targi import save
from targi.cards import COLUMNS
from targi.cli import main

REPO = Path(__file__).resolve().parents[2]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_selfplay_json_one_object_per_game(capsys):
    code, out, _ = run(
        capsys, "selfplay", "--games", "2", "--seed", "7", "--players", "random,random", "--json"
    )
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 2
    for seed, line in zip((7, 8), lines, strict=True):
        game = json.loads(line)
        assert {"seed", "rounds", "winner", "scores", "moves", "save"} <= set(game)
        assert game["seed"] == seed and 1 <= game["rounds"] <= 12
        assert game["winner"] in (0, 1, None) and len(game["scores"]) == 2
        assert {"tokens", "cards", "card_bonuses", "rows", "total"} <= set(game["scores"][0])
        g, _ = save.decode(game["save"])
        assert g.is_over and len(g.record) == game["moves"] and g.seed == seed


def test_cli_selfplay_text_and_bad_players(capsys):
    code, out, _ = run(
        capsys, "selfplay", "--games", "1", "--seed", "3", "--players", "random,random"
    )
    assert code == 0 and out.startswith("seed 3: ") and "rounds" in out
    code, _, err = run(capsys, "selfplay", "--players", "random")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run(capsys, "selfplay", "--players", "random,nobody")
    assert code == 2 and "nobody" in err and err.count("\n") == 1


def test_cli_replay_prints_the_move_log_and_final_scores(capsys):
    _, out, _ = run(capsys, "selfplay", "--seed", "5", "--players", "random,random", "--json")
    text = json.loads(out)["save"]
    code, out, err = run(capsys, "replay", text)
    assert code == 0 and err == ""
    assert out.startswith("seed 5, Blue starts")
    assert "round  1  Blue t" in out and "--- game over" in out
    assert "Blue: " in out and "Red: " in out and ("wins (decided by" in out or "Draw." in out)


def test_cli_replay_of_an_invalid_string_exits_2_with_one_line_on_stderr():
    env = dict(os.environ, PYTHONPATH=str(REPO / "py"))
    done = subprocess.run(
        [sys.executable, "-m", "targi", "replay", "Tnot-a-save-string"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("targi: damaged save string")


def test_cli_cards_json_uses_the_csv_column_names(capsys):
    code, out, _ = run(capsys, "cards", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 80
    assert all(tuple(r) == COLUMNS for r in rows)
    assert rows[0]["id"] == "B01" and rows[-1]["effect"] == "goods_bonus:D"


def test_cli_cards_text(capsys):
    code, out, _ = run(capsys, "cards")
    assert code == 0 and len(out.splitlines()) == 80 and "T22 tribe " in out


def test_cli_bench_prints_its_three_figures(capsys):
    code, out, _ = run(capsys, "bench", "--seconds", "0.05")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert lines[0].startswith("complete random games: ") and "per second" in lines[0]
    assert lines[1].startswith("moves applied: ") and "per second" in lines[1]
    assert lines[2].startswith("legal-move lists: ") and "per second" in lines[2]


def test_cli_replay_of_a_game_in_progress(capsys):
    from targi import Game

    g = Game.new(33, 1)
    g.play(g.legal_moves()[0])
    code, out, _ = run(capsys, "replay", save.encode(g))
    assert code == 0 and out.startswith("seed 33, Red starts")
    assert "(game in progress: Blue to move, deciding place)" in out
