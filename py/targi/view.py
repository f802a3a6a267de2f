"""What a player may know: the public table, without deck order or face-down card faces.

In Targi the hidden information is the same for both players: the order of the two decks and
the faces of the central cards laid face down this round. Hand cards were face up when taken, so
they are public. `view()` is the page's picture of the game; `Observation` is the AI's: a game
with the hidden cards taken out, from which `sample()` deals a consistent guess.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NotRequired, TypedDict

from .board import CENTRAL, CORNERS
from .cards import CARDS
from .constants import GOODS, LAST_CORNER, ROUNDS
from .game import Game
from .read import ReadGame
from .rng import shuffle
from .scoring import ScoreDict, result, score

VIEW_VERSION = 1


class DecisionView(TypedDict):
    """The decision on top (targi.decisions.Decision) as card ids: `card` for tribe, pay and
    row; `source` for tribe; `raid` (the corner card's effect code) for raid."""

    kind: str
    player: int | None  # None once the game is over
    card: NotRequired[str]
    source: NotRequired[str]
    raid: NotRequired[str]


class PlayerView(TypedDict):
    """One player's things, in card ids."""

    goods: dict[str, int]  # "D", "S", "P" -> how many
    gold: int
    vp: int
    hand: str | None
    hand_locked: bool  # taken into hand this round (R5)
    display: list[list[str]]  # three rows
    targis: list[int]  # border card numbers
    markers: list[str]  # central letters
    to_place: int  # Targis still to place this round (0 outside placement)
    targis_next_round: int
    effects: list[str]  # effect codes of the placed tribe cards
    amulet: bool
    points: int  # what the game would score if it ended now


class CentralView(TypedDict):
    """One central space: its card only when face up."""

    space: str  # "A" … "I"
    card: str | None
    face_up: bool
    empty: bool
    kind: str  # "goods" | "tribe": the card's, or the deck an empty space waits on
    used: bool  # taken this round


class NextRaid(TypedDict):
    """The next corner the robber reaches (`next_raid`)."""

    card: str  # the corner's border card id
    in_rounds: int


class Unseen(TypedDict):
    """Counts of the cards not turned up where a player could see them (`unseen`)."""

    goods: dict[str, int]  # effect code -> goods cards not turned up
    tribe: dict[str, int]  # symbol -> tribe cards not turned up


class Decks(TypedDict):
    """Cards left in each deck."""

    goods: int
    tribe: int


class Discards(TypedDict):
    """Each discard pile, oldest first."""

    goods: list[str]
    tribe: list[str]


class View(TypedDict):
    """What `view()` gives: plain Python (JSON-ready), typed so that each key is checked."""

    version: int
    you: int | None
    round: int
    rounds_played: int
    robber: int
    first: int
    current_player: int | None
    phase: str
    decision: DecisionView
    legal: list[str]
    last_move: str | None
    central: list[CentralView]
    decks: Decks
    discards: Discards
    in_play: str | None
    unseen: Unseen
    next_raid: NextRaid | None
    can_undo: bool
    players: list[PlayerView]  # Blue, Red
    over: bool
    scores: NotRequired[list[ScoreDict]]  # once the game is over: Blue's, Red's
    winner: NotRequired[int | None]  # None: a draw
    decided_by: NotRequired[str]  # "points" | "gold" | "goods" | "draw"


def _id(card: int) -> str | None:
    return CARDS[card].id if card >= 0 else None


def next_raid(g: Game) -> NextRaid | None:
    """The next corner the robber will reach, and in how many rounds."""
    for k in range(1, LAST_CORNER + 1):
        spot = g.robber + k
        if spot > LAST_CORNER:
            return None
        if spot in CORNERS:
            return {"card": f"B{spot:02d}", "in_rounds": k}
    return None


def unseen(g: Game) -> Unseen:
    """How many goods and tribe cards are not turned up where a player could see them (the
    decks and the face-down central cards): goods cards by their contents (effect code), tribe
    cards by symbol. Counts only: which cards they are is left to what the player remembers."""
    hidden = [g.central[i] for i in range(len(CENTRAL)) if not g.face_up[i] and g.central[i] != -1]
    goods: dict[str, int] = {}
    tribe: dict[str, int] = {}
    for c in g.goods_deck + g.tribe_deck + hidden:
        card = CARDS[c]
        if card.kind == "goods":
            goods[card.effect] = goods.get(card.effect, 0) + 1
        else:
            tribe[card.symbol] = tribe.get(card.symbol, 0) + 1
    return {"goods": dict(sorted(goods.items())), "tribe": dict(sorted(tribe.items()))}


def view(g: Game, player: int | None = None) -> View:
    """A JSON-ready picture of the game as a player sees it."""
    top = g.current_decision
    decision: DecisionView = {"kind": top.kind, "player": None if g.is_over else top.player}
    if top.kind in ("tribe", "pay", "row"):
        decision["card"] = CARDS[top.card].id
    if top.kind == "tribe":
        decision["source"] = top.source
    if top.kind == "raid":
        decision["raid"] = top.raid
    players: list[PlayerView] = []
    for p in (0, 1):
        players.append(
            {
                "goods": dict(zip(GOODS, g.goods[p], strict=True)),
                "gold": g.gold[p],
                "vp": g.vp[p],
                "hand": _id(g.hand[p]),
                "hand_locked": g.hand[p] != -1 and g.hand_round[p] == g.round,
                "display": [[CARDS[c].id for c in row] for row in g.display[p]],
                "targis": sorted(g.targis[p]),
                "markers": list(g.markers[p]),
                "to_place": g.to_place[p] if g.phase == "place" else 0,
                "targis_next_round": g.next_targis[p],
                "effects": sorted(g.effects[p]),
                "amulet": g.first == p,
                "points": score(g, p).total,  # what the game would score if it ended now
            }
        )
    out: View = {
        "version": VIEW_VERSION,
        "you": player,
        "round": min(g.round, ROUNDS),
        "rounds_played": g.rounds_played,
        "robber": g.robber,
        "first": g.first,
        "current_player": None if g.is_over else g.player,
        "phase": g.phase if g.phase != "limits" else "act",
        "decision": decision,
        "legal": g.legal_moves(),
        "last_move": g.record[-1] if g.record else None,
        "central": [
            {
                "space": CENTRAL[i],
                "card": _id(g.central[i]) if g.face_up[i] else None,
                "face_up": g.face_up[i] and g.central[i] != -1,
                "empty": g.central[i] == -1,
                "kind": CARDS[g.central[i]].kind if g.central[i] != -1 else g.waiting[i],
                "used": g.used[i],
            }
            for i in range(len(CENTRAL))
        ],
        "decks": {"goods": len(g.goods_deck), "tribe": len(g.tribe_deck)},
        "discards": {
            "goods": [CARDS[c].id for c in g.goods_discard],
            "tribe": [CARDS[c].id for c in g.tribe_discard],
        },
        "in_play": _id(g.in_play),
        "unseen": unseen(g),
        "next_raid": next_raid(g),
        "can_undo": g.can_undo(g.player),
        "players": players,
        "over": g.is_over,
    }
    if g.is_over:
        winner, decided_by = result(g)
        out["scores"] = [score(g, 0).as_dict(), score(g, 1).as_dict()]
        out["winner"] = winner
        out["decided_by"] = decided_by
    return out


def turn_down(v: View, g: Game, spaces: Iterable[int]) -> None:
    """`v` (the view of `g`) with these central spaces face down: no card shown, and their
    cards counted as unseen again. For a card the engine holds face up that a player has not
    seen turned up (a friend game's stand-in or a card not opened yet: targi.friend)."""
    for i in spaces:
        cell, c = v["central"][i], g.central[i]
        if c == -1 or not cell["face_up"]:
            continue
        cell["card"], cell["face_up"] = None, False
        card = CARDS[c]
        if card.kind == "goods":
            goods = v["unseen"]["goods"]
            goods[card.effect] = goods.get(card.effect, 0) + 1
            v["unseen"]["goods"] = dict(sorted(goods.items()))
        else:
            tribe = v["unseen"]["tribe"]
            tribe[card.symbol] = tribe.get(card.symbol, 0) + 1
            v["unseen"]["tribe"] = dict(sorted(tribe.items()))


class Observation:
    """A game as a player knows it: no seed, no generator state, no hidden card.

    The unseen cards are kept as sorted sets, so two games that differ only in the order of
    unseen cards give equal observations.
    """

    __slots__ = ("game", "unseen_goods", "unseen_tribe", "face_down")

    def __init__(self, g: ReadGame) -> None:
        k = g.clone()
        spaces = [i for i in range(len(CENTRAL)) if not g.face_up[i] and g.central[i] != -1]
        hidden = [g.central[i] for i in spaces]
        self.unseen_goods = sorted(k.goods_deck + [c for c in hidden if CARDS[c].kind == "goods"])
        self.unseen_tribe = sorted(k.tribe_deck + [c for c in hidden if CARDS[c].kind == "tribe"])
        self.face_down = [(i, CARDS[g.central[i]].kind) for i in spaces]
        k.seed = k.rng = 0
        k.goods_deck, k.tribe_deck = [], []
        for i, _ in self.face_down:
            k.central[i] = -1
        k.record, k.record_players, k.choices = [], [], []
        if k.chance is not None and k.chance.scripted:
            k.chance = None  # a dealt record's cards to come are hidden like a seed's
        self.game = k

    @property
    def player(self) -> int:
        """The player to move."""
        return self.game.player

    def legal_moves(self) -> list[str]:
        """The legal moves of the player to move."""
        return self.game.legal_moves()

    def sample(self, seed: int) -> Game:
        """A full game consistent with this observation: unseen cards dealt from `seed`."""
        g = self.game.clone()
        goods, tribe = self.unseen_goods[:], self.unseen_tribe[:]
        state = shuffle(goods, seed)
        g.rng = shuffle(tribe, state)
        for i, kind in self.face_down:
            g.central[i] = goods.pop() if kind == "goods" else tribe.pop()
        g.goods_deck, g.tribe_deck = goods, tribe
        return g

    def key(self) -> tuple[object, ...]:
        """Equal for equal observations (used by tests of the AI's honesty)."""
        g = self.game
        return (
            tuple(self.unseen_goods), tuple(self.unseen_tribe), tuple(self.face_down),
            tuple(g.central), tuple(g.face_up), tuple(g.stack), g.player, g.round,
            tuple(map(tuple, g.goods)), tuple(g.gold), tuple(g.vp), tuple(g.hand),
        )  # fmt: skip


def observe(g: ReadGame) -> Observation:
    """The game as a player knows it (both know the same: see the module's docstring)."""
    return Observation(g)
