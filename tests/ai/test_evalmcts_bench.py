"""evalmcts (bench/evalmcts.py): the yardstick's ISMCTS judged by the expert's evaluation."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from targi import Game
from targi.ai.choose import decide, in_last_actions
from targi.ai.evaluate import EXPERT_WEIGHTS, evaluate
from targi.ai.policy import QUICK
from targi.players import RandomPlayer
from targi.rng import next_value
from targi.view import observe

from .positions import first_with

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from evalmcts import EvalMCTS, chance_of_seat0  # noqa: E402
from yardstick import Node, make  # noqa: E402


def _mid_game(g: Game) -> bool:
    return g.round == 4 and g.decision == "place" and len(g.legal_moves()) > 3


def test_the_spec_names_the_iterations_the_cutoff_and_the_exploration() -> None:
    e = make("evalmcts:300:4:0.5", 9, 107)
    assert isinstance(e, EvalMCTS)
    assert (e.iterations, e.cutoff, e.explore, e.state) == (300, 4, 0.5, 9)
    plain = make("evalmcts:200", 9, 107)
    assert isinstance(plain, EvalMCTS) and (plain.cutoff, plain.explore) == (0, 0.35)


def test_a_finished_game_is_won_lost_or_drawn_and_a_lead_is_a_chance_above_a_half() -> None:
    g = first_with(3, _mid_game)
    lead = evaluate(g, 0, EXPERT_WEIGHTS)
    chance = chance_of_seat0(g)
    assert 0.0 < chance < 1.0
    assert (chance > 0.5) == (lead > 0) or lead == 0
    over = first_with(3, lambda g: g.round == 12 and g.decision == "act", limit=2000)
    player = RandomPlayer(5)
    while not over.is_over:
        over.play(player(over))
    assert chance_of_seat0(over) in (0.0, 0.5, 1.0)


def test_the_end_game_and_quick_decisions_are_left_to_the_expert() -> None:
    e = EvalMCTS(10)
    assert e.expert_decides(first_with(5, lambda g: in_last_actions(g) and g.decision == "act"))
    assert e.expert_decides(first_with(5, lambda g: g.decision in QUICK))
    assert not e.expert_decides(first_with(3, _mid_game))


def test_every_iteration_reaches_a_root_move_and_the_tree_holds_no_quick_decision() -> None:
    g = first_with(3, _mid_game)
    obs = observe(g)
    e, root, rng = EvalMCTS(60), Node(), random.Random(1)
    for _ in range(60):
        e.iterate(root, obs.sample(rng.getrandbits(32)), rng)
    assert set(root.edges) == set(obs.legal_moves())
    assert sum(edge.visits for edge in root.edges.values()) == 60
    assert all(0.0 <= edge.wins <= edge.visits for edge in root.edges.values())


def test_it_plays_legal_moves_alike_for_a_seed_and_the_expert_s_in_the_end_game() -> None:
    g = first_with(3, _mid_game)
    move = EvalMCTS(80, seed=11)(g)
    assert move in g.legal_moves() and move == EvalMCTS(80, seed=11)(g)
    late = first_with(5, lambda g: in_last_actions(g) and len(g.legal_moves()) > 1, limit=2000)
    _, r = next_value(11)  # the seed of its first decision, as AIPlayer's
    assert EvalMCTS(80, seed=11)(late) == decide(late, "expert", r & 0xFFFFFFFF).move
