"""The computer always answers with a legal move, at every level, in every kind of decision."""

from __future__ import annotations

import pytest
from targi import Game
from targi.ai import LEVELS, choose_move
from targi.ai.choose import decide

from .positions import random_positions

POSITIONS = random_positions(range(3), every=5)


def test_positions_cover_every_common_decision():
    kinds = {g.decision for g in POSITIONS}
    assert {"place", "act", "tribe", "row"} <= kinds


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_a_legal_move_in_many_positions(level):
    for i, g in enumerate(POSITIONS):
        move = decide(g, level, seed=i, nodes=200).move
        assert move in g.legal_moves(), (g.decision, move)


def test_the_same_seed_gives_the_same_move():
    g = POSITIONS[3]
    assert decide(g, "medium", seed=5, nodes=800).move == decide(g, "medium", 5, 800).move


def test_a_finished_game_has_no_move_to_choose():
    g = Game.new(1)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        choose_move(g, "easy")


def test_an_unknown_level_is_refused_with_the_names_of_the_levels():
    with pytest.raises(ValueError, match="easy, medium, hard, expert"):
        choose_move(Game.new(1), "grandmaster")


def test_follow_up_choices_are_answered_without_searching():
    """Row, payment, good and discard choices are trivial: no search nodes are spent."""
    quick = [g for g in POSITIONS if g.decision in ("row", "pay", "good", "discard")]
    assert quick
    for g in quick:
        d = decide(g, "hard")
        assert d.nodes == 0 and d.move in g.legal_moves()
