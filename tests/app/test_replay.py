"""The replay: any step is the table exactly as it was when the game got there, and round by round
navigation lands on the first decision of each round."""

from __future__ import annotations

import random

import pytest
from targi.app.review.replay import Replay
from targi.app.session import Session
from targi.game import ROUNDS, Game
from targi.view import view

from .games import fresh


def _played_live(seed: int) -> tuple[Game, list[dict], list[list]]:
    """A game played move by move, with the view and the log at every step on the way."""
    rnd = random.Random(seed)
    g = Game.new(seed, 1)
    views, logs = [view(g, 0)], [list(g.log)]
    while not g.is_over:
        g.play(rnd.choice(g.legal_moves()))
        views.append(view(g, 0))
        logs.append(list(g.log))
    return g, views, logs


@pytest.mark.parametrize("seed", [3, 40])
def test_replaying_the_record_to_any_step_gives_the_table_as_it_was(seed: int):
    g, views, logs = _played_live(seed)
    replay = Replay.of(Session(g, "ai", "easy"))
    assert replay.steps == len(g.record) == len(views) - 1
    for step in range(replay.steps + 1):
        at = replay.game_at(step)
        assert view(at, 0) == views[step], step
        assert at.log == logs[step], step
        assert replay.view(step, 0)["log"] == logs[step]


def test_steps_are_taken_in_any_order_and_leave_the_game_untouched():
    g = fresh(5)
    before = g.record[:]
    session = Session(g, "hotseat")
    replay = Replay.of(session)
    order = [replay.steps, 0, 17, 9, 17, replay.steps - 1, 1]
    seen = [view(replay.game_at(k)) for k in order]
    assert seen[1] == view(Game.new(g.seed, g.starter))
    assert seen[2] == seen[4]
    assert seen[0] == view(g)
    assert session.game is g and g.record == before  # the page's game is never touched


def test_a_replay_shows_no_moves_to_click():
    replay = Replay.of(Session(fresh(5), "hotseat"))
    v = replay.view(10, None)
    assert v["moves"] == [] and not v["human_to_move"] and not v["computer_to_move"]
    assert v["legal"]  # the engine's view still says what could be decided there


def test_round_by_round_lands_on_the_first_decision_of_each_round():
    replay = Replay.of(Session(fresh(8), "hotseat"))
    starts, step = [0], 0
    while step < replay.steps:
        step = replay.next_round(step)
        starts.append(step)
    assert starts[-1] == replay.steps
    rounds = [replay.round_at(k) for k in starts[:-1]]
    assert rounds == sorted(set(replay.rounds)) and rounds[0] == 1  # each round once, in order
    assert set(rounds) <= set(range(1, ROUNDS + 2))  # ROUNDS + 1: the last raid's decisions
    for k in starts[1:-1]:
        assert replay.round_at(k - 1) < replay.round_at(k)
    back = [replay.steps]
    while back[-1] > 0:
        back.append(replay.previous_round(back[-1]))
    assert sorted(back[1:]) == starts[:-1]


def test_playing_on_from_a_step_is_a_game_of_its_own_with_that_record():
    g = fresh(9)
    replay = Replay.of(Session(g, "ai", "hard"))
    continued = replay.continued(30, "hotseat", "medium")
    assert continued.game.record == g.record[:30]
    assert (continued.game.seed, continued.game.starter) == (g.seed, g.starter)
    assert view(continued.game) == view(replay.game_at(30))
    assert Session.decode(continued.encode()).game.record == g.record[:30]
    continued.play(continued.game.legal_moves()[0])
    assert len(g.record) > 30 and g.record[30] == replay.record[30]  # the original as it was
