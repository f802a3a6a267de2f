"""Every decision of the game: its legal moves and what answering it does.

A decision is a `Decision` (a named tuple) on the game's stack. MOVES[kind] lists the legal
moves in a fixed order (save strings depend on it); APPLY[kind] carries one out. The engine
calls them for the decision on top, with `g.player` set to its player: they read `g.player`,
not `d.player`: reading a named tuple's field costs CPython 3.11 about 150 instructions, a
slot about 20 (callgrind). Only `moves_place` is also asked about the other player (by the AI),
so it reads `d.player`. Border and tribe
cards are dispatched on their effect codes from the card table.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, NamedTuple

from .board import BORDER_NUMBERS, CENTRAL, CORNERS, FACING
from .cards import BORDER, CARDS, Cost
from .constants import (
    DISPLAY_LIMIT,
    GOLD,
    GOODS,
    GOODS_LIMIT,
    MERCHANT_GOLD,
    MERCHANT_GOOD,
    ROW_LENGTH,
    SILVERSMITH_GOLD,
    SILVERSMITH_GOODS,
    STOCK,
)
from .events import Drawn, RaidVP
from .payment import payment_move, payment_options

if TYPE_CHECKING:
    from .game import Game
    from .read import ReadGame


class Decision(NamedTuple):
    """A decision waiting on the game's stack: what is decided, by whom, and about what.

    >>> Decision("pay", 0, card=40, extra=1)
    Decision(kind='pay', player=0, card=40, source='', extra=1, raid='')
    """

    kind: str  # a key of MOVES (place, act, tribe, pay, row, good, merchant, ...) or "over"
    player: int  # who decides
    card: int = -1  # tribe, pay, row: the tribe card (its index in CARDS)
    source: str = ""  # tribe: where the card comes from: "central", "noble" (the hand), "draw"
    extra: int = 0  # pay: goods of the payer's choice added to the cost (hand without Noble)
    raid: str = ""  # raid: the corner card's effect code, e.g. "raid:goods2|vp1"


def _asks(kind: str) -> tuple[Decision, Decision]:
    """The decision `kind` for player 0 and for player 1, made once: pushing is hot."""
    return Decision(kind, 0), Decision(kind, 1)


PLACE_ASK, ACT_ASK, GOOD_ASK, SWAP_ASK, DISCARD_ASK = map(
    _asks, ("place", "act", "good", "swap", "discard")
)

PLACEABLE = [n for n in BORDER_NUMBERS if n not in CORNERS]
PLACE = {n: f"t{n}" for n in PLACEABLE}
USE = {**{str(n): f"u{n}" for n in BORDER_NUMBERS}, **{c: f"u{c}" for c in CENTRAL}}
ROWS = ("r1", "r2", "r3")
TAKE_GOOD = ("gD", "gS", "gP")
DISCARD_GOOD = ("-D", "-S", "-P")
RAID_GOODS = {
    n: ["l" + "".join(c) for c in combinations_with_replacement(GOODS, n)] for n in (1, 2, 3)
}
BONUS = ("goods_bonus:D", "goods_bonus:S", "goods_bonus:P")
_AMOUNT = re.compile(r"(\d+)(VP|[DSPG])")


def _parse_gain(effect: str) -> tuple[int, int, int, int, int, bool]:
    """'gain:1S+1D' -> (dates, salt, pepper, gold, vp, choice); 'gain:D/S/P' is the choice."""
    amounts = [0, 0, 0, 0, 0]
    body = effect.split(":", 1)[1]
    if body == "D/S/P":
        return (0, 0, 0, 0, 0, True)
    for part in body.split("+"):
        match = _AMOUNT.fullmatch(part.strip())
        if not match:
            raise ValueError(f"goods card effect {effect!r}: cannot read {part!r}")
        amounts[(*STOCK, "VP").index(match[2])] += int(match[1])
    return (amounts[0], amounts[1], amounts[2], amounts[3], amounts[4], False)


GAIN = {c.index: _parse_gain(c.effect) for c in CARDS if c.kind == "goods"}
DESCRIPTION = {
    "place": "where to place a Targi",
    "act": "which action to carry out next",
    "tribe": "pay for the tribe card, keep it in hand, or discard it",
    "pay": "how to pay",
    "row": "which display row",
    "good": "which good to take",
    "merchant": "a Merchant trade, or done",
    "silversmith": "a Silversmith exchange",
    "fata_morgana": "which tribe marker to move where",
    "swap": "two display cards to swap, or done",
    "discard": f"a good to discard down to {GOODS_LIMIT}",
    "raid": "what to lose in the raid",
}


# ---- placing Targis -------------------------------------------------------------------------
def moves_place(g: ReadGame, d: Decision) -> list[str]:
    """Free border cards for a Targi: not a corner, no Targi on it, not facing an
    opponent's Targi, and not the robber's card (unless the player has `robber_access`)."""
    p = d.player
    mine, theirs = g.targis[p], g.targis[1 - p]
    access = "robber_access" in g.effects[p]
    return [
        PLACE[n]
        for n in PLACEABLE
        if n not in mine
        and n not in theirs
        and (n != g.robber or access)
        and FACING[n] not in theirs
    ]


def apply_place(g: Game, d: Decision, move: str) -> None:
    """Put the Targi on the border card."""
    p = g.player
    g.stack.pop()
    g.targis[p].append(int(move[1:]))
    g.after_placement(p)


# ---- choosing the next action ----------------------------------------------------------------
def can_play_hand(g: Game, p: int, extra: int) -> bool:
    """R5: a card kept this round waits; R6: a full display takes no more."""
    card = g.hand[p]
    if card == -1 or g.hand_round[p] == g.round or g.display_count(p) >= DISPLAY_LIMIT:
        return False
    return bool(_payments(g, p, card, extra))


def _payments(g: Game, p: int, card: int, extra: int) -> list[Cost]:
    c = CARDS[card]
    return payment_options(g.goods[p], g.gold[p], c, f"discount:{c.symbol}" in g.effects[p], extra)


def _border_usable(g: Game, p: int, n: int) -> bool:
    effect = BORDER[n].effect
    if effect == "noble":
        return g.hand[p] != -1
    if effect == "merchant":
        return max(g.goods[p]) >= MERCHANT_GOOD
    if effect == "silversmith":
        return max(g.goods[p]) >= SILVER_LEAST[0] or g.gold[p] >= SILVER_LEAST[1]
    if effect == "fata_morgana":
        return bool(g.markers[p]) and bool(_fata_targets(g))
    if effect == "caravan":
        return bool(g.goods_deck or g.goods_discard)
    if effect == "tribal_expansion":
        return bool(g.tribe_deck or g.tribe_discard)
    return True  # take:X; a Targi never stands on a raid


def moves_act(g: Game, d: Decision) -> list[str]:
    """The actions still open to the player (border cards with their Targis, central
    cards with their markers, the hand card with `hand_without_noble`), then "done"."""
    p = g.player
    moves = [USE[str(n)] for n in sorted(g.targis[p]) if _border_usable(g, p, n)]
    moves += [USE[m] for m in g.markers[p]]
    if "hand_without_noble" in g.effects[p] and can_play_hand(g, p, 1):
        moves.append("h")
    if moves:
        moves.append("done")
    return moves


def apply_act(g: Game, d: Decision, move: str) -> None:
    """Carry out one action, or end the player's actions ("done")."""
    p = g.player
    if move == "done":
        g.stack.pop()
    elif move == "h":
        card = g.hand[p]
        g.hand[p] = -1
        g.in_play = card
        _buy(g, p, card, extra=1)
    elif move[1:].isdigit():
        n = int(move[1:])
        g.targis[p].remove(n)
        BORDER_ACTIONS[BORDER[n].effect.split(":")[0]](g, p, BORDER[n].effect)
    else:
        _use_central(g, p, move[1])


def _use_central(g: Game, p: int, letter: str) -> None:
    i = CENTRAL.index(letter)
    g.markers[p].remove(letter)
    card = g.central[i]
    g.used[i] = True
    if CARDS[card].kind == "goods":
        gain(g, p, card, central=True)
        g.goods_discard.append(card)
        new, waits = g.draw_tribe(), "tribe"
    else:
        g.in_play = card
        new, waits = g.draw_goods(), "goods"
        g.stack.append(Decision("tribe", p, card, "central"))
    g.central[i] = new
    g.face_up[i] = False
    g.waiting[i] = "" if new != -1 else waits


def gain(g: Game, p: int, card: int, central: bool) -> None:
    """A goods card's gain for player p; with R11's extra goods if it is a central card."""
    dates, salt, pepper, gold, vp, choice = GAIN[card]
    goods = g.goods[p]
    goods[0] += dates
    goods[1] += salt
    goods[2] += pepper
    g.gold[p] += gold
    g.vp[p] += vp
    if choice:
        g.stack.append(GOOD_ASK[p])
    if central:  # R11: extra goods come with central goods cards only
        effects = g.effects[p]
        for k in range(3):
            if BONUS[k] in effects:
                goods[k] += effects[BONUS[k]]


# ---- border actions --------------------------------------------------------------------------
def _noble(g: Game, p: int, effect: str) -> None:
    g.stack.append(Decision("tribe", p, g.hand[p], "noble"))


def _take(g: Game, p: int, effect: str) -> None:
    g.goods[p][GOODS.index(effect[-1])] += 1


def _push(kind: str) -> Callable[[Game, int, str], None]:
    asks = _asks(kind)

    def push(g: Game, p: int, effect: str) -> None:
        g.stack.append(asks[p])

    return push


def _caravan(g: Game, p: int, effect: str) -> None:
    card = g.draw_goods()
    g.seal()
    if g.logging:
        g.log.append(Drawn("drawn", p, CARDS[card].id))
    gain(g, p, card, central=False)
    g.goods_discard.append(card)  # R12


def _tribal_expansion(g: Game, p: int, effect: str) -> None:
    card = g.draw_tribe()
    g.seal()
    if g.logging:
        g.log.append(Drawn("drawn", p, CARDS[card].id))
    g.in_play = card
    g.stack.append(Decision("tribe", p, card, "draw"))


BORDER_ACTIONS: dict[str, Callable[[Game, int, str], None]] = {
    "noble": _noble,
    "take": _take,
    "merchant": _push("merchant"),
    "silversmith": _push("silversmith"),
    "fata_morgana": _push("fata_morgana"),
    "caravan": _caravan,
    "tribal_expansion": _tribal_expansion,
}


# ---- a tribe card: pay for it, keep it, or discard it ------------------------------------------
def moves_tribe(g: Game, d: Decision) -> list[str]:
    """Buy ("b"), keep in hand ("k", R5) or discard ("d") the tribe card; the hand card
    (Noble) can only be bought or left."""
    p, card, source = g.player, d.card, d.source
    moves = []
    if source == "noble":
        if can_play_hand(g, p, 0):
            moves.append("b")
    else:
        if g.display_count(p) < DISPLAY_LIMIT and _payments(g, p, card, 0):
            moves.append("b")
        if g.hand[p] == -1:
            moves.append("k")
    moves.append("d")
    return moves


def apply_tribe(g: Game, d: Decision, move: str) -> None:
    """Buy (push the payment and the row), keep or discard the tribe card."""
    p, card, source = g.player, d.card, d.source
    g.stack.pop()
    if source == "noble":
        g.hand[p] = -1
        g.in_play = card
    if move == "b":
        _buy(g, p, card, extra=0)
    elif move == "k":
        g.hand[p] = card
        g.hand_round[p] = g.round
        g.in_play = -1
    else:
        g.tribe_discard.append(card)
        g.in_play = -1


def _buy(g: Game, p: int, card: int, extra: int) -> None:
    g.stack.append(Decision("row", p, card))
    g.stack.append(Decision("pay", p, card, extra=extra))


def moves_pay(g: Game, d: Decision) -> list[str]:
    """Every payment the player can afford for the card (payment.payment_options)."""
    return [payment_move(c) for c in _payments(g, g.player, d.card, d.extra)]


def apply_pay(g: Game, d: Decision, move: str) -> None:
    """Take the payment from the player's goods and gold."""
    p = g.player
    g.stack.pop()
    goods = g.goods[p]
    goods[0] -= move.count("D")
    goods[1] -= move.count("S")
    goods[2] -= move.count("P")
    g.gold[p] -= move.count(GOLD)


def moves_row(g: Game, d: Decision) -> list[str]:
    """The display rows with room for one more card."""
    rows = g.display[g.player]
    return [ROWS[i] for i in range(3) if len(rows[i]) < ROW_LENGTH]


def apply_row(g: Game, d: Decision, move: str) -> None:
    """Place the paid card at the end of the row."""
    g.stack.pop()
    g.in_play = -1
    g.place_in_display(g.player, d.card, int(move[1]) - 1)


def on_place(g: Game, p: int, effect: str) -> None:
    """One-off effects of a card as it is placed; lasting ones are read from g.effects."""
    if effect == "on_place:1G":
        g.gold[p] += 1
    elif effect == "on_place:1X":
        g.stack.append(GOOD_ASK[p])
    elif effect == "swap_two":
        g.stack.append(SWAP_ASK[p])
    elif effect == "opponent_two_targis":
        g.next_targis[1 - p] = 2


# ---- small choices ---------------------------------------------------------------------------
def moves_good(g: Game, d: Decision) -> list[str]:
    """Dates, salt or pepper: a good of the player's choice."""
    return list(TAKE_GOOD)


def apply_good(g: Game, d: Decision, move: str) -> None:
    """Give the player the chosen good."""
    g.stack.pop()
    g.goods[g.player][GOODS.index(move[1])] += 1


def moves_merchant(g: Game, d: Decision) -> list[str]:
    """The trades the player's goods allow (MERCHANT_GOOD alike for another good,
    MERCHANT_GOLD alike for a gold), then "done"."""
    goods = g.goods[g.player]
    moves = []
    for k in range(3):
        if goods[k] >= MERCHANT_GOOD:
            moves += [f"m{GOODS[k]}{GOODS[j]}" for j in range(3) if j != k]
        if goods[k] >= MERCHANT_GOLD:
            moves.append(f"m{GOODS[k]}{GOLD}")
    moves.append("done")
    return moves


def merchant_exchange(move: str) -> int:
    """'mDG' -> 3, 'mDS' -> 2: how many goods of the first letter a Merchant move gives for one
    of the second (G: gold)."""
    return MERCHANT_GOLD if move[2] == GOLD else MERCHANT_GOOD


def apply_merchant(g: Game, d: Decision, move: str) -> None:
    """Make one trade (the Merchant may trade again), or stop."""
    p = g.player
    if move == "done":
        g.stack.pop()
        return
    g.goods[p][GOODS.index(move[1])] -= merchant_exchange(move)
    if move[2] == GOLD:
        g.gold[p] += 1
    else:
        g.goods[p][GOODS.index(move[2])] += 1


# Silversmith moves: "s4" + a good gives 4 of it for 3 VP; "s1G" gives 1 gold for 2 VP.
SILVER = {f"s{n}": (n, vp) for n, vp in SILVERSMITH_GOODS}
SILVER_GOLD = {f"s{n}{GOLD}": (n, vp) for n, vp in SILVERSMITH_GOLD}
SILVER_LEAST = (SILVERSMITH_GOODS[0][0], SILVERSMITH_GOLD[0][0])  # the least goods, gold taken


def moves_silversmith(g: Game, d: Decision) -> list[str]:
    """The exchanges of goods or gold for VP the player can make."""
    p = g.player
    goods = g.goods[p]
    moves = []
    for k in range(3):
        moves += [f"{m}{GOODS[k]}" for m, (n, _) in SILVER.items() if goods[k] >= n]
    moves += [m for m, (n, _) in SILVER_GOLD.items() if g.gold[p] >= n]
    return moves


def silversmith_exchange(move: str) -> tuple[int, int]:
    """'s4D' -> (4, 3): how many goods of that letter (or gold, for 's1G'/'s2G') a Silversmith
    move gives, and the VP it buys."""
    return SILVER_GOLD[move] if move in SILVER_GOLD else SILVER[move[:2]]


def apply_silversmith(g: Game, d: Decision, move: str) -> None:
    """Give the goods or gold for the VP."""
    p = g.player
    g.stack.pop()
    n, vp = silversmith_exchange(move)
    if move in SILVER_GOLD:
        g.gold[p] -= n
    else:
        g.goods[p][GOODS.index(move[2])] -= n
    g.vp[p] += vp


def _fata_targets(g: Game) -> list[str]:
    """R3: a face-up central card, unused this round, with no marker of either player."""
    taken = g.markers[0] + g.markers[1]
    return [
        CENTRAL[i]
        for i in range(len(CENTRAL))
        if g.central[i] != -1 and g.face_up[i] and not g.used[i] and CENTRAL[i] not in taken
    ]


def moves_fata_morgana(g: Game, d: Decision) -> list[str]:
    """Each of the player's tribe markers to each free target (R3)."""
    targets = _fata_targets(g)
    return [f"f{m}{t}" for m in g.markers[g.player] for t in targets]


def apply_fata_morgana(g: Game, d: Decision, move: str) -> None:
    """Move the tribe marker."""
    markers = g.markers[g.player]
    g.stack.pop()
    markers.remove(move[1])
    markers.append(move[2])
    markers.sort()


def moves_swap(g: Game, d: Decision) -> list[str]:
    """Pairs of display cards of different symbols to swap, then "done"."""
    rows = g.display[g.player]
    places = [(r, c, CARDS[card].symbol) for r in range(3) for c, card in enumerate(rows[r])]
    moves = [
        f"w{a[0] + 1}{a[1] + 1}{b[0] + 1}{b[1] + 1}"
        for i, a in enumerate(places)
        for b in places[i + 1 :]
        if a[2] != b[2]  # swapping two cards of one symbol changes nothing that scores
    ]
    moves.append("done")
    return moves


def apply_swap(g: Game, d: Decision, move: str) -> None:
    """Swap the two cards (or keep the display as it is)."""
    g.stack.pop()
    if move == "done":
        return
    rows = g.display[g.player]
    r1, c1, r2, c2 = (int(x) - 1 for x in move[1:5])
    rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]


def moves_discard(g: Game, d: Decision) -> list[str]:
    """A good to give back while the player holds more than GOODS_LIMIT together (R10)."""
    goods = g.goods[g.player]
    if goods[0] + goods[1] + goods[2] <= GOODS_LIMIT:
        return []
    return [DISCARD_GOOD[k] for k in range(3) if goods[k]]


def apply_discard(g: Game, d: Decision, move: str) -> None:
    """Give back one good (the decision stays until the player is within the limit)."""
    g.goods[g.player][GOODS.index(move[1])] -= 1


# ---- raids -----------------------------------------------------------------------------------
def raid_terms(code: str) -> tuple[str, int, int]:
    """'raid:goods2|vp1' -> ('goods', 2, 1)."""
    loss, vp = code.split(":")[1].split("|")
    kind = "gold" if loss.startswith("gold") else "goods"
    return kind, int(loss[len(kind) :]), int(vp[2:])


def raid_vp_loss(code: str, vp_held: int) -> int:
    """The VP a player holding `vp_held` loses by choosing VP in this raid: R1, as far as they
    go (never below 0)."""
    return min(raid_terms(code)[2], vp_held)


def moves_raid(g: Game, d: Decision) -> list[str]:
    """What the player can lose in the raid: the goods or gold it asks for, or its VP
    (R1: VP as far as they go when nothing else can be paid in full)."""
    p, code = g.player, d.raid
    kind, n, vp = raid_terms(code)
    goods = g.goods[p]
    if kind == "gold":
        moves = ["lG"] if g.gold[p] >= n else []
    else:
        moves = [
            m
            for m in RAID_GOODS[n]
            if m.count("D") <= goods[0] and m.count("S") <= goods[1] and m.count("P") <= goods[2]
        ]
    if g.vp[p] >= vp or not moves:
        moves.append("lV")  # R1: if nothing can be paid in full, the VP as far as they go
    return moves


def apply_raid(g: Game, d: Decision, move: str) -> None:
    """Take the loss."""
    p, code = g.player, d.raid
    g.stack.pop()
    kind, n, vp = raid_terms(code)
    if move == "lV":
        lost = raid_vp_loss(code, g.vp[p])
        g.vp[p] -= lost
        if g.logging:  # how many VP went depends on what was held: the log says it
            g.log.append(RaidVP("raid_vp", p, lost))
    elif move == "lG":
        g.gold[p] -= n
    else:
        for ch in move[1:]:
            g.goods[p][GOODS.index(ch)] -= 1


MOVES: dict[str, Callable[[Game, Decision], list[str]]] = {
    "place": moves_place,
    "act": moves_act,
    "tribe": moves_tribe,
    "pay": moves_pay,
    "row": moves_row,
    "good": moves_good,
    "merchant": moves_merchant,
    "silversmith": moves_silversmith,
    "fata_morgana": moves_fata_morgana,
    "swap": moves_swap,
    "discard": moves_discard,
    "raid": moves_raid,
}
APPLY: dict[str, Callable[[Game, Decision, str], None]] = {
    "place": apply_place,
    "act": apply_act,
    "tribe": apply_tribe,
    "pay": apply_pay,
    "row": apply_row,
    "good": apply_good,
    "merchant": apply_merchant,
    "silversmith": apply_silversmith,
    "fata_morgana": apply_fata_morgana,
    "swap": apply_swap,
    "discard": apply_discard,
    "raid": apply_raid,
}


def subject(g: Game, d: Decision, move: str) -> str:
    """The card a move is about, for the move log (a card id, or '')."""
    kind = d.kind
    if kind == "act" and move[0] == "u":
        spot = move[1:]
        if spot.isdigit():
            return BORDER[int(spot)].id
        return CARDS[g.central[CENTRAL.index(spot)]].id
    if kind == "act" and move == "h":
        return CARDS[g.hand[g.player]].id
    if kind in ("tribe", "pay", "row"):
        return CARDS[d.card].id
    if kind == "place":
        return BORDER[int(move[1:])].id
    return ""
