"""Which game is on the table: one put there (new, rematch, loaded, shared, reopened, taken
over) while the game it replaces stays kept, and the table halted when another tab takes its
game. The controller holds the session; this decides what changes with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..dialogs.load import LoadDialog
from ..dialogs.review import ReviewDialog
from ..dialogs.tabs import TabsDialog
from ..friendplay.table import FriendSession
from ..keeping import Keeping
from ..page import Page
from ..session import Session
from ..store import storage
from .computer import Computer
from .frame import TableView
from .live import LiveRegion
from .sound import Sounds


class TablePage(Page, Protocol):
    """The page with the parts a change of game resets (the controller has them all)."""

    table: TableView
    computer: Computer
    live: LiveRegion
    sounds: Sounds
    review: ReviewDialog
    tabs: TabsDialog
    load: LoadDialog
    keeping: Keeping


class GameOnTable:
    def __init__(self, page: TablePage) -> None:
        self.page = page
        self.keeping, self.computer = page.keeping, page.computer

    def set_session(self, session: Session) -> None:
        """A new game on the table (new, rematch, loaded, shared): kept under an id of its own,
        so the game it replaces stays kept too."""
        outcome = self.page.games.add(session)
        self.put(session)
        self.keeping.saved(outcome)
        self.page.redraw()

    def put(self, session: Session) -> None:
        """A kept game on the table; this tab holds it from now on (Web Lock, if it can)."""
        page = self.page
        page.review.leave()
        page.generation += 1
        page.session = session
        self.computer.busy = False
        self.afresh(session)
        page.friend.table_changed(session)
        if session.mode == "ai" and not session.over:  # now, not at the computer's first turn
            page.port.start_computer()
        if not isinstance(session, FriendSession):
            page.port.spawn(page.tabs.claim(page.games.current))

    def afresh(self, session: Session) -> None:
        """The table draws `session` from scratch (another game, or one taken back): no hint,
        the whole log, nothing announced or sounded for what is already there."""
        self.computer.hint = None
        self.page.table.log_size = -1
        self.page.live.quiet(session)
        self.page.sounds.quiet(session)

    def halt(self) -> None:
        """Another tab took the game: nothing here plays or replaces it until the player says."""
        self.page.generation += 1
        self.computer.busy = False
        self.page.load.pending = None

    def replace_with(self, incoming: Session) -> None:
        """The table shows `incoming`; the game it replaces stays kept (Recent games, and
        Load's "Back to the game before"). A link opened twice is the same kept game."""
        self.page.close_all()
        known = self.page.games.find(incoming)
        if known is None:
            self.set_session(incoming)
        else:
            self.reopen(known)

    def bring_back(self, fetch: Callable[[], Session], *where: str) -> None:
        """A kept game on the table, or why it cannot come (written into the elements `where`)."""
        page = self.page
        try:
            session = fetch()
        except storage.StoredGameError as e:
            for element_id in where:
                page.port.set_text(element_id, page.cat.t(e.key, **e.params))
            return
        page.close_all()
        self.put(session)
        page.redraw()

    def reopen(self, game_id: str) -> None:
        """A game from Recent games (or Load's "Back to the game before") on the table."""
        self.bring_back(lambda: self.page.games.reopen(game_id), "recent-status", "load-message")
