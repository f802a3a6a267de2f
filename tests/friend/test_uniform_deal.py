"""The deal's order is uniform as long as one page is honest; the points open to that order."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from targi.friend import shuffle
from targi.friend.group import card_point, point, scalar_bytes
from targi.friend.shuffle import deal_order

from .scripted import secret

CARDS = (3, 7, 11, 20)  # a small deck: 24 orders
SHUFFLES = 2400  # 100 expected per order
CHI2_CRITICAL = 49.73  # 23 degrees of freedom, p = 0.001: a fair deal fails once in 1000 runs


def _chi2(orders: list[tuple[int, ...]]) -> float:
    counts = Counter(orders)
    expected = len(orders) / 24
    return sum((counts.get(o, 0) - expected) ** 2 / expected for o in itertools.permutations(CARDS))


@pytest.mark.parametrize(
    "who_cheats", ["nobody", "the inviter, always the same bytes", "the friend, always"]
)
def test_the_order_is_uniform_while_one_page_is_honest(who_cheats: str) -> None:
    orders = []
    for i in range(SHUFFLES):
        a = secret("fixed-a") if who_cheats.startswith("the inviter") else secret(f"a{i}")
        b = secret("fixed-b") if who_cheats.startswith("the friend") else secret(f"b{i}")
        orders.append(tuple(deal_order(a, b, 0, CARDS)))
    assert _chi2(orders) < CHI2_CRITICAL


def test_a_fixed_order_fails_the_uniformity_test() -> None:
    """The test can tell: both pages always alike give one order."""
    orders = [tuple(deal_order(secret("a"), secret("b"), 0, CARDS))] * SHUFFLES
    assert _chi2(orders) > CHI2_CRITICAL


@pytest.mark.parametrize("pair", range(3))
def test_the_encrypted_deck_opens_to_the_deal_order(pair: int) -> None:
    a, b = secret(f"open-a{pair}"), secret(f"open-b{pair}")
    first = shuffle.first_pass(a, 4, CARDS)
    second = shuffle.second_pass(b, 4, first)
    assert not set(first) & {card_point(c).data for c in CARDS}, "no card lies open"
    opened = []
    for j in range(len(CARDS)):
        k, key_b = shuffle.friend_share(b, 4, len(CARDS), j)
        assert shuffle.check_friend_share(point(first[k]), point(second[j]), key_b)
        key_a = shuffle.inviter_share(a, 4, k)
        opened.append(shuffle.open_card(point(first[k]), key_a, CARDS))
    assert opened == deal_order(a, b, 4, CARDS)
    assert len(scalar_bytes(key_a)) == 32
