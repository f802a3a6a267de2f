"""The search keeps to its node budget (a deterministic measure of work), within 20%."""

from __future__ import annotations

import pytest
from targi.ai.choose import decide
from targi.ai.levels import LEVELS
from targi.ai.search import Search
from targi.view import observe

from .positions import random_positions

POSITIONS = [g for g in random_positions(range(4, 6), every=9) if g.decision in ("place", "act")]


# 1500 (1.8 s) in the full suite only; 300 proves the same bounds in `build.py test --quick`
@pytest.mark.parametrize("budget", [300, pytest.param(1500, marks=pytest.mark.slow)])
def test_one_search_spends_its_budget_and_not_more_than_20_percent_over(budget):
    spent = []
    for i, g in enumerate(POSITIONS[::2]):
        result = Search(budget).root(observe(g).sample(i), max_depth=30)
        assert result.nodes <= 1.2 * budget
        if not result.complete:
            spent.append(result.nodes)
            assert result.nodes >= 0.8 * budget  # iterative deepening uses what it is given
    assert spent


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_decision_over_several_deals_keeps_the_level_budget(level):
    budget = LEVELS[level].nodes // 4  # smaller than the real one, to keep the test quick
    for i, g in enumerate(POSITIONS[:4]):
        d = decide(g, level, seed=i, nodes=budget)
        assert d.nodes <= 1.2 * budget


def test_the_budget_stops_a_deep_search_before_its_depth_limit():
    g = next(g for g in POSITIONS if g.decision == "place")
    result = Search(500).root(observe(g).sample(1), max_depth=30)
    assert not result.complete and result.depth < 30


def test_a_bigger_budget_searches_deeper():
    g = next(g for g in POSITIONS if g.decision == "place")
    world = observe(g).sample(3)
    assert Search(4000).root(world, 30).depth > Search(200).root(world, 30).depth


def test_an_optional_time_limit_also_ends_the_search_with_a_legal_best_move():
    g = next(g for g in POSITIONS if g.decision == "place")
    world = observe(g).sample(4)
    result = Search(10**9, seconds=0.05).root(world, max_depth=30)
    assert result.best in world.legal_moves()
    assert not result.complete and result.nodes < 10**9
