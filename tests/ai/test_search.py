"""Alpha-beta gives the plain minimax value; the sign turns only when the player changes."""

from __future__ import annotations

import pytest
from targi.ai.search import Search
from targi.view import observe

from .positions import first_with


def _two_ply(s: Search, g) -> float:
    """Brute force: every move, every reply, values for the player to move at the root."""
    p = g.player
    best = float("-inf")
    for m in g.legal_moves():
        c = s.child(g, m)
        if c.phase == "over" or not c.legal_moves():
            v = s.leaf(c, p)
        else:
            replies = [s.leaf(s.child(c, m2), c.player) for m2 in c.legal_moves()]
            v = max(replies) if c.player == p else -max(replies)
        best = max(best, v)
    return best


@pytest.mark.parametrize(
    "kind,alternates",
    [("place", True), ("act", False)],
)
def test_two_ply_search_equals_brute_force(kind, alternates):
    def test(g):
        if g.decision != kind or len(g.legal_moves()) < 3:
            return False
        # placements: the opponent answers; actions: the same player goes on
        return (g.to_place[1 - g.player] > 0) if alternates else len(g.targis[g.player]) >= 2

    g = first_with(5 if alternates else 8, test)
    world = observe(g).sample(1)
    result = Search(10**6).root(world, max_depth=2)
    assert result.depth == 2
    assert result.values[result.best] == pytest.approx(_two_ply(Search(10**6), world))


def test_consecutive_decisions_of_one_player_are_not_negated():
    """Two actions in a row: the best two-step plan is at least as good as the best one step."""
    g = first_with(8, lambda g: g.decision == "act" and len(g.targis[g.player]) >= 2)
    world = observe(g).sample(2)
    one = Search(10**6).root(world, max_depth=1)
    two = Search(10**6).root(world, max_depth=2)
    assert two.values[two.best] > 0 or one.values[one.best] <= 0  # same side, same sign
    assert abs(two.values[two.best] - one.values[one.best]) < 6


def test_the_transposition_table_is_filled_and_used():
    g = first_with(9, lambda g: g.decision == "place" and g.round == 2)
    s = Search(3000)
    s.root(observe(g).sample(1), 30)
    assert len(s.tt) > 10
