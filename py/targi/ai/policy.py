"""Quick answers to the small follow-up choices: how to pay, which row, which good, what to discard.

These are decided from the evaluation's own measures without looking ahead, so the search can
fold them into the move that caused them instead of spending plies on them.
"""

from __future__ import annotations

from ..cards import BORDER
from ..constants import GOLD, GOODS
from ..read import ReadGame
from .evaluate import chances, goods_worth, rounds_after_this, row_gain, time_scale

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


# Border actions that give up nothing when carried out: they only add (goods, a goods card) or
# end in a choice that may decline (a tribe card kept or discarded, no trade). The Silversmith's
# exchange and Fata Morgana's move are owed once begun, and can cost (the last raid's gold).
DECLINABLE = frozenset({"take", "caravan", "tribal_expansion", "noble", "merchant"})


def take_first(g: ReadGame) -> str | None:
    """In an "act" decision, an open border action that only takes a good (Dates, Salt,
    Pepper), or None. Taking it first loses nothing: a good only adds to what the player's
    later actions and the raids may ask, nothing is drawn, and the opponent acts neither
    between a player's actions nor before "done". So a search may play it at once, without a
    ply or a branch, and search only the orders of the actions that interact."""
    if g.decision != "act":
        return None
    for move in g.legal_moves():
        spot = move[1:]
        if spot.isdigit() and BORDER[int(spot)].effect.startswith("take:"):
            return move
    return None


def searched_moves(g: ReadGame) -> list[str]:
    """The legal moves worth searching: in the last round's actions, "done" only when every
    action left is owed once begun. Before that, an action that can be declined (`DECLINABLE`,
    or a central card: its tribe card may be discarded, a goods card only adds) does what
    "done" does and more; nothing carries over to a next round. Cards it draws are unseen and
    dealt alike either way."""
    moves = g.legal_moves()
    if g.decision == "act" and "done" in moves and rounds_after_this(g) == 0:
        for move in moves:
            spot = move[1:]
            if move[0] == "u" and (
                not spot.isdigit() or BORDER[int(spot)].effect.split(":")[0] in DECLINABLE
            ):
                moves.remove("done")
                break
    return moves
