"""bench/blunders.py judges side A's searched decisions of recorded games by a deeper search."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from targi import Game
from targi.ai import choose
from targi.ai.levels import setting
from targi.ai.policy import QUICK

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import blunders  # noqa: E402
from blunders import reference_level, run, summary  # noqa: E402
from jsonl import read_rows  # noqa: E402
from yardstick import play_match  # noqa: E402

# A benchmark's tool: a game of easy v random and its judging take a few seconds, so the full
# suite runs it and `build.py test --quick` does not.
pytestmark = pytest.mark.slow


def test_the_reference_is_the_level_with_more_nodes_more_deals_and_exact_root_values() -> None:
    expert, ref = setting("expert"), reference_level("expert", 8, 16)
    assert (ref.nodes, ref.endgame_nodes) == (8 * expert.nodes, 8 * expert.endgame_nodes)
    assert (ref.samples, ref.endgame_samples, ref.exact_root) == (16, 16, True)
    assert ref.weights == expert.weights


def test_every_searched_decision_of_side_a_is_judged_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games, out = tmp_path / "m.jsonl", tmp_path / "b.jsonl"
    play_match("easy", "random", pairs=1, seed=3, out=str(games), unit=107)
    first = read_rows([games])[0]
    first_moves = first.pop("moves")  # a row of an older run: played again from its seeds
    rows = [first, read_rows([games])[1]]
    games.write_text("".join(json.dumps(r) + "\n" for r in rows))
    kept = tmp_path / "replayed.jsonl"
    run(games, lost=False, times=1, deals=1, out=out, levels=("easy", "medium"), replayed=kept)
    assert [r["moves"] for r in read_rows([kept])] == [first_moves]
    judged = read_rows([out])
    for j in judged:
        assert float(str(j["gap"])) >= 0  # the reference's best is worth most by its values
        assert set(j["levels"]) == {"easy", "medium"}  # type: ignore[arg-type]
        assert all(move in j["values"] for move, _ in j["levels"].values())  # type: ignore[attr-defined]
    second = read_rows([games])[1]
    g = Game.new(int(str(second["seed"])), 0 if second["a_first"] else 1)
    expected = []
    for at, move in enumerate(second["moves"]):  # type: ignore[arg-type]
        if g.player == 0 and len(g.legal_moves()) > 1 and g.decision not in QUICK:
            expected.append((at, move))
        g.play(move)
    assert [(j["at"], j["played"]) for j in judged if j["a_first"] is False] == expected
    assert {j["a_first"] for j in judged} == {True, False}
    monkeypatch.setattr(blunders, "play_game", None)  # the older row's moves come from `kept`
    run(games, lost=False, times=1, deals=1, out=out, replayed=kept)  # a second run adds nothing
    assert len(read_rows([out])) == len(judged)
    lines = summary([str(out)])
    assert lines[0] == f"{len(judged)} decisions of 2 games judged by the reference"
    at = next(i for i, line in enumerate(lines) if line.startswith("by level"))
    assert [line.split(":")[0].strip() for line in lines[at + 1 : at + 4]] == [
        "played",
        "easy",
        "medium",
    ]


def test_a_row_played_again_to_other_points_is_refused(tmp_path: Path) -> None:
    games, out = tmp_path / "m.jsonl", tmp_path / "b.jsonl"
    play_match("easy", "random", pairs=1, seed=3, out=str(games), unit=107)
    row = read_rows([games])[0]
    row.pop("moves")
    row["points"] = [0, 0]
    games.write_text(json.dumps(row) + "\n")
    kept = tmp_path / "replayed.jsonl"
    with pytest.raises(SystemExit, match="played again to"):
        run(games, lost=False, times=1, deals=1, out=out, replayed=kept)
    assert not out.exists() and not kept.exists()


def test_the_summary_counts_each_level_s_gap_from_the_reference_s_best(tmp_path: Path) -> None:
    out = tmp_path / "b.jsonl"
    row = {"seed": 1, "a_first": True, "a_score": 0.0, "round": 3, "decision": "place"}
    values = {"t1": 2.0, "t2": 1.5, "t3": 0.5}
    rows = [
        row | {"at": 0, "played": "t2", "gap": 0.5, "values": values, "levels": {"x": ["t3", 1]}},
        row | {"at": 4, "played": "t1", "gap": 0.0, "values": values, "levels": {"x": ["t1", 1]}},
    ]
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    lines = summary([str(out)])
    at = lines.index(
        "by level, same decisions: moved otherwise than the reference, VP given up a game"
    )
    assert lines[at + 1].split() == ["played:", "1", "0.50"]
    assert lines[at + 2].split()[:3] == ["x:", "1", "1.50"]
    assert "a decision +0.000 " in lines[at + 2]  # x is its own baseline (the first level)


def test_the_solved_reference_searches_the_last_round_s_actions_to_the_end_in_every_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ref = reference_level("easy", 1, 2, solved=True)
    assert ref.prune and ref.endgame_nodes >= 10**9 and ref.max_depth >= 40
    games, out = tmp_path / "m.jsonl", tmp_path / "b.jsonl"
    play_match("easy", "random", pairs=1, seed=3, out=str(games), unit=107)
    monkeypatch.setattr(choose, "MAX_DEALS", 4)  # 64 in play: seconds a decision
    run(
        games,
        lost=False,
        times=1,
        deals=2,
        out=out,
        rounds=(12,),
        solved=True,
        replayed=tmp_path / "r.jsonl",
    )
    judged = read_rows([out])
    row = read_rows([games])[0]
    g = Game.new(int(str(row["seed"])), 0 if row["a_first"] else 1)
    expected = []
    for at, move in enumerate(row["moves"]):  # type: ignore[arg-type]
        searched = len(g.legal_moves()) > 1 and g.decision not in QUICK
        if g.player == 0 and g.round == 12 and searched:
            expected.append(at)  # every one valued, a good to take and "done" alike
        g.play(move)
    assert [j["at"] for j in judged if j["a_first"] == row["a_first"]] == expected
    actions = [j for j in judged if j["decision"] != "place"]
    assert actions  # each solved in its deal, so dealt on to the end game's most deals
    assert all(j["deals"] == 4 and j["solved"] for j in actions)
