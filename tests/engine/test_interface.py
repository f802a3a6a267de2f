"""The rest of the public interface (docs/engine.md): clone, play_unchecked, replay, record."""

from __future__ import annotations

from targi import Game
from targi.players import RandomPlayer

from .position import snapshot


def _midgame() -> Game:
    players = (RandomPlayer(8), RandomPlayer(9))
    g = Game.new(2718, 1)
    for _ in range(60):
        g.play(players[g.current_player](g))
    return g


def test_clone_is_independent_of_the_original():
    g = _midgame()
    before = snapshot(g)
    c = g.clone()
    for _ in range(30):
        c.play(c.legal_moves()[-1])
    assert snapshot(g) == before
    assert c.log == [] and g.clone(logging=True).log == g.log


def test_play_unchecked_reaches_the_same_state_as_play_without_recording():
    g = _midgame()
    a, b = g.clone(), g.clone()
    for _ in range(40):
        move = a.legal_moves()[0]
        a.play(move)
        b.play_unchecked(move)
    assert snapshot(a)[:-2] == snapshot(b)[:-2]  # all but the record and the legal moves
    assert a.legal_moves() == b.legal_moves()
    assert b.record == g.record and len(a.record) > len(g.record)


def test_replay_of_the_record_gives_the_same_game():
    g = _midgame()
    again = Game.replay(g.seed, g.starter, g.record)
    assert snapshot(again) == snapshot(g) and again.log == g.log
