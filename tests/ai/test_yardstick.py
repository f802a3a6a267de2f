"""The ISMCTS yardstick (bench/yardstick.py): legal, deterministic, blind to the hidden cards."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from targi import Game
from targi.players import RandomPlayer
from targi.scoring import score

from .positions import first_with, random_positions
from .test_honesty import _face_down, _reordered

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from jsonl import read_rows  # noqa: E402
from yardstick import (  # noqa: E402
    Yardstick,
    merge,
    paired,
    play_match,
    playout,
    playout_move,
    rounds,
    summary,
)

# The yardstick is a benchmark's opponent (docs/strength.md), not the page's AI: its searches
# (~3 s of test time) run in the full suite, marked slow as the other bench tools' tests are;
# `build.py test --quick` keeps its playout's and its summary's tests below.
searches = pytest.mark.slow


def _statistics(player: Yardstick) -> dict[str, tuple[int, float, int]]:
    assert player.root is not None
    return {m: (e.visits, e.wins, e.available) for m, e in player.root.edges.items()}


@searches
def test_the_yardstick_plays_only_legal_moves() -> None:
    for g in random_positions(range(3), every=17):
        if g.is_over:
            continue
        assert Yardstick(12, seed=4)(g) in g.legal_moves()


@searches
def test_the_yardstick_plays_a_whole_game_against_random() -> None:
    g = Game.new(11, 1)
    players = (RandomPlayer(3), Yardstick(8, seed=5))
    while not g.is_over:
        g.play(players[g.player](g))  # play() refuses an illegal move
    assert g.is_over


@searches
def test_the_same_seed_gives_the_same_move_and_the_same_tree() -> None:
    g = first_with(21, lambda g: g.decision == "act" and g.round > 1)
    a, b = Yardstick(60, seed=9), Yardstick(60, seed=9)
    assert a(g) == b(g)
    assert _statistics(a) == _statistics(b)


@searches
def test_the_yardstick_never_reads_the_hidden_cards() -> None:
    """Reordering the decks, the face-down central cards and the reshuffle generator changes
    neither the move nor a single statistic of the tree."""
    g = first_with(21, lambda g: g.decision == "act" and len(_face_down(g)) >= 1)
    h = _reordered(g)
    assert any(g.central[i] != h.central[i] for i in _face_down(g))
    a, b = Yardstick(60, seed=2), Yardstick(60, seed=2)
    assert a(g) == b(h)
    assert _statistics(a) == _statistics(b)


@searches
def test_the_tree_is_kept_between_decisions_of_one_turn() -> None:
    """An action, then the next decision of the same turn: the second search starts from the
    subtree the first one grew under the move it played."""
    g = first_with(5, lambda g: g.decision == "act" and len(g.legal_moves()) >= 4)
    player = Yardstick(80, seed=1)
    p = g.player
    g.play(player(g))
    assert g.player == p and len(g.legal_moves()) > 1
    player(g)
    assert player.reused == 1
    assert player.root is not None and player.root.visits > 80  # the kept visits, then 80 more


def test_a_playout_ends_the_game() -> None:
    g = Game.new(3, 0)
    playout(g, random.Random(0))
    assert g.is_over


def test_the_playout_buys_a_tribe_card_it_can_pay_for() -> None:
    g = first_with(8, lambda g: g.decision == "tribe" and "b" in g.legal_moves())
    assert playout_move(g, g.legal_moves(), random.Random(0)) == "b"


def test_the_playout_takes_every_action_it_has() -> None:
    g = first_with(8, lambda g: g.decision == "act")
    assert playout_move(g, g.legal_moves(), random.Random(0)) != "done"


def test_the_playout_pays_the_last_raid_in_gold() -> None:
    g = first_with(12, lambda g: g.decision == "raid" and "lG" in g.legal_moves(), limit=2000)
    assert playout_move(g, g.legal_moves(), random.Random(0)) == "lG"


def test_a_match_row_holds_the_game_s_moves_and_they_replay_it(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=1, seed=7, out=str(out), unit=107)
    rows = read_rows([out])
    assert [r["a_first"] for r in rows] == [True, False]
    for r in rows:
        g = Game.replay(r["seed"], 0 if r["a_first"] else 1, r["moves"])
        assert g.is_over
        assert r["points"] == [score(g, 0).total, score(g, 1).total]


def test_rounds_replays_each_seat_s_games_to_its_lead_at_every_round_s_end(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=1, seed=7, out=str(out), unit=107)
    games = read_rows([out])
    lines = rounds([str(out)])
    assert [line.split(":")[0] for line in lines[:12:6]] == [
        "greedy v random, A first",
        "greedy v random, A second",
    ]
    for g, block in zip(games, (lines[:6], lines[6:12]), strict=True):
        replayed = Game.replay(g["seed"], 0 if g["a_first"] else 1, g["moves"])
        played = [int(n) for n in block[1].split()[1:]]
        assert played == list(range(1, replayed.rounds_played + 1))
        last = float(block[2].split()[-1])
        assert last == g["points"][0] - g["points"][1]  # the lead at the end is the margin
        changes = [float(d) for d in block[3].split()[1:]]
        assert abs(sum(changes) - last) < 0.05 * len(changes)  # rounded to 0.1 each
        won, rest = (json.loads(line.split(":", 1)[1]) for line in block[4:6])
        assert (won, rest) == (([int(last)], []) if g["a_score"] == 1.0 else ([], [int(last)]))


def test_rounds_sets_the_close_games_apart_with_their_leads(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=1, seed=7, out=str(out), unit=107)
    games = read_rows([out])
    # The two games as recorded, the second doctored into a 1-point loss: it counts as close,
    # and its leads are still the replayed game's.
    close = dict(games[1], a_score=0.0, points=[20, 21])
    out.write_text(json.dumps(games[0]) + "\n" + json.dumps(close) + "\n")
    block = rounds([str(out)])[12:15]
    far_margin = games[0]["points"][0] - games[0]["points"][1]  # type: ignore[index]
    assert abs(far_margin) > 2  # greedy beats random by more than 2 on this seed
    far = "1-0-0" if games[0]["a_score"] == 1.0 else "0-1-0"
    assert block[0] == f"greedy v random: within 2 points 0-1-0 of 1; by more {far} of 1"
    assert block[1].startswith("  close lost lead") and "gold and goods" in block[2]
    replayed = Game.replay(close["seed"], 0 if close["a_first"] else 1, close["moves"])
    leads = [float(x) for x in block[1].split()[3:]]
    assert len(leads) == replayed.rounds_played
    assert leads[-1] == score(replayed, 0).total - score(replayed, 1).total


def test_rounds_shows_the_gold_and_goods_held_and_who_won_the_games_level_on_points(
    tmp_path: Path,
) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=1, seed=7, out=str(out), unit=107)
    games = read_rows([out])
    # The second game doctored into a tie on points that A lost: the tie-break's holdings are
    # the replayed game's.
    level = dict(games[1], a_score=0.0, points=[20, 20])
    out.write_text(json.dumps(games[0]) + "\n" + json.dumps(level) + "\n")
    block = rounds([str(out)])[14:]
    ends = []
    for g in (games[0], level):
        replayed = Game.replay(g["seed"], 0 if g["a_first"] else 1, g["moves"])
        ends.append([(score(replayed, p).gold, score(replayed, p).goods) for p in (0, 1)])
    assert block[0].startswith("greedy v random: gold and goods held")
    labels = block[1].split()
    assert labels[0] == "r9" and labels[-2:] == ["raid", "end"]
    gold_end = block[2].split()[-1].split(",")
    goods_end = block[3].split()[-1].split(",")
    for seat in (0, 1):
        assert float(gold_end[seat]) == pytest.approx(sum(e[seat][0] for e in ends) / 2, abs=0.05)
        assert float(goods_end[seat]) == pytest.approx(sum(e[seat][1] for e in ends) / 2, abs=0.05)
    holding = [sum(1 for e in ends if e[seat][0] > 0) for seat in (0, 1)]
    a, b = ends[1]
    assert block[4] == (
        f"  ended holding gold: A {holding[0]} of 2, B {holding[1]}; level on points 1 (A won 0):"
        f" A held more (gold, goods) in {int(a > b)}, B in {int(b > a)}"
    )


def test_rounds_leaves_out_a_match_with_half_a_seed_pair(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    play_match("greedy", "random", pairs=1, seed=7, out=str(out), unit=107)
    out.write_text(out.read_text().splitlines()[0] + "\n")  # a stopped run's first game
    assert rounds([str(out)]) == []


def test_the_summary_counts_whole_seed_pairs_by_who_started(tmp_path: Path) -> None:
    rows = [
        '{"a": "hard", "b": "yardstick:4", "unit": 107, "seed": 1, "a_first": true, '
        '"a_score": 1.0, "points": [30, 20], "cpu": [1, 4], "decisions": [10, 10]}',
        '{"a": "hard", "b": "yardstick:4", "unit": 107, "seed": 1, "a_first": false, '
        '"a_score": 0.0, "points": [20, 25], "cpu": [1, 4], "decisions": [10, 10]}',
        '{"a": "hard", "b": "yardstick:4", "unit": 107, "seed": 2, "a_first": true, '
        '"a_score": 1.0, "points": [30, 20], "cpu": [1, 4], "decisions": [10, 10]}',
        '{"a": "hard", "b": "yardstick:4", "unit": 107, "seed": 2, "a_first": fal',
    ]
    path = tmp_path / "m.jsonl"
    path.write_text("\n".join(rows))
    lines = summary([str(path)])
    assert len(lines) == 2
    assert " 2 " in lines[1] and "1-1-0" in lines[1] and "50.0%" in lines[1]
    assert "100.0%" in lines[1] and "0.0%" in lines[1]  # A first, A second


def test_the_summary_summarises_other_benches_files_and_skips_unknown_ones(tmp_path: Path) -> None:
    # bench/results holds the last-round and last-placement benches' lines beside the matches:
    # `summary bench/results/*.jsonl` reads them all.
    match = tmp_path / "m.jsonl"
    match.write_text(
        '{"a": "expert", "b": "hard", "unit": 107, "seed": 1, "a_first": true, "a_score": 1.0,'
        ' "points": [30, 20], "cpu": [1, 4], "decisions": [10, 10]}\n'
        '{"a": "expert", "b": "hard", "unit": 107, "seed": 1, "a_first": false, "a_score": 1.0,'
        ' "points": [25, 20], "cpu": [1, 4], "decisions": [10, 10]}\n'
    )
    rounds = tmp_path / "last-round.jsonl"
    rounds.write_text(
        '{"variant": "v", "level": "expert", "seed": 1, "seat": 0, "places_last": true,'
        ' "margin": 3.0, "base_margin": 1.0, "score": 1.0, "base_score": 1.0,'
        ' "same_moves": false, "cpu": 0.5, "base_cpu": 0.5}\n'
    )
    placements = tmp_path / "last-placement.jsonl"
    placements.write_text(
        '{"seed": 1, "reference": {"t1": 2.0, "t2": 1.0}, "wins": {"t1": 1, "t2": 0},'
        ' "expert": {"move": "t2", "gives_up": 1.0, "cpu": 0.5},'
        ' "expert-spend": {"move": "t1", "gives_up": 0.0, "cpu": 0.5}}\n'
    )
    mid = tmp_path / "mid-placements.jsonl"
    mid.write_text(
        '{"seed": 1, "index": 0, "round": 2, "expert": {"move": "t1", "cpu": 1.0},'
        ' "expert-tempo": {"move": "t2", "cpu": 1.0}}\n'
    )
    late = tmp_path / "late-game.jsonl"
    late.write_text(
        '{"variant": "late:v", "level": "expert", "opponent": "yardstick:16", "round": 10,'
        ' "game": "expert v yardstick:16", "seed": 1, "a_first": true, "margin": -1.0,'
        ' "base_margin": 2.0, "score": 0.0, "base_score": 1.0, "cpu": 0.5, "base_cpu": 0.4}\n'
    )
    unknown = tmp_path / "notes.jsonl"
    unknown.write_text('{"what": "else"}\n')
    lines = summary([str(p) for p in (match, rounds, placements, mid, late, unknown)])
    text = "\n".join(lines)
    assert "expert v hard" in lines[1] and "2-0-0" in lines[1]
    assert "1 last round lines" in text and "margin +2.00" in text
    assert "expert: misses the solved move in 1 of 1" in text
    assert "expert-spend: misses the solved move in 0 of 1" in text
    assert "expert-tempo: 1 placements, 1 placed otherwise than expert" in text
    assert "1 late game lines" in text and "margin -3.00" in text
    assert "wins gained 0, lost 1" in text
    assert f"{unknown}: 1 unknown lines, skipped" in text


def test_merge_appends_only_the_games_the_row_does_not_hold(tmp_path: Path) -> None:
    def game(seed: int, a_first: bool, b: str = "yardstick:16") -> dict[str, object]:
        return {"a": "expert", "b": b, "unit": 107, "seed": seed, "a_first": a_first}

    row, copy = tmp_path / "row.jsonl", tmp_path / "copy.jsonl"
    held = [game(1, True), game(1, False), game(2, True)]
    row.write_text("".join(json.dumps(g) + "\n" for g in held))
    # The copy repeats the row's games of seed 1, completes seed 2, adds seed 3, has another
    # match's game on a held seed, and ends on a line cut short.
    extra = [game(1, True), game(2, False), game(3, True), game(1, True, b="hard")]
    copy.write_text("".join(json.dumps(g) + "\n" for g in extra) + '{"a": "exp')
    assert merge(str(row), [str(copy)]) == (3, 1)
    assert read_rows([row]) == [*held, extra[1], extra[2], extra[3]]
    assert merge(str(row), [str(copy)]) == (0, 4)  # again: nothing new


def test_paired_sets_two_rows_side_by_side_on_the_deals_both_played_whole(tmp_path: Path) -> None:
    def game(a: str, seed: int, a_first: bool, a_score: float, margin: int) -> str:
        return json.dumps(
            {"a": a, "b": "yardstick:16", "unit": 107, "seed": seed, "a_first": a_first,
             "a_score": a_score, "points": [20 + margin, 20]}
        )  # fmt: skip

    base, other = tmp_path / "base.jsonl", tmp_path / "other.jsonl"
    # Seed 1: the base loses both games, the other wins one. Seed 2: both win both. Seed 3:
    # only in the base. Seed 4: the other has half a pair (a stopped run's), left out.
    base.write_text(
        "\n".join(
            [game("expert", 1, True, 0.0, -3), game("expert", 1, False, 0.0, -1)]
            + [game("expert", 2, True, 1.0, 4), game("expert", 2, False, 1.0, 2)]
            + [game("expert", 3, True, 1.0, 1), game("expert", 3, False, 1.0, 1)]
            + [game("expert", 4, True, 0.0, -1), game("expert", 4, False, 0.0, -1)]
        )
    )
    other.write_text(
        "\n".join(
            [game("gold", 1, True, 1.0, 1), game("gold", 1, False, 0.0, -1)]
            + [game("gold", 2, True, 1.0, 2), game("gold", 2, False, 1.0, 2)]
            + [game("gold", 4, True, 1.0, 5)]
        )
    )
    lines = paired(str(base), str(other))
    assert lines[0] == (
        "gold against expert, both v yardstick:16 (107/x), on the same 4 games (2 seed pairs, 1-2)"
    )
    assert lines[2].split() == ["all", "50.0%", "75.0%"]
    assert lines[3].split() == ["A", "first", "50.0%", "100.0%"]
    assert lines[4].split() == ["A", "second", "50.0%", "50.0%"]
    # Per seed pair: +0.5 and 0 (mean +0.25); margins +2 and -1 (mean +0.5).
    assert "score +0.250 (95% " in lines[5] and "margin +0.50 (95% " in lines[5]
    assert lines[5].endswith("games gained 1, lost 0")


def test_paired_refuses_rows_against_different_opponents(tmp_path: Path) -> None:
    base, other = tmp_path / "base.jsonl", tmp_path / "other.jsonl"
    row = {"a": "expert", "b": "hard", "unit": 107, "seed": 1, "a_first": True, "a_score": 1.0}
    base.write_text(json.dumps(row) + "\n")
    other.write_text(json.dumps({**row, "b": "yardstick:16"}) + "\n")
    with pytest.raises(SystemExit, match="B is hard and yardstick:16 \\(107/x\\)"):
        paired(str(base), str(other))


def test_the_summary_skips_replayed_moves_which_hold_no_result(tmp_path: Path) -> None:
    # bench/blunders.py keeps a game's moves replayed in bench/results/replayed-moves.jsonl:
    # the match's names and seed, no result. `summary bench/results/*.jsonl` reads it too.
    replayed = tmp_path / "replayed-moves.jsonl"
    replayed.write_text(
        '{"a": "expert", "b": "yardstick:4", "seed": 1, "a_first": true, "unit": 107,'
        ' "points": [17, 18], "moves": ["t7"]}\n'
    )
    assert summary([str(replayed)])[1:] == [f"{replayed}: 1 unknown lines, skipped"]
