"""Simple players: `random`, and `greedy` (one step ahead with a heuristic).

Players see a game only through `observe()`: they never read the deck order or face-down cards.
A player is a callable (game) -> move; its randomness comes from its own seed.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import CARDS
from .game import Game
from .rng import next_value
from .scoring import score
from .view import observe

Player = Callable[[Game], str]


class RandomPlayer:
    """Plays a legal move at random (from its own seed)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.state = seed

    def __call__(self, g: Game) -> str:
        moves = g.legal_moves()
        self.state, r = next_value(self.state)
        return moves[r % len(moves)]


def material(g: Game, p: int) -> float:
    """A quick estimate of a player's standing: points now plus what resources can become."""
    s = score(g, p)
    value = s.total + 0.3 * sum(g.goods[p]) + 0.6 * g.gold[p]
    if g.hand[p] != -1:
        value += 0.4 * CARDS[g.hand[p]].vp
    value += 0.6 * g.display_count(p)
    return value


FOLLOW_UPS = frozenset({"pay", "row", "good", "swap"})  # parts of one choice, seen through


def _best_value(g: Game, p: int, depth: int = 3) -> float:
    if depth and not g.is_over and g.player == p and g.decision in FOLLOW_UPS:
        values = []
        for move in g.legal_moves():
            after = g.clone()
            after.play_unchecked(move)
            values.append(_best_value(after, p, depth - 1))
        return max(values)
    return material(g, p) - material(g, 1 - p)


class GreedyPlayer:
    """Plays the move whose result looks best right now (for itself minus the opponent)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.state = seed

    def __call__(self, g: Game) -> str:
        p = g.player
        self.state, r = next_value(self.state)
        sample = observe(g).sample(r)
        best, best_value = "", float("-inf")
        for move in sample.legal_moves():
            after = sample.clone()
            after.play_unchecked(move)
            value = _best_value(after, p)
            if value > best_value + 1e-9:
                best, best_value = move, value
        return best


# The engine's own players by name; targi.registry adds the AI's levels and OpenSpiel's bots.
PLAYERS: dict[str, Callable[[int], Player]] = {"random": RandomPlayer, "greedy": GreedyPlayer}


def play_game(seed: int, players: tuple[Player, Player], first_player: int = 0) -> Game:
    """A whole game from `seed` between two player callables."""
    g = Game.new(seed, first_player)
    while not g.is_over:
        g.play(players[g.player](g))
    return g
