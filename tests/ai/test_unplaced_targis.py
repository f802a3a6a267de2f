"""expert-tempo (issue 25, hypothesis 3): Targis still to place get the free border cards left to
them when both players place in turn, the player placing next choosing first."""

from __future__ import annotations

from dataclasses import replace

from targi import Game
from targi.ai.choose import decide
from targi.ai.evaluate import (
    EXPERT_WEIGHTS,
    border_action,
    chances,
    evaluate,
    placement_order,
    time_scale,
)
from targi.ai.levels import LEVELS, VARIANTS
from targi.board import FACING
from targi.decisions import PLACE_ASK, moves_place

from .positions import first_with
from .test_honesty import _reordered

TEMPO = replace(EXPERT_WEIGHTS, tempo=True)


def _round_start() -> Game:
    # Random game 3 at round 2's first placement: both players' border cards are worth the
    # same to them (the shipped evaluation gives 0.0), and both want Fata Morgana (t14) most.
    return first_with(3, lambda g: g.decision == "place" and g.round == 2 and g.to_place == [3, 3])


def _best_free(g: Game, p: int) -> int:
    scale = time_scale(chances(g, p))
    free = [int(m[1:]) for m in moves_place(g, PLACE_ASK[p])]
    return max(free, key=lambda n: border_action(g, p, n, scale, EXPERT_WEIGHTS))


def test_in_an_even_position_the_player_placing_next_is_ahead() -> None:
    g = _round_start()
    turn = g.place_turn
    assert evaluate(g, turn, EXPERT_WEIGHTS) == 0.0  # the shipped evaluation: even
    assert evaluate(g, turn, TEMPO) > 0.2
    assert evaluate(g, 1 - turn, TEMPO) == -evaluate(g, turn, TEMPO)
    h = g.clone()
    h.place_turn = 1 - turn  # the same table, the other player to place
    assert evaluate(h, turn, TEMPO) == -evaluate(g, turn, TEMPO)


def test_a_card_taken_is_gone_for_the_other_and_so_is_the_card_facing_it() -> None:
    g = _round_start()
    turn = g.place_turn
    assert _best_free(g, turn) == _best_free(g, 1 - turn) == 14
    order = placement_order(g, time_scale(chances(g, turn)), TEMPO)
    assert [q for q, _, _ in order] == [turn, 1 - turn] * 3
    assert order[0][1] == 14 and order[1][1] != 14  # the first to place gets it
    cards = [n for _, n, _ in order]
    assert len(set(cards)) == len(cards)
    for k, (q, n, _) in enumerate(order):
        assert all(FACING[n] != m for r, m, _ in order[:k] if r != q)


def test_a_player_with_more_targis_left_places_the_rest_after_the_other_is_done() -> None:
    g = _round_start()
    g.to_place = [3, 2]  # player 1 places two this round (the card with opponent_two_targis)
    g.place_turn = 1
    order = placement_order(g, time_scale(chances(g, 0)), TEMPO)
    assert [q for q, _, _ in order] == [1, 0, 1, 0, 0]


def test_expert_tempo_is_the_shipped_expert_but_for_the_tempo() -> None:
    assert replace(VARIANTS["expert-tempo"], weights=EXPERT_WEIGHTS) == VARIANTS["expert-unpruned"]
    assert not any(level.weights.tempo for level in LEVELS.values())


def test_expert_tempo_is_legal_deterministic_and_blind_to_the_unseen_order() -> None:
    g = first_with(21, lambda g: g.decision == "place" and g.round > 1 and sum(g.to_place) == 5)
    a, b = decide(g, "expert-tempo", 7, nodes=3000), decide(g, "expert-tempo", 7, nodes=3000)
    assert a.move in g.legal_moves() and a == b
    c = decide(_reordered(g), "expert-tempo", 7, nodes=3000)
    assert c.values == a.values and c.move == a.move and c.nodes == a.nodes
