"""A player orders their own actions (the rulebook's action phase): a pruned end game
(`Level.prune`: the expert's since 2026-11-27) searches fewer of those orders. A border action that
only takes a good is carried out at once, and "done" waits while an action that can be declined
is left (docs/strength.md, "Fewer orders in the end game")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from targi.ai.choose import decide, sample_seed
from targi.ai.evaluate import EXPERT_WEIGHTS
from targi.ai.levels import LEVELS, VARIANTS, Level
from targi.ai.policy import searched_moves, take_first
from targi.ai.search import Search
from targi.ai.verdict import judge
from targi.save import decode
from targi.view import observe

from .positions import first_with
from .test_end_game import TENT
from .test_end_game import position as end_game_position

# Game 90001 of bench/results/expert-unpruned-v-yardstick4.jsonl at its 211th move: round 12,
# the unpruned expert (player 0) acts first with Merchant, Silversmith, Caravan, two central
# cards and its hand card ahead; the yardstick then acts with Salt, Pepper, Tribal expansion
# and two central cards.
BUSY = "TAQABX5EB0wEBBo2BszB8RMYNkFQLkm4Cxkj7Yts11egS9RIk216eH44TnGbDo8A_lswaWJczAHZIKVfunMX-mC1xFs-HCA"  # noqa: E501


def busy():
    g, _ = decode(BUSY)
    assert (g.round, g.player, g.decision) == (12, 0, "act")
    return g


def test_a_border_action_that_only_takes_a_good_is_carried_out_first():
    g = first_with(
        2, lambda g: g.decision == "act" and g.round == 12 and "u2" in g.legal_moves(), 3000
    )
    assert g.legal_moves() == ["u1", "u2", "u5", "uA", "uB", "done"]
    assert take_first(g) == "u2"  # Dates, before the Noble, the Merchant and two central cards
    choice = decide(g, "expert", 0)
    assert (choice.move, choice.nodes) == ("u2", 0)  # no search: nothing to weigh it against
    assert take_first(busy()) is None  # Merchant, Silversmith, Caravan: each interacts


def test_only_the_end_game_is_pruned():
    # Before the last round's actions a search stops at a depth and meets the evaluation; there
    # the pruned orders would meet it at other points and play otherwise (docs/strength.md).
    g = first_with(1, lambda g: g.decision == "act" and g.round < 12 and "u3" in g.legal_moves())
    assert take_first(g) == "u3"  # Salt
    choice = decide(g, replace(LEVELS["expert"], nodes=2000), 0)
    assert choice.nodes > 0 and set(choice.values) == set(g.legal_moves())


def test_the_last_round_s_done_waits_while_an_action_can_still_be_declined():
    g = busy()
    assert "done" in g.legal_moves()
    assert searched_moves(g) == [m for m in g.legal_moves() if m != "done"]


def _last_actions(seed: int):
    """A random game's first last-round "act" decision with one action left and "done"."""
    return first_with(
        seed,
        lambda g: g.decision == "act" and g.round == 12 and len(g.legal_moves()) == 2,
        limit=3000,
    )


def test_done_stays_when_only_an_action_owed_once_begun_is_left():
    # The Silversmith's one exchange must be made once begun, and spending the last gold on it
    # may cost 3 VP at the last raid: stopping can be worth more.
    g = _last_actions(5)
    assert searched_moves(g) == g.legal_moves() == ["u10", "done"]


def test_done_waits_for_the_merchant_whose_trades_may_all_be_declined():
    g = _last_actions(12)
    assert g.legal_moves() == ["u5", "done"]
    assert searched_moves(g) == ["u5"]
    choice = decide(g, "expert", 0)
    assert (choice.move, choice.nodes) == ("u5", 0)  # one move left to search: none needed
    assert judge(g, "done", 0, "expert").loss is None  # not measured, and no error


def test_done_stays_before_the_last_round():
    g = first_with(1, lambda g: g.decision == "act" and g.round < 12 and "u3" in g.legal_moves())
    assert searched_moves(g) == g.legal_moves()
    assert "done" in g.legal_moves()


def _solved(g, k: int, prune: bool):
    world = observe(g).sample(sample_seed(3, k))
    result = Search(10**7, None, EXPERT_WEIGHTS, prune=prune).root(world, 40, True, (1, 40))
    assert result.complete
    return result


def test_a_pruned_search_solves_a_busy_last_round_for_a_third_of_the_nodes_to_the_same_value():
    full, pruned = _solved(busy(), 0, False), _solved(busy(), 0, True)
    assert max(pruned.values.values()) == max(full.values.values())
    assert pruned.nodes * 3 < full.nodes


def test_a_pruned_search_pays_the_last_raid_before_judging_the_silversmith():
    # The last tent (tests/ai/test_end_game.py): Salt and Dates taken first, the Silversmith is
    # the opponent's last action. Judged one step ahead, spending the last gold ended the game
    # (finished: the margin) where the other exchanges left the raid pending (an evaluation on
    # another scale), and the pruned search's value for discarding was off by 3 VP.
    g = end_game_position(TENT)
    for k in range(3):
        full, pruned = _solved(g, k, False), _solved(g, k, True)
        assert pruned.values == full.values


@pytest.mark.slow
def test_the_expert_solves_every_deal_of_a_busy_last_round_within_its_budget():
    # The unpruned expert's 40,000 nodes over 8 deals stop at depth 5-7 here, where the round
    # needs 13 plies; pruned, 4 deals and more are each searched to the end (docs/strength.md).
    g = busy()
    unpruned, pruned = decide(g, "expert-unpruned", 0), decide(g, "expert", 0)
    assert unpruned.depth < 10
    assert pruned.depth == LEVELS["expert"].max_depth and pruned.samples >= 4
    assert pruned.nodes <= LEVELS["expert"].endgame_nodes + pruned.samples  # one over a deal
    assert "done" in g.legal_moves() and "done" not in pruned.values
    verdict = judge(g, "done", 0, "expert")  # the analysis of an early "done"
    assert verdict.best == pruned.move and verdict.loss is None


def test_the_expert_prunes_its_end_game_and_owes_four_deals_there():
    expert = LEVELS["expert"]
    assert [name for name, level in LEVELS.items() if level.prune] == ["expert"]
    unpruned = replace(expert, prune=False, endgame_samples=8, endgame_placements=0, tree=0)
    assert unpruned == VARIANTS["expert-unpruned"]
    assert expert.endgame_samples == 4


def test_the_expert_until_2026_11_27_is_kept_as_expert_unpruned():
    # Its rows (bench/results) and the variants measured against it go on with the same player.
    assert VARIANTS["expert-unpruned"] == Level(
        "Amenokal", 28000, 0.35, 4, 40, 0.0, endgame_nodes=40000, endgame_samples=8,
        weights=EXPERT_WEIGHTS,
    )  # fmt: skip
    for name in ("expert-exact", "expert-spend", "expert-2x", "expert-eg2", "expert-2x-spend"):
        assert not VARIANTS[name].prune and VARIANTS[name].max_depth == 40


def test_expert_prune_spend_is_expert_lp0_with_expert_spend_s_weights():
    both = VARIANTS["expert-prune-spend"]
    assert replace(both, weights=EXPERT_WEIGHTS) == VARIANTS["expert-lp0"]
    assert both.weights == VARIANTS["expert-spend"].weights
