"""bench/second_opinion.py: a level's decisions set beside the yardstick's choice there."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from targi import Game
from targi.ai.policy import QUICK

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from jsonl import read_rows  # noqa: E402
from second_opinion import run, summary  # noqa: E402
from yardstick import play_match  # noqa: E402

pytestmark = pytest.mark.slow


def test_side_a_s_searched_decisions_of_the_rounds_asked_are_put_to_the_yardstick(
    tmp_path: Path,
) -> None:
    games, out = tmp_path / "m.jsonl", tmp_path / "o.jsonl"
    play_match("greedy", "random", pairs=1, seed=7, out=str(games), unit=107)
    run(games, None, [3], times=1, out=out, unit=20)
    rows = read_rows([out])
    recorded = {(r["seed"], r["a_first"]): r for r in read_rows([games])}
    assert {(r["seed"], r["a_first"]) for r in rows} == set(recorded)
    for r in rows:
        game = recorded[(r["seed"], r["a_first"])]
        g = Game.replay(r["seed"], 0 if r["a_first"] else 1, game["moves"][: r["index"]])
        assert (g.player, g.round, g.decision) == (0, 3, r["decision"])
        assert r["decision"] not in QUICK and len(g.legal_moves()) > 1
        assert r["played"] == game["moves"][r["index"]]
        assert r["reference"] in g.legal_moves()
        assert 0.0 <= r["played_rate"] <= 1.0 and r["reference_visits"] > 0
    # Again: every decision is held, nothing is asked twice.
    before = out.read_text()
    run(games, None, [3], times=1, out=out, unit=20)
    assert out.read_text() == before


def test_only_the_close_games_asked_for_are_read(tmp_path: Path) -> None:
    games, out = tmp_path / "m.jsonl", tmp_path / "o.jsonl"
    play_match("greedy", "random", pairs=1, seed=7, out=str(games), unit=107)
    rows = read_rows([games])
    rows[1] = dict(rows[1], a_score=0.0, points=[20, 21])  # a close loss; the other is not close
    games.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run(games, "lost", [2], times=1, out=out, unit=20)
    assert {r["a_first"] for r in read_rows([out])} == {rows[1]["a_first"]}
    run(games, "won", [2], times=1, out=tmp_path / "w.jsonl", unit=20)
    assert read_rows([tmp_path / "w.jsonl"]) == []


def test_the_summary_counts_differences_and_gaps_by_decision() -> None:
    def row(kind: str, played: str, ref: str, p: float, r: float) -> dict[str, object]:
        return {
            **{"game": "g", "seed": 1, "a_first": True, "decision": kind},
            **{"played": played, "reference": ref, "played_rate": p, "reference_rate": r},
        }

    lines = summary(
        [
            row("act", "u1", "u2", 0.25, 0.75),
            row("act", "u1", "u1", 0.5, 0.5),
            row("place", "t1", "t2", 0.5, 0.6),
            row("act", "u1", "u2", 0.4, 0.6),
        ]
    )
    assert lines[0] == "4 decisions of side A in 1 games"
    assert lines[2].split()[:4] == ["all", "4", "3", "+0.200"]
    assert lines[3].split()[:4] == ["act", "3", "2", "+0.233"]
    assert "act: u1 -> u2, 2" in lines[-2]
