"""Whole games for the review tests: seeded random play, played the way the page plays them."""

from __future__ import annotations

import random
from functools import cache

from targi import save
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
