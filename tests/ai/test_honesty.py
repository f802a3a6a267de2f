"""The computer sees only what a player may know: reordering the unseen cards changes nothing."""

from __future__ import annotations

import pytest
from targi.ai import LEVELS, choose_move
from targi.ai.choose import decide
from targi.ai.levels import setting
from targi.cards import CARDS
from targi.view import observe

from .positions import first_with


def _face_down(g) -> list[int]:
    return [i for i in range(9) if not g.face_up[i] and g.central[i] != -1]


def _reordered(g):
    """The same game as a player sees it, with the unseen cards in another order."""
    h = g.clone()
    h.goods_deck.reverse()
    h.tribe_deck.reverse()
    h.rng ^= 0xDEADBEEF  # the generator of later reshuffles is hidden too
    for i in _face_down(h):  # swap each face-down card with a deck card of its kind
        deck = h.goods_deck if CARDS[h.central[i]].kind == "goods" else h.tribe_deck
        if deck:
            deck[0], h.central[i] = h.central[i], deck[0]
    return h


@pytest.fixture(scope="module")
def hidden_position():
    """Mid-round, actions under way: face-down cards on the table and full decks."""
    return first_with(21, lambda g: g.decision == "act" and len(_face_down(g)) >= 1)


def test_reordering_really_changes_the_hidden_cards(hidden_position):
    g, h = hidden_position, _reordered(hidden_position)
    assert g.goods_deck != h.goods_deck and g.tribe_deck != h.tribe_deck
    assert any(g.central[i] != h.central[i] for i in _face_down(g))
    assert observe(g).key() == observe(h).key()


# expert's two full searches (its tree's, a few seconds) run in the full suite; `build.py test
# --quick` has expert's tree and weights on a smaller budget in the next test but one.
@pytest.mark.parametrize(
    "level",
    [pytest.param(name, marks=[pytest.mark.slow] if name == "expert" else []) for name in LEVELS],
)
def test_the_choice_is_unchanged_when_the_unseen_cards_are_reordered(hidden_position, level):
    g, h = hidden_position, _reordered(hidden_position)
    for seed in (1, 2):
        move = choose_move(g, level, seed)
        assert move == choose_move(h, level, seed)
        assert move in g.legal_moves()  # the full budget's answer is legal too


def test_the_values_of_all_moves_are_unchanged_too(hidden_position):
    g, h = hidden_position, _reordered(hidden_position)
    a, b = decide(g, "medium", 3, nodes=1500), decide(h, "medium", 3, nodes=1500)
    assert a.values == b.values and a.nodes == b.nodes


def test_expert_s_values_are_unchanged_on_a_smaller_budget(hidden_position):
    """Expert's tree (a deal of its own every iteration) and weights, blind to the order, at a
    fifth of its iterations."""
    g, h = hidden_position, _reordered(hidden_position)
    iterations = setting("expert").tree // 5
    a, b = decide(g, "expert", 1, nodes=iterations), decide(h, "expert", 1, nodes=iterations)
    assert a.samples == iterations  # the tree decided, one deal an iteration
    assert a.values == b.values and a.nodes == b.nodes and a.move == b.move


def test_the_alpha_beta_expert_s_values_are_unchanged_on_a_smaller_budget(hidden_position):
    """expert-ab's own deals (4) and weights, blind to the order, at a fifth of its budget: the
    alpha-beta search the expert keeps for its end game."""
    g, h = hidden_position, _reordered(hidden_position)
    expert = setting("expert-ab")
    nodes = expert.nodes // 5
    a, b = decide(g, "expert-ab", 1, nodes=nodes), decide(h, "expert-ab", 1, nodes=nodes)
    assert a.samples == expert.samples
    assert a.values == b.values and a.nodes == b.nodes and a.move == b.move


def test_placement_before_any_card_is_hidden_ignores_the_deck_order():
    g = first_with(33, lambda g: g.decision == "place" and g.round > 1)
    h = _reordered(g)
    assert choose_move(g, "medium", 7) == choose_move(h, "medium", 7)
