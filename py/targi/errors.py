"""The engine's exceptions, in a leaf module that every layer may import without cycles."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move that is not legal now. The game is left unchanged."""


class SaveError(ValueError):
    """A save string that cannot be loaded; the message says why, in plain words."""
