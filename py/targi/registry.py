"""The player registry: a player from its name, whichever layer it comes from.

It sits above the engine (random, greedy: targi.players), the AI (its levels) and OpenSpiel (its
bots, optional), so that none of them needs to know the others; the command line and the
benchmarks build their players here.
"""

from __future__ import annotations

from . import ai
from .players import PLAYERS, Player


def make_player(spec: str, seed: int) -> Player:
    """A player from its name: 'random', 'greedy', an AI level (or a benchmark's variant of
    one, such as 'expert-exact'), or 'spiel:BOT'."""
    if spec in PLAYERS:
        return PLAYERS[spec](seed)
    if spec in ai.LEVELS or spec in ai.VARIANTS:
        return ai.make_player(spec, seed)
    if spec.startswith("spiel:"):  # OpenSpiel's bots: open-spiel is optional, so imported late
        try:
            from .spiel.bots import SpielPlayer
        except ImportError as e:
            raise ValueError(f"{spec!r} needs open-spiel (pip install open-spiel): {e}") from None
        return SpielPlayer(spec, seed)
    names = ", ".join([*PLAYERS, *ai.LEVELS, *ai.VARIANTS])
    raise ValueError(f"unknown player {spec!r}; choose from {names}")
