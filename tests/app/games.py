"""Whole games for the review tests: seeded random play, played the way the page plays them."""

from __future__ import annotations

import random
from functools import cache

from targi import save
from targi.app.session import Session
from targi.game import Game


@cache
def finished(seed: int) -> str:
    """A whole game of seeded random moves, as a save string (decode it for a fresh copy)."""
    rnd = random.Random(seed)
    g = Game.new(seed, seed % 2)
    while not g.is_over:
        g.play(rnd.choice(g.legal_moves()))
    return save.encode(g)


def fresh(seed: int) -> Game:
    return save.decode(finished(seed))[0]


def finished_session(seed: int) -> Session:
    """A whole two-player game of seeded random moves on this device (Blue starts), as a page
    session."""
    rnd = random.Random(seed)
    s = Session.new(seed, 0, "hotseat")
    while not s.over:
        s.play(rnd.choice(s.game.legal_moves()))
    return s
