"""How good a position looks for one player: what they have, what is on its way, what it can become.

The value is in victory points, mine minus the opponent's. It reads the game state (read-only)
and the card table; it never looks at hidden cards (the search only ever holds sampled worlds
built from `observe()`). Weights live in `Weights` so that self-play tuning changes numbers, not
code (docs/ai.md, "Tuning").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..board import CENTRAL, CORNERS, FACING, crossings
from ..cards import BORDER, CARDS
from ..constants import (
    DISPLAY_LIMIT,
    GOLD_LIMIT,
    GOODS,
    GOODS_LIMIT,
    LAST_CORNER,
    MERCHANT_GOLD,
    ROW_DIFFERENT,
    ROW_DIFFERENT_BOOSTED,
    ROW_LENGTH,
    SILVERSMITH_GOLD,
    SILVERSMITH_GOODS,
    TARGIS,
)
from ..decisions import BONUS, GAIN, PLACE, PLACE_ASK, PLACEABLE, moves_place, raid_terms
from ..payment import BASE_COSTS, affordable, pays
from ..read import ReadGame
from ..scoring import row_bonus, score, tie_break

K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True)
class Weights:
    """The evaluation's numbers (VP per unit), tuned by self-play (bench/ai_tune.py)."""

    good: float = 0.5  # one good, many rounds ahead (what it helps to buy)
    gold: float = 1.1
    balance: float = 0.15  # per unit of the scarcest good: costs mix all three
    hand: float = 0.45  # share of a hand card's worth (it still needs a Noble)
    identical: tuple[float, float, float, float] = (0.0, 0.35, 1.1, 2.2)  # row of n alike
    different: tuple[float, float, float, float] = (0.0, 0.15, 0.5, 1.0)  # row of n unlike
    pair: float = 0.45  # an odd card towards the next vp_per_two pair
    affordable: float = 0.15  # per visible tribe card the goods can buy now
    pending: float = 0.9  # share of an unused action's estimated worth
    unplaced: float = 0.7  # share of the best free border card for a Targi still to place
    effect_per_round: float = 0.35  # lasting effects (goods bonus, discount, ...) per round left
    immunity_per_raid: float = 1.2
    win: float = 3.0  # a won game's bonus on top of the margin (terminal positions only)
    raid: float = 0.0  # share of what the robber's next raid will cost (expert: all of it)
    reach: bool = False  # a row's promise counts only while enough cards can still come
    # The last round: goods and gold worth what the player's own actions can still buy with
    # them (last_round.py), not a share of what they could buy over rounds that do not come.
    spend: bool = False
    # Targis still to place: each player gets the free border cards left to them when both
    # place in turn, the one placing next choosing first (placement_order), not the best free
    # cards as if the other would never take one.
    tempo: bool = False
    # Holding the tie-break (R2: more gold, then more goods) in the last rounds of a close
    # game: the VP it adds at a level evaluation, less as the evaluation leaves level (none
    # TIEBREAK_WIDTH VP away), counted for the player ahead on it and against the other.
    # Finished games count it exactly (final_value), whatever this is.
    tiebreak: float = 0.0


WEIGHTS = Weights()  # easy, medium, hard
EXPERT_WEIGHTS = Weights(raid=1.0, reach=True)
CARDS_PER_ROUND = 3  # at most: two tribe markers and the Noble (an upper bound, not a rule)
TIEBREAK_ROUNDS = 2  # Weights.tiebreak counts with at most this many whole rounds after this one
TIEBREAK_WIDTH = 4.0
UNIT = (1.0, 1.0, 1.0, 0.85, 0.7, 0.55, 0.45, 0.4, 0.35, 0.3, 0.3)  # n-th good of one kind
CUMULATIVE = [sum(UNIT[:n]) + 0.3 * max(0, n - len(UNIT)) for n in range(64)]


SYMBOL = [c.symbol for c in CARDS]
VP = [c.vp for c in CARDS]
EFFECT = [c.effect for c in CARDS]
# The symbol a vp_per_two card pairs, by card (None: the card has no such effect).
PAIR_TARGET = [e[11:] if e.startswith("vp_per_two:") else None for e in EFFECT]
IS_TRIBE = [c.kind == "tribe" for c in CARDS]
DISCOUNT_CODE = [f"discount:{c.symbol}" for c in CARDS]  # the effect that discounts the card
RAID_TERMS = {n: raid_terms(BORDER[n].effect) for n in CORNERS}  # the corner's raid, by corner
BOOST = ROW_DIFFERENT_BOOSTED / ROW_DIFFERENT  # a boosted row of different symbols
CENTRAL_INDEX = {letter: i for i, letter in enumerate(CENTRAL)}
PLACED = {PLACE[n]: n for n in PLACEABLE}  # a placement move's border card
PLAIN = tuple(n for n in PLACEABLE if BORDER[n].effect != "noble")  # see plain_actions
PLAIN_SET = frozenset(PLAIN)
AVERAGE_GAIN = [sum(v[k] for v in GAIN.values()) / len(GAIN) for k in range(6)]


# ---- time --------------------------------------------------------------------------------------
def spots_after(start: int) -> int:
    """The robber's stops after `start` that begin a round (the corners are raids)."""
    return sum(1 for n in range(start + 1, LAST_CORNER) if n not in CORNERS)


SPOTS = tuple(spots_after(start) for start in range(LAST_CORNER + 2))  # by start: counted once


def rounds_after_this(g: ReadGame) -> int:
    """Whole rounds still to come after the current one (robber track and display race)."""
    phase = g.phase
    if phase == "over":
        return 0
    start = g.robber + (1 if phase == "raid" else 0)  # during a raid the round is still ahead
    spots = SPOTS[start] if 0 <= start < len(SPOTS) else spots_after(start)
    d0, d1 = g.display  # display_count of both, without two method calls: the hot path
    most = max(len(d0[0]) + len(d0[1]) + len(d0[2]), len(d1[0]) + len(d1[1]) + len(d1[2]))
    if most >= DISPLAY_LIMIT:
        return 0
    return min(spots, DISPLAY_LIMIT - most)


def acts_this_round(g: ReadGame, p: int) -> int:
    """1 if player p still has (some of) their actions ahead in this round."""
    phase = g.phase
    if phase == "over" or (phase == "raid" and g.robber == LAST_CORNER):
        return 0
    if phase in ("raid", "place"):
        return 1
    if g.actor == p:
        return 1 if phase == "act" else 0
    return 0 if p == g.first else 1


def chances(g: ReadGame, p: int) -> int:
    """Action phases player p still has: this round's (if not done) plus later rounds'."""
    return acts_this_round(g, p) + rounds_after_this(g)


SCALE = (0.0, 0.55, 0.85, 1.0)


def time_scale(opportunities: int) -> float:
    """How much of a resource's worth counts with this many action phases still to come."""
    return SCALE[min(opportunities, 3)]


# ---- resources ---------------------------------------------------------------------------------
# Entries a memo keeps at most (clearing one changes no value, only the time): in one expert
# game the largest holds about 12,000 and all of them together about 5 MB.
MEMO_LIMIT = 50_000


def keep(memo: dict[K, V], key: K, value: V, share: int = 1) -> V:
    """Store a value just computed in its memo: one at its bound (MEMO_LIMIT // share entries)
    starts again empty, so a long page session cannot grow it without end."""
    if len(memo) >= MEMO_LIMIT // share:
        memo.clear()
    memo[key] = value
    return value


class Memo:
    """Values of pure functions of a few small numbers under one weighting: the search asks
    for the same few thousand again and again (goods_worth about 16 times an evaluation)."""

    __slots__ = ("weights", "goods", "border", "rows", "actions", "gains", "displays")

    def __init__(self, w: Weights) -> None:
        self.weights = w  # held, so that its id (the key in MEMOS) stays its own
        self.goods: dict[tuple[int, int, int, int], float] = {}  # (dates, salt, pepper, gold)
        self.border: dict[tuple[str, int, int, int, int, float], float] = {}  # + effect, scale
        self.rows: dict[tuple[tuple[int, ...], bool], float] = {}  # (row's cards, boosted)
        self.actions: dict[tuple[int, int, int, int, float], dict[int, float]] = {}  # plain_actions
        self.gains: dict[tuple[tuple[int, ...], int, bool, float], float] = {}  # row_gain's
        # display_worth_within's: (the three rows, boosted, scale, room)
        self.displays: dict[
            tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], bool, float, int], float
        ] = {}


MEMOS: dict[int, Memo] = {}  # by id(weights)
# By (dates, salt, pepper, gold): per card, a tribe card some payment of which they cover.
BUYABLE: dict[tuple[int, int, int, int], list[bool]] = {}


def memo_for(w: Weights) -> Memo:
    """The memo of weighting w."""
    memo = MEMOS.get(id(w))
    if memo is None:
        if len(MEMOS) >= 64:  # tuning makes many weightings: keep a few
            MEMOS.clear()
        memo = MEMOS[id(w)] = Memo(w)
    return memo


def goods_worth(goods: Sequence[int], gold: int, w: Weights = WEIGHTS) -> float:
    """Goods and gold by what they can still buy, before the time scale."""
    memo = (MEMOS.get(id(w)) or memo_for(w)).goods
    a, b, c = goods
    key = (a, b, c, gold)
    value = memo.get(key)
    if value is None:
        value = keep(memo, key, worth_of_goods(a, b, c, gold, w))
    return value


def worth_of_goods(a: int, b: int, c: int, gold: int, w: Weights) -> float:
    """goods_worth, computed."""
    top = len(CUMULATIVE) - 1
    total = CUMULATIVE[min(a, top)] + CUMULATIVE[min(b, top)] + CUMULATIVE[min(c, top)]
    over = a + b + c - GOODS_LIMIT
    if over > 0:
        total -= 0.6 * over
    value = w.good * total + w.balance * min(a, b, c)
    if gold <= GOLD_LIMIT:
        return value + w.gold * gold
    return value + w.gold * (GOLD_LIMIT + 0.3 * (gold - GOLD_LIMIT))


# cheapest_cost's answers by (card, dates, salt, pepper, gold, discount).
COSTS: dict[tuple[int, int, int, int, int, bool], float | None] = {}


def cheapest_cost(card: int, goods: Sequence[int], gold: int, discount: bool) -> float | None:
    """The goods-and-gold worth given up by the cheapest affordable payment, or None."""
    key = (card, goods[0], goods[1], goods[2], gold, discount)
    if key in COSTS:
        return COSTS[key]
    return keep(COSTS, key, cheapest_payment(card, goods, gold, discount))


def cheapest_payment(card: int, goods: Sequence[int], gold: int, discount: bool) -> float | None:
    """cheapest_cost, computed."""
    best = None
    for c in BASE_COSTS[card][discount]:
        if pays(c, goods, gold):
            left = [goods[0] - c[0], goods[1] - c[1], goods[2] - c[2]]
            cost = goods_worth(goods, gold) - goods_worth(left, gold - c[3])
            if best is None or cost < best:
                best = cost
    return best


# ---- the display -------------------------------------------------------------------------------
def row_worth(symbols: list[str], boosted: bool, w: Weights = WEIGHTS) -> float:
    """A row's bonus if full, or its promise if not (before the time scale)."""
    n = len(symbols)
    if n == 0:
        return 0.0
    if n == ROW_LENGTH:
        return float(row_bonus(symbols, boosted))
    kinds = len(set(symbols))
    if kinds == 1:
        return w.identical[n] + (w.different[n] if n == 1 else 0.0)
    if kinds == n:
        return w.different[n] * (BOOST if boosted else 1.0)
    return 0.0


def row_gain(
    row: Sequence[int], card: int, boosted: bool, scale: float, w: Weights = WEIGHTS
) -> float:
    """What adding `card` to a display row (not full) changes in its worth."""
    symbols = [SYMBOL[c] for c in row]
    before = scale * row_worth(symbols, boosted, w)
    last = len(row) == ROW_LENGTH - 1  # the row completes: its bonus is certain
    return row_worth(symbols + [SYMBOL[card]], boosted, w) * (1.0 if last else scale) - before


def display_worth(g: ReadGame, p: int, scale: float, w: Weights = WEIGHTS) -> float:
    """Card VP, pair bonuses and row bonuses: exact for what is done, scaled for what is not."""
    return display_worth_within(g, p, scale, cards_to_come(g, p) if w.reach else ROW_LENGTH, w)


def display_worth_within(g: ReadGame, p: int, scale: float, room: int, w: Weights) -> float:
    """display_worth with `room` (cards the display can still take, or ROW_LENGTH without
    `w.reach`) worked out by the caller."""
    display = g.display[p]
    boosted = "diverse_rows_four" in g.effects[p]
    key = (tuple(display[0]), tuple(display[1]), tuple(display[2]), boosted, scale, room)
    memo = (MEMOS.get(id(w)) or memo_for(w)).displays
    value = memo.get(key)
    if value is None:
        value = keep(memo, key, display_value(display, boosted, scale, room, w))
    return value


def display_value(
    display: Sequence[Sequence[int]], boosted: bool, scale: float, room: int, w: Weights
) -> float:
    """display_worth_within, computed."""
    rows = (MEMOS.get(id(w)) or memo_for(w)).rows
    value = 0.0
    for row in display:
        if not row:
            continue
        for c in row:
            value += VP[c]
        if len(row) < ROW_LENGTH and ROW_LENGTH - len(row) > room:
            continue  # this row cannot be completed any more: its promise is gone
        key = (tuple(row), boosted)
        worth = rows.get(key)
        if worth is None:
            worth = keep(rows, key, row_worth([SYMBOL[c] for c in row], boosted, w))
        value += worth if len(row) == ROW_LENGTH else scale * worth
    return value + pairs_in([c for row in display for c in row], scale, w)


def cards_to_come(g: ReadGame, p: int) -> int:
    """At most how many more cards player p's display can still take."""
    return min(CARDS_PER_ROUND * chances(g, p), DISPLAY_LIMIT - g.display_count(p))


def next_raid_loss(g: ReadGame, p: int, rounds: int | None = None) -> float:
    """What the robber's next raid will cost player p, in VP: the cheapest way to pay it (R1),
    goods and gold at their worth after the raid (nothing after the last one). `rounds`:
    rounds_after_this(g), if the caller has it."""
    corner = g.robber + 1
    if g.phase in ("raid", "over") or corner not in CORNERS or "raid_immunity" in g.effects[p]:
        return 0.0
    goods, gold = g.goods[p], g.gold[p]
    if rounds is None:
        rounds = rounds_after_this(g)
    key = (corner, goods[0], goods[1], goods[2], gold, g.vp[p], rounds)
    loss = RAID_LOSSES.get(key)
    if loss is None:
        loss = keep(RAID_LOSSES, key, raid_loss(corner, goods, gold, g.vp[p], rounds))
    return loss


# raid_loss by (corner, dates, salt, pepper, gold, VP, rounds after this).
RAID_LOSSES: dict[tuple[int, int, int, int, int, int, int], float] = {}


def raid_loss(corner: int, goods: Sequence[int], gold: int, vp_held: int, rounds: int) -> float:
    """next_raid_loss, computed."""
    kind, n, vp = RAID_TERMS[corner]
    later = time_scale(rounds)
    before = goods_worth(goods, gold)
    best = float(min(vp, vp_held))
    if kind == "gold" and gold >= n:
        best = min(best, later * (before - goods_worth(goods, gold - n)))
    elif kind == "goods" and sum(goods) >= n:
        after = list(goods)
        for _ in range(n):  # the most plentiful kind goes first: it is worth least
            after[after.index(max(after))] -= 1
        best = min(best, later * (before - goods_worth(after, gold)))
    return best


def pairs_worth(g: ReadGame, p: int, scale: float, extra: int = -1, w: Weights = WEIGHTS) -> float:
    """vp_per_two bonuses: whole pairs exactly, an odd card as promise (with an extra card)."""
    cards = [c for row in g.display[p] for c in row]
    if extra != -1:
        cards.append(extra)
    return pairs_in(cards, scale, w)


def pairs_in(cards: list[int], scale: float, w: Weights) -> float:
    """pairs_worth of these cards."""
    value = 0.0
    for c in cards:
        target = PAIR_TARGET[c]
        if target is not None:
            n = sum(1 for x in cards if SYMBOL[x] == target)
            value += n // 2 + (scale * w.pair if n % 2 else 0.0)
    return value


def placement_gain(g: ReadGame, p: int, card: int, scale: float, w: Weights = WEIGHTS) -> float:
    """What placing `card` in its best row adds: VP, row promise, pairs, its effect."""
    boosted = "diverse_rows_four" in g.effects[p]
    gains = (MEMOS.get(id(w)) or memo_for(w)).gains
    best = None
    display = g.display[p]
    for row in display:
        if len(row) >= ROW_LENGTH:
            continue
        key = (tuple(row), card, boosted, scale)
        gain = gains.get(key)
        if gain is None:
            gain = keep(gains, key, row_gain(row, card, boosted, scale, w))
        if best is None or gain > best:
            best = gain
    if best is None:
        return -99.0  # no room (the engine will not offer it)
    gain = VP[card] + best
    cards = [c for row in display for c in row]
    without = pairs_in(cards, scale, w)
    cards.append(card)
    gain += pairs_in(cards, scale, w) - without
    return gain + effect_worth(g, p, EFFECT[card], w)


def effect_worth(g: ReadGame, p: int, effect: str, w: Weights = WEIGHTS) -> float:
    """The worth of a lasting or one-off effect beyond the card's VP."""
    if not effect or effect.startswith("vp_per_two"):
        return 0.0
    later = chances(g, p) - 1 if effect not in ("on_place:1G", "on_place:1X") else 0
    if effect == "on_place:1G":
        return w.gold * time_scale(chances(g, p))
    if effect == "on_place:1X":
        return w.good * time_scale(chances(g, p))
    if effect == "raid_immunity":
        return w.immunity_per_raid * raids_ahead(g)
    if effect == "opponent_two_targis":
        return 1.5 if rounds_after_this(g) else 0.0
    if effect == "diverse_rows_four":
        return 0.3 * max(0, later)
    if effect == "swap_two":
        return 0.2
    if effect.startswith("goods_bonus"):
        return 1.4 * w.effect_per_round * max(0, later)
    return w.effect_per_round * max(0, later)


def raids_ahead(g: ReadGame) -> int:
    """Raids still to come (the robber's corners ahead)."""
    start = g.robber + (0 if g.phase == "raid" else 1)
    return sum(1 for n in CORNERS if n >= start)


# ---- actions on the table ----------------------------------------------------------------------
def tribe_option(g: ReadGame, p: int, card: int, scale: float, w: Weights = WEIGHTS) -> float:
    """The best of buying, keeping or discarding a tribe card (discarding is worth 0)."""
    best = 0.0
    if g.display_count(p) < DISPLAY_LIMIT:
        cost = cheapest_cost(card, g.goods[p], g.gold[p], DISCOUNT_CODE[card] in g.effects[p])
        if cost is not None:
            best = placement_gain(g, p, card, scale, w) - cost * scale
    if g.hand[p] == -1 and rounds_after_this(g) > 0:
        best = max(best, w.hand * VP[card])
    return best


def goods_card_gain(g: ReadGame, p: int, card: int, central: bool, scale: float) -> float:
    """What taking a goods card is worth to player p now (central: with R11's extras)."""
    d, s, pe, gold, vp, choice = GAIN[card]
    goods = g.goods[p]
    after = [goods[0] + d, goods[1] + s, goods[2] + pe]
    if central:
        for k, code in enumerate(BONUS):
            after[k] += g.effects[p].get(code, 0)
    if choice:
        k = after.index(min(after))
        after[k] += 1
    base = goods_worth(goods, g.gold[p])
    return vp + scale * (goods_worth(after, g.gold[p] + gold) - base)


def border_action(g: ReadGame, p: int, n: int, scale: float, w: Weights = WEIGHTS) -> float:
    """What the action of border card n is worth to player p now."""
    effect = BORDER[n].effect
    if effect == "noble":  # reads the hand and the display: not worth a memo
        return action_worth(g, p, effect, scale, w)
    goods, gold = g.goods[p], g.gold[p]
    # Every other action's worth depends on the player's goods and gold and the scale only.
    memo = (MEMOS.get(id(w)) or memo_for(w)).border
    key = (effect, goods[0], goods[1], goods[2], gold, scale)
    value = memo.get(key)
    if value is None:
        value = keep(memo, key, action_worth(g, p, effect, scale, w))
    return value


def action_worth(g: ReadGame, p: int, effect: str, scale: float, w: Weights) -> float:
    """border_action, computed."""
    goods, gold = g.goods[p], g.gold[p]
    if effect.startswith("take:"):
        k = GOODS.index(effect[-1])
        after = list(goods)
        after[k] += 1
        return scale * (goods_worth(after, gold) - goods_worth(goods, gold))
    if effect == "noble":
        card = g.hand[p]
        if card == -1 or g.hand_round[p] == g.round:
            return 0.0
        return max(0.0, tribe_option(g, p, card, scale, w) - w.hand * VP[card])
    if effect == "silversmith":
        best = 0.0
        for n_gold, vp in SILVERSMITH_GOLD:
            if gold >= n_gold:
                lost = goods_worth(goods, gold) - goods_worth(goods, gold - n_gold)
                best = max(best, vp - scale * lost)
        for k in range(3):
            for n_goods, vp in SILVERSMITH_GOODS:
                if goods[k] >= n_goods:
                    after = list(goods)
                    after[k] -= n_goods
                    best = max(
                        best, vp - scale * (goods_worth(goods, gold) - goods_worth(after, gold))
                    )
        return best
    if effect == "merchant":
        return 0.25 * scale if max(goods) >= MERCHANT_GOLD else 0.05
    if effect == "caravan":
        return scale * w.good * (AVERAGE_GAIN[0] + AVERAGE_GAIN[1] + AVERAGE_GAIN[2]) + (
            AVERAGE_GAIN[4] + scale * w.gold * AVERAGE_GAIN[3]
        )
    if effect == "tribal_expansion":
        return 0.8 * scale + 0.3
    if effect == "fata_morgana":
        return 0.4 * scale
    return 0.0


def central_action(g: ReadGame, p: int, i: int, scale: float, w: Weights = WEIGHTS) -> float:
    """What taking the card on central space i is worth to player p now."""
    card = g.central[i]
    if card == -1 or not g.face_up[i]:
        return 0.0
    if CARDS[card].kind == "goods":
        return goods_card_gain(g, p, card, True, scale)
    return tribe_option(g, p, card, scale, w)


Placement = tuple[int, int, float]  # a Targi placed: the player, the border card, its worth


def pending_worth(
    g: ReadGame, p: int, scale: float, w: Weights = WEIGHTS, order: list[Placement] | None = None
) -> float:
    """Actions placed but not yet carried out this round (and Targis still to place; with
    `w.tempo`, as `order` places them: placement_order's, worked out once for both players)."""
    phase = g.phase
    if phase not in ("place", "act"):
        return 0.0
    if phase == "act" and acts_this_round(g, p) == 0:
        return 0.0
    value = 0.0
    # Border card -> its action's worth now: the plain ones from the memo, the Noble's (one
    # worth for every Noble card) worked out when first asked for.
    worth = plain_actions(g, p, scale, w)
    targis = g.targis[p]
    for n in targis:
        v = worth.get(n)
        if v is None:
            worth = dict(worth)  # the memo's entry stays as it is
            v = worth[n] = other_action(g, p, n, scale, w, worth)
        value += v
    if phase == "place":
        for letter in crossings(g.targis[p]):
            value += central_action(g, p, CENTRAL_INDEX[letter], scale, w)
        left = g.to_place[p]
        if left and w.tempo:
            if order is None:
                order = placement_order(g, scale, w)
            value += w.unplaced * sum(v for q, _, v in order if q == p)
        elif left:
            # Where the rules would let this player place now (the engine's own list).
            free = []
            for m in moves_place(g, PLACE_ASK[p]):
                n = PLACED[m]
                v = worth.get(n)
                if v is None:
                    worth = dict(worth)
                    v = worth[n] = other_action(g, p, n, scale, w, worth)
                free.append(v)
            free.sort(reverse=True)
            value += w.unplaced * sum(free[:left])
    else:
        for letter in g.markers[p]:
            value += central_action(g, p, CENTRAL_INDEX[letter], scale, w)
    return w.pending * value


def other_action(
    g: ReadGame, p: int, n: int, scale: float, w: Weights, worth: dict[int, float]
) -> float:
    """border_action of a card plain_actions leaves out (the Noble): the worth already in
    `worth` of another card with the same effect, or worked out."""
    effect = BORDER[n].effect
    for m, v in worth.items():
        if m not in PLAIN_SET and BORDER[m].effect == effect:
            return v
    return border_action(g, p, n, scale, w)


def plain_actions(g: ReadGame, p: int, scale: float, w: Weights) -> dict[int, float]:
    """border_action of every placeable border card but the Noble's, by card number: they
    depend on the player's goods and gold and the scale only, so one memo entry holds them."""
    goods, gold = g.goods[p], g.gold[p]
    key = (goods[0], goods[1], goods[2], gold, scale)
    memo = (MEMOS.get(id(w)) or memo_for(w)).actions
    table = memo.get(key)
    if table is None:  # each entry a dict of a dozen: bounded tighter
        table = keep(memo, key, {n: border_action(g, p, n, scale, w) for n in PLAIN}, share=10)
    return table


def placement_order(g: ReadGame, scale: float, w: Weights = WEIGHTS) -> list[Placement]:
    """The Targis still to place, placed in turn from here (the player whose turn it is first),
    each on the free border card worth most to its player: (player, card, worth) in order. A
    card taken is gone for both, and the card facing it for the other (the engine's rules)."""
    worth: list[dict[str, float]] = [{}, {}]

    def value(q: int, n: int) -> float:
        effect = BORDER[n].effect
        v = worth[q].get(effect)
        if v is None:
            v = worth[q][effect] = border_action(g, q, n, scale, w)
        return v

    targis = [set(g.targis[0]), set(g.targis[1])]
    left = list(g.to_place)
    access = ["robber_access" in g.effects[q] for q in (0, 1)]
    order: list[Placement] = []
    q = g.place_turn if left[g.place_turn] else 1 - g.place_turn
    while left[q]:
        free = [
            n
            for n in PLACEABLE
            if n not in targis[0]
            and n not in targis[1]
            and (n != g.robber or access[q])
            and FACING[n] not in targis[1 - q]
        ]
        if free:
            best = max(free, key=lambda n: value(q, n))
            order.append((q, best, value(q, best)))
            targis[q].add(best)
        left[q] = left[q] - 1 if free else 0
        if left[1 - q]:
            q = 1 - q
    return order


# ---- the whole position ------------------------------------------------------------------------
def player_worth(
    g: ReadGame,
    p: int,
    w: Weights = WEIGHTS,
    order: list[Placement] | None = None,
    rounds: int | None = None,
    visible: list[int] | None = None,
) -> float:
    """Player p's VP, display, resources and prospects, in VP (`rounds`: rounds_after_this(g)
    and `visible`: tribe_cards_up(g), if the caller has them)."""
    # chances(g, p), its parts and the display's room are worked out once here (each was asked
    # for several times an evaluation); the sums below add the same terms in the same order.
    if rounds is None:
        rounds = rounds_after_this(g)
    acts = acts_this_round(g, p)
    ahead = acts + rounds
    phase = g.phase
    if w.spend and ahead == 1 and phase in ("place", "act") and rounds == 0:
        return last_round_worth(g, p, w)
    scale = SCALE[min(ahead, 3)]  # time_scale(ahead)
    if w.reach:
        mine = g.display[p]
        room = min(
            CARDS_PER_ROUND * ahead, DISPLAY_LIMIT - (len(mine[0]) + len(mine[1]) + len(mine[2]))
        )
    else:
        room = ROW_LENGTH
    value = float(g.vp[p]) + display_worth_within(g, p, scale, room, w)
    goods, gold = g.goods[p], g.gold[p]
    value += scale * goods_worth(goods, gold, w)
    value += 0.001 * (gold * 100 + sum(goods))  # the tie-break (R2)
    if ahead:
        value += pending_worth(g, p, scale, w, order)
        hand = g.hand[p]
        if hand != -1 and (ahead > 1 or g.hand_round[p] != g.round):
            value += w.hand * VP[hand] * scale
        key = (goods[0], goods[1], goods[2], gold)
        buyable = BUYABLE.get(key)
        if buyable is None:
            buyable = keep(
                BUYABLE,
                key,
                [IS_TRIBE[card] and affordable(card, goods, gold) for card in range(len(CARDS))],
            )
        if visible is None:
            visible = tribe_cards_up(g)
        for card in visible:
            if buyable[card]:
                value += w.affordable * scale
        later = rounds  # ahead - acts_this_round(g, p)
        for effect, count in g.effects[p].items():
            kind = LASTING.get(effect)
            if kind is None:
                kind = LASTING[effect] = lasting(effect)
            if kind == 1:
                value += count * 1.4 * w.effect_per_round * later
            elif kind == 2:
                value += w.effect_per_round * later * 0.5
            elif kind == 3:
                value += w.immunity_per_raid * raids_ahead(g)
        if g.next_targis[p] < TARGIS and phase != "place":
            value -= 1.5
    if w.raid:
        value -= w.raid * next_raid_loss(g, p, rounds)
    return value


def tribe_cards_up(g: ReadGame) -> list[int]:
    """The face-up tribe cards on the central spaces, in the spaces' order."""
    central, face_up = g.central, g.face_up
    return [
        card
        for i in range(len(CENTRAL))
        if (card := central[i]) != -1 and face_up[i] and IS_TRIBE[card]
    ]


def lasting(effect: str) -> int:
    """How player_worth counts a lasting effect: 1 goods bonus, 2 discount and the like,
    3 raid immunity, 0 not here."""
    if effect.startswith("goods_bonus"):
        return 1
    if effect.startswith(("discount", "robber_access", "hand_without_noble")):
        return 2
    return 3 if effect == "raid_immunity" else 0


LASTING: dict[str, int] = {}  # lasting() by effect code


def evaluate(g: ReadGame, p: int, w: Weights = WEIGHTS) -> float:
    """Player p's prospects minus the opponent's, in VP."""
    if g.phase == "over":
        return final_value(g, p, w)
    order = None
    rounds = rounds_after_this(g)
    if w.tempo and g.phase == "place":  # both players' Targis to place share one order
        order = placement_order(g, time_scale(acts_this_round(g, p) + rounds), w)
    visible = tribe_cards_up(g)
    value = player_worth(g, p, w, order, rounds, visible) - player_worth(
        g, 1 - p, w, order, rounds, visible
    )
    if w.tiebreak and rounds <= TIEBREAK_ROUNDS:
        return value + tiebreak_worth(g, p, value, w.tiebreak)
    return value


def tiebreak_worth(g: ReadGame, p: int, value: float, weight: float) -> float:
    """What holding the tie-break adds to an evaluation `value` for player p: `weight` at a
    level one, nothing TIEBREAK_WIDTH VP or more from level, negative for the player behind on
    it (scoring.tie_break)."""
    near = 1.0 - abs(value) / TIEBREAK_WIDTH
    if near <= 0.0:
        return 0.0
    mine, theirs = tie_break(g, p), tie_break(g, 1 - p)
    if mine == theirs:
        return 0.0
    return weight * near if mine > theirs else -weight * near


def final_score(g: ReadGame, p: int) -> float:
    """A final score with the tie-break (gold, then goods) as fractions of a VP."""
    s = score(g, p)
    return s.total + 0.001 * (s.gold * 100 + s.goods)


def final_value(g: ReadGame, p: int, w: Weights = WEIGHTS) -> float:
    """A finished game: the margin, tie-break included, plus a bonus for winning."""
    margin = final_score(g, p) - final_score(g, 1 - p)
    if margin > 1e-9:
        return margin + w.win
    if margin < -1e-9:
        return margin - w.win
    return 0.0


# At the end: last_round.py builds on the helpers above (a cycle Python resolves this way).
from .last_round import last_round_worth  # noqa: E402
