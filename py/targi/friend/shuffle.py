"""The two-pass shuffle of one deck and the opening of one card (SRA on the P-256 group).

A deck is a list of cards known to both pages. The inviter's pass: position k holds
`a_k · P(card[πA(k)])`. The friend's pass: position j holds `b_j · pass1[πB(j)]`. The cards
are dealt from the friend's pass, position 0 first. To open position j the friend releases
`k = πB(j)` and `b_j` (anyone can check `pass2[j] == b_j · pass1[k]`), then the inviter
releases `a_k` (anyone can check that `a_k⁻¹ · pass1[k]` is the point of a card of this deck
not opened yet). Each key is a fresh random scalar, so an encrypted card is a uniformly random
point: a pass hides its order perfectly, and neither page can open a card without the other.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import derive
from .errors import FriendError
from .group import Point, card_of_point, card_point, inverse, point


def first_pass(secret: bytes, deck: int, cards: Sequence[int]) -> list[bytes]:
    """The inviter's pass over `cards` (their shuffle, each card under its own key)."""
    order = derive.permutation(secret, deck, len(cards))
    return [
        card_point(cards[order[k]]).times(derive.card_key(secret, deck, k)).data
        for k in range(len(cards))
    ]


def second_pass(secret: bytes, deck: int, first: Sequence[bytes]) -> list[bytes]:
    """The friend's pass over the inviter's (their shuffle on top, each under its own key)."""
    order = derive.permutation(secret, deck, len(first))
    return [
        point(first[order[j]]).times(derive.card_key(secret, deck, j)).data
        for j in range(len(first))
    ]


def friend_share(secret: bytes, deck: int, n: int, j: int) -> tuple[int, int]:
    """The friend's share for position j: (k, b_j), where k is the inviter's position."""
    return derive.permutation(secret, deck, n)[j], derive.card_key(secret, deck, j)


def inviter_share(secret: bytes, deck: int, k: int) -> int:
    """The inviter's share for their position k: a_k."""
    return derive.card_key(secret, deck, k)


def check_friend_share(first: Point, second: Point, b: int) -> bool:
    """The friend's share points the second pass's card at the first pass's card it claims."""
    return first.times(b) == second


def open_card(first: Point, a: int, cards: Sequence[int]) -> int:
    """The card under the inviter's key `a` at a first-pass point; FriendError if it is none of
    `cards` (a wrong key, or a point that encrypts no card of this deck)."""
    card = card_of_point().get(first.times(inverse(a)).data)
    if card is None or card not in cards:
        raise FriendError("the key does not open a card of this deck")
    return card


def deal_order(inviter: bytes, friend: bytes, deck: int, cards: Sequence[int]) -> list[int]:
    """The cards in the order they are dealt, from both pages' secrets (the audit's answer)."""
    a = derive.permutation(inviter, deck, len(cards))
    b = derive.permutation(friend, deck, len(cards))
    return [cards[a[b[j]]] for j in range(len(cards))]
