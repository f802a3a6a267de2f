"""What a player may pay for a tribe card: stroke alternatives, discounts (R9), extra goods."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import CARDS, Card, Cost
from .constants import DISCOUNT


def pays(cost: Cost, goods: Sequence[int], gold: int) -> bool:
    """The goods and gold cover `cost` (dates, salt, pepper, gold)."""
    return cost[0] <= goods[0] and cost[1] <= goods[1] and cost[2] <= goods[2] and cost[3] <= gold


def affordable(card: int, goods: Sequence[int], gold: int, discount: bool = False) -> bool:
    """Some payment of the card (by index; `discount` as in `payment_options`) is covered."""
    return any(pays(cost, goods, gold) for cost in BASE_COSTS[card][discount])


def payment_options(
    goods: Sequence[int], gold: int, card: Card, discount: bool, extra: int
) -> list[Cost]:
    """Every distinct payment the player can afford, sorted.

    `discount`: the player has the discount card of this card's symbol (R9, see `base_costs`).
    `extra`: goods of the payer's choice added to the cost (playing the hand card without the
    Noble).

    >>> from targi.cards import BY_ID
    >>> card = BY_ID["T01"]; card.costs
    ((1, 2, 2, 0),)
    >>> payment_options([2, 2, 2], 1, card, discount=True, extra=0)
    [(0, 2, 2, 0), (1, 1, 2, 0), (1, 2, 1, 0)]
    """
    options: set[Cost] = set()
    for base in BASE_COSTS[card.index][discount]:
        for cost in _with_extra(base, extra):
            if pays(cost, goods, gold):
                options.add(cost)
    return sorted(options)


def base_costs(card: Card, discount: bool) -> tuple[Cost, ...]:
    """A card's cost alternatives (a card without a cost costs nothing); with the discount
    (R9), each alternative that asks for goods becomes one per kind of good it asks for, with
    DISCOUNT of that good less. Gold is never discounted."""
    bases: list[Cost] = []
    for alt in card.costs or ((0, 0, 0, 0),):
        if discount and (alt[0] or alt[1] or alt[2]):
            bases += [_minus(alt, k) for k in range(3) if alt[k]]
        else:
            bases.append(alt)
    return tuple(bases)


def _minus(cost: Cost, kind: int) -> Cost:
    c = list(cost)
    c[kind] = max(0, c[kind] - DISCOUNT)
    return (c[0], c[1], c[2], c[3])


CostTable = tuple[tuple[tuple[Cost, ...], tuple[Cost, ...]], ...]


def base_cost_table(cards: Sequence[Card]) -> CostTable:
    """`base_costs` of every card, without and with the discount, by card index."""
    return tuple((base_costs(c, False), base_costs(c, True)) for c in cards)


BASE_COSTS = base_cost_table(CARDS)  # [card index][discount]: looked up in the hot paths


def _with_extra(cost: Cost, extra: int) -> list[Cost]:
    costs = [cost]
    for _ in range(extra):
        costs = [
            (c[0] + (k == 0), c[1] + (k == 1), c[2] + (k == 2), c[3])
            for c in costs
            for k in range(3)
        ]
    return costs


def payment_move(cost: Cost) -> str:
    """The move that pays `cost`: (1, 0, 2, 1) -> '$DPPG'."""
    return "$" + "D" * cost[0] + "S" * cost[1] + "P" * cost[2] + "G" * cost[3]
