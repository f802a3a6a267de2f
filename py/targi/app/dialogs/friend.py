"""Play a friend (`#dlg-friend`): the invitation's options (your colour, who starts), with
defaults; Invite (`[data-action=friend-invite]`) makes it. The first time, the friend game's
files are installed meanwhile (the dialog says so); offline before that, it says why not and
nothing changes. The flow itself is targi.app.friendplay."""

from __future__ import annotations

from ..page import Actions
from .base import Dialog

SEATS = ("blue", "red")
STARTERS = ("me", "friend")


class FriendDialog(Dialog):
    ids = ("dlg-friend",)

    def actions(self) -> Actions:
        flow, spawn = self.page.friend, self.port.spawn
        return {
            "friend-invite": lambda k: spawn(self.invite()),
            # the friend panel's (#friend): it is no dialog, but the flow's controls
            "friend-accept": lambda k: spawn(flow.accept()),
            "friend-copy": lambda k: spawn(flow.copy()),
            "friend-share": lambda k: spawn(flow.share()),
            "friend-open": lambda k: spawn(flow.open_kept(k.value)),
            # Recent games' Delete on a friend game, asked first in its row
            "friend-delete": lambda k: flow.ask_delete(k.value),
            "friend-delete-confirm": lambda k: flow.delete(k.value),
            "friend-delete-keep": lambda k: flow.keep(),
        }

    def opened(self, dialog_id: str) -> None:
        self.port.check("friend-seat", SEATS[0])
        self.port.check("friend-starter", STARTERS[0])
        self.port.set_text("friend-dialog-status", "")
        self.port.set_attrs("friend-invite", {"disabled": None})

    def choice(self) -> tuple[int, int]:
        """(first player, your seat) from the form; the defaults where nothing is checked."""
        seat = SEATS.index(self.port.checked("friend-seat") or SEATS[0])
        starter = self.port.checked("friend-starter") or STARTERS[0]
        return (seat if starter == "me" else 1 - seat), seat

    async def invite(self) -> None:
        page, cat = self.page, self.page.cat
        first_player, seat = self.choice()
        self.port.set_text("friend-dialog-status", cat.t("friend.loading"))
        self.port.set_attrs("friend-invite", {"disabled": ""})
        made = await page.friend.invite(first_player, seat)
        self.port.set_attrs("friend-invite", {"disabled": None})
        if made:
            self.port.set_text("friend-dialog-status", "")
            page.close_all()
            self.port.focus("#friend [data-action=friend-copy]")
        else:
            self.port.set_text("friend-dialog-status", page.friend.note)
