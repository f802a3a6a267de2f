"""Recent games (`#dlg-recent`): the kept games, reopened, exported, deleted and undeleted
(the rows and the storage policies: targi.app.store.shelf and targi.app.store.recent)."""

from __future__ import annotations

from ..page import Actions
from .base import Dialog


class RecentDialog(Dialog):
    ids = ("dlg-recent",)

    def actions(self) -> Actions:
        page, shelf = self.page, self.page.shelf
        return {
            "recent": lambda k: page.show("dlg-recent"),
            "recent-open": lambda k: page.reopen(k.value),
            "recent-export": lambda k: shelf.export(k.value),
            "recent-delete": lambda k: shelf.delete(k.value),
            "recent-undo": lambda k: shelf.undo_delete(k.value),
        }

    def opened(self, dialog_id: str) -> None:
        self.page.shelf.open_recent()
        self.page.friend.asking = None  # a Delete asked before is not answered by reopening
        self.page.friend.draw_recent()

    def rewrite(self) -> None:
        if self.is_open:
            self.page.shelf.draw_recent()
            self.page.friend.draw_recent()
