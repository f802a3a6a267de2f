"""The Share dialog (`#dlg-share`): the game on the table as a save string and a link, and the
copy buttons of the page's text fields."""

from __future__ import annotations

from ..page import Actions
from ..store import share
from .base import Dialog


class ShareDialog(Dialog):
    ids = ("dlg-share",)

    def actions(self) -> Actions:
        return {
            "open-share": lambda k: self.show(),
            "copy": lambda k: self.port.spawn(self.copy(k.value)),
        }

    def show(self) -> None:
        session = self.page.session
        if session is None:
            return
        kept = session.replayable()  # a friend game's once its deal is verified
        if kept is None:  # a friend game under way travels as links: its last one again
            self.port.spawn(self.page.friend.open_kept(self.page.friend.shown_id()))
            return
        code = kept.encode()
        self.port.set_value("share-string", code)
        self.port.set_value("share-link", share.link(self.port.page_url(), code))
        self.port.set_text("copy-status", "")
        self.page.open("dlg-share")

    async def copy(self, field_id: str) -> None:
        ok = await self.port.copy(field_id)
        status = "recent-status" if field_id == "recent-export" else "copy-status"
        self.port.set_text(status, self.page.cat.t("button.copied" if ok else "button.copy_failed"))
