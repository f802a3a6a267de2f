"""Play a friend by links: the page's side of targi.friend (docs/page.md, *Play a friend*).

Two entry points carry every message, so another transport (a WebRTC data channel) can carry the
same messages without touching the rest:

- `FriendFlow.receive(text)` (flow.py): every incoming link text passes through it, whether it
  came from the address bar (a page load or `hashchange`) or from anywhere else. It finds the
  game by its id (several friend games can be kept at once), applies the link, and says what
  happened; a refused link changes nothing.
- `FriendFlow.outbox` (flow.py): every outgoing link goes through this one callable, an
  `Outgoing` (game id, kind, link text, full URL). By default it shows the link in the friend
  panel to be copied or shared; a live channel wraps it (sends, and still shows it).

Nothing here imports targi.friend (and its `ecdsa`) before the player needs it: the flow
installs it with the port's `load_friend()` on first use.
"""

from __future__ import annotations

from .flow import FriendFlow, Outgoing

__all__ = ["FriendFlow", "Outgoing"]
