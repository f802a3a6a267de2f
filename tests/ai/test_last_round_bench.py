"""bench/last_round.py replays the last round with a variant in one seat: the level's player
repeats the baseline's moves only while the game is still on the baseline's path."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from targi import Game
from targi.ai.evaluate import rounds_after_this

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from last_round import last_round, play_out, summary  # noqa: E402

# One worker runs both, so the module's game below is played once under xdist too. Slow: the
# last round played out by medium and easy checks a benchmark's tool, not the AI's core, so the
# full suite runs it and `build.py test --quick` does not.
pytestmark = [pytest.mark.xdist_group("last-round-bench"), pytest.mark.slow]


@pytest.fixture(scope="module")
def last_round_game() -> Game | None:
    """Played once for both (play_out clones the game it is given). Greedy players take it to
    the last round, not the bench's medium (6.6 s of CPU): where the game stops and how the
    last round is played out are the same code whoever played the first eleven rounds."""
    return last_round(95001, "greedy")


def test_the_last_round_starts_at_its_first_placement(last_round_game: Game | None) -> None:
    g = last_round_game
    assert g is not None and g.decision == "place" and rounds_after_this(g) == 0
    assert not any(g.targis)


def test_following_the_baseline_plays_the_games_the_players_would_have_played(
    last_round_game: Game | None,
) -> None:
    g = last_round_game
    assert g is not None
    base = play_out(g, ("easy", "easy"), 5)
    for seat in (0, 1):
        names = ("medium", "easy") if seat == 0 else ("easy", "medium")
        followed = play_out(g, names, 5, base[3], seat)
        searched = play_out(g, names, 5)  # the same players deciding every move themselves
        assert followed[3] == searched[3]
        assert followed[0] == searched[0]
    same = play_out(g, ("easy", "easy"), 5, base[3], 0)
    assert same[3] == base[3] and same[0] == base[0]


def test_the_summary_averages_a_seed_s_two_seats() -> None:
    def row(seed: int, seat: int, margin: float, score: float) -> dict[str, object]:
        return {
            "seed": seed, "seat": seat, "places_last": seat == 1, "margin": margin,
            "base_margin": 0.0, "score": score, "base_score": 0.5, "same_moves": False,
        }  # fmt: skip

    rows = [row(1, 0, 2.0, 1.0), row(1, 1, 0.0, 0.5), row(2, 0, 1.0, 0.5), row(2, 1, 1.0, 0.5)]
    rows.append(row(3, 0, 9.0, 1.0))  # its other seat not played yet: not a whole seed
    last = summary(rows).splitlines()[-1]
    assert last.startswith("per seed (2 with both seats, averaged): score +0.125 (95% ")
    assert "margin +1.00 (95% " in last
