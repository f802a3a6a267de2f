"""A friend game in progress as its replay shows it: the moves so far, from one player's view.

Neither page knows a card still face down (its position is not opened until its round ends), and
the page's own game holds a stand-in there (targi.friend.dealer). The replay never reads that
game: it deals the moves again from what the player knows (`FriendGame.known_deal()`: every card
turned up, None for each one still face down) and fills each None with a *placeholder*, the
lowest card the rules could draw there that no later draw turns up. A placeholder is what the
engine needs to go on, and nothing shown or searched reads it: the view hides a face-down card
(and, at the last step, `turn_down` hides one the engine has turned up at a round end whose
cards are not opened yet), and the computer's verdicts search `observe()`, which holds the
unseen cards as one sorted set. tests/app/test_friend_so_far.py checks that other stand-ins and
the real cards give the same pages and the same verdicts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ... import chance
from ...game import Game
from ..session import Session

MODE = "hotseat"  # two people: Blue and Red, as a verified friend game's replay names them


@dataclass
class SoFarSession(Session):
    """The moves so far, dealt from what `seat` knows; `hidden`: the placeholders."""

    hidden: frozenset[int] = field(default_factory=frozenset)
    seat: int = 0


def placeholder(outcomes: Sequence[int], later: set[int]) -> int:
    """The card the replay deals where the real one is still face down: the lowest the rules
    could draw there that no later draw turns up (the real card is one such: it lies face
    down until now; a card turned up before may be back in a reshuffled deck)."""
    return next(c for c in outcomes if c not in later)


def dealt_so_far(
    first: int, moves: Sequence[str], known: Sequence[int | None]
) -> tuple[list[int], frozenset[int]]:
    """The cards to deal the moves again with, and which of them are placeholders."""
    g = Game.new(0, first, explicit_chance=True)
    cards: list[int] = []
    hidden: set[int] = set()
    todo = iter(moves)
    while True:
        while chance.pending(g):
            n = len(cards)
            card = known[n]
            if card is None:
                card = placeholder(chance.outcomes(g), {c for c in known[n + 1 :] if c is not None})
                hidden.add(card)
            chance.deal(g, card)
            cards.append(card)
        move = next(todo, None)
        if move is None:
            return cards, frozenset(hidden)
        g.play(move)


def seen_so_far(
    first: int, moves: Sequence[str], known: Sequence[int | None], seat: int
) -> SoFarSession:
    """The game so far as `seat` saw it, for the replay and the analysis."""
    if None not in known:
        cards, hidden = [c for c in known if c is not None], frozenset[int]()  # none face down
    else:
        cards, hidden = dealt_so_far(first, moves, known)
    game = Game.replay(0, first, list(moves), dealt=cards)
    return SoFarSession(game, MODE, hidden=hidden, seat=seat)
