"""What a player may pay for a tribe card: stroke alternatives, discounts (R9), extra goods."""

from __future__ import annotations

from .cards import Card, Cost

DISPLAY_LIMIT = 12


def payment_options(
    goods: list[int], gold: int, card: Card, discount: bool, extra: int
) -> list[Cost]:
    """Every distinct payment the player can afford, sorted.

    `discount`: the player has the discount card of this card's symbol — one good of the
    payer's choice less, never gold (R9). `extra`: goods of the payer's choice added to the cost
    (playing the hand card without the Noble).
    """
    options: set[Cost] = set()
    for alt in card.costs or ((0, 0, 0, 0),):
        bases = [alt]
        if discount and (alt[0] or alt[1] or alt[2]):
            bases = [_minus(alt, k) for k in range(3) if alt[k]]
        for base in bases:
            for cost in _with_extra(base, extra):
                if (
                    cost[0] <= goods[0]
                    and cost[1] <= goods[1]
                    and cost[2] <= goods[2]
                    and cost[3] <= gold
                ):
                    options.add(cost)
    return sorted(options)


def _minus(cost: Cost, kind: int) -> Cost:
    c = list(cost)
    c[kind] -= 1
    return (c[0], c[1], c[2], c[3])


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
    return "$" + "D" * cost[0] + "S" * cost[1] + "P" * cost[2] + "G" * cost[3]
