"""The hybrid (bench/hybrid.py): the expert's close moves settled by the yardstick's ISMCTS."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from targi import Game
from targi.ai.choose import decide, in_last_actions
from targi.rng import next_value
from targi.view import observe

from .positions import first_with

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from hybrid import Hybrid  # noqa: E402
from yardstick import Node, Yardstick, make  # noqa: E402

# Its decisions search as the expert does and then play deals (about a second each): marked
# slow like the other bench tools' searching tests.
searches = pytest.mark.slow


def _mid_game(g: Game) -> bool:
    return g.round == 4 and g.decision == "place" and len(g.legal_moves()) > 3


def test_the_candidates_are_the_moves_within_the_margin_best_first_four_at_most() -> None:
    g = first_with(3, _mid_game)
    values = {"a": 5.0, "b": 4.5, "c": 3.9, "d": 4.9, "e": 4.95, "f": 4.1}
    assert Hybrid(10, margin=1.0).candidates(g, values) == ["a", "e", "d", "b"]
    assert Hybrid(10, margin=0.06).candidates(g, values) == ["a", "e"]
    assert Hybrid(10, margin=1.0).candidates(g, {}) == []  # no search: nothing to settle


def test_the_end_game_is_left_to_the_expert_s_exact_search() -> None:
    g = first_with(5, lambda g: in_last_actions(g) and g.decision == "act", limit=1000)
    assert Hybrid(10).candidates(g, {"a": 1.0, "b": 1.0}) == []


def test_the_spec_names_the_iterations_and_the_margin() -> None:
    h = make("hybrid:300:0.5", 9, 107)
    assert isinstance(h, Hybrid)
    assert (h.iterations, h.margin, h.state) == (300, 0.5, 9)
    default = make("hybrid:200", 9, 107)
    assert isinstance(default, Hybrid) and default.margin == 1.0


@searches
def test_the_ismcts_expands_only_the_root_moves_it_is_given() -> None:
    g = first_with(3, _mid_game)
    obs = observe(g)
    allowed = frozenset(obs.legal_moves()[:2])
    root, rng = Node(), random.Random(1)
    for _ in range(40):
        Yardstick.iterate(root, obs.sample(rng.getrandbits(32)), rng, allowed)
    assert set(root.edges) == allowed  # both tried, nothing else
    assert sum(e.visits for e in root.edges.values()) == 40


@searches
def test_the_hybrid_plays_one_of_the_expert_s_close_moves_the_same_for_the_same_seed() -> None:
    g = first_with(3, _mid_game)
    first, again = Hybrid(60, seed=11), Hybrid(60, seed=11)
    move = first(g)
    assert move == again(g)
    _, r = next_value(11)  # the seed of the hybrid's first decision, as AIPlayer's
    values = decide(g, "expert-ab", r & 0xFFFFFFFF).values
    close = first.candidates(g, values)
    assert len(close) >= 2 and first.consulted == 1  # a close decision: the ISMCTS settled it
    assert move in close
