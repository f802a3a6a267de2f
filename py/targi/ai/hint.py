"""A hint for the human: the computer's move for them, with a one-line reason.

The reason is a key plus parameters that are data, not words: card ids, central space letters,
goods letters (docs/notation.md) and numbers. The page words them in its own language (catalog
key "hint.<key>", targi.app.text.words.hint_reason), so the AI holds no English.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import CENTRAL, crossings
from ..cards import CARDS
from ..decisions import (
    GAIN,
    merchant_exchange,
    raid_terms,
    raid_vp_loss,
    silversmith_exchange,
)
from ..read import ReadGame
from ..scoring import row_bonus
from ..view import observe
from .choose import decide
from .evaluate import SYMBOL, border_action, chances, time_scale

# What each parameter holds: "border" a border card's number, "card" a card id (a tribe card
# or the hand card), "spaces" central space letters, "goods" goods letters (G for gold),
# "number" a count.
PARAMS: dict[str, str] = {
    "border": "border",
    "card": "card",
    "space": "spaces",
    "target": "spaces",
    "source": "spaces",
    "payment": "goods",
    "good": "goods",
    "give": "goods",
    "get": "goods",
    "goods": "goods",
    "vp": "number",
    "row": "number",
}

# Every reason and the parameters it comes with.
REASONS: dict[str, tuple[str, ...]] = {
    "only_choice": (),
    "place_markers": ("border", "target"),
    "place_block": ("border",),
    "place_card": ("border",),
    "act_goods": ("space",),
    "act_gold": ("space",),
    "act_vp": ("space",),
    "act_tribe": ("space",),
    "act_border": ("border",),
    "act_hand": ("card",),
    "act_done": (),
    "tribe_buy": ("card", "vp"),
    "tribe_keep": ("card",),
    "tribe_discard": ("card",),
    "pay": ("payment",),
    "row_complete": ("row", "vp"),
    "row_identical": ("row",),
    "row_different": ("row",),
    "row_any": ("row",),
    "good": ("good",),
    "discard_good": ("good",),
    "merchant_trade": ("give", "get"),
    "merchant_gold": ("give",),
    "merchant_done": (),
    "silversmith": ("give", "vp"),
    "fata_morgana": ("source", "target"),
    "swap": (),
    "swap_done": (),
    "raid_goods": ("goods",),
    "raid_vp": ("vp",),
    "raid_gold": ("goods", "vp"),
}


Params = dict[str, str | int]


@dataclass(frozen=True)
class Hint:
    """A hint: the move, and the reason as a key of REASONS with its parameters (PARAMS)."""

    move: str
    key: str
    params: Params


def _place(g: ReadGame, move: str) -> tuple[str, Params]:
    p, n = g.player, int(move[1:])
    new = set(crossings([*g.targis[p], n])) - set(crossings(g.targis[p]))
    if new:
        return "place_markers", {"border": n, "target": "".join(sorted(new))}
    scale = time_scale(chances(g, p))
    mine = border_action(g, p, n, scale)
    theirs = border_action(g, 1 - p, n, scale)
    if theirs > mine + 0.3:
        return "place_block", {"border": n}
    return "place_card", {"border": n}


def _act(g: ReadGame, move: str) -> tuple[str, Params]:
    p = g.player
    if move == "done":
        return "act_done", {}
    if move == "h":
        return "act_hand", {"card": CARDS[g.hand[p]].id}
    spot = move[1:]
    if spot.isdigit():
        return "act_border", {"border": int(spot)}
    card = g.central[CENTRAL.index(spot)]
    if CARDS[card].kind != "goods":
        return "act_tribe", {"space": spot}
    _, _, _, gold, vp, _ = GAIN[card]
    return ("act_vp" if vp else "act_gold" if gold else "act_goods"), {"space": spot}


def _row(g: ReadGame, move: str) -> tuple[str, Params]:
    p, card = g.player, g.current_decision.card
    row = g.display[p][int(move[1]) - 1]
    symbols = [SYMBOL[c] for c in row] + [SYMBOL[card]]
    boosted = "diverse_rows_four" in g.effects[p]
    bonus = row_bonus(symbols, boosted)
    if bonus:
        return "row_complete", {"row": int(move[1]), "vp": bonus}
    kinds = len(set(symbols))
    if len(symbols) > 1 and kinds == 1:
        return "row_identical", {"row": int(move[1])}
    if len(symbols) > 1 and kinds == len(symbols):
        return "row_different", {"row": int(move[1])}
    return "row_any", {"row": int(move[1])}


def explain(g: ReadGame, move: str) -> tuple[str, Params]:
    """The reason for `move` in position g, as (key, params)."""
    kind = g.decision
    if len(g.legal_moves()) == 1:
        return "only_choice", {}
    if kind == "place":
        return _place(g, move)
    if kind == "act":
        return _act(g, move)
    if kind == "tribe":
        card = g.current_decision.card
        if move == "b":
            return "tribe_buy", {"card": CARDS[card].id, "vp": CARDS[card].vp}
        return {"k": "tribe_keep", "d": "tribe_discard"}[move], {"card": CARDS[card].id}
    if kind == "pay":
        return "pay", {"payment": move[1:]}
    if kind == "row":
        return _row(g, move)
    if kind == "good":
        return "good", {"good": move[1]}
    if kind == "discard":
        return "discard_good", {"good": move[1]}
    if kind == "merchant":
        if move == "done":
            return "merchant_done", {}
        give = move[1] * merchant_exchange(move)
        if move[2] == "G":
            return "merchant_gold", {"give": give}
        return "merchant_trade", {"give": give, "get": move[2]}
    if kind == "silversmith":
        n, vp = silversmith_exchange(move)
        return "silversmith", {"give": move[2] * n, "vp": vp}
    if kind == "fata_morgana":
        return "fata_morgana", {"source": move[1], "target": move[2]}
    if kind == "swap":
        return ("swap_done", {}) if move == "done" else ("swap", {})
    if kind == "raid":
        p, code = g.player, g.current_decision.raid
        _, n, vp = raid_terms(code)
        if move == "lV":
            return "raid_vp", {"vp": raid_vp_loss(code, g.vp[p])}
        if move == "lG":
            return "raid_gold", {"goods": "G" * n, "vp": vp}
        return "raid_goods", {"goods": move[1:]}
    return "only_choice", {}


def hint(game: ReadGame, seed: int = 0, level: str = "medium") -> Hint:
    """The move the computer would make for the player to move, and why."""
    move = decide(game, level, seed).move
    key, params = explain(observe(game).game, move)
    return Hint(move, key, params)
