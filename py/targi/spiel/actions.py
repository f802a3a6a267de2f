"""The fixed action table: every move string of the notation (docs/notation.md) has an id.

The table is enumerated from the notation and the card table, never discovered by playing, so
an id means the same move in every game and every version with the same card table. Chance
actions are separate (OpenSpiel keeps chance outcomes apart): the id of a dealt card is its
place in the goods cards followed by the tribe cards.
"""

from __future__ import annotations

from itertools import combinations

from ..board import CENTRAL
from ..cards import CARDS, GOODS, GOODS_CARDS, TRIBE_CARDS
from ..constants import ROW_LENGTH
from ..decisions import DISCARD_GOOD, PLACE, PLACEABLE, RAID_GOODS, ROWS, TAKE_GOOD, USE
from ..payment import payment_move, payment_options

ROW_PLACES = ROW_LENGTH  # a swap names two places (row, place in the row)
_PLENTY = 99  # enough of every good and gold to afford any payment


def _payments() -> list[str]:
    """Every payment any tribe card can ask, with or without its discount (R9) and with the
    extra good for playing the hand card without the Noble; by amounts (D, S, P, G)."""
    costs = {
        cost
        for card in TRIBE_CARDS
        for discount in (False, True)
        for extra in (0, 1)
        for cost in payment_options([_PLENTY] * 3, _PLENTY, CARDS[card], discount, extra)
    }
    return [payment_move(c) for c in sorted(costs)]


def _merchant() -> list[str]:
    moves = []
    for given in GOODS:
        moves += [f"m{given}{got}" for got in GOODS if got != given]
        moves.append(f"m{given}G")
    return moves


def _swaps() -> list[str]:
    places = [(r, c) for r in range(1, len(ROWS) + 1) for c in range(1, ROW_PLACES + 1)]
    return [f"w{a[0]}{a[1]}{b[0]}{b[1]}" for a, b in combinations(places, 2)]


def _table() -> tuple[str, ...]:
    moves = [PLACE[n] for n in PLACEABLE]
    moves += [USE[str(n)] for n in PLACEABLE] + [USE[c] for c in CENTRAL] + ["h", "done"]
    moves += ["b", "k", "d"]
    moves += _payments()
    moves += list(ROWS) + list(TAKE_GOOD)
    moves += _merchant()
    moves += [f"s{n}{good}" for good in GOODS for n in (2, 4)] + ["s1G", "s2G"]
    moves += [f"f{a}{b}" for a in CENTRAL for b in CENTRAL if a != b]
    moves += _swaps()
    moves += list(DISCARD_GOOD)
    moves += [m for n in sorted(RAID_GOODS) for m in RAID_GOODS[n]] + ["lG", "lV"]
    assert len(set(moves)) == len(moves), "the action table names a move twice"
    return tuple(moves)


ACTIONS: tuple[str, ...] = _table()
ACTION_ID: dict[str, int] = {m: i for i, m in enumerate(ACTIONS)}
DEALT: tuple[int, ...] = GOODS_CARDS + TRIBE_CARDS  # chance action id -> card index
DEALT_ID: dict[int, int] = {card: i for i, card in enumerate(DEALT)}


def action_id(move: str) -> int:
    """The id of a move string; ValueError for a string that is not in the notation."""
    try:
        return ACTION_ID[move]
    except KeyError:
        raise ValueError(f"{move!r} is not a move of the notation (docs/notation.md)") from None


def deal_string(action: int) -> str:
    """A chance action as text: 'deal ' and the card's id."""
    return f"deal {CARDS[DEALT[action]].id}"
