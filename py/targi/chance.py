"""The engine's explicit-chance mode: every card that comes off a deck is chance's decision.

An ordinary game shuffles its decks from the seed, so a game is (seed, moves). In explicit-chance
mode (`Game.new(seed, first, explicit_chance=True)`) the decks are unordered sets of the cards not
yet seen, and whenever the rules take the top card of a deck the game stops at a *chance node*:
`outcomes(g)` lists the cards that could be on top (each as likely as the others), and
`deal(g, card)` says which one it was. The opening deal of the nine central cards is chance as
well. A game in this mode is its first player and the list of moves and dealt cards, which is what
search over chance (OpenSpiel, `targi.spiel`) needs.

The rules are not written twice: a move is carried out by the ordinary engine on a trial copy;
when it reaches a draw whose card chance has not dealt yet, the copy is dropped, the game stays as
it was before the move and asks chance for that card. Once dealt, the move is carried out again
from the start with the cards dealt so far, until it runs to its end. A move draws at most a few
cards (the end of a round refills at most nine spaces), so the retries cost little.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IllegalMove

if TYPE_CHECKING:
    from .game import Game

DEAL = ""  # the step that deals the central cards at the start (no player's move)


class NeedCard(Exception):
    """Raised on a trial copy: the next card of a deck is chance's to choose (one of `cards`)."""

    def __init__(self, cards: list[int]) -> None:
        super().__init__("chance deals the next card")
        self.cards = cards


class Chance:
    """The explicit-chance part of a game's state.

    `step`: the move being carried out (DEAL for the opening deal), or None between moves;
    `dealt`: the cards chance has dealt for it so far, in the order they are drawn;
    `outcomes`: the cards the next one can be (empty when no card is awaited);
    `last_dealt`: the cards the last finished step drew (so that callers can tell what came up).
    """

    __slots__ = ("step", "dealt", "outcomes", "last_dealt", "_trial", "_next")

    def __init__(self, trial: bool = False, dealt: list[int] | None = None) -> None:
        self.step: str | None = None
        self.dealt: list[int] = dealt if dealt is not None else []
        self.outcomes: list[int] = []
        self.last_dealt: list[int] = []
        self._trial = trial  # a trial copy carries the step out with the ordinary rules
        self._next = 0  # on a trial copy: the next dealt card to draw

    @property
    def scripted(self) -> bool:
        """The ordinary rules draw the cards of `dealt` in order: a trial copy, or a dealt
        record's game (`Game.new(..., dealt=...)`, a finished friend game's save string)."""
        return self._trial

    def drawn(self) -> list[int]:
        """On a scripted chance: the cards of `dealt` drawn so far, in order."""
        return self.dealt[: self._next]

    def copy(self) -> Chance:
        """An independent copy (for Game.clone)."""
        c = Chance(self._trial, self.dealt[:])
        c.step, c.outcomes, c.last_dealt = self.step, self.outcomes[:], self.last_dealt[:]
        c._next = self._next
        return c

    def key(self) -> tuple[object, ...]:
        """What Game.key() needs of this mode: the step under way and the cards it awaits."""
        return (self.step, tuple(self.dealt), tuple(self.outcomes))

    def take(self, deck: list[int]) -> int:
        """The top card of a (non-empty) deck: the next card chance dealt, or NeedCard."""
        if self._next == len(self.dealt):
            raise NeedCard(sorted(deck))
        card = self.dealt[self._next]
        if card not in deck:  # only a dealt record can say so: chance deals from the deck
            raise IllegalMove(f"card {card} is dealt but is not in its deck")
        self._next += 1
        deck.remove(card)
        return card

    def play(self, g: Game, move: str) -> bool:
        """Game.play in this mode; False on a trial copy (the ordinary rules carry it out)."""
        if self._trial:
            return False
        if self.outcomes:
            raise IllegalMove(f"{move!r}: chance deals a card first (see targi.chance)")
        if move not in g.legal_moves():
            raise IllegalMove(g.why_illegal(move))
        self.step, self.dealt = move, []
        _attempt(g)
        return True


def script(g: Game) -> list[int] | None:
    """The cards a dealt record's game has drawn so far, in order (what its save string
    carries instead of a seed); None for a seeded or an explicit-chance game."""
    ch = g.chance
    return ch.drawn() if ch is not None and ch.scripted else None


def pending(g: Game) -> bool:
    """True when the game waits for chance to deal a card (a chance node)."""
    return g.chance is not None and bool(g.chance.outcomes)


def outcomes(g: Game) -> list[int]:
    """The cards chance may deal now (card indices, sorted; each equally likely), or []."""
    return g.chance.outcomes[:] if g.chance is not None else []


def deal(g: Game, card: int) -> None:
    """Chance deals `card`, one of outcomes(g); the waiting step goes on."""
    ch = g.chance
    if ch is None or card not in ch.outcomes:
        raise IllegalMove(f"card {card!r} cannot be dealt now (may be: {outcomes(g)})")
    ch.dealt.append(card)
    ch.outcomes = []
    _attempt(g)


def start(g: Game) -> None:
    """A new explicit-chance game: the central cards are dealt by chance first."""
    g.chance = Chance()
    g.chance.step = DEAL
    _attempt(g)


def _attempt(g: Game) -> None:
    """Carry the waiting step out on a trial copy with the cards dealt so far."""
    ch = g.chance
    assert ch is not None and ch.step is not None
    trial = g.clone(logging=g.logging)
    trial.chance = Chance(trial=True, dealt=ch.dealt)
    try:
        if ch.step == DEAL:
            trial.deal_central()
        else:
            trial.play(ch.step)
    except NeedCard as need:
        ch.outcomes = need.cards
        return
    g.take_state(trial)
    g.chance = Chance()
    g.chance.last_dealt = ch.dealt


def forget_order(g: Game) -> Game:
    """A copy of `g` in explicit-chance mode: the decks become sets, what comes next is chance.

    For a determinization: `forget_order(observe(g).sample(seed))` is a game consistent with
    what a player knows, whose face-down cards are a guess and whose draws are chance nodes.
    """
    k = g.clone()
    k.goods_deck.sort()
    k.tribe_deck.sort()
    k.chance = Chance()
    return k
