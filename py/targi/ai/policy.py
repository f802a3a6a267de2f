"""Quick answers to the small follow-up choices: how to pay, which row, which good, what to discard.

These are decided from the evaluation's own measures without looking ahead, so the search can
fold them into the move that caused them instead of spending plies on them.
"""

from __future__ import annotations

from ..constants import GOLD, GOODS
from ..read import ReadGame
from .evaluate import chances, goods_worth, row_gain, time_scale

QUICK = frozenset({"pay", "row", "good", "discard"})


def _pay(g: ReadGame, p: int, moves: list[str]) -> str:
    goods, gold = g.goods[p], g.gold[p]

    def left(move: str) -> float:
        after = [goods[k] - move.count(GOODS[k]) for k in range(3)]
        return goods_worth(after, gold - move.count(GOLD))

    return max(moves, key=left)


def _row(g: ReadGame, p: int, card: int, moves: list[str]) -> str:
    scale = time_scale(chances(g, p))
    boosted = "diverse_rows_four" in g.effects[p]

    def gain(move: str) -> float:
        return row_gain(g.display[p][int(move[1]) - 1], card, boosted, scale)

    return max(moves, key=gain)


def _good(g: ReadGame, p: int, moves: list[str], sign: int) -> str:
    goods, gold = g.goods[p], g.gold[p]

    def worth(move: str) -> float:
        after = list(goods)
        after[GOODS.index(move[1])] += sign
        return goods_worth(after, gold)

    return max(moves, key=worth)


def quick_move(g: ReadGame) -> str:
    """The move for a QUICK decision (pay, row, good, discard)."""
    top = g.current_decision
    kind, p = top.kind, top.player
    moves = g.legal_moves()
    if kind == "pay":
        return _pay(g, p, moves)
    if kind == "row":
        return _row(g, p, top.card, moves)
    if kind == "good":
        return _good(g, p, moves, 1)
    if kind == "discard":
        return _good(g, p, moves, -1)
    raise ValueError(f"no quick answer for {kind!r}")
