"""The computer opponent: alpha-beta search over sampled deals of the unseen cards.

    from targi.ai import LEVELS, choose_move, hint
    LEVELS -> ("easy", "medium", "hard")  (targi.constants.LEVEL_NAMES)
    choose_move(game, "hard", seed=0) -> a legal move for game.current_player
    hint(game, seed=0) -> Hint(move, key, params): the move and its reason as data, a key of
        REASONS with its parameters; the page words it (no English in the AI)

It looks only at `targi.view.observe(game)`: never the deck order or face-down cards.
docs/ai.md describes the levels, the search and the evaluation.
"""

from __future__ import annotations

from ..constants import LEVEL_NAMES as LEVELS
from ..read import ReadGame
from .choose import decide
from .hint import REASONS, Hint, hint
from .levels import LEVELS as LEVEL_SETTINGS
from .levels import VARIANTS as VARIANT_SETTINGS
from .player import AIPlayer

VARIANTS = tuple(VARIANT_SETTINGS)  # settings for benchmarks only (levels.VARIANTS)


def choose_move(game: ReadGame, level: str, seed: int = 0) -> str:
    """A legal move for the player to move, at the given level; the same for the same seed."""
    if level not in LEVEL_SETTINGS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    return decide(game, level, seed).move


def make_player(level: str, seed: int) -> AIPlayer:
    """The computer at `level` (or a benchmark's variant) as a player callable."""
    if level not in LEVEL_SETTINGS and level not in VARIANT_SETTINGS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    return AIPlayer(level, seed)


__all__ = ["LEVELS", "REASONS", "VARIANTS", "Hint", "choose_move", "hint", "make_player"]
