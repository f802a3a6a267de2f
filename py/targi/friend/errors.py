"""The friend game's exceptions: one for a link that cannot be read, one for a message refused."""

from __future__ import annotations

from typing import Literal, get_args


class FriendError(ValueError):
    """Something the friend game cannot do; the game is unchanged."""


class LinkError(FriendError):
    """A link (or its text) is damaged or not a friend-game link."""


# Why a message was refused, for a page to word in its own language (the message's English
# text is for the log): another game's, the page's own, applied already, one missing before it,
# not following the game here, the page's own link not sent yet, changed after it was signed
# (or its game id or key does not check), a move the rules do not allow then, or a part of the
# fair deal (settings, key, shuffle, share, disclosed bytes) that does not check.
RefusalCode = Literal[
    "foreign", "own", "repeated", "missing", "not_following", "unsent", "changed", "move", "deal"
]
REFUSAL_CODES: tuple[RefusalCode, ...] = get_args(RefusalCode)


class Refused(FriendError):
    """A message that is read but refused: foreign, repeated, out of order, badly signed, or
    carrying a share, a card or a move that does not check. `sender` is the role (0: the
    inviter, 1: the friend) that sent it, or None when the sender is not known; `code` says
    which of those it was."""

    def __init__(self, message: str, sender: int | None, code: RefusalCode) -> None:
        super().__init__(message)
        self.sender = sender
        self.code = code
