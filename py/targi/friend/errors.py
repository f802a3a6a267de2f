"""The friend game's exceptions: one for a link that cannot be read, one for a message refused."""

from __future__ import annotations


class FriendError(ValueError):
    """Something the friend game cannot do; the game is unchanged."""


class LinkError(FriendError):
    """A link (or its text) is damaged or not a friend-game link."""


class Refused(FriendError):
    """A message that is read but refused: foreign, repeated, out of order, badly signed, or
    carrying a share, a card or a move that does not check. `sender` is the role (0: the
    inviter, 1: the friend) that sent it, or None when the sender is not known."""

    def __init__(self, message: str, sender: int | None = None) -> None:
        super().__init__(message)
        self.sender = sender
