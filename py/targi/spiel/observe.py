"""What a player may know, as OpenSpiel wants it: a text and a flat tensor.

Both are built from `targi.view.view(g, player)`, the engine's picture of the public table (no
deck order, no face-down card), plus what the explicit-chance mode adds: the move a chance node is
dealing cards for and how many it has dealt (never which). In Targi nothing is private to one
player, so the two players' observations differ only in who is looking.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import chance
from ..board import CENTRAL
from ..cards import BY_ID, GOODS
from ..constants import DISPLAY_LIMIT
from ..decisions import DESCRIPTION, raid_terms
from ..game import Game
from ..view import CentralView, View, view
from .actions import ACTION_ID, ACTIONS, DEALT, DEALT_ID, ROW_PLACES

NAMES = ("Blue", "Red")
KINDS = (*DESCRIPTION, "over")  # the decisions, in the engine's order
SOURCES = ("central", "draw", "noble")  # where the tribe card of a `tribe` decision comes from
DISPLAY_PLACES = DISPLAY_LIMIT
# Where a goods or tribe card can be, for the tensor: not seen (a deck or face down), its
# discard pile, a central space, a hand, a display place, or in play (being paid for).
UNSEEN, DISCARD, CENTRAL_AT, HAND_AT = 0, 1, 2, 2 + len(CENTRAL)
DISPLAY_AT = HAND_AT + 2
IN_PLAY = DISPLAY_AT + 2 * DISPLAY_PLACES
LOCATIONS = IN_PLAY + 1

PIECES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("observer", (2,)),
    ("to_move", (3,)),  # Blue, Red, chance (all zero when the game is over)
    ("decision", (len(KINDS),)),
    ("decision_card", (len(DEALT),)),
    ("tribe_source", (len(SOURCES),)),
    ("raid", (3,)),  # gold raid?, how many goods or gold, VP
    ("pay_extra", (1,)),
    ("chance_step", (len(ACTIONS) + 1,)),  # the move chance deals for; last: the opening deal
    ("chance_dealt", (1,)),
    ("round", (1,)),
    ("robber", (16,)),
    ("amulet", (2,)),
    ("stock", (2, 5)),  # dates, salt, pepper, gold, VP
    ("hand_locked", (2,)),
    ("targis", (2, 16)),
    ("markers", (2, len(CENTRAL))),
    ("to_place", (2,)),
    ("targis_next_round", (2,)),
    ("central", (len(CENTRAL), 6)),  # face up, face-down goods/tribe, empty for goods/tribe, used
    ("decks", (2,)),  # goods, tribe
    ("cards", (len(DEALT), LOCATIONS)),
)
SIZE = sum(int(np.prod(shape)) for _, shape in PIECES)


def _card(card_id: str | None) -> int:
    """A card id of the view -> its chance id (its row in the `cards` piece)."""
    assert card_id is not None
    return DEALT_ID[BY_ID[card_id].index]


def pieces(tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
    """Named views into a flat tensor of SIZE (no copies), as OpenSpiel observers expose."""
    out, at = {}, 0
    for name, shape in PIECES:
        n = int(np.prod(shape))
        out[name] = tensor[at : at + n].reshape(shape)
        at += n
    return out


def fill(parts: dict[str, npt.NDArray[np.float32]], g: Game, player: int) -> None:
    """Write what `player` may know of `g` into the pieces of a tensor."""
    v = view(g, player)
    for part in parts.values():
        part.fill(0)
    parts["observer"][player] = 1
    d = v["decision"]
    if g.chance is not None and chance.pending(g):
        parts["to_move"][2] = 1
        step = g.chance.step
        parts["chance_step"][ACTION_ID[step] if step else len(ACTIONS)] = 1
        parts["chance_dealt"][0] = len(g.chance.dealt)
    elif not v["over"]:
        parts["to_move"][v["current_player"]] = 1
    parts["decision"][KINDS.index(d["kind"])] = 1
    if "card" in d:
        parts["decision_card"][_card(d["card"])] = 1
    if "source" in d:
        parts["tribe_source"][SOURCES.index(d["source"])] = 1
    if "raid" in d:
        kind, n, vp = raid_terms(d["raid"])
        parts["raid"][:] = (kind == "gold", n, vp)
    if d["kind"] == "pay":
        parts["pay_extra"][0] = _pay_extra(g)
    parts["round"][0] = v["round"]
    parts["robber"][v["robber"] - 1] = 1
    parts["amulet"][v["first"]] = 1
    _fill_players(parts, v)
    _fill_table(parts, v)


def _pay_extra(g: Game) -> int:
    """The goods a payment adds to the card's cost (1 for the hand card without the Noble)."""
    return g.current_decision.extra


def _fill_players(parts: dict[str, npt.NDArray[np.float32]], v: View) -> None:
    cards = parts["cards"]
    for p, seat in enumerate(v["players"]):
        parts["stock"][p] = [*(seat["goods"][k] for k in GOODS), seat["gold"], seat["vp"]]
        parts["hand_locked"][p] = seat["hand_locked"]
        for t in seat["targis"]:
            parts["targis"][p][t - 1] = 1
        for m in seat["markers"]:
            parts["markers"][p][CENTRAL.index(m)] = 1
        parts["to_place"][p] = seat["to_place"]
        parts["targis_next_round"][p] = seat["targis_next_round"]
        if seat["hand"]:
            cards[_card(seat["hand"])][HAND_AT + p] = 1
        for r, row in enumerate(seat["display"]):
            for c, card_id in enumerate(row):
                cards[_card(card_id)][DISPLAY_AT + p * DISPLAY_PLACES + r * ROW_PLACES + c] = 1


def _fill_table(parts: dict[str, npt.NDArray[np.float32]], v: View) -> None:
    cards = parts["cards"]
    for i, space in enumerate(v["central"]):
        face_down = not space["face_up"] and not space["empty"]
        parts["central"][i] = (
            space["face_up"],
            face_down and space["kind"] == "goods",
            face_down and space["kind"] == "tribe",
            space["empty"] and space["kind"] == "goods",
            space["empty"] and space["kind"] == "tribe",
            space["used"],
        )
        if space["card"]:
            cards[_card(space["card"])][CENTRAL_AT + i] = 1
    parts["decks"][:] = (v["decks"]["goods"], v["decks"]["tribe"])
    for card_id in v["discards"]["goods"] + v["discards"]["tribe"]:
        cards[_card(card_id)][DISCARD] = 1
    if v["in_play"]:
        cards[_card(v["in_play"])][IN_PLAY] = 1
    seen = cards.any(axis=1)
    cards[~seen, UNSEEN] = 1


def text(g: Game, player: int) -> str:
    """The same knowledge as `fill`, as lines of text."""
    v = view(g, player)
    lines = [
        f"{NAMES[player]} looking; round {v['round']}, robber on {v['robber']}, "
        f"amulet {NAMES[v['first']]}",
        _deciding(g, v),
        "central " + " ".join(_space(s) for s in v["central"]),
        f"decks goods {v['decks']['goods']} tribe {v['decks']['tribe']}; discards "
        f"{' '.join(v['discards']['goods']) or '-'} / {' '.join(v['discards']['tribe']) or '-'}",
    ]
    for p, seat in enumerate(v["players"]):
        hand = seat["hand"] or "-"
        lines.append(
            f"{NAMES[p]} {' '.join(f'{k}{n}' for k, n in seat['goods'].items())} "
            f"G{seat['gold']} VP{seat['vp']} hand {hand}{' locked' if seat['hand_locked'] else ''}"
            f" display {' / '.join(' '.join(row) or '-' for row in seat['display'])}"
            f" targis {' '.join(map(str, seat['targis'])) or '-'}"
            f" markers {''.join(seat['markers']) or '-'}"
            f" to place {seat['to_place']} next {seat['targis_next_round']}"
        )
    if v["in_play"]:
        lines.append(f"in play {v['in_play']}")
    return "\n".join(lines)


def _deciding(g: Game, v: View) -> str:
    d = v["decision"]
    if g.chance is not None and chance.pending(g):
        step = g.chance.step or "the opening deal"
        return f"chance deals for {step!r} ({len(g.chance.dealt)} dealt)"
    if v["over"]:
        totals = [s["total"] for s in v["scores"]]
        winner = v["winner"]
        who = "draw" if winner is None else f"{NAMES[winner]} wins"
        return f"over: {totals[0]}-{totals[1]}, {who} ({v['decided_by']})"
    extra = " ".join(f"{k} {d[k]}" for k in ("card", "source", "raid") if k in d)
    assert d["player"] is not None  # only None once the game is over
    return f"{NAMES[d['player']]} deciding {d['kind']} {extra}".rstrip()


def _space(s: CentralView) -> str:
    if s["empty"]:
        shown = f"-{s['kind'] or ''}"
    elif s["face_up"]:
        shown = f"{s['card']}"  # face up: a card id
    else:
        shown = f"?{s['kind']}"
    return f"{s['space']}:{shown}{'*' if s['used'] else ''}"
