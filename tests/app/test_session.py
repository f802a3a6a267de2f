"""A game on the page: who plays it travels in the save string; you never move for the
computer; undo is yours alone."""

from __future__ import annotations

import pytest
from targi import save
from targi.app.review.replay import Replay
from targi.app.session import COMPUTER, HUMAN, LEVELS, PageView, Session
from targi.game import IllegalMove

from tests.engine.shapes import mismatches

from .games import fresh


def _until(s: Session, predicate, limit: int = 400) -> None:
    for _ in range(limit):
        if predicate(s):
            return
        s.game.play(s.game.legal_moves()[0])
    raise AssertionError("position not reached")


@pytest.mark.parametrize("mode", ["ai", "hotseat"])
@pytest.mark.parametrize("level", LEVELS)
def test_opponent_setting_survives_a_save_string(mode, level):
    s = Session.new(77, 1, mode, level)
    s.game.play(s.game.legal_moves()[2])
    back = Session.decode(s.encode())
    assert (back.mode, back.seq, back.game.record) == (mode, 1, s.game.record)
    if mode == "ai":
        assert back.level == level


def test_unknown_opponent_setting_is_refused_in_plain_words():
    g = Session.new(5, 0, "hotseat").game
    with pytest.raises(save.SaveError, match="unknown opponent setting"):
        Session.decode(save.encode(g, meta=0b1000))  # bits 1-2 hold the level; bit 3 is unused


def test_you_cannot_move_for_the_computer():
    s = Session.new(3, COMPUTER, "ai", "easy")
    assert s.computer_to_move and s.legal_for_human() == []
    with pytest.raises(IllegalMove, match="computer's turn"):
        s.play(s.game.legal_moves()[0])
    s.play(s.game.legal_moves()[0], by_computer=True)
    assert s.human_to_move


def test_undo_takes_back_your_own_last_step_only():
    s = Session.new(3, HUMAN, "ai", "easy")
    assert not s.can_undo()  # nothing played yet
    before = list(s.game.record)
    s.play(s.game.legal_moves()[0])
    assert s.computer_to_move and not s.can_undo()  # the computer's turn now
    s.play(s.game.legal_moves()[0], by_computer=True)
    assert s.human_to_move and not s.can_undo()  # the last step was the computer's
    _until(s, lambda x: x.human_to_move and x.game.decision == "place")
    s.play(s.game.legal_moves()[0])
    assert before != s.game.record


def test_undo_in_a_two_player_game_follows_the_engine():
    s = Session.new(8, 0, "hotseat")
    _until(s, lambda x: x.game.decision == "act" and x.game.can_undo(x.player) is False)
    s.play(s.game.legal_moves()[0])
    if s.game.can_undo(s.player):
        seq = s.seq
        s.undo()
        assert s.seq == seq - 1
    else:
        with pytest.raises(IllegalMove):
            s.undo()


def test_rematch_keeps_the_opponent_and_lets_the_other_player_start():
    s = Session.new(11, 0, "ai", "hard")
    r = s.rematch(12)
    assert (r.mode, r.level, r.game.starter, r.seq) == ("ai", "hard", 1, 0)


def test_the_computer_seed_changes_from_move_to_move():
    s = Session.new(11, 0, "hotseat")
    first = s.ai_seed()
    s.play(s.game.legal_moves()[0])
    assert s.ai_seed() != first


@pytest.mark.parametrize("mode", ["ai", "hotseat"])
def test_the_page_view_has_the_keys_and_types_pageview_declares(mode):
    """What the renderer reads is typed as PageView (the engine's View and what the page adds);
    the session's and the replay's views must really have that shape, at every step."""
    game = fresh(3)
    replay = Replay.of(Session(game, mode, "easy"))
    wrong = []
    for step in range(replay.steps + 1):
        s = Session(replay.game_at(step), mode, "easy")
        wrong += mismatches(s.view(), PageView, f"step {step}")
        wrong += mismatches(replay.view(step, HUMAN), PageView, f"replay step {step}")
    assert wrong == []
