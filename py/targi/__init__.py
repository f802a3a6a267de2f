"""Targi (Andreas Steiger, KOSMOS 2012): a pure-Python rules engine.

No I/O, no clock, no global randomness: a game is a seed, a first player and a list of moves.
"""

from .cards import BY_ID, CARDS, Card
from .game import Game, IllegalMove
from .scoring import Score, result, score

__all__ = ["CARDS", "BY_ID", "Card", "Game", "IllegalMove", "Score", "result", "score"]
__version__ = "1.0.0"
