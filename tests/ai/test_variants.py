"""Benchmark variants of a level (levels.VARIANTS): playable by name, never offered by the page."""

from __future__ import annotations

from dataclasses import replace

from targi.ai import make_player
from targi.ai.choose import decide, sample_seed
from targi.ai.evaluate import EXPERT_WEIGHTS
from targi.ai.levels import LEVELS, VARIANTS
from targi.ai.player import AIPlayer
from targi.ai.search import Search
from targi.constants import LEVEL_NAMES
from targi.registry import make_player as registry_player
from targi.view import observe

from .positions import first_with
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
    shipped = decide(g, replace(LEVELS["expert"], nodes=900, samples=3), seed)
    assert shipped.values != choice.values  # the bounds of the shipped expert differ


def test_expert_exact_is_the_shipped_expert_but_for_its_root_window() -> None:
    assert replace(VARIANTS["expert-exact"], exact_root=False) == LEVELS["expert"]
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
