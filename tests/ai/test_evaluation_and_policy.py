"""The evaluation and the quick answers to follow-up choices."""

from __future__ import annotations

import pytest
from targi import Game, score
from targi.ai.choose import decide
from targi.ai.evaluate import evaluate, final_value, rounds_after_this
from targi.ai.policy import quick_move
from targi.cards import BY_ID
from targi.decisions import Decision

from .positions import random_positions

POSITIONS = random_positions(range(12, 14), every=7)


def _lift(g: Game, card_id: str) -> int:
    """Take a card out of the decks or the centre so it can be put somewhere by hand."""
    c = BY_ID[card_id].index
    for pile in (g.goods_deck, g.tribe_deck, g.goods_discard, g.tribe_discard):
        if c in pile:
            pile.remove(c)
    if c in g.central:
        g.central[g.central.index(c)] = g.tribe_deck.pop()
    return c


def _row_choice(card_id: str, rows: list[list[str]]) -> Game:
    g = Game.new(3)
    g.display[0] = [[_lift(g, c) for c in row] for row in rows]
    card = _lift(g, card_id)
    g.phase, g.actor, g.first = "act", 0, 0
    g.stack = [Decision("act", 0), Decision("row", 0, card)]
    g.in_play = card
    g._advance()
    return g


def test_the_evaluation_is_mine_minus_the_opponents():
    for g in POSITIONS:
        assert evaluate(g, 0) == pytest.approx(-evaluate(g, 1))


def test_a_finished_game_is_valued_by_its_final_margin_and_the_winner():
    g = Game.new(4)
    while not g.is_over:
        g.play(g.legal_moves()[-1])
    margin = score(g, 0).total - score(g, 1).total
    value = final_value(g, 0)
    if margin:
        assert (value > margin) == (margin > 0) and abs(value - margin) <= 3.1
    assert rounds_after_this(g) == 0


def test_row_choice_completes_four_identical_symbols():
    g = _row_choice("T13", [["T01"], ["T10", "T11", "T12"], []])
    assert g.legal_moves() == ["r1", "r2", "r3"]
    assert quick_move(g) == "r2"


def test_row_choice_keeps_a_row_of_different_symbols_open():
    g = _row_choice("T19", [["T01", "T10", "T28"], ["T02", "T03"], []])  # Tent: new symbol
    assert quick_move(g) == "r1"


def _last_actions_with_silversmith(gold: int) -> Game:
    """Round 12, player 0 acts with a Targi on the Silversmith; then comes the last raid."""
    g = Game.new(5)
    g.robber, g.round = 15, 12
    g.phase, g.actor, g.first = "act", 0, 0
    g.targis, g.markers = [[10], []], [[], []]
    g.gold[0] = gold
    g.stack = [Decision("act", 0)]
    g._advance()
    assert g.legal_moves() == ["u10", "done"] and rounds_after_this(g) == 0
    assert decide(g, "medium", seed=1).move == "u10"
    g.play("u10")
    return g


def test_in_the_last_round_gold_goes_to_the_silversmith_for_vp():
    """Gold scores nothing at the end: 3 gold -> 2 gold for 4 VP, 1 left for the last raid."""
    g = _last_actions_with_silversmith(3)
    assert decide(g, "medium", seed=1).move == "s2G"


def test_one_gold_is_kept_to_pay_the_last_raid_instead_of_3_vp():
    """From 4 VP and 2 gold: 1 gold for 2 VP, 1 gold to the raid (6 VP) beats 8 VP - 3 (5 VP)."""
    g = _last_actions_with_silversmith(2)
    assert decide(g, "medium", seed=1).move == "s1G"
