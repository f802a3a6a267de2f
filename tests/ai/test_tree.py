"""The tree search over information sets (tree.py) and the level that uses it: the expert."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from targi import Game
from targi.ai.choose import decide, in_end_game, in_last_actions
from targi.ai.evaluate import EXPERT_WEIGHTS, evaluate
from targi.ai.levels import LEVELS, VARIANTS
from targi.ai.player import AIPlayer
from targi.ai.policy import QUICK
from targi.ai.tree import Tree, chance_of_seat0
from targi.players import RandomPlayer
from targi.view import observe

from .positions import first_with

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from yardstick import make  # noqa: E402

TREE = LEVELS["expert"]


def _mid_game(g: Game) -> bool:
    return g.round == 4 and g.decision == "place" and len(g.legal_moves()) > 3


def test_the_expert_is_the_alpha_beta_expert_with_the_tree_and_no_other_level_has_it() -> None:
    assert TREE.tree == 5000
    assert replace(TREE, tree=0) == VARIANTS["expert-ab"]
    assert [name for name, lv in LEVELS.items() if lv.tree] == ["expert"]


def test_a_lead_is_a_chance_above_a_half_and_a_finished_game_is_won_lost_or_drawn() -> None:
    g = first_with(3, _mid_game)
    lead, chance = evaluate(g, 0, EXPERT_WEIGHTS), chance_of_seat0(g)
    assert 0.0 < chance < 1.0
    assert lead == 0 or (chance > 0.5) == (lead > 0)
    over = first_with(3, lambda g: g.round == 12 and g.decision == "act", limit=2000)
    player = RandomPlayer(5)
    while not over.is_over:
        over.play(player(over))
    assert chance_of_seat0(over) in (0.0, 0.5, 1.0)


def test_every_iteration_ends_under_a_root_move_and_no_quick_decision_enters_the_tree() -> None:
    # Actions to choose among, where a tribe card bought asks for a payment and a row.
    g = first_with(3, lambda g: g.decision == "act" and g.round > 2 and len(g.legal_moves()) > 3)
    obs = observe(g)
    tree = Tree(cutoff=6, explore=0.35)
    tree.run(obs, 200, seed=1)
    assert set(tree.root.edges) == set(obs.legal_moves())
    assert sum(e.visits for e in tree.root.edges.values()) == 200
    assert all(0.0 <= e.wins <= e.visits for e in tree.root.edges.values())
    assert set(QUICK) == {"pay", "row", "good", "discard"}  # their moves: $.., r.., g.., -..
    seen, todo = 0, [tree.root]
    while todo:
        node = todo.pop()
        for move, edge in node.edges.items():
            seen += 1
            assert not move.startswith(("$", "r", "g", "-")), move
            todo.extend(edge.outcomes.values())
    assert seen > len(obs.legal_moves())  # the tree grew below the root


def test_the_tree_decides_the_same_for_a_seed_and_plays_its_most_visited_move() -> None:
    g = first_with(3, _mid_game)
    choice = decide(g, TREE, seed=11, nodes=80)
    assert choice.move in g.legal_moves()
    assert choice == decide(g, TREE, seed=11, nodes=80)
    tree = Tree(TREE.tree_cutoff, TREE.tree_explore)
    tree.run(observe(g), 80, seed=11)
    assert choice.move == tree.best(g.legal_moves())
    visits = {m: e.visits for m, e in tree.root.edges.items()}
    assert visits[choice.move] == max(visits.values())
    assert set(choice.values) <= set(g.legal_moves())


def test_the_end_game_and_the_quick_decisions_are_the_alpha_beta_expert_s() -> None:
    late = first_with(5, lambda g: in_last_actions(g) and len(g.legal_moves()) > 1, limit=2000)
    assert in_end_game(late, TREE)
    assert decide(late, TREE, seed=3) == decide(late, "expert-ab", seed=3)
    quick = first_with(5, lambda g: g.decision in QUICK and len(g.legal_moves()) > 1)
    assert decide(quick, TREE, seed=3) == decide(quick, "expert-ab", seed=3)
    assert not in_end_game(first_with(3, _mid_game), TREE)


def test_the_bench_spec_is_the_expert_with_the_tree_at_those_settings() -> None:
    p = make("evalmcts:300:4:0.5", 9, 107)
    assert isinstance(p, AIPlayer) and p.name == "evalmcts:300:4:0.5"
    assert p.level == replace(LEVELS["expert"], tree=300, tree_cutoff=4, tree_explore=0.5)
    assert make("evalmcts:5000:6", 9, 107).level == TREE
