"""Targi for OpenSpiel: `import targi.spiel` registers the game `python_targi` with pyspiel.

An optional face of the engine: it needs `open-spiel` (`pip install open-spiel`); nothing else in
targi imports it. See docs/openspiel.md.
"""

from __future__ import annotations

from .actions import ACTION_ID, ACTIONS, DEALT, action_id
from .game import SHORT_NAME, TargiGame, TargiObserver, TargiState

__all__ = [
    "ACTIONS",
    "ACTION_ID",
    "DEALT",
    "SHORT_NAME",
    "TargiGame",
    "TargiObserver",
    "TargiState",
    "action_id",
]
