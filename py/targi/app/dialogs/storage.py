"""What the player is told about storage: the unreadable-data dialog (`#dlg-storage`) and the
storage notice (`#storage-notice`), both worded by targi.app.store.shelf."""

from __future__ import annotations

from ..page import Actions
from .base import Dialog


class StorageDialog(Dialog):
    ids = ("dlg-storage",)

    def actions(self) -> Actions:
        shelf = self.page.shelf
        return {
            "storage-fresh": lambda k: self.page.show("dlg-new"),
            "copy-stored": lambda k: self.port.spawn(shelf.copy_stored()),
            "free-space": lambda k: shelf.free_space(),
            "dismiss-storage": lambda k: self.port.set_hidden("storage-notice", True),
        }
