"""Matches between two players: seeded pairs with seats swapped, win rate with a 95% interval.

Each seed is played twice on the same deal: once with player A first, once with B first. A's
score counts a win as 1 and a draw as 1/2.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from ..players import Player, play_game
from ..scoring import result, score

Z95 = 1.959963984540054
MakePlayer = Callable[[str, int], Player]


@dataclass
class GameResult:
    """One game of a match, from player A's side (A always sits in seat 0)."""

    seed: int
    a_first: bool
    a_score: float  # 1 win, 0.5 draw, 0 loss
    a_points: int  # A always sits in seat 0; who starts is what changes
    b_points: int
    rounds: int


@dataclass
class MatchResult:
    """The games of a match so far."""

    players: tuple[str, str]
    games: list[GameResult] = field(default_factory=list)

    @property
    def wins(self) -> int:
        """Games A won."""
        return sum(1 for r in self.games if r.a_score == 1.0)

    @property
    def draws(self) -> int:
        """Games drawn."""
        return sum(1 for r in self.games if r.a_score == 0.5)

    @property
    def losses(self) -> int:
        """Games A lost."""
        return sum(1 for r in self.games if r.a_score == 0.0)

    @property
    def win_rate(self) -> float:
        """A's score per game (a draw counts half)."""
        n = len(self.games)
        return sum(r.a_score for r in self.games) / n if n else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the win rate."""
        return wilson(self.win_rate, len(self.games))


def wilson(rate: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (draws counted as half a win)."""
    if n == 0:
        return 0.0, 1.0
    denominator = 1 + z * z / n
    centre = (rate + z * z / (2 * n)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def schedule(games: int, seed: int) -> list[tuple[int, bool]]:
    """(seed, A first?) for each game: seed, seed+1, ... each twice, A first then B first."""
    return [((seed + i // 2) % (1 << 32), i % 2 == 0) for i in range(games)]


def play_one(job: tuple[str, str, int, bool], make: MakePlayer) -> GameResult:
    """Play one game of a schedule: (A, B, seed, A first?) -> its result; `make` builds a
    player from its name and seed (targi.registry.make_player; benchmarks bring their own)."""
    spec_a, spec_b, seed, a_first = job
    a = make(spec_a, seed * 2 + 1)
    b = make(spec_b, seed * 2 + 2)
    g = play_game(seed, (a, b), first_player=0 if a_first else 1)
    winner, _ = result(g)
    a_score = 0.5 if winner is None else (1.0 if winner == 0 else 0.0)
    return GameResult(seed, a_first, a_score, score(g, 0).total, score(g, 1).total, g.rounds_played)
