"""The tree search's playout policy: a few cheap moves after the move an iteration adds.

Every action taken, goods before tribe cards, a tribe card bought when affordable, rows steered
towards four alike or four different, the last raid paid in gold: issue 25's playout policy,
as the yardstick (bench/yardstick.py) plays it. The yardstick keeps its own copy on purpose: it is
the measuring stick the expert is judged by, and must not move when this policy is tuned.
The tree search (tree.py) plays a few of these moves before the evaluation judges, so that a
leaf is judged after the moves that follow it, not in the middle of them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..board import CENTRAL, COLUMN_OF, ROW_OF, central_space
from ..cards import BORDER, CARDS
from ..constants import GOLD, GOODS
from ..read import ReadGame

GREEDY_PLACE = 0.8  # a playout places by the placement heuristic this often, else at random


# Border cards by the kind of action they give: goods first, then trades, then tribe cards.
ACTION_ORDER = {"fata_morgana": 0, "take": 1, "caravan": 1, "merchant": 2, "silversmith": 4}
TRIBE_ACTION = 3  # Noble, Tribal expansion, a central tribe card, the hand card
PLACE_WORTH = {
    "take": 1.0,
    "caravan": 1.1,
    "tribal_expansion": 1.5,
    "merchant": 0.4,
    "silversmith": 0.6,
    "fata_morgana": 0.3,
}


def _action_class(g: ReadGame, move: str) -> int:
    if move == "h":
        return TRIBE_ACTION
    tail = move[1:]
    if tail.isdigit():
        effect = BORDER[int(tail)].effect.split(":")[0]
        return ACTION_ORDER.get(effect, TRIBE_ACTION)
    card = g.central[CENTRAL.index(tail)]
    return ACTION_ORDER["take"] if CARDS[card].kind == "goods" else TRIBE_ACTION


def _place_worth(g: ReadGame, p: int, move: str) -> float:
    """A Targi's worth on a border card: its own action, and the central cards its row or
    column crosses with the player's Targis already placed (where tribe markers will go)."""
    n = int(move[1:])
    effect = BORDER[n].effect.split(":")[0]
    worth = PLACE_WORTH.get(effect, 0.0)
    if effect == "noble" and g.hand[p] != -1:
        worth = 1.2
    spaces: list[str] = []
    mine = g.targis[p]
    if n in ROW_OF:
        spaces = [central_space(ROW_OF[n], COLUMN_OF[t]) for t in mine if t in COLUMN_OF]
    elif n in COLUMN_OF:
        spaces = [central_space(ROW_OF[t], COLUMN_OF[n]) for t in mine if t in ROW_OF]
    for s in spaces:
        card = g.central[CENTRAL.index(s)]
        if card != -1:
            worth += 1.6 if CARDS[card].kind == "tribe" else 1.0
    return worth


def _row_worth(row: Sequence[int], symbol: str) -> float:
    """Steer a row towards four alike or four different; a card that spoils both is worst."""
    if not row:
        return 1.0
    symbols = [CARDS[c].symbol for c in row]
    if all(s == symbol for s in symbols):
        return 3.0 + len(row)
    if symbol not in symbols and len(set(symbols)) == len(symbols):
        return 2.0 + 0.5 * len(row)
    return 0.0


def _goods_after(goods: Sequence[int], letters: str) -> list[int]:
    return [goods[k] - letters.count(GOODS[k]) for k in range(3)]


def playout_move(g: ReadGame, moves: list[str], rng: random.Random) -> str:
    """The playout policy: every action taken, goods before tribe cards, a tribe card bought
    when affordable, rows towards four alike or four different, the last raid paid in gold."""
    kind = g.decision
    p = g.player
    goods = g.goods[p]
    if kind == "act":
        actions = [m for m in moves if m != "done"]
        first = min(_action_class(g, m) for m in actions)
        return rng.choice([m for m in actions if _action_class(g, m) == first])
    if kind == "place":
        if rng.random() < GREEDY_PLACE:
            return max(moves, key=lambda m: _place_worth(g, p, m) + 0.1 * rng.random())
        return moves[rng.randrange(len(moves))]
    if kind == "tribe":
        return "b" if "b" in moves else "k" if "k" in moves else "d"
    if kind == "pay":  # gold kept (the last raid), then the goods that leave the most balance
        return min(moves, key=lambda m: (m.count(GOLD), -min(_goods_after(goods, m[1:]))))
    if kind == "row":
        symbol = CARDS[g.current_decision.card].symbol
        rows = g.display[p]
        return max(moves, key=lambda m: _row_worth(rows[int(m[1]) - 1], symbol) + rng.random())
    if kind == "good":
        return f"g{GOODS[goods.index(min(goods))]}"
    if kind == "discard":
        return f"-{GOODS[goods.index(max(goods))]}"
    if kind == "raid":
        if "lG" in moves:
            return "lG"
        paid = [m for m in moves if m != "lV"]
        if paid:
            return max(paid, key=lambda m: min(_goods_after(goods, m[1:])))
        return "lV"
    if kind == "merchant":
        most, least = GOODS[goods.index(max(goods))], GOODS[goods.index(min(goods))]
        if max(goods) - min(goods) >= 3 and f"m{most}{least}" in moves:
            return f"m{most}{least}"
        if g.gold[p] < 2 and max(goods) >= 5 and f"m{most}G" in moves:
            return f"m{most}G"
        return "done"
    if kind == "silversmith":
        return max(moves, key=lambda m: (m[-1] != GOLD, int(m[1]), goods[GOODS.find(m[-1])]))
    if kind == "swap":
        return "done"
    return moves[rng.randrange(len(moves))]  # Fata Morgana: where to, at random
