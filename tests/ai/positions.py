"""Positions for the AI's tests: every so many decisions of seeded random games."""

from __future__ import annotations

from targi import Game
from targi.players import RandomPlayer


def random_positions(seeds: range, every: int) -> list[Game]:
    out = []
    for seed in seeds:
        g = Game.new(seed, seed % 2)
        player = RandomPlayer(seed + 1000)
        i = 0
        while not g.is_over:
            if i % every == 0:
                out.append(g.clone())
            g.play(player(g))
            i += 1
    return out


def first_with(seed: int, test, limit: int = 400) -> Game:
    """The first position of a seeded random game where `test(game)` holds."""
    g = Game.new(seed, 0)
    player = RandomPlayer(seed + 7)
    for _ in range(limit):
        if g.is_over:
            break
        if test(g):
            return g
        g.play(player(g))
    raise LookupError(f"no such position in random game {seed}")
