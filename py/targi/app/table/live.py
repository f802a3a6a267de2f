"""The live region `#announce`: what a screen reader hears of the game, one message for a whole
step group (a computer's turn, or what a player's own move set off), worded by
targi.app.text.announce from the log."""

from __future__ import annotations

from ..port import Port
from ..session import Session
from ..text.announce import announcement, news
from ..text.catalog import Catalog


class LiveRegion:
    def __init__(self, port: Port, cat: Catalog) -> None:
        self.port = port
        self.cat = cat
        self.heard = 0  # log events already told

    def tell(self, s: Session | None, mover: int | None) -> None:
        """What happened since it last spoke."""
        if s is None:
            return
        since, self.heard = self.heard, len(s.game.log)
        if not news(s.game.log, since, mover) and not s.over:
            return  # the mover's own moves only (most clicks): no view to compute
        text = announcement(self.cat, s.view(), since, mover)
        if text:
            self.port.set_text("announce", text)

    def quiet(self, s: Session | None) -> None:
        """A game put on the table, or a move undone: nothing of it is news."""
        self.heard = len(s.game.log) if s is not None else 0
