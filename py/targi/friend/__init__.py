"""Play a friend by links: a two-party deal neither page can see or bend (docs/friend-play.md).

Needs the optional `ecdsa` package (`pip install ".[friend]"`); the engine never imports this.
"""

from .audit import Audit
from .errors import FriendError, LinkError, Refused
from .session import FriendGame, Received

__all__ = ["Audit", "FriendError", "FriendGame", "LinkError", "Received", "Refused"]
