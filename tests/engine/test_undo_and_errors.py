"""Undo (a player's own steps in their turn only) and illegal moves (a clear error, nothing
changed); forced moves taken automatically and not recorded (docs/engine.md, notation.md)."""

from __future__ import annotations

import pytest
from targi import Game, IllegalMove
from targi.view import view

from .position import play, snapshot

PLACEMENTS = ("t13", "t5", "t14", "t3", "t2", "t9")  # blue 13, 14, 2; red 5, 3, 9


def at_actions() -> Game:
    g = play(Game.new(4, 0), *PLACEMENTS)
    assert g.markers == [["E", "H"], ["C"]]
    assert g.legal_moves() == ["u2", "u13", "u14", "uE", "uH", "done"]
    return g


def test_undo_a_players_own_last_step_in_their_turn():
    g = at_actions()
    before = snapshot(g)
    play(g, "u2")
    assert g.can_undo(0) and not g.can_undo(1)
    assert view(g)["can_undo"]
    back = g.undone()
    assert snapshot(back) == before
    assert g.record[-1] == "u2"  # undone() returns a new game; this one is untouched


def test_undo_several_own_steps_one_at_a_time():
    g = at_actions()
    before = snapshot(g)
    play(g, "u2", "uE")
    back = g.undone().undone()
    assert snapshot(back) == before


def test_undo_never_across_a_card_turned_up_or_randomness():
    g = at_actions()
    play(g, "u13")  # Caravan turns up the top goods card
    assert not g.can_undo(0)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undone()
    play(g, "u2")
    assert g.can_undo(0)  # a later step of one's own can be taken back again
    assert g.undone().record[-1] == "u13"


def test_undo_never_into_the_opponents_turn():
    g = Game.new(4, 0)
    play(g, "t13")
    assert g.current_player == 1 and not g.can_undo(1) and not g.can_undo(0)
    play(g, "t5")
    assert not g.can_undo(0)
    g = at_actions()
    play(g, "done")  # blue is done: red acts now
    assert g.current_player == 1 and not g.can_undo(1) and not g.can_undo(0)


def test_undo_never_across_the_end_of_a_round():
    g = at_actions()
    play(g, "done", "done")  # nobody took a central card: nothing turns up at round end
    assert g.round == 2 and g.current_player == 1 and g.decision == "place"
    assert not g.can_undo(1)


def test_undo_not_when_the_game_is_over():
    from targi.players import RandomPlayer, play_game

    g = play_game(3, (RandomPlayer(1), RandomPlayer(2)), 0)
    assert not g.can_undo(0) and not g.can_undo(1)


def test_illegal_move_names_the_move_and_why_and_changes_nothing():
    g = Game.new(4, 0)
    before = snapshot(g)
    with pytest.raises(IllegalMove) as e:
        g.play("t1")  # the robber's card
    message = str(e.value)
    assert "'t1'" in message and "not a legal move" in message and "player 1" in message
    assert "where to place a Targi" in message and "t2 t3 t5" in message
    assert snapshot(g) == before
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("move", ["", "b", "u2", "t4", "T2", " t2", "t2 ", None, 2, ["t2"], b"t2"])
def test_illegal_move_of_any_kind_or_type_is_refused_and_changes_nothing(move):
    g = Game.new(4, 0)
    before = snapshot(g)
    with pytest.raises(IllegalMove, match="not a legal move|a move is a string"):
        g.play(move)
    assert snapshot(g) == before


def test_illegal_move_after_the_game_is_over():
    from targi.players import RandomPlayer, play_game

    g = play_game(3, (RandomPlayer(1), RandomPlayer(2)), 0)
    before = snapshot(g)
    with pytest.raises(IllegalMove, match="the game is over"):
        g.play("done")
    assert snapshot(g) == before


def test_replay_of_an_illegal_record_says_which_move():
    with pytest.raises(IllegalMove, match=r"^move 2: 't13'"):
        Game.replay(4, 0, ["t13", "t13"])


def test_a_decision_with_one_legal_move_is_taken_automatically_and_not_recorded():
    from targi.players import RandomPlayer

    players = (RandomPlayer(5), RandomPlayer(6))
    g = Game.new(8, 1)
    chosen = []
    while not g.is_over:
        assert len(g.legal_moves()) >= 2  # a single move never waits for the player
        chosen.append(players[g.current_player](g))
        g.play(chosen[-1])
    assert g.record == chosen
    assert all(n >= 2 for _, n in g.choices)
    moves = [e for e in g.log if e[0] == "move"]
    assert [e[2] for e in moves if not e[3]] == chosen
    assert any(e[3] for e in moves)  # and some were taken automatically
