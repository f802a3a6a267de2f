"""The computer as a player callable, like targi.players' random and greedy (for matches)."""

from __future__ import annotations

from ..read import ReadGame
from ..rng import next_value
from .choose import decide
from .levels import Level


class AIPlayer:
    """The computer at a level, as a player callable; its seeds come from its own seed."""

    def __init__(self, level: str | Level, seed: int = 0) -> None:
        self.name = level if isinstance(level, str) else level.name
        self.level = level
        self.state = seed
        self.nodes = 0  # total search work, for reports

    def __call__(self, g: ReadGame) -> str:
        self.state, r = next_value(self.state)
        decision = decide(g, self.level, r & 0xFFFFFFFF)
        self.nodes += decision.nodes
        return decision.move
