"""The engine's side of the deal: which deck position each card the rules take comes from.

The game runs in the engine's explicit-chance mode (targi.chance): whenever the rules take a
deck's top card, the engine stops and asks for the card. The dealer answers with the next
position of that deck's shuffle: a card turned up (the opening nine, a round-end refill,
Caravan, Tribal expansion) waits until both pages have opened its position; a card laid face
down on a central space (RULES.md §4–5) is assigned its position but stays unopened until the
round ends. Until then the engine holds a *stand-in* there, any card of the right kind that is
still unseen: nothing in the rules reads a face-down card before it turns up, and the view and
`observe()` hide its face. When the round ends and the real cards are opened, the game is
replayed with them (as it is when a card opened later turns out to be a stand-in).

The replay starts from a checkpoint, not from the game's start: the dealer's state just before
the first stand-in of a stretch (the first face-down card of a round), where every card dealt
before it is the real one. A replay from the start deals those same real cards and reaches that
same state, so starting there gives the identical game, draws and stand-ins (a replay from the
start played the game again at each round's end: ~1,270 moves a page over a game, not ~90).
"""

from __future__ import annotations

from typing import NamedTuple

from .. import chance
from ..board import CENTRAL, GOODS_SPACES
from ..cards import CARDS, GOODS_CARDS, TRIBE_CARDS
from ..game import Game
from .errors import FriendError


class Deck(NamedTuple):
    """A deck the pages shuffle: its kind and its cards (sorted: both pages know them)."""

    kind: str  # "tribe" | "goods"
    cards: tuple[int, ...]  # the cards shuffled, sorted (known to both pages)


class Draw(NamedTuple):
    """A card the rules took: which position of which deck it is."""

    deck: int  # the deck's number (its index in Dealer.decks)
    pos: int  # the position in its dealt order
    sealed: bool  # laid face down: opened when its round ends
    round: int  # the round it was drawn in
    space: int  # sealed: the central space (0-8) it lies on face down; else -1


class _Checkpoint(NamedTuple):
    """The dealer's state before draw `dealt` (assigned, not yet dealt) with every card before
    it real: where a replay can start instead of the game's start."""

    game: Game  # a clone, never played on (each replay plays on a clone of it)
    sealed: bool  # the game's undo barrier (Game.clone does not carry it)
    draws: tuple[Draw, ...]
    decks: tuple[Deck, ...]
    dealt: int
    played: int  # the moves played before it


class Dealer:
    """The game, its decks and the card each draw took; faces come in through `opened`."""

    def __init__(self, first_player: int) -> None:
        self.first_player = first_player
        self.faces: dict[tuple[int, int], int] = {}  # (deck, pos) → card, once opened
        self.moves: list[str] = []
        self._known: list[Draw] = []  # the draws of the build before (for stand-ins)
        self._rebuilding = False
        self._checkpoints: list[_Checkpoint] = []  # in the order of their draws
        self._start()

    def _start(self) -> None:
        """Build the game from its start; decks and draws follow from the rules again."""
        self.decks: list[Deck] = [
            Deck("tribe", tuple(sorted(TRIBE_CARDS))),
            Deck("goods", tuple(sorted(GOODS_CARDS))),
        ]
        self.draws: list[Draw] = []
        self.game = Game.new(0, self.first_player, explicit_chance=True)
        self._dealt = 0  # chance nodes answered in this build
        self._stand_ins: dict[int, int] = {}  # draw index → the stand-in the engine holds
        self._played = 0  # moves played in this build
        self._advance()

    # ---- what the protocol asks ----------------------------------------------------------
    def due(self) -> list[Draw]:
        """The positions that must be opened before the game can go on, in order: the card the
        engine waits for, or the face-down cards of rounds that have ended."""
        g = self.game
        if chance.pending(g) and g.chance is not None and g.chance.step == chance.DEAL:
            opening = [Draw(1, p, False, 1, -1) for p in range(len(GOODS_SPACES))]
            opening += [Draw(0, p, False, 1, -1) for p in range(len(CENTRAL) - len(GOODS_SPACES))]
            return [d for d in opening if (d.deck, d.pos) not in self.faces]
        if chance.pending(g):
            return [self.draws[-1]]
        return [
            d
            for d in self.draws
            if d.sealed and d.round <= g.rounds_played and (d.deck, d.pos) not in self.faces
        ]

    def blocked(self) -> bool:
        """True while cards must be opened before anyone decides anything."""
        return bool(self.due())

    def known(self) -> list[int | None] | None:
        """What a player knows of the cards the game has drawn so far, in the order the rules
        drew them: each card turned up, None for one still face down (its stand-in is never
        read). None while the opening nine wait to be turned up (no position to show yet)."""
        g = self.game
        if chance.pending(g) and g.chance is not None and g.chance.step == chance.DEAL:
            return None
        return [self.faces.get((d.deck, d.pos)) for d in self.draws[: self._dealt]]

    def current_deck(self, kind: str) -> int:
        """The number of the newest deck of a kind."""
        return max(i for i, d in enumerate(self.decks) if d.kind == kind)

    # ---- what comes in -----------------------------------------------------------------------
    def opened(self, deck: int, pos: int, card: int) -> None:
        """Both shares of a position are in: its card is public; the game goes on."""
        self.faces[(deck, pos)] = card
        self._advance()

    def play(self, move: str) -> None:
        """A player's move (IllegalMove, unchanged, if it is not legal or cards are due)."""
        if self.blocked():
            raise FriendError(f"{move!r}: cards must be turned up first")
        self.game.play(move)
        self.moves.append(move)
        self._played += 1
        self._advance()

    # ---- driving the engine --------------------------------------------------------------
    def _advance(self) -> None:
        g = self.game
        while chance.pending(g):
            outcomes = chance.outcomes(g)
            if self._dealt == len(self.draws):
                self.draws.append(self._assign(outcomes))
            draw = self.draws[-1]
            face = self.faces.get((draw.deck, draw.pos))
            if face is None and not draw.sealed:
                return  # the protocol opens it
            if face is None and not self._unsettled():
                self._checkpoint()  # the first stand-in after real cards only
            card = face if face is not None else self._stand_in(outcomes)
            if card not in outcomes:
                self._rebuild()  # a card opened now is a stand-in somewhere: deal again
                return
            if face is None:
                self._stand_ins[len(self.draws) - 1] = card
            chance.deal(g, card)
            self._dealt += 1
        self._new_decks()
        if not self.due() and any(
            self.faces.get((self.draws[n].deck, self.draws[n].pos), card) != card
            for n, card in self._stand_ins.items()
        ):
            self._rebuild()  # the face-down cards of a round just ended are open: the real ones

    def _assign(self, outcomes: list[int]) -> Draw:
        """The next position of the deck the engine draws from now."""
        g = self.game
        kind = CARDS[outcomes[0]].kind
        deck = self.current_deck(kind)
        if self._next_pos(deck) == len(self.decks[deck].cards):
            self.decks.append(Deck(kind, tuple(outcomes)))  # reshuffled within this move
            deck = len(self.decks) - 1
        step = g.chance.step if g.chance is not None else None
        space = -1
        if step and step[0] == "u" and step[1:] in CENTRAL and g.chance is not None:
            i = CENTRAL.index(step[1:])
            if not g.chance.dealt and kind != CARDS[g.central[i]].kind:
                space = i  # the replacement of a used central card: laid face down
        return Draw(deck, self._next_pos(deck), space != -1, g.round, space)

    def _next_pos(self, deck: int) -> int:
        return sum(1 for d in self.draws if d.deck == deck)

    def _new_decks(self) -> None:
        """A deck the engine has made again from its discards gets its own shuffle."""
        g = self.game
        for kind, cards in (("tribe", g.tribe_deck), ("goods", g.goods_deck)):
            deck = self.current_deck(kind)
            if cards and self._next_pos(deck) == len(self.decks[deck].cards):
                self.decks.append(Deck(kind, tuple(sorted(cards))))

    def _stand_in(self, outcomes: list[int]) -> int:
        """A card for the engine to hold face down: none that is opened later on."""
        later = {
            self.faces[(d.deck, d.pos)]
            for d in self._known[len(self.draws) :]
            if (d.deck, d.pos) in self.faces
        }
        for card in outcomes:
            if card not in later:
                return card
        raise FriendError("no card can stand in for a face-down card (the deal is inconsistent)")

    def _unsettled(self) -> list[int]:
        """The draws whose stand-in is not (yet) the card opened there, in order."""
        return sorted(
            n
            for n, card in self._stand_ins.items()
            if self.faces.get((self.draws[n].deck, self.draws[n].pos)) != card
        )

    def _checkpoint(self) -> None:
        if self._checkpoints and self._checkpoints[-1].dealt >= self._dealt:
            return  # a replay passing a checkpoint it started from or kept
        g = self.game
        self._checkpoints.append(
            _Checkpoint(
                g.clone(logging=g.logging),
                g.sealed,
                tuple(self.draws),
                tuple(self.decks),
                self._dealt,
                self._played,
            )
        )

    def _resume(self, cp: _Checkpoint) -> None:
        """Become the state of a checkpoint: no stand-in before it, as in a build from the start."""
        self.game = cp.game.clone(logging=cp.game.logging)
        if cp.sealed:
            self.game.seal()
        self.draws, self.decks = list(cp.draws), list(cp.decks)
        self._dealt, self._played, self._stand_ins = cp.dealt, cp.played, {}
        self._advance()

    def _rebuild(self) -> None:
        """Replay the game with every card opened so far, from the last checkpoint before the
        first stand-in that is not its real card (every card before it is dealt as before)."""
        if self._rebuilding:
            raise FriendError("an opened card is not among those the rules could draw")
        unsettled = self._unsettled()
        first = unsettled[0] if unsettled else self._dealt
        self._checkpoints = [cp for cp in self._checkpoints if cp.dealt <= first]
        self._known, self._rebuilding = self.draws, True
        try:
            if self._checkpoints:
                self._resume(self._checkpoints[-1])
            else:
                self._start()
            while self._played < len(self.moves):
                self.game.play(self.moves[self._played])
                self._played += 1
                self._advance()
        finally:
            self._rebuilding = False
