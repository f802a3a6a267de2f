"""The last round's goods and gold: worth what the player's own actions can still buy with them.

After the last round's actions only VP count (goods and gold break ties, gold pays the last
raid), so the usual scaled worth of goods (`time_scale(1)` of what they could buy) misjudges
the last round's placements and actions (issue 25, hypothesis 1; docs/strength.md). Here a
player with actions ahead in the last round is valued by the best plan over those actions:
goods cards and goods actions first (a player orders their own actions), then any affordable
set of tribe card purchases (central cards under their tribe markers, the Noble's hand card) and
one Silversmith exchange, then the last raid paid from the gold left. Actions whose outcome is
drawn from a deck (Caravan, Tribal expansion) keep the usual estimate.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import CENTRAL, crossings
from ..cards import BORDER, CARDS, Cost
from ..constants import DISPLAY_LIMIT, GOODS, LAST_CORNER, SILVERSMITH_GOLD, SILVERSMITH_GOODS
from ..decisions import BONUS, GAIN, PLACE_ASK, moves_place, raid_terms
from ..payment import BASE_COSTS
from ..read import ReadGame
from .evaluate import SYMBOL, Weights, border_action, display_worth, placement_gain, time_scale

# One purchase or exchange: its alternatives as (VP it brings, what it costs), and whether it
# takes a place in the display.
Option = tuple[tuple[tuple[float, Cost], ...], bool]


def last_round_worth(g: ReadGame, p: int, w: Weights) -> float:
    """Player p's value with their last actions still ahead: VP, the display as it will be
    scored, and the best plan over the actions placed (plus Targis still to place)."""
    goods, gold = g.goods[p], g.gold[p]
    value = float(g.vp[p]) + display_worth(g, p, 0.0, w) + 0.001 * (gold * 100 + sum(goods))
    targis = list(g.targis[p])
    spaces = crossings(targis) if g.phase == "place" else list(g.markers[p])
    base = plan_worth(g, p, targis, spaces, w)
    left = g.to_place[p] if g.phase == "place" else 0
    if left:
        gains = []
        for move in moves_place(g, PLACE_ASK[p]):
            more = [*targis, int(move[1:])]
            gains.append(plan_worth(g, p, more, crossings(more), w) - base)
        gains.sort(reverse=True)
        base += w.unplaced * sum(max(0.0, x) for x in gains[:left])
    return value + base


def plan_worth(g: ReadGame, p: int, targis: list[int], spaces: list[str], w: Weights) -> float:
    """The VP the actions on `targis` (border cards) and `spaces` (central) bring at best."""
    goods = list(g.goods[p])
    gold = g.gold[p]
    flat = 0.0
    choices = 0
    options: list[Option] = []
    for n in targis:
        effect = BORDER[n].effect
        if effect.startswith("take:"):
            goods[GOODS.index(effect[-1])] += 1
        elif effect == "noble":
            card = g.hand[p]
            if card != -1 and g.hand_round[p] != g.round:
                options.append(tribe_card(g, p, card, w))
        elif effect == "silversmith":
            options.append((silversmith(), False))
        else:  # drawn from a deck or a trade: the usual estimate
            flat += border_action(g, p, n, time_scale(1), w)
    for letter in spaces:
        i = CENTRAL.index(letter)
        card = g.central[i]
        if card == -1 or not g.face_up[i]:
            continue
        if CARDS[card].kind == "goods":
            d, s, pe, more_gold, vp, choice = GAIN[card]
            for k, add in enumerate((d, s, pe)):
                goods[k] += add + g.effects[p].get(BONUS[k], 0)
            gold += more_gold
            flat += vp
            choices += choice
        elif g.display_count(p) < DISPLAY_LIMIT:
            options.append(tribe_card(g, p, card, w))
    for _ in range(choices):  # "a good of your choice": the scarcest, which payments lack most
        goods[goods.index(min(goods))] += 1
    room = DISPLAY_LIMIT - g.display_count(p)
    return flat + best_plan(options, goods, gold, room, raid(g, p))


def tribe_card(g: ReadGame, p: int, card: int, w: Weights) -> Option:
    """Buying `card`: its VP, the row it completes and its effect, at any of its prices."""
    gain = placement_gain(g, p, card, 0.0, w)
    discount = f"discount:{SYMBOL[card]}" in g.effects[p]
    return tuple((gain, cost) for cost in BASE_COSTS[card][discount]), True


def silversmith() -> tuple[tuple[float, Cost], ...]:
    """The Silversmith's exchanges: gold or goods of one kind for VP."""
    out: list[tuple[float, Cost]] = [(float(vp), (0, 0, 0, n)) for n, vp in SILVERSMITH_GOLD]
    for k in range(3):
        for n, vp in SILVERSMITH_GOODS:
            cost = [0, 0, 0, 0]
            cost[k] = n
            out.append((float(vp), (cost[0], cost[1], cost[2], cost[3])))
    return tuple(out)


def raid(g: ReadGame, p: int) -> tuple[int, float]:
    """The last raid still ahead: the gold it asks, and the VP lost without it (0, 0 if none)."""
    corner = g.robber + 1
    if corner != LAST_CORNER or "raid_immunity" in g.effects[p]:
        return 0, 0.0
    kind, n, vp = raid_terms(BORDER[corner].effect)
    return (n if kind == "gold" else 0), float(min(vp, g.vp[p]))


def best_plan(
    options: Sequence[Option],
    goods: Sequence[int],
    gold: int,
    room: int,
    raid_terms_: tuple[int, float],
) -> float:
    """The most VP a subset of `options` brings (each paid one affordable way), the last raid
    paid from the gold left."""
    need, loss = raid_terms_
    if not options:
        return -loss if need and gold < need else 0.0
    (alternatives, takes_room), rest = options[0], options[1:]
    best = best_plan(rest, goods, gold, room, raid_terms_)
    if takes_room and room <= 0:
        return best
    for gain, cost in alternatives:
        if cost[0] <= goods[0] and cost[1] <= goods[1] and cost[2] <= goods[2] and cost[3] <= gold:
            left = (goods[0] - cost[0], goods[1] - cost[1], goods[2] - cost[2])
            value = gain + best_plan(rest, left, gold - cost[3], room - takes_room, raid_terms_)
            best = max(best, value)
    return best
