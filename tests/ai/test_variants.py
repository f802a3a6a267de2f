"""Benchmark variants of a level (levels.VARIANTS): playable by name, never offered by the page."""

from __future__ import annotations

from dataclasses import replace

import pytest
from targi.ai import choose, make_player
from targi.ai.choose import decide, sample_seed, win_chance
from targi.ai.evaluate import (
    EXPERT_WEIGHTS,
    TIEBREAK_ROUNDS,
    TIEBREAK_WIDTH,
    evaluate,
    goods_worth,
    rounds_after_this,
    row_worth,
    tiebreak_worth,
)
from targi.ai.levels import ALPHA_BETA, LEVELS, UNPRUNED, VARIANTS
from targi.ai.player import AIPlayer
from targi.ai.search import RootResult, Search
from targi.constants import GOLD_LIMIT, LEVEL_NAMES
from targi.registry import make_player as registry_player
from targi.view import observe

from .positions import first_with
from .test_end_game import NOBLE
from .test_end_game import position as end_game_position
from .test_honesty import _reordered


def _placement():
    return first_with(5, lambda g: g.decision == "place" and g.round > 2)


def test_expert_exact_averages_every_move_s_full_window_value_over_the_deals() -> None:
    # Each deal's value of every root move is its exact value, as the end game's are, so the
    # mean over deals compares like with like (the shipped expert averages bounds here).
    g, seed = _placement(), 11
    level = replace(VARIANTS["expert-exact"], nodes=900, samples=3)
    choice = decide(g, level, seed)
    obs = observe(g)
    deals = [
        Search(300, None, EXPERT_WEIGHTS).root(obs.sample(sample_seed(seed, k)), 40, True)
        for k in range(3)
    ]
    for move, value in choice.values.items():
        assert value == sum(d.values[move] for d in deals) / 3
    shipped = decide(g, replace(ALPHA_BETA, nodes=900, samples=3), seed)
    assert shipped.values != choice.values  # the bounds of the alpha-beta expert differ


def test_expert_exact_is_the_shipped_expert_but_for_its_root_window() -> None:
    assert replace(VARIANTS["expert-exact"], exact_root=False) == VARIANTS["expert-unpruned"]
    assert not LEVELS["expert"].exact_root


def test_a_variant_is_a_player_by_name_but_not_one_of_the_page_s_levels() -> None:
    assert "expert-exact" not in LEVEL_NAMES
    player = registry_player("expert-exact", 3)
    assert isinstance(player, AIPlayer) and isinstance(make_player("expert-exact", 3), AIPlayer)
    g = _placement()
    assert decide(g, "expert-exact", 4, nodes=800).move in g.legal_moves()


def test_expert_exact_does_not_see_the_order_of_the_unseen_cards() -> None:
    g = first_with(21, lambda g: g.decision == "place" and g.round > 1)
    h = _reordered(g)
    a, b = decide(g, "expert-exact", 3, nodes=1600), decide(h, "expert-exact", 3, nodes=1600)
    assert a.values == b.values and a.move == b.move and a.nodes == b.nodes


def test_expert_win_is_the_shipped_expert_but_for_the_win_bonus() -> None:
    win = VARIANTS["expert-win"]
    assert win.weights.win > EXPERT_WEIGHTS.win
    assert replace(win, weights=replace(win.weights, win=EXPERT_WEIGHTS.win)) == UNPRUNED


def test_expert_win_weighs_the_deals_a_move_wins_more_than_the_expert_does() -> None:
    # The last Noble (tests/ai/test_end_game.py): buying the hand card scores as much or more in
    # most deals, discarding keeps the goods for a card Tribal expansion may turn up and wins
    # more of them. Both discard; the larger win bonus widens discarding's lead, where the old
    # bonus let the margins of the deals both lose weigh almost as much.
    g = end_game_position(NOBLE)
    shipped, win = decide(g, "expert", 0), decide(g, "expert-win", 0)
    assert shipped.move == win.move == "d"
    assert win.values["d"] - win.values["b"] > shipped.values["d"] - shipped.values["b"]


def test_expert_2x_spends_twice_the_expert_s_budgets_deeper_or_on_twice_the_deals() -> None:
    expert = UNPRUNED
    deeper, wider = VARIANTS["expert-2x"], VARIANTS["expert-2x-deals"]
    assert (deeper.nodes, deeper.endgame_nodes) == (2 * expert.nodes, 2 * expert.endgame_nodes)
    assert replace(deeper, nodes=expert.nodes, endgame_nodes=expert.endgame_nodes) == expert
    assert (wider.samples, wider.endgame_samples) == (
        2 * expert.samples,
        2 * expert.endgame_samples,
    )
    assert replace(wider, samples=expert.samples, endgame_samples=expert.endgame_samples) == deeper


def test_expert_2x_spend_is_expert_2x_with_expert_spend_s_weights() -> None:
    candidate = VARIANTS["expert-2x-spend"]
    assert replace(candidate, weights=EXPERT_WEIGHTS) == VARIANTS["expert-2x"]
    assert candidate.weights == VARIANTS["expert-spend"].weights


def test_expert_eg2_starts_the_end_game_from_two_deals_and_deals_more_while_they_are_solved() -> (
    None
):
    assert replace(VARIANTS["expert-eg2"], endgame_samples=8) == UNPRUNED
    small = decide(
        end_game_position(NOBLE), replace(VARIANTS["expert-eg2"], endgame_nodes=20000), 0
    )
    assert small.samples > 2  # this end game is solved in a few hundred nodes a deal


def test_expert_deals8_spreads_the_expert_s_nodes_over_twice_its_deals() -> None:
    wider, expert = VARIANTS["expert-deals8"], ALPHA_BETA
    assert (wider.samples, wider.nodes) == (2 * expert.samples, expert.nodes)
    assert replace(wider, samples=expert.samples) == expert


def test_expert_double_is_the_expert_with_twice_its_budgets() -> None:
    double, expert = VARIANTS["expert-double"], ALPHA_BETA
    assert (double.nodes, double.endgame_nodes) == (2 * expert.nodes, 2 * expert.endgame_nodes)
    assert replace(double, nodes=expert.nodes, endgame_nodes=expert.endgame_nodes) == expert
    placement = _placement()
    assert decide(placement, double, 0).nodes > decide(placement, expert, 0).nodes


def test_expert_win10_is_the_expert_with_expert_win_s_bonus() -> None:
    bold, expert = VARIANTS["expert-win10"], ALPHA_BETA
    assert bold.weights == VARIANTS["expert-win"].weights
    assert bold.weights.win == 10.0 and expert.weights.win == 3.0
    assert replace(bold, weights=expert.weights) == expert


def test_expert_gold_is_the_expert_counting_a_gold_as_the_silversmith_s_two_vp() -> None:
    hoard, expert = VARIANTS["expert-gold"], ALPHA_BETA
    assert replace(hoard, weights=expert.weights) == expert
    assert hoard.weights == replace(EXPERT_WEIGHTS, gold=2.0)
    goods = (2, 2, 2)
    for gold in range(GOLD_LIMIT):  # up to the limit a gold adds its weight to the goods' worth
        more = goods_worth(goods, gold + 1, hoard.weights) - goods_worth(goods, gold, hoard.weights)
        less = goods_worth(goods, gold + 1, expert.weights) - goods_worth(
            goods, gold, expert.weights
        )
        assert (more, less) == (pytest.approx(2.0), pytest.approx(1.1))


def test_expert_steady_counts_half_a_row_s_promise_and_a_full_row_as_the_expert_does() -> None:
    steady, expert = VARIANTS["expert-steady"], ALPHA_BETA
    assert replace(steady, weights=expert.weights) == expert
    assert (
        replace(
            steady.weights, identical=EXPERT_WEIGHTS.identical, different=EXPERT_WEIGHTS.different
        )
        == EXPERT_WEIGHTS
    )
    for row in (["Well"], ["Well", "Well"], ["Well", "Tent", "Oasis"], ["Tent"] * 3):
        assert row_worth(row, False, steady.weights) == pytest.approx(
            0.5 * row_worth(row, False, expert.weights)
        )
        assert row_worth(row, False, expert.weights) > 0
    for full in (["Well"] * 4, ["Well", "Tent", "Oasis", "Targia"]):
        assert row_worth(full, False, steady.weights) == row_worth(full, False, expert.weights) > 0


def test_expert_chance_is_the_expert_averaging_chances_of_winning() -> None:
    assert replace(VARIANTS["expert-chance"], win_scale=0.0) == ALPHA_BETA
    assert all(lv.win_scale == 0.0 for lv in LEVELS.values())
    assert win_chance(0.0, 2.0) == 0.5
    assert win_chance(2.0, 2.0) == pytest.approx(1 - win_chance(-2.0, 2.0))
    assert win_chance(-1e9, 2.0) == 0.0 and win_chance(1e9, 2.0) == 1.0
    assert win_chance(1.0, 2.0) < win_chance(1.5, 2.0) < win_chance(1.5, 1.0)


def test_expert_chance_takes_the_small_lead_in_every_deal_over_the_big_one_in_a_few(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Four deals: placing on one card leads by 10 VP in the first and trails by 2 in the
    # others (a mean of +1.0), on the other leads by 0.5 in each (+0.5).
    g = _placement()
    bold, safe = g.legal_moves()[:2]
    dealt: list[int] = []

    class Deals:
        def __init__(self, *args: object) -> None:
            dealt.append(len(dealt))
            self.first = len(dealt) == 1

        def root(self, *args: object, **kwargs: object) -> RootResult:
            values = dict.fromkeys(g.legal_moves(), -5.0)
            values.update({bold: 10.0 if self.first else -2.0, safe: 0.5})
            return RootResult(values, 3, 100, False)

    monkeypatch.setattr(choose, "Search", Deals)
    assert decide(g, "expert-ab", 1).move == bold
    dealt.clear()
    chance = decide(g, "expert-chance", 1)
    assert chance.move == safe and len(dealt) == ALPHA_BETA.samples
    k = 2.0 * (1 + choose.rounds_after_this(g) / 8)
    assert chance.values[safe] == pytest.approx(win_chance(0.5, k))


def _level_holdings(g, gold: int, goods: list[int]):
    """g with both players holding `gold` and `goods` (so neither holds the tie-break)."""
    h = g.clone()
    for p in (0, 1):
        h.gold[p], h.goods[p] = gold, list(goods)
    return h


def _late_and_about_level(g) -> bool:
    """An action phase with one whole round after it, the evaluation within 1 VP of level once
    both hold the same."""
    if g.phase != "act" or rounds_after_this(g) != 1:
        return False
    return abs(evaluate(_level_holdings(g, 1, [2, 2, 2]), 0, EXPERT_WEIGHTS)) < 1.0


def _about_level_late_position():
    for seed in range(5, 60):
        try:
            return first_with(seed, _late_and_about_level)
        except LookupError:
            continue
    raise LookupError("no random game has an action phase one round from the end, about level")


def test_expert_tiebreak_is_the_expert_but_for_the_tie_break_s_weight() -> None:
    tiebreak = VARIANTS["expert-tiebreak"]
    assert tiebreak.weights.tiebreak > 0
    assert replace(tiebreak, weights=replace(tiebreak.weights, tiebreak=0.0)) == ALPHA_BETA
    assert all(lv.weights.tiebreak == 0.0 for lv in LEVELS.values())


def test_expert_tiebreak_counts_gold_then_goods_for_the_one_ahead_on_them_late() -> None:
    # R2: more gold wins a tie on points, then more goods.
    w = VARIANTS["expert-tiebreak"].weights
    late = _about_level_late_position()
    level = _level_holdings(late, 1, [2, 2, 2])
    assert evaluate(level, 0, w) == evaluate(level, 0, EXPERT_WEIGHTS)
    richer = level.clone()
    richer.gold[0] += 1
    more_goods = level.clone()
    more_goods.goods[1][0] += 1
    for h, ahead in ((richer, 0), (more_goods, 1)):
        plain = evaluate(h, ahead, EXPERT_WEIGHTS)
        added = tiebreak_worth(h, ahead, plain, w.tiebreak)
        assert evaluate(h, ahead, w) == plain + added
        assert 0 < added <= w.tiebreak
        assert tiebreak_worth(h, 1 - ahead, -plain, w.tiebreak) == -added


def test_expert_tiebreak_fades_away_from_level_and_before_the_last_three_rounds() -> None:
    w = VARIANTS["expert-tiebreak"].weights
    late = _about_level_late_position()
    richer = _level_holdings(late, 1, [2, 2, 2])
    richer.gold[0] += 1
    assert tiebreak_worth(richer, 0, 0.0, w.tiebreak) == w.tiebreak
    assert tiebreak_worth(richer, 0, 1.0, w.tiebreak) > tiebreak_worth(richer, 0, 2.0, w.tiebreak)
    assert tiebreak_worth(richer, 0, TIEBREAK_WIDTH, w.tiebreak) == 0.0
    assert tiebreak_worth(richer, 0, -TIEBREAK_WIDTH - 1, w.tiebreak) == 0.0
    early = first_with(5, lambda g: g.phase == "act" and rounds_after_this(g) > TIEBREAK_ROUNDS)
    richer_early = _level_holdings(early, 1, [2, 2, 2])
    richer_early.gold[0] += 1
    assert evaluate(richer_early, 0, w) == evaluate(richer_early, 0, EXPERT_WEIGHTS)
