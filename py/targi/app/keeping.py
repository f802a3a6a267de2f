"""Keeping the game on the table: saved after every move and undo (a friend game in its own
store, targi.app.friendplay.store), what became of the save said, one more try when the page is
hidden, and whether closing the page now would lose moves."""

from __future__ import annotations

from .dialogs.tabs import TabsDialog
from .friendplay.table import FriendSession
from .page import Page
from .store.recent import Saved


class Keeping:
    def __init__(self, page: Page, tabs: TabsDialog) -> None:
        self.page, self.tabs = page, tabs

    def autosave(self) -> None:
        """After every move and undo (targi.app.store.recent keeps it, or says why not)."""
        page, s = self.page, self.page.session
        if isinstance(s, FriendSession):
            page.friend.save(s.friend)
        elif s is not None:
            self.saved(page.games.save(s))

    def saved(self, outcome: Saved) -> None:
        if outcome is Saved.STALE:  # another tab wrote the game since: it holds it now
            self.tabs.lost()
        else:
            self.page.shelf.told(outcome)

    def retry_save(self) -> None:
        """The page is being hidden or closed: one more try for moves the storage refused."""
        games = self.page.games
        if games.pending:
            self.saved(games.retry())
        self.page.friend.store.retry()

    def has_unsaved(self) -> bool:
        """Closing the page now would lose moves (storage full or unusable)."""
        page = self.page
        friend = bool(page.friend.store.pending)
        return (
            friend
            or page.session is not None
            and (bool(page.games.pending) or page.games.in_memory)
        )
