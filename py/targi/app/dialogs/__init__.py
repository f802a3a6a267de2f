"""The dialogs of index.html, one module each: its overlay ids, its `data-action`s and what
showing it fills in. The controller assembles DIALOGS and its click table from them, so a new
dialog is a new module here (and its overlay in index.html), not more controller. Dialogs opens
and closes them: one at a time, Escape's order (the header's menu, the replay, the dialog), and
the welcome that comes back while no game is on the table."""

from __future__ import annotations

from typing import TypeVar

from ..menu import HeaderMenu
from ..page import Actions, Page
from .base import Dialog
from .friend import FriendDialog
from .load import LoadDialog
from .new_game import NewGame
from .page import PageDialog
from .recent import RecentDialog
from .review import ReviewDialog
from .settings import SettingsDialog
from .share import ShareDialog
from .stats import StatsDialog
from .storage import StorageDialog
from .tabs import TabsDialog

# In the order of index.html; each an `.overlay`, at most one open at a time.
KINDS: tuple[type[Dialog], ...] = (
    *(NewGame, FriendDialog, ShareDialog, LoadDialog, StorageDialog, RecentDialog),
    *(TabsDialog, SettingsDialog, StatsDialog, ReviewDialog, PageDialog),
)
DIALOGS = tuple(dialog_id for kind in KINDS for dialog_id in kind.ids)
D = TypeVar("D", bound=Dialog)


class Dialogs:
    """The page's dialogs, at most one open at a time."""

    def __init__(self, page: Page, menu: HeaderMenu, *made: Dialog) -> None:
        self.page, self.port, self.menu = page, page.port, menu
        by_kind = {type(d): d for d in made}  # those the page keeps a name for
        self.all = [by_kind.get(kind) or kind(page) for kind in KINDS]
        self.new_game, self.review = self.one(NewGame), self.one(ReviewDialog)

    def one(self, kind: type[D]) -> D:
        return next(d for d in self.all if isinstance(d, kind))

    def actions(self) -> Actions:
        actions: Actions = {}
        for d in self.all:
            actions.update(d.actions())
        return actions

    def open(self, dialog_id: str, opened_by_control: bool = True) -> None:
        """Show a dialog and move the keyboard into it; the control that opened it gets the
        focus back when it closes (web/main.py keeps Tab inside the dialog meanwhile)."""
        self.menu.close()  # a dialog the page opened by itself (another tab, a link)
        if opened_by_control:
            self.port.remember_focus()
        self.port.set_hidden(dialog_id, False)
        for d in self.all:
            if dialog_id in d.ids:
                d.opened(dialog_id)
        self.focus_into(dialog_id)

    def show(self, dialog_id: str) -> None:
        """One dialog at a time: the others close."""
        self.close_all()
        self.open(dialog_id)

    def escape(self) -> None:
        """Escape (or a dialog's Close, its backdrop): the header's menu, else the replay when
        no dialog is over it, else the open dialog."""
        if not self.menu.escape() and not self.review.escape(DIALOGS):
            self.close_top()

    def close_top(self) -> None:
        page = self.page
        if page.session is None and not self.port.is_hidden("dlg-new"):
            self.new_game.close_welcome()
            return
        self.close_all(dismissed=True)
        if page.session is None and not self.new_game.welcome_closed:
            self.open("dlg-new", opened_by_control=False)
        if not self.port.restore_focus() and page.session is not None:
            page.focus_next_move()

    def focus_into(self, dialog_id: str) -> None:
        self.port.focus(", ".join(f"#{dialog_id} {s}" for s in ("textarea", ".primary", "button")))

    def focus_open(self) -> None:
        """The open dialog's first control focused again (its focus did not take: the page was
        still hidden behind the loading screen when it opened)."""
        for dialog_id in DIALOGS:
            if not self.port.is_hidden(dialog_id):
                self.focus_into(dialog_id)
                return

    def close_all(self, dismissed: bool = False) -> None:
        """Every dialog hidden; `dismissed`: the open one closed without an answer."""
        for d in self.all:
            if dismissed and d.is_open:
                d.dismissed()
        for dialog_id in DIALOGS:
            # only an open one: the browser's port sets the page behind the dialogs inert again
            # at each (a friend's link closes them all: 32 ms a link in the page)
            if not self.port.is_hidden(dialog_id):
                self.port.set_hidden(dialog_id, True)

    def rewrite(self) -> None:
        for d in self.all:
            d.rewrite()

    def any_open(self) -> bool:
        return not all(self.port.is_hidden(d) for d in DIALOGS)
