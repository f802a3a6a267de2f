"""A hint for the human: the computer's move for them, with a one-line reason in plain words.

The reason is a message key plus parameters, so the page can show it in its own language
(catalog key "hint.<key>"); REASONS holds the English templates, used for `Hint.text`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import CENTRAL, crossings
from ..cards import BORDER, CARDS
from ..decisions import raid_terms, silversmith_exchange
from ..game import Game
from ..view import observe
from .choose import decide
from .evaluate import SYMBOL, border_action, chances, row_worth, time_scale

REASONS: dict[str, str] = {
    "only_choice": "This is the only sensible choice here.",
    "place_markers": (
        "Place a Targi on {card}: with your other Targis it sends a tribe marker to {target}."
    ),
    "place_block": "Place a Targi on {card}: your opponent wants it more than anything else left.",
    "place_card": "Place a Targi on {card}: its action is worth the most to you now.",
    "act_goods": "Take {card} now: more goods to pay for tribe cards.",
    "act_tribe": "Take {card} now: it can go into your display.",
    "act_border": "Carry out {card} now.",
    "act_hand": "Play your hand card {card} now, paying one extra good.",
    "act_done": "End your actions: what is left would not help you.",
    "tribe_buy": "Buy {card}: {vp} VP in your display, and it suits your rows.",
    "tribe_keep": "Keep {card} in your hand: play it later with the Noble.",
    "tribe_discard": "Discard {card}: it is not worth its cost to you.",
    "pay": "Pay {payment}: it keeps the goods you need most.",
    "row_complete": "Put it in row {row}: that completes a row bonus of {vp} VP.",
    "row_identical": "Put it in row {row}: that row is building towards four identical symbols.",
    "row_different": "Put it in row {row}: that row is building towards four different symbols.",
    "row_any": "Put it in row {row}: it keeps your other rows open for bonuses.",
    "good": "Take {good}: it is the good you are shortest of.",
    "discard_good": "Discard {good}: you can spare it most easily.",
    "merchant_trade": "Trade {give} for {get}: it balances your goods.",
    "merchant_gold": "Trade three {give} for 1 gold.",
    "merchant_done": "Stop trading: your goods are fine as they are.",
    "silversmith": "Exchange {give} for {vp} VP.",
    "fata_morgana": "Move your tribe marker from {source} to {target}: it is worth more to you.",
    "swap": "Swap these two cards: it improves your rows.",
    "swap_done": "Keep your display as it is.",
    "raid_goods": "Lose {goods} rather than victory points.",
    "raid_vp": "Lose {vp} VP: your goods are worth more to you now.",
    "raid_gold": "Lose 1 gold rather than 3 VP.",
}

GOOD_NAMES = {"D": "dates", "S": "salt", "P": "pepper", "G": "gold"}
GOOD_ONE = {"D": "1 date", "S": "1 salt", "P": "1 pepper", "G": "1 gold"}


@dataclass(frozen=True)
class Hint:
    move: str
    key: str
    params: dict[str, str | int]
    text: str


def _tokens(letters: str) -> str:
    """'DDSG' -> '2 dates, 1 salt, 1 gold'."""
    parts = []
    for k in "DSPG":
        n = letters.count(k)
        if n:
            parts.append(GOOD_ONE[k] if n == 1 else f"{n} {GOOD_NAMES[k]}")
    return ", ".join(parts) or "nothing"


def _central_name(g: Game, letter: str) -> str:
    card = g.central[CENTRAL.index(letter)]
    return CARDS[card].name if card != -1 and g.face_up[CENTRAL.index(letter)] else letter


def _place(g: Game, move: str) -> tuple[str, dict]:
    p, n = g.player, int(move[1:])
    card = BORDER[n].name
    new = set(crossings(g.targis[p] + [n])) - set(crossings(g.targis[p]))
    if new:
        names = " and ".join(_central_name(g, s) for s in sorted(new))
        return "place_markers", {"card": card, "target": names}
    scale = time_scale(chances(g, p))
    mine = border_action(g, p, n, scale)
    theirs = border_action(g, 1 - p, n, scale)
    if theirs > mine + 0.3:
        return "place_block", {"card": card}
    return "place_card", {"card": card}


def _act(g: Game, move: str) -> tuple[str, dict]:
    p = g.player
    if move == "done":
        return "act_done", {}
    if move == "h":
        return "act_hand", {"card": CARDS[g.hand[p]].name}
    spot = move[1:]
    if spot.isdigit():
        return "act_border", {"card": BORDER[int(spot)].name}
    card = g.central[CENTRAL.index(spot)]
    key = "act_goods" if CARDS[card].kind == "goods" else "act_tribe"
    return key, {"card": CARDS[card].name}


def _row(g: Game, move: str) -> tuple[str, dict]:
    p, card = g.player, g.stack[-1][2]
    row = g.display[p][int(move[1]) - 1]
    symbols = [SYMBOL[c] for c in row] + [SYMBOL[card]]
    boosted = "diverse_rows_four" in g.effects[p]
    if len(symbols) == 4 and row_worth(symbols, boosted) > 0:
        return "row_complete", {"row": int(move[1]), "vp": int(row_worth(symbols, boosted))}
    kinds = len(set(symbols))
    if len(symbols) > 1 and kinds == 1:
        return "row_identical", {"row": int(move[1])}
    if len(symbols) > 1 and kinds == len(symbols):
        return "row_different", {"row": int(move[1])}
    return "row_any", {"row": int(move[1])}


def explain(g: Game, move: str) -> tuple[str, dict[str, str | int]]:
    """The reason for `move` in position g, as (key, params)."""
    kind = g.decision
    if len(g.legal_moves()) == 1:
        return "only_choice", {}
    if kind == "place":
        return _place(g, move)
    if kind == "act":
        return _act(g, move)
    if kind == "tribe":
        card = g.stack[-1][2]
        key = {"b": "tribe_buy", "k": "tribe_keep", "d": "tribe_discard"}[move]
        return key, {"card": CARDS[card].name, "vp": CARDS[card].vp}
    if kind == "pay":
        return "pay", {"payment": _tokens(move[1:])}
    if kind == "row":
        return _row(g, move)
    if kind == "good":
        return "good", {"good": GOOD_NAMES[move[1]]}
    if kind == "discard":
        return "discard_good", {"good": GOOD_NAMES[move[1]]}
    if kind == "merchant":
        if move == "done":
            return "merchant_done", {}
        if move[2] == "G":
            return "merchant_gold", {"give": GOOD_NAMES[move[1]]}
        return "merchant_trade", {"give": f"2 {GOOD_NAMES[move[1]]}", "get": GOOD_ONE[move[2]]}
    if kind == "silversmith":
        n, vp = silversmith_exchange(move)
        give = _tokens(move[2] * n)
        return "silversmith", {"give": give, "vp": vp}
    if kind == "fata_morgana":
        target = move[2]
        return "fata_morgana", {
            "source": _central_name(g, move[1]),
            "target": _central_name(g, target),
        }
    if kind == "swap":
        return ("swap_done", {}) if move == "done" else ("swap", {})
    if kind == "raid":
        if move == "lV":
            code = g.stack[-1][2]
            return "raid_vp", {"vp": raid_terms(code)[2]}
        if move == "lG":
            return "raid_gold", {}
        return "raid_goods", {"goods": _tokens(move[1:])}
    return "only_choice", {}


def hint(game: Game, seed: int = 0, level: str = "medium") -> Hint:
    """The move the computer would make for the player to move, and why."""
    move = decide(game, level, seed).move
    key, params = explain(observe(game).game, move)
    return Hint(move, key, params, REASONS[key].format(**params))
